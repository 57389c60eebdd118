#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

#include <zlib.h>

/// `deflateInit2` is a macro (it passes the library's version and the stream's size), which Swift
/// does not import: a 32 KB window with the gzip wrapper (`window_bits` 15 + 16) or none (-15, raw
/// deflate), at `level`, default memory and strategy.
static inline int czlib_deflate_init(z_stream *stream, int level, int window_bits) {
    return deflateInit2(stream, level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY);
}

#endif
