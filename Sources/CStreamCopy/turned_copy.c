// See scanout_turned_copy32 in stream_copy.h. A panel mounted in portrait shows the app's frame turned a quarter:
// walked pixel by pixel, each destination row reads one pixel of every source row it crosses (a 1080p frame at
// 90° took 2.2 ms here, 8.6 copies of a frame); read four source rows at a time and transposed in registers, it
// is a copy again (see the navigation bench's rotated case). Clang's vector extensions give SSE2 on x86-64 and
// NEON on arm64 from one source.
#include "stream_copy.h"
#include "dimmed_pixel.h"

#include <string.h>

// The largest turned copy with ordinary stores walked in bands of columns (see scanout_turned_copy32).
enum { band_bytes = 2 << 20 };

#if defined(__clang__)
typedef uint32_t pixels4 __attribute__((vector_size(16)));
// The same lanes at any 4-byte alignment (source rows, and destination rows not on a 16-byte boundary).
typedef uint32_t unaligned_pixels4 __attribute__((vector_size(16), aligned(4)));

static inline pixels4 load4(const uint32_t *p) { return *(const unaligned_pixels4 *)p; }

static inline void store4(uint32_t *p, pixels4 v, int stream) {
    if (stream) __builtin_nontemporal_store(v, (pixels4 *)p);
    else *(unaligned_pixels4 *)p = v;
}

static inline const uint32_t *at(const uint32_t *src, ptrdiff_t bytes) {
    return (const uint32_t *)((const unsigned char *)src + bytes);
}

// Four pixels with the scrim over them, as dimmed_pixel computes each (none: scrim 0): SSE2's 16-bit multiplies
// on x86-64 (clang turned the generic lanes' multiplies into 32-bit ones there, which SSE2 emulates: a dimmed
// turned frame took twice as long), the generic lanes elsewhere — blue/red and green/alpha apart; (t + (t >> 8))
// >> 8 cannot overflow a lane for t = a byte times a byte + 128.
static inline __attribute__((always_inline)) pixels4 dim4(pixels4 v, uint32_t scrim) {
    if (scrim == 0) return v;
#if defined(__x86_64__)
    return (pixels4)dim4_sse2((__m128i)v, _mm_set1_epi16((short)(255 - (scrim >> 24))), _mm_set1_epi32((int)scrim));
#else
    typedef uint16_t channels8 __attribute__((vector_size(16)));
    channels8 k = (channels8){0} + (uint16_t)(255 - (scrim >> 24));
    channels8 lo = (channels8)v & 0xFF, hi = (channels8)v >> 8;
    lo = lo * k + 128;
    hi = hi * k + 128;
    lo = (lo + (lo >> 8)) >> 8;
    hi = (hi + (hi >> 8)) & 0xFF00;
    return (pixels4){scrim, scrim, scrim, scrim} + (pixels4)(lo | hi);
#endif
}

// Destination rows y0 ..< y0 + 4, columns x0 ..< x1 (x1 - x0 a multiple of 4) when the source's step along a
// destination column is a pixel (`down` = +4 or -4 bytes) and its step along a destination row (`across`) walks
// source rows: each source row gives one destination column's four pixels, four such columns are transposed.
static inline __attribute__((always_inline))
void transpose_rows4(uint32_t *dst, ptrdiff_t dst_stride, const uint32_t *src, ptrdiff_t across, ptrdiff_t down,
                     size_t x0, size_t x1, size_t y0, uint32_t scrim, int stream) {
    // With `down` = -4 the four pixels of a source row lie backwards in memory: load from the lowest one and
    // store the transposed rows in the opposite order.
    int backwards = down < 0;
    const uint32_t *first = at(src, (ptrdiff_t)y0 * down + (backwards ? 3 * down : 0));
    uint32_t *row[4];
    for (int k = 0; k < 4; k++) {
        int j = backwards ? 3 - k : k;
        row[k] = (uint32_t *)((unsigned char *)dst + (ptrdiff_t)(y0 + (size_t)j) * dst_stride);
    }
    for (size_t x = x0; x < x1; x += 4) {
        pixels4 a = load4(at(first, (ptrdiff_t)x * across)), b = load4(at(first, (ptrdiff_t)(x + 1) * across));
        pixels4 c = load4(at(first, (ptrdiff_t)(x + 2) * across)), d = load4(at(first, (ptrdiff_t)(x + 3) * across));
        pixels4 ab0 = __builtin_shufflevector(a, b, 0, 4, 1, 5), ab1 = __builtin_shufflevector(a, b, 2, 6, 3, 7);
        pixels4 cd0 = __builtin_shufflevector(c, d, 0, 4, 1, 5), cd1 = __builtin_shufflevector(c, d, 2, 6, 3, 7);
        store4(row[0] + x, dim4(__builtin_shufflevector(ab0, cd0, 0, 1, 4, 5), scrim), stream);
        store4(row[1] + x, dim4(__builtin_shufflevector(ab0, cd0, 2, 3, 6, 7), scrim), stream);
        store4(row[2] + x, dim4(__builtin_shufflevector(ab1, cd1, 0, 1, 4, 5), scrim), stream);
        store4(row[3] + x, dim4(__builtin_shufflevector(ab1, cd1, 2, 3, 6, 7), scrim), stream);
    }
}
#endif

