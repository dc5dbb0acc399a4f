/*
 * test_layouts.c — tests of every layout kind of the LayoutKernel C API
 * (lk_layout_default, lk_layout_place, lk_layout_size, lk_layout_row_count)
 * and of lk_first_fit, written against Include/layoutkernel.h
 * (sections 3-7 and 9), not against the Swift sources.
 *
 * Build (Tests/c/run.sh does this):
 *   cc -std=c99 -Wall -Wextra -Werror -pedantic -pthread -IInclude \
 *      Tests/c/test_layouts.c -L.build/release -lLayoutKernel \
 *      -Wl,-rpath,$PWD/.build/release -lm
 *
 * Every check counts; the last line of output is "N passed, M failed" and the
 * exit status is non-zero when anything failed. A crash (the library must
 * never crash on bad input) is reported with the section it happened in.
 *
 * The hand-worked layouts use integers and halves, exact in binary, so they
 * are compared exactly (==); circles, which go through cos and sin, within
 * 1e-3. Beyond them, every case of the reference fixtures
 * (Tests/Fixtures/reference: the results of the library's scalar references,
 * see fixtures.h) is replayed through lk_layout_place, lk_layout_size,
 * lk_layout_row_count and lk_first_fit, bit for bit or within the case's
 * tolerance, at whatever kernel level runs. Every layout checked is also
 * asked of lk_layout_place_exact (check.h, expect_exact): the same result,
 * and x64, y64 that round to x, y (to the reference's x, y for a fixture
 * case); and a list of 2,000,000 rows (47,000,000 px) shows every gap of its
 * exact positions right where float's are not.
 *
 * The kernel level comes from LAYOUTKERNEL_ISA (run.sh runs this program once
 * per level); `test_layouts --print-kernel` prints lk_active_kernel() and
 * exits.
 */
#define _POSIX_C_SOURCE 200809L

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
#include <unistd.h>

#include "check.h"
#include "fixtures.h"

/* ======================================================================== */
/* Inputs and layouts                                                        */
/* ======================================================================== */

/* lk_layout_default(kind); a failure counts (test_layout_default checks it
 * in detail) and leaves a zeroed layout of that kind. */
static lk_layout layout_of(int32_t kind)
{
    lk_layout l;
    lk_status st;
    memset(&l, 0, sizeof l);
    st = lk_layout_default(kind, &l);
    if (st != LK_OK) {
        ck_st(LOC, "lk_layout_default in layout_of", st, LK_OK);
        memset(&l, 0, sizeof l);
        l.kind = kind;
    }
    return l;
}

static lk_layout stack_layout(int32_t kind, float spacing, float ax, float ay)
{
    lk_layout l = layout_of(kind);
    l.stack.spacing = spacing;
    l.stack.spacing_mode = LK_SPACING_FIXED;
    l.stack.alignment.x = ax;
    l.stack.alignment.y = ay;
    return l;
}

static lk_layout grid_layout(int32_t columns, float min_column_width,
                             int32_t sizing, float spacing, float line_spacing,
                             float ax, float ay)
{
    lk_layout l = layout_of(LK_LAYOUT_GRID);
    l.grid.columns = columns;
    l.grid.min_column_width = min_column_width;
    l.grid.sizing = sizing;
    l.grid.spacing = spacing;
    l.grid.line_spacing = line_spacing;
    l.grid.alignment.x = ax;
    l.grid.alignment.y = ay;
    return l;
}

static lk_layout balanced_layout(int32_t axis, float spacing, int32_t mode)
{
    lk_layout l = layout_of(LK_LAYOUT_BALANCED);
    l.balanced.axis = axis;
    l.balanced.spacing = spacing;
    l.balanced.spacing_mode = mode;
    return l;
}

static lk_layout circle_layout(float radius, float start, float ax, float ay)
{
    lk_layout l = layout_of(LK_LAYOUT_CIRCLE);
    l.circle.radius = radius;
    l.circle.start_angle = start;
    l.circle.anchor.x = ax;
    l.circle.anchor.y = ay;
    return l;
}

static lk_layout flow_layout(float spacing, float line_spacing, float ax,
                             float ay)
{
    lk_layout l = layout_of(LK_LAYOUT_FLOW);
    l.flow.spacing = spacing;
    l.flow.line_spacing = line_spacing;
    l.flow.alignment.x = ax;
    l.flow.alignment.y = ay;
    return l;
}

static const double PI = 3.14159265358979323846;

/* ======================================================================== */
/* Checking a successful layout against hand-worked values                   */
/* ======================================================================== */

/* Checks the items laid out by `lay` through lk_layout_place (four ways),
 * lk_layout_size and lk_layout_row_count against e (check.h, expect_result). */
static void expect_place(const char *loc, const lk_items *it, const lk_layout *lay,
                         lk_proposal pr, const Expect *e)
{
    Call c = layout_call(lay);
    expect_result(loc, it, &c, pr, e);
}

/* ======================================================================== */
/* Checking a failure                                                        */
/* ======================================================================== */

/* Expects failure e from lk_layout_place on a prepared Out (nothing written). */
static void expect_place_error_on(const char *loc, const char *what,
                                  const lk_items *it, const lk_layout *lay,
                                  lk_proposal pr, Out *o, ErrExpect e)
{
    Call c = layout_call(lay);
    expect_error_on(loc, what, it, &c, pr, o, e);
}

/* Expects failure e from each of lk_layout_place, lk_layout_size and
 * lk_layout_row_count in `which` (ON_PLACE, ON_SIZE, ON_ROWS). */
static void expect_layout_error(const char *loc, const char *what,
                                const lk_items *it, const lk_layout *lay,
                                lk_proposal pr, int which, ErrExpect e)
{
    Call c = layout_call(lay);
    expect_error(loc, what, it, &c, pr, which, e);
}

/* Calls lk_first_fit on a prepared Out, expecting failure e: the Out and
 * *chosen (canary) stay untouched. chosen_null passes NULL for chosen. */
static void expect_ff_error_on(const char *loc, const char *what,
                               const lk_candidate *cands, size_t count,
                               int32_t axes, lk_proposal pr, Out *o,
                               int chosen_null, ErrExpect e)
{
    char primed[300], w[300];
    Out snap = out_snapshot(o);
    size_t chosen;
    lk_status st;
    memset(&chosen, CANARY, sizeof chosen);
    prime_error(e.status, primed, sizeof primed);
    st = lk_first_fit(cands, count, axes, pr, chosen_null ? NULL : &chosen,
                      &o->r);
    snprintf(w, sizeof w, "lk_first_fit, %s", what);
    check_error_state(loc, w, st, &e, primed);
    snprintf(w, sizeof w, "lk_first_fit, %s: result struct and buffers untouched",
             what);
    ck_true(loc, w, out_unchanged(o, &snap));
    snprintf(w, sizeof w, "lk_first_fit, %s: *chosen untouched", what);
    ck_true(loc, w, bytes_are_canary(&chosen, sizeof chosen));
    out_free(&snap);
}

static void expect_ff_error(const char *loc, const char *what,
                            const lk_candidate *cands, size_t count,
                            int32_t axes, lk_proposal pr, size_t cap,
                            ErrExpect e)
{
    Out o;
    out_alloc(&o, cap, cap);
    expect_ff_error_on(loc, what, cands, count, axes, pr, &o, 0, e);
    out_free(&o);
}

/* ======================================================================== */
/* Tests: lk_layout_default                                                  */
/* ======================================================================== */

static void test_layout_default(void)
{
    int32_t kind;
    static const int32_t bad_kinds[] = {-1, 7, 8, 1000, INT32_MIN, INT32_MAX};
    size_t k;
    g_section = "lk_layout_default";
    /* Header: spacing 0 and fixed; flow alignment top-leading, stack and grid
     * alignment centre; one grid column, fit; a horizontal balanced stack; a
     * circle of radius 0, start angle 0, anchored at item centres. Every
     * parameter struct is at its default, whatever the kind. */
    for (kind = LK_LAYOUT_FLOW; kind <= LK_LAYOUT_CIRCLE; kind++) {
        lk_layout l;
        set_case("kind %d", (int)kind);
        memset(&l, CANARY, sizeof l);
        if (!CHECK_ST(lk_layout_default(kind, &l), LK_OK))
            continue;
        CHECK_I(l.kind, kind);
        CHECK_F(l.flow.spacing, 0);
        CHECK_F(l.flow.line_spacing, 0);
        CHECK_I(l.flow.spacing_mode, LK_SPACING_FIXED);
        CHECK_I(l.flow.line_spacing_mode, LK_SPACING_FIXED);
        CHECK_F(l.flow.alignment.x, 0);
        CHECK_F(l.flow.alignment.y, 0);
        CHECK_F(l.stack.spacing, 0);
        CHECK_I(l.stack.spacing_mode, LK_SPACING_FIXED);
        CHECK_F(l.stack.alignment.x, 0.5f);
        CHECK_F(l.stack.alignment.y, 0.5f);
        CHECK_I(l.grid.columns, 1);
        CHECK_I(l.grid.sizing, LK_GRID_FIT);
        CHECK_F(l.grid.spacing, 0);
        CHECK_F(l.grid.line_spacing, 0);
        CHECK_F(l.grid.alignment.x, 0.5f);
        CHECK_F(l.grid.alignment.y, 0.5f);
        CHECK_I(l.balanced.axis, LK_AXIS_HORIZONTAL);
        CHECK_F(l.balanced.spacing, 0);
        CHECK_I(l.balanced.spacing_mode, LK_SPACING_FIXED);
        CHECK_F(l.circle.radius, 0);
        CHECK_F(l.circle.start_angle, 0);
        CHECK_F(l.circle.anchor.x, 0.5f);
        CHECK_F(l.circle.anchor.y, 0.5f);
        /* The flow defaults are lk_flow_params_default()'s. */
        {
            lk_flow_params fp = lk_flow_params_default();
            /* Field by field up to the last (the struct's tail padding is not a value). */
            CHECK(memcmp(&fp, &l.flow, offsetof(lk_flow_params, wrap) + sizeof fp.wrap) == 0);
        }
    }
    /* An unknown kind: LK_ERR_INVALID_PARAMETER, *out untouched. */
    for (k = 0; k < sizeof bad_kinds / sizeof bad_kinds[0]; k++) {
        lk_layout l, before;
        char primed[300];
        lk_status st;
        ErrExpect e = err_msg(LK_ERR_INVALID_PARAMETER, "kind", NULL);
        set_case("unknown kind %" PRId32, bad_kinds[k]);
        memset(&l, CANARY, sizeof l);
        before = l;
        prime_error(e.status, primed, sizeof primed);
        st = lk_layout_default(bad_kinds[k], &l);
        check_error_state(LOC, "lk_layout_default(unknown kind)", st, &e, primed);
        CHECK(memcmp(&l, &before, sizeof l) == 0);
    }
    /* NULL out. */
    {
        char primed[300];
        ErrExpect e = err_msg(LK_ERR_NULL_POINTER, "out", NULL);
        lk_status st;
        set_case("NULL out");
        prime_error(e.status, primed, sizeof primed);
        st = lk_layout_default(LK_LAYOUT_GRID, NULL);
        check_error_state(LOC, "lk_layout_default(GRID, NULL)", st, &e, primed);
    }
    set_case("%s", "");
}

/* ======================================================================== */
/* Tests: stacks (lk_stack_params in layoutkernel.h)                         */
/* ======================================================================== */

static const float S_W[] = {30, 40, 50};
static const float S_H[] = {10, 20, 15};
static const float S_LEAD[] = {0, 4, 7};
static const float S_TRAIL[] = {5, 2, 1};
static const float S_TOP[] = {0, 0, 6};
static const float S_BOTTOM[] = {2, 9, 0};

/* Proposals a stack must ignore. */
static lk_proposal any_proposal(int k)
{
    switch (k) {
    case 0: return prop(U, U);
    case 1: return prop(50, 5);
    case 2: return prop(INFINITY, INFINITY);
    case 3: return prop(0, 0);
    default: return prop(1000, U);
    }
}
#define ANY_PROPOSALS 5

