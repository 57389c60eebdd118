#ifndef LEETTRACK_LAZY_LIBRARY_H
#define LEETTRACK_LAZY_LIBRARY_H

// What the C modules that open their library with dlopen on first use share (CLibPQ, CLibCurl,
// COpenSSL): a table of the library's functions, filled once, under a lock, by the first call.
// Not a target: each shim includes it by its path.

#include <dlfcn.h>
#include <pthread.h>

// In a loader `void load(T *api)` with `void *handle` open: sets `api->name` to the library's
// function `name`, or returns (leaving the table unavailable) when the library lacks it.
#define LAZY_LIBRARY_SYMBOL(name) \
    api->name = (__typeof__(api->name))dlsym(handle, #name); \
    if (!api->name) return;

// `static inline TYPE *FUNCTION(void)`: the table, filled by `LOAD(&table)` on the first call.
// A function-local static: Swift emits the bodies of a header's inline functions (with their
// local statics) but not a header's file-scope variables.
#define LAZY_LIBRARY_TABLE(TYPE, FUNCTION, LOAD) \
    static inline TYPE *FUNCTION(void) { \
        static TYPE api; \
        static int loaded; \
        static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER; \
        if (!__atomic_load_n(&loaded, __ATOMIC_ACQUIRE)) { \
            pthread_mutex_lock(&lock); \
            if (!loaded) { \
                LOAD(&api); \
                __atomic_store_n(&loaded, 1, __ATOMIC_RELEASE); \
            } \
            pthread_mutex_unlock(&lock); \
        } \
        return &api; \
    }

#endif
