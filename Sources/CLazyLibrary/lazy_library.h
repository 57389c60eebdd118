#ifndef LEETTRACK_LAZY_LIBRARY_H
#define LEETTRACK_LAZY_LIBRARY_H

// What the C modules that open their library with dlopen on first use share (CLibPQ, CLibCurl,
// COpenSSL): a table of the library's functions, filled once, under a lock, by the first call.
// Not a target: each shim includes it by its path.

#include <dlfcn.h>
#include <pthread.h>

// A field of the table: a pointer to the library's function `name`, of its type (`__typeof__`
// only names the type; it does not reference the symbol).
#define LAZY_LIBRARY_FIELD(name) __typeof__(&name) name;

// In a loader `void load(T *api)` with `void *handle` open: sets `api->name` to the library's
// function `name`, or returns (leaving the table unavailable) when the library lacks it.
#define LAZY_LIBRARY_SYMBOL(name) \
    api->name = (__typeof__(api->name))dlsym(handle, #name); \
    if (!api->name) return;

// A library opened on first use, for a shim that has `#define PREFIX_FUNCTIONS(F) F(f1) F(f2) …`
// (the functions it calls) and names the file `PREFIX_LIBRARY`. Makes the table type
// `name_api`, and `name_api_table()` (the table, filled on the first call, under a lock),
// `name_available()` (whether the file and every function were found and `ready` held: check it
// before any other call) and `name_library_name()` (the file, for messages). `ready` is an
// expression run once after the functions are found (a library's own initialisation), 1 if none.
// The table is a function-local static: Swift emits the bodies of a header's inline functions
// (with their local statics) but not a header's file-scope variables.
#define LAZY_LIBRARY(name, file, FUNCTIONS, ready) \
    typedef struct { \
        int available; \
        FUNCTIONS(LAZY_LIBRARY_FIELD) \
    } name##_api; \
    static inline void name##_api_load(name##_api *api) { \
        void *handle = dlopen(file, RTLD_NOW | RTLD_LOCAL); \
        if (!handle) return; \
        FUNCTIONS(LAZY_LIBRARY_SYMBOL) \
        api->available = (ready); \
    } \
    static inline name##_api *name##_api_table(void) { \
        static name##_api api; \
        static int loaded; \
        static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER; \
        if (!__atomic_load_n(&loaded, __ATOMIC_ACQUIRE)) { \
            pthread_mutex_lock(&lock); \
            if (!loaded) { \
                name##_api_load(&api); \
                __atomic_store_n(&loaded, 1, __ATOMIC_RELEASE); \
            } \
            pthread_mutex_unlock(&lock); \
        } \
        return &api; \
    } \
    static inline int name##_available(void) { return name##_api_table()->available; } \
    static inline const char *name##_library_name(void) { return file; }

#endif