static void test_hstack(void)
{
    lk_items it = items_of(3, S_W, S_H);
    int k;
    g_section = "HStack";
    /* Spacing 10, centre: x = 0, 30+10 = 40, 40+40+10 = 90; width
     * 30+40+50 + 2*10 = 140; height max h = 20; y = 0.5*(20-h) = 5, 0, 2.5.
     * One row: items 0..2, y 0, the stack's size. The proposal is ignored. */
    for (k = 0; k < ANY_PROPOSALS; k++) {
        lk_layout l = stack_layout(LK_LAYOUT_HSTACK, 10, 0.5f, 0.5f);
        Expect e = {140, 20, 1, F(0, 40, 90), F(5, 0, 2.5f),
                    I(0), I(3), D(0), F(140), F(20), NULL, NULL, 0};
        set_case("spacing 10, centre, proposal %d", k);
        expect_place(LOC, &it, &l, any_proposal(k), &e);
    }
    {
        /* Top (ay = 0): y = 0; bottom (ay = 1): y = 20-h = 10, 0, 5. ax
         * does not move anything in an HStack. */
        lk_layout l = stack_layout(LK_LAYOUT_HSTACK, 10, 1, 0);
        Expect e = {140, 20, 1, F(0, 40, 90), F(0, 0, 0),
                    I(0), I(3), D(0), F(140), F(20), NULL, NULL, 0};
        set_case("top");
        expect_place(LOC, &it, &l, prop(U, U), &e);
        l = stack_layout(LK_LAYOUT_HSTACK, 10, 0, 1);
        e.y = F(10, 0, 5);
        set_case("bottom");
        expect_place(LOC, &it, &l, prop(U, U), &e);
        /* Spacing 0: x = 0, 30, 70; width 120. */
        l = stack_layout(LK_LAYOUT_HSTACK, 0, 0.5f, 0.25f);
        e.width = 120;
        e.x = F(0, 30, 70);
        e.y = F(2.5f, 0, 1.25f); /* 0.25*(20-h) */
        e.row_width = F(120);
        set_case("spacing 0, ay 0.25");
        expect_place(LOC, &it, &l, prop(U, U), &e);
    }
    {
        /* Per-item: gaps max(trail[0], lead[1]) = max(5,4) = 5 and
         * max(trail[1], lead[2]) = max(2,7) = 7: x = 0, 35, 35+40+7 = 82;
         * width 120 + 12 = 132. The fixed value (100) is not used. */
        lk_items pi = it;
        lk_layout l = stack_layout(LK_LAYOUT_HSTACK, 100, 0.5f, 0);
        Expect e = {132, 20, 1, F(0, 35, 82), F(0, 0, 0),
                    I(0), I(3), D(0), F(132), F(20), NULL, NULL, 0};
        pi.spacing_leading = S_LEAD;
        pi.spacing_trailing = S_TRAIL;
        pi.spacing_top = S_TOP;
        pi.spacing_bottom = S_BOTTOM;
        l.stack.spacing_mode = LK_SPACING_PER_ITEM;
        set_case("per-item spacing");
        expect_place(LOC, &pi, &l, prop(U, U), &e);
        /* Only leading given (trailing NULL = zeros): gaps 4 and 7. */
        pi.spacing_trailing = NULL;
        e.x = F(0, 34, 81);
        e.width = 131;
        e.row_width = F(131);
        set_case("per-item spacing, trailing NULL");
        expect_place(LOC, &pi, &l, prop(U, U), &e);
    }
    {
        /* n = 1: the item itself, one row; spacing unused. */
        lk_items one = items_of(1, S_W, S_H);
        lk_layout l = stack_layout(LK_LAYOUT_HSTACK, 10, 0.5f, 0.5f);
        Expect e = {30, 10, 1, F(0), F(0), I(0), I(1), D(0), F(30),
                    F(10), NULL, NULL, 0};
        set_case("n = 1");
        expect_place(LOC, &one, &l, prop(5, 5), &e);
    }
    {
        /* n = 0 (NULL arrays allowed): size 0 x 0, no rows. */
        lk_items none = items_of(0, NULL, NULL);
        lk_layout l = stack_layout(LK_LAYOUT_HSTACK, 10, 0.5f, 0.5f);
        Expect e = {0, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0};
        set_case("n = 0");
        expect_place(LOC, &none, &l, prop(100, 100), &e);
    }
    set_case("%s", "");
}

static void test_vstack(void)
{
    lk_items it = items_of(3, S_W, S_H);
    int k;
    g_section = "VStack";
    /* Spacing 10, centre: y = 0, 10+10 = 20, 20+20+10 = 50; height
     * 45 + 20 = 65; width max w = 50; x = 0.5*(50-w) = 10, 5, 0. */
    for (k = 0; k < ANY_PROPOSALS; k++) {
        lk_layout l = stack_layout(LK_LAYOUT_VSTACK, 10, 0.5f, 0.5f);
        Expect e = {50, 65, 1, F(10, 5, 0), F(0, 20, 50),
                    I(0), I(3), D(0), F(50), F(65), NULL, NULL, 0};
        set_case("spacing 10, centre, proposal %d", k);
        expect_place(LOC, &it, &l, any_proposal(k), &e);
    }
    {
        /* Leading (ax 0): x = 0; trailing (ax 1): x = 50-w = 20, 10, 0; ay
         * does not move anything in a VStack. */
        lk_layout l = stack_layout(LK_LAYOUT_VSTACK, 10, 0, 1);
        Expect e = {50, 65, 1, F(0, 0, 0), F(0, 20, 50),
                    I(0), I(3), D(0), F(50), F(65), NULL, NULL, 0};
        set_case("leading");
        expect_place(LOC, &it, &l, prop(U, U), &e);
        l = stack_layout(LK_LAYOUT_VSTACK, 10, 1, 0);
        e.x = F(20, 10, 0);
        set_case("trailing");
        expect_place(LOC, &it, &l, prop(U, U), &e);
    }
    {
        /* Per-item: gaps max(bottom[0], top[1]) = max(2,0) = 2 and
         * max(bottom[1], top[2]) = max(9,6) = 9: y = 0, 12, 12+20+9 = 41;
         * height 45 + 11 = 56. */
        lk_items pi = it;
        lk_layout l = stack_layout(LK_LAYOUT_VSTACK, 100, 0, 0);
        Expect e = {50, 56, 1, F(0, 0, 0), F(0, 12, 41),
                    I(0), I(3), D(0), F(50), F(56), NULL, NULL, 0};
        pi.spacing_leading = S_LEAD;
        pi.spacing_trailing = S_TRAIL;
        pi.spacing_top = S_TOP;
        pi.spacing_bottom = S_BOTTOM;
        l.stack.spacing_mode = LK_SPACING_PER_ITEM;
        set_case("per-item spacing");
        expect_place(LOC, &pi, &l, prop(U, U), &e);
    }
    {
        lk_items one = items_of(1, S_W + 1, S_H + 1);
        lk_items none = items_of(0, S_W, S_H);
        lk_layout l = stack_layout(LK_LAYOUT_VSTACK, 10, 0.5f, 0.5f);
        Expect e1 = {40, 20, 1, F(0), F(0), I(0), I(1), D(0), F(40),
                     F(20), NULL, NULL, 0};
        Expect e0 = {0, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0};
        set_case("n = 1");
        expect_place(LOC, &one, &l, prop(U, U), &e1);
        set_case("n = 0");
        expect_place(LOC, &none, &l, prop(U, U), &e0);
    }
    set_case("%s", "");
}

static void test_zstack(void)
{
    lk_items it = items_of(3, S_W, S_H);
    int k;
    g_section = "ZStack";
    /* Size (max w, max h) = 50 x 20; centre: x = 0.5*(50-w) = 10, 5, 0;
     * y = 0.5*(20-h) = 5, 0, 2.5. Spacing (10) unused. One row. */
    for (k = 0; k < ANY_PROPOSALS; k++) {
        lk_layout l = stack_layout(LK_LAYOUT_ZSTACK, 10, 0.5f, 0.5f);
        Expect e = {50, 20, 1, F(10, 5, 0), F(5, 0, 2.5f),
                    I(0), I(3), D(0), F(50), F(20), NULL, NULL, 0};
        set_case("centre, proposal %d", k);
        expect_place(LOC, &it, &l, any_proposal(k), &e);
    }
    {
        /* Bottom-leading (0, 1): x = 0, y = 20-h = 10, 0, 5.
         * Top-trailing (1, 0): x = 20, 10, 0, y = 0. */
        lk_layout l = stack_layout(LK_LAYOUT_ZSTACK, 0, 0, 1);
        Expect e = {50, 20, 1, F(0, 0, 0), F(10, 0, 5),
                    I(0), I(3), D(0), F(50), F(20), NULL, NULL, 0};
        set_case("bottom-leading");
        expect_place(LOC, &it, &l, prop(U, U), &e);
        l = stack_layout(LK_LAYOUT_ZSTACK, 0, 1, 0);
        e.x = F(20, 10, 0);
        e.y = F(0, 0, 0);
        set_case("top-trailing");
        expect_place(LOC, &it, &l, prop(U, U), &e);
        /* Per-item mode changes nothing in a ZStack. */
        {
            lk_items pi = it;
            pi.spacing_leading = S_LEAD;
            pi.spacing_trailing = S_TRAIL;
            l.stack.spacing_mode = LK_SPACING_PER_ITEM;
            set_case("top-trailing, per-item");
            expect_place(LOC, &pi, &l, prop(U, U), &e);
        }
    }
    {
        lk_items one = items_of(1, S_W + 2, S_H + 2);
        lk_items none = items_of(0, NULL, NULL);
        lk_layout l = stack_layout(LK_LAYOUT_ZSTACK, 10, 0.5f, 0.5f);
        Expect e1 = {50, 15, 1, F(0), F(0), I(0), I(1), D(0), F(50),
                     F(15), NULL, NULL, 0};
        Expect e0 = {0, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0};
        set_case("n = 1");
        expect_place(LOC, &one, &l, prop(U, U), &e1);
        set_case("n = 0");
        expect_place(LOC, &none, &l, prop(U, U), &e0);
    }
    set_case("%s", "");
}

/* ======================================================================== */
/* Tests: grid (lk_grid_params in layoutkernel.h)                            */
/* ======================================================================== */

static const float G_W[] = {10, 20, 30, 40, 50};
static const float G_H[] = {5, 15, 10, 20, 25};

