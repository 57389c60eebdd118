#ifndef CLIBCURL_SHIM_H
#define CLIBCURL_SHIM_H

#include "../CLazyLibrary/lazy_library.h"
#include <curl/curl.h>

// libcurl is loaded with dlopen the first time a `leettrack leetcode` command sends a request, not
// linked: linking it (or FoundationNetworking, which links it) makes every process load libcurl
// and the TLS, HTTP/2, SSH and LDAP libraries it needs at start-up, for commands that never touch
// the network. `__typeof__(&curl_easy_init)` only names the type; it does not reference the symbol.
// The variadic `curl_easy_setopt` and `curl_easy_getinfo` cannot be called from Swift, so the
// wrappers below fix the argument's type.

#if defined(__APPLE__)
#define CLIBCURL_LIBRARY "libcurl.4.dylib"
#else
#define CLIBCURL_LIBRARY "libcurl.so.4"
#endif

// The functions used here, each a field of the table, loaded by name.
#define CLIBCURL_FUNCTIONS(F) \
    F(curl_global_init) \
    F(curl_easy_init) \
    F(curl_easy_setopt) \
    F(curl_easy_perform) \
    F(curl_easy_getinfo) \
    F(curl_easy_cleanup) \
    F(curl_easy_strerror) \
    F(curl_slist_append) \
    F(curl_slist_free_all)

// curl_global_init is not thread-safe in older libcurl; it runs once, under the table's lock.
LAZY_LIBRARY(clibcurl, CLIBCURL_LIBRARY, CLIBCURL_FUNCTIONS, api->curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK)

static inline CURL *clibcurl_easy_init(void) {
    return clibcurl_api_table()->curl_easy_init();
}

static inline void clibcurl_easy_cleanup(CURL *handle) {
    clibcurl_api_table()->curl_easy_cleanup(handle);
}

static inline CURLcode clibcurl_easy_perform(CURL *handle) {
    return clibcurl_api_table()->curl_easy_perform(handle);
}

static inline const char *clibcurl_easy_strerror(CURLcode code) {
    return clibcurl_api_table()->curl_easy_strerror(code);
}

static inline struct curl_slist *clibcurl_slist_append(struct curl_slist *list, const char *text) {
    return clibcurl_api_table()->curl_slist_append(list, text);
}

static inline void clibcurl_slist_free_all(struct curl_slist *list) {
    clibcurl_api_table()->curl_slist_free_all(list);
}

static inline CURLcode clibcurl_setopt_long(CURL *handle, CURLoption option, long value) {
    return clibcurl_api_table()->curl_easy_setopt(handle, option, value);
}

static inline CURLcode clibcurl_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return clibcurl_api_table()->curl_easy_setopt(handle, option, value);
}

typedef size_t (*clibcurl_write_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode clibcurl_setopt_write(CURL *handle, clibcurl_write_callback callback, void *context) {
    CURLcode code = clibcurl_api_table()->curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
    if (code != CURLE_OK) return code;
    return clibcurl_api_table()->curl_easy_setopt(handle, CURLOPT_WRITEDATA, context);
}

static inline CURLcode clibcurl_setopt_header(CURL *handle, clibcurl_write_callback callback, void *context) {
    CURLcode code = clibcurl_api_table()->curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
    if (code != CURLE_OK) return code;
    return clibcurl_api_table()->curl_easy_setopt(handle, CURLOPT_HEADERDATA, context);
}

static inline long clibcurl_response_code(CURL *handle) {
    long code = 0;
    clibcurl_api_table()->curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &code);
    return code;
}

// CURLOPT_* are enum constants built by macros; the ones used are spelled out so Swift sees ints.
static inline CURLoption clibcurl_opt_url(void) { return CURLOPT_URL; }
static inline CURLoption clibcurl_opt_post_fields(void) { return CURLOPT_POSTFIELDS; }
static inline CURLoption clibcurl_opt_post_field_size(void) { return CURLOPT_POSTFIELDSIZE; }
static inline CURLoption clibcurl_opt_http_header(void) { return CURLOPT_HTTPHEADER; }
static inline CURLoption clibcurl_opt_user_agent(void) { return CURLOPT_USERAGENT; }
static inline CURLoption clibcurl_opt_cookie(void) { return CURLOPT_COOKIE; }
static inline CURLoption clibcurl_opt_timeout_ms(void) { return CURLOPT_TIMEOUT_MS; }
static inline CURLoption clibcurl_opt_connect_timeout_ms(void) { return CURLOPT_CONNECTTIMEOUT_MS; }
static inline CURLoption clibcurl_opt_no_signal(void) { return CURLOPT_NOSIGNAL; }
static inline CURLoption clibcurl_opt_protocols_str(void) { return CURLOPT_PROTOCOLS_STR; }
static inline CURLoption clibcurl_opt_follow_location(void) { return CURLOPT_FOLLOWLOCATION; }
static inline CURLoption clibcurl_opt_accept_encoding(void) { return CURLOPT_ACCEPT_ENCODING; }
static inline CURLcode clibcurl_ok(void) { return CURLE_OK; }
static inline CURLcode clibcurl_timed_out(void) { return CURLE_OPERATION_TIMEDOUT; }
static inline CURLcode clibcurl_could_not_connect(void) { return CURLE_COULDNT_CONNECT; }
static inline CURLcode clibcurl_could_not_resolve(void) { return CURLE_COULDNT_RESOLVE_HOST; }
static inline CURLcode clibcurl_write_error(void) { return CURLE_WRITE_ERROR; }

#endif
