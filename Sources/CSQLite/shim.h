#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
/// It tells SQLite to copy bound text and blobs before the bind call returns.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/// SQLITE_STATIC: the bound buffer outlives the statement's use of it, so SQLite need not copy.
static inline sqlite3_destructor_type csqlite_static(void) {
    return SQLITE_STATIC;
}

#endif