static void test_grid_fixed_columns(void)
{
    lk_items it = items_of(5, G_W, G_H);
    g_section = "grid: fixed columns";
    {
        /* 2 columns, fit, spacing 10, line spacing 4, centre.
         * Column 0 holds items 0, 2, 4 (w 10, 30, 50): 50 wide; column 1
         * items 1, 3 (w 20, 40): 40 wide. Column x: 0, 50+10 = 60.
         * Width 50 + 10 + 40 = 100.
         * Rows: {0,1} h 15, {2,3} h 20, {4} h 25; row y 0, 15+4 = 19,
         * 19+20+4 = 43; height 43 + 25 = 68.
         * x: 0+0.5*(50-10) = 20, 60+0.5*(40-20) = 70, 0+0.5*(50-30) = 10,
         *    60+0 = 60, 0.
         * y: 0.5*(15-5) = 5, 0, 19+0.5*(20-10) = 24, 19, 43.
         * Row widths: 100, 100, and the last row's one cell: 50.
         * Fit ignores the proposal. */
        lk_layout l = grid_layout(2, 0, LK_GRID_FIT, 10, 4, 0.5f, 0.5f);
        Expect e = {100, 68, 3, F(20, 70, 10, 60, 0), F(5, 0, 24, 19, 43), I(0, 2, 4), I(2, 2, 1), D(0, 19, 43),
                    F(100, 100, 50), F(15, 20, 25), NULL, NULL, 0};
        int k;
        for (k = 0; k < ANY_PROPOSALS; k++) {
            set_case("2 columns, fit, centre, proposal %d", k);
            expect_place(LOC, &it, &l, any_proposal(k), &e);
        }
        /* Top-leading: x = column x, y = row y. */
        l.grid.alignment.x = l.grid.alignment.y = 0;
        e.x = F(0, 60, 0, 60, 0);
        e.y = F(0, 0, 19, 19, 43);
        set_case("2 columns, fit, top-leading");
        expect_place(LOC, &it, &l, prop(U, U), &e);
        /* Bottom-trailing: x = column x + (column w - w): 40, 80, 20, 60, 0;
         * y = row y + (row h - h): 10, 0, 29, 19, 43. */
        l.grid.alignment.x = l.grid.alignment.y = 1;
        e.x = F(40, 80, 20, 60, 0);
        e.y = F(10, 0, 29, 19, 43);
        set_case("2 columns, fit, bottom-trailing");
        expect_place(LOC, &it, &l, prop(U, U), &e);
    }
    {
        /* Fill at W = 130: column width (130 - 10) / 2 = 60, column x 0, 70;
         * width 130 (the proposal). x: 0.5*(60-10) = 25, 70+20 = 90,
         * 0.5*(60-30) = 15, 70+10 = 80, 0.5*(60-50) = 5. Rows as above;
         * row widths 130, 130, 60 (one cell). */
        lk_layout l = grid_layout(2, 0, LK_GRID_FILL, 10, 4, 0.5f, 0.5f);
        Expect e = {130, 68, 3, F(25, 90, 15, 80, 5), F(5, 0, 24, 19, 43), I(0, 2, 4), I(2, 2, 1), D(0, 19, 43),
                    F(130, 130, 60), F(15, 20, 25), NULL, NULL, 0};
        set_case("2 columns, fill, W 130");
        expect_place(LOC, &it, &l, prop(130, U), &e);
        set_case("2 columns, fill, W 130, height 1");
        expect_place(LOC, &it, &l, prop(130, 1), &e);
        /* Fill with an infinite or unspecified width is fit: width 100. */
        {
            Expect f = {100, 68, 3, F(20, 70, 10, 60, 0), F(5, 0, 24, 19, 43), I(0, 2, 4), I(2, 2, 1), D(0, 19, 43),
                        F(100, 100, 50), F(15, 20, 25), NULL, NULL, 0};
            set_case("2 columns, fill, W +inf = fit");
            expect_place(LOC, &it, &l, prop(INFINITY, U), &f);
            set_case("2 columns, fill, W unspecified = fit");
            expect_place(LOC, &it, &l, prop(U, 50), &f);
        }
        /* Fill at W = 5 < spacing: column width max(0, (5-10)/2) = 0,
         * column x 0, 10; width 5 (the proposal width, per the header).
         * x: 0.5*(0-10) = -5, 10+0.5*(0-20) = 0, -15, 10-20 = -10, -25.
         * Row widths: 0+10+0 = 10, 10, 0. */
        {
            Expect f = {5, 68, 3, F(-5, 0, -15, -10, -25), F(5, 0, 24, 19, 43), I(0, 2, 4), I(2, 2, 1), D(0, 19, 43),
                        F(10, 10, 0), F(15, 20, 25), NULL, NULL, 0};
            set_case("2 columns, fill, W 5 (columns 0 wide)");
            expect_place(LOC, &it, &l, prop(5, U), &f);
        }
    }
    {
        /* 3 columns, fit, spacing 0, line spacing 0, top-leading:
         * columns {0,3} 40, {1,4} 50, {2} 30; x 0, 40, 90; width 120.
         * Rows {0,1,2} h 15, {3,4} h 25: y 0, 15; height 40.
         * Row widths 120 and, for the 2-cell last row, 40+50 = 90. */
        lk_layout l = grid_layout(3, 0, LK_GRID_FIT, 0, 0, 0, 0);
        Expect e = {120, 40, 2, F(0, 40, 90, 0, 40), F(0, 0, 0, 15, 15), I(0, 3), I(3, 2), D(0, 15), F(120, 90), F(15, 25), NULL, NULL, 0};
        set_case("3 columns, fit");
        expect_place(LOC, &it, &l, prop(U, U), &e);
    }
    {
        /* 8 columns for 5 items, fit, spacing 10: one row; columns beyond
         * the items take no room: width 10+20+30+40+50 + 4*10 = 190.
         * x = 0, 20, 50, 90, 140; ay 1: y = 25-h = 20, 10, 15, 5, 0. */
        lk_layout l = grid_layout(8, 0, LK_GRID_FIT, 10, 4, 0, 1);
        Expect e = {190, 25, 1, F(0, 20, 50, 90, 140), F(20, 10, 15, 5, 0), I(0), I(5), D(0), F(190), F(25), NULL, NULL, 0};
        set_case("8 columns, 5 items, fit");
        expect_place(LOC, &it, &l, prop(U, U), &e);
        /* The same with fill at W = 430: (430 - 70)/8 = 45 per column,
         * column x = 55 k; width 430; x = 55 i (ax 0); the row's 5 cells
         * extend to 4*55 + 45 = 265. */
        l.grid.sizing = LK_GRID_FILL;
        e.width = 430;
        e.x = F(0, 55, 110, 165, 220);
        e.row_width = F(265);
        set_case("8 columns, 5 items, fill W 430");
        expect_place(LOC, &it, &l, prop(430, U), &e);
    }
    {
        /* 1 column: a VStack-like column; widths: column 50; x centre =
         * 0.5*(50-w) = 20, 15, 10, 5, 0; y = 0, 5+4, 9+15+4 = 28, 42, 66;
         * height 66+25 = 91; every row one cell, width 50. */
        lk_layout l = grid_layout(1, 0, LK_GRID_FIT, 10, 4, 0.5f, 0);
        Expect e = {50, 91, 5, F(20, 15, 10, 5, 0), F(0, 9, 28, 42, 66), I(0, 1, 2, 3, 4), I(1, 1, 1, 1, 1), D(0, 9, 28, 42, 66),
                    F(50, 50, 50, 50, 50), F(5, 15, 10, 20, 25), NULL, NULL, 0};
        set_case("1 column");
        expect_place(LOC, &it, &l, prop(U, U), &e);
    }
    {
        /* No items: no rows, size 0 x 0 (fit). */
        lk_items none = items_of(0, NULL, NULL);
        lk_layout l = grid_layout(3, 0, LK_GRID_FIT, 10, 4, 0.5f, 0.5f);
        Expect e = {0, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0};
        set_case("no items, fit");
        expect_place(LOC, &none, &l, prop(100, 100), &e);
    }
    set_case("%s", "");
}

static void test_grid_adaptive(void)
{
    lk_items it = items_of(5, G_W, G_H);
    static const float W6[] = {30, 30, 30, 30, 30, 30};
    static const float H6[] = {10, 10, 10, 10, 10, 10};
    lk_items six = items_of(6, W6, H6);
    g_section = "grid: adaptive columns";
    {
        /* W 100, min 30, spacing 10: c = floor(110 / 40) = 2 columns; fit is
         * then the 2-column grid of test_grid_fixed_columns. */
        lk_layout l = grid_layout(0, 30, LK_GRID_FIT, 10, 4, 0.5f, 0.5f);
        Expect e = {100, 68, 3, F(20, 70, 10, 60, 0), F(5, 0, 24, 19, 43), I(0, 2, 4), I(2, 2, 1), D(0, 19, 43),
                    F(100, 100, 50), F(15, 20, 25), NULL, NULL, 0};
        set_case("W 100, min 30, spacing 10, fit (2 columns)");
        expect_place(LOC, &it, &l, prop(100, U), &e);
        /* Fill: column width (100 - 10)/2 = 45, column x 0, 55; width 100.
         * x: 0.5*(45-10) = 17.5, 55+12.5 = 67.5, 7.5, 55+2.5 = 57.5, -2.5.
         * Row widths 100, 100, 45. */
        l.grid.sizing = LK_GRID_FILL;
        e.x = F(17.5f, 67.5f, 7.5f, 57.5f, -2.5f);
        e.row_width = F(100, 100, 45);
        set_case("W 100, min 30, spacing 10, fill (2 columns)");
        expect_place(LOC, &it, &l, prop(100, U), &e);
    }
    {
        /* Column counts for 6 items 30 x 10, min 30, spacing 10, through
         * the row count ceil(6 / c): c = max(1, floor((W + 10) / 40)).
         * W 0: floor(0.25) = 0 -> 1 (6 rows); W 69: floor(1.975) = 1 (6);
         * W 70: 2 (3 rows); W 109: floor(2.975) = 2 (3); W 110: 3 (2);
         * W 229: 5 (2); W 230: 6 (1); W 1000: 25 (1); unspecified and
         * +inf: one column per item (1 row). */
        static const struct { float w; size_t c, rows; } cases[] = {
            {0, 1, 6}, {69, 1, 6}, {70, 2, 3}, {109, 2, 3}, {110, 3, 2},
            {229, 5, 2}, {230, 6, 1}, {1000, 25, 1}, {NAN, 6, 1},
            {INFINITY, 6, 1}};
        size_t k;
        lk_layout l = grid_layout(0, 30, LK_GRID_FIT, 10, 0, 0, 0);
        for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
            size_t rows = 0;
            lk_size s;
            size_t used = cases[k].c < 6 ? cases[k].c : 6;
            set_case("6 items, min 30, spacing 10, W %g", (double)cases[k].w);
            if (CHECK_ST(lk_layout_row_count(&six, &l, prop(cases[k].w, U), &rows),
                         LK_OK))
                CHECK_Z(rows, cases[k].rows);
            /* Fit: width = used columns * 30 + (used - 1) * 10; height =
             * rows * 10 (line spacing 0). */
            if (CHECK_ST(lk_layout_size(&six, &l, prop(cases[k].w, U), &s), LK_OK)) {
                CHECK_F(s.width, (float)(used * 30 + (used - 1) * 10));
                CHECK_F(s.height, (float)(cases[k].rows * 10));
            }
        }
    }
    {
        /* 6 items, fill at W 990: c = floor(1000 / 40) = 25 columns (more
         * than the items), each (990 - 240)/25 = 30 wide; column x = 40 k.
         * Width 990; one row of 6 cells, 5*40 + 30 = 230 wide. */
        lk_layout l = grid_layout(0, 30, LK_GRID_FILL, 10, 0, 0.5f, 0.5f);
        Expect e = {990, 10, 1, F(0, 40, 80, 120, 160, 200), F(0, 0, 0, 0, 0, 0), I(0), I(6), D(0), F(230), F(10), NULL, NULL, 0};
        set_case("6 items, fill, W 990 (25 columns)");
        expect_place(LOC, &six, &l, prop(990, U), &e);
        /* Fit at W 990: the 6 items on one row, 230 wide. */
        l.grid.sizing = LK_GRID_FIT;
        e.width = 230;
        set_case("6 items, fit, W 990 (25 columns)");
        expect_place(LOC, &six, &l, prop(990, U), &e);
    }
    {
        /* Unspecified width: one column per item; fit: width 10+20+30+40+50
         * + 4*10 = 190, one row 25 high; centre: y = 0.5*(25-h). */
        lk_layout l = grid_layout(0, 30, LK_GRID_FIT, 10, 4, 0, 0.5f);
        Expect e = {190, 25, 1, F(0, 20, 50, 90, 140), F(10, 5, 7.5f, 2.5f, 0), I(0), I(5), D(0), F(190), F(25), NULL, NULL, 0};
        set_case("unspecified width: one column per item");
        expect_place(LOC, &it, &l, prop(U, U), &e);
        /* min_column_width is ignored when columns > 0 (NaN accepted). */
        l = grid_layout(2, NAN, LK_GRID_FIT, 10, 4, 0.5f, 0.5f);
        {
            Expect f = {100, 68, 3, F(20, 70, 10, 60, 0), F(5, 0, 24, 19, 43), I(0, 2, 4), I(2, 2, 1), D(0, 19, 43),
                        F(100, 100, 50), F(15, 20, 25), NULL, NULL, 0};
            set_case("columns 2, min_column_width NaN (ignored)");
            expect_place(LOC, &it, &l, prop(U, U), &f);
            l.grid.min_column_width = -1;
            set_case("columns 2, min_column_width -1 (ignored)");
            expect_place(LOC, &it, &l, prop(U, U), &f);
        }
    }
    set_case("%s", "");
}

/* lk_layout_row_count for every kind, against hand counts. */
static void test_row_count(void)
{
    lk_items it = items_of(5, G_W, G_H);
    lk_items none = items_of(0, NULL, NULL);
    struct { const char *name; lk_layout l; lk_proposal pr; size_t rows, rows0; } c[8];
    size_t k;
    g_section = "lk_layout_row_count";
    c[0].name = "hstack"; c[0].l = stack_layout(LK_LAYOUT_HSTACK, 1, 0, 0);
    c[0].pr = prop(1, 1); c[0].rows = 1; c[0].rows0 = 0;
    c[1].name = "vstack"; c[1].l = stack_layout(LK_LAYOUT_VSTACK, 1, 0, 0);
    c[1].pr = prop(U, U); c[1].rows = 1; c[1].rows0 = 0;
    c[2].name = "zstack"; c[2].l = stack_layout(LK_LAYOUT_ZSTACK, 1, 0, 0);
    c[2].pr = prop(U, U); c[2].rows = 1; c[2].rows0 = 0;
    /* 5 items in 2 columns: ceil(5/2) = 3; in 4: 2; in 5 or more: 1. */
    c[3].name = "grid 2"; c[3].l = grid_layout(2, 0, LK_GRID_FIT, 0, 0, 0, 0);
    c[3].pr = prop(U, U); c[3].rows = 3; c[3].rows0 = 0;
    c[4].name = "grid 4"; c[4].l = grid_layout(4, 0, LK_GRID_FILL, 0, 0, 0, 0);
    c[4].pr = prop(100, U); c[4].rows = 2; c[4].rows0 = 0;
    c[5].name = "grid 9"; c[5].l = grid_layout(9, 0, LK_GRID_FIT, 0, 0, 0, 0);
    c[5].pr = prop(U, U); c[5].rows = 1; c[5].rows0 = 0;
    c[6].name = "balanced"; c[6].l = balanced_layout(LK_AXIS_VERTICAL, 3, 0);
    c[6].pr = prop(U, U); c[6].rows = 1; c[6].rows0 = 0;
    c[7].name = "circle"; c[7].l = circle_layout(10, 0, 0.5f, 0.5f);
    c[7].pr = prop(U, U); c[7].rows = 0; c[7].rows0 = 0;
    for (k = 0; k < 8; k++) {
        size_t rows;
        set_case("%s", c[k].name);
        memset(&rows, CANARY, sizeof rows);
        if (CHECK_ST(lk_layout_row_count(&it, &c[k].l, c[k].pr, &rows), LK_OK))
            CHECK_Z(rows, c[k].rows);
        memset(&rows, CANARY, sizeof rows);
        if (CHECK_ST(lk_layout_row_count(&none, &c[k].l, c[k].pr, &rows), LK_OK))
            CHECK_Z(rows, c[k].rows0);
    }
    /* Adaptive: W 100, min 30, spacing 10 -> 2 columns -> 3 rows. */
    {
        lk_layout l = grid_layout(0, 30, LK_GRID_FIT, 10, 0, 0, 0);
        size_t rows = 0;
        set_case("adaptive grid, W 100");
        if (CHECK_ST(lk_layout_row_count(&it, &l, prop(100, U), &rows), LK_OK))
            CHECK_Z(rows, 3);
    }
    /* Flow: as lk_flow_row_count at the proposal's width. */
    {
        lk_layout l = flow_layout(10, 5, 0, 0);
        size_t rows = 0, frows = 1;
        set_case("flow, W 60");
        if (CHECK_ST(lk_layout_row_count(&it, &l, prop(60, U), &rows), LK_OK) &&
            CHECK_ST(lk_flow_row_count(&it, &l.flow, 60, &frows), LK_OK))
            CHECK_Z(rows, frows);
        /* Widths 10 20 30 40 50, spacing 10, W 60: 10+10+20 = 40; +10+30 =
         * 80 > 60, new row; 30+10+40 > 60; 40+10+50 > 60: rows {0,1}, {2},
         * {3}, {4}: 4. */
        CHECK_Z(rows, 4);
    }
    set_case("%s", "");
}

