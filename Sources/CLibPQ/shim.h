#ifndef CLIBPQ_SHIM_H
#define CLIBPQ_SHIM_H

#include "../CLazyLibrary/lazy_library.h"
#if __has_include(<libpq-fe.h>)
#include <libpq-fe.h>
#else
#include <postgresql/libpq-fe.h>  // Debian's libpq-dev, found without pkg-config's -I.
#endif

// libpq is loaded with dlopen the first time a PostgreSQL store is opened, not linked: linking it
// makes every process load libpq and the 25 libraries it needs (TLS, Kerberos, LDAP…) at start-up,
// which more than doubled the start-up of every `leettrack` command, sync or not.
// `__typeof__(&PQstatus)` only names the type; it does not reference the symbol.

#if defined(__APPLE__)
#define CLIBPQ_LIBRARY "libpq.5.dylib"
#else
#define CLIBPQ_LIBRARY "libpq.so.5"
#endif

// The functions used here, each a field of the table, loaded by name.
#define CLIBPQ_FUNCTIONS(F) \
    F(PQconnectdbParams) \
    F(PQstatus) \
    F(PQerrorMessage) \
    F(PQfinish) \
    F(PQbackendPID) \
    F(PQreset) \
    F(PQexecPrepared) \
    F(PQexecParams) \
    F(PQprepare) \
    F(PQclear) \
    F(PQresultStatus) \
    F(PQnfields) \
    F(PQntuples) \
    F(PQgetisnull) \
    F(PQgetlength) \
    F(PQgetvalue) \
    F(PQresultErrorMessage) \
    F(PQresultErrorField) \
    F(PQconsumeInput) \
    F(PQnotifies) \
    F(PQfreemem) \
    F(PQconninfoParse) \
    F(PQconninfoFree) \
    F(PQsetNoticeProcessor)

LAZY_LIBRARY(clibpq, CLIBPQ_LIBRARY, CLIBPQ_FUNCTIONS, 1)

static inline PGconn * clibpq_PQconnectdbParams(const char *const *keywords, const char *const *values, int expand_dbname) {
    return clibpq_api_table()->PQconnectdbParams(keywords, values, expand_dbname);
}

static inline ConnStatusType clibpq_PQstatus(const PGconn *conn) {
    return clibpq_api_table()->PQstatus(conn);
}

static inline char * clibpq_PQerrorMessage(const PGconn *conn) {
    return clibpq_api_table()->PQerrorMessage(conn);
}

static inline void clibpq_PQfinish(PGconn *conn) {
    clibpq_api_table()->PQfinish(conn);
}

static inline int clibpq_PQbackendPID(const PGconn *conn) {
    return clibpq_api_table()->PQbackendPID(conn);
}

static inline void clibpq_PQreset(PGconn *conn) {
    clibpq_api_table()->PQreset(conn);
}

static inline PGresult * clibpq_PQexecPrepared(PGconn *conn, const char *stmtName, int nParams, const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat) {
    return clibpq_api_table()->PQexecPrepared(conn, stmtName, nParams, paramValues, paramLengths, paramFormats, resultFormat);
}

static inline PGresult * clibpq_PQexecParams(PGconn *conn, const char *command, int nParams, const Oid *paramTypes, const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat) {
    return clibpq_api_table()->PQexecParams(conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat);
}

static inline PGresult * clibpq_PQprepare(PGconn *conn, const char *stmtName, const char *query, int nParams, const Oid *paramTypes) {
    return clibpq_api_table()->PQprepare(conn, stmtName, query, nParams, paramTypes);
}

static inline void clibpq_PQclear(PGresult *res) {
    clibpq_api_table()->PQclear(res);
}

static inline ExecStatusType clibpq_PQresultStatus(const PGresult *res) {
    return clibpq_api_table()->PQresultStatus(res);
}

static inline int clibpq_PQnfields(const PGresult *res) {
    return clibpq_api_table()->PQnfields(res);
}

static inline int clibpq_PQntuples(const PGresult *res) {
    return clibpq_api_table()->PQntuples(res);
}

static inline int clibpq_PQgetisnull(const PGresult *res, int tup_num, int field_num) {
    return clibpq_api_table()->PQgetisnull(res, tup_num, field_num);
}

static inline int clibpq_PQgetlength(const PGresult *res, int tup_num, int field_num) {
    return clibpq_api_table()->PQgetlength(res, tup_num, field_num);
}

static inline char * clibpq_PQgetvalue(const PGresult *res, int tup_num, int field_num) {
    return clibpq_api_table()->PQgetvalue(res, tup_num, field_num);
}

static inline char * clibpq_PQresultErrorMessage(const PGresult *res) {
    return clibpq_api_table()->PQresultErrorMessage(res);
}

static inline char * clibpq_PQresultErrorField(const PGresult *res, int fieldcode) {
    return clibpq_api_table()->PQresultErrorField(res, fieldcode);
}

static inline int clibpq_PQconsumeInput(PGconn *conn) {
    return clibpq_api_table()->PQconsumeInput(conn);
}

static inline PGnotify * clibpq_PQnotifies(PGconn *conn) {
    return clibpq_api_table()->PQnotifies(conn);
}

static inline void clibpq_PQfreemem(void *ptr) {
    clibpq_api_table()->PQfreemem(ptr);
}

static inline PQconninfoOption * clibpq_PQconninfoParse(const char *conninfo, char **errmsg) {
    return clibpq_api_table()->PQconninfoParse(conninfo, errmsg);
}

static inline void clibpq_PQconninfoFree(PQconninfoOption *connOptions) {
    clibpq_api_table()->PQconninfoFree(connOptions);
}

static inline PQnoticeProcessor clibpq_PQsetNoticeProcessor(PGconn *conn, PQnoticeProcessor proc, void *arg) {
    return clibpq_api_table()->PQsetNoticeProcessor(conn, proc, arg);
}

/// PG_DIAG_SQLSTATE is a character-literal macro, which Swift does not import.
static inline int clibpq_diag_sqlstate(void) {
    return PG_DIAG_SQLSTATE;
}

/// PG_DIAG_MESSAGE_PRIMARY: the server's one-line message, without detail, hint or statement.
static inline int clibpq_diag_message_primary(void) {
    return PG_DIAG_MESSAGE_PRIMARY;
}

/// A notice processor that drops notices: libpq's default prints them on standard error
/// ("relation already exists, skipping"), which is not the library's place to do.
static inline void clibpq_drop_notice(void *argument, const char *message) {
    (void)argument;
    (void)message;
}

static inline void clibpq_ignore_notices(PGconn *connection) {
    clibpq_PQsetNoticeProcessor(connection, clibpq_drop_notice, NULL);
}

#endif
