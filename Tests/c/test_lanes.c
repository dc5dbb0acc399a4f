/*
 * test_lanes.c — the closed forms of the kernels' lane helpers
 * (Sources/LayoutKernelCPU/include/lk_lanes.h) against their definitions, over every
 * input of the ranges the kernels call them with. No library needed. Built with clang
 * (the helpers use its vector extensions), once per instruction set this CPU runs
 * (run.sh): the helpers' multiply-adds are fused with FMA and AVX-512, not without.
 *
 *   test_lanes          every check; ends with "N passed, M failed", exits 1 on a failure
 */
#include "lk_lanes.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static long passed, failed;

static void check(int ok, const char *what, long a, long b, long c, long lane, long got, long want) {
    if (ok) {
        passed++;
        return;
    }
    if (failed++ < 10) {
        printf("FAIL %s (%ld, %ld, %ld) lane %ld: %ld, want %ld\n", what, a, b, c, lane, got, want);
    }
}

/* Space-between, -around and -evenly (UnitAlong.spaced): for every free space
 * 0 < F <= 2^23 and every divisor d <= 17, the lead floor(F / d) and, in every lane
 * k <= d (a line of n items has d = n - 1, n or n + 1 and k < n), rhu(k F / d) =
 * floor((2 k F + d) / 2d); reversed lines (k = n - 1 - l) for every line length
 * n <= d + 1 and F up to 2^12. */
static void check_spaced(void) {
    for (int32_t d = 1; d <= 17; d++) {
        long bad = 0;
        for (int32_t free = 1; free <= 1 << 23; free++) {
            /* Led by floor(F / d) (lead_mask -1), which lane 0 shows. */
            const lk_i32x16 moves = lk_feature_spaced(free, d, 16, 0, 0, -1);
            int ok = 1;
            for (int64_t k = 0; k < 16 && k <= d; k++) {
                ok &= moves[k] == free / d + (2 * k * free + d) / (2 * d);
            }
            if (!ok) {
                bad++;
                for (int64_t k = 0; k < 16 && k <= d; k++) {
                    check(moves[k] == free / d + (2 * k * free + d) / (2 * d), "lk_feature_spaced", free, d, 0, k,
                          moves[k], free / d + (2 * k * free + d) / (2 * d));
                }
            }
            if (free <= 1 << 12) {
                for (int32_t n = 1; n <= 16 && n <= d + 1; n++) {
                    const lk_i32x16 back = lk_feature_spaced(free, d, n, 1, 0, 0);
                    for (int64_t l = 0; l < n; l++) {
                        const int64_t k = n - 1 - l;
                        check(back[l] == (2 * k * free + d) / (2 * d), "lk_feature_spaced reversed", free, d, n, l,
                              back[l], (2 * k * free + d) / (2 * d));
                    }
                }
            }
        }
        check(bad == 0, "spaced lines of divisor", d, 0, 0, 0, bad, 0);
    }
}

/* Growing items of one factor (StraightGrowth.equalTotals): for every set of growing
 * lanes and every R = q m + r shared among its m items (r < m; q up to 40 and four large
 * ones), lk_grow_equal_totals against the rule itself: from the last growing item to the
 * first, each takes what remains over the t items left, rounded half up; each lane's
 * total is the sum of the shares up to it. */
static void check_grow(void) {
    static const int32_t large[] = {1000, 65535, 524287, 1048575};
    for (uint32_t growers = 1; growers < 1u << 16; growers++) {
        const int32_t m = __builtin_popcount(growers);
        for (int32_t j = 0; j < 45; j++) {
            const int32_t q = j < 41 ? j : large[j - 41];
            for (int32_t r = 0; r < m; r++) {
                const int32_t room = q * m + r;
                const lk_i32x16 totals = lk_grow_equal_totals(growers, m, q, room, 2 * r - m);
                int64_t shares[16] = {0}, left = room, sum = 0;
                for (int32_t l = 15, t = m; l >= 0; l--) {
                    if (growers >> l & 1) {
                        shares[l] = (2 * left + t) / (2 * t);
                        left -= shares[l];
                        t--;
                    }
                }
                int ok = 1;
                for (int32_t l = 0; l < 16; l++) {
                    sum += shares[l];
                    ok &= totals[l] == sum;
                }
                check(ok, "lk_grow_equal_totals", growers, q, r, 0, 0, 0);
            }
        }
    }
}

/* Doubles to int32 (UnitsFromEnd's line places and sizes): whole numbers and fractions
 * of either sign truncate toward zero up to the type's bounds; anything past them, an
 * infinity or NaN gives INT32_MIN. */
static void check_truncated(void) {
    static const double fits[] = {0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 63.999, -63.999, 4194304.0, 1e9 + 0.75,
                                  -1e9 - 0.75, 2147483647.0, 2147483647.9, -2147483648.0, -2147483648.9};
    for (size_t k = 0; k < sizeof fits / sizeof fits[0]; k++) {
        check(lk_i32_truncated(fits[k]) == (int32_t)trunc(fits[k]), "lk_i32_truncated", (long)k, 0, 0, 0,
              lk_i32_truncated(fits[k]), (long)trunc(fits[k]));
    }
    static const double past[] = {2147483648.0, -2147483649.0, 1e300, -1e300, INFINITY, -INFINITY, NAN};
    for (size_t k = 0; k < sizeof past / sizeof past[0]; k++) {
        check(lk_i32_truncated(past[k]) == INT32_MIN, "lk_i32_truncated past int32", (long)k, 0, 0, 0,
              lk_i32_truncated(past[k]), INT32_MIN);
    }
    for (int32_t v = -(1 << 20); v <= 1 << 20; v++) {
        check(lk_i32_truncated(v + 0.25) == (v < 0 ? v + 1 : v), "lk_i32_truncated of v + 1/4", v, 0, 0, 0,
              lk_i32_truncated(v + 0.25), v < 0 ? v + 1 : v);
    }
}