/* ======================================================================== */
/* Tests: balanced stack (lk_balanced_params in layoutkernel.h)              */
/* ======================================================================== */

static const float B_W[] = {30, 50, 20};
static const float B_H[] = {40, 10, 25};

static void test_balanced(void)
{
    lk_items it = items_of(3, B_W, B_H);
    int k;
    g_section = "balanced stack";
    /* Cell (max w, max h) = (50, 40). Row, spacing 8: x = 0, 58, 116, y 0;
     * size (3*50 + 2*8, 40) = (166, 40); every item given 50 x 40. The
     * proposal is ignored. */
    for (k = 0; k < ANY_PROPOSALS; k++) {
        lk_layout l = balanced_layout(LK_AXIS_HORIZONTAL, 8, LK_SPACING_FIXED);
        Expect e = {166, 40, 1, F(0, 58, 116), F(0, 0, 0), I(0), I(3), D(0), F(166), F(40), F(50, 50, 50), F(40, 40, 40), 0};
        set_case("row, spacing 8, proposal %d", k);
        expect_place(LOC, &it, &l, any_proposal(k), &e);
    }
    {
        /* Column, spacing 8: x 0, y = 0, 48, 96; size (50, 3*40 + 16) =
         * (50, 136). */
        lk_layout l = balanced_layout(LK_AXIS_VERTICAL, 8, LK_SPACING_FIXED);
        Expect e = {50, 136, 1, F(0, 0, 0), F(0, 48, 96), I(0), I(3), D(0), F(50), F(136), F(50, 50, 50), F(40, 40, 40), 0};
        set_case("column, spacing 8");
        expect_place(LOC, &it, &l, prop(U, U), &e);
    }
    {
        /* Per-item. Row: d0 = max(trail[0], lead[1]) = max(4, 6) = 6,
         * d1 = max(trail[1], lead[2]) = max(2, 3) = 3: x = 0, 56, 109; width
         * 150 + 9 = 159. Column: d0 = max(bottom[0], top[1]) = max(7, 5) = 7,
         * d1 = max(bottom[1], top[2]) = max(2, 1) = 2: y = 0, 47, 89; height
         * 120 + 9 = 129. The fixed value (100) is unused. */
        static const float lead[] = {0, 6, 3}, trail[] = {4, 2, 0};
        static const float top[] = {0, 5, 1}, bottom[] = {7, 2, 0};
        lk_items pi = it;
        lk_layout l = balanced_layout(LK_AXIS_HORIZONTAL, 100, LK_SPACING_PER_ITEM);
        Expect e = {159, 40, 1, F(0, 56, 109), F(0, 0, 0), I(0), I(3), D(0), F(159), F(40), F(50, 50, 50), F(40, 40, 40), 0};
        pi.spacing_leading = lead;
        pi.spacing_trailing = trail;
        pi.spacing_top = top;
        pi.spacing_bottom = bottom;
        set_case("row, per-item");
        expect_place(LOC, &pi, &l, prop(U, U), &e);
        l.balanced.axis = LK_AXIS_VERTICAL;
        e.width = 50;
        e.height = 129;
        e.x = F(0, 0, 0);
        e.y = F(0, 47, 89);
        e.row_width = F(50);
        e.row_height = F(129);
        set_case("column, per-item");
        expect_place(LOC, &pi, &l, prop(U, U), &e);
    }
    {
        /* n = 1: the cell is the item; n = 0: size 0 x 0, no rows. */
        lk_items one = items_of(1, B_W, B_H);
        lk_items none = items_of(0, NULL, NULL);
        lk_layout l = balanced_layout(LK_AXIS_HORIZONTAL, 8, LK_SPACING_FIXED);
        Expect e1 = {30, 40, 1, F(0), F(0), I(0), I(1), D(0), F(30),
                     F(40), F(30), F(40), 0};
        Expect e0 = {0, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0};
        set_case("n = 1");
        expect_place(LOC, &one, &l, prop(U, U), &e1);
        set_case("n = 0");
        expect_place(LOC, &none, &l, prop(U, U), &e0);
    }
    set_case("%s", "");
}

/* ======================================================================== */
/* Tests: circle (lk_circle_params in layoutkernel.h)                        */
/* ======================================================================== */

static void test_circle(void)
{
    static const float W4[] = {20, 20, 20, 20}, H4[] = {20, 20, 20, 20};
    lk_items it = items_of(4, W4, H4);
    int k;
    g_section = "circle";
    /* Radius 100, 4 items 20 x 20, start 0, anchor centre: size
     * (200 + 20, 200 + 20) = 220 x 220, centre (110, 110).
     * Item 0, angle 0: centre (210, 110) -> top-left (200, 100);
     * item 1, pi/2: (110, 210) -> (100, 200); item 2, pi: (10, 110) ->
     * (0, 100); item 3, 3pi/2: (110, 10) -> (100, 0). Within 1e-3.
     * No rows. The proposal is ignored. */
    for (k = 0; k < ANY_PROPOSALS; k++) {
        lk_layout l = circle_layout(100, 0, 0.5f, 0.5f);
        Expect e = {220, 220, 0, F(200, 100, 0, 100), F(100, 200, 100, 0), NULL, NULL, NULL, NULL, NULL, NULL, NULL, 1e-3};
        set_case("radius 100, 4 items, centre, proposal %d", k);
        expect_place(LOC, &it, &l, any_proposal(k), &e);
    }
    {
        /* The default layout's circle (radius 0) made radius 100 is the same. */
        lk_layout l = layout_of(LK_LAYOUT_CIRCLE);
        Expect e = {220, 220, 0, F(200, 100, 0, 100), F(100, 200, 100, 0), NULL, NULL, NULL, NULL, NULL, NULL, NULL, 1e-3};
        l.circle.radius = 100;
        set_case("default circle, radius 100");
        expect_place(LOC, &it, &l, prop(U, U), &e);
        /* Anchor (0, 0): the top-left corners on the circle: (210, 110),
         * (110, 210), (10, 110), (110, 10). */
        l.circle.anchor.x = l.circle.anchor.y = 0;
        e.x = F(210, 110, 10, 110);
        e.y = F(110, 210, 110, 10);
        set_case("anchor (0, 0)");
        expect_place(LOC, &it, &l, prop(U, U), &e);
        /* Start angle pi/2, anchor centre: item 0 where item 1 was. */
        l.circle.anchor.x = l.circle.anchor.y = 0.5f;
        l.circle.start_angle = (float)(PI / 2);
        e.x = F(100, 0, 100, 200);
        e.y = F(200, 100, 0, 100);
        set_case("start angle pi/2");
        expect_place(LOC, &it, &l, prop(U, U), &e);
        /* Anchor (1, 1): bottom-right corners on the circle. */
        l.circle.start_angle = 0;
        l.circle.anchor.x = l.circle.anchor.y = 1;
        e.x = F(190, 90, -10, 90);
        e.y = F(90, 190, 90, -10);
        set_case("anchor (1, 1)");
        expect_place(LOC, &it, &l, prop(U, U), &e);
    }
    {
        /* Two items 20 x 20 and 40 x 10, radius 50: size (100 + 40,
         * 100 + 20) = 140 x 120, centre (70, 60). Item 0 at angle 0: (120, 60)
         * -> (110, 50); item 1 at pi: (20, 60) -> (0, 55). Item sizes are the
         * items' own. */
        static const float w[] = {20, 40}, h[] = {20, 10};
        lk_items two = items_of(2, w, h);
        lk_layout l = circle_layout(50, 0, 0.5f, 0.5f);
        Expect e = {140, 120, 0, F(110, 0), F(50, 55), NULL, NULL,
                    NULL, NULL, NULL, NULL, NULL, 1e-3};
        set_case("two items, radius 50");
        expect_place(LOC, &two, &l, prop(10, 10), &e);
    }
    {
        /* Radius 0: every anchor point at the centre: items 20 x 20 in a 20
         * x 20 container, all at (0, 0). One item, radius 100: at angle 0:
         * (210, 110) - (10, 10). */
        lk_layout l = circle_layout(0, 0, 0.5f, 0.5f);
        Expect e = {20, 20, 0, F(0, 0, 0, 0), F(0, 0, 0, 0), NULL,
                    NULL, NULL, NULL, NULL, NULL, NULL, 1e-3};
        lk_items one = items_of(1, W4, H4);
        Expect e1 = {220, 220, 0, F(200), F(100), NULL, NULL, NULL,
                     NULL, NULL, NULL, NULL, 1e-3};
        set_case("radius 0");
        expect_place(LOC, &it, &l, prop(U, U), &e);
        l.circle.radius = 100;
        set_case("one item");
        expect_place(LOC, &one, &l, prop(U, U), &e1);
    }
    {
        /* No items: size (2r + 0, 2r + 0) = (200, 200) by the header's formula
         * (max over no items is 0), no rows. */
        lk_items none = items_of(0, NULL, NULL);
        lk_layout l = circle_layout(100, 0, 0.5f, 0.5f);
        Expect e = {200, 200, 0, NULL, NULL, NULL, NULL, NULL, NULL,
                    NULL, NULL, NULL, 1e-3};
        set_case("no items");
        expect_place(LOC, &none, &l, prop(U, U), &e);
    }
    set_case("%s", "");
}

/* ======================================================================== */
/* Tests: first fit (lk_first_fit in layoutkernel.h)                         */
/* ======================================================================== */

/* Runs lk_first_fit with every output wanted (capacity cap) and checks the
 * chosen index and the chosen candidate's layout against e. */
static void expect_ff(const char *loc, const lk_candidate *cands, size_t count,
                      int32_t axes, lk_proposal pr, size_t cap,
                      size_t want_chosen, const Expect *e)
{
    Out o;
    size_t chosen;
    lk_status st;
    out_alloc(&o, cap, cap);
    memset(&chosen, CANARY, sizeof chosen);
    st = lk_first_fit(cands, count, axes, pr, &chosen, &o.r);
    if (ck_st(loc, "lk_first_fit", st, LK_OK) &&
        ck_z(loc, "lk_first_fit: *chosen", chosen, want_chosen) &&
        want_chosen < count)
        check_outputs(loc, "lk_first_fit result", cands[want_chosen].items, &o, e);
    out_free(&o);
}

static const float T_W[] = {80, 80, 80};
static const float T_H[] = {30, 30, 30};

