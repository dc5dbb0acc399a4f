/*
 * test_api.c — tests of the LayoutKernel C API, written against
 * Include/layoutkernel.h (items, the flow, errors), not against the
 * Swift sources: the flow entry points (lk_flow_layout, lk_flow_size,
 * lk_flow_row_count), versions, status names, anchors, the kernel level, every
 * error, buffers, threads.
 *
 * Build (Tests/c/run.sh does this):
 *   cc -std=c99 -Wall -Wextra -Werror -pedantic -pthread -IInclude \
 *      Tests/c/test_api.c -L.build/release -lLayoutKernel \
 *      -Wl,-rpath,$PWD/.build/release -lm
 *
 * Every check counts; the last line of output is "N passed, M failed" and the
 * exit status is non-zero when anything failed. A crash (the library must
 * never crash on bad input) is reported with the section it happened in.
 *
 * The hand-worked layouts use integers and halves, which are exact in binary,
 * so every comparison is exact (==), never approximate. Beyond them, every
 * flow case of the reference fixtures (Tests/Fixtures/reference: the results
 * of the library's scalar reference, see fixtures.h) is replayed through the
 * flow entry points, bit for bit, at whatever kernel level runs.
 *
 * The kernel level comes from LAYOUTKERNEL_ISA (run.sh runs this program once
 * per level); `test_api --print-kernel` prints lk_active_kernel() and exits.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */

#include "layoutkernel.h"

#include <ctype.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "check.h"
#include "fixtures.h"

/* ======================================================================== */
/* Inputs                                                                    */
/* ======================================================================== */

static lk_flow_params params_fixed(float spacing, float line_spacing,
                                   float ax, float ay)
{
    lk_flow_params p = lk_flow_params_default();
    p.spacing = spacing;
    p.line_spacing = line_spacing;
    p.spacing_mode = LK_SPACING_FIXED;
    p.line_spacing_mode = LK_SPACING_FIXED;
    p.alignment.x = ax;
    p.alignment.y = ay;
    return p;
}

/* ======================================================================== */
/* Checking a successful layout against hand-worked values                   */
/* ======================================================================== */

/* Checks the flow of `it` through lk_flow_layout (four ways), lk_flow_size and
 * lk_flow_row_count against e (check.h, expect_result). */
static void expect_flow(const char *loc, const lk_items *it, const lk_flow_params *p,
                        lk_proposal pr, const Expect *e)
{
    Call c = flow_call(p);
    expect_result(loc, it, &c, pr, e);
}

#define EXPECT_FLOW(it, p, pr, ...)                                          \
    do {                                                                    \
        Expect e_ = __VA_ARGS__;                                            \
        expect_flow(LOC, (it), (p), (pr), &e_);                             \
    } while (0)

/* ======================================================================== */
/* Checking a failure                                                        */
/* ======================================================================== */

/* Expects failure e from lk_flow_layout on a prepared Out (nothing written). */
static void expect_layout_error_on(const char *loc, const char *what,
                                   const lk_items *it, const lk_flow_params *p,
                                   lk_proposal pr, Out *o, ErrExpect e)
{
    Call c = flow_call(p);
    expect_error_on(loc, what, it, &c, pr, o, e);
}

/* Expects failure e from each of lk_flow_layout, lk_flow_size and
 * lk_flow_row_count in `which` (ON_PLACE, ON_SIZE, ON_ROWS). */
static void expect_flow_error(const char *loc, const char *what,
                              const lk_items *it, const lk_flow_params *p,
                              lk_proposal pr, int which, ErrExpect e)
{
    Call c = flow_call(p);
    expect_error(loc, what, it, &c, pr, which, e);
}

/* ======================================================================== */
/* Tests: versions, status names, anchors, defaults                          */
/* ======================================================================== */

static void test_initial_error_state(void)
{
    g_section = "error state before any failure";
    CHECK_STR(lk_last_error_message(), "");
    CHECK_ST(lk_last_error_status(), LK_OK);
}

static void test_versions(void)
{
    char want[64];
    const char *s;
    g_section = "versions";
    CHECK_I(lk_version_number(), LK_VERSION_NUMBER);
    CHECK_I(LK_VERSION_NUMBER,
            LK_VERSION_MAJOR * 10000 + LK_VERSION_MINOR * 100 + LK_VERSION_PATCH);
    CHECK_I(lk_abi_version(), LK_ABI_VERSION);
    snprintf(want, sizeof want, "%d.%d.%d", LK_VERSION_MAJOR, LK_VERSION_MINOR,
             LK_VERSION_PATCH);
    s = lk_version_string();
    CHECK(s != NULL);
    CHECK_STR(s, want);
}

static void test_status_names(void)
{
    static const struct {
        lk_status code;
        const char *name;
    } names[] = {
        {LK_OK, "LK_OK"},
        {LK_ERR_NULL_POINTER, "LK_ERR_NULL_POINTER"},
        {LK_ERR_INVALID_ITEM_SIZE, "LK_ERR_INVALID_ITEM_SIZE"},
        {LK_ERR_INVALID_ITEM_SPACING, "LK_ERR_INVALID_ITEM_SPACING"},
        {LK_ERR_INVALID_ITEM_FLAGS, "LK_ERR_INVALID_ITEM_FLAGS"},
        {LK_ERR_INVALID_PROPOSAL, "LK_ERR_INVALID_PROPOSAL"},
        {LK_ERR_INVALID_PARAMETER, "LK_ERR_INVALID_PARAMETER"},
        {LK_ERR_BUFFER_TOO_SMALL, "LK_ERR_BUFFER_TOO_SMALL"},
        {LK_ERR_SIZE_OVERFLOW, "LK_ERR_SIZE_OVERFLOW"},
        {LK_ERR_BUSY, "LK_ERR_BUSY"},
        {LK_ERR_OUT_OF_MEMORY, "LK_ERR_OUT_OF_MEMORY"},
    };
    static const lk_status unknown[] = {11, 12, 100, -1, INT32_MIN, INT32_MAX};
    size_t i;
    g_section = "lk_status_name";
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        set_case("code %d", (int)names[i].code);
        CHECK_STR(lk_status_name(names[i].code), names[i].name);
    }
    for (i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        set_case("unknown code %" PRId32, unknown[i]);
        CHECK_STR(lk_status_name(unknown[i]), "LK_ERR_UNKNOWN");
    }
    set_case("%s", "");
}

static void test_alignment_anchor(void)
{
    static const struct {
        int32_t name;
        float x, y;
    } anchors[] = {
        {LK_ALIGN_TOP_LEADING, 0, 0},      {LK_ALIGN_TOP, 0.5f, 0},
        {LK_ALIGN_TOP_TRAILING, 1, 0},     {LK_ALIGN_LEADING, 0, 0.5f},
        {LK_ALIGN_CENTER, 0.5f, 0.5f},     {LK_ALIGN_TRAILING, 1, 0.5f},
        {LK_ALIGN_BOTTOM_LEADING, 0, 1},   {LK_ALIGN_BOTTOM, 0.5f, 1},
        {LK_ALIGN_BOTTOM_TRAILING, 1, 1},
    };
    static const int32_t unknown[] = {9, -1, 100, INT32_MIN, INT32_MAX};
    size_t i;
    lk_anchor a;
    char primed[300];
    g_section = "lk_alignment_anchor";
    for (i = 0; i < sizeof anchors / sizeof anchors[0]; i++) {
        set_case("alignment %d", (int)anchors[i].name);
        a.x = a.y = -99;
        CHECK_ST(lk_alignment_anchor(anchors[i].name, &a), LK_OK);
        CHECK_F(a.x, anchors[i].x);
        CHECK_F(a.y, anchors[i].y);
    }
    for (i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        ErrExpect e = err(LK_ERR_INVALID_PARAMETER);
        set_case("unknown alignment %" PRId32, unknown[i]);
        a.x = a.y = -99;
        prime_error(e.status, primed, sizeof primed);
        check_error_state(LOC, "lk_alignment_anchor", lk_alignment_anchor(unknown[i], &a),
                          &e, primed);
        CHECK(a.x == -99 && a.y == -99); /* *out untouched */
    }
    {
        ErrExpect e = err(LK_ERR_NULL_POINTER);
        set_case("NULL out");
        prime_error(e.status, primed, sizeof primed);
        check_error_state(LOC, "lk_alignment_anchor(CENTER, NULL)",
                          lk_alignment_anchor(LK_ALIGN_CENTER, NULL), &e, primed);
    }
    set_case("%s", "");
}

static void test_params_default(void)
{
    lk_flow_params p = lk_flow_params_default();
    g_section = "lk_flow_params_default";
    CHECK_F(p.spacing, 0);
    CHECK_F(p.line_spacing, 0);
    CHECK_I(p.spacing_mode, LK_SPACING_FIXED);
    CHECK_I(p.line_spacing_mode, LK_SPACING_FIXED);
    CHECK_F(p.alignment.x, 0);
    CHECK_F(p.alignment.y, 0);
}

/* ======================================================================== */
/* Tests: the kernel level                                                   */
/* ======================================================================== */

/* The x86-64 baseline level's name: "sse2" on x86-64, "portable" elsewhere. */
#if defined(__x86_64__) || defined(_M_X64)
#define BASELINE_KERNEL "sse2"
#else
#define BASELINE_KERNEL "portable"
#endif

/*
 * What this CPU (and its operating system) can run, asked independently of
 * the library: the AVX2 level is Haswell's AVX2 + FMA + BMI1/2, the AVX-512
 * level Skylake-AVX512's F + CD + BW + DQ + VL (DESIGN.md builds the two
 * levels for those CPUs). GCC's and Clang's __builtin_cpu_supports checks the
 * operating system's register state as well. Returns the best level's name,
 * or NULL when it cannot tell (another compiler or architecture).
 */
#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__))
#define HAVE_CPU_PROBE 1
static int cpu_runs_avx2(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
           __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
}

static int cpu_runs_avx512(void)
{
    return cpu_runs_avx2() && __builtin_cpu_supports("avx512f") &&
           __builtin_cpu_supports("avx512cd") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl");
}

static const char *cpu_best_kernel(void)
{
    return cpu_runs_avx512() ? "avx512" : cpu_runs_avx2() ? "avx2" : "sse2";
}

/* Whether the CPU runs the named level; -1: not a level name. */
static int cpu_runs(const char *level)
{
    if (strcmp(level, "reference") == 0 || strcmp(level, "sse2") == 0 ||
        strcmp(level, "portable") == 0)
        return 1;
    if (strcmp(level, "avx2") == 0)
        return cpu_runs_avx2();
    if (strcmp(level, "avx512") == 0)
        return cpu_runs_avx512();
    return -1;
}
#elif !(defined(__x86_64__) || defined(_M_X64))
#define HAVE_CPU_PROBE 1
/* Elsewhere the levels are the reference and the portable build. */
static const char *cpu_best_kernel(void) { return "portable"; }

static int cpu_runs(const char *level)
{
    if (strcmp(level, "reference") == 0 || strcmp(level, "sse2") == 0 ||
        strcmp(level, "portable") == 0)
        return 1;
    if (strcmp(level, "avx2") == 0 || strcmp(level, "avx512") == 0)
        return 0;
    return -1;
}
#else
#define HAVE_CPU_PROBE 0
#endif

/* Whether a and b are equal ignoring ASCII case. */
static int same_ignoring_case(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return 0;
    return *a == *b;
}

static void test_active_kernel(void)
{
    static const char *const names[] = {"avx512", "avx2", "sse2", "portable",
                                        "reference"};
    const char *k = lk_active_kernel();
    const char *req = getenv("LAYOUTKERNEL_ISA");
    size_t i;
    int known = 0;
    char first[32];
    g_section = "lk_active_kernel";

    if (!CHECK(k != NULL))
        return;
    for (i = 0; i < sizeof names / sizeof names[0]; i++)
        known |= strcmp(k, names[i]) == 0;
    ck(known, LOC, "lk_active_kernel() is \"%s\", not one of avx512, avx2, sse2, "
       "portable, reference", k);
    snprintf(first, sizeof first, "%s", k);
#if defined(__x86_64__) || defined(_M_X64)
    ck(strcmp(k, "portable") != 0, LOC, "on x86-64 the baseline is \"sse2\", "
       "got \"%s\"", k);
#else
    ck(strcmp(k, "portable") == 0 || strcmp(k, "reference") == 0, LOC,
       "off x86-64 the levels are \"portable\" and \"reference\", got \"%s\"", k);
#endif

#if HAVE_CPU_PROBE
    {
        const char *best = cpu_best_kernel();
        const char *want = NULL;
        if (req == NULL || req[0] == '\0') {
            set_case("LAYOUTKERNEL_ISA unset: the best level this CPU runs");
            want = best;
        } else {
            int runs = cpu_runs(req);
            if (runs == 1)
                want = strcmp(req, "sse2") == 0 || strcmp(req, "portable") == 0
                           ? BASELINE_KERNEL
                           : req;
            else if (runs == 0)
                want = best; /* a level this CPU cannot run */
            else if (!same_ignoring_case(req, "reference") &&
                     !same_ignoring_case(req, "sse2") &&
                     !same_ignoring_case(req, "portable") &&
                     !same_ignoring_case(req, "avx2") &&
                     !same_ignoring_case(req, "avx512"))
                want = best; /* an unknown name */
            /* Else another spelling of a level's name ("AVX2"): the header
             * names the levels in lower case only; no expectation. */
            set_case("LAYOUTKERNEL_ISA=%s", req);
        }
        if (want != NULL)
            ck(strcmp(k, want) == 0, LOC, "lk_active_kernel() is \"%s\", want \"%s\" "
               "(LAYOUTKERNEL_ISA=%s; this CPU's best level: %s)", k, want,
               req ? req : "(unset)", best);
    }
#else
    if (req != NULL && (strcmp(req, "reference") == 0 || strcmp(req, "sse2") == 0 ||
                        strcmp(req, "portable") == 0)) {
        set_case("LAYOUTKERNEL_ISA=%s", req);
        ck(strcmp(k, strcmp(req, "reference") == 0 ? "reference" : BASELINE_KERNEL) == 0,
           LOC, "lk_active_kernel() is \"%s\" with LAYOUTKERNEL_ISA=%s", k, req);
    }
#endif

    /* Chosen once per process: a layout, then a changed environment, change
     * nothing. */
    {
        static const float w[] = {1, 2}, h[] = {1, 1};
        lk_items it = items_of(2, w, h);
        lk_size s;
        char saved[64];
        int had = req != NULL;
        set_case("chosen once");
        if (had)
            snprintf(saved, sizeof saved, "%s", req);
        CHECK_ST(lk_flow_size(&it, NULL, prop(U, U), &s), LK_OK);
        CHECK_STR(lk_active_kernel(), first);
        setenv("LAYOUTKERNEL_ISA",
               strcmp(first, "reference") == 0 ? BASELINE_KERNEL : "reference", 1);
        CHECK_ST(lk_flow_size(&it, NULL, prop(U, U), &s), LK_OK);
        CHECK_STR(lk_active_kernel(), first);
        if (had)
            setenv("LAYOUTKERNEL_ISA", saved, 1);
        else
            unsetenv("LAYOUTKERNEL_ISA");
    }
    set_case("%s", "");
}

/* ======================================================================== */
/* Tests: successful flows, worked by hand                                   */
/* ======================================================================== */

/*
 * Case A, used by several tests: four items, fixed spacing 10, line spacing 5,
 * proposal width 100.
 *   widths  30 40 50 30
 *   heights 10 20 15  5
 * Rows (x is the running end of the row, s the gap):
 *   i0: row empty, s = 0, offset 0,  x = 30
 *   i1: s = 10, 30+10+40 = 80 <= 100, offset 40, x = 80
 *   i2: s = 10, 80+10+50 = 140 > 100: close row 0 (width 80); offset 0, x = 50
 *   i3: s = 10, 50+10+30 = 90 <= 100, offset 60, x = 90; row 1 width 90
 * Row 0: items 0-1, height max(10, 20) = 20, y = 0.
 * Row 1: items 2-3, height max(15, 5) = 15, y = 0 + 20 + 5 = 25.
 * Container: width 100 (finite proposal), height 25 + 15 = 40.
 * Placement with anchor (ax, ay): free widths 100-80 = 20 and 100-90 = 10;
 *   x = (0 + 20ax, 40 + 20ax, 0 + 10ax, 60 + 10ax)
 *   y = (0 + ay(20-10), 0 + ay(20-20), 25 + ay(15-15), 25 + ay(15-5))
 *     = (10ay, 0, 25, 25 + 10ay)
 */
static const float A_W[] = {30, 40, 50, 30};
static const float A_H[] = {10, 20, 15, 5};