/* The row search's step (lk_bits_past): bit l set exactly where ends[l] - threshold,
 * wrapping, is positive; around 0, around the wrap of the prefix sums, and with
 * differences of either sign up to 2^26, in every lane. */
static void check_bits_past(void) {
    static const int64_t bases[] = {0, 1, -1, 1 << 24, -(1 << 24), INT32_MAX, INT32_MIN, INT32_MAX - 100, INT32_MIN + 100};
    uint64_t state = 0x9E3779B97F4A7C15u;
    for (size_t b = 0; b < sizeof bases / sizeof bases[0]; b++) {
        for (int round = 0; round < 20000; round++) {
            int32_t ends[16];
            state = state * 6364136223846793005u + 1442695040888963407u;
            const int32_t threshold = (int32_t)(uint32_t)(bases[b] + (int64_t)(state >> 40) - (1 << 23));
            for (int l = 0; l < 16; l++) {
                state = state * 6364136223846793005u + 1442695040888963407u;
                const int64_t spread = round % 3 == 0 ? 4 : round % 3 == 1 ? 1 << 16 : 1 << 26;
                ends[l] = (int32_t)(uint32_t)((uint32_t)threshold + (uint32_t)((int64_t)(state >> 33) % spread - spread / 2));
            }
            uint32_t want = 0;
            for (int l = 0; l < 16; l++) {
                if ((int32_t)((uint32_t)ends[l] - (uint32_t)threshold) > 0) want |= 1u << l;
            }
            const uint32_t got = lk_bits_past(ends, threshold);
            check(got == want, "lk_bits_past", (long)b, round, threshold, 0, (long)got, (long)want);
        }
    }
}

/* A row's height (lk_max_of_first): the largest of the first `count` lanes, a -0
 * counted as +0, +0 for none, against the definition, for every count 0..16 and
 * non-negative lanes (zeros of both signs, denormals, ordinary and huge values). */
static void check_max_of_first(void) {
    uint64_t state = 0x2545F4914F6CDD1Du;
    for (int round = 0; round < 20000; round++) {
        lk_f32x16 v;
        for (int l = 0; l < 16; l++) {
            state = state * 6364136223846793005u + 1442695040888963407u;
            const uint32_t r = (uint32_t)(state >> 32);
            const float choices[4] = {0.0f, -0.0f, 1e-40f, (float)(r % 100000) / 64.0f};
            float x = choices[r % 4];
            if (round % 7 == 0) x = (float)(r >> 8) * 1e20f;
            v[l] = x;
        }
        for (int32_t count = 0; count <= 16; count++) {
            float want = 0.0f;
            for (int l = 0; l < count; l++) {
                if (v[l] > want) want = v[l];
            }
            const float got = lk_max_of_first(v, count);
            uint32_t got_bits, want_bits;
            memcpy(&got_bits, &got, 4);
            memcpy(&want_bits, &want, 4);
            check(got_bits == want_bits, "lk_max_of_first", round, count, 0, 0, (long)got_bits, (long)want_bits);
        }
    }
}

/* lk_max_length_keys and lk_length_keys_valid against the definition of a valid length
 * (a float in [0, 2^64]; -0 counts): one lane at a time, the others +0, for every bit
 * pattern around the boundaries (+-0, the denormals, 2^64 and its neighbours, the
 * infinities, NaNs) and a sweep of 2^20 patterns over the whole range. */
static int valid_length(uint32_t bits) {
    float v;
    memcpy(&v, &bits, sizeof v);
    return v >= 0.0f && v <= 18446744073709551616.0f;
}

static void check_length_one(uint32_t bits, int lane) {
    float values[16] = {0};
    lk_f32x16 v;
    memcpy(&values[lane], &bits, sizeof bits);
    memcpy(&v, values, sizeof v);
    const lk_u32x16 zero = {0};
    const int got = lk_length_keys_valid(lk_max_length_keys(zero, v), zero);
    check(got == valid_length(bits), "lk_max_length_keys", (long)bits, lane, 0, 0, got, valid_length(bits));
}

static void check_length_keys(void) {
    static const uint32_t around[] = {0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x007FFFFFu,
                                      0x5F7FFFFFu, 0x5F800000u, 0x5F800001u, 0x7F800000u, 0xFF800000u,
                                      0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0xBF800000u, 0x3F800000u};
    for (size_t k = 0; k < sizeof around / sizeof around[0]; k++)
        for (int lane = 0; lane < 16; lane++) check_length_one(around[k], lane);
    for (uint64_t bits = 0; bits < (1ull << 32); bits += 4093) check_length_one((uint32_t)bits, (int)(bits % 16));
}

int main(void) {
    check_length_keys();
    check_bits_past();
    check_max_of_first();
    check_spaced();
    check_grow();
    check_truncated();
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed != 0;
}