static void test_first_fit_seed_003(void)
{
    /* Seed 003: an HStack that falls back to a VStack over the same three
     * 80 x 30 items, horizontal axis only. HStack's ideal width is 3*80 =
     * 240 (spacing 0): it fits when 240 <= W. Below, the VStack (the last
     * candidate) is chosen: 80 x 90, x 0, y 0, 30, 60. */
    lk_items it = items_of(3, T_W, T_H);
    lk_layout h = layout_of(LK_LAYOUT_HSTACK), v = layout_of(LK_LAYOUT_VSTACK);
    lk_candidate c[2];
    Expect eh = {240, 30, 1, F(0, 80, 160), F(0, 0, 0), I(0), I(3),
                 D(0), F(240), F(30), NULL, NULL, 0};
    Expect ev = {80, 90, 1, F(0, 0, 0), F(0, 30, 60), I(0), I(3),
                 D(0), F(80), F(90), NULL, NULL, 0};
    int w;
    g_section = "first fit: seed 003 (HStack, else VStack)";
    c[0].items = &it;
    c[0].layout = &h;
    c[1].items = &it;
    c[1].layout = &v;
    for (w = 90; w <= 250; w++) {
        set_case("W %d, height unspecified", w);
        expect_ff(LOC, c, 2, LK_AXIS_HORIZONTAL, prop((float)w, U), 3,
                  w >= 240 ? 0 : 1, w >= 240 ? &eh : &ev);
    }
    /* Just below: 239 + 63/64. */
    set_case("W 239.984375");
    expect_ff(LOC, c, 2, LK_AXIS_HORIZONTAL, prop(239.984375f, U), 3, 1, &ev);
    /* The height is not constrained: a height of 10 < 30 does not matter. */
    set_case("W 240, height 10, horizontal");
    expect_ff(LOC, c, 2, LK_AXIS_HORIZONTAL, prop(240, 10), 3, 0, &eh);
    /* Both axes: the HStack is 30 high and does not fit height 10. */
    set_case("W 240, height 10, both axes");
    expect_ff(LOC, c, 2, LK_AXES_BOTH, prop(240, 10), 3, 1, &ev);
    set_case("W 240, height 30, both axes");
    expect_ff(LOC, c, 2, LK_AXES_BOTH, prop(240, 30), 3, 0, &eh);
    /* +inf fits anything. */
    set_case("W +inf");
    expect_ff(LOC, c, 2, LK_AXES_BOTH, prop(INFINITY, INFINITY), 3, 0, &eh);
    /* Vertical only: the HStack's ideal height 30 fits height 30 whatever W. */
    set_case("W 10, height 30, vertical");
    expect_ff(LOC, c, 2, LK_AXIS_VERTICAL, prop(10, 30), 3, 0, &eh);
    set_case("%s", "");
}

static void test_first_fit(void)
{
    lk_items it = items_of(3, T_W, T_H);
    lk_candidate c[3];
    g_section = "first fit";
    {
        /* None fits: the last is chosen. HStack 240 wide, HStack with spacing
         * 10: 260 wide, VStack with spacing 10: 80 x 110; at W 70 none fits
         * horizontally (80 > 70): the last, laid out anyway. */
        lk_layout h0 = stack_layout(LK_LAYOUT_HSTACK, 0, 0.5f, 0.5f);
        lk_layout h1 = stack_layout(LK_LAYOUT_HSTACK, 10, 0.5f, 0.5f);
        lk_layout v = stack_layout(LK_LAYOUT_VSTACK, 10, 0.5f, 0.5f);
        Expect ev = {80, 110, 1, F(0, 0, 0), F(0, 40, 80), I(0), I(3),
                     D(0), F(80), F(110), NULL, NULL, 0};
        Expect eh1 = {260, 30, 1, F(0, 90, 180), F(0, 0, 0), I(0), I(3),
                      D(0), F(260), F(30), NULL, NULL, 0};
        c[0].items = &it;
        c[0].layout = &h0;
        c[1].items = &it;
        c[1].layout = &h1;
        c[2].items = &it;
        c[2].layout = &v;
        set_case("none fits: the last");
        expect_ff(LOC, c, 3, LK_AXIS_HORIZONTAL, prop(70, U), 3, 2, &ev);
        /* Two candidates, neither fits at W 100: the last (h1), 260 wide. */
        set_case("none of two fits: the last");
        expect_ff(LOC, c, 2, LK_AXIS_HORIZONTAL, prop(100, U), 3, 1, &eh1);
        /* One candidate: always chosen. */
        set_case("one candidate");
        expect_ff(LOC, c + 1, 1, LK_AXES_BOTH, prop(0, 0), 3, 0, &eh1);
    }
    {
        /* Unspecified proposal axes are taken as 10. Vertical: an HStack of
         * one 50 x 8 item (ideal height 8 <= 10) fits an unspecified height;
         * 50 x 10 fits (<=); 50 x 12 does not, and the VStack after it (one
         * 5 x 5 item) is chosen. */
        static const float w50[] = {50}, h8[] = {8}, h10[] = {10}, h12[] = {12};
        static const float w5[] = {5}, h5[] = {5};
        static const float w10[] = {10}, w10x[] = {10.015625f};
        lk_items i8 = items_of(1, w50, h8), i10 = items_of(1, w50, h10);
        lk_items i12 = items_of(1, w50, h12), i5 = items_of(1, w5, h5);
        lk_items iw10 = items_of(1, w10, h5), iw10x = items_of(1, w10x, h5);
        lk_layout hs = layout_of(LK_LAYOUT_HSTACK), vs = layout_of(LK_LAYOUT_VSTACK);
        Expect e8 = {50, 8, 1, F(0), F(0), I(0), I(1), D(0), F(50),
                     F(8), NULL, NULL, 0};
        Expect e10 = {50, 10, 1, F(0), F(0), I(0), I(1), D(0), F(50),
                      F(10), NULL, NULL, 0};
        Expect e5 = {5, 5, 1, F(0), F(0), I(0), I(1), D(0), F(5),
                     F(5), NULL, NULL, 0};
        Expect ew10 = {10, 5, 1, F(0), F(0), I(0), I(1), D(0), F(10),
                       F(5), NULL, NULL, 0};
        c[0].layout = &hs;
        c[1].layout = &vs;
        c[1].items = &i5;
        c[0].items = &i8;
        set_case("ideal height 8, height unspecified, vertical");
        expect_ff(LOC, c, 2, LK_AXIS_VERTICAL, prop(U, U), 1, 0, &e8);
        set_case("ideal height 8, height unspecified, width 0, vertical");
        expect_ff(LOC, c, 2, LK_AXIS_VERTICAL, prop(0, U), 1, 0, &e8);
        c[0].items = &i10;
        set_case("ideal height 10, height unspecified, vertical");
        expect_ff(LOC, c, 2, LK_AXIS_VERTICAL, prop(U, U), 1, 0, &e10);
        c[0].items = &i12;
        set_case("ideal height 12, height unspecified, vertical");
        expect_ff(LOC, c, 2, LK_AXIS_VERTICAL, prop(U, U), 1, 1, &e5);
        set_case("ideal height 12, height 12, vertical");
        {
            Expect e12 = {50, 12, 1, F(0), F(0), I(0), I(1), D(0),
                          F(50), F(12), NULL, NULL, 0};
            expect_ff(LOC, c, 2, LK_AXIS_VERTICAL, prop(U, 12), 1, 0, &e12);
        }
        /* Horizontal: ideal width 10 fits an unspecified width, 10.015625
         * does not. Both axes: 10 x 5 fits (U, U). */
        c[0].items = &iw10;
        set_case("ideal width 10, width unspecified, horizontal");
        expect_ff(LOC, c, 2, LK_AXIS_HORIZONTAL, prop(U, U), 1, 0, &ew10);
        set_case("ideal 10 x 5, both unspecified, both axes");
        expect_ff(LOC, c, 2, LK_AXES_BOTH, prop(U, U), 1, 0, &ew10);
        c[0].items = &iw10x;
        set_case("ideal width 10.015625, width unspecified, horizontal");
        expect_ff(LOC, c, 2, LK_AXIS_HORIZONTAL, prop(U, U), 1, 1, &e5);
        /* A 50-wide item against an unspecified width, both axes: 50 > 10. */
        c[0].items = &i8;
        set_case("ideal 50 x 8, both unspecified, both axes");
        expect_ff(LOC, c, 2, LK_AXES_BOTH, prop(U, U), 1, 1, &e5);
    }
    {
        /* Judged by the ideal size, laid out with the real proposal. An
         * adaptive grid (min 30, spacing 10, line spacing 0, top-leading) of
         * 4 items 30 x 20: its ideal size (unspecified width: one column per
         * item) is 4*30 + 3*10 = 150 x 20. Vertical axis, proposal (100, 30):
         * 20 <= 30, chosen. At the real width 100 it has c = floor(110/40) =
         * 2 columns: 2 rows, 70 x 40 (taller than the 30 it was judged
         * against), x = 0, 40, 0, 40, y = 0, 0, 20, 20. */
        static const float w[] = {30, 30, 30, 30}, h[] = {20, 20, 20, 20};
        lk_items g4 = items_of(4, w, h);
        lk_layout g = grid_layout(0, 30, LK_GRID_FIT, 10, 0, 0, 0);
        lk_layout v = layout_of(LK_LAYOUT_VSTACK);
        Expect eg = {70, 40, 2, F(0, 40, 0, 40), F(0, 0, 20, 20),
                     I(0, 2), I(2, 2), D(0, 20), F(70, 70), F(20, 20), NULL, NULL, 0};
        /* Fill: columns (100 - 10)/2 = 45 wide, width 100, x = 0, 55. */
        Expect egf = {100, 40, 2, F(0, 55, 0, 55), F(0, 0, 20, 20),
                      I(0, 2), I(2, 2), D(0, 20), F(100, 100), F(20, 20), NULL, NULL, 0};
        c[0].items = &g4;
        c[0].layout = &g;
        c[1].items = &it;
        c[1].layout = &v;
        set_case("adaptive grid judged ideal, laid out at W 100");
        expect_ff(LOC, c, 2, LK_AXIS_VERTICAL, prop(100, 30), 4, 0, &eg);
        g.grid.sizing = LK_GRID_FILL;
        set_case("adaptive fill grid judged ideal, laid out at W 100");
        expect_ff(LOC, c, 2, LK_AXIS_VERTICAL, prop(100, 30), 4, 0, &egf);
    }
    {
        /* The same with a flow: three 80 x 30 items, ideal one row 240 x 30;
         * vertical axis, proposal (100, 30): fits; laid out at W 100 it wraps
         * into 3 rows (80 + 80 > 100): 100 x 90. */
        lk_layout f = flow_layout(0, 0, 0, 0);
        lk_layout v = layout_of(LK_LAYOUT_VSTACK);
        Expect ef = {100, 90, 3, F(0, 0, 0), F(0, 30, 60), I(0, 1, 2),
                     I(1, 1, 1), D(0, 30, 60), F(80, 80, 80), F(30, 30, 30), NULL, NULL, 0};
        c[0].items = &it;
        c[0].layout = &f;
        c[1].items = &it;
        c[1].layout = &v;
        set_case("flow judged ideal, laid out at W 100");
        expect_ff(LOC, c, 2, LK_AXIS_VERTICAL, prop(100, 30), 3, 0, &ef);
    }
    {
        /* Seed 002: a balanced row that falls back to a balanced column.
         * Items 30x10, 60x20, 45x15, spacing 5: cell 60 x 20; row 3*60 +
         * 10 = 190 x 20; column 60 x (60 + 10) = 70. W 190 fits the row;
         * W 189 the column. */
        static const float w[] = {30, 60, 45}, h[] = {10, 20, 15};
        lk_items b3 = items_of(3, w, h);
        lk_layout row = balanced_layout(LK_AXIS_HORIZONTAL, 5, LK_SPACING_FIXED);
        lk_layout col = balanced_layout(LK_AXIS_VERTICAL, 5, LK_SPACING_FIXED);
        Expect er = {190, 20, 1, F(0, 65, 130), F(0, 0, 0), I(0), I(3), D(0), F(190), F(20), F(60, 60, 60), F(20, 20, 20), 0};
        Expect ec = {60, 70, 1, F(0, 0, 0), F(0, 25, 50), I(0), I(3), D(0), F(60), F(70), F(60, 60, 60), F(20, 20, 20), 0};
        c[0].items = &b3;
        c[0].layout = &row;
        c[1].items = &b3;
        c[1].layout = &col;
        set_case("balanced row, W 190");
        expect_ff(LOC, c, 2, LK_AXES_BOTH, prop(190, 100), 3, 0, &er);
        set_case("balanced column, W 189");
        expect_ff(LOC, c, 2, LK_AXES_BOTH, prop(189, 100), 3, 1, &ec);
    }
    {
        /* Candidates with different item counts: an HStack of 5 items 30 x 10
         * (150 wide), then a VStack of 2 (30 x 20). W 100: the VStack; a
         * result of capacity 2 suffices, nothing written past it. */
        static const float w[] = {30, 30, 30, 30, 30}, h[] = {10, 10, 10, 10, 10};
        lk_items five = items_of(5, w, h), two = items_of(2, w, h);
        lk_layout hs = layout_of(LK_LAYOUT_HSTACK), vs = layout_of(LK_LAYOUT_VSTACK);
        Expect e2 = {30, 20, 1, F(0, 0), F(0, 10), I(0), I(2), D(0),
                     F(30), F(20), NULL, NULL, 0};
        Expect e5 = {150, 10, 1, F(0, 30, 60, 90, 120), F(0, 0, 0, 0, 0), I(0), I(5), D(0), F(150), F(10), NULL, NULL, 0};
        c[0].items = &five;
        c[0].layout = &hs;
        c[1].items = &two;
        c[1].layout = &vs;
        set_case("different counts: 2 items chosen, capacity 2");
        expect_ff(LOC, c, 2, LK_AXIS_HORIZONTAL, prop(100, U), 2, 1, &e2);
        set_case("different counts: 5 items chosen, capacity 5");
        expect_ff(LOC, c, 2, LK_AXIS_HORIZONTAL, prop(150, U), 5, 0, &e5);
        /* Capacity 2 when the 5-item candidate is chosen: too small; nothing
         * written, *chosen untouched. */
        set_case("different counts: 5 items chosen, capacity 2");
        expect_ff_error(LOC, "item_capacity 2 < 5 (chosen candidate 0)", c, 2,
                        LK_AXIS_HORIZONTAL, prop(150, U), 2, err_buffer(5));
        /* An empty candidate is fine: HStack of none fits anything. */
        {
            lk_items none = items_of(0, NULL, NULL);
            Expect e0 = {0, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL,
                         NULL, NULL, NULL, 0};
            c[0].items = &none;
            set_case("empty first candidate");
            expect_ff(LOC, c, 2, LK_AXES_BOTH, prop(0, 0), 0, 0, &e0);
        }
    }
    set_case("%s", "");
}

