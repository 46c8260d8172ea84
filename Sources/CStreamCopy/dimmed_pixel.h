// The scrim over one pixel and over four, for both kernels that dim (stream_copy.c, turned_copy.c).
#ifndef SCANOUT_DIMMED_PIXEL_H
#define SCANOUT_DIMMED_PIXEL_H

#include <stdint.h>

// One pixel with the scrim over it: `scrim + p * k / 255` per channel (k = 255 - the scrim's alpha), two
// channels per multiply, rounded as the vector kernels round: (x + 128) * 257 >> 16, the same as
// (x + 128 + ((x + 128) >> 8)) >> 8 for every product of two bytes.
static inline uint32_t dimmed_pixel(uint32_t p, uint32_t scrim, uint32_t k) {
    uint32_t rb = (p & 0x00FF00FFu) * k + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((p >> 8) & 0x00FF00FFu) * k + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return scrim + (rb | ag);
}

#if defined(__x86_64__)
#include <emmintrin.h>

// Four pixels at a time in 16-bit lanes: blue/red and green/alpha apart, times k, divided by 255, joined.
static inline __m128i dim4_sse2(__m128i v, __m128i k, __m128i c) {
    const __m128i low = _mm_set1_epi16(0xFF), half = _mm_set1_epi16(128), m257 = _mm_set1_epi16(257);
    __m128i lo = _mm_and_si128(v, low), hi = _mm_srli_epi16(v, 8);
    lo = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(lo, k), half), m257);
    hi = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(hi, k), half), m257);
    return _mm_add_epi32(c, _mm_or_si128(lo, _mm_slli_epi16(hi, 8)));
}
#endif

#endif