static void test_fixed_spacing(void)
{
    lk_items it = items_of(4, A_W, A_H);
    lk_flow_params p = params_fixed(10, 5, 0, 0);
    g_section = "flow: fixed spacing";

    set_case("case A, W = 100, top-leading");
    EXPECT_FLOW(&it, &p, prop(100, U),
                {100, 40, 2, F(0, 40, 0, 60), F(0, 0, 25, 25), I(0, 2), I(2, 2),
                 D(0, 25), F(80, 90), F(20, 15), NULL, NULL, 0});

    /* The proposal's height never changes the rows (and 1000 > 20, 100 > 50,
     * so the min-size rule does not apply): same as above. */
    set_case("case A, proposal (100, 1000)");
    EXPECT_FLOW(&it, &p, prop(100, 1000),
                {100, 40, 2, F(0, 40, 0, 60), F(0, 0, 25, 25), I(0, 2), I(2, 2),
                 D(0, 25), F(80, 90), F(20, 15), NULL, NULL, 0});

    /* An item that fits exactly (x + s + w == W) stays on the row:
     * widths 30 40 1, spacing 10, W = 80: i1 30+10+40 = 80 = W fits (offset
     * 40); i2 80+10+1 > 80 breaks. Rows: [0,1] width 80, [2] width 1.
     * Heights 10 20 15: row 0 height 20, row 1 y = 20 + 5 = 25, height 15.
     * Container 80 x 40. */
    {
        static const float w[] = {30, 40, 1}, h[] = {10, 20, 15};
        lk_items it3 = items_of(3, w, h);
        set_case("exact fit, W = 80");
        EXPECT_FLOW(&it3, &p, prop(80, U),
                    {80, 40, 2, F(0, 40, 0), F(0, 0, 25), I(0, 2), I(2, 1),
                     D(0, 25), F(80, 1), F(20, 15), NULL, NULL, 0});
    }

    /* Fixed mode ignores per-item spacing arrays, whatever they hold:
     * same as case A. */
    {
        static const float big[] = {77, 77, 77, 77};
        lk_items itx = it;
        itx.spacing_leading = big;
        itx.spacing_trailing = big;
        itx.spacing_top = big;
        itx.spacing_bottom = big;
        set_case("case A with spacing arrays, fixed modes");
        EXPECT_FLOW(&itx, &p, prop(100, U),
                    {100, 40, 2, F(0, 40, 0, 60), F(0, 0, 25, 25), I(0, 2),
                     I(2, 2), D(0, 25), F(80, 90), F(20, 15), NULL, NULL, 0});
    }

    /* params == NULL means the defaults: spacing 0, line 0, top-leading.
     * Case A at W = 100 with no gaps: i0 0 (x 30), i1 30 (x 70), i2 70+50 =
     * 120 > 100 breaks: offset 0 (x 50), i3 50 (x 80). Rows [0,1] w 70 h 20,
     * [2,3] w 80 h 15 at y 20. Container 100 x 35. */
    set_case("params NULL (defaults)");
    EXPECT_FLOW(&it, NULL, prop(100, U),
                {100, 35, 2, F(0, 30, 0, 50), F(0, 0, 20, 20), I(0, 2), I(2, 2),
                 D(0, 20), F(70, 80), F(20, 15), NULL, NULL, 0});
    {
        lk_flow_params d = lk_flow_params_default();
        set_case("explicit defaults, same as NULL");
        EXPECT_FLOW(&it, &d, prop(100, U),
                    {100, 35, 2, F(0, 30, 0, 50), F(0, 0, 20, 20), I(0, 2),
                     I(2, 2), D(0, 20), F(70, 80), F(20, 15), NULL, NULL, 0});
    }
    set_case("%s", "");
}

static void test_alignments(void)
{
    /* Case A (see above) under every named alignment, from
     * x = (20ax, 40 + 20ax, 10ax, 60 + 10ax), y = (10ay, 0, 25, 25 + 10ay). */
    static const struct {
        int32_t name;
        const char *label;
        float x[4], y[4];
    } table[] = {
        {LK_ALIGN_TOP_LEADING, "topLeading", {0, 40, 0, 60}, {0, 0, 25, 25}},
        {LK_ALIGN_TOP, "top", {10, 50, 5, 65}, {0, 0, 25, 25}},
        {LK_ALIGN_TOP_TRAILING, "topTrailing", {20, 60, 10, 70}, {0, 0, 25, 25}},
        {LK_ALIGN_LEADING, "leading", {0, 40, 0, 60}, {5, 0, 25, 30}},
        {LK_ALIGN_CENTER, "center", {10, 50, 5, 65}, {5, 0, 25, 30}},
        {LK_ALIGN_TRAILING, "trailing", {20, 60, 10, 70}, {5, 0, 25, 30}},
        {LK_ALIGN_BOTTOM_LEADING, "bottomLeading", {0, 40, 0, 60}, {10, 0, 25, 35}},
        {LK_ALIGN_BOTTOM, "bottom", {10, 50, 5, 65}, {10, 0, 25, 35}},
        {LK_ALIGN_BOTTOM_TRAILING, "bottomTrailing", {20, 60, 10, 70}, {10, 0, 25, 35}},
    };
    lk_items it = items_of(4, A_W, A_H);
    lk_flow_params p = params_fixed(10, 5, 0, 0);
    size_t k;
    g_section = "flow: alignments";
    for (k = 0; k < sizeof table / sizeof table[0]; k++) {
        set_case("case A, %s", table[k].label);
        CHECK_ST(lk_alignment_anchor(table[k].name, &p.alignment), LK_OK);
        EXPECT_FLOW(&it, &p, prop(100, U),
                    {100, 40, 2, table[k].x, table[k].y, I(0, 2), I(2, 2),
                     D(0, 25), F(80, 90), F(20, 15), NULL, NULL, 0});
    }
    /* An arbitrary anchor (0.25, 0.75):
     * x = (5, 45, 2.5, 62.5), y = (7.5, 0, 25, 32.5). */
    set_case("case A, anchor (0.25, 0.75)");
    p.alignment.x = 0.25f;
    p.alignment.y = 0.75f;
    EXPECT_FLOW(&it, &p, prop(100, U),
                {100, 40, 2, F(5, 45, 2.5f, 62.5f), F(7.5f, 0, 25, 32.5f), I(0, 2),
                 I(2, 2), D(0, 25), F(80, 90), F(20, 15), NULL, NULL, 0});
    set_case("%s", "");
}

/*
 * Per-item spacing, W = 80:
 *   i        0   1   2   3   4
 *   width   20  30  10  40  25
 *   height  12  12   8   6  20
 *   leading  0   4   7   0   3
 *   trailing 5   2   1   6   0
 *   top      0   0   0  17   3
 *   bottom   2  10  13   0   0
 * Rows (gap = max(trailing[a], leading[b])):
 *   i0 offset 0, x = 20
 *   i1 s = max(5, 4) = 5, 20+5+30 = 55 <= 80, offset 25, x = 55
 *   i2 s = max(2, 7) = 7, 55+7+10 = 72 <= 80, offset 62, x = 72
 *   i3 s = max(1, 0) = 1, 72+1+40 = 113 > 80: row 0 width 72; offset 0, x = 40
 *   i4 s = max(6, 3) = 6, 40+6+25 = 71 <= 80, offset 46, x = 71; row 1 width 71
 * Row 0 height 12; its tallest item is the FIRST of height 12: item 0.
 * Row 1 height 20; tallest item 4.
 * Row 1 y = 0 + 12 + max(bottom[0] = 2, top[4] = 3) = 15. (Taking the last
 * item of max height would give max(10, 3) -> 22; the adjacent items
 * max(13, 17) -> 29.)
 * Container 80 x (15 + 20) = 35; top-leading: x = offsets, y = row y.
 */
static const float P_W[] = {20, 30, 10, 40, 25};
static const float P_H[] = {12, 12, 8, 6, 20};
static const float P_LEAD[] = {0, 4, 7, 0, 3};
static const float P_TRAIL[] = {5, 2, 1, 6, 0};
static const float P_TOP[] = {0, 0, 0, 17, 3};
static const float P_BOTTOM[] = {2, 10, 13, 0, 0};

static lk_items per_item_items(void)
{
    lk_items it = items_of(5, P_W, P_H);
    it.spacing_leading = P_LEAD;
    it.spacing_trailing = P_TRAIL;
    it.spacing_top = P_TOP;
    it.spacing_bottom = P_BOTTOM;
    return it;
}

static void test_per_item_spacing(void)
{
    lk_items it = per_item_items();
    /* The fixed values 100 must be ignored in per-item mode. */
    lk_flow_params p = params_fixed(100, 100, 0, 0);
    g_section = "flow: per-item spacing";
    p.spacing_mode = LK_SPACING_PER_ITEM;
    p.line_spacing_mode = LK_SPACING_PER_ITEM;

    set_case("both per-item, W = 80");
    EXPECT_FLOW(&it, &p, prop(80, U),
                {80, 35, 2, F(0, 25, 62, 0, 46), F(0, 0, 0, 15, 15), I(0, 3),
                 I(3, 2), D(0, 15), F(72, 71), F(12, 20), NULL, NULL, 0});

    /* x per-item, y fixed 4: rows as above, row 1 y = 12 + 4 = 16, height 36. */
    set_case("x per-item, y fixed 4");
    p.line_spacing_mode = LK_SPACING_FIXED;
    p.line_spacing = 4;
    EXPECT_FLOW(&it, &p, prop(80, U),
                {80, 36, 2, F(0, 25, 62, 0, 46), F(0, 0, 0, 16, 16), I(0, 3),
                 I(3, 2), D(0, 16), F(72, 71), F(12, 20), NULL, NULL, 0});

    /* x fixed 3, y per-item:
     *   i0 0 (x 20); i1 20+3+30 = 53 -> offset 23; i2 53+3+10 = 66 -> offset
     *   56; i3 66+3+40 = 109 > 80 breaks: row 0 width 66, offset 0 (x 40);
     *   i4 40+3+25 = 68 -> offset 43, row 1 width 68.
     * Row 1 y = 12 + max(bottom[0], top[4]) = 12 + 3 = 15; height 35. */
    set_case("x fixed 3, y per-item");
    p.spacing_mode = LK_SPACING_FIXED;
    p.spacing = 3;
    p.line_spacing_mode = LK_SPACING_PER_ITEM;
    EXPECT_FLOW(&it, &p, prop(80, U),
                {80, 35, 2, F(0, 23, 56, 0, 43), F(0, 0, 0, 15, 15), I(0, 3),
                 I(3, 2), D(0, 15), F(66, 68), F(12, 20), NULL, NULL, 0});

    /* Per-item with every spacing array NULL: all gaps are 0.
     *   i0 0 (20); i1 20 (50); i2 50 (60); i3 60+40 = 100 > 80 breaks:
     *   row 0 width 60; i3 0 (40); i4 40 (65). Row 1 y = 12 + 0.
     * Container 80 x 32. */
    {
        lk_items bare = items_of(5, P_W, P_H);
        set_case("per-item, spacing arrays NULL");
        p.spacing_mode = LK_SPACING_PER_ITEM;
        EXPECT_FLOW(&bare, &p, prop(80, U),
                    {80, 32, 2, F(0, 20, 50, 0, 40), F(0, 0, 0, 12, 12), I(0, 3),
                     I(3, 2), D(0, 12), F(60, 65), F(12, 20), NULL, NULL, 0});
    }
    set_case("%s", "");
}

static void test_break_before(void)
{
    /* BREAK_BEFORE on item 0 does nothing (the row is empty); items 2 and 3
     * start rows. Unspecified width (W = +inf), spacing 2, line spacing 3:
     *   i0 offset 0 (x 10); i1 offset 12 (x 22); i2 breaks: row 0 width 22,
     *   offset 0 (x 10); i3 breaks: row 1 width 10; offset 0, row 2 width 10.
     * Rows y: 0, 5+3 = 8, 8+5+3 = 16; container width = widest row 22,
     * height 16 + 5 = 21. Item y = its row's y: (0, 0, 8, 16). */
    static const float w[] = {10, 10, 10, 10}, h[] = {5, 5, 5, 5};
    static const uint8_t flags[] = {LK_ITEM_BREAK_BEFORE, 0, LK_ITEM_BREAK_BEFORE,
                                    LK_ITEM_BREAK_BEFORE};
    lk_items it = items_of(4, w, h);
    lk_flow_params p = params_fixed(2, 3, 0, 0);
    g_section = "flow: BREAK_BEFORE";
    it.flags = flags;

    set_case("unspecified width, top-leading");
    EXPECT_FLOW(&it, &p, prop(U, U),
                {22, 21, 3, F(0, 12, 0, 0), F(0, 0, 8, 16), I(0, 2, 3), I(2, 1, 1),
                 D(0, 8, 16), F(22, 10, 10), F(5, 5, 5), NULL, NULL, 0});
    set_case("W = +inf");
    EXPECT_FLOW(&it, &p, prop(INFINITY, U),
                {22, 21, 3, F(0, 12, 0, 0), F(0, 0, 8, 16), I(0, 2, 3), I(2, 1, 1),
                 D(0, 8, 16), F(22, 10, 10), F(5, 5, 5), NULL, NULL, 0});
    /* Centred in the widest row's width 22: rows 2 and 3 shift by
     * 0.5 * (22 - 10) = 6. */
    set_case("unspecified width, centred");
    p.alignment.x = 0.5f;
    p.alignment.y = 0.5f;
    EXPECT_FLOW(&it, &p, prop(U, U),
                {22, 21, 3, F(0, 12, 6, 6), F(0, 0, 8, 16), I(0, 2, 3), I(2, 1, 1),
                 D(0, 8, 16), F(22, 10, 10), F(5, 5, 5), NULL, NULL, 0});
    /* With a finite W = 100 the breaks still apply; width is 100, so rows
     * shift by 0.5*(100-22) = 39 and 0.5*(100-10) = 45. */
    set_case("W = 100, centred");
    EXPECT_FLOW(&it, &p, prop(100, U),
                {100, 21, 3, F(39, 51, 45, 45), F(0, 0, 8, 16), I(0, 2, 3),
                 I(2, 1, 1), D(0, 8, 16), F(22, 10, 10), F(5, 5, 5), NULL, NULL, 0});
    set_case("%s", "");
}

static void test_oversize(void)
{
    /* W = 50, widths 20 70 20, heights 10, spacing 5, line 0:
     *   i0 offset 0 (x 20); i1 20+5+70 = 95 > 50 breaks: row 0 width 20, i1
     *   offset 0 (x 70), alone on its row; i2 70+5+20 = 95 > 50 breaks: row 1
     *   width 70; i2 offset 0, row 2 width 20.
     * Rows y 0, 10, 20; container 50 x 30.
     * Centred: x = 0.5*(50-20) = 15, 0.5*(50-70) = -10 (overflows left), 15.
     * Trailing: x = 30, -20, 30. */
    static const float w[] = {20, 70, 20}, h[] = {10, 10, 10};
    lk_items it = items_of(3, w, h);
    lk_flow_params p = params_fixed(5, 0, 0, 0);
    g_section = "flow: oversize items";

    set_case("top-leading");
    EXPECT_FLOW(&it, &p, prop(50, U),
                {50, 30, 3, F(0, 0, 0), F(0, 10, 20), I(0, 1, 2), I(1, 1, 1),
                 D(0, 10, 20), F(20, 70, 20), F(10, 10, 10), NULL, NULL, 0});
    set_case("centred: the oversize row overflows to the left");
    p.alignment.x = 0.5f;
    EXPECT_FLOW(&it, &p, prop(50, U),
                {50, 30, 3, F(15, -10, 15), F(0, 10, 20), I(0, 1, 2), I(1, 1, 1),
                 D(0, 10, 20), F(20, 70, 20), F(10, 10, 10), NULL, NULL, 0});
    set_case("trailing");
    p.alignment.x = 1;
    EXPECT_FLOW(&it, &p, prop(50, U),
                {50, 30, 3, F(30, -20, 30), F(0, 10, 20), I(0, 1, 2), I(1, 1, 1),
                 D(0, 10, 20), F(20, 70, 20), F(10, 10, 10), NULL, NULL, 0});

    /* An oversize FIRST item: it opens row 0 (the row is empty, no break),
     * then 70+5+20 > 50 breaks. Rows [0] width 70, [1] width 20. */
    {
        static const float w2[] = {70, 20}, h2[] = {10, 6};
        lk_items it2 = items_of(2, w2, h2);
        p.alignment.x = 0;
        set_case("oversize first item");
        EXPECT_FLOW(&it2, &p, prop(50, U),
                    {50, 16, 2, F(0, 0), F(0, 10), I(0, 1), I(1, 1), D(0, 10),
                     F(70, 20), F(10, 6), NULL, NULL, 0});
    }
    set_case("%s", "");
}

static void test_proposals(void)
{
    lk_items it = items_of(4, A_W, A_H);
    lk_flow_params p = params_fixed(10, 5, 0, 0);
    g_section = "flow: unspecified / infinite / zero proposals";

    /* Case A with W = +inf (unspecified or infinite): one row.
     * Offsets 0, 30+10 = 40, 80+10 = 90, 140+10 = 150; row width 180;
     * height 20. Container 180 x 20 (the widest row). */
    set_case("unspecified");
    EXPECT_FLOW(&it, &p, prop(U, U),
                {180, 20, 1, F(0, 40, 90, 150), F(0, 0, 0, 0), I(0), I(4), D(0),
                 F(180), F(20), NULL, NULL, 0});
    set_case("(inf, inf)");
    EXPECT_FLOW(&it, &p, prop(INFINITY, INFINITY),
                {180, 20, 1, F(0, 40, 90, 150), F(0, 0, 0, 0), I(0), I(4), D(0),
                 F(180), F(20), NULL, NULL, 0});
    set_case("(unspecified, 1000)");
    EXPECT_FLOW(&it, &p, prop(U, 1000),
                {180, 20, 1, F(0, 40, 90, 150), F(0, 0, 0, 0), I(0), I(4), D(0),
                 F(180), F(20), NULL, NULL, 0});
    /* Any NaN is unspecified, not only the LK_UNSPECIFIED spelling. */
    set_case("(-NaN, NaN)");
    EXPECT_FLOW(&it, &p, prop(-NAN, NAN),
                {180, 20, 1, F(0, 40, 90, 150), F(0, 0, 0, 0), I(0), I(4), D(0),
                 F(180), F(20), NULL, NULL, 0});
    /* (inf, 5): inf is specified, but 50 > inf is false: no min-size rule. */
    set_case("(inf, 5)");
    EXPECT_FLOW(&it, &p, prop(INFINITY, 5),
                {180, 20, 1, F(0, 40, 90, 150), F(0, 0, 0, 0), I(0), I(4), D(0),
                 F(180), F(20), NULL, NULL, 0});
    /* Centred, one row: free width 0; y = 0.5*(20 - h) = 5, 0, 2.5, 7.5. */
    p.alignment.x = 0.5f;
    p.alignment.y = 0.5f;
    set_case("unspecified, centred");
    EXPECT_FLOW(&it, &p, prop(U, U),
                {180, 20, 1, F(0, 40, 90, 150), F(5, 0, 2.5f, 7.5f), I(0), I(4),
                 D(0), F(180), F(20), NULL, NULL, 0});

    /* Zero width, unspecified height: W = 0, every item of width > 0 is alone
     * on its row. widths 10 20, heights 5 8, no gaps:
     * rows y 0, 5; container width 0 (finite), height 13 (min-size rule
     * needs both axes specified). Centred: x = 0.5*(0-10) = -5, 0.5*(0-20) =
     * -10. */
    {
        static const float w[] = {10, 20}, h[] = {5, 8};
        lk_items it2 = items_of(2, w, h);
        lk_flow_params c = params_fixed(0, 0, 0.5f, 0);
        set_case("(0, unspecified), centred");
        EXPECT_FLOW(&it2, &c, prop(0, U),
                    {0, 13, 2, F(-5, -10), F(0, 5), I(0, 1), I(1, 1), D(0, 5),
                     F(10, 20), F(5, 8), NULL, NULL, 0});
    }
    /* Zero-width items at W = 0 and spacing 0: 0 + 0 + 0 > 0 is false, so
     * they share one row. heights 1 2 3: row height 3. Container 0 x 3. */
    {
        static const float w[] = {0, 0, 0}, h[] = {1, 2, 3};
        lk_items it3 = items_of(3, w, h);
        lk_flow_params z = params_fixed(0, 0, 0, 0);
        set_case("zero-width items, W = 0, spacing 0");
        EXPECT_FLOW(&it3, &z, prop(0, U),
                    {0, 3, 1, F(0, 0, 0), F(0, 0, 0), I(0), I(3), D(0), F(0),
                     F(3), NULL, NULL, 0});
        /* With spacing 1: 0 + 1 + 0 > 0 breaks: three rows at y 0, 1, 3;
         * height 6. */
        z.spacing = 1;
        set_case("zero-width items, W = 0, spacing 1");
        EXPECT_FLOW(&it3, &z, prop(0, U),
                    {0, 6, 3, F(0, 0, 0), F(0, 1, 3), I(0, 1, 2), I(1, 1, 1),
                     D(0, 1, 3), F(0, 0, 0), F(1, 2, 3), NULL, NULL, 0});
    }
    /* -0.0 is >= 0, so it is a valid item size and proposal (it is 0). */
    {
        static const float w[] = {-0.0f, 0}, h[] = {1, -0.0f};
        lk_items it4 = items_of(2, w, h);
        lk_flow_params z = params_fixed(0, 0, 0, 0);
        Out o;
        set_case("-0.0 sizes and proposal");
        out_alloc(&o, 2, 2);
        CHECK_ST(lk_flow_layout(&it4, &z, prop(-0.0f, U), &o.r), LK_OK);
        out_free(&o);
    }
    set_case("%s", "");
}

