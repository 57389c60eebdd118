#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <errno.h>
#include <sqlite3.h>
#include <stdint.h>
#include <sys/types.h>

#if defined(__linux__)
/// Linux's fallocate(2), which <fcntl.h> declares only under _GNU_SOURCE: Swift's Glibc module
/// leaves it out.
extern int fallocate(int fd, int mode, off_t offset, off_t len);
#endif

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
/// It tells SQLite to copy bound text and blobs before the bind call returns.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/// SQLITE_STATIC: the bound buffer outlives the statement's use of it, so SQLite need not copy.
static inline sqlite3_destructor_type csqlite_static(void) {
    return SQLITE_STATIC;
}

/// Turns off the triggers of the schema for statements this connection prepares from now on
/// (`SQLITE_DBCONFIG_ENABLE_TRIGGER`, a variadic call Swift cannot make); answers `SQLITE_OK` only
/// when SQLite reports them off.
static inline int csqlite_disable_triggers(sqlite3 *db) {
    int enabled = 1;
    int code = sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, &enabled);
    if (code != SQLITE_OK) return code;
    return enabled == 0 ? SQLITE_OK : SQLITE_ERROR;
}

/// Atomic loads and stores on memory shared between processes (the store's ring of changed keys,
/// Persistence's ChangeRing): Swift's atomics cannot be placed on a mapping.
static inline uint64_t csqlite_load_acquire(const void *address) {
    return __atomic_load_n((const uint64_t *)address, __ATOMIC_ACQUIRE);
}

static inline void csqlite_store_release(void *address, uint64_t value) {
    __atomic_store_n((uint64_t *)address, value, __ATOMIC_RELEASE);
}

/// Raises the value at `address` to `value` unless it is already at least that.
static inline void csqlite_raise_release(void *address, uint64_t value) {
    uint64_t current = __atomic_load_n((const uint64_t *)address, __ATOMIC_ACQUIRE);
    while (current < value
           && !__atomic_compare_exchange_n((uint64_t *)address, &current, value, 1, __ATOMIC_RELEASE, __ATOMIC_ACQUIRE)) {
    }
}

/// Gives the first `length` bytes of the file at `descriptor` their blocks without changing a byte
/// (the store's ring of changed keys, which other processes may have mapped and be writing): Linux's
/// fallocate with mode 0, never posix_fallocate, whose fallback where the file system lacks
/// fallocate writes a zero into each block whose byte it read as zero, and could so undo another
/// process's write. Answers 0 or the error (ENOSPC, EOPNOTSUPP…; ENOTSUP where there is no such call).
static inline int csqlite_allocate_in_place(int descriptor, int64_t length) {
#if defined(__linux__)
    while (fallocate(descriptor, 0, 0, (off_t)length) != 0) {
        if (errno != EINTR) return errno;
    }
    return 0;
#else
    (void)descriptor;
    (void)length;
    return ENOTSUP;
#endif
}

#endif
