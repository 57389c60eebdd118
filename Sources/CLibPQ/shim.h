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

typedef struct {
    int available;
    __typeof__(&PQconnectdbParams) PQconnectdbParams;
    __typeof__(&PQstatus) PQstatus;
    __typeof__(&PQerrorMessage) PQerrorMessage;
    __typeof__(&PQfinish) PQfinish;
    __typeof__(&PQbackendPID) PQbackendPID;
    __typeof__(&PQreset) PQreset;
    __typeof__(&PQexecPrepared) PQexecPrepared;
    __typeof__(&PQexecParams) PQexecParams;
    __typeof__(&PQprepare) PQprepare;
    __typeof__(&PQclear) PQclear;
    __typeof__(&PQresultStatus) PQresultStatus;
    __typeof__(&PQnfields) PQnfields;
    __typeof__(&PQntuples) PQntuples;
    __typeof__(&PQgetisnull) PQgetisnull;
    __typeof__(&PQgetlength) PQgetlength;
    __typeof__(&PQgetvalue) PQgetvalue;
    __typeof__(&PQresultErrorMessage) PQresultErrorMessage;
    __typeof__(&PQresultErrorField) PQresultErrorField;
    __typeof__(&PQconsumeInput) PQconsumeInput;
    __typeof__(&PQnotifies) PQnotifies;
    __typeof__(&PQfreemem) PQfreemem;
    __typeof__(&PQconninfoParse) PQconninfoParse;
    __typeof__(&PQconninfoFree) PQconninfoFree;
    __typeof__(&PQsetNoticeProcessor) PQsetNoticeProcessor;
} clibpq_api;

static inline void clibpq_api_load(clibpq_api *api) {
    void *handle = dlopen(CLIBPQ_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!handle) return;
    LAZY_LIBRARY_SYMBOL(PQconnectdbParams)
    LAZY_LIBRARY_SYMBOL(PQstatus)
    LAZY_LIBRARY_SYMBOL(PQerrorMessage)
    LAZY_LIBRARY_SYMBOL(PQfinish)
    LAZY_LIBRARY_SYMBOL(PQbackendPID)
    LAZY_LIBRARY_SYMBOL(PQreset)
    LAZY_LIBRARY_SYMBOL(PQexecPrepared)
    LAZY_LIBRARY_SYMBOL(PQexecParams)
    LAZY_LIBRARY_SYMBOL(PQprepare)
    LAZY_LIBRARY_SYMBOL(PQclear)
    LAZY_LIBRARY_SYMBOL(PQresultStatus)
    LAZY_LIBRARY_SYMBOL(PQnfields)
    LAZY_LIBRARY_SYMBOL(PQntuples)
    LAZY_LIBRARY_SYMBOL(PQgetisnull)
    LAZY_LIBRARY_SYMBOL(PQgetlength)
    LAZY_LIBRARY_SYMBOL(PQgetvalue)
    LAZY_LIBRARY_SYMBOL(PQresultErrorMessage)
    LAZY_LIBRARY_SYMBOL(PQresultErrorField)
    LAZY_LIBRARY_SYMBOL(PQconsumeInput)
    LAZY_LIBRARY_SYMBOL(PQnotifies)
    LAZY_LIBRARY_SYMBOL(PQfreemem)
    LAZY_LIBRARY_SYMBOL(PQconninfoParse)
    LAZY_LIBRARY_SYMBOL(PQconninfoFree)
    LAZY_LIBRARY_SYMBOL(PQsetNoticeProcessor)
    api->available = 1;
}

LAZY_LIBRARY_TABLE(clibpq_api, clibpq_api_table, clibpq_api_load)

/// Whether libpq could be loaded (and has every function used here). Check before any other call.
static inline int clibpq_available(void) {
    return clibpq_api_table()->available;
}

/// The library file that is loaded, for error messages.
static inline const char *clibpq_library_name(void) {
    return CLIBPQ_LIBRARY;
}

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