static void test_min_size(void)
{
    /* Case A, spacing 10, line 5, centred: minSize = (max w, max h) = (50, 20).
     * With W = 10, W = 0 or W = 50 every item is alone on its row (each item
     * after the first breaks: x + 10 + w > W):
     *   rows y: 0, 10+5 = 15, 15+20+5 = 40, 40+15+5 = 60; row heights
     *   10 20 15 5; last y + h = 65.
     * Centred: y = row y (each item is its row's tallest); x = 0.5*(cw - w). */
    lk_items it = items_of(4, A_W, A_H);
    lk_flow_params p = params_fixed(10, 5, 0.5f, 0.5f);
    g_section = "flow: min-size rule";

    /* (10, 5): 50 > 10 and 20 > 5: container = (50, 20).
     * x = 0.5*(50 - (30, 40, 50, 30)) = (10, 5, 0, 10). */
    set_case("(10, 5): smaller on both axes");
    EXPECT_FLOW(&it, &p, prop(10, 5),
                {50, 20, 4, F(10, 5, 0, 10), F(0, 15, 40, 60), I(0, 1, 2, 3),
                 I(1, 1, 1, 1), D(0, 15, 40, 60), F(30, 40, 50, 30),
                 F(10, 20, 15, 5), NULL, NULL, 0});
    /* (0, 0): the macOS minimum-size proposal, same container (50, 20). */
    set_case("(0, 0)");
    EXPECT_FLOW(&it, &p, prop(0, 0),
                {50, 20, 4, F(10, 5, 0, 10), F(0, 15, 40, 60), I(0, 1, 2, 3),
                 I(1, 1, 1, 1), D(0, 15, 40, 60), F(30, 40, 50, 30),
                 F(10, 20, 15, 5), NULL, NULL, 0});
    /* (10, 100): smaller on x only: not applied. Width 10 (finite), height
     * 65. x = 0.5*(10 - w) = (-10, -15, -20, -10). */
    set_case("(10, 100): smaller on x only");
    EXPECT_FLOW(&it, &p, prop(10, 100),
                {10, 65, 4, F(-10, -15, -20, -10), F(0, 15, 40, 60),
                 I(0, 1, 2, 3), I(1, 1, 1, 1), D(0, 15, 40, 60),
                 F(30, 40, 50, 30), F(10, 20, 15, 5), NULL, NULL, 0});
    /* (10, unspecified): one axis unspecified: not applied; same as above. */
    set_case("(10, unspecified)");
    EXPECT_FLOW(&it, &p, prop(10, U),
                {10, 65, 4, F(-10, -15, -20, -10), F(0, 15, 40, 60),
                 I(0, 1, 2, 3), I(1, 1, 1, 1), D(0, 15, 40, 60),
                 F(30, 40, 50, 30), F(10, 20, 15, 5), NULL, NULL, 0});
    /* (100, 5): smaller on y only: not applied; case A at W = 100 centred:
     * x = (10, 50, 5, 65), y = (5, 0, 25, 25) since ay = 0.5:
     * y0 = 0.5*(20-10) = 5, y1 = 0, y2 = 25, y3 = 25 + 0.5*(15-5) = 30. */
    set_case("(100, 5): smaller on y only");
    EXPECT_FLOW(&it, &p, prop(100, 5),
                {100, 40, 2, F(10, 50, 5, 65), F(5, 0, 25, 30), I(0, 2), I(2, 2),
                 D(0, 25), F(80, 90), F(20, 15), NULL, NULL, 0});
    /* (50, 20): equal, not larger: not applied. W = 50 gives the four rows;
     * container (50, 65). */
    set_case("(50, 20): equal to minSize");
    EXPECT_FLOW(&it, &p, prop(50, 20),
                {50, 65, 4, F(10, 5, 0, 10), F(0, 15, 40, 60), I(0, 1, 2, 3),
                 I(1, 1, 1, 1), D(0, 15, 40, 60), F(30, 40, 50, 30),
                 F(10, 20, 15, 5), NULL, NULL, 0});
    set_case("%s", "");
}

static void test_empty(void)
{
    lk_items none = items_of(0, NULL, NULL);
    lk_flow_params p = params_fixed(10, 5, 0.5f, 0.5f);
    Expect e0 = {0, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0};
    Expect e100 = {100, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0};
    g_section = "flow: n == 0";

    /* No items: no rows; width = the finite proposal width, else 0 (the
     * widest of no rows); height 0. minSize (0, 0) is never larger. */
    set_case("unspecified");
    expect_flow(LOC, &none, &p, prop(U, U), &e0);
    set_case("(inf, inf)");
    expect_flow(LOC, &none, &p, prop(INFINITY, INFINITY), &e0);
    set_case("(0, 0)");
    expect_flow(LOC, &none, &p, prop(0, 0), &e0);
    set_case("(100, 50)");
    expect_flow(LOC, &none, &p, prop(100, 50), &e100);

    /* NULL widths/heights and NULL x/y are fine when n == 0. */
    {
        lk_result r = lk_result_default();
        r.rows = 77;
        set_case("everything NULL");
        CHECK_ST(lk_flow_layout(&none, NULL, prop(U, U), &r), LK_OK);
        CHECK_Z(r.rows, 0);
        CHECK_F(r.width, 0);
        CHECK_F(r.height, 0);
    }
    /* Non-NULL arrays with n == 0 are fine too and never read or written. */
    {
        static const float w[] = {1}, h[] = {1};
        lk_items it = items_of(0, w, h);
        set_case("non-NULL arrays, n == 0");
        expect_flow(LOC, &it, &p, prop(U, U), &e0);
    }
    set_case("%s", "");
}

static void test_row_table_large_y(void)
{
    lk_flow_params p = params_fixed(0, 3, 0, 0);
    g_section = "flow: row y beyond 2^24";

    /* Three items 10 x 1e7 at W = 10, line spacing 3: each alone on a row.
     * Row y (double): 0, 1e7 + 3 = 10000003, 10000003 + 1e7 + 3 = 20000006.
     * Height 20000006 + 1e7 = 30000006 (even, so exact in float too). */
    {
        static const float w[] = {10, 10, 10}, h[] = {1e7f, 1e7f, 1e7f};
        lk_items it = items_of(3, w, h);
        set_case("3 rows of height 1e7, gap 3");
        EXPECT_FLOW(&it, &p, prop(10, U),
                    {10, 30000006.0f, 3, F(0, 0, 0), F(0, 10000003.0f, 20000006.0f),
                     I(0, 1, 2), I(1, 1, 1), D(0, 10000003.0, 20000006.0),
                     F(10, 10, 10), F(1e7f, 1e7f, 1e7f), NULL, NULL, 0});
    }
    /* Heights 1e7, 1e7 + 1, 1e7, gap 2:
     * Row y (double): 0, 10000002, 10000002 + 10000001 + 2 = 20000005 (odd:
     * not a float above 2^24, where floats are 2 apart).
     * Item y[2] is that rounded once to float: 20000004 (ties to even).
     * Height 20000005 + 1e7 = 30000005, rounded once: 30000004.
     * (Summing in float rounds 20000003 to 20000004 first, so row y 2 would
     * be 20000006 and the height 30000006.) */
    {
        static const float w[] = {10, 10, 10}, h[] = {1e7f, 10000001.0f, 1e7f};
        lk_items it = items_of(3, w, h);
        p.line_spacing = 2;
        set_case("odd row y above 2^24");
        EXPECT_FLOW(&it, &p, prop(10, U),
                    {10, 30000004.0f, 3, F(0, 0, 0),
                     F(0, 10000002.0f, 20000004.0f), I(0, 1, 2), I(1, 1, 1),
                     D(0, 10000002.0, 20000005.0), F(10, 10, 10),
                     F(1e7f, 10000001.0f, 1e7f), NULL, NULL, 0});
    }
    set_case("%s", "");
}

static void test_row_count(void)
{
    /* Case A, spacing 10:
     *   unspecified / +inf: one row (width 180);
     *   W = 100: 2 rows (worked above);
     *   W = 85:  i1 80 fits; i2 140 > 85 breaks (x 50); i3 90 > 85 breaks: 3;
     *   W = 50:  i1 80 > 50, i2 40+10+50 > 50, i3 50+10+30 > 50: 4 rows;
     *   W = 0:   4 rows. */
    static const struct {
        float width;
        size_t rows;
    } table[] = {{NAN, 1}, {INFINITY, 1}, {1000, 1}, {180, 1}, {179, 2},
                 {100, 2}, {85, 3},       {50, 4},   {0, 4}};
    lk_items it = items_of(4, A_W, A_H);
    lk_flow_params p = params_fixed(10, 5, 0, 0);
    size_t k;
    g_section = "lk_flow_row_count";
    for (k = 0; k < sizeof table / sizeof table[0]; k++) {
        size_t rows = 12345;
        Out o;
        set_case("width %g", (double)table[k].width);
        CHECK_ST(lk_flow_row_count(&it, &p, table[k].width, &rows), LK_OK);
        CHECK_Z(rows, table[k].rows);
        /* result.rows of a layout at that width (rows only, no row table). */
        out_alloc(&o, 4, 0);
        out_no_rows(&o);
        CHECK_ST(lk_flow_layout(&it, &p, prop(table[k].width, U), &o.r), LK_OK);
        CHECK_Z(o.r.rows, table[k].rows);
        out_free(&o);
    }
    {
        lk_items none = items_of(0, NULL, NULL);
        size_t rows = 12345;
        set_case("no items");
        CHECK_ST(lk_flow_row_count(&none, NULL, 100, &rows), LK_OK);
        CHECK_Z(rows, 0);
    }
    set_case("%s", "");
}

/* Row capacity between the row count and n uses the library's second pass. */
static void test_row_capacity_between(void)
{
    lk_items it = items_of(4, A_W, A_H);
    lk_flow_params p = params_fixed(10, 5, 0, 0);
    Out o;
    g_section = "flow: row_capacity < n";
    /* Case A, W = 100: 2 rows; capacity 2 < n = 4, then 3. */
    out_alloc(&o, 4, 2);
    CHECK_ST(lk_flow_layout(&it, &p, prop(100, U), &o.r), LK_OK);
    CHECK_Z(o.r.rows, 2);
    CHECK(o.row_start[1] == 2 && o.row_y[1] == 25 && o.row_w[1] == 90);
    CHECK(out_guards_intact(&o));
    out_free(&o);
    out_alloc(&o, 4, 3);
    CHECK_ST(lk_flow_layout(&it, &p, prop(100, U), &o.r), LK_OK);
    CHECK(o.r.rows == 2 && o.row_h[0] == 20 && o.row_h[1] == 15);
    CHECK(out_guards_intact(&o));
    out_free(&o);
    /* Unspecified width: one row; capacity 1. */
    out_alloc(&o, 4, 1);
    CHECK_ST(lk_flow_layout(&it, &p, prop(U, U), &o.r), LK_OK);
    CHECK(o.r.rows == 1 && o.row_w[0] == 180 && o.row_length[0] == 4);
    CHECK(out_guards_intact(&o));
    out_free(&o);
}

/* Input arrays are never written (they are const; check anyway). */
static void test_inputs_unchanged(void)
{
    float w[4], h[4];
    float lead[5], trail[5], top[5], bottom[5];
    lk_items it = lk_items_default();
    Out o;
    g_section = "inputs are read only";
    memcpy(w, A_W, sizeof w);
    memcpy(h, A_H, sizeof h);
    it = items_of(4, w, h);
    out_alloc(&o, 4, 4);
    CHECK_ST(lk_flow_layout(&it, NULL, prop(100, U), &o.r), LK_OK);
    CHECK(memcmp(w, A_W, sizeof w) == 0 && memcmp(h, A_H, sizeof h) == 0);
    out_free(&o);
    memcpy(lead, P_LEAD, sizeof lead);
    memcpy(trail, P_TRAIL, sizeof trail);
    memcpy(top, P_TOP, sizeof top);
    memcpy(bottom, P_BOTTOM, sizeof bottom);
    it = per_item_items();
    it.spacing_leading = lead;
    it.spacing_trailing = trail;
    it.spacing_top = top;
    it.spacing_bottom = bottom;
    {
        lk_flow_params p = lk_flow_params_default();
        p.spacing_mode = p.line_spacing_mode = LK_SPACING_PER_ITEM;
        out_alloc(&o, 5, 5);
        CHECK_ST(lk_flow_layout(&it, &p, prop(80, U), &o.r), LK_OK);
        out_free(&o);
    }
    CHECK(memcmp(lead, P_LEAD, sizeof lead) == 0 &&
          memcmp(trail, P_TRAIL, sizeof trail) == 0 &&
          memcmp(top, P_TOP, sizeof top) == 0 &&
          memcmp(bottom, P_BOTTOM, sizeof bottom) == 0);
}

/* ======================================================================== */
/* Tests: SIMD block boundaries (16 items per block), worked by hand          */
/* ======================================================================== */

/* A hand-worked row table (at most 8 rows). */
typedef struct {
    size_t rows;
    int64_t start[8], length[8];
    double y[8];
    float width[8], height[8];
} Rows;

/*
 * Expects the flow of `it` to make row table t and container (cw, ch), with
 * item i at offset[i] in its row. x and y then follow SPEC's placement rule,
 *   x = offset + ax * (cw - row width),  y = row y + ay * (row height - h),
 * which is exact here (small multiples of 1/2).
 */
static void expect_rows(const char *loc, const lk_items *it,
                        const lk_flow_params *p, lk_proposal pr, float cw,
                        float ch, const Rows *t, const float *offset)
{
    size_t n = it->count, r;
    float *x = (float *)xmalloc(n * sizeof(float));
    float *y = (float *)xmalloc(n * sizeof(float));
    Expect e;
    memset(&e, 0, sizeof e);
    for (r = 0; r < t->rows; r++) {
        size_t i, s = (size_t)t->start[r];
        for (i = s; i < s + (size_t)t->length[r]; i++) {
            x[i] = offset[i] + p->alignment.x * (cw - t->width[r]);
            y[i] = (float)t->y[r] + p->alignment.y * (t->height[r] - it->heights[i]);
        }
    }
    e.width = cw;
    e.height = ch;
    e.rows = t->rows;
    e.x = x;
    e.y = y;
    e.row_start = t->start;
    e.row_length = t->length;
    e.row_y = t->y;
    e.row_width = t->width;
    e.row_height = t->height;
    expect_flow(loc, it, p, pr, &e);
    free(x);
    free(y);
}

/* offset[i] = step * (i - first item of i's row). */
static void uniform_offsets(float *offset, const Rows *t, float step)
{
    size_t r, i;
    for (r = 0; r < t->rows; r++)
        for (i = 0; i < (size_t)t->length[r]; i++)
            offset[(size_t)t->start[r] + i] = step * (float)i;
}

/*
 * Rows that end at the block boundary (after item 15, or after item 16).
 * widths 8, spacing 2: k items span 10k - 2 and item j of a row sits at 10j.
 * W = 158 holds exactly 16 items (16*8 + 15*2 = 158; 17 need 168), W = 168
 * exactly 17. heights 2 except h[15] = 6, h[16] = 5, h[32] = 3; line
 * spacing 3 (row y = previous y + previous height + 3).
 */
