#ifndef COPENSSL_SHIM_H
#define COPENSSL_SHIM_H

#include "../CLazyLibrary/lazy_library.h"
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

// OpenSSL 3 for `leettrack serve --tls-certificate`: loaded with dlopen when a server with TLS
// starts, not linked, so that no other command loads libssl and libcrypto (some 5 MB of code to
// map and relocate) at start-up. libssl's handle also finds libcrypto's functions (BIO, ERR,
// X509), which it needs. `__typeof__(&f)` only names the type; it does not reference the symbol.
// The macros of ssl.h that stand for a `ctrl` call are wrapped below as functions.

#if defined(__APPLE__)
#define COPENSSL_LIBRARY "libssl.3.dylib"
#else
#define COPENSSL_LIBRARY "libssl.so.3"
#endif

// The functions used here, each a field of the table, loaded by name.
#define COPENSSL_FUNCTIONS(F) \
    F(TLS_server_method) \
    F(SSL_CTX_new) \
    F(SSL_CTX_free) \
    F(SSL_CTX_ctrl) \
    F(SSL_CTX_set_options) \
    F(SSL_CTX_set_default_passwd_cb) \
    F(SSL_CTX_use_certificate_chain_file) \
    F(SSL_CTX_use_PrivateKey_file) \
    F(SSL_CTX_check_private_key) \
    F(SSL_CTX_get0_certificate) \
    F(X509_get0_notAfter) \
    F(X509_get0_notBefore) \
    F(X509_cmp_current_time) \
    F(SSL_new) \
    F(SSL_free) \
    F(SSL_set_bio) \
    F(SSL_set_accept_state) \
    F(SSL_do_handshake) \
    F(SSL_read) \
    F(SSL_write) \
    F(SSL_shutdown) \
    F(SSL_get_error) \
    F(BIO_s_mem) \
    F(BIO_new) \
    F(BIO_free) \
    F(BIO_read) \
    F(BIO_write) \
    F(BIO_ctrl_pending) \
    F(ERR_get_error) \
    F(ERR_peek_last_error) \
    F(ERR_clear_error) \
    F(ERR_error_string_n)

LAZY_LIBRARY(copenssl, COPENSSL_LIBRARY, COPENSSL_FUNCTIONS, 1)

// An encrypted key's passphrase is never asked for: OpenSSL's default would prompt on the
// terminal and hold the server's start.
static inline int copenssl_no_passphrase(char *buffer, int size, int writing, void *data) {
    (void)buffer; (void)size; (void)writing; (void)data;
    return 0;
}

// The server's context: TLS 1.2 at the least, no renegotiation, no passphrase prompt.
static inline SSL_CTX *copenssl_server_context(void) {
    copenssl_api *api = copenssl_api_table();
    SSL_CTX *context = api->SSL_CTX_new(api->TLS_server_method());
    if (!context) return NULL;
    if (api->SSL_CTX_ctrl(context, SSL_CTRL_SET_MIN_PROTO_VERSION, TLS1_2_VERSION, NULL) != 1) {
        api->SSL_CTX_free(context);
        return NULL;
    }
    api->SSL_CTX_set_options(context, SSL_OP_NO_RENEGOTIATION);
    api->SSL_CTX_set_default_passwd_cb(context, copenssl_no_passphrase);
    return context;
}
static inline void copenssl_context_free(SSL_CTX *context) { copenssl_api_table()->SSL_CTX_free(context); }
static inline int copenssl_use_certificate_chain_file(SSL_CTX *context, const char *path) {
    return copenssl_api_table()->SSL_CTX_use_certificate_chain_file(context, path);
}
static inline int copenssl_use_private_key_file(SSL_CTX *context, const char *path) {
    return copenssl_api_table()->SSL_CTX_use_PrivateKey_file(context, path, SSL_FILETYPE_PEM);
}
static inline int copenssl_check_private_key(SSL_CTX *context) {
    return copenssl_api_table()->SSL_CTX_check_private_key(context);
}
/// The certificate's validity now: -1 expired, 1 not valid yet, 0 valid (or none loaded).
static inline int copenssl_certificate_validity(SSL_CTX *context) {
    copenssl_api *api = copenssl_api_table();
    X509 *certificate = api->SSL_CTX_get0_certificate(context);
    if (!certificate) return 0;
    if (api->X509_cmp_current_time(api->X509_get0_notAfter(certificate)) < 0) return -1;
    if (api->X509_cmp_current_time(api->X509_get0_notBefore(certificate)) > 0) return 1;
    return 0;
}

