#ifndef CLIBPQ_SHIM_H
#define CLIBPQ_SHIM_H

#include <libpq-fe.h>

/// PG_DIAG_SQLSTATE is a character-literal macro, which Swift does not import.
static inline int clibpq_diag_sqlstate(void) {
    return PG_DIAG_SQLSTATE;
}

/// A notice processor that drops notices: libpq's default prints them on standard error
/// ("relation already exists, skipping"), which is not the library's place to do.
static inline void clibpq_drop_notice(void *argument, const char *message) {
    (void)argument;
    (void)message;
}

static inline void clibpq_ignore_notices(PGconn *connection) {
    PQsetNoticeProcessor(connection, clibpq_drop_notice, NULL);
}

#endif