/* ======================================================================== */
/* Tests: errors of lk_layout_place / lk_layout_size / lk_layout_row_count   */
/* ======================================================================== */

static void test_null_pointers(void)
{
    lk_items it = items_of(3, S_W, S_H);
    lk_layout l = grid_layout(2, 0, LK_GRID_FIT, 1, 1, 0, 0);
    char primed[300];
    lk_status st;
    g_section = "errors: NULL pointers";
    set_case("items NULL");
    expect_layout_error(LOC, "items NULL", NULL, &l, prop(U, U), ON_ALL,
                        err_msg(LK_ERR_NULL_POINTER, "items", NULL));
    set_case("layout NULL");
    expect_layout_error(LOC, "layout NULL", &it, NULL, prop(U, U), ON_ALL,
                        err_msg(LK_ERR_NULL_POINTER, "layout", NULL));
    {
        lk_items bad = it;
        bad.widths = NULL;
        set_case("widths NULL, n = 3");
        expect_layout_error(LOC, "widths NULL", &bad, &l, prop(U, U), ON_ALL,
                            err_msg(LK_ERR_NULL_POINTER, "widths", NULL));
        bad = it;
        bad.heights = NULL;
        set_case("heights NULL, n = 3");
        expect_layout_error(LOC, "heights NULL", &bad, &l, prop(U, U), ON_ALL,
                            err_msg(LK_ERR_NULL_POINTER, "heights", NULL));
    }
    {
        ErrExpect e = err_msg(LK_ERR_NULL_POINTER, "result", NULL);
        set_case("result NULL");
        prime_error(e.status, primed, sizeof primed);
        st = lk_layout_place(&it, &l, prop(U, U), NULL);
        check_error_state(LOC, "lk_layout_place(result NULL)", st, &e, primed);
    }
    {
        ErrExpect e = err_msg(LK_ERR_NULL_POINTER, "out", NULL);
        set_case("out NULL");
        prime_error(e.status, primed, sizeof primed);
        st = lk_layout_size(&it, &l, prop(U, U), NULL);
        check_error_state(LOC, "lk_layout_size(out NULL)", st, &e, primed);
        prime_error(e.status, primed, sizeof primed);
        st = lk_layout_row_count(&it, &l, prop(U, U), NULL);
        check_error_state(LOC, "lk_layout_row_count(out NULL)", st, &e, primed);
    }
    {
        /* x NULL with n > 0. */
        Out o;
        out_alloc(&o, 3, 3);
        o.r.x = NULL;
        set_case("result.x NULL");
        expect_place_error_on(LOC, "result.x NULL", &it, &l, prop(U, U), &o,
                              err_msg(LK_ERR_NULL_POINTER, "x", NULL));
        out_free(&o);
    }
    set_case("%s", "");
}

static void test_invalid_items_and_proposal(void)
{
    float w[3] = {30, 40, 50}, h[3] = {10, 20, 15};
    lk_items it = items_of(3, w, h);
    lk_layout kinds[6];
    int k;
    g_section = "errors: item sizes, item spacing, proposals";
    kinds[0] = stack_layout(LK_LAYOUT_HSTACK, 1, 0, 0);
    kinds[1] = stack_layout(LK_LAYOUT_VSTACK, 1, 0, 0);
    kinds[2] = stack_layout(LK_LAYOUT_ZSTACK, 1, 0, 0);
    kinds[3] = grid_layout(0, 10, LK_GRID_FILL, 1, 1, 0, 0);
    kinds[4] = balanced_layout(LK_AXIS_VERTICAL, 1, LK_SPACING_FIXED);
    kinds[5] = circle_layout(10, 0, 0.5f, 0.5f);
    for (k = 0; k < 6; k++) {
        set_case("kind %d: heights[1] NaN", (int)kinds[k].kind);
        h[1] = NAN;
        expect_layout_error(LOC, "heights[1] NaN", &it, &kinds[k], prop(100, U),
                            ON_ALL, err_item(LK_ERR_INVALID_ITEM_SIZE, 1, "heights",
                                             NULL));
        h[1] = 20;
        set_case("kind %d: widths[2] -1", (int)kinds[k].kind);
        w[2] = -1;
        expect_layout_error(LOC, "widths[2] -1", &it, &kinds[k], prop(100, U),
                            ON_ALL, err_item(LK_ERR_INVALID_ITEM_SIZE, 2, "widths",
                                             NULL));
        w[2] = INFINITY;
        expect_layout_error(LOC, "widths[2] +inf", &it, &kinds[k], prop(100, U),
                            ON_ALL, err_item(LK_ERR_INVALID_ITEM_SIZE, 2, "widths",
                                             NULL));
        w[2] = 50;
        set_case("kind %d: proposal width -1", (int)kinds[k].kind);
        expect_layout_error(LOC, "proposal width -1", &it, &kinds[k], prop(-1, U),
                            ON_ALL, err_msg(LK_ERR_INVALID_PROPOSAL, "width", NULL));
        set_case("kind %d: proposal height -inf", (int)kinds[k].kind);
        expect_layout_error(LOC, "proposal height -inf", &it, &kinds[k],
                            prop(U, -INFINITY), ON_ALL,
                            err_msg(LK_ERR_INVALID_PROPOSAL, "height", NULL));
    }
    {
        /* A bad per-item spacing preference, in per-item mode. */
        float trail[3] = {0, -2, 0};
        lk_items pi = it;
        lk_layout l = stack_layout(LK_LAYOUT_HSTACK, 0, 0, 0);
        pi.spacing_trailing = trail;
        l.stack.spacing_mode = LK_SPACING_PER_ITEM;
        set_case("hstack per-item: spacing_trailing[1] -2");
        expect_layout_error(LOC, "spacing_trailing[1] -2", &pi, &l, prop(U, U),
                            ON_ALL, err_item(LK_ERR_INVALID_ITEM_SPACING, 1,
                                             "spacing_trailing", NULL));
        l = balanced_layout(LK_AXIS_HORIZONTAL, 0, LK_SPACING_PER_ITEM);
        trail[1] = NAN;
        set_case("balanced per-item: spacing_trailing[1] NaN");
        expect_layout_error(LOC, "spacing_trailing[1] NaN", &pi, &l, prop(U, U),
                            ON_ALL, err_item(LK_ERR_INVALID_ITEM_SPACING, 1,
                                             "spacing_trailing", NULL));
    }
    set_case("%s", "");
}

/* One bad-parameter case: a layout, what to change, the field to name. */
static void bad_param(const char *loc, const char *what, const lk_layout *l,
                      const char *field)
{
    lk_items it = items_of(3, S_W, S_H);
    set_case("%s", what);
    expect_layout_error(loc, what, &it, l, prop(100, 100), ON_ALL,
                        err_msg(LK_ERR_INVALID_PARAMETER, field, NULL));
}

static void test_invalid_parameters(void)
{
    static const int32_t stack_kinds[] = {LK_LAYOUT_HSTACK, LK_LAYOUT_VSTACK,
                                          LK_LAYOUT_ZSTACK};
    static const float bad_spacing[] = {-1, -0.015625f, NAN, INFINITY, -INFINITY};
    static const float bad_anchor[] = {-0.5f, 1.5f, -0.015625f, 1.015625f, NAN,
                                       INFINITY};
    char what[120];
    size_t k, j;
    lk_layout l;
    g_section = "errors: parameters";

    /* Unknown kinds. */
    {
        static const int32_t kinds[] = {-1, 7, 100, INT32_MIN};
        for (k = 0; k < 4; k++) {
            l = layout_of(LK_LAYOUT_HSTACK);
            l.kind = kinds[k];
            snprintf(what, sizeof what, "unknown kind %d", (int)kinds[k]);
            bad_param(LOC, what, &l, "kind");
        }
    }
    /* Stacks: spacing (HStack, VStack), spacing_mode, alignment (all three). */
    for (j = 0; j < 3; j++) {
        int32_t kind = stack_kinds[j];
        if (kind != LK_LAYOUT_ZSTACK) {
            for (k = 0; k < sizeof bad_spacing / sizeof bad_spacing[0]; k++) {
                l = stack_layout(kind, bad_spacing[k], 0.5f, 0.5f);
                snprintf(what, sizeof what, "kind %d: stack.spacing %g", (int)kind,
                         (double)bad_spacing[k]);
                bad_param(LOC, what, &l, "spacing");
            }
            l = stack_layout(kind, 0, 0.5f, 0.5f);
            l.stack.spacing_mode = 7;
            snprintf(what, sizeof what, "kind %d: stack.spacing_mode 7", (int)kind);
            bad_param(LOC, what, &l, "spacing_mode");
            l.stack.spacing_mode = -1;
            snprintf(what, sizeof what, "kind %d: stack.spacing_mode -1", (int)kind);
            bad_param(LOC, what, &l, "spacing_mode");
        }
        for (k = 0; k < sizeof bad_anchor / sizeof bad_anchor[0]; k++) {
            l = stack_layout(kind, 0, bad_anchor[k], 0.5f);
            snprintf(what, sizeof what, "kind %d: stack.alignment.x %g", (int)kind,
                     (double)bad_anchor[k]);
            bad_param(LOC, what, &l, "alignment");
            l = stack_layout(kind, 0, 0.5f, bad_anchor[k]);
            snprintf(what, sizeof what, "kind %d: stack.alignment.y %g", (int)kind,
                     (double)bad_anchor[k]);
            bad_param(LOC, what, &l, "alignment");
        }
    }
    /* Grid. */
    l = grid_layout(-1, 30, LK_GRID_FIT, 0, 0, 0, 0);
    bad_param(LOC, "grid.columns -1", &l, "columns");
    l = grid_layout(INT32_MIN, 30, LK_GRID_FIT, 0, 0, 0, 0);
    bad_param(LOC, "grid.columns INT32_MIN", &l, "columns");
    {
        static const float bad_min[] = {0, -0.0f, -5, NAN, INFINITY, -INFINITY};
        for (k = 0; k < sizeof bad_min / sizeof bad_min[0]; k++) {
            l = grid_layout(0, bad_min[k], LK_GRID_FIT, 0, 0, 0, 0);
            snprintf(what, sizeof what, "grid.columns 0, min_column_width %g",
                     (double)bad_min[k]);
            bad_param(LOC, what, &l, "min_column_width");
        }
    }
    l = grid_layout(2, 0, 2, 0, 0, 0, 0);
    bad_param(LOC, "grid.sizing 2", &l, "sizing");
    l = grid_layout(2, 0, -1, 0, 0, 0, 0);
    bad_param(LOC, "grid.sizing -1", &l, "sizing");
    for (k = 0; k < sizeof bad_spacing / sizeof bad_spacing[0]; k++) {
        l = grid_layout(2, 0, LK_GRID_FIT, bad_spacing[k], 0, 0, 0);
        snprintf(what, sizeof what, "grid.spacing %g", (double)bad_spacing[k]);
        bad_param(LOC, what, &l, "spacing");
        l = grid_layout(2, 0, LK_GRID_FIT, 0, bad_spacing[k], 0, 0);
        snprintf(what, sizeof what, "grid.line_spacing %g", (double)bad_spacing[k]);
        bad_param(LOC, what, &l, "line_spacing");
    }
    for (k = 0; k < sizeof bad_anchor / sizeof bad_anchor[0]; k++) {
        l = grid_layout(2, 0, LK_GRID_FIT, 0, 0, bad_anchor[k], 0);
        snprintf(what, sizeof what, "grid.alignment.x %g", (double)bad_anchor[k]);
        bad_param(LOC, what, &l, "alignment");
        l = grid_layout(2, 0, LK_GRID_FIT, 0, 0, 0, bad_anchor[k]);
        snprintf(what, sizeof what, "grid.alignment.y %g", (double)bad_anchor[k]);
        bad_param(LOC, what, &l, "alignment");
    }
    /* Balanced. */
    {
        static const int32_t bad_axis[] = {0, 3, -1, 4};
        for (k = 0; k < 4; k++) {
            l = balanced_layout(bad_axis[k], 0, LK_SPACING_FIXED);
            snprintf(what, sizeof what, "balanced.axis %d", (int)bad_axis[k]);
            bad_param(LOC, what, &l, "axis");
        }
    }
    for (k = 0; k < sizeof bad_spacing / sizeof bad_spacing[0]; k++) {
        l = balanced_layout(LK_AXIS_HORIZONTAL, bad_spacing[k], LK_SPACING_FIXED);
        snprintf(what, sizeof what, "balanced.spacing %g", (double)bad_spacing[k]);
        bad_param(LOC, what, &l, "spacing");
    }
    l = balanced_layout(LK_AXIS_HORIZONTAL, 0, 7);
    bad_param(LOC, "balanced.spacing_mode 7", &l, "spacing_mode");
    /* Circle. */
    {
        static const float bad_radius[] = {-1, -0.015625f, NAN, INFINITY,
                                           -INFINITY};
        static const float bad_angle[] = {NAN, INFINITY, -INFINITY};
        for (k = 0; k < sizeof bad_radius / sizeof bad_radius[0]; k++) {
            l = circle_layout(bad_radius[k], 0, 0.5f, 0.5f);
            snprintf(what, sizeof what, "circle.radius %g", (double)bad_radius[k]);
            bad_param(LOC, what, &l, "radius");
        }
        for (k = 0; k < sizeof bad_angle / sizeof bad_angle[0]; k++) {
            l = circle_layout(10, bad_angle[k], 0.5f, 0.5f);
            snprintf(what, sizeof what, "circle.start_angle %g",
                     (double)bad_angle[k]);
            bad_param(LOC, what, &l, "start_angle");
        }
        for (k = 0; k < sizeof bad_anchor / sizeof bad_anchor[0]; k++) {
            l = circle_layout(10, 0, bad_anchor[k], 0.5f);
            snprintf(what, sizeof what, "circle.anchor.x %g", (double)bad_anchor[k]);
            bad_param(LOC, what, &l, "anchor");
            l = circle_layout(10, 0, 0.5f, bad_anchor[k]);
            snprintf(what, sizeof what, "circle.anchor.y %g", (double)bad_anchor[k]);
            bad_param(LOC, what, &l, "anchor");
        }
    }
    /* Flow parameters through lk_layout_place. */
    l = flow_layout(-1, 0, 0, 0);
    bad_param(LOC, "flow.spacing -1", &l, "spacing");
    l = flow_layout(0, 0, 2, 0);
    bad_param(LOC, "flow.alignment.x 2", &l, "alignment");

    /* The parameters of the other kinds are ignored: an HStack whose grid,
     * balanced, circle and flow parameters are all invalid lays out. */
    {
        lk_items it = items_of(3, S_W, S_H);
        Expect e = {140, 20, 1, F(0, 40, 90), F(5, 0, 2.5f),
                    I(0), I(3), D(0), F(140), F(20), NULL, NULL, 0};
        l = stack_layout(LK_LAYOUT_HSTACK, 10, 0.5f, 0.5f);
        l.grid.columns = -4;
        l.grid.sizing = 9;
        l.balanced.axis = 0;
        l.circle.radius = NAN;
        l.circle.start_angle = INFINITY;
        l.flow.spacing = -3;
        l.flow.alignment.x = 7;
        set_case("other kinds' invalid parameters are ignored");
        expect_place(LOC, &it, &l, prop(U, U), &e);
        /* And a circle whose stack parameters are invalid. */
        {
            static const float w4[] = {20, 20, 20, 20};
            lk_items c4 = items_of(4, w4, w4);
            Expect ec = {220, 220, 0, F(200, 100, 0, 100), F(100, 200, 100, 0), NULL, NULL, NULL, NULL, NULL, NULL, NULL, 1e-3};
            l = circle_layout(100, 0, 0.5f, 0.5f);
            l.stack.spacing = NAN;
            l.stack.spacing_mode = 9;
            l.grid.min_column_width = -1;
            l.grid.columns = 0;
            l.balanced.spacing = -1;
            set_case("circle with invalid stack/grid/balanced parameters");
            expect_place(LOC, &c4, &l, prop(U, U), &ec);
        }
    }
    set_case("%s", "");
}