/// A server side connection over two memory BIOs (owned by the SSL), in the accepting state.
static inline SSL *copenssl_connection(SSL_CTX *context, BIO **input, BIO **output) {
    copenssl_api *api = copenssl_api_table();
    SSL *ssl = api->SSL_new(context);
    if (!ssl) return NULL;
    *input = api->BIO_new(api->BIO_s_mem());
    *output = api->BIO_new(api->BIO_s_mem());
    if (!*input || !*output) {
        if (*input) api->BIO_free(*input);
        if (*output) api->BIO_free(*output);
        api->SSL_free(ssl);
        return NULL;
    }
    api->SSL_set_bio(ssl, *input, *output);
    api->SSL_set_accept_state(ssl);
    return ssl;
}
static inline void copenssl_connection_free(SSL *ssl) { copenssl_api_table()->SSL_free(ssl); }
static inline int copenssl_do_handshake(SSL *ssl) { return copenssl_api_table()->SSL_do_handshake(ssl); }
static inline int copenssl_read(SSL *ssl, void *bytes, int count) { return copenssl_api_table()->SSL_read(ssl, bytes, count); }
static inline int copenssl_write(SSL *ssl, const void *bytes, int count) { return copenssl_api_table()->SSL_write(ssl, bytes, count); }
static inline int copenssl_shutdown(SSL *ssl) { return copenssl_api_table()->SSL_shutdown(ssl); }
static inline int copenssl_get_error(SSL *ssl, int result) { return copenssl_api_table()->SSL_get_error(ssl, result); }
static inline int copenssl_bio_write(BIO *bio, const void *bytes, int count) { return copenssl_api_table()->BIO_write(bio, bytes, count); }
static inline int copenssl_bio_read(BIO *bio, void *bytes, int count) { return copenssl_api_table()->BIO_read(bio, bytes, count); }
static inline size_t copenssl_bio_pending(BIO *bio) { return copenssl_api_table()->BIO_ctrl_pending(bio); }
static inline void copenssl_clear_errors(void) { copenssl_api_table()->ERR_clear_error(); }
/// Whether the last error says the peer sent plain HTTP (to the TLS port).
static inline int copenssl_last_error_is_http_request(void) {
    unsigned long code = copenssl_api_table()->ERR_peek_last_error();
    return ERR_GET_LIB(code) == ERR_LIB_SSL && ERR_GET_REASON(code) == SSL_R_HTTP_REQUEST;
}
/// Whether the last error says a key is not the certificate's.
static inline int copenssl_last_error_is_key_mismatch(void) {
    unsigned long code = copenssl_api_table()->ERR_peek_last_error();
    return ERR_GET_LIB(code) == ERR_LIB_X509 && ERR_GET_REASON(code) == X509_R_KEY_VALUES_MISMATCH;
}
/// The oldest error of this thread's queue, as text, taken off the queue ("" when it is empty).
static inline void copenssl_take_error(char *text, size_t size) {
    copenssl_api *api = copenssl_api_table();
    unsigned long code = api->ERR_get_error();
    if (size == 0) return;
    text[0] = 0;
    if (code) api->ERR_error_string_n(code, text, size);
    while (api->ERR_get_error()) {}
}

#endif