static void test_block_rows_at_boundary(void)
{
    static const struct {
        size_t n;
        float W;
        float height;
        Rows t;
    } cases[] = {
        /* W = 158: rows of 16. */
        {15, 158, 2, {1, {0}, {15}, {0}, {148}, {2}}},
        {16, 158, 6, {1, {0}, {16}, {0}, {158}, {6}}},
        {17, 158, 14, {2, {0, 16}, {16, 1}, {0, 9}, {158, 8}, {6, 5}}},
        {33, 158, 20,
         {3, {0, 16, 32}, {16, 16, 1}, {0, 9, 17}, {158, 158, 8}, {6, 5, 3}}},
        /* W = 168: rows of 17 (the row ends AT item 16). */
        {15, 168, 2, {1, {0}, {15}, {0}, {148}, {2}}},
        {16, 168, 6, {1, {0}, {16}, {0}, {158}, {6}}},
        {17, 168, 6, {1, {0}, {17}, {0}, {168}, {6}}},
        {33, 168, 12, {2, {0, 17}, {17, 16}, {0, 9}, {168, 158}, {6, 3}}},
        /* Unspecified width: one row of n; the container is as wide. */
        {15, NAN, 2, {1, {0}, {15}, {0}, {148}, {2}}},
        {16, NAN, 6, {1, {0}, {16}, {0}, {158}, {6}}},
        {17, NAN, 6, {1, {0}, {17}, {0}, {168}, {6}}},
        {33, NAN, 6, {1, {0}, {33}, {0}, {328}, {6}}},
    };
    static const lk_anchor anchors[] = {{0, 0}, {0.5f, 1}};
    float w[33], h[33], offset[33];
    size_t k, a, i;
    g_section = "flow: rows ending at the 16-item block boundary";
    for (i = 0; i < 33; i++) {
        w[i] = 8;
        h[i] = 2;
    }
    h[15] = 6;
    h[16] = 5;
    h[32] = 3;
    for (k = 0; k < sizeof cases / sizeof cases[0]; k++)
        for (a = 0; a < 2; a++) {
            lk_items it = items_of(cases[k].n, w, h);
            lk_flow_params p = params_fixed(2, 3, anchors[a].x, anchors[a].y);
            float cw = isnan(cases[k].W) ? cases[k].t.width[0] : cases[k].W;
            set_case("n = %zu, W = %g, anchor (%g, %g)", cases[k].n,
                     (double)cases[k].W, (double)anchors[a].x, (double)anchors[a].y);
            uniform_offsets(offset, &cases[k].t, 10);
            expect_rows(LOC, &it, &p, prop(cases[k].W, U), cw, cases[k].height,
                        &cases[k].t, offset);
        }
    set_case("%s", "");
}

/*
 * One row across several blocks: widths 1, spacing 0, line spacing 1;
 * heights 1 except h[20] = 4 (and h[50] = 2 for 100 items).
 *  - 40 items, W = 100, 40 (exact fit) or unspecified: one row of 40, width 40,
 *    height 4.
 *  - 40 items, W = 39: rows [0..38] (width 39, height 4) and [39] (width 1,
 *    height 1, y = 4 + 1 = 5); container height 6.
 *  - 100 items, W = 40: rows [0..39], [40..79], [80..99] (widths 40 40 20,
 *    heights 4 2 1, y 0, 4+1 = 5, 5+2+1 = 8); container height 9. The row
 *    boundaries 40 and 80 fall inside blocks.
 */
static void test_block_long_rows(void)
{
    static const struct {
        size_t n;
        float W, width, height;
        Rows t;
    } cases[] = {
        {40, 100, 100, 4, {1, {0}, {40}, {0}, {40}, {4}}},
        {40, 40, 40, 4, {1, {0}, {40}, {0}, {40}, {4}}},
        {40, NAN, 40, 4, {1, {0}, {40}, {0}, {40}, {4}}},
        {40, 39, 39, 6, {2, {0, 39}, {39, 1}, {0, 5}, {39, 1}, {4, 1}}},
        {100, 40, 40, 9,
         {3, {0, 40, 80}, {40, 40, 20}, {0, 5, 8}, {40, 40, 20}, {4, 2, 1}}},
    };
    static const lk_anchor anchors[] = {{0, 0}, {0.5f, 0.5f}};
    float w[100], h[100], offset[100];
    size_t k, a, i;
    g_section = "flow: rows spanning several 16-item blocks";
    for (i = 0; i < 100; i++) {
        w[i] = 1;
        h[i] = 1;
    }
    h[20] = 4;
    h[50] = 2;
    for (k = 0; k < sizeof cases / sizeof cases[0]; k++)
        for (a = 0; a < 2; a++) {
            lk_items it = items_of(cases[k].n, w, h);
            lk_flow_params p = params_fixed(0, 1, anchors[a].x, anchors[a].y);
            set_case("n = %zu, W = %g, anchor (%g, %g)", cases[k].n,
                     (double)cases[k].W, (double)anchors[a].x, (double)anchors[a].y);
            uniform_offsets(offset, &cases[k].t, 1);
            expect_rows(LOC, &it, &p, prop(cases[k].W, U), cases[k].width,
                        cases[k].height, &cases[k].t, offset);
        }
    set_case("%s", "");
}

/*
 * BREAK_BEFORE at the block boundary. widths 5, spacing 1 (item j of a row
 * at 6j, k items span 6k - 1), heights 2, line spacing 1 (rows 3 apart).
 *  - 20 items, flags on 0 and 16, W unspecified: rows [0..15] (95) and
 *    [16..19] (23); container 95 x 5. The flag on item 0 does nothing.
 *  - the same at W = 95 (16 items fit exactly anyway) and W = 200.
 *  - flags on 0, 15 and 16: rows [0..14] (89), [15] (5), [16..19] (23);
 *    container 89 x 8.
 *  - 33 items, flag on 32: rows [0..31] (191), [32] (5); container 191 x 5.
 */
static void test_block_breaks(void)
{
    static const struct {
        size_t n;
        size_t flagged[3];
        float W, width, height;
        Rows t;
    } cases[] = {
        {20, {0, 16, 16}, NAN, 95, 5, {2, {0, 16}, {16, 4}, {0, 3}, {95, 23}, {2, 2}}},
        {20, {0, 16, 16}, 95, 95, 5, {2, {0, 16}, {16, 4}, {0, 3}, {95, 23}, {2, 2}}},
        {20, {0, 16, 16}, 200, 200, 5, {2, {0, 16}, {16, 4}, {0, 3}, {95, 23}, {2, 2}}},
        {20, {0, 15, 16}, NAN, 89, 8,
         {3, {0, 15, 16}, {15, 1, 4}, {0, 3, 6}, {89, 5, 23}, {2, 2, 2}}},
        {33, {32, 32, 32}, NAN, 191, 5, {2, {0, 32}, {32, 1}, {0, 3}, {191, 5}, {2, 2}}},
    };
    static const lk_anchor anchors[] = {{0, 0}, {1, 0}};
    float w[33], h[33], offset[33];
    size_t k, a, i;
    g_section = "flow: BREAK_BEFORE at the 16-item block boundary";
    for (i = 0; i < 33; i++) {
        w[i] = 5;
        h[i] = 2;
    }
    for (k = 0; k < sizeof cases / sizeof cases[0]; k++)
        for (a = 0; a < 2; a++) {
            uint8_t flags[33];
            lk_items it = items_of(cases[k].n, w, h);
            lk_flow_params p = params_fixed(1, 1, anchors[a].x, anchors[a].y);
            memset(flags, 0, sizeof flags);
            for (i = 0; i < 3; i++)
                flags[cases[k].flagged[i]] = LK_ITEM_BREAK_BEFORE;
            it.flags = flags;
            set_case("n = %zu, breaks before %zu %zu %zu, W = %g, anchor (%g, %g)",
                     cases[k].n, cases[k].flagged[0], cases[k].flagged[1],
                     cases[k].flagged[2], (double)cases[k].W, (double)anchors[a].x,
                     (double)anchors[a].y);
            uniform_offsets(offset, &cases[k].t, 6);
            expect_rows(LOC, &it, &p, prop(cases[k].W, U), cases[k].width,
                        cases[k].height, &cases[k].t, offset);
        }
    set_case("%s", "");
}

/*
 * An oversize item at index 16. 20 items of width 10 but w[16] = 200,
 * spacing 0, line spacing 0, heights 1 but h[16] = 2.
 *  - W = 160: [0..15] fills the row exactly (160); item 16 gets a row of its
 *    own (200 > 160); [17..19] (30). Rows y 0, 1, 3; container 160 x 4.
 *  - W = 100: [0..9] (100), [10..15] (60), [16] (200), [17..19] (30).
 *    Rows y 0, 1, 2, 4; container 100 x 5.
 * Centred, the oversize row overflows to the left: x[16] = 0.5 * (W - 200).
 */
static void test_block_oversize(void)
{
    static const struct {
        float W, height;
        Rows t;
    } cases[] = {
        {160, 4, {3, {0, 16, 17}, {16, 1, 3}, {0, 1, 3}, {160, 200, 30}, {1, 2, 1}}},
        {100, 5,
         {4, {0, 10, 16, 17}, {10, 6, 1, 3}, {0, 1, 2, 4}, {100, 60, 200, 30},
          {1, 1, 2, 1}}},
    };
    static const lk_anchor anchors[] = {{0, 0}, {0.5f, 0}};
    float w[20], h[20], offset[20];
    size_t k, a, i;
    g_section = "flow: oversize item at index 16";
    for (i = 0; i < 20; i++) {
        w[i] = 10;
        h[i] = 1;
    }
    w[16] = 200;
    h[16] = 2;
    for (k = 0; k < sizeof cases / sizeof cases[0]; k++)
        for (a = 0; a < 2; a++) {
            lk_items it = items_of(20, w, h);
            lk_flow_params p = params_fixed(0, 0, anchors[a].x, anchors[a].y);
            set_case("W = %g, anchor (%g, %g)", (double)cases[k].W,
                     (double)anchors[a].x, (double)anchors[a].y);
            uniform_offsets(offset, &cases[k].t, 10);
            expect_rows(LOC, &it, &p, prop(cases[k].W, U), cases[k].W,
                        cases[k].height, &cases[k].t, offset);
        }
    set_case("%s", "");
}

/*
 * Per-item spacing across items 15/16. 24 items of width 4; leading 0 and
 * trailing 1 except leading[15] = 9, trailing[15] = 7, leading[16] = 3, so
 * the gap before item 15 is max(trailing[14], leading[15]) = 9 and the gap
 * before item 16 is max(trailing[15], leading[16]) = 7 (trailing[16] would
 * give 3); every other gap is 1. BREAK_BEFORE on item 20.
 * heights 2 except h[14] = h[17] = 5, h[21] = h[22] = 6; bottom 0 except
 * bottom[14] = 4, bottom[17] = 11; top 0 except top[20] = 20, top[21] = 1,
 * top[22] = 13. A row's line gap uses its tallest item, the FIRST of the
 * largest height.
 * Offsets on one row: items 0..14 at 5i (item 14 ends at 74), item 15 at
 * 74 + 9 = 83 (ends 87), item 16 at 87 + 7 = 94 (ends 98), 17 at 99, 18 at
 * 104, 19 at 109 (ends 113); items 20..23 start a row: 0, 5, 10, 15 (19).
 *  - W unspecified: rows [0..19] (113, height 5, tallest 14: item 17 is as
 *    tall but later) and [20..23] (19, height 6, tallest 21). Row 1 y =
 *    5 + max(bottom[14], top[21]) = 5 + 4 = 9; container 113 x 15.
 *  - W = 97: item 16 does not fit (87 + 7 + 4 = 98): rows [0..15] (87,
 *    tallest 14), [16..19] (offsets 0 5 10 15, width 19, tallest 17),
 *    [20..23] (19, tallest 21). y: 0, 5 + max(4, top[17] = 0) = 9,
 *    9 + 5 + max(bottom[17] = 11, top[21] = 1) = 25; container 97 x 31.
 *  - W = 98: item 16 fits exactly: rows [0..16] (98, tallest 14), [17..19]
 *    (0 5 10, width 14, tallest 17), [20..23]. Same y; container 98 x 31.
 */
static void test_block_per_item_spacing(void)
{
    static const struct {
        float W, width, height;
        Rows t;
        float offset[24];
    } cases[] = {
        {NAN, 113, 15, {2, {0, 20}, {20, 4}, {0, 9}, {113, 19}, {5, 6}},
         {0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 83, 94, 99,
          104, 109, 0, 5, 10, 15}},
        {97, 97, 31, {3, {0, 16, 20}, {16, 4, 4}, {0, 9, 25}, {87, 19, 19}, {5, 5, 6}},
         {0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 83, 0, 5, 10,
          15, 0, 5, 10, 15}},
        {98, 98, 31, {3, {0, 17, 20}, {17, 3, 4}, {0, 9, 25}, {98, 14, 19}, {5, 5, 6}},
         {0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 83, 94, 0, 5,
          10, 0, 5, 10, 15}},
    };
    static const lk_anchor anchors[] = {{0, 0}, {1, 1}};
    float w[24], h[24], lead[24], trail[24], top[24], bottom[24];
    uint8_t flags[24];
    size_t k, a, i;
    g_section = "flow: per-item spacing across items 15/16";
    for (i = 0; i < 24; i++) {
        w[i] = 4;
        h[i] = 2;
        lead[i] = 0;
        trail[i] = 1;
        top[i] = 0;
        bottom[i] = 0;
        flags[i] = 0;
    }
    lead[15] = 9;
    trail[15] = 7;
    lead[16] = 3;
    h[14] = h[17] = 5;
    h[21] = h[22] = 6;
    bottom[14] = 4;
    bottom[17] = 11;
    top[20] = 20;
    top[21] = 1;
    top[22] = 13;
    flags[20] = LK_ITEM_BREAK_BEFORE;
    for (k = 0; k < sizeof cases / sizeof cases[0]; k++)
        for (a = 0; a < 2; a++) {
            lk_items it = items_of(24, w, h);
            lk_flow_params p = params_fixed(50, 50, anchors[a].x, anchors[a].y);
            p.spacing_mode = LK_SPACING_PER_ITEM;
            p.line_spacing_mode = LK_SPACING_PER_ITEM;
            it.spacing_leading = lead;
            it.spacing_trailing = trail;
            it.spacing_top = top;
            it.spacing_bottom = bottom;
            it.flags = flags;
            set_case("W = %g, anchor (%g, %g)", (double)cases[k].W,
                     (double)anchors[a].x, (double)anchors[a].y);
            expect_rows(LOC, &it, &p, prop(cases[k].W, U), cases[k].width,
                        cases[k].height, &cases[k].t, cases[k].offset);
        }
    set_case("%s", "");
}

/* ======================================================================== */
/* Tests: the reference fixtures                                             */
/* ======================================================================== */

static FxSet g_fixtures;

/* Every flow case of the reference fixtures through lk_flow_layout (four ways),
 * lk_flow_size and lk_flow_row_count, bit for bit. */
static void test_reference_fixtures(void)
{
    size_t replayed;
    g_section = "reference fixtures: flow cases through lk_flow_*";
    if (!fx_load_checked(&g_fixtures))
        return;
    replayed = fx_replay(&g_fixtures, FX_FLOW_API);
    ck(replayed >= 1000, LOC, "%zu flow cases in the fixtures; want at least 1000", replayed);
}

/*
 * Every buffer against a no-access page. A SIMD kernel that loads or stores
 * a whole 16-item block past an array's end (or a row column's capacity), or
 * before its start, touches the page and crashes this program; canaries
 * would not see a read, nor a store that writes back what it read. Each array
 * sits in the middle page of three whose outer pages are PROT_NONE, either
 * ending exactly at the upper one or starting exactly at the lower one's end.
 * The row columns hold exactly the rows (row_capacity = rows). The inputs are
 * the flow fixtures of every count and the first random ones on the 1/64 grid,
 * and the results must equal the fixtures'.
 */
#define GUARDED_ARRAYS 16