static void test_overlap_and_buffers(void)
{
    float arena[64];
    float saved[64];
    lk_items it = lk_items_default();
    lk_layout l = grid_layout(2, 0, LK_GRID_FIT, 10, 4, 0.5f, 0.5f);
    Out o;
    g_section = "errors: overlapping and small buffers";

#define ARENA_RESET()                                \
    do {                                             \
        memset(arena, CANARY, sizeof arena);         \
        memcpy(arena + 8, G_W, sizeof G_W);          \
        memcpy(arena + 16, G_H, sizeof G_H);         \
        it = items_of(5, arena + 8, arena + 16);     \
        memcpy(saved, arena, sizeof arena);          \
        out_alloc(&o, 5, 5);                         \
    } while (0)
#define OVERLAP_CASE(label, a, b)                                              \
    do {                                                                     \
        set_case("%s", label);                                               \
        expect_place_error_on(LOC, label, &it, &l, prop(U, U), &o,           \
                              err_msg(LK_ERR_INVALID_PARAMETER, a, b));          \
        ck_true(LOC, label ": inputs and arena untouched",                   \
                memcmp(arena, saved, sizeof arena) == 0);                    \
        out_free(&o);                                                        \
    } while (0)

    ARENA_RESET();
    o.r.x = arena + 8;
    OVERLAP_CASE("grid: x == widths", "x", "widths");
    ARENA_RESET();
    o.r.y = arena + 18;
    OVERLAP_CASE("grid: y inside heights", "y", "heights");
    ARENA_RESET();
    o.r.y = o.x + 2;
    OVERLAP_CASE("grid: y == x + 2", "x", "y");
    ARENA_RESET();
    o.r.row_height = o.r.row_width;
    OVERLAP_CASE("grid: row_height == row_width", "row_height", "row_width");
    ARENA_RESET();
    o.r.item_height = o.r.item_width;
    l = balanced_layout(LK_AXIS_HORIZONTAL, 3, LK_SPACING_FIXED);
    OVERLAP_CASE("balanced: item_height == item_width", "item_height",
                 "item_width");
    ARENA_RESET();
    o.r.item_width = arena + 11; /* 11..15: overlaps widths (8..12) only */
    l = circle_layout(10, 0, 0.5f, 0.5f);
    OVERLAP_CASE("circle: item_width overlaps widths", "item_width", "widths");
    ARENA_RESET();
    o.r.row_y = (double *)(void *)(o.y + 2);
    l = stack_layout(LK_LAYOUT_VSTACK, 1, 0, 0);
    OVERLAP_CASE("vstack: row_y inside y", "row_y", "y");
#undef OVERLAP_CASE
#undef ARENA_RESET

    /* Buffers too small. */
    {
        lk_items g5 = items_of(5, G_W, G_H);
        lk_layout g = grid_layout(2, 0, LK_GRID_FIT, 10, 4, 0.5f, 0.5f);
        lk_layout h = stack_layout(LK_LAYOUT_HSTACK, 1, 0, 0);
        lk_layout c = circle_layout(10, 0, 0.5f, 0.5f);
        lk_layout b = balanced_layout(LK_AXIS_VERTICAL, 1, LK_SPACING_FIXED);

        set_case("grid: item_capacity 4 < 5");
        out_alloc(&o, 4, 5);
        expect_place_error_on(LOC, "grid item_capacity 4", &g5, &g, prop(U, U), &o,
                              err_buffer(5));
        out_free(&o);
        set_case("grid: row_capacity 2 < 3 rows");
        out_alloc(&o, 5, 2);
        expect_place_error_on(LOC, "grid row_capacity 2", &g5, &g, prop(U, U), &o,
                              err_buffer(3));
        out_free(&o);
        set_case("grid: row_capacity 2 < 3 rows, only row_width");
        out_alloc(&o, 5, 2);
        out_no_rows(&o);
        o.r.row_width = o.row_w;
        expect_place_error_on(LOC, "grid row_capacity 2 (row_width only)", &g5, &g,
                              prop(U, U), &o, err_buffer(3));
        out_free(&o);
        /* Adaptive (min 30, spacing 10): W 100 -> 2 columns -> 3 rows, and
         * capacity 2 is too small; W 230 -> 6 columns -> 1 row, it suffices. */
        g = grid_layout(0, 30, LK_GRID_FIT, 10, 0, 0, 0);
        set_case("adaptive grid: row_capacity 2 < 3 rows at W 100");
        out_alloc(&o, 5, 2);
        expect_place_error_on(LOC, "adaptive row_capacity 2", &g5, &g, prop(100, U),
                              &o, err_buffer(3));
        out_free(&o);
        set_case("adaptive grid: row_capacity 2 at W 230 (1 row)");
        out_alloc(&o, 5, 2);
        CHECK_ST(lk_layout_place(&g5, &g, prop(230, U), &o.r), LK_OK);
        CHECK_Z(o.r.rows, 1);
        CHECK(out_guards_intact(&o));
        out_free(&o);
        set_case("hstack: row_capacity 0 < 1 row");
        out_alloc(&o, 5, 0);
        expect_place_error_on(LOC, "hstack row_capacity 0", &g5, &h, prop(U, U), &o,
                              err_buffer(1));
        out_free(&o);
        set_case("balanced: item_capacity 0 < 5");
        out_alloc(&o, 0, 1);
        expect_place_error_on(LOC, "balanced item_capacity 0", &g5, &b, prop(U, U),
                              &o, err_buffer(5));
        out_free(&o);
        set_case("circle: item_capacity 4 < 5, x and y only");
        out_alloc(&o, 4, 0);
        out_no_rows(&o);
        o.r.item_width = o.r.item_height = NULL;
        expect_place_error_on(LOC, "circle item_capacity 4", &g5, &c, prop(U, U),
                              &o, err_buffer(5));
        out_free(&o);
        /* A circle has no rows: row_capacity 0 with every row column wanted
         * is fine, and the row columns stay canary. */
        set_case("circle: row_capacity 0, row table wanted");
        out_alloc(&o, 5, 0);
        CHECK_ST(lk_layout_place(&g5, &c, prop(U, U), &o.r), LK_OK);
        CHECK_Z(o.r.rows, 0);
        CHECK(out_guards_intact(&o));
        out_free(&o);
    }
    set_case("%s", "");
}

/* ======================================================================== */
/* Tests: errors of lk_first_fit                                             */
/* ======================================================================== */

