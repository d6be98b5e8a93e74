#ifndef SWIPECLEAN_CZLIB_SHIM_H
#define SWIPECLEAN_CZLIB_SHIM_H
#include <zlib.h>

/// inflateInit is a macro Swift cannot call.
static inline int swipeclean_inflate_init(z_stream *stream) { return inflateInit(stream); }
#endif