static void test_guard_pages(void)
{
    long page_l = sysconf(_SC_PAGESIZE);
    size_t page = (size_t)(page_l > 0 ? page_l : 4096);
    unsigned char *mid[GUARDED_ARRAYS];
    size_t a, k, runs = 0, random_cases = 0;
    int where;
    g_section = "buffers next to no-access pages";
    for (a = 0; a < GUARDED_ARRAYS; a++) {
        unsigned char *base = (unsigned char *)mmap(NULL, 3 * page, PROT_READ | PROT_WRITE,
                                                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (!CHECK(base != MAP_FAILED))
            return;
        CHECK(mprotect(base, page, PROT_NONE) == 0);
        CHECK(mprotect(base + 2 * page, page, PROT_NONE) == 0);
        mid[a] = base + page;
    }
    for (k = 0; k < g_fixtures.count; k++) {
        const FxCase *c = &g_fixtures.cases[k];
        const FxCandidate *f = &c->cand[0];
        size_t n = f->n, rows = c->rows;
        int counts = strncmp(c->id, "flow/counts-", 12) == 0;
        if (fx_kind(c) != LK_LAYOUT_FLOW || 8 * n > page ||
            !(counts || (strncmp(c->id, "flow/random-grid-", 17) == 0 && random_cases++ < 24)))
            continue;
        for (where = 0; where < 2; where++) {
            lk_items it = f->items;
            lk_result r = lk_result_default();
            lk_size sz;
            size_t rows_lib = 0;
            lk_status st;
            char diff[240] = "";
            /* The array a of `bytes` bytes: at the end or the start of its
             * middle page; NULL stays NULL. */
#define PLACE(a, src, bytes)                                                  \
    ((src) == NULL ? NULL                                                     \
                   : memcpy(where == 0 ? mid[a] + page - (bytes) : mid[a], (src), (bytes)))
            it.widths = (const float *)PLACE(0, f->w, n * 4);
            it.heights = (const float *)PLACE(1, f->h, n * 4);
            it.spacing_leading = (const float *)PLACE(2, f->side[0], n * 4);
            it.spacing_trailing = (const float *)PLACE(3, f->side[1], n * 4);
            it.spacing_top = (const float *)PLACE(4, f->side[2], n * 4);
            it.spacing_bottom = (const float *)PLACE(5, f->side[3], n * 4);
            it.flags = (const uint8_t *)PLACE(6, f->flags, n);
#undef PLACE
#define PLACE(a, bytes) (where == 0 ? mid[a] + page - (bytes) : mid[a])
            r = lk_result_default();
            r.x = (float *)(void *)PLACE(7, n * 4);
            r.y = (float *)(void *)PLACE(8, n * 4);
            r.item_width = (float *)(void *)PLACE(9, n * 4);
            r.item_height = (float *)(void *)PLACE(10, n * 4);
            r.item_capacity = n;
            r.row_start = (int64_t *)(void *)PLACE(11, rows * 8);
            r.row_length = (int64_t *)(void *)PLACE(12, rows * 8);
            r.row_y = (double *)(void *)PLACE(13, rows * 8);
            r.row_width = (float *)(void *)PLACE(14, rows * 4);
            r.row_height = (float *)(void *)PLACE(15, rows * 4);
            r.row_capacity = rows;
#undef PLACE
            set_case("%s, arrays %s a no-access page", c->id,
                     where == 0 ? "ending at" : "starting after");
            st = lk_flow_layout(&it, &c->cand[0].layout.flow, c->proposal, &r);
            if (CHECK_ST(st, LK_OK) && first_difference(&r, &it, &c->expect, diff, sizeof diff))
                ck(0, LOC, "differs from the fixture: %s", diff);
            if (CHECK_ST(lk_flow_size(&it, &c->cand[0].layout.flow, c->proposal, &sz), LK_OK))
                CHECK(same_f(sz.width, c->width, c->tol) && same_f(sz.height, c->height, c->tol));
            if (CHECK_ST(lk_flow_row_count(&it, &c->cand[0].layout.flow, c->proposal.width,
                                           &rows_lib), LK_OK))
                CHECK_Z(rows_lib, rows);
            runs++;
        }
    }
    set_case("%s", "");
    ck(runs >= 40, LOC, "%zu runs next to no-access pages; want at least 40", runs);
    for (a = 0; a < GUARDED_ARRAYS; a++)
        munmap(mid[a] - page, 3 * page);
}

/* ======================================================================== */
/* Tests: every error status                                                 */
/* ======================================================================== */

static void test_null_pointers(void)
{
    static const float w[] = {1, 2, 3}, h[] = {1, 2, 3};
    lk_items it = items_of(3, w, h);
    lk_flow_params p = lk_flow_params_default();
    lk_proposal pr = prop(100, U);
    char primed[300];
    Out o;
    g_section = "LK_ERR_NULL_POINTER";

    set_case("items NULL");
    expect_flow_error(LOC, "items NULL", NULL, &p, pr, ON_ALL,
                      err(LK_ERR_NULL_POINTER));

    set_case("result NULL");
    {
        ErrExpect e = err(LK_ERR_NULL_POINTER);
        prime_error(e.status, primed, sizeof primed);
        check_error_state(LOC, "lk_flow_layout(result NULL)",
                          lk_flow_layout(&it, &p, pr, NULL), &e, primed);
    }
    set_case("out NULL");
    {
        ErrExpect e = err(LK_ERR_NULL_POINTER);
        prime_error(e.status, primed, sizeof primed);
        check_error_state(LOC, "lk_flow_size(out NULL)",
                          lk_flow_size(&it, &p, pr, NULL), &e, primed);
        prime_error(e.status, primed, sizeof primed);
        check_error_state(LOC, "lk_flow_row_count(out NULL)",
                          lk_flow_row_count(&it, &p, 100, NULL), &e, primed);
        /* out NULL with n == 0 is still an error: there is always a result. */
        {
            lk_items none = items_of(0, NULL, NULL);
            prime_error(e.status, primed, sizeof primed);
            check_error_state(LOC, "lk_flow_size(n == 0, out NULL)",
                              lk_flow_size(&none, &p, pr, NULL), &e, primed);
            prime_error(e.status, primed, sizeof primed);
            check_error_state(LOC, "lk_flow_row_count(n == 0, out NULL)",
                              lk_flow_row_count(&none, &p, 100, NULL), &e, primed);
            prime_error(e.status, primed, sizeof primed);
            check_error_state(LOC, "lk_flow_layout(n == 0, result NULL)",
                              lk_flow_layout(&none, &p, pr, NULL), &e, primed);
        }
    }
    {
        lk_items bad = it;
        set_case("widths NULL, n = 3");
        bad.widths = NULL;
        expect_flow_error(LOC, "widths NULL", &bad, &p, pr, ON_ALL,
                          err(LK_ERR_NULL_POINTER));
        bad = it;
        set_case("heights NULL, n = 3");
        bad.heights = NULL;
        expect_flow_error(LOC, "heights NULL", &bad, &p, pr, ON_ALL,
                          err(LK_ERR_NULL_POINTER));
    }
    set_case("x NULL, n = 3");
    out_alloc(&o, 3, 3);
    o.r.x = NULL;
    expect_layout_error_on(LOC, "x NULL", &it, &p, pr, &o,
                           err(LK_ERR_NULL_POINTER));
    out_free(&o);
    set_case("y NULL, n = 3");
    out_alloc(&o, 3, 3);
    o.r.y = NULL;
    expect_layout_error_on(LOC, "y NULL", &it, &p, pr, &o,
                           err(LK_ERR_NULL_POINTER));
    out_free(&o);

    /* Not errors: NULL widths/heights (and x/y) with n == 0; NULL params;
     * NULL optional outputs. */
    {
        lk_items none = items_of(0, NULL, NULL);
        lk_size s;
        size_t rows = 99;
        set_case("NULL arrays with n == 0 are fine");
        out_alloc(&o, 0, 0);
        CHECK_ST(lk_flow_layout(&none, &p, pr, &o.r), LK_OK);
        CHECK(out_guards_intact(&o));
        out_free(&o);
        CHECK_ST(lk_flow_size(&none, NULL, pr, &s), LK_OK);
        CHECK_ST(lk_flow_row_count(&none, NULL, 100, &rows), LK_OK);
        CHECK_Z(rows, 0);
    }
    set_case("%s", "");
}

static void test_invalid_item_size(void)
{
    static const float bad_values[] = {NAN, INFINITY, -INFINITY, -1.0f};
    static const char *bad_names[] = {"NaN", "+inf", "-inf", "-1"};
    static const size_t indices[] = {0, 5};
    lk_flow_params p = lk_flow_params_default();
    size_t v, k, axis;
    g_section = "LK_ERR_INVALID_ITEM_SIZE";
    for (axis = 0; axis < 2; axis++)
        for (v = 0; v < 4; v++)
            for (k = 0; k < 2; k++) {
                float w[8] = {10, 20, 30, 40, 50, 60, 70, 80};
                float h[8] = {5, 5, 5, 5, 5, 5, 5, 5};
                lk_items it = items_of(8, w, h);
                char needle[32], what[80];
                size_t idx = indices[k];
                (axis == 0 ? w : h)[idx] = bad_values[v];
                snprintf(needle, sizeof needle, "%s[%zu]",
                         axis == 0 ? "widths" : "heights", idx);
                snprintf(what, sizeof what, "%s = %s", needle, bad_names[v]);
                set_case("%s", what);
                expect_flow_error(LOC, what, &it, &p, prop(100, U), ON_ALL,
                                  err_item(LK_ERR_INVALID_ITEM_SIZE, (int64_t)idx,
                                           needle, NULL));
            }
    /* The FIRST bad index is named: widths[3] and widths[6] both bad. */
    {
        float w[8] = {10, 20, 30, -2, 50, 60, NAN, 80};
        float h[8] = {5, 5, 5, 5, 5, 5, 5, 5};
        lk_items it = items_of(8, w, h);
        set_case("widths[3] and widths[6] bad");
        expect_flow_error(LOC, "first bad index", &it, &p, prop(100, U), ON_ALL,
                          err_item(LK_ERR_INVALID_ITEM_SIZE, 3, "widths[3]", NULL));
    }
    /* Bad items are rejected whatever the proposal (here unspecified). */
    {
        float w[3] = {1, 2, 3}, h[3] = {1, INFINITY, 1};
        lk_items it = items_of(3, w, h);
        set_case("heights[1] = +inf, unspecified proposal");
        expect_flow_error(LOC, "heights[1] = +inf", &it, &p, prop(U, U), ON_ALL,
                          err_item(LK_ERR_INVALID_ITEM_SIZE, 1, "heights[1]", NULL));
    }
    set_case("%s", "");
}

static void test_invalid_item_spacing(void)
{
    static const float bad_values[] = {NAN, INFINITY, -INFINITY, -1.0f};
    static const char *bad_names[] = {"NaN", "+inf", "-inf", "-1"};
    static const char *fields[] = {"leading", "trailing", "top", "bottom"};
    static const size_t indices[] = {0, 5};
    lk_flow_params p = lk_flow_params_default();
    size_t f, v, k;
    g_section = "LK_ERR_INVALID_ITEM_SPACING";
    p.spacing_mode = LK_SPACING_PER_ITEM;
    p.line_spacing_mode = LK_SPACING_PER_ITEM;
    for (f = 0; f < 4; f++)
        for (v = 0; v < 4; v++)
            for (k = 0; k < 2; k++) {
                static const float w[8] = {10, 20, 30, 40, 50, 60, 70, 80};
                static const float h[8] = {5, 5, 5, 5, 5, 5, 5, 5};
                float s[4][8];
                lk_items it = items_of(8, w, h);
                char index_text[16], what[80];
                size_t idx = indices[k], i, j;
                for (i = 0; i < 4; i++)
                    for (j = 0; j < 8; j++)
                        s[i][j] = 2;
                s[f][idx] = bad_values[v];
                it.spacing_leading = s[0];
                it.spacing_trailing = s[1];
                it.spacing_top = s[2];
                it.spacing_bottom = s[3];
                snprintf(index_text, sizeof index_text, "[%zu]", idx);
                snprintf(what, sizeof what, "spacing_%s%s = %s", fields[f],
                         index_text, bad_names[v]);
                set_case("%s", what);
                expect_flow_error(LOC, what, &it, &p, prop(100, U), ON_ALL,
                                  err_item(LK_ERR_INVALID_ITEM_SPACING,
                                           (int64_t)idx, fields[f], index_text));
            }
    set_case("%s", "");
}

static void test_invalid_item_flags(void)
{
    static const uint8_t bad_flags[] = {0x02, 0x04, 0x80, 0xFF, 0x03};
    static const size_t indices[] = {0, 5};
    lk_flow_params p = lk_flow_params_default();
    size_t v, k;
    g_section = "LK_ERR_INVALID_ITEM_FLAGS";
    for (v = 0; v < sizeof bad_flags; v++)
        for (k = 0; k < 2; k++) {
            static const float w[8] = {10, 20, 30, 40, 50, 60, 70, 80};
            static const float h[8] = {5, 5, 5, 5, 5, 5, 5, 5};
            uint8_t flags[8] = {0, LK_ITEM_BREAK_BEFORE, 0, 0, 0, 0, 0, 0};
            lk_items it = items_of(8, w, h);
            char index_text[16], what[80];
            size_t idx = indices[k];
            flags[idx] = bad_flags[v];
            it.flags = flags;
            snprintf(index_text, sizeof index_text, "[%zu]", idx);
            snprintf(what, sizeof what, "flags%s = 0x%02X", index_text,
                     (unsigned)bad_flags[v]);
            set_case("%s", what);
            expect_flow_error(LOC, what, &it, &p, prop(100, U), ON_ALL,
                              err_item(LK_ERR_INVALID_ITEM_FLAGS, (int64_t)idx,
                                       "flags", index_text));
        }
    set_case("%s", "");
}

static void test_invalid_proposal(void)
{
    static const float bad_values[] = {-1.0f, -0.5f, -INFINITY, -1e30f};
    lk_items it = items_of(4, A_W, A_H);
    lk_flow_params p = lk_flow_params_default();
    size_t v;
    g_section = "LK_ERR_INVALID_PROPOSAL";
    for (v = 0; v < 4; v++) {
        char what[80];
        snprintf(what, sizeof what, "proposal width %g", (double)bad_values[v]);
        set_case("%s", what);
        /* lk_flow_row_count takes the proposal's width: same status. */
        expect_flow_error(LOC, what, &it, &p, prop(bad_values[v], 10), ON_ALL,
                          err(LK_ERR_INVALID_PROPOSAL));
        snprintf(what, sizeof what, "proposal height %g", (double)bad_values[v]);
        set_case("%s", what);
        expect_flow_error(LOC, what, &it, &p, prop(100, bad_values[v]),
                          ON_PLACE | ON_SIZE, err(LK_ERR_INVALID_PROPOSAL));
        snprintf(what, sizeof what, "proposal height %g, width unspecified",
                 (double)bad_values[v]);
        set_case("%s", what);
        expect_flow_error(LOC, what, &it, &p, prop(U, bad_values[v]),
                          ON_PLACE | ON_SIZE, err(LK_ERR_INVALID_PROPOSAL));
    }
    /* Checked even with no items. */
    {
        lk_items none = items_of(0, NULL, NULL);
        set_case("n == 0, proposal width -1");
        expect_flow_error(LOC, "n == 0, width -1", &none, &p, prop(-1, U), ON_ALL,
                          err(LK_ERR_INVALID_PROPOSAL));
    }
    set_case("%s", "");
}

static void test_invalid_parameter(void)
{
    static const float bad_spacing[] = {-1.0f, NAN, INFINITY, -INFINITY};
    static const float bad_anchor[] = {-0.25f, 1.5f, NAN, INFINITY, -INFINITY,
                                       1.0000001f};
    static const int32_t bad_modes[] = {2, -1, 99, INT32_MIN};
    lk_items it = items_of(4, A_W, A_H);
    lk_flow_params base = params_fixed(10, 5, 0, 0);
    lk_proposal pr = prop(100, U);
    size_t v;
    char what[80];
    g_section = "LK_ERR_INVALID_PARAMETER";
    for (v = 0; v < 4; v++) {
        lk_flow_params p = base;
        p.spacing = bad_spacing[v];
        snprintf(what, sizeof what, "spacing %g", (double)bad_spacing[v]);
        set_case("%s", what);
        expect_flow_error(LOC, what, &it, &p, pr, ON_ALL,
                          err(LK_ERR_INVALID_PARAMETER));
        p = base;
        p.line_spacing = bad_spacing[v];
        snprintf(what, sizeof what, "line_spacing %g", (double)bad_spacing[v]);
        set_case("%s", what);
        expect_flow_error(LOC, what, &it, &p, pr, ON_ALL,
                          err(LK_ERR_INVALID_PARAMETER));
    }
    for (v = 0; v < sizeof bad_anchor / sizeof bad_anchor[0]; v++) {
        lk_flow_params p = base;
        p.alignment.x = bad_anchor[v];
        snprintf(what, sizeof what, "alignment.x %.9g", (double)bad_anchor[v]);
        set_case("%s", what);
        expect_flow_error(LOC, what, &it, &p, pr, ON_ALL,
                          err(LK_ERR_INVALID_PARAMETER));
        p = base;
        p.alignment.y = bad_anchor[v];
        snprintf(what, sizeof what, "alignment.y %.9g", (double)bad_anchor[v]);
        set_case("%s", what);
        expect_flow_error(LOC, what, &it, &p, pr, ON_ALL,
                          err(LK_ERR_INVALID_PARAMETER));
    }
    for (v = 0; v < sizeof bad_modes / sizeof bad_modes[0]; v++) {
        lk_flow_params p = base;
        p.spacing_mode = bad_modes[v];
        snprintf(what, sizeof what, "spacing_mode %" PRId32, bad_modes[v]);
        set_case("%s", what);
        expect_flow_error(LOC, what, &it, &p, pr, ON_ALL,
                          err(LK_ERR_INVALID_PARAMETER));
        p = base;
        p.line_spacing_mode = bad_modes[v];
        snprintf(what, sizeof what, "line_spacing_mode %" PRId32, bad_modes[v]);
        set_case("%s", what);
        expect_flow_error(LOC, what, &it, &p, pr, ON_ALL,
                          err(LK_ERR_INVALID_PARAMETER));
    }
    /* Checked even with no items. */
    {
        lk_items none = items_of(0, NULL, NULL);
        lk_flow_params p = base;
        p.spacing = -1;
        set_case("n == 0, spacing -1");
        expect_flow_error(LOC, "n == 0, spacing -1", &none, &p, pr, ON_ALL,
                          err(LK_ERR_INVALID_PARAMETER));
    }
    set_case("%s", "");
}

/* Lengths just above LK_MAX_LENGTH, and far above. */
static float above_max_length(size_t k)
{
    switch (k) {
    case 0: return nextafterf(LK_MAX_LENGTH, INFINITY);
    case 1: return 1e20f;
    default: return FLT_MAX;
    }
}
#define ABOVE_MAX_COUNT 3

/* Every extensible struct's struct_size: 0 (not initialised) and another size
 * (a program built against another header) are refused, naming the struct, with
 * nothing written; the lk_*_default() functions set it. */
static void test_struct_sizes(void)
{
    lk_items it = items_of(4, A_W, A_H);
    lk_flow_params p = params_fixed(10, 5, 0, 0);
    lk_proposal pr = prop(100, U);
    lk_items bad_items = it;
    lk_flow_params bad_params = p;
    lk_layout layout;
    lk_result r = lk_result_default();
    lk_many_result many = lk_many_result_default();
    lk_item_buffers buffers = lk_item_buffers_default();
    lk_engine_stats stats = lk_engine_stats_default();
    size_t sizes[2] = {0, sizeof(lk_items) + 8};
    float x[4], y[4];
    size_t k;
    g_section = "struct_size";
    CHECK_I(it.struct_size, sizeof(lk_items));
    CHECK_I(p.struct_size, sizeof(lk_flow_params));
    CHECK_I(r.struct_size, sizeof(lk_result));
    CHECK_I(many.struct_size, sizeof(lk_many_result));
    CHECK_I(buffers.struct_size, sizeof(lk_item_buffers));
    CHECK_I(stats.struct_size, sizeof(lk_engine_stats));
    CHECK_ST(lk_layout_default(LK_LAYOUT_FLOW, &layout), LK_OK);
    CHECK_I(layout.struct_size, sizeof(lk_layout));
    CHECK_I(layout.flow.struct_size, sizeof(lk_flow_params));
    for (k = 0; k < 2; k++) {
        bad_items.struct_size = sizes[k];
        set_case("items.struct_size %zu", sizes[k]);
        expect_flow_error(LOC, "items.struct_size", &bad_items, &p, pr, ON_ALL,
                          err_msg(LK_ERR_INVALID_PARAMETER, "items.struct_size", k ? "layoutkernel.h" : "lk_items_default"));
        bad_params.struct_size = sizes[k];
        set_case("params.struct_size %zu", sizes[k]);
        expect_flow_error(LOC, "params.struct_size", &it, &bad_params, pr, ON_ALL,
                          err_msg(LK_ERR_INVALID_PARAMETER, "params.struct_size", NULL));
    }
    /* The result struct: refused before anything is written to it or its buffers. */
    x[0] = y[0] = -7.0f;
    r.x = x;
    r.y = y;
    r.item_capacity = 4;
    r.width = -3.0f;
    r.struct_size = 0;
    CHECK_ST(lk_flow_layout(&it, &p, pr, &r), LK_ERR_INVALID_PARAMETER);
    CHECK(strstr(lk_last_error_message(), "result.struct_size is 0") != NULL);
    CHECK_F(r.width, -3.0f);
    CHECK_F(x[0], -7.0f);
    r.struct_size = sizeof r;
    CHECK_ST(lk_flow_layout(&it, &p, pr, &r), LK_OK);
    /* A layout, and the flow parameters it holds. */
    layout.struct_size = 0;
    CHECK_ST(lk_layout_place(&it, &layout, pr, &r), LK_ERR_INVALID_PARAMETER);
    CHECK(strstr(lk_last_error_message(), "layout.struct_size") != NULL);
    layout.struct_size = sizeof layout;
    layout.flow.struct_size = 4;
    CHECK_ST(lk_layout_place(&it, &layout, pr, &r), LK_ERR_INVALID_PARAMETER);
    CHECK(strstr(lk_last_error_message(), "layout.flow.struct_size is 4") != NULL);
    layout.flow.struct_size = sizeof layout.flow;
    CHECK_ST(lk_layout_place(&it, &layout, pr, &r), LK_OK);
}

/* wrap: LK_WRAP_NOWRAP keeps every item on one row (it overflows); an unknown
 * value, or nowrap with wrap_reverse, is refused. */
static void test_wrap(void)
{
    lk_items it = items_of(4, A_W, A_H);
    lk_flow_params p = params_fixed(10, 5, 0, 0);
    lk_proposal pr = prop(30, U);
    lk_result r = lk_result_default();
    float x[4], y[4];
    size_t rows_wrapped;
    g_section = "wrap";
    CHECK_I(p.wrap, LK_WRAP_WRAP);
    r.x = x;
    r.y = y;
    r.item_capacity = 4;
    CHECK_ST(lk_flow_layout(&it, &p, pr, &r), LK_OK);
    rows_wrapped = r.rows;
    CHECK(rows_wrapped > 1);
    p.wrap = LK_WRAP_NOWRAP;
    CHECK_ST(lk_flow_layout(&it, &p, pr, &r), LK_OK);
    CHECK_I(r.rows, 1);
    CHECK_F(r.width, 30.0f);
    CHECK_F(y[3], 0.0f);
    CHECK_F(x[1], A_W[0] + 10.0f);
    p.wrap = 3;
    set_case("wrap 3");
    expect_flow_error(LOC, "wrap 3", &it, &p, pr, ON_ALL, err_msg(LK_ERR_INVALID_PARAMETER, "params.wrap", NULL));
    p.wrap = LK_WRAP_NOWRAP;
    p.wrap_reverse = 1;
    set_case("nowrap with wrap_reverse");
    expect_flow_error(LOC, "nowrap with wrap_reverse", &it, &p, pr, ON_ALL,
                      err_msg(LK_ERR_INVALID_PARAMETER, "params.wrap is nowrap", "wrap_reverse"));
}

/* Balanced lines (LK_WRAP_BALANCE, min_lines): SPEC.md section 12's examples
 * through the C API, row counts and sizes that agree with the layout, a minimum
 * line count, the errors. */
static void test_balance(void)
{
    static const float w3[] = {40, 40, 40}, w5[] = {20, 20, 0, 10, 20}, h[] = {10, 10, 10, 10, 10};
    lk_items three = items_of(3, w3, h), five = items_of(5, w5, h);
    lk_flow_params p = params_fixed(10, 0, 0, 0);
    lk_result r = lk_result_default();
    float x[5], y[5];
    int64_t start[5], length[5];
    size_t count;
    lk_size size;
    g_section = "balance";
    CHECK_I(p.min_lines, 1);
    r.x = x;
    r.y = y;
    r.item_capacity = 5;
    r.row_start = start;
    r.row_length = length;
    r.row_capacity = 5;
    /* Greedy [40, 40] [40]; balance ties [40, 40] [40] with [40] [40, 40]: the
     * fewest items on the last line. */
    p.wrap = LK_WRAP_BALANCE;
    CHECK_ST(lk_flow_layout(&three, &p, prop(100, U), &r), LK_OK);
    CHECK_I(r.rows, 2);
    CHECK_I(length[0], 2);
    CHECK_F(x[1], 50.0f);
    CHECK_F(y[2], 10.0f);
    CHECK_ST(lk_flow_row_count(&three, &p, 100, &count), LK_OK);
    CHECK_I(count, 2);
    /* Unbounded rows, four lines asked for: [20] [20, 0] [10] [20], 20 wide. */
    p = params_fixed(0, 0, 0, 0);
    p.wrap = LK_WRAP_BALANCE;
    p.min_lines = 4;
    CHECK_ST(lk_flow_layout(&five, &p, prop(U, U), &r), LK_OK);
    CHECK_I(r.rows, 4);
    CHECK_I(length[1], 2);
    CHECK_F(r.width, 20.0f);
    CHECK_F(x[2], 20.0f);
    CHECK_ST(lk_flow_size(&five, &p, prop(U, U), &size), LK_OK);
    CHECK_F(size.width, 20.0f);
    CHECK_F(size.height, 40.0f);
    CHECK_ST(lk_flow_row_count(&five, &p, INFINITY, &count), LK_OK);
    CHECK_I(count, 4);
    /* min_lines 0 is no minimum; it has no effect without balance. */
    p.min_lines = 0;
    CHECK_ST(lk_flow_row_count(&five, &p, INFINITY, &count), LK_OK);
    CHECK_I(count, 1);
    p.wrap = LK_WRAP_WRAP;
    p.min_lines = 4;
    CHECK_ST(lk_flow_row_count(&five, &p, INFINITY, &count), LK_OK);
    CHECK_I(count, 1);
    p.wrap = LK_WRAP_BALANCE;
    p.min_lines = -1;
    set_case("min_lines -1");
    expect_flow_error(LOC, "min_lines -1", &five, &p, prop(U, U), ON_ALL,
                      err_msg(LK_ERR_INVALID_PARAMETER, "params.min_lines is -1", NULL));
    /* wrap-reverse balance is CSS's flex-wrap: wrap-reverse balance. */
    p.min_lines = 1;
    p.wrap_reverse = 1;
    CHECK_ST(lk_flow_layout(&three, &p, prop(100, U), &r), LK_OK);
    CHECK_I(r.rows, 2);
    CHECK_F(y[2], 0.0f);
}

/* max_lines and the overflow item (SPEC.md section 12): hidden items at NaN with
 * size 0, lk_result.hidden, the overflow item's frame, the errors. */
/* A flow's item rules (SPEC.md section 13), worked by hand: shrink within a minimum,
 * baselines, stretch within a maximum, align_self over align_items; the engine lays
 * them out as lk_flow_layout does. */
static void test_item_rules(void)
{
    static const float w[] = {60, 60, 60}, h[] = {10, 20, 30};
    static const float shrink[] = {1, 1, 1}, min_width[] = {50, NAN, NAN};
    static const float baseline[] = {5, 15, NAN}, max_height[] = {25, NAN, NAN};
    static const uint8_t stretchable[] = {1, 0, 0}, align_self[] = {0, LK_ITEM_ALIGN_END, 0};
    lk_items it = items_of(3, w, h);
    lk_flow_params p = lk_flow_params_default();
    lk_result r = lk_result_default();
    lk_layout layout;
    lk_engine *engine = NULL;
    float x[3], y[3], iw[3], ih[3];
    g_section = "item rules";
    CHECK_I(p.align_items, LK_ITEM_ALIGN_AUTO);
    r.x = x;
    r.y = y;
    r.item_width = iw;
    r.item_height = ih;
    r.item_capacity = 3;
    /* 180 into 100: item 0 stops at its minimum of 50, the others share 50. */
    p.wrap = LK_WRAP_NOWRAP;
    it.shrink = shrink;
    it.min_width = min_width;
    CHECK_ST(lk_flow_layout(&it, &p, prop(100, U), &r), LK_OK);
    CHECK_F(iw[0], 50.0f);
    CHECK_F(iw[1], 25.0f);
    CHECK_F(iw[2], 25.0f);
    CHECK_F(x[2], 75.0f);
    /* Baselines 5 and 15 below the tops, the third item's at its bottom (30): the
     * line's baseline is 30 below its top, and the first two items reach 5 below it. */
    it.shrink = NULL;
    it.min_width = NULL;
    it.baseline = baseline;
    p.align_items = LK_ITEM_ALIGN_BASELINE;
    CHECK_ST(lk_flow_layout(&it, &p, prop(200, U), &r), LK_OK);
    CHECK_F(y[0], 25.0f);
    CHECK_F(y[1], 15.0f);
    CHECK_F(y[2], 0.0f);
    CHECK_F(r.height, 35.0f);
    /* Stretch: the stretchable item takes the line's 30, within its maximum of 25;
     * item 1 sits at the end by its own alignment. */
    it.baseline = NULL;
    it.stretchable = stretchable;
    it.max_height = max_height;
    it.align_self = align_self;
    p.align_items = LK_ITEM_ALIGN_STRETCH;
    CHECK_ST(lk_flow_layout(&it, &p, prop(200, U), &r), LK_OK);
    CHECK_F(ih[0], 25.0f);
    CHECK_F(ih[1], 20.0f);
    CHECK_F(ih[2], 30.0f);
    CHECK_F(y[0], 0.0f);
    CHECK_F(y[1], 10.0f);
    /* An unknown alignment is refused, naming the field. */
    p.align_items = 7;
    CHECK_ST(lk_flow_layout(&it, &p, prop(200, U), &r), LK_ERR_INVALID_PARAMETER);
    CHECK(strstr(lk_last_error_message(), "params.align_items is 7") != NULL);
    /* An engine lays out item rules and baselines as lk_flow_layout does, after an
     * update too, and gives back the rules it holds. */
    CHECK_ST(lk_layout_default(LK_LAYOUT_FLOW, &layout), LK_OK);
    layout.flow.align_items = LK_ITEM_ALIGN_BASELINE;
    CHECK_ST(lk_engine_create(&layout, &engine), LK_OK);
    {
        static const float one_shrink[] = {2}, one_baseline[] = {9};
        lk_items flat = items_of(3, w, h), one = items_of(1, w + 1, h + 1);
        lk_flow_params base = lk_flow_params_default();
        lk_result fr = lk_result_default();
        lk_item_buffers back = lk_item_buffers_default();
        float fx[3], fy[3], fw[3], fh[3], ex[3], ey[3], got_min[3], got_baseline[3], got_shrink[3];
        uint8_t got_align[3];
        uint32_t fields = 0;
        base.align_items = LK_ITEM_ALIGN_BASELINE;
        fr.x = fx;
        fr.y = fy;
        fr.item_width = fw;
        fr.item_height = fh;
        fr.item_capacity = 3;
        /* Items without rules first: the update brings baselines and shrink factors,
         * which the engine then holds for every item (NaN and 0 for the others). */
        CHECK_ST(lk_engine_set_items(engine, &flat), LK_OK);
        one.baseline = one_baseline;
        one.shrink = one_shrink;
        CHECK_ST(lk_engine_update(engine, 1, &one), LK_OK);
        {
            static const float held_baseline[] = {NAN, 9, NAN}, held_shrink[] = {0, 2, 0};
            flat.baseline = held_baseline;
            flat.shrink = held_shrink;
            CHECK_ST(lk_flow_layout(&flat, &base, prop(100, U), &fr), LK_OK);
        }
        CHECK_ST(lk_engine_positions(engine, prop(100, U), 0, 3, ex, ey), LK_OK);
        for (int i = 0; i < 3; i++) {
            CHECK_F(ex[i], fx[i]);
            CHECK_F(ey[i], fy[i]);
        }
        back.min_width = got_min;
        back.baseline = got_baseline;
        back.shrink = got_shrink;
        back.align_self = got_align;
        CHECK_ST(lk_engine_get_items(engine, 0, 3, &back, &fields), LK_OK);
        CHECK_I(fields, LK_ITEM_FIELD_BASELINE | LK_ITEM_FIELD_SHRINK);
        CHECK(isnan(got_baseline[0]) && isnan(got_baseline[2]));
        CHECK_F(got_baseline[1], 9.0f);
        CHECK_F(got_shrink[1], 2.0f);
        CHECK_F(got_shrink[0], 0.0f);
        CHECK(isnan(got_min[0]) && isnan(got_min[1]));   /* not held: what NULL means */
        CHECK_I(got_align[2], 0);
        /* Every rule of the hand-worked cases above, set at once. */
        it.baseline = baseline;
        it.shrink = shrink;
        it.min_width = min_width;
        CHECK_ST(lk_engine_set_items(engine, &it), LK_OK);
        CHECK_ST(lk_flow_layout(&it, &base, prop(100, U), &fr), LK_OK);
        CHECK_ST(lk_engine_positions(engine, prop(100, U), 0, 3, ex, ey), LK_OK);
        for (int i = 0; i < 3; i++) {
            CHECK_F(ex[i], fx[i]);
            CHECK_F(ey[i], fy[i]);
        }
        CHECK_ST(lk_engine_get_items(engine, 0, 3, NULL, &fields), LK_OK);
        CHECK_I(fields, LK_ITEM_FIELD_ALIGN_SELF | LK_ITEM_FIELD_BASELINE | LK_ITEM_FIELD_STRETCHABLE
                            | LK_ITEM_FIELD_MIN_WIDTH | LK_ITEM_FIELD_MAX_HEIGHT | LK_ITEM_FIELD_SHRINK);
    }
    lk_engine_destroy(engine);
    layout.flow.align_items = LK_ITEM_ALIGN_CENTER;
    CHECK_ST(lk_engine_create(&layout, &engine), LK_OK);
    {
        /* Centred by the engine as by lk_flow_layout. */
        static const float ew[] = {30, 30, 30}, eh[] = {10, 21, 5};
        lk_items plain = items_of(3, ew, eh);
        float ex[3], ey[3], fx[3], fy[3];
        lk_flow_params centred = lk_flow_params_default();
        lk_result fr = lk_result_default();
        centred.align_items = LK_ITEM_ALIGN_CENTER;
        fr.item_capacity = 3;
        fr.x = fx;
        fr.y = fy;
        CHECK_ST(lk_flow_layout(&plain, &centred, prop(200, U), &fr), LK_OK);
        CHECK_ST(lk_engine_set_items(engine, &plain), LK_OK);
        CHECK_ST(lk_engine_positions(engine, prop(200, U), 0, 3, ex, ey), LK_OK);
        for (int i = 0; i < 3; i++) {
            CHECK_F(ex[i], fx[i]);
            CHECK_F(ey[i], fy[i]);
        }
        CHECK_F(ey[0], 5.5f);   /* (21 - 10) / 2 = 5.5: on the lattice, kept */
        CHECK_F(ey[2], 8.0f);
    }
    lk_engine_destroy(engine);
}

static void test_max_lines(void)
{
    static const float w[] = {40, 40, 40, 40, 40}, h[] = {10, 10, 10, 10, 10};
    lk_items it = items_of(5, w, h);
    lk_flow_params p = params_fixed(10, 5, 0, 0);
    lk_result r = lk_result_default();
    float x[5], y[5], iw[5], ih[5];
    int64_t length[5];
    size_t count;
    g_section = "max_lines";
    CHECK_I(p.max_lines, 0);
    CHECK(isnan(p.overflow_item.width) && isnan(p.overflow_item.height));
    r.x = x;
    r.y = y;
    r.item_width = iw;
    r.item_height = ih;
    r.item_capacity = 5;
    r.row_length = length;
    r.row_capacity = 5;
    CHECK_ST(lk_flow_layout(&it, &p, prop(100, U), &r), LK_OK);
    CHECK_I(r.hidden, 0);
    CHECK_I(r.overflow_placed, 0);
    p.max_lines = 2;
    CHECK_ST(lk_flow_layout(&it, &p, prop(100, U), &r), LK_OK);
    CHECK_I(r.rows, 2);
    CHECK_I(r.hidden, 1);
    CHECK_I(r.overflow_placed, 0);
    CHECK(isnan(x[4]) && isnan(y[4]));
    CHECK_F(iw[4], 0.0f);
    CHECK_F(iw[3], 40.0f);
    CHECK_F(r.height, 25.0f);
    CHECK_ST(lk_flow_row_count(&it, &p, 100, &count), LK_OK);
    CHECK_I(count, 2);
    /* [40, 40] + 10 + 30 does not fit in 100: item 3 is hidden too. */
    p.overflow_item.width = 30;
    p.overflow_item.height = 12;
    CHECK_ST(lk_flow_layout(&it, &p, prop(100, U), &r), LK_OK);
    CHECK_I(r.hidden, 2);
    CHECK_I(r.overflow_placed, 1);
    CHECK_F(r.overflow_x, 50.0f);
    CHECK_F(r.overflow_y, 15.0f);
    CHECK_F(r.overflow_width, 30.0f);
    CHECK_F(r.overflow_height, 12.0f);
    CHECK(isnan(x[3]));
    CHECK_I(length[1], 2);
    CHECK_F(r.height, 27.0f);
    /* One size column alone: the kept items' own sizes, 0 for the hidden ones. */
    r.item_height = NULL;
    iw[0] = iw[4] = -1;
    CHECK_ST(lk_flow_layout(&it, &p, prop(100, U), &r), LK_OK);
    CHECK_F(iw[0], 40.0f);
    CHECK_F(iw[4], 0.0f);
    r.item_height = ih;
    /* lk_layout_many: each container's hidden count and overflow frame, as its
     * own layout gives them (NaN frames where none was placed). */
    {
        static const float mw[] = {40, 40, 40, 40, 40, 40, 40, 40}, mh[] = {10, 10, 10, 10, 10, 10, 10, 10};
        const size_t counts[] = {5, 1, 2};
        lk_items all = items_of(8, mw, mh);
        lk_layout layout;
        lk_many_result m = lk_many_result_default();
        lk_proposal one = prop(100, U);
        float cw[3], ch[3], mx[8], my[8], ox[3], oy[3], ow[3], oh[3];
        size_t hidden[3];
        CHECK_ST(lk_layout_default(LK_LAYOUT_FLOW, &layout), LK_OK);
        layout.flow = p;
        layout.flow.max_lines = 1;
        m.width = cw;
        m.height = ch;
        m.container_capacity = 3;
        m.x = mx;
        m.y = my;
        m.item_capacity = 8;
        CHECK_ST(lk_layout_many(&all, &layout, counts, 3, &one, 1, &m), LK_OK); /* no hidden buffers: fine */
        m.hidden = hidden;
        m.overflow_x = ox;
        m.overflow_y = oy;
        m.overflow_width = ow;
        m.overflow_height = oh;
        CHECK_ST(lk_layout_many(&all, &layout, counts, 3, &one, 1, &m), LK_OK);
        /* [40 40] then [40 | +30]: the second line's place goes to the overflow item. */
        CHECK_I(hidden[0], 4);
        CHECK_F(ox[0], 50.0f);
        CHECK_F(oy[0], 0.0f);
        CHECK_F(ow[0], 30.0f);
        CHECK_F(oh[0], 12.0f);
        CHECK(isnan(mx[2]) && isnan(my[4]));
        CHECK_I(hidden[1], 0);
        CHECK(isnan(ox[1]) && isnan(oy[1]) && isnan(ow[1]) && isnan(oh[1]));
        CHECK_I(hidden[2], 0);
        CHECK(isnan(ox[2]));
        /* An output that overlaps another is refused, nothing written. */
        hidden[0] = 99;
        m.overflow_y = ox;
        set_case("overflow_y overlaps overflow_x");
        CHECK_ST(lk_layout_many(&all, &layout, counts, 3, &one, 1, &m), LK_ERR_INVALID_PARAMETER);
        CHECK(strstr(lk_last_error_message(), "result.overflow_y") != NULL);
        CHECK_I(hidden[0], 99);
    }
    p.max_lines = -1;
    set_case("max_lines -1");
    expect_flow_error(LOC, "max_lines -1", &it, &p, prop(100, U), ON_ALL,
                      err_msg(LK_ERR_INVALID_PARAMETER, "params.max_lines is -1", NULL));
    p.max_lines = 2;
    p.overflow_item.height = NAN;
    set_case("overflow_item half NaN");
    expect_flow_error(LOC, "overflow_item half NaN", &it, &p, prop(100, U), ON_ALL,
                      err_msg(LK_ERR_INVALID_PARAMETER, "params.overflow_item", NULL));
    p.overflow_item.height = -1;
    set_case("overflow_item negative");
    expect_flow_error(LOC, "overflow_item negative", &it, &p, prop(100, U), ON_ALL,
                      err_msg(LK_ERR_INVALID_PARAMETER, "params.overflow_item.height", NULL));
}

static void test_max_length(void)
{
    const float M = LK_MAX_LENGTH;
    static const size_t indices[] = {0, 16};
    size_t v, k, f;
    char what[120];
    g_section = "LK_MAX_LENGTH";

    CHECK_F(M, 18446744073709551616.0f);
    CHECK_F(M, ldexpf(1, 64));

    /* Above the bound: item sizes (20 items, so index 16 is in the second
     * block). */
    for (v = 0; v < ABOVE_MAX_COUNT; v++)
        for (k = 0; k < 2; k++)
            for (f = 0; f < 2; f++) {
                float w[20], h[20];
                size_t i, idx = indices[k];
                char needle[32];
                lk_items it = items_of(20, w, h);
                for (i = 0; i < 20; i++) {
                    w[i] = 10;
                    h[i] = 5;
                }
                (f == 0 ? w : h)[idx] = above_max_length(v);
                snprintf(needle, sizeof needle, "%s[%zu]", f == 0 ? "widths" : "heights",
                         idx);
                snprintf(what, sizeof what, "%s = %.9g", needle,
                         (double)above_max_length(v));
                set_case("%s", what);
                expect_flow_error(LOC, what, &it, NULL, prop(100, U), ON_ALL,
                                  err_item(LK_ERR_INVALID_ITEM_SIZE, (int64_t)idx,
                                           needle, NULL));
            }

    /* Above the bound: spacing preferences (per-item modes). */
    for (v = 0; v < ABOVE_MAX_COUNT; v++)
        for (f = 0; f < 4; f++) {
            static const char *fields[] = {"leading", "trailing", "top", "bottom"};
            static const float w[20] = {10, 10, 10, 10, 10, 10, 10, 10, 10, 10,
                                        10, 10, 10, 10, 10, 10, 10, 10, 10, 10};
            float sp[4][20];
            size_t i, j;
            lk_items it = items_of(20, w, w);
            lk_flow_params p = lk_flow_params_default();
            p.spacing_mode = p.line_spacing_mode = LK_SPACING_PER_ITEM;
            for (i = 0; i < 4; i++)
                for (j = 0; j < 20; j++)
                    sp[i][j] = 1;
            sp[f][16] = above_max_length(v);
            it.spacing_leading = sp[0];
            it.spacing_trailing = sp[1];
            it.spacing_top = sp[2];
            it.spacing_bottom = sp[3];
            snprintf(what, sizeof what, "spacing_%s[16] = %.9g", fields[f],
                     (double)above_max_length(v));
            set_case("%s", what);
            expect_flow_error(LOC, what, &it, &p, prop(100, U), ON_ALL,
                              err_item(LK_ERR_INVALID_ITEM_SPACING, 16, fields[f],
                                       "[16]"));
        }

    /* Above the bound: the fixed spacings, in both modes. */
    for (v = 0; v < ABOVE_MAX_COUNT; v++)
        for (f = 0; f < 2; f++) {
            lk_items it = items_of(4, A_W, A_H);
            lk_flow_params p = params_fixed(10, 5, 0, 0);
            p.spacing_mode = p.line_spacing_mode =
                f ? LK_SPACING_PER_ITEM : LK_SPACING_FIXED;
            p.spacing = above_max_length(v);
            snprintf(what, sizeof what, "spacing %.9g (%s mode)",
                     (double)above_max_length(v), f ? "per-item" : "fixed");
            set_case("%s", what);
            expect_flow_error(LOC, what, &it, &p, prop(100, U), ON_ALL,
                              err(LK_ERR_INVALID_PARAMETER));
            p.spacing = 10;
            p.line_spacing = above_max_length(v);
            snprintf(what, sizeof what, "line_spacing %.9g (%s mode)",
                     (double)above_max_length(v), f ? "per-item" : "fixed");
            set_case("%s", what);
            expect_flow_error(LOC, what, &it, &p, prop(100, U), ON_ALL,
                              err(LK_ERR_INVALID_PARAMETER));
        }

    /* LK_MAX_LENGTH itself is accepted everywhere. M = 2^64; 2M and 3M are
     * exact in float.
     * widths and heights M, spacing M, line spacing M, W unspecified:
     * one row, item 1 at M + M = 2M, row width 3M, height M. */
    {
        float w[2], h[2];
        lk_items it = items_of(2, w, h);
        lk_flow_params p = params_fixed(M, M, 0, 0);
        w[0] = w[1] = h[0] = h[1] = M;
        set_case("sizes and spacings = LK_MAX_LENGTH, W unspecified");
        EXPECT_FLOW(&it, &p, prop(U, U),
                    {3 * M, M, 1, F(0, 2 * M), F(0, 0), I(0), I(2), D(0),
                     F(3 * M), F(M), NULL, NULL, 0});
        /* W = M: M + M + M > M breaks; rows y 0 and M + M = 2M; height 3M. */
        set_case("sizes and spacings = LK_MAX_LENGTH, W = LK_MAX_LENGTH");
        EXPECT_FLOW(&it, &p, prop(M, U),
                    {M, 3 * M, 2, F(0, 0), F(0, 2 * M), I(0, 1), I(1, 1),
                     D(0, 2.0 * (double)M), F(M, M), F(M, M), NULL, NULL, 0});
    }
    /* Per-item preferences = M: widths and heights 0, break before item 2.
     * Row 0: items 0, 1 at 0 and max(M, M) = M, width M; row 1: item 2,
     * y = 0 + 0 + max(bottom[1]... tallest of row 0 is item 0 (first of
     * height 0): max(bottom[0], top[2]) = M. Container M x M. */
    {
        static const float zero[3] = {0, 0, 0};
        static const uint8_t flags[3] = {0, 0, LK_ITEM_BREAK_BEFORE};
        float sp[3];
        lk_items it = items_of(3, zero, zero);
        lk_flow_params p = lk_flow_params_default();
        p.spacing_mode = p.line_spacing_mode = LK_SPACING_PER_ITEM;
        sp[0] = sp[1] = sp[2] = M;
        it.spacing_leading = it.spacing_trailing = sp;
        it.spacing_top = it.spacing_bottom = sp;
        it.flags = flags;
        set_case("spacing preferences = LK_MAX_LENGTH");
        EXPECT_FLOW(&it, &p, prop(U, U),
                    {M, M, 2, F(0, M, 0), F(0, 0, M), I(0, 2), I(2, 1),
                     D(0, (double)M), F(M, 0), F(0, 0), NULL, NULL, 0});
    }
    /* Proposals have no upper bound (only negative values are invalid):
     * case A at W = 1e30 and FLT_MAX is one row, the container that wide. */
    {
        lk_items it = items_of(4, A_W, A_H);
        lk_flow_params p = params_fixed(10, 5, 0, 0);
        set_case("proposal width 1e30");
        EXPECT_FLOW(&it, &p, prop(1e30f, 1e30f),
                    {1e30f, 20, 1, F(0, 40, 90, 150), F(0, 0, 0, 0), I(0), I(4),
                     D(0), F(180), F(20), NULL, NULL, 0});
        set_case("proposal width FLT_MAX");
        EXPECT_FLOW(&it, &p, prop(FLT_MAX, U),
                    {FLT_MAX, 20, 1, F(0, 40, 90, 150), F(0, 0, 0, 0), I(0), I(4),
                     D(0), F(180), F(20), NULL, NULL, 0});
    }
    set_case("%s", "");
}

/*
 * Output buffers that overlap an input array or another output buffer are
 * rejected (LK_ERR_INVALID_PARAMETER, the message naming both), and nothing
 * is written. Case A (4 items, 2 rows at W = 100); item_capacity = 4 and
 * row_capacity = 4 throughout, so "overlap" means the same thing whether a
 * buffer's extent is its capacity or the count.
 */
static void test_overlap(void)
{
    lk_flow_params p = params_fixed(10, 5, 0, 0);
    lk_proposal pr = prop(100, U);
    /* One arena for inputs that outputs alias: canary around them. */
    float arena[64];
    float saved[64];
    lk_items it = lk_items_default();
    Out o;
    g_section = "overlapping buffers";

#define ARENA_RESET()                                \
    do {                                             \
        memset(arena, CANARY, sizeof arena);         \
        memcpy(arena + 8, A_W, sizeof A_W);          \
        memcpy(arena + 16, A_H, sizeof A_H);         \
        it = items_of(4, arena + 8, arena + 16);     \
        memcpy(saved, arena, sizeof arena);          \
        out_alloc(&o, 4, 4);                         \
    } while (0)
#define OVERLAP_CASE(label, a, b)                                              \
    do {                                                                     \
        ErrExpect e = err(LK_ERR_INVALID_PARAMETER);                         \
        e.contains = (a);                                                    \
        e.contains2 = (b);                                                   \
        e.match = MATCH_WORDS;                                               \
        set_case("%s", label);                                               \
        expect_layout_error_on(LOC, label, &it, &p, pr, &o, e);              \
        ck_true(LOC, label ": inputs and arena untouched",                   \
                memcmp(arena, saved, sizeof arena) == 0);                    \
        out_free(&o);                                                        \
    } while (0)

    /* x is the widths array. */
    ARENA_RESET();
    o.r.x = arena + 8;
    OVERLAP_CASE("x == widths", "x", "widths");

    /* y starts one float into x (n = 4). */
    ARENA_RESET();
    o.r.y = o.x + 1;
    OVERLAP_CASE("y == x + 1", "x", "y");

    /* y ends inside x. */
    ARENA_RESET();
    o.r.x = o.y + 3;
    OVERLAP_CASE("x == y + 3", "x", "y");

    /* row_start (4 x 8 bytes) starts in the middle of x (4 x 4 bytes). */
    ARENA_RESET();
    o.r.row_start = (int64_t *)(void *)(o.x + 2);
    OVERLAP_CASE("row_start inside x", "row_start", "x");

    /* item_width is the heights array. */
    ARENA_RESET();
    o.r.item_width = arena + 16;
    OVERLAP_CASE("item_width == heights", "item_width", "heights");

    /* Two row columns share memory. */
    ARENA_RESET();
    o.r.row_height = o.r.row_width;
    OVERLAP_CASE("row_height == row_width", "row_height", "row_width");

    /* An optional input: item_height ends inside spacing_bottom. */
    ARENA_RESET();
    it.spacing_bottom = arena + 24;
    memset(arena + 24, 0, 4 * sizeof(float));
    memcpy(saved, arena, sizeof arena);
    p.line_spacing_mode = LK_SPACING_PER_ITEM;
    o.r.item_height = arena + 22;
    OVERLAP_CASE("item_height overlaps spacing_bottom", "item_height",
                 "spacing_bottom");
    p.line_spacing_mode = LK_SPACING_FIXED;

    /* Adjacent is not overlapping: [widths][heights][x][y][item_width]
     * [item_height] back to back in one arena (4 floats each), the row
     * floats right after. Case A's result; the canary after them stays. */
    {
        static const float want_x[] = {0, 40, 0, 60}, want_y[] = {0, 0, 25, 25};
        float adj[48];
        float *w = adj + 8, *h = adj + 12;
        lk_status st;
        set_case("adjacent buffers (y == x + 4, ...)");
        memset(adj, CANARY, sizeof adj);
        memcpy(w, A_W, sizeof A_W);
        memcpy(h, A_H, sizeof A_H);
        it = items_of(4, w, h);
        out_alloc(&o, 4, 4);
        o.r.x = adj + 16;
        o.r.y = adj + 20;
        o.r.item_width = adj + 24;
        o.r.item_height = adj + 28;
        o.r.row_width = adj + 32;
        o.r.row_height = adj + 36;
        st = lk_flow_layout(&it, &p, pr, &o.r);
        if (CHECK_ST(st, LK_OK)) {
            CHECK(o.r.rows == 2 && o.r.width == 100 && o.r.height == 40);
            CHECK(memcmp(adj + 16, want_x, sizeof want_x) == 0);
            CHECK(memcmp(adj + 20, want_y, sizeof want_y) == 0);
            CHECK(memcmp(adj + 24, A_W, sizeof A_W) == 0);
            CHECK(memcmp(adj + 28, A_H, sizeof A_H) == 0);
            CHECK(adj[32] == 80 && adj[33] == 90 && adj[36] == 20 && adj[37] == 15);
            CHECK(o.row_start[1] == 2 && o.row_length[1] == 2 && o.row_y[1] == 25);
        }
        CHECK(memcmp(w, A_W, sizeof A_W) == 0 && memcmp(h, A_H, sizeof A_H) == 0);
        /* Rows 2 of capacity 4: the rest of each row column and the guards
         * are untouched. */
        CHECK(bytes_are_canary(adj, 8 * sizeof(float)) &&
              bytes_are_canary(adj + 34, 2 * sizeof(float)) &&
              bytes_are_canary(adj + 38, 10 * sizeof(float)));
        out_free(&o);
    }

    /* Inputs may share memory with each other (they are only read):
     * widths == heights == every spacing array. */
    {
        static const float same[] = {10, 20, 30, 40};
        lk_status st;
        set_case("inputs sharing memory");
        it = items_of(4, same, same);
        it.spacing_leading = it.spacing_trailing = same;
        it.spacing_top = it.spacing_bottom = same;
        out_alloc(&o, 4, 4);
        st = lk_flow_layout(&it, &p, pr, &o.r);
        CHECK_ST(st, LK_OK);
        out_free(&o);
    }
#undef OVERLAP_CASE
#undef ARENA_RESET
    set_case("%s", "");
}

static void test_buffer_too_small(void)
{
    /* Case A at W = 100: n = 4 items, 2 rows. */
    lk_items it = items_of(4, A_W, A_H);
    lk_flow_params p = params_fixed(10, 5, 0, 0);
    lk_proposal pr = prop(100, U);
    Out o;
    g_section = "LK_ERR_BUFFER_TOO_SMALL";

    set_case("item_capacity 3 < n = 4");
    out_alloc(&o, 3, 4);
    expect_layout_error_on(LOC, "item_capacity 3", &it, &p, pr, &o, err_buffer(4));
    out_free(&o);

    set_case("item_capacity 0 < n = 4");
    out_alloc(&o, 0, 4);
    expect_layout_error_on(LOC, "item_capacity 0", &it, &p, pr, &o, err_buffer(4));
    out_free(&o);

    set_case("item_capacity 3, x and y only");
    out_alloc(&o, 3, 0);
    out_no_rows(&o);
    o.r.item_width = NULL;
    o.r.item_height = NULL;
    expect_layout_error_on(LOC, "item_capacity 3 (x, y only)", &it, &p, pr, &o,
                           err_buffer(4));
    out_free(&o);

    set_case("row_capacity 1 < rows = 2, full row table");
    out_alloc(&o, 4, 1);
    expect_layout_error_on(LOC, "row_capacity 1", &it, &p, pr, &o, err_buffer(2));
    out_free(&o);

    set_case("row_capacity 1 < rows = 2, only row_y");
    out_alloc(&o, 4, 1);
    out_no_rows(&o);
    o.r.row_y = o.row_y;
    expect_layout_error_on(LOC, "row_capacity 1 (row_y only)", &it, &p, pr, &o,
                           err_buffer(2));
    out_free(&o);

    set_case("row_capacity 0 < rows = 2, only row_height");
    out_alloc(&o, 4, 0);
    out_no_rows(&o);
    o.r.row_height = o.row_h;
    expect_layout_error_on(LOC, "row_capacity 0 (row_height only)", &it, &p, pr,
                           &o, err_buffer(2));
    out_free(&o);

    /* BREAK_BEFORE rows count too: 4 rows at W = +inf; capacity 3. */
    {
        static const uint8_t flags[] = {0, 1, 1, 1};
        lk_items itb = it;
        itb.flags = flags;
        set_case("row_capacity 3 < rows = 4 (breaks)");
        out_alloc(&o, 4, 3);
        expect_layout_error_on(LOC, "row_capacity 3 (breaks)", &itb, &p,
                               prop(U, U), &o, err_buffer(4));
        out_free(&o);
    }

    /* The capacity that lk_last_error_required() named succeeds. */
    {
        size_t need;
        lk_status st;
        set_case("retry with the required capacity");
        out_alloc(&o, 4, 1);
        st = lk_flow_layout(&it, &p, pr, &o.r);
        CHECK_ST(st, LK_ERR_BUFFER_TOO_SMALL);
        need = lk_last_error_required();
        out_free(&o);
        out_alloc(&o, 4, need);
        CHECK_ST(lk_flow_layout(&it, &p, pr, &o.r), LK_OK);
        CHECK_Z(o.r.rows, 2);
        CHECK(out_guards_intact(&o));
        out_free(&o);
    }
    set_case("%s", "");
}

/* A page the process may neither read nor write: any access crashes. */
static void *no_access_page(void)
{
    long size = sysconf(_SC_PAGESIZE);
    void *p = mmap(NULL, (size_t)(size > 0 ? size : 4096), PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

static void test_size_overflow(void)
{
    /* Counts whose byte sizes overflow: (SIZE_MAX/4 + 1) * sizeof(float) is
     * 2^64; SIZE_MAX/8 + 1 overflows a double row table and is 2^63 bytes of
     * floats. Counts above LK_MAX_ITEMS (2^60) fail the same way, although
     * their byte sizes fit. Every pointer is non-NULL but points at a page that cannot be
     * read or written, so the count must be rejected before any access (an
     * access would crash this program). */
    static const size_t counts[] = {SIZE_MAX,           SIZE_MAX / 2,
                                    SIZE_MAX / 4 + 1,   (SIZE_MAX / 8) + 1,
                                    LK_MAX_ITEMS + 1,   LK_MAX_ITEMS + 16,
                                    2 * LK_MAX_ITEMS - 1};
    static const char *names[] = {"SIZE_MAX",         "SIZE_MAX/2",
                                  "SIZE_MAX/4+1",     "SIZE_MAX/8+1",
                                  "LK_MAX_ITEMS+1",   "LK_MAX_ITEMS+16",
                                  "2*LK_MAX_ITEMS-1"};
    void *page = no_access_page();
    lk_flow_params p = lk_flow_params_default();
    size_t k;
    char what[80], primed[300];
    g_section = "LK_ERR_SIZE_OVERFLOW";
    if (!CHECK(page != NULL))
        return;
    for (k = 0; k < sizeof counts / sizeof counts[0]; k++) {
        float *fp = (float *)page;
        lk_items it = items_of(counts[k], fp, fp);
        lk_result r, before;
        lk_size s, s_before;
        size_t rows = 4321;
        ErrExpect e = err(LK_ERR_SIZE_OVERFLOW);
        it.spacing_leading = fp;
        it.spacing_trailing = fp;
        it.spacing_top = fp;
        it.spacing_bottom = fp;
        it.flags = (const uint8_t *)page;

        memset(&r, CANARY, sizeof r);
        r.struct_size = sizeof r;
        r.x = r.y = r.item_width = r.item_height = fp;
        r.item_capacity = counts[k];
        r.row_start = r.row_length = (int64_t *)page;
        r.row_y = (double *)page;
        r.row_width = r.row_height = fp;
        r.row_capacity = counts[k];
        before = r;

        snprintf(what, sizeof what, "lk_flow_layout, count %s", names[k]);
        set_case("%s", what);
        prime_error(e.status, primed, sizeof primed);
        check_error_state(LOC, what, lk_flow_layout(&it, &p, prop(100, U), &r), &e,
                          primed);
        ck_true(LOC, "result struct untouched", memcmp(&r, &before, sizeof r) == 0);

        /* Same with no row table and no item sizes. */
        r.row_start = r.row_length = NULL;
        r.row_y = NULL;
        r.row_width = r.row_height = NULL;
        r.item_width = r.item_height = NULL;
        r.row_capacity = 0;
        before = r;
        snprintf(what, sizeof what, "lk_flow_layout (x, y only), count %s", names[k]);
        prime_error(e.status, primed, sizeof primed);
        check_error_state(LOC, what, lk_flow_layout(&it, &p, prop(U, U), &r), &e,
                          primed);
        ck_true(LOC, "result struct untouched", memcmp(&r, &before, sizeof r) == 0);

        memset(&s, CANARY, sizeof s);
        s_before = s;
        snprintf(what, sizeof what, "lk_flow_size, count %s", names[k]);
        prime_error(e.status, primed, sizeof primed);
        check_error_state(LOC, what, lk_flow_size(&it, &p, prop(100, U), &s), &e,
                          primed);
        ck_true(LOC, "*out untouched", memcmp(&s, &s_before, sizeof s) == 0);

        snprintf(what, sizeof what, "lk_flow_row_count, count %s", names[k]);
        prime_error(e.status, primed, sizeof primed);
        check_error_state(LOC, what, lk_flow_row_count(&it, &p, 100, &rows), &e,
                          primed);
        CHECK_Z(rows, 4321);
    }
    munmap(page, (size_t)sysconf(_SC_PAGESIZE));
    set_case("%s", "");
}

/* Successful calls leave the thread's last error as it was (like errno). */
static void test_success_keeps_error(void)
{
    float w[2] = {1, NAN}, h[2] = {1, 1};
    lk_items it = items_of(2, w, h);
    char msg[300];
    lk_size s;
    g_section = "success leaves the last error unchanged";
    CHECK_ST(lk_flow_size(&it, NULL, prop(U, U), &s), LK_ERR_INVALID_ITEM_SIZE);
    snprintf(msg, sizeof msg, "%s", lk_last_error_message());
    w[1] = 2;
    CHECK_ST(lk_flow_size(&it, NULL, prop(U, U), &s), LK_OK);
    CHECK_STR(lk_last_error_message(), msg);
    CHECK_ST(lk_last_error_status(), LK_ERR_INVALID_ITEM_SIZE);
    CHECK_I(lk_last_error_index(), 1);
}

/* ======================================================================== */
/* Tests: threads                                                            */
/* ======================================================================== */

#define THREADS 4
#define THREAD_ITEMS 200000
#define THREAD_ROUNDS 6

typedef struct {
    float *w, *h, *side;
    uint8_t *flags;
    lk_items items;
    lk_flow_params params;
    lk_proposal prop;
    Out expected; /* single-threaded result */
    int mismatches;
    int failures;
} LayoutJob;

/* Whether two results of the same layout are the same bytes: size, rows, x,
 * y and the row table. */
static int same_result(const Out *o, const Out *e, size_t n)
{
    return o->r.width == e->r.width && o->r.height == e->r.height &&
           o->r.rows == e->r.rows &&
           memcmp(o->x, e->x, n * sizeof(float)) == 0 &&
           memcmp(o->y, e->y, n * sizeof(float)) == 0 &&
           memcmp(o->row_start, e->row_start, o->r.rows * sizeof(int64_t)) == 0 &&
           memcmp(o->row_length, e->row_length, o->r.rows * sizeof(int64_t)) == 0 &&
           memcmp(o->row_y, e->row_y, o->r.rows * sizeof(double)) == 0 &&
           memcmp(o->row_w, e->row_w, o->r.rows * sizeof(float)) == 0 &&
           memcmp(o->row_h, e->row_h, o->r.rows * sizeof(float)) == 0;
}

static void *layout_thread(void *arg)
{
    LayoutJob *job = (LayoutJob *)arg;
    int round;
    for (round = 0; round < THREAD_ROUNDS; round++) {
        Out o;
        lk_status st;
        out_alloc(&o, THREAD_ITEMS, THREAD_ITEMS);
        st = lk_flow_layout(&job->items, &job->params, job->prop, &o.r);
        if (st != LK_OK)
            job->failures++;
        else if (!same_result(&o, &job->expected, THREAD_ITEMS) || !out_guards_intact(&o))
            job->mismatches++;
        out_free(&o);
    }
    return NULL;
}

/*
 * Threads laying out large flows at once (each its own items: multiples of
 * 1/4 up to 60 x 40, per-item spacing on odd threads, breaks every 97 items,
 * many rows) get what the same call got alone.
 */
static void test_threads_layout(void)
{
    LayoutJob jobs[THREADS];
    pthread_t tids[THREADS];
    int t;
    size_t i;
    g_section = "threads: concurrent layouts";
    for (t = 0; t < THREADS; t++) {
        LayoutJob *job = &jobs[t];
        job->w = (float *)xmalloc(THREAD_ITEMS * sizeof(float));
        job->h = (float *)xmalloc(THREAD_ITEMS * sizeof(float));
        job->side = (float *)xmalloc(4 * THREAD_ITEMS * sizeof(float));
        job->flags = (uint8_t *)xmalloc(THREAD_ITEMS);
        for (i = 0; i < THREAD_ITEMS; i++) {
            job->w[i] = (float)((i * 37 + (size_t)t * 11) % 240) / 4;
            job->h[i] = (float)((i * 53 + (size_t)t) % 160) / 4;
            job->side[i] = job->side[THREAD_ITEMS + i] = (float)(i * 7 % 9);
            job->side[2 * THREAD_ITEMS + i] = job->side[3 * THREAD_ITEMS + i] =
                (float)(i * 5 % 11) / 2;
            job->flags[i] = i % 97 == 96 ? LK_ITEM_BREAK_BEFORE : 0;
        }
        job->items = items_of(THREAD_ITEMS, job->w, job->h);
        job->items.spacing_leading = job->side;
        job->items.spacing_trailing = job->side + THREAD_ITEMS;
        job->items.spacing_top = job->side + 2 * THREAD_ITEMS;
        job->items.spacing_bottom = job->side + 3 * THREAD_ITEMS;
        job->items.flags = job->flags;
        job->params = params_fixed(2, 1, t % 2 ? 0.5f : 0, t < 2 ? 0 : 1);
        job->params.spacing_mode = t % 2 ? LK_SPACING_PER_ITEM : LK_SPACING_FIXED;
        job->params.line_spacing_mode = job->params.spacing_mode;
        job->prop = prop((float)(400 + 200 * t), U);
        job->mismatches = job->failures = 0;
        out_alloc(&job->expected, THREAD_ITEMS, THREAD_ITEMS);
        set_case("thread %d, single-threaded", t);
        CHECK_ST(lk_flow_layout(&job->items, &job->params, job->prop, &job->expected.r),
                 LK_OK);
        CHECK(job->expected.r.rows > THREAD_ITEMS / 100);
    }
    set_case("%s", "");
    for (t = 0; t < THREADS; t++)
        CHECK(pthread_create(&tids[t], NULL, layout_thread, &jobs[t]) == 0);
    for (t = 0; t < THREADS; t++)
        pthread_join(tids[t], NULL);
    for (t = 0; t < THREADS; t++) {
        set_case("thread %d (%d rounds)", t, THREAD_ROUNDS);
        CHECK_I(jobs[t].failures, 0);
        CHECK_I(jobs[t].mismatches, 0);
        out_free(&jobs[t].expected);
        free(jobs[t].w);
        free(jobs[t].h);
        free(jobs[t].side);
        free(jobs[t].flags);
    }
    set_case("%s", "");
}

/* Thread-local errors: A fails, then B fails differently; A's error state
 * must be unchanged. C never fails and must see the initial state. */
static pthread_barrier_t g_barrier;

typedef struct {
    int role; /* 0: A, 1: B, 2: C */
} ErrJob;

static void *error_thread(void *arg)
{
    int role = ((ErrJob *)arg)->role;
    char mine[300];
    static const float w[4] = {1, 2, 3, -4}, h[4] = {1, 1, 1, 1};
    lk_items it = items_of(4, w, h);
    lk_size s;
    lk_flow_params bad = lk_flow_params_default();
    bad.spacing = -1;

    if (role == 0) {
        ck_st(LOC, "thread A: widths[3] = -4",
              lk_flow_size(&it, NULL, prop(U, U), &s), LK_ERR_INVALID_ITEM_SIZE);
        snprintf(mine, sizeof mine, "%s", lk_last_error_message());
        ck_has(LOC, "thread A message", mine, "widths[3]");
    }
    pthread_barrier_wait(&g_barrier); /* A has failed */
    if (role == 1) {
        static const float ok_w[2] = {1, 2}, ok_h[2] = {1, 1};
        lk_items it2 = items_of(2, ok_w, ok_h);
        ck_str(LOC, "thread B: message before its own failure", lk_last_error_message(), "");
        ck_st(LOC, "thread B: spacing -1",
              lk_flow_size(&it2, &bad, prop(U, U), &s), LK_ERR_INVALID_PARAMETER);
        snprintf(mine, sizeof mine, "%s", lk_last_error_message());
    }
    pthread_barrier_wait(&g_barrier); /* B has failed */
    if (role == 0) {
        ck_str(LOC, "thread A: message after B failed", lk_last_error_message(), mine);
        ck_st(LOC, "thread A: status after B failed", lk_last_error_status(),
              LK_ERR_INVALID_ITEM_SIZE);
        ck_i(LOC, "thread A: index after B failed", lk_last_error_index(), 3);
    } else if (role == 1) {
        ck_str(LOC, "thread B: message", lk_last_error_message(), mine);
        ck_st(LOC, "thread B: status", lk_last_error_status(), LK_ERR_INVALID_PARAMETER);
        ck_i(LOC, "thread B: index", lk_last_error_index(), -1);
    } else {
        ck_str(LOC, "thread C (never failed): message", lk_last_error_message(), "");
        ck_st(LOC, "thread C (never failed): status", lk_last_error_status(), LK_OK);
    }
    return NULL;
}

/* Many threads failing at once, each with its own item index. */
static void *error_stress_thread(void *arg)
{
    size_t bad = (size_t)(uintptr_t)arg; /* 1..THREADS */
    float w[THREADS + 1], h[THREADS + 1];
    char needle[32];
    int k, wrong = 0;
    size_t i;
    lk_items it = lk_items_default();
    for (i = 0; i <= THREADS; i++) {
        w[i] = 1;
        h[i] = 1;
    }
    w[bad] = NAN;
    it = items_of(THREADS + 1, w, h);
    snprintf(needle, sizeof needle, "widths[%zu]", bad);
    for (k = 0; k < 5000; k++) {
        size_t rows;
        if (lk_flow_row_count(&it, NULL, 10, &rows) != LK_ERR_INVALID_ITEM_SIZE ||
            lk_last_error_index() != (int64_t)bad ||
            strstr(lk_last_error_message(), needle) == NULL)
            wrong++;
    }
    ck_i(LOC, needle, wrong, 0);
    return NULL;
}

static void test_threads_errors(void)
{
    pthread_t tids[THREADS];
    ErrJob jobs[3];
    int t;
    char before[300];
    g_section = "threads: thread-local error state";
    /* The main thread's own error must survive all of this. */
    {
        lk_anchor a;
        CHECK_ST(lk_alignment_anchor(4242, &a), LK_ERR_INVALID_PARAMETER);
        snprintf(before, sizeof before, "%s", lk_last_error_message());
    }
    CHECK(pthread_barrier_init(&g_barrier, NULL, 3) == 0);
    for (t = 0; t < 3; t++) {
        jobs[t].role = t;
        CHECK(pthread_create(&tids[t], NULL, error_thread, &jobs[t]) == 0);
    }
    for (t = 0; t < 3; t++)
        pthread_join(tids[t], NULL);
    pthread_barrier_destroy(&g_barrier);

    for (t = 0; t < THREADS; t++)
        CHECK(pthread_create(&tids[t], NULL, error_stress_thread,
                             (void *)(uintptr_t)(t + 1)) == 0);
    for (t = 0; t < THREADS; t++)
        pthread_join(tids[t], NULL);

    CHECK_STR(lk_last_error_message(), before);
    CHECK_ST(lk_last_error_status(), LK_ERR_INVALID_PARAMETER);
}

/* ======================================================================== */

int main(int argc, char **argv)
{
    int status = start_tests(argc, argv);
    if (status >= 0)
        return status;

    test_initial_error_state(); /* must run before anything fails */
    test_versions();
    test_status_names();
    test_alignment_anchor();
    test_params_default();
    test_active_kernel();

    test_fixed_spacing();
    test_alignments();
    test_per_item_spacing();
    test_break_before();
    test_oversize();
    test_proposals();
    test_min_size();
    test_empty();
    test_row_table_large_y();
    test_row_count();
    test_row_capacity_between();
    test_inputs_unchanged();
    test_block_rows_at_boundary();
    test_block_long_rows();
    test_block_breaks();
    test_block_oversize();
    test_block_per_item_spacing();
    test_reference_fixtures();
    test_guard_pages();

    test_null_pointers();
    test_invalid_item_size();
    test_invalid_item_spacing();
    test_invalid_item_flags();
    test_invalid_proposal();
    test_invalid_parameter();
    test_max_length();
    test_overlap();
    test_buffer_too_small();
    test_struct_sizes();
    test_wrap();
    test_balance();
    test_max_lines();
    test_item_rules();
    test_size_overflow();
    test_success_keeps_error();

    test_threads_layout();
    test_threads_errors();

    fx_free(&g_fixtures);
    printf("lk_flow_layout_exact: %zu calls checked (beside every flow laid out); (float)x64 == x, "
           "(float)y64 == y in %zu layouts; the reference's x, y bit for bit in %zu fixture cases\n",
           g_exact_calls, g_exact_rounded, g_exact_reference);
    ck(g_exact_tolerated == 0, LOC, "%zu flows with (float)x64 != x", g_exact_tolerated);
    return finish_tests();
}