static void test_first_fit_errors(void)
{
    float w1[3] = {80, 80, 80}, h1[3] = {30, 30, 30};
    lk_items i0 = items_of(3, T_W, T_H), i1 = items_of(3, w1, h1);
    lk_layout hs = layout_of(LK_LAYOUT_HSTACK), vs = layout_of(LK_LAYOUT_VSTACK);
    lk_candidate c[2];
    lk_proposal pr = prop(300, 40); /* candidate 0 (HStack 240 x 30) fits */
    Out o;
    g_section = "errors: lk_first_fit";
    c[0].items = &i0;
    c[0].layout = &hs;
    c[1].items = &i1;
    c[1].layout = &vs;

    set_case("candidates NULL");
    expect_ff_error(LOC, "candidates NULL", NULL, 2, LK_AXES_BOTH, pr, 3,
                    err_msg(LK_ERR_NULL_POINTER, "candidates", NULL));
    set_case("chosen NULL");
    out_alloc(&o, 3, 3);
    expect_ff_error_on(LOC, "chosen NULL", c, 2, LK_AXES_BOTH, pr, &o, 1,
                       err_msg(LK_ERR_NULL_POINTER, "chosen", NULL));
    out_free(&o);
    {
        char primed[300];
        size_t chosen;
        lk_status st;
        ErrExpect e = err_msg(LK_ERR_NULL_POINTER, "result", NULL);
        set_case("result NULL");
        memset(&chosen, CANARY, sizeof chosen);
        prime_error(e.status, primed, sizeof primed);
        st = lk_first_fit(c, 2, LK_AXES_BOTH, pr, &chosen, NULL);
        check_error_state(LOC, "lk_first_fit(result NULL)", st, &e, primed);
        CHECK(bytes_are_canary(&chosen, sizeof chosen));
    }
    set_case("candidates[1].items NULL");
    c[1].items = NULL;
    expect_ff_error(LOC, "candidates[1].items NULL", c, 2, LK_AXES_BOTH, pr, 3,
                    err_msg(LK_ERR_NULL_POINTER, "candidates[1]", "items"));
    c[1].items = &i1;
    set_case("candidates[1].layout NULL");
    c[1].layout = NULL;
    expect_ff_error(LOC, "candidates[1].layout NULL", c, 2, LK_AXES_BOTH, pr, 3,
                    err_msg(LK_ERR_NULL_POINTER, "candidates[1]", "layout"));
    c[1].layout = &vs;
    set_case("candidates[0].items NULL");
    c[0].items = NULL;
    expect_ff_error(LOC, "candidates[0].items NULL", c, 2, LK_AXES_BOTH, pr, 3,
                    err_msg(LK_ERR_NULL_POINTER, "candidates[0]", "items"));
    c[0].items = &i0;
    set_case("count 0");
    expect_ff_error(LOC, "count 0", c, 0, LK_AXES_BOTH, pr, 3,
                    err_msg(LK_ERR_INVALID_PARAMETER, "count", NULL));
    {
        static const int32_t bad_axes[] = {0, 4, -1, 7};
        size_t k;
        for (k = 0; k < 4; k++) {
            set_case("axes %d", (int)bad_axes[k]);
            expect_ff_error(LOC, "unknown axes", c, 2, bad_axes[k], pr, 3,
                            err_msg(LK_ERR_INVALID_PARAMETER, "axes", NULL));
        }
    }
    /* A bad item in the second candidate, while the first fits: every
     * candidate is validated before anything is written. */
    set_case("candidates[1].widths[2] -1");
    w1[2] = -1;
    expect_ff_error(LOC, "candidates[1] bad width", c, 2, LK_AXES_BOTH, pr, 3,
                    err_item(LK_ERR_INVALID_ITEM_SIZE, 2, "candidates[1]", "widths"));
    w1[2] = 80;
    set_case("candidates[1].heights[0] NaN");
    h1[0] = NAN;
    expect_ff_error(LOC, "candidates[1] NaN height", c, 2, LK_AXES_BOTH, pr, 3,
                    err_item(LK_ERR_INVALID_ITEM_SIZE, 0, "candidates[1]", "heights"));
    h1[0] = 30;
    /* A bad parameter in the second candidate's layout. */
    {
        lk_layout g = grid_layout(-2, 0, LK_GRID_FIT, 0, 0, 0, 0);
        lk_layout ci = circle_layout(-5, 0, 0.5f, 0.5f);
        lk_layout k9 = layout_of(LK_LAYOUT_HSTACK);
        k9.kind = 9;
        c[1].layout = &g;
        set_case("candidates[1] grid.columns -2");
        expect_ff_error(LOC, "candidates[1] columns -2", c, 2, LK_AXES_BOTH, pr, 3,
                        err_msg(LK_ERR_INVALID_PARAMETER, "candidates[1]", "columns"));
        c[1].layout = &ci;
        set_case("candidates[1] circle.radius -5");
        expect_ff_error(LOC, "candidates[1] radius -5", c, 2, LK_AXES_BOTH, pr, 3,
                        err_msg(LK_ERR_INVALID_PARAMETER, "candidates[1]", "radius"));
        c[1].layout = &vs;
        c[0].layout = &k9;
        set_case("candidates[0] kind 9");
        expect_ff_error(LOC, "candidates[0] kind 9", c, 2, LK_AXES_BOTH, pr, 3,
                        err_msg(LK_ERR_INVALID_PARAMETER, "candidates[0]", "kind"));
        c[0].layout = &hs;
    }
    set_case("proposal width -1");
    expect_ff_error(LOC, "proposal width -1", c, 2, LK_AXES_BOTH, prop(-1, U), 3,
                    err_msg(LK_ERR_INVALID_PROPOSAL, "width", NULL));
    set_case("proposal height -inf");
    expect_ff_error(LOC, "proposal height -inf", c, 2, LK_AXES_BOTH,
                    prop(300, -INFINITY), 3,
                    err_msg(LK_ERR_INVALID_PROPOSAL, "height", NULL));
    /* Too small for the chosen: item capacity, and the row table. */
    set_case("item_capacity 2 < 3");
    expect_ff_error(LOC, "item_capacity 2", c, 2, LK_AXES_BOTH, pr, 2, err_buffer(3));
    set_case("row_capacity 0 < 1");
    out_alloc(&o, 3, 0);
    expect_ff_error_on(LOC, "row_capacity 0", c, 2, LK_AXES_BOTH, pr, &o, 0,
                       err_buffer(1));
    out_free(&o);
    /* Overlap. The proposal (300, 40) on both axes chooses candidate 0 (the
     * HStack, 240 x 30); (100, 40) chooses candidate 1 (the VStack). */
    {
        float arena[16];
        float saved[16];
        lk_items ia = lk_items_default();
        size_t k;
        /* {which candidate's items live in the arena, proposal width, label} */
        static const struct { int cand; float w; const char *label; } oc[] = {
            {0, 300, "result.x == widths of candidate 0, chosen"},
            {1, 100, "result.x == widths of candidate 1, chosen"},
            {1, 300, "result.x == widths of candidate 1, not chosen (0 is)"},
            {0, 100, "result.x == widths of candidate 0, not chosen (1 is)"}};
        for (k = 0; k < sizeof oc / sizeof oc[0]; k++) {
            memset(arena, CANARY, sizeof arena);
            memcpy(arena + 4, T_W, sizeof T_W);
            memcpy(arena + 8, T_H, sizeof T_H);
            memcpy(saved, arena, sizeof arena);
            ia = items_of(3, arena + 4, arena + 8);
            c[0].items = &i0;
            c[1].items = &i1;
            c[oc[k].cand].items = &ia;
            out_alloc(&o, 3, 3);
            o.r.x = arena + 4;
            set_case("%s", oc[k].label);
            expect_ff_error_on(LOC, oc[k].label, c, 2, LK_AXES_BOTH,
                               prop(oc[k].w, 40), &o, 0,
                               err_msg(LK_ERR_INVALID_PARAMETER, "x", "widths"));
            ck_true(LOC, "the candidates' input arrays are untouched",
                    memcmp(arena, saved, sizeof arena) == 0);
            out_free(&o);
        }
        c[0].items = &i0;
        c[1].items = &i1;
        out_alloc(&o, 3, 3);
        o.r.y = o.x;
        set_case("result.y == result.x");
        expect_ff_error_on(LOC, "y == x", c, 2, LK_AXES_BOTH, pr, &o, 0,
                           err_msg(LK_ERR_INVALID_PARAMETER, "x", "y"));
        out_free(&o);
        out_alloc(&o, 3, 3);
        o.r.row_y = (double *)(void *)(o.item_w + 2);
        set_case("result.row_y inside result.item_width");
        expect_ff_error_on(LOC, "row_y inside item_width", c, 2, LK_AXES_BOTH, pr,
                           &o, 0, err_msg(LK_ERR_INVALID_PARAMETER, "row_y", "item_width"));
        out_free(&o);
    }
    set_case("%s", "");
}

/* ======================================================================== */
/* Tests: the reference fixtures                                             */
/* ======================================================================== */

/*
 * Every case of the reference fixtures through lk_layout_place (four ways,
 * every other case with the other kinds' parameters invalid), lk_layout_size
 * and lk_layout_row_count, and every first-fit case through lk_first_fit: bit
 * for bit, or within the case's tolerance.
 */
static void test_reference_fixtures(void)
{
    FxSet set;
    size_t replayed, k, kinds[7] = {0, 0, 0, 0, 0, 0, 0}, first_fit = 0;
    g_section = "reference fixtures: every case through lk_layout_*, lk_first_fit";
    if (!fx_load_checked(&set))
        return;
    for (k = 0; k < set.count; k++) {
        int32_t kind = fx_kind(&set.cases[k]);
        if (kind < 0)
            first_fit++;
        else
            kinds[kind]++;
    }
    for (k = 0; k < 7; k++)
        ck(kinds[k] >= 50, LOC, "%zu fixture cases of layout kind %zu; want at least 50",
           kinds[k], k);
    ck(first_fit >= 100, LOC, "%zu first-fit cases; want at least 100", first_fit);
    replayed = fx_replay(&set, FX_LAYOUT_API);
    CHECK_Z(replayed, set.count);
    fx_free(&set);
}

/* ======================================================================== */
/* Tests: a list taller than float's exact integers                          */
/* ======================================================================== */

/*
 * 2,000,000 items one to a row, 22, 23, 24, 25 px tall in turn (47,000,000 px,
 * past 2^24 = 16,777,216): a flow of items as wide as the proposal (through
 * lk_flow_layout_exact and lk_layout_place_exact), a VStack and a grid of one
 * column, line spacing 0 and 8. Every gap between consecutive y64 is the row's
 * height plus the spacing exactly, and (float)y64 == y; the gaps of float y are
 * not (float cannot name every pixel there), which this test shows too.
 */
static void test_tall_list(void)
{
    enum { TALL = 2000000 };
    const float width = 320;
    float *w = (float *)xmalloc(TALL * sizeof(float)), *h = (float *)xmalloc(TALL * sizeof(float));
    double *x64 = (double *)xmalloc(TALL * sizeof(double)), *y64 = (double *)xmalloc(TALL * sizeof(double));
    lk_items items = lk_items_default();
    size_t i;
    int variant;
    g_section = "a list 47,000,000 px tall: exact positions (_exact)";
    for (i = 0; i < TALL; i++) {
        w[i] = width;
        h[i] = (float)(22 + i % 4);
    }
    items = items_of(TALL, w, h);
    for (variant = 0; variant < 6; variant++) {
        static const char *const names[3] = {"flow", "VStack", "grid of 1 column"};
        int kind = variant / 2;
        float spacing = variant % 2 ? 8.0f : 0.0f;
        lk_layout l;
        lk_flow_params fp = lk_flow_params_default();
        Out o;
        lk_status st;
        size_t bad_exact = 0, bad_float = 0, not_rounded = 0, first_bad = 0;
        double total = 0;
        set_case("%s, line spacing %g", names[kind], (double)spacing);
        out_alloc(&o, TALL, 0);
        out_no_rows(&o);
        o.r.item_width = o.r.item_height = NULL;
        memset(x64, CANARY, TALL * sizeof(double));
        memset(y64, CANARY, TALL * sizeof(double));
        if (kind == 0) {
            l = flow_layout(0, spacing, 0, 0);
            fp.line_spacing = spacing;
        } else if (kind == 1) {
            l = stack_layout(LK_LAYOUT_VSTACK, spacing, 0, 0);
        } else {
            l = grid_layout(1, 0, LK_GRID_FIT, 0, spacing, 0, 0);
        }
        if (kind == 0 && spacing == 0)
            st = lk_flow_layout_exact(&items, &fp, prop(width, U), &o.r, x64, y64);
        else
            st = lk_layout_place_exact(&items, &l, prop(width, U), &o.r, x64, y64);
        if (!CHECK_ST(st, LK_OK)) {
            out_free(&o);
            continue;
        }
        CHECK_Z(o.r.rows, kind == 1 ? 1 : TALL); /* a stack is one row */
        for (i = 0; i < TALL; i++)
            total += (double)h[i] + (i + 1 < TALL ? (double)spacing : 0);
        CHECK_F(o.r.height, (float)total);
        CHECK_D(y64[0], 0);
        CHECK_D(y64[TALL - 1] + h[TALL - 1], total);
        for (i = 0; i < TALL; i++) {
            if (i + 1 < TALL) {
                double want = (double)h[i] + (double)spacing;
                if (y64[i + 1] - y64[i] != want && bad_exact++ == 0)
                    first_bad = i;
                if ((double)o.y[i + 1] - (double)o.y[i] != want)
                    bad_float++;
            }
            if ((float)y64[i] != o.y[i] || x64[i] != 0 || o.x[i] != 0)
                not_rounded++;
        }
        ck(bad_exact == 0, LOC, "%zu gaps y64[i+1] - y64[i] are not the row height + %g; the first at %zu: %.17g - %.17g",
           bad_exact, (double)spacing, first_bad, y64[first_bad + 1], y64[first_bad]);
        CHECK_Z(not_rounded, 0);
        /* The float limit itself: past 2^24 consecutive float y cannot all differ
         * by the rows' heights (odd heights at even spacing land between floats). */
        ck(bad_float > 0, LOC, "every float gap y[i+1] - y[i] is exact: want some not (47,000,000 > 2^24)");
        printf("     %s, line spacing %g: %zu of %d float gaps wrong, every y64 gap exact\n", names[kind],
               (double)spacing, bad_float, TALL - 1);
        out_free(&o);
    }
    set_case("%s", "");
    free(w);
    free(h);
    free(x64);
    free(y64);
}

/* ======================================================================== */

int main(int argc, char **argv)
{
    int status = start_tests(argc, argv);
    if (status >= 0)
        return status;
    printf("kernel: %s\n", lk_active_kernel());

    test_layout_default();
    test_hstack();
    test_vstack();
    test_zstack();
    test_grid_fixed_columns();
    test_grid_adaptive();
    test_row_count();
    test_balanced();
    test_circle();

    test_first_fit_seed_003();
    test_first_fit();

    test_null_pointers();
    test_invalid_items_and_proposal();
    test_invalid_parameters();
    test_overlap_and_buffers();
    test_first_fit_errors();

    test_reference_fixtures();
    printf("_exact variants: %zu calls checked; (float)x64 == x, (float)y64 == y in %zu layouts, within the "
           "case's tolerance in %zu; the reference's x, y bit for bit in %zu fixture cases\n",
           g_exact_calls, g_exact_rounded, g_exact_tolerated, g_exact_reference);
    test_tall_list();

    return finish_tests();
}