// Destination pixels (x0 ..< x1, y0 ..< y1) one at a time.
static void walk_pixels(uint32_t *dst, ptrdiff_t dst_stride, const uint32_t *src, ptrdiff_t step_x, ptrdiff_t step_y,
                        size_t x0, size_t x1, size_t y0, size_t y1, uint32_t scrim) {
    for (size_t y = y0; y < y1; y++) {
        uint32_t *d = (uint32_t *)((unsigned char *)dst + (ptrdiff_t)y * dst_stride);
        const unsigned char *s = (const unsigned char *)src + (ptrdiff_t)y * step_y + (ptrdiff_t)x0 * step_x;
        for (size_t x = x0; x < x1; x++, s += step_x) {
            uint32_t p;
            memcpy(&p, s, 4);
            d[x] = scrim ? dimmed_pixel(p, scrim, 255 - (scrim >> 24)) : p;
        }
    }
}

// Rows of pixels read backwards (180°): four at a time, reversed in registers.
static void reverse_rows(uint32_t *dst, ptrdiff_t dst_stride, const uint32_t *src, ptrdiff_t step_y,
                         size_t width, size_t rows, uint32_t scrim, int stream) {
#if defined(__clang__)
    for (size_t y = 0; y < rows; y++) {
        uint32_t *d = (uint32_t *)((unsigned char *)dst + (ptrdiff_t)y * dst_stride);
        const uint32_t *s = at(src, (ptrdiff_t)y * step_y);
        // Pixels up to the first 16-byte boundary of the row one by one (streamed stores need it).
        size_t x;
        size_t lead = ((uintptr_t)d & 3) == 0 ? ((16 - ((uintptr_t)d & 15)) & 15) / 4 : width;
        if (lead > width) lead = width;
        size_t body = (width - lead) & ~(size_t)3;
        walk_pixels(d, 0, s, -4, 0, 0, lead, 0, 1, scrim);
        if (scrim) {
            for (x = lead; x < lead + body; x += 4) {
                pixels4 v = load4(s - x - 3);
                store4(d + x, dim4(__builtin_shufflevector(v, v, 3, 2, 1, 0), scrim), stream);
            }
        } else {
            for (x = lead; x < lead + body; x += 4) {
                pixels4 v = load4(s - x - 3);
                store4(d + x, __builtin_shufflevector(v, v, 3, 2, 1, 0), stream);
            }
        }
        walk_pixels(d, 0, s, -4, 0, lead + body, width, 0, 1, scrim);
    }
#else
    (void)stream;
    walk_pixels(dst, dst_stride, src, -4, step_y, 0, width, 0, rows, scrim);
#endif
}

#if defined(__clang__)
// The groups of four rows of a turned copy (`scanout_turned_copy32`), in bands of 16 columns or across the rows;
// inlined at each call so that the plain copy's loop carries no test of the scrim.
static inline __attribute__((always_inline))
void transpose(uint32_t *dst, ptrdiff_t dst_stride, const uint32_t *src, ptrdiff_t step_x, ptrdiff_t step_y,
               size_t x0, size_t x1, size_t whole, int bands, uint32_t scrim, int stream) {
    if (bands) {
        for (size_t x = x0; x < x1; x += 16) {
            size_t band_end = x + 16 < x1 ? x + 16 : x1;
            for (size_t y = 0; y < whole; y += 4) transpose_rows4(dst, dst_stride, src, step_x, step_y, x, band_end, y, scrim, stream);
        }
    } else {
        for (size_t y = 0; y < whole; y += 4) transpose_rows4(dst, dst_stride, src, step_x, step_y, x0, x1, y, scrim, stream);
    }
}
#endif

