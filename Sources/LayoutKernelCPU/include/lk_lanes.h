/*
 * Lane operations for the flow kernel that Swift's SIMD API cannot express:
 * lane shifts (for prefix sums) and comparisons folded to a bit mask (for
 * "first lane past the limit"). Each is a few lines of clang generic vector
 * code over the type Swift imports as SIMD16<Float>, always inlined, so the
 * Swift kernel that calls them is emitted with the instructions of the ISA it
 * is compiled for: pmovmskb on SSE2, vpmovmskb on AVX2, kmovw on AVX-512.
 *
 * Internal to LayoutKernel; not part of the public C interface.
 */
#ifndef LK_LANES_H
#define LK_LANES_H

#include <stddef.h>
#include <stdint.h>

typedef float lk_f32x16 __attribute__((ext_vector_type(16)));
typedef int32_t lk_i32x16 __attribute__((ext_vector_type(16)));
typedef uint8_t lk_u8x16 __attribute__((ext_vector_type(16)));
typedef _Bool lk_bool16 __attribute__((ext_vector_type(16)));
typedef uint64_t lk_u64x8 __attribute__((ext_vector_type(8)));

#define LK_LANES_INLINE static inline __attribute__((always_inline))

/* Every operation rounds as written: no fused multiply-adds, as in Swift. */
#pragma STDC FP_CONTRACT OFF

/* Every helper is inlined into its caller and compiled for the caller's instruction set,
 * so no 64-byte vector ever crosses a call: clang's warning that such a call's ABI
 * depends on AVX-512 (raised where one helper calls another) does not apply here. */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wpsabi"

/* Inclusive prefix sum across the 16 lanes (Hillis-Steele: 4 shifted adds).
 * Exact, whatever the order, when every partial sum is exact in float. */
LK_LANES_INLINE lk_f32x16 lk_prefix_sum(lk_f32x16 v) {
    const lk_f32x16 z = (lk_f32x16)0.0f;
    v += __builtin_shufflevector(z, v, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30);
    v += __builtin_shufflevector(z, v, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29);
    v += __builtin_shufflevector(z, v, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27);
    v += __builtin_shufflevector(z, v, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23);
    return v;
}

/* The lanes shifted up by one, lane 0 taking `first`: out[0] = first, out[i] = v[i-1]. */
LK_LANES_INLINE lk_f32x16 lk_shift_up(lk_f32x16 v, float first) {
    const lk_f32x16 f = (lk_f32x16)first;
    return __builtin_shufflevector(f, v, 0, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30);
}

/* Bit i set when lane i of v is greater than t. */
LK_LANES_INLINE uint32_t lk_bits_greater(lk_f32x16 v, float t) {
    lk_bool16 m = __builtin_convertvector(v > t, lk_bool16);
    return __builtin_bit_cast(uint16_t, m);
}

/* Bit i set when lane i of v is not in [0, max] (NaN is not). */
LK_LANES_INLINE uint32_t lk_bits_outside(lk_f32x16 v, float max) {
    lk_bool16 m = __builtin_convertvector(!((v >= 0.0f) & (v <= max)), lk_bool16);
    return __builtin_bit_cast(uint16_t, m);
}

/* Bit i set when byte i has any of the bits of `mask`. */
LK_LANES_INLINE uint32_t lk_bits_any(lk_u8x16 v, uint8_t mask) {
    lk_bool16 m = __builtin_convertvector((v & mask) != 0, lk_bool16);
    return __builtin_bit_cast(uint16_t, m);
}

/* Lane-wise maximum of lanes that are >= 0 (compared as integers, as below). */
LK_LANES_INLINE lk_f32x16 lk_max_nonnegative(lk_f32x16 a, lk_f32x16 b) {
    return __builtin_bit_cast(lk_f32x16, __builtin_elementwise_max(
        __builtin_bit_cast(lk_i32x16, a) & 0x7fffffff, __builtin_bit_cast(lk_i32x16, b) & 0x7fffffff));
}

