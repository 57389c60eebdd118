#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

#include <zlib.h>

/// `deflateInit2` is a macro (it passes the library's version and the stream's size), which Swift
/// does not import: the gzip wrapper (window bits 15 + 16) at `level`, default memory and strategy.
static inline int czlib_deflate_init_gzip(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

#endif