void scanout_turned_copy32(uint32_t *dst, ptrdiff_t dst_stride, const uint32_t *src, ptrdiff_t src_step_x,
                           ptrdiff_t src_step_y, size_t width, size_t rows, uint32_t scrim, int stream) {
    if (width == 0 || rows == 0) return;
#if !defined(__x86_64__)
    // (Non-temporal stores only where they are known to help: x86-64's write-combining ones.)
    stream = 0;
#endif
    if (src_step_x == 4) {
        // Rows as they are (with ordinary stores: an unrotated present streams through scanout_stream_copy_rows).
        for (size_t y = 0; y < rows; y++) {
            uint32_t *d = (uint32_t *)((unsigned char *)dst + (ptrdiff_t)y * dst_stride);
            const uint32_t *s = at(src, (ptrdiff_t)y * src_step_y);
            if (!scrim) { memcpy(d, s, width * 4); continue; }
            size_t x = 0;
#if defined(__clang__)
            for (; x + 4 <= width; x += 4) store4(d + x, dim4(load4(s + x), scrim), 0);
#endif
            walk_pixels(d, 0, s, 4, 0, x, width, 0, 1, scrim);
        }
        return;
    }
    if (src_step_x == -4) {
        reverse_rows(dst, dst_stride, src, src_step_y, width, rows, scrim, stream);
    }
#if defined(__clang__)
    else if (src_step_y == 4 || src_step_y == -4) {
        // Bands of 16 destination columns (a 64-byte line of each destination row) down all the rows, four at a
        // time, reading 16 source rows front to back: when streamed into rows that keep the lines' alignment, or
        // small enough to stay in the cache. Otherwise four rows at a time across (streamed bands of rows whose
        // lines they split were 5x slower than rows: each line was written in halves, far apart; with ordinary
        // stores into a 1080p buffer bands took 1.2–1.35 ms here, rows 0.7; streamed, bands 0.34, rows 0.43;
        // 800x480 with ordinary stores, bands 0.054, rows 0.088).
        int lines = (dst_stride & 63) == 0;
        int bands = stream ? lines : width * rows * 4 <= band_bytes;
        // Columns before the first line (bands) or 16-byte boundary (rows) of the first row, which the following
        // rows keep when the stride does, and after the last whole group of four go pixel by pixel, as do the
        // last rows short of four.
        uintptr_t boundary = bands ? 64 : 16;
        size_t lead = 0;
        if (((uintptr_t)dst & 3) == 0) lead = (size_t)((boundary - ((uintptr_t)dst & (boundary - 1))) & (boundary - 1)) / 4;
        if (lead > width) lead = width;
        size_t body = (width - lead) & ~(size_t)3;
        int streams = stream && (dst_stride & 15) == 0 && ((uintptr_t)(dst + lead) & 15) == 0;
        size_t whole = rows & ~(size_t)3;
        if (scrim) transpose(dst, dst_stride, src, src_step_x, src_step_y, lead, lead + body, whole, bands, scrim, streams);
        else transpose(dst, dst_stride, src, src_step_x, src_step_y, lead, lead + body, whole, bands, 0, streams);
        walk_pixels(dst, dst_stride, src, src_step_x, src_step_y, 0, lead, 0, whole, scrim);
        walk_pixels(dst, dst_stride, src, src_step_x, src_step_y, lead + body, width, 0, whole, scrim);
        walk_pixels(dst, dst_stride, src, src_step_x, src_step_y, 0, width, whole, rows, scrim);
    }
#endif
    else {
        walk_pixels(dst, dst_stride, src, src_step_x, src_step_y, 0, width, 0, rows, scrim);
    }
#if defined(__x86_64__)
    if (stream) __builtin_ia32_sfence();
#endif
}
