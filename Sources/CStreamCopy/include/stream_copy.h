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

// For tests: 1 makes the copies use SSE2's kernels even where the CPU has AVX2 (so both are checked on one
// machine); 0 asks the CPU again. Nothing elsewhere than on x86-64.
void scanout_stream_prefer_sse2(int prefer);

#include <stdint.h>

// Writes `rows` rows of `width` 32-bit pixels of dst (rows `dst_stride` bytes apart) from a source walked
// along whole pixels: dst's pixel (x, y) is the one at byte `x * src_step_x + y * src_step_y` from src, with the
// premultiplied colour `scrim` blended over it as scanout_stream_dimmed_rows blends it (src opaque; 0, a
// transparent scrim: the pixels as they are). A panel mounted at 90° or 270° takes one step along a source row
// per destination row and one source row per destination pixel (a transpose); 180°, one pixel back per pixel.
// One of the steps must be ±4 (a pixel): the other then walks rows (its row's pixels are read four at a time,
// transposed in registers, and written four rows at a time, 64-byte lines whole, so that every line of either
// buffer is touched once while it is in the cache). `stream`: dst is a display buffer the CPU does not read
// back, written with non-temporal stores where they can be (x86-64: 16-byte aligned groups of four turned
// pixels; a store fence at the end). Any other pair of steps is walked pixel by pixel.
void scanout_turned_copy32(uint32_t *dst, ptrdiff_t dst_stride, const uint32_t *src, ptrdiff_t src_step_x,
                           ptrdiff_t src_step_y, size_t width, size_t rows, uint32_t scrim, int stream);

#if defined(__x86_64__)

// Writes `rows` rows of `width` 32-bit pixels: each pixel of src (opaque, premultiplied) with the premultiplied
// colour `scrim` blended over it — `scrim + pixel * (255 - scrim's alpha) / 255` per channel, rounded as
// ScanoutRaster's `Dimming.copy` rounds, to the bit — streamed into dst as scanout_stream_copy_rows streams
// (the partial lines at either end of a row with ordinary stores). x86-64 only: elsewhere the Swift kernel,
// vectorised by the compiler, writes them.
void scanout_stream_dimmed_rows(uint32_t *dst, ptrdiff_t dst_stride, const uint32_t *src, ptrdiff_t src_stride,
                                size_t width, size_t rows, uint32_t scrim);
#endif

#endif
