// Row copies into a buffer the CPU does not read back (a display buffer), for ScanoutRaster. Swift has no
// non-temporal store, and a frame's present is one: a full-screen copy with ordinary stores first reads every
// destination line into the cache (read for ownership) and evicts what the next frame copies from (a sliding
// panel's bitmap, the private frame); streaming stores write whole lines past the cache.
#ifndef SCANOUT_STREAM_COPY_H
#define SCANOUT_STREAM_COPY_H

#include <stddef.h>

// Copies `rows` rows of `row_bytes` bytes from src (rows `src_stride` bytes apart) to dst (rows `dst_stride`
// bytes apart), as memcpy row by row would; the buffers must not overlap. On x86-64, the whole 64-byte lines of
// rows of 256 bytes or more are written with non-temporal stores (AVX2's where the CPU has it, SSE2's
// otherwise), followed by a store fence so that the rows are visible to other threads and devices when this
// returns; elsewhere, and for shorter rows, it is memcpy.
void scanout_stream_copy_rows(void *dst, ptrdiff_t dst_stride, const void *src, ptrdiff_t src_stride,
                              size_t row_bytes, size_t rows);

#endif