/* The largest of lanes [start, end) of v, whose lanes are >= 0 (a -0 counts as
 * +0); +0 when the range is empty. Non-negative floats order like their bit
 * patterns as integers, so the reduction runs on integers (no NaN handling). */
LK_LANES_INLINE float lk_max_in_range(lk_f32x16 v, int32_t start, int32_t end) {
    const lk_i32x16 lane = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    const lk_i32x16 in = (lane >= start) & (lane < end);
    const lk_i32x16 bits = __builtin_bit_cast(lk_i32x16, v) & in & 0x7fffffff;
    return __builtin_bit_cast(float, __builtin_reduce_max(bits));
}

/* lk_max_in_range(v, 0, count) for 0 <= count <= 16: its lanes' mask is read from a
 * window of `count` all-but-sign masks followed by zeros (one load, no compares). */
LK_LANES_INLINE float lk_max_of_first(lk_f32x16 v, int32_t count) {
    static const int32_t window[32] = {
        0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff,
        0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    lk_i32x16 in;
    __builtin_memcpy(&in, window + 16 - count, sizeof in);
    return __builtin_bit_cast(float, __builtin_reduce_max(__builtin_bit_cast(lk_i32x16, v) & in));
}

/* Bit i set when lane i of v, a -0 counted as +0, equals t (t >= 0). */
LK_LANES_INLINE uint32_t lk_bits_equal(lk_f32x16 v, float t) {
    const lk_i32x16 bits = __builtin_bit_cast(lk_i32x16, v) & 0x7fffffff;
    lk_bool16 m = __builtin_convertvector(bits == __builtin_bit_cast(int32_t, t), lk_bool16);
    return __builtin_bit_cast(uint16_t, m);
}

/* -1 in lane l when bit l of `bits` is set, else 0. */
LK_LANES_INLINE lk_i32x16 lk_lanes_of_bits(uint32_t bits) {
    const lk_i32x16 lane_bit = {1 << 0, 1 << 1, 1 << 2, 1 << 3, 1 << 4, 1 << 5, 1 << 6, 1 << 7,
                                1 << 8, 1 << 9, 1 << 10, 1 << 11, 1 << 12, 1 << 13, 1 << 14, 1 << 15};
    return ((lk_i32x16)(int32_t)bits & lane_bit) != 0;
}

/* Segmented inclusive maximum of lanes that are >= 0 (a -0 counts as +0): lane i
 * becomes the largest of lanes [s, i], where s is the last lane <= i whose bit is set
 * in `starts` (lane 0 when none is). Four shifted steps, on the bit patterns as
 * integers. */
LK_LANES_INLINE lk_f32x16 lk_segmented_max(lk_f32x16 v, uint32_t starts) {
    lk_i32x16 value = __builtin_bit_cast(lk_i32x16, v) & 0x7fffffff;
    lk_i32x16 start = lk_lanes_of_bits(starts);   /* -1 where a row starts */
    lk_i32x16 shifted, shifted_start;
    /* Lane i looks at lane i - d (lanes below d look at themselves, a no-op). */
#define LK_SEGMENTED_STEP(...)                                                   \
    shifted = __builtin_shufflevector(value, value, __VA_ARGS__);               \
    shifted_start = __builtin_shufflevector(start, start, __VA_ARGS__);         \
    value = start != 0 ? value : __builtin_elementwise_max(value, shifted);     \
    start |= shifted_start;
    LK_SEGMENTED_STEP(0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14)
    LK_SEGMENTED_STEP(0, 1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
    LK_SEGMENTED_STEP(0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
    LK_SEGMENTED_STEP(0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7)
#undef LK_SEGMENTED_STEP
    return __builtin_bit_cast(lk_f32x16, value);
}

/* Each lane of `offset` added to `base` in double and rounded to float once. */
LK_LANES_INLINE lk_f32x16 lk_add_rounded(double base, lk_f32x16 offset) {
    typedef double lk_f64x16 __attribute__((ext_vector_type(16)));
    return __builtin_convertvector(__builtin_convertvector(offset, lk_f64x16) + base, lk_f32x16);
}

/* ---- The flow features' placement, in double units of 1/64 px ------------- */

typedef double lk_f64x16 __attribute__((ext_vector_type(16)));

/* rhu(j * free, divisor) = floor((2a + b) / 2b) with a = j * free, b = divisor (the
 * rules' increments), for subjects j = j0 + step * lane. */
LK_LANES_INLINE lk_f64x16 lk_feature_rhu(double free, double divisor, int32_t j0, int32_t step) {
    const lk_f64x16 lane = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    const lk_f64x16 a = ((double)j0 + (double)step * lane) * free;
    return __builtin_elementwise_floor((2.0 * a + divisor) / (2.0 * divisor));
}

/* The lanes widened to double, and narrowed to float (each rounded once): the
 * conversions of the placement expressions evaluated in double lanes. */
LK_LANES_INLINE lk_f64x16 lk_widened(lk_f32x16 v) { return __builtin_convertvector(v, lk_f64x16); }
LK_LANES_INLINE lk_f32x16 lk_narrowed(lk_f64x16 v) { return __builtin_convertvector(v, lk_f32x16); }
/* Sixteen bytes as doubles (per-item flags: lk_chosen_f64's choices). */
LK_LANES_INLINE lk_f64x16 lk_bytes_widened(lk_u8x16 v) { return __builtin_convertvector(v, lk_f64x16); }

typedef int64_t lk_i64x16 __attribute__((ext_vector_type(16)));

/* `other` in the lanes where `choice` is not 0, else `v` (bits kept). */
LK_LANES_INLINE lk_f64x16 lk_chosen_f64(lk_f64x16 v, lk_f64x16 other, lk_f64x16 choice) {
    lk_i64x16 mask = (lk_i64x16)(choice != 0);
    return (lk_f64x16)(((lk_i64x16)other & mask) | ((lk_i64x16)v & ~mask));
}

/* max(low, min(v, high)) per lane as Swift's min and max compare (min(x, y) is
 * y < x ? y : x, max(x, y) is y >= x ? y : x), so that signed zeros match. */
LK_LANES_INLINE lk_f64x16 lk_clamped_f64(lk_f64x16 v, lk_f64x16 low, lk_f64x16 high) {
    lk_i64x16 below = (lk_i64x16)(high < v);
    lk_f64x16 upper = (lk_f64x16)(((lk_i64x16)high & below) | ((lk_i64x16)v & ~below));
    lk_i64x16 above = (lk_i64x16)(upper >= low);
    return (lk_f64x16)(((lk_i64x16)upper & above) | ((lk_i64x16)low & ~above));
}

/* `v` with its NaN lanes `r`. */
LK_LANES_INLINE lk_f32x16 lk_nan_replaced(lk_f32x16 v, float r) {
    lk_i32x16 nan = (lk_i32x16)(v != v);
    return (lk_f32x16)(((lk_i32x16)(lk_f32x16)r & nan) | ((lk_i32x16)v & ~nan));
}

/* 1 in the lanes that hold a number, 0 in the NaN lanes (lk_chosen_f64's choices:
 * a per-item value given or not). */
LK_LANES_INLINE lk_f64x16 lk_given_f64(lk_f32x16 v) {
    return __builtin_convertvector(-(lk_i32x16)(v == v), lk_f64x16);
}

/* `most` with each of the first `count` lanes of `v` that is greater taken in its lane.
 * For values without NaN. */
LK_LANES_INLINE lk_f64x16 lk_max_first_f64(lk_f64x16 most, lk_f64x16 v, int32_t count) {
    const lk_i64x16 lane = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    lk_i64x16 taken = (lk_i64x16)(lane < (int64_t)count) & (lk_i64x16)(v > most);
    return (lk_f64x16)(((lk_i64x16)v & taken) | ((lk_i64x16)most & ~taken));
}

/* The greatest lane, by halves. For values without NaN; the sign of a zero result is
 * any of the zeros'. */
LK_LANES_INLINE double lk_greatest_f64(lk_f64x16 v) {
    typedef double lk_f64x8 __attribute__((ext_vector_type(8)));
    typedef double lk_f64x4 __attribute__((ext_vector_type(4)));
    typedef double lk_f64x2 __attribute__((ext_vector_type(2)));
    typedef int64_t lk_i64x8 __attribute__((ext_vector_type(8)));
    typedef int64_t lk_i64x4 __attribute__((ext_vector_type(4)));
    typedef int64_t lk_i64x2 __attribute__((ext_vector_type(2)));
    lk_f64x8 a = __builtin_shufflevector(v, v, 0, 1, 2, 3, 4, 5, 6, 7);
    lk_f64x8 b = __builtin_shufflevector(v, v, 8, 9, 10, 11, 12, 13, 14, 15);
    lk_i64x8 m8 = (lk_i64x8)(a > b);
    lk_f64x8 c = (lk_f64x8)(((lk_i64x8)a & m8) | ((lk_i64x8)b & ~m8));
    lk_f64x4 d = __builtin_shufflevector(c, c, 0, 1, 2, 3), e = __builtin_shufflevector(c, c, 4, 5, 6, 7);
    lk_i64x4 m4 = (lk_i64x4)(d > e);
    lk_f64x4 f = (lk_f64x4)(((lk_i64x4)d & m4) | ((lk_i64x4)e & ~m4));
    lk_f64x2 g = __builtin_shufflevector(f, f, 0, 1), h = __builtin_shufflevector(f, f, 2, 3);
    lk_i64x2 m2 = (lk_i64x2)(g > h);
    lk_f64x2 k = (lk_f64x2)(((lk_i64x2)g & m2) | ((lk_i64x2)h & ~m2));
    return k[0] > k[1] ? k[0] : k[1];
}

/* lk_feature_rhu for lanes [0, 8) (the others 0), as floats: exact where the result is
 * a whole number of magnitude at most 2^24. Half the divisions of all 16 lanes. */
LK_LANES_INLINE lk_f32x16 lk_feature_increments8(double free, double divisor, int32_t j0, int32_t step) {
    typedef double lk_f64x8 __attribute__((ext_vector_type(8)));
    typedef float lk_f32x8 __attribute__((ext_vector_type(8)));
    const lk_f64x8 lane = {0, 1, 2, 3, 4, 5, 6, 7};
    const lk_f64x8 a = ((double)j0 + (double)step * lane) * free;
    const lk_f32x8 low = __builtin_convertvector(
        __builtin_elementwise_floor((2.0 * a + divisor) / (2.0 * divisor)), lk_f32x8);
    return __builtin_shufflevector(low, (lk_f32x8)0.0f, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}

/* lk_feature_increments8 for all 16 lanes. */
LK_LANES_INLINE lk_f32x16 lk_feature_increments(double free, double divisor, int32_t j0, int32_t step) {
    return __builtin_convertvector(lk_feature_rhu(free, divisor, j0, step), lk_f32x16);
}

/* ---- Integer lanes: the flow's exact row breaking in units of 1/64 ---------- */

/* Bit l set where ends[l] > threshold, for the 16 values from `ends` (no alignment
 * needed; differences wrap, as the prefix sums do): the row search's step, on the chain
 * of decisions each row waits on. On x86-64 with AVX2 (AVX-512 included) the sign bits
 * of threshold - ends[l] are read off two 8-lane halves by one vmovmskps each (written
 * as assembly: compilers turn the intrinsic back into a longer compare-and-pack
 * sequence); with AVX-512 this is shorter on the chain than a 16-lane compare into a
 * mask register and its move to a general register. */
LK_LANES_INLINE uint32_t lk_bits_past(const int32_t *ends, int32_t threshold) {
#if defined(__AVX2__) && defined(__x86_64__)
    typedef uint32_t lk_u32x8 __attribute__((ext_vector_type(8)));
    lk_u32x8 vlo, vhi;
    __builtin_memcpy(&vlo, ends, sizeof vlo);
    __builtin_memcpy(&vhi, ends + 8, sizeof vhi);
    /* Unsigned, so that the differences wrap (signed overflow would let the compiler
     * compare the sums themselves). */
    const lk_u32x8 lo = (lk_u32x8)(uint32_t)threshold - vlo;
    const lk_u32x8 hi = (lk_u32x8)(uint32_t)threshold - vhi;
    uint32_t blo, bhi;
    __asm__("vmovmskps %1, %0" : "=r"(blo) : "x"(lo));
    __asm__("vmovmskps %1, %0" : "=r"(bhi) : "x"(hi));
    return blo | (bhi << 8);
#else
    typedef uint32_t lk_u32x16 __attribute__((ext_vector_type(16)));
    lk_u32x16 v;
    __builtin_memcpy(&v, ends, sizeof v);
    const lk_i32x16 d = __builtin_bit_cast(lk_i32x16, (lk_u32x16)(uint32_t)threshold - v);
    lk_bool16 m = __builtin_convertvector(d < 0, lk_bool16);
    return __builtin_bit_cast(uint16_t, m);
#endif
}

/* a * b + c in double lanes, fused where the CPU has it (one rounding instead of two). */
LK_LANES_INLINE lk_f64x16 lk_mul_add_f64(lk_f64x16 a, lk_f64x16 b, lk_f64x16 c) {
#if defined(__FMA__) || defined(__AVX512F__)
    return __builtin_elementwise_fma(a, b, c);
#else
    return a * b + c;
#endif
}

/* fl(1 / d) for 1 <= d <= 32 (0 for any other d). */
LK_LANES_INLINE double lk_reciprocal(int32_t d) {
    static const double reciprocals[33] = {
        0, 1.0 / 1, 1.0 / 2, 1.0 / 3, 1.0 / 4, 1.0 / 5, 1.0 / 6, 1.0 / 7, 1.0 / 8, 1.0 / 9, 1.0 / 10,
        1.0 / 11, 1.0 / 12, 1.0 / 13, 1.0 / 14, 1.0 / 15, 1.0 / 16, 1.0 / 17, 1.0 / 18, 1.0 / 19, 1.0 / 20,
        1.0 / 21, 1.0 / 22, 1.0 / 23, 1.0 / 24, 1.0 / 25, 1.0 / 26, 1.0 / 27, 1.0 / 28, 1.0 / 29, 1.0 / 30,
        1.0 / 31, 1.0 / 32};
    return reciprocals[(uint32_t)d <= 32 ? d : 0];
}

/* Space-between, -around and -evenly in whole units: lane l's move lead + rhu(k F / d)
 * for subject k = l, or k = n - 1 - l when `reversed`, free space F = q d + r (0 <= r <
 * d), lead = (q >> lead_shift) & lead_mask. Exact for 0 < F <= 2^23, 1 <= d <= 17 and
 * 0 <= k <= d, k < 16 (every lane of a line; Tests/c/test_lanes.c checks every such F, d
 * and k, with each instruction set's form):
 *  - with AVX-512, no division: q = floor(F fl(1/d) + 1/1024) (F / d is whole or at least
 *    1/d below the next whole number, F fl(1/d) within 2^-28 of it), and
 *    rhu(k F / d) = floor(k F fl(1/d) + 1/2 + 1/1024) in double lanes (k F / d + 1/2 is
 *    whole or at least 1/2d below the next whole number; the sum is within 2^-22 of
 *    k F / d + 1/2 + 1/1024, fused or not), each floor a truncation (the sums are >= 0):
 *    a shorter chain than the divisions';
 *  - with narrower vectors, where double lanes cost twice the float ones, one integer
 *    division and k q + floor(k (r / d) + 1/2 + 1/64) in float lanes (k r / d + 1/2 is
 *    whole or more than 1/64 below the next whole number, and k * (float)(r / d) is within
 *    2^-19 of k r / d; k q and the sum are whole numbers below 2^24).
 * (Lanes past the line hold other values, of magnitude below 2^31.) */
LK_LANES_INLINE lk_i32x16 lk_feature_spaced(int32_t free, int32_t d, int32_t n, int reversed, int32_t lead_shift,
                                            int32_t lead_mask) {
#if defined(__AVX512F__)
    const double step = (double)free * lk_reciprocal(d);
    const int32_t q = (int32_t)(step + 1.0 / 1024);
    const lk_f64x16 lane = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    const lk_f64x16 k = reversed ? (double)(n - 1) - lane : lane;
    const lk_f64x16 sum = lk_mul_add_f64(k, (lk_f64x16)step, (lk_f64x16)(0.5 + 1.0 / 1024));
    return ((q >> lead_shift) & lead_mask) + __builtin_convertvector(sum, lk_i32x16);
#else
    const int32_t q = free / d, r = free - q * d;
    const lk_f32x16 lane = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    const lk_f32x16 k = reversed ? (float)(n - 1) - lane : lane;
    const lk_f32x16 whole = __builtin_elementwise_floor(k * ((float)r / (float)d) + (0.5f + 1.0f / 64.0f));
    return ((q >> lead_shift) & lead_mask) + __builtin_convertvector(k * (float)q + whole, lk_i32x16);
#endif
}

/* The lanes of v (>= 0) in whole units of 1/64 px, rounded toward zero; lanes past 2^31
 * units come out as 2^31 - 128 (the caller's sums reveal them). */
LK_LANES_INLINE lk_i32x16 lk_units_clamped(lk_f32x16 v) {
    return __builtin_convertvector(__builtin_elementwise_min(v * 64.0f, (lk_f32x16)2147483520.0f), lk_i32x16);
}

/* Bit l set where lane l of lk_units_clamped(v) = `whole` is not v in units (v off the
 * 1/64 lattice). */
LK_LANES_INLINE uint32_t lk_units_off(lk_f32x16 v, lk_i32x16 whole) {
    lk_bool16 off = __builtin_convertvector(
        __builtin_convertvector(whole, lk_f32x16) != __builtin_elementwise_min(v * 64.0f, (lk_f32x16)2147483520.0f),
        lk_bool16);
    return __builtin_bit_cast(uint16_t, off);
}

/* v rounded toward zero to int32 when it fits; INT32_MIN when it does not or is NaN
 * (x86's own answer, one instruction). Never undefined behaviour. */
LK_LANES_INLINE int32_t lk_i32_truncated(double v) {
#if defined(__x86_64__) || defined(__i386__)
    typedef double lk_f64x2_sse __attribute__((vector_size(16)));
    return __builtin_ia32_cvttsd2si((lk_f64x2_sse){v, 0.0});
#else
    return v < 2147483648.0 && v > -2147483649.0 ? (int32_t)v : INT32_MIN;
#endif
}

/* Inclusive prefix sum of 16 int32 lanes, wrapping (two's complement): differences of
 * the results are exact whenever the true difference fits in int32. */
LK_LANES_INLINE lk_i32x16 lk_prefix_sum_i32(lk_i32x16 v) {
    const lk_i32x16 z = (lk_i32x16)0;
    v += __builtin_shufflevector(z, v, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30);
    v += __builtin_shufflevector(z, v, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29);
    v += __builtin_shufflevector(z, v, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27);
    v += __builtin_shufflevector(z, v, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23);
    return v;
}

/* Growing items that share one factor: the running totals of the shares of R = q m + r
 * (0 <= r < m) among the m lanes set in `growers`, d = 2r - m: lane l gets the shares of
 * the growing lanes 0 ... l (R from the last growing lane on). By the rule (from the last
 * growing item to the first, each R_t / t rounded half up of what remains, t items
 * left), the item with s growing items after it takes q plus one when s <= d, or when
 * s + d >= 0 is even: with d_t = 2 r_t - t for R_t = q t + r_t, an item takes q + 1
 * exactly when d_t >= 0, and d falls by one each step while it is >= 0 and rises by one
 * while it is negative, so it counts down from d to -1 (or up from d to 0) and then
 * alternates. So the a growing items after lane l take q a + min(a, p) + max(a - s, 0) / 2
 * (p = max(d + 1, 0), s = |d + 1|), and lane l's total is R less that: one prefix sum (of
 * the growing lanes), no sum of the shares themselves. Tests/c/test_lanes.c checks it
 * against the rule for every set of growing lanes and every r. */
LK_LANES_INLINE lk_i32x16 lk_grow_equal_totals(uint32_t growers, int32_t m, int32_t q, int32_t room, int32_t d) {
    const lk_i32x16 after = m + lk_prefix_sum_i32(lk_lanes_of_bits(growers));   /* a */
    const int32_t e = d + 1, p = e > 0 ? e : 0, s = e < 0 ? -e : e;
    const lk_i32x16 plus = __builtin_elementwise_min(after, (lk_i32x16)p)
                         + (__builtin_elementwise_max(after - s, (lk_i32x16)0) >> 1);
    return room - q * after - plus;
}

/* Lane l - 1 of v in lane l, 0 in lane 0: running totals made exclusive. */
LK_LANES_INLINE lk_i32x16 lk_lanes_before_i32(lk_i32x16 v) {
    return __builtin_shufflevector((lk_i32x16)0, v, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30);
}


/* The first `count` floats at p (count in [0, 16]), the other lanes 0. */
LK_LANES_INLINE lk_f32x16 lk_load_partial(const float *p, int32_t count) {
    lk_f32x16 v = (lk_f32x16)0.0f;
    __builtin_memcpy(&v, p, (size_t)count * sizeof(float));
    return v;
}

/* Stores the first `count` lanes of v at p (count in [0, 16]). */
LK_LANES_INLINE void lk_store_partial(float *p, lk_f32x16 v, int32_t count) {
    __builtin_memcpy(p, &v, (size_t)count * sizeof(float));
}

typedef uint32_t lk_u32x16 __attribute__((ext_vector_type(16)));

/* The largest, lane by lane, of `most` and the length keys of v: a value's bits as an
 * unsigned integer, with -0 read as +0. A value is a valid length, in [0, 2^64], iff
 * its key is at most LK_LENGTH_KEY_MAX: the valid bit patterns are +0 ... 0x5F800000
 * (2^64) and 0x80000000 (-0); NaNs, infinities and negative values have larger keys.
 * A compare, an and-not and a max per register (no mask to fold). */
#define LK_LENGTH_KEY_MAX 0x5F800000u
LK_LANES_INLINE lk_u32x16 lk_max_length_keys(lk_u32x16 most, lk_f32x16 v) {
    const lk_u32x16 bits = __builtin_bit_cast(lk_u32x16, v);
    const lk_u32x16 keys = bits & ~(lk_u32x16)(bits == 0x80000000u);
    return __builtin_elementwise_max(most, keys);
}

/* Whether every key gathered in `a` and `b` (lk_max_length_keys) is a valid length's. */
LK_LANES_INLINE int lk_length_keys_valid(lk_u32x16 a, lk_u32x16 b) {
    return __builtin_reduce_max(__builtin_elementwise_max(a, b)) <= LK_LENGTH_KEY_MAX;
}

/* Every lane set to lane 15. */
LK_LANES_INLINE lk_i32x16 lk_splat_last_i32(lk_i32x16 v) {
    return __builtin_shufflevector(v, v, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15);
}

/* Lengths in units of 1/64: v * 64 as int32. ORs into *bad the bits of the lanes where
 * that is not exact or exceeds max_units (v is >= 0 and not NaN). */
LK_LANES_INLINE lk_i32x16 lk_units(lk_f32x16 v, int32_t max_units, uint32_t *bad) {
    const lk_f32x16 scaled = v * 64.0f;
    const lk_i32x16 whole = __builtin_convertvector(scaled, lk_i32x16);
    lk_bool16 off = __builtin_convertvector(
        (__builtin_convertvector(whole, lk_f32x16) != scaled) | (whole > max_units), lk_bool16);
    *bad |= __builtin_bit_cast(uint16_t, off);
    return whole;
}

/* The 16 doubles at p (any alignment) as integers, each a whole number below 2^31 in
 * magnitude. */
LK_LANES_INLINE lk_i32x16 lk_i32_from_f64(const double *p) {
    lk_f64x16 v;
    __builtin_memcpy(&v, p, sizeof v);
    return __builtin_convertvector(v, lk_i32x16);
}

/* Lanes as float, times 1/64 (exact for |v| < 2^24). */
LK_LANES_INLINE lk_f32x16 lk_from_units(lk_i32x16 v) {
    return __builtin_convertvector(v, lk_f32x16) * (1.0f / 64.0f);
}

/* Lengths grown by shares (whole units): lane l, when bit l of `growing` is set, its
 * length plus its share / 64 (a -0 length grows to +0, as the rule's sum does); any other
 * lane its length, -0 included (it adds -0). Exact for whole units below 2^24. */
LK_LANES_INLINE lk_f32x16 lk_grown_lengths(lk_f32x16 lengths, lk_i32x16 shares, uint32_t growing) {
    const lk_i32x16 on = lk_lanes_of_bits(growing);
    const lk_i32x16 share = __builtin_bit_cast(lk_i32x16, lk_from_units(shares));
    const lk_i32x16 added = (on & share) | (~on & (int32_t)0x80000000);   /* -0 where off */
    return lengths + __builtin_bit_cast(lk_f32x16, added);
}

/* The largest of lanes [0, count) of v (lanes >= 0; a -0 counts as +0) and, in *first,
 * the first lane holding it. count in [1, 16]. */
LK_LANES_INLINE float lk_max_first(lk_f32x16 v, int32_t count, int32_t *first) {
    const lk_i32x16 lane = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    const lk_i32x16 bits = __builtin_bit_cast(lk_i32x16, v) & (lane < count) & 0x7fffffff;
    const int32_t top = __builtin_reduce_max(bits);
    lk_bool16 eq = __builtin_convertvector(bits == top, lk_bool16);
    *first = __builtin_ctz(__builtin_bit_cast(uint16_t, eq) | 0x10000u);
    return __builtin_bit_cast(float, top);
}

/* ---- The engine's chunk digest ------------------------------------------- */

/* Continues XXH3's accumulation over `stripes` stripes of 64 bytes at p: for each
 * word k of a stripe, acc[k ^ 1] += word and acc[k] += lo32(word ^ key) * hi32(word ^
 * key), the key being words s .. s + 7 of `key` for the stripe's place s (0 .. 15) in
 * its 1 KB block; after each block acc = (acc ^ acc >> 47 ^ key[16 .. 23]) * 0x9E3779B1.
 * state: the eight accumulators, then s. key: 24 words. */
LK_LANES_INLINE void lk_digest_stripes(uint64_t *state, const void *p, size_t stripes, const uint64_t *key) {
    lk_u64x8 acc, scramble;
    __builtin_memcpy(&acc, state, 64);
    __builtin_memcpy(&scramble, key + 16, 64);
    uint64_t s = state[8];
    const unsigned char *bytes = (const unsigned char *)p;
    for (size_t i = 0; i < stripes; i++) {
        lk_u64x8 w, k;
        __builtin_memcpy(&w, bytes + 64 * i, 64);
        __builtin_memcpy(&k, key + s, 64);
        lk_u64x8 mixed = w ^ k;
        acc += __builtin_shufflevector(w, w, 1, 0, 3, 2, 5, 4, 7, 6) + (mixed & 0xFFFFFFFFULL) * (mixed >> 32);
        if (++s == 16) {
            acc = (acc ^ (acc >> 47) ^ scramble) * 0x9E3779B1ULL;
            s = 0;
        }
    }
    __builtin_memcpy(state, &acc, 64);
    state[8] = s;
}

#pragma clang diagnostic pop

#endif
