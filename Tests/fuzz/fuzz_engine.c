/*
 * fuzz_engine — an lk_engine of any kind driven by the fuzzer's bytes: a
 * sequence of set_items, update, insert, remove and queries (layout, size,
 * positions, visible, item_at, count, stats), with ranges sometimes past the
 * items, invalid items, invalid proposals, NaN rectangles, short or
 * overlapping buffers and a NULL engine. The harness keeps a shadow copy of
 * the items.
 *
 * Checks: defined status codes; LK_OK whenever a call's input is valid, a
 * failure when it is not; nothing written on error; after every successful
 * mutation or query, the engine's answers equal a fresh lk_layout_place of the
 * shadow items bit for bit (layout, size, positions; visible and item_at
 * against every item's frame in the fresh result); after every failed call
 * the same holds for the unchanged shadow: a failure changes nothing.
 *
 * The exact queries (op bytes 208 and up; below, op % 13 as before, so the
 * corpus' inputs keep their meaning): positions_exact and positions_relative
 * (origins sometimes NaN or infinite: must fail) bit for bit against
 * lk_layout_place_exact of the shadow items (relative: (float)(x64 - origin)),
 * visible_exact (NaN corners must fail) and item_at_exact against a brute force
 * over the exact frames [x64, x64 + w) x [y64, y64 + h) in double, and
 * get_items bit for bit against the shadow (with the fields held); ranges past
 * the items and overlapping buffers fail and write nothing.
 */
#include "fuzz.h"

#define MAX_OPS 24
#define MAX_EDIT 24

typedef struct {
    size_t n;
    float w[MAX_ITEMS], h[MAX_ITEMS], sl[MAX_ITEMS], st[MAX_ITEMS], sp[MAX_ITEMS], sb[MAX_ITEMS], grow[MAX_ITEMS];
    uint8_t flags[MAX_ITEMS];
    /* The item rules the engine holds (RULE_* bits) and their values: an item that came
     * without a held rule holds what its absence means (NaN, shrink 0, code 0). */
    int rules;
    float rule[7][MAX_ITEMS];
    uint8_t align_self[MAX_ITEMS], stretchable[MAX_ITEMS];
} Shadow;

static Shadow g_shadow;
static Items g_edit;
static Out g_want, g_got;
/* Exact positions: the fresh ones (lk_layout_place_exact), the engine's answers. */
static double g_wx[MAX_ITEMS + GUARD], g_wy[MAX_ITEMS + GUARD], g_gx[MAX_ITEMS + GUARD], g_gy[MAX_ITEMS + GUARD];
/* lk_engine_get_items' buffers, each MAX_ITEMS + GUARD long. */
static struct {
    float w[MAX_ITEMS + GUARD], h[MAX_ITEMS + GUARD], sl[MAX_ITEMS + GUARD], st[MAX_ITEMS + GUARD];
    float sp[MAX_ITEMS + GUARD], sb[MAX_ITEMS + GUARD], grow[MAX_ITEMS + GUARD];
    uint8_t flags[MAX_ITEMS + GUARD];
    float rule[7][MAX_ITEMS + GUARD];
    uint8_t align_self[MAX_ITEMS + GUARD], stretchable[MAX_ITEMS + GUARD];
    uint32_t fields;
} g_copy;
/* The optional fields the engine holds (LK_ITEM_FIELD_*), unless an edit of no
 * items gave some (whether that counts is not stated). */
static uint32_t g_fields;
static int g_fields_known;
static int g_with_grow;
static lk_layout g_layout;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_init();
    return 0;
}

static lk_items shadow_view(const Shadow *s)
{
    lk_items v = lk_items_default();
    v.count = s->n;
    v.widths = s->w;
    v.heights = s->h;
    v.spacing_leading = s->sl;
    v.spacing_trailing = s->st;
    v.spacing_top = s->sp;
    v.spacing_bottom = s->sb;
    v.flags = s->flags;
    v.grow = g_with_grow ? s->grow : NULL;
    rules_view(&v, s->rules, s->rule, s->align_self, s->stretchable);
    return v;
}

/* The LK_ITEM_FIELD_* bits of the rules `rules` (RULE_* bits). */
static uint32_t rule_fields(int rules)
{
    static const uint32_t field[9] = {LK_ITEM_FIELD_BASELINE, LK_ITEM_FIELD_LAST_BASELINE, LK_ITEM_FIELD_MIN_WIDTH,
                                      LK_ITEM_FIELD_MAX_WIDTH, LK_ITEM_FIELD_MIN_HEIGHT, LK_ITEM_FIELD_MAX_HEIGHT,
                                      LK_ITEM_FIELD_SHRINK, LK_ITEM_FIELD_ALIGN_SELF, LK_ITEM_FIELD_STRETCHABLE};
    uint32_t fields = 0;
    for (int k = 0; k < 9; k++)
        if (rules >> k & 1)
            fields |= field[k];
    return fields;
}

/* Replaces shadow items [at, at + removed) with the k items of e (absent
 * optional arrays as zeros). */
static CHECKER void shadow_splice(Shadow *s, size_t at, size_t removed, const Items *e, size_t k)
{
    size_t tail = s->n - at - removed, i;
#define MOVE(f) memmove(s->f + at + k, s->f + at + removed, tail * sizeof s->f[0])
    MOVE(w); MOVE(h); MOVE(sl); MOVE(st); MOVE(sp); MOVE(sb); MOVE(grow); MOVE(flags);
    MOVE(rule[0]); MOVE(rule[1]); MOVE(rule[2]); MOVE(rule[3]); MOVE(rule[4]); MOVE(rule[5]); MOVE(rule[6]);
    MOVE(align_self); MOVE(stretchable);
#undef MOVE
    for (i = 0; i < k; i++) {
        s->w[at + i] = e->w[i];
        s->h[at + i] = e->h[i];
        s->sl[at + i] = e->has_sl ? e->sl[i] : 0.0f;
        s->st[at + i] = e->has_st ? e->st[i] : 0.0f;
        s->sp[at + i] = e->has_sp ? e->sp[i] : 0.0f;
        s->sb[at + i] = e->has_sb ? e->sb[i] : 0.0f;
        s->flags[at + i] = e->has_flags ? e->flags[i] : 0;
        s->grow[at + i] = e->has_grow ? e->grow[i] : 0.0f;
        for (int q = 0; q < 7; q++)
            s->rule[q][at + i] = e->rules >> q & 1 ? e->rule[q][i] : q == RULE_SHRINK ? 0.0f : NAN;
        s->align_self[at + i] = e->rules >> RULE_ALIGN_SELF & 1 ? e->align_self[i] : 0;
        s->stretchable[at + i] = e->rules >> RULE_STRETCHABLE & 1 ? e->stretchable[i] : 0;
    }
    if (k > 0)
        s->rules |= e->rules;
    s->n = s->n - removed + k;
}

/* The fresh layout of the shadow into g_want (every column). */
static CHECKER void fresh(lk_proposal p)
{
    lk_items v = shadow_view(&g_shadow);
    lk_status st;
    out_prepare(&g_want, W_X | W_Y | W_IW | W_IH | W_RS | W_RL | W_RY | W_RW | W_RH, g_shadow.n, g_shadow.n);
    st = lk_layout_place(&v, &g_layout, p, &g_want.r);
    REQUIREF(st == LK_OK, "lk_layout_place of the shadow items failed (%s)", lk_status_name(st));
}

/* The engine's whole answer for p against a fresh layout of the shadow. */
static CHECKER void compare_all(lk_engine *e, lk_proposal p, const char *after)
{
    size_t n = g_shadow.n, count;
    lk_size s;
    lk_status st;
    char what[96];
    snprintf(what, sizeof what, "lk_engine_layout after %s", after);
    fresh(p);
    st = lk_engine_count(e, &count);
    REQUIREF(st == LK_OK && count == n, "after %s: lk_engine_count %s, %zu items; shadow %zu", after,
             lk_status_name(st), count, n);
    out_prepare(&g_got, W_X | W_Y | W_IW | W_IH | W_RS | W_RL | W_RY | W_RW | W_RH, n, n);
    st = lk_engine_layout(e, p, &g_got.r);
    REQUIREF(st == LK_OK, "%s failed (%s)", what, lk_status_name(st));
    out_check_guards(&g_got, what);
    compare_out(&g_got, &g_want, n, what);
    st = lk_engine_size(e, p, &s);
    REQUIREF(st == LK_OK && memcmp(&s.width, &g_want.r.width, 4) == 0 && memcmp(&s.height, &g_want.r.height, 4) == 0,
             "after %s: lk_engine_size %s %.9g x %.9g, fresh %.9g x %.9g", after, lk_status_name(st),
             (double)s.width, (double)s.height, (double)g_want.r.width, (double)g_want.r.height);
}

/* A query coordinate: mostly inside the layout's range, sometimes odd. */
static float rd_coord(Rd *r, float scale)
{
    uint8_t b = rd_u8(r);
    switch (b % 16) {
    case 0: return NAN;
    case 1: return INFINITY;
    case 2: return -INFINITY;
    case 3: return -(float)rd_u8(r);
    case 4: return 0.0f;
    default: return (float)rd_u16(r) / 65536.0f * (scale * 1.25f + 1.0f);
    }
}

/* The fresh layout of the shadow with its exact positions into g_want, g_wx, g_wy. */
static CHECKER void fresh_exact(lk_proposal p)
{
    lk_items v = shadow_view(&g_shadow);
    lk_status st;
    out_prepare(&g_want, W_X | W_Y | W_IW | W_IH | W_RS | W_RL | W_RY | W_RW | W_RH, g_shadow.n, g_shadow.n);
    st = lk_layout_place_exact(&v, &g_layout, p, &g_want.r, g_wx, g_wy);
    REQUIREF(st == LK_OK, "lk_layout_place_exact of the shadow items failed (%s)", lk_status_name(st));
}

/* A double query coordinate along one axis of the exact frames (pos, size: n
 * items): mostly inside the layout's range or on an item's edge (or next to it),
 * sometimes NaN, infinite, negative or raw bits. */
static double rd_coord64(Rd *r, double scale, const double *pos, const float *size, size_t n)
{
    uint8_t b = rd_u8(r);
    size_t i = n ? rd_u8(r) % n : 0;
    uint64_t u;
    double d;
    switch (b % 16) {
    case 0: return NAN;
    case 1: return INFINITY;
    case 2: return -INFINITY;
    case 3: return -(double)rd_u8(r) / 8.0;
    case 4: return 0.0;
    case 5: case 6: return n ? pos[i] : 0.0;
    case 7: return n ? pos[i] + (double)size[i] : 0.0;
    case 8: return n ? nextafter(pos[i], -INFINITY) : 0.0;
    case 9: return n ? nextafter(pos[i] + (double)size[i], -INFINITY) : 0.0;
    case 10:
        u = (uint64_t)rd_u32(r) | (uint64_t)rd_u32(r) << 32;
        memcpy(&d, &u, sizeof d);
        return d;
    default: return (double)rd_u16(r) / 65536.0 * (scale * 1.25 + 1.0);
    }
}

/* Item i's exact frame shares area with [x0, x1) x [y0, y1). */
static inline int exact_frame_meets(size_t i, double x0, double y0, double x1, double y1)
{
    double fx = g_wx[i], fy = g_wy[i], fw = g_want.iw[i], fh = g_want.ih[i];
    return fx < x1 && x0 < fx + fw && fy < y1 && y0 < fy + fh && fw > 0 && fh > 0;
}

/* An item range from the bytes (sometimes past the items, or huge). */
static void rd_range(Rd *r, size_t n, size_t *at, size_t *k)
{
    uint8_t a = rd_u8(r), b = rd_u8(r);
    *at = a < 240 ? (n ? a % n : 0) : n + (a & 7);
    *k = b < 250 ? b % 40 : (b & 1) ? (size_t)-1 : n + 1;
}

/* The exact queries and get_items (c: 13 + (op - 208) % 6). Returns the status. */
static CHECKER lk_status exact_op(Rd *r, lk_engine *e, int c, lk_proposal p, int pok, lk_proposal valid_p)
{
    size_t n = g_shadow.n, at, k, i;
    lk_status st = LK_OK;
    switch (c) {
    case 13:   /* positions_exact */
    case 14: { /* positions_relative */
        int relative = c == 14;
        const char *call = relative ? "lk_engine_positions_relative" : "lk_engine_positions_exact";
        uint8_t m = rd_u8(r);
        double ox = 0, oy = 0;
        int range_ok, ok_args, origin_ok = 1;
        void *px = g_gx, *py = g_gy;
        rd_range(r, n, &at, &k);
        range_ok = at <= n && k <= n - at;
        if (relative) {
            fresh_exact(pok ? p : valid_p);
            ox = rd_coord64(r, g_want.r.width, g_wx, g_want.iw, n);
            oy = rd_coord64(r, g_want.r.height, g_wy, g_want.ih, n);
            origin_ok = isfinite(ox) && isfinite(oy);
        }
        memset(g_gx, SENTINEL, sizeof g_gx);
        memset(g_gy, SENTINEL, sizeof g_gy);
        ok_args = range_ok;
        if ((m & 0xF0) == 0xF0) { /* y overlaps x: invalid for k > 0 */
            py = (char *)g_gx + (k ? (m & 7) % k : 0) * (relative ? 4 : 8);
            ok_args = ok_args && k == 0;
        } else if ((m & 0xF0) == 0xE0) { /* a NULL buffer: invalid for k > 0 */
            if (m & 1)
                px = NULL;
            else
                py = NULL;
            ok_args = ok_args && k == 0;
        }
        st = relative ? lk_engine_positions_relative(e, p, at, k, ox, oy, (float *)px, (float *)py)
                      : lk_engine_positions_exact(e, p, at, k, (double *)px, (double *)py);
        check_status(st, call);
        if (pok && ok_args && origin_ok)
            REQUIREF(st == LK_OK, "%s(%zu, %zu) of %zu (origin %.17g, %.17g) failed (%s)", call, at, k, n, ox, oy,
                     lk_status_name(st));
        if (!pok || !range_ok || !origin_ok || !ok_args)
            REQUIREF(st != LK_OK, "%s(%zu, %zu) of %zu (origin %.17g, %.17g) accepted", call, at, k, n, ox, oy);
        if (!origin_ok && pok)
            REQUIREF(st == LK_ERR_INVALID_PARAMETER, "%s: origin %.17g, %.17g gave %s", call, ox, oy,
                     lk_status_name(st));
        if (st != LK_OK) {
            REQUIREF(is_sentinel(g_gx, sizeof g_gx) && is_sentinel(g_gy, sizeof g_gy), "%s failed but wrote", call);
            break;
        }
        if (relative) {
            const float *fx = (const float *)(void *)g_gx, *fy = (const float *)(void *)g_gy;
            REQUIREF(is_sentinel(fx + k, sizeof g_gx - k * 4) && is_sentinel(fy + k, sizeof g_gy - k * 4),
                     "%s wrote past count %zu", call, k);
            for (i = 0; i < k; i++) {
                float wx = (float)(g_wx[at + i] - ox), wy = (float)(g_wy[at + i] - oy);
                REQUIREF(memcmp(&fx[i], &wx, 4) == 0 && memcmp(&fy[i], &wy, 4) == 0,
                         "%s item %zu: (%.9g, %.9g), want (%.9g, %.9g) (x64 %.17g, y64 %.17g, origin %.17g, %.17g)",
                         call, at + i, (double)fx[i], (double)fy[i], (double)wx, (double)wy, g_wx[at + i],
                         g_wy[at + i], ox, oy);
            }
        } else {
            fresh_exact(p);
            REQUIREF(is_sentinel(g_gx + k, (MAX_ITEMS + GUARD - k) * 8) &&
                         is_sentinel(g_gy + k, (MAX_ITEMS + GUARD - k) * 8),
                     "%s wrote past count %zu", call, k);
            for (i = 0; i < k; i++)
                REQUIREF(memcmp(&g_gx[i], &g_wx[at + i], 8) == 0 && memcmp(&g_gy[i], &g_wy[at + i], 8) == 0,
                         "%s item %zu: (%.17g, %.17g), lk_layout_place_exact (%.17g, %.17g)", call, at + i, g_gx[i],
                         g_gy[i], g_wx[at + i], g_wy[at + i]);
        }
        break;
    }
    case 15:
    case 18: { /* visible_exact */
        double x0, y0, x1, y1;
        size_t cap, found, expected = 0, j = 0;
        uint8_t cb;
        int nan_corner;
        fresh_exact(pok ? p : valid_p);
        x0 = rd_coord64(r, g_want.r.width, g_wx, g_want.iw, n);
        y0 = rd_coord64(r, g_want.r.height, g_wy, g_want.ih, n);
        x1 = rd_coord64(r, g_want.r.width, g_wx, g_want.iw, n);
        y1 = rd_coord64(r, g_want.r.height, g_wy, g_want.ih, n);
        cb = rd_u8(r);
        nan_corner = isnan(x0) || isnan(y0) || isnan(x1) || isnan(y1);
        if (pok)
            for (i = 0; i < n; i++)
                expected += (size_t)exact_frame_meets(i, x0, y0, x1, y1);
        cap = cb < 200 ? n : cb % (n + 1);
        memset(g_got.rs, SENTINEL, sizeof g_got.rs);
        memset(&found, SENTINEL, sizeof found);
        st = lk_engine_visible_exact(e, p, x0, y0, x1, y1, g_got.rs, cap, &found);
        check_status(st, "lk_engine_visible_exact");
        if (nan_corner || !pok)
            REQUIREF(st != LK_OK && st != LK_ERR_BUFFER_TOO_SMALL,
                     "lk_engine_visible_exact accepted a NaN rectangle or a bad proposal (%s)", lk_status_name(st));
        if (nan_corner && pok)
            REQUIREF(st == LK_ERR_INVALID_PARAMETER, "lk_engine_visible_exact with a NaN corner: %s",
                     lk_status_name(st));
        if (!nan_corner && pok)
            REQUIREF(st == LK_OK || st == LK_ERR_BUFFER_TOO_SMALL, "lk_engine_visible_exact failed (%s)",
                     lk_status_name(st));
        if (st == LK_OK && found != expected) { /* name the first item they disagree on */
            static uint8_t listed[MAX_ITEMS];
            memset(listed, 0, sizeof listed);
            for (j = 0; j < found; j++)
                if (g_got.rs[j] >= 0 && g_got.rs[j] < (int64_t)n)
                    listed[g_got.rs[j]] = 1;
            for (i = 0; i < n && (int)listed[i] == exact_frame_meets(i, x0, y0, x1, y1); i++)
                ;
            if (i < n)
                fprintf(stderr, "item %zu: frame [%.17g, +%.9g) x [%.17g, +%.9g), %s by the engine\n", i, g_wx[i],
                        (double)g_want.iw[i], g_wy[i], (double)g_want.ih[i], listed[i] ? "listed" : "not listed");
            j = 0;
        }
        if (st == LK_OK || st == LK_ERR_BUFFER_TOO_SMALL) {
            REQUIREF(found == expected,
                     "lk_engine_visible_exact [%.17g, %.17g) x [%.17g, %.17g): found %zu, want %zu (%s)", x0, x1, y0,
                     y1, found, expected, lk_status_name(st));
            REQUIREF((st == LK_OK) == (expected <= cap), "lk_engine_visible_exact: %zu visible, capacity %zu, %s",
                     expected, cap, lk_status_name(st));
        }
        if (st != LK_OK) {
            REQUIREF(is_sentinel(g_got.rs, sizeof g_got.rs), "lk_engine_visible_exact failed but wrote indices");
            if (st != LK_ERR_BUFFER_TOO_SMALL)
                REQUIREF(is_sentinel(&found, sizeof found), "lk_engine_visible_exact failed but wrote *found");
            break;
        }
        REQUIREF(is_sentinel(g_got.rs + found, (MAX_ITEMS + GUARD - found) * 8),
                 "lk_engine_visible_exact wrote past *found");
        for (i = 0; i < n; i++)
            if (exact_frame_meets(i, x0, y0, x1, y1)) {
                REQUIREF(g_got.rs[j] == (int64_t)i, "lk_engine_visible_exact: index %zu is %lld, want %zu", j,
                         (long long)g_got.rs[j], i);
                j++;
            }
        break;
    }
    case 16: { /* item_at_exact */
        double px, py;
        int64_t hit, want = -1;
        fresh_exact(pok ? p : valid_p);
        if (n > 0 && (rd_u8(r) & 1)) { /* the middle of an item */
            i = rd_u8(r) % n;
            px = g_wx[i] + (double)g_want.iw[i] / 2;
            py = g_wy[i] + (double)g_want.ih[i] / 2;
        } else {
            px = rd_coord64(r, g_want.r.width, g_wx, g_want.iw, n);
            py = rd_coord64(r, g_want.r.height, g_wy, g_want.ih, n);
        }
        for (i = 0; i < n && want < 0; i++)
            if (g_wx[i] <= px && px < g_wx[i] + (double)g_want.iw[i] && g_wy[i] <= py &&
                py < g_wy[i] + (double)g_want.ih[i])
                want = (int64_t)i;
        memset(&hit, SENTINEL, sizeof hit);
        st = lk_engine_item_at_exact(e, p, px, py, &hit);
        check_status(st, "lk_engine_item_at_exact");
        if (!pok)
            REQUIREF(st != LK_OK, "lk_engine_item_at_exact accepted a bad proposal");
        if (pok && !isnan(px) && !isnan(py))
            REQUIREF(st == LK_OK, "lk_engine_item_at_exact(%.17g, %.17g) failed (%s)", px, py, lk_status_name(st));
        if (st == LK_OK)
            REQUIREF(hit == want, "lk_engine_item_at_exact(%.17g, %.17g): %lld, want %lld", px, py, (long long)hit,
                     (long long)want);
        else
            REQUIREF(is_sentinel(&hit, sizeof hit), "lk_engine_item_at_exact failed but wrote *index");
        break;
    }
    default: { /* get_items: some buffers NULL, all NULL, or two overlapping */
        uint8_t m = rd_u8(r);
        lk_item_buffers b = lk_item_buffers_default();
        int range_ok, overlap = 0, none;
        uint32_t *fields = (m & 0x40) ? NULL : &g_copy.fields;
        rd_range(r, n, &at, &k);
        range_ok = at <= n && k <= n - at;
        memset(&g_copy, SENTINEL, sizeof g_copy);
        b.widths = (m & 1) ? NULL : g_copy.w;
        b.heights = (m & 2) ? NULL : g_copy.h;
        b.spacing_leading = (m & 4) ? NULL : g_copy.sl;
        b.spacing_trailing = (m & 4) ? NULL : g_copy.st;
        b.spacing_top = (m & 8) ? NULL : g_copy.sp;
        b.spacing_bottom = (m & 8) ? NULL : g_copy.sb;
        b.flags = (m & 16) ? NULL : g_copy.flags;
        b.grow = (m & 32) ? NULL : g_copy.grow;
        b.baseline = (m & 16) ? NULL : g_copy.rule[RULE_BASELINE];
        b.last_baseline = (m & 32) ? NULL : g_copy.rule[RULE_LAST_BASELINE];
        b.min_width = (m & 4) ? NULL : g_copy.rule[RULE_MIN_WIDTH];
        b.max_width = (m & 8) ? NULL : g_copy.rule[RULE_MAX_WIDTH];
        b.min_height = (m & 1) ? NULL : g_copy.rule[RULE_MIN_HEIGHT];
        b.max_height = (m & 2) ? NULL : g_copy.rule[RULE_MAX_HEIGHT];
        b.shrink = (m & 16) ? NULL : g_copy.rule[RULE_SHRINK];
        b.align_self = (m & 32) ? NULL : g_copy.align_self;
        b.stretchable = (m & 4) ? NULL : g_copy.stretchable;
        if ((m & 0xC0) == 0xC0 && range_ok && k > 0) { /* widths and heights overlap: invalid */
            b.widths = g_copy.w;
            b.heights = g_copy.w + (m & 3) % k;
            overlap = 1;
        }
        none = (m & 0xC0) == 0x80;
        st = lk_engine_get_items(e, at, k, none ? NULL : &b, fields);
        check_status(st, "lk_engine_get_items");
        REQUIREF((st == LK_OK) == (range_ok && !overlap), "lk_engine_get_items(%zu, %zu) of %zu%s: %s", at, k, n,
                 overlap ? ", overlapping buffers" : "", lk_status_name(st));
        if (st != LK_OK) {
            REQUIREF(st == LK_ERR_INVALID_PARAMETER, "lk_engine_get_items(%zu, %zu) of %zu: %s", at, k, n,
                     lk_status_name(st));
            REQUIREF(is_sentinel(&g_copy, sizeof g_copy), "lk_engine_get_items failed but wrote");
            break;
        }
        if (fields) {
            REQUIREF(!g_fields_known || g_copy.fields == g_fields, "lk_engine_get_items: fields %#x, want %#x",
                     (unsigned)g_copy.fields, (unsigned)g_fields);
            REQUIREF((g_copy.fields & ~0xFFFu) == 0, "lk_engine_get_items: fields %#x", (unsigned)g_copy.fields);
        }
        memset(&g_copy.fields, SENTINEL, sizeof g_copy.fields);
        if (none) {
            REQUIREF(is_sentinel(&g_copy, sizeof g_copy), "lk_engine_get_items(buffers NULL) wrote");
            break;
        }
#define FIELD(buf, arr, sz)                                                                                    \
    REQUIREF(b.buf == NULL ? is_sentinel(g_copy.arr, sizeof g_copy.arr)                                        \
                           : ((k == 0 || memcmp(g_copy.arr, g_shadow.arr + at, k * (sz)) == 0) &&              \
                              is_sentinel(g_copy.arr + k, (MAX_ITEMS + GUARD - k) * (sz))),                    \
             "lk_engine_get_items(%zu, %zu) of %zu: " #buf " differs from the items stored, or was written past", \
             at, k, n)
        FIELD(widths, w, 4);
        FIELD(heights, h, 4);
        FIELD(spacing_leading, sl, 4);
        FIELD(spacing_trailing, st, 4);
        FIELD(spacing_top, sp, 4);
        FIELD(spacing_bottom, sb, 4);
        FIELD(flags, flags, 1);
        FIELD(grow, grow, 4);
        FIELD(baseline, rule[RULE_BASELINE], 4);
        FIELD(last_baseline, rule[RULE_LAST_BASELINE], 4);
        FIELD(min_width, rule[RULE_MIN_WIDTH], 4);
        FIELD(max_width, rule[RULE_MAX_WIDTH], 4);
        FIELD(min_height, rule[RULE_MIN_HEIGHT], 4);
        FIELD(max_height, rule[RULE_MAX_HEIGHT], 4);
        FIELD(shrink, rule[RULE_SHRINK], 4);
        FIELD(align_self, align_self, 1);
        FIELD(stretchable, stretchable, 1);
#undef FIELD
        break;
    }
    }
    return st;
}

/* After a successful edit with e's items: the fields the engine holds now
 * (set: set_items, which drops a field its items do not give). */
static void track_fields(const Items *e, int set)
{
    uint32_t given = ((e->has_sl || e->has_st || e->has_sp || e->has_sb) ? LK_ITEM_FIELD_SPACING : 0) |
                     (e->has_flags ? LK_ITEM_FIELD_FLAGS : 0) | (e->has_grow ? LK_ITEM_FIELD_GROW : 0) |
                     rule_fields(e->rules);
    if (e->n == 0 && given) {
        g_fields_known = 0;
        return;
    }
    if (set) {
        g_fields = given;
        g_fields_known = 1;
    } else {
        g_fields |= given;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Rd r = rd_make(data, size);
    uint8_t kb = rd_u8(&r), gb = rd_u8(&r);
    int32_t kind = (int32_t)(kb % 7);
    lk_proposal props[3], valid_p = {LK_UNSPECIFIED, LK_UNSPECIFIED};
    lk_engine *e = NULL;
    lk_status st;
    int ops;

    rd_layout(&r, &g_layout, kind);
    g_with_grow = kind == LK_LAYOUT_FLOW && (gb & 1);
    props[0] = rd_proposal(&r);
    props[1] = rd_proposal(&r);
    props[2] = rd_proposal(&r);
    for (ops = 2; ops >= 0; ops--)
        if (proposal_ok(props[ops]))
            valid_p = props[ops];
    memset(&e, SENTINEL, sizeof e);
    st = lk_engine_create((kb & 0xF8) == 0xF8 ? NULL : &g_layout, &e);
    check_status(st, "lk_engine_create");
    if ((kb & 0xF8) == 0xF8 || !layout_ok(&g_layout)) {
        REQUIREF(st != LK_OK, "lk_engine_create accepted an invalid layout");
        REQUIREF(is_sentinel(&e, sizeof e), "lk_engine_create failed but wrote *engine");
        if (st == LK_OK)
            lk_engine_destroy(e);
        return 0;
    }
    REQUIREF(st == LK_OK && e != NULL, "lk_engine_create failed (%s) on a valid layout", lk_status_name(st));
    g_shadow.n = 0;
    g_shadow.rules = 0;
    g_fields = 0;
    g_fields_known = 1;

    for (ops = 0; ops < MAX_OPS && rd_left(&r); ops++) {
        uint8_t op = rd_u8(&r);
        size_t n = g_shadow.n;
        lk_proposal p = props[rd_u8(&r) % 3];
        int pok = proposal_ok(p);
        /* 0-12: the float ops, 16 byte values each; 13-18: the exact ones, 8 each. */
        int c = op < 208 ? op % 13 : 13 + (op - 208) % 6;
        switch (c) {
        case 0: case 1: { /* set_items */
            lk_items v = lk_items_default();
            int iok;
            /* The engine's items carry grow factors always or never. */
            rd_items(&r, &g_edit, MAX_ITEMS, (g_with_grow ? 2 : 0) | (kind == LK_LAYOUT_FLOW ? 4 : 0));
            v = items_view(&g_edit);
            iok = items_ok_for(&g_edit, kind);
            st = lk_engine_set_items(e, &v);
            check_status(st, "lk_engine_set_items");
            REQUIREF(iok != 1 || st == LK_OK, "lk_engine_set_items failed (%s) on valid items", lk_status_name(st));
            REQUIREF(iok != 0 || st != LK_OK, "lk_engine_set_items accepted invalid items");
            if (st == LK_OK) {
                /* The engine holds the rules given, even for no items (and a held rule,
                 * its values all absent, is not always bit for bit no rule: growing
                 * items then flex by SPEC.md section 13's rule). */
                g_shadow.n = 0;
                g_shadow.rules = g_edit.rules;
                shadow_splice(&g_shadow, 0, 0, &g_edit, g_edit.n);
                track_fields(&g_edit, 1);
            }
            break;
        }
        case 2: case 3: case 4: { /* update, insert */
            int insert = c == 4 || (c == 3 && (op & 0x80));
            uint8_t where = rd_u8(&r);
            size_t at = where < 240 ? (n ? where % (n + 1) : 0) : n + (where & 7);
            lk_items v = lk_items_default();
            int iok, range_ok;
            /* An insert stays within MAX_ITEMS (read no more items than fit, so
             * that the validity read with them is theirs). */
            rd_items(&r, &g_edit, insert && MAX_ITEMS - n < MAX_EDIT ? MAX_ITEMS - n : MAX_EDIT,
                     (g_with_grow ? 2 : 0) | (kind == LK_LAYOUT_FLOW ? 4 : 0));
            v = items_view(&g_edit);
            iok = items_ok_for(&g_edit, kind);
            range_ok = insert ? at <= n : at + g_edit.n <= n && (g_edit.n > 0 || at <= n);
            if (!insert && g_edit.n > 0 && at >= n)
                range_ok = 0;
            st = insert ? lk_engine_insert(e, at, &v) : lk_engine_update(e, at, &v);
            check_status(st, insert ? "lk_engine_insert" : "lk_engine_update");
            REQUIREF(!(iok == 1 && range_ok) || st == LK_OK, "%s failed (%s) on valid input at %zu (+%zu of %zu)",
                     insert ? "lk_engine_insert" : "lk_engine_update", lk_status_name(st), at, g_edit.n, n);
            REQUIREF(!(iok == 0 || !range_ok) || st != LK_OK, "%s accepted invalid input at %zu (+%zu of %zu)",
                     insert ? "lk_engine_insert" : "lk_engine_update", at, g_edit.n, n);
            if (st == LK_OK) {
                shadow_splice(&g_shadow, at, insert ? 0 : g_edit.n, &g_edit, g_edit.n);
                track_fields(&g_edit, 0);
            }
            break;
        }
        case 5: { /* remove */
            uint8_t where = rd_u8(&r), len = rd_u8(&r);
            size_t at = where < 240 ? (n ? where % (n + 1) : 0) : n + (where & 7);
            size_t k = len < 250 ? len % 33 : (size_t)-1 - (len & 3);
            int range_ok = at <= n && k <= n - at;
            st = lk_engine_remove(e, at, k);
            check_status(st, "lk_engine_remove");
            REQUIREF(range_ok == (st == LK_OK), "lk_engine_remove(%zu, %zu) of %zu items: %s", at, k, n,
                     lk_status_name(st));
            if (st == LK_OK)
                shadow_splice(&g_shadow, at, k, &g_edit, 0);
            break;
        }
        case 6: { /* layout into the fuzzer's buffers */
            rd_out(&r, &g_got, n, n);
            st = lk_engine_layout(e, p, &g_got.r);
            check_status(st, "lk_engine_layout");
            if (st != LK_OK) {
                REQUIREF(!(pok && g_got.icap >= n && (n == 0 || (g_got.r.x && g_got.r.y)) && g_got.rcap >= n),
                         "lk_engine_layout failed (%s) on valid input", lk_status_name(st));
                out_check_untouched(&g_got, "lk_engine_layout");
            } else {
                REQUIREF(pok, "lk_engine_layout accepted an invalid proposal");
                out_check_guards(&g_got, "lk_engine_layout");
                fresh(p);
                compare_out(&g_got, &g_want, n, "lk_engine_layout");
            }
            break;
        }
        case 7: { /* positions */
            uint8_t a = rd_u8(&r), b = rd_u8(&r), c = rd_u8(&r);
            size_t at = a < 240 ? (n ? a % n : 0) : n + (a & 7);
            size_t k = b < 250 ? b % 40 : (size_t)-1;
            size_t room = k < MAX_ITEMS ? k : 0;
            int ok_args = at <= n && k <= n - at && k <= MAX_ITEMS;
            float *px = g_got.x, *py = (c & 0xF0) == 0xF0 ? g_got.x : g_got.y; /* overlapping: invalid */
            if ((c & 0xF0) == 0xF0 && k > 0)
                ok_args = 0;
            if ((c & 0xF0) == 0xE0)
                px = NULL, ok_args = ok_args && k == 0 ? ok_args : 0;
            memset(g_got.x, SENTINEL, sizeof g_got.x);
            memset(g_got.y, SENTINEL, sizeof g_got.y);
            st = lk_engine_positions(e, p, at, k, px, py);
            check_status(st, "lk_engine_positions");
            if (pok && ok_args)
                REQUIREF(st == LK_OK, "lk_engine_positions(%zu, %zu) of %zu failed (%s)", at, k, n,
                         lk_status_name(st));
            if (!pok || (!(at <= n && k <= n - at)))
                REQUIREF(st != LK_OK, "lk_engine_positions(%zu, %zu) of %zu accepted", at, k, n);
            if (st != LK_OK) {
                REQUIREF(is_sentinel(g_got.x, sizeof g_got.x) && is_sentinel(g_got.y, sizeof g_got.y),
                         "lk_engine_positions failed but wrote");
            } else {
                REQUIREF(is_sentinel(g_got.x + room, GUARD * 4) && (py == px || is_sentinel(g_got.y + room, GUARD * 4)),
                         "lk_engine_positions wrote past count %zu", k);
                fresh(p);
                REQUIREF(k == 0 || (memcmp(g_got.x, g_want.x + at, k * 4) == 0 && memcmp(g_got.y, g_want.y + at, k * 4) == 0),
                         "lk_engine_positions(%zu, %zu) differ from a fresh layout", at, k);
            }
            break;
        }
        case 8: { /* visible */
            float x0, y0, x1, y1;
            size_t cap, found, expected = 0, i;
            uint8_t cb;
            fresh(pok ? p : valid_p);
            x0 = rd_coord(&r, g_want.r.width);
            y0 = rd_coord(&r, g_want.r.height);
            x1 = rd_coord(&r, g_want.r.width);
            y1 = rd_coord(&r, g_want.r.height);
            cb = rd_u8(&r);
            if (pok) {
                for (i = 0; i < n; i++) {
                    float fx = g_want.x[i], fy = g_want.y[i], fw = g_want.iw[i], fh = g_want.ih[i];
                    if (fx < x1 && x0 < fx + fw && fy < y1 && y0 < fy + fh && fw > 0 && fh > 0)
                        expected++;
                }
            }
            cap = cb < 200 ? n : cb % (n + 1);
            memset(g_got.rs, SENTINEL, sizeof g_got.rs);
            memset(&found, SENTINEL, sizeof found);
            st = lk_engine_visible(e, p, x0, y0, x1, y1, g_got.rs, cap, &found);
            check_status(st, "lk_engine_visible");
            if (isnan(x0) || isnan(y0) || isnan(x1) || isnan(y1) || !pok)
                REQUIREF(st != LK_OK, "lk_engine_visible accepted a NaN rectangle or a bad proposal");
            if (st == LK_OK || st == LK_ERR_BUFFER_TOO_SMALL) {
                REQUIREF(found == expected, "lk_engine_visible [%.9g, %.9g) x [%.9g, %.9g): found %zu, want %zu (%s)",
                         (double)x0, (double)x1, (double)y0, (double)y1, found, expected, lk_status_name(st));
                REQUIREF((st == LK_OK) == (expected <= cap), "lk_engine_visible: %zu visible, capacity %zu, %s",
                         expected, cap, lk_status_name(st));
            }
            if (st != LK_OK) {
                REQUIREF(is_sentinel(g_got.rs, sizeof g_got.rs), "lk_engine_visible failed but wrote indices");
                if (st != LK_ERR_BUFFER_TOO_SMALL)
                    REQUIREF(is_sentinel(&found, sizeof found), "lk_engine_visible failed but wrote *found");
            } else {
                size_t j = 0;
                REQUIREF(is_sentinel(g_got.rs + found, (cap - found + GUARD) * 8) || found == cap,
                         "lk_engine_visible wrote past *found");
                REQUIREF(is_sentinel(g_got.rs + cap, GUARD * 8), "lk_engine_visible wrote past its capacity");
                for (i = 0; i < n; i++) {
                    float fx = g_want.x[i], fy = g_want.y[i], fw = g_want.iw[i], fh = g_want.ih[i];
                    if (fx < x1 && x0 < fx + fw && fy < y1 && y0 < fy + fh && fw > 0 && fh > 0) {
                        REQUIREF(g_got.rs[j] == (int64_t)i, "lk_engine_visible: index %zu is %lld, want %zu", j,
                                 (long long)g_got.rs[j], i);
                        j++;
                    }
                }
            }
            break;
        }
        case 9: { /* item_at */
            float px, py;
            int64_t hit, want = -1;
            size_t i;
            fresh(pok ? p : valid_p);
            if (n > 0 && (rd_u8(&r) & 1)) { /* the middle of an item */
                i = rd_u8(&r) % n;
                px = g_want.x[i] + g_want.iw[i] / 2;
                py = g_want.y[i] + g_want.ih[i] / 2;
            } else {
                px = rd_coord(&r, g_want.r.width);
                py = rd_coord(&r, g_want.r.height);
            }
            for (i = 0; i < n && want < 0; i++)
                if (g_want.x[i] <= px && px < g_want.x[i] + g_want.iw[i] && g_want.y[i] <= py &&
                    py < g_want.y[i] + g_want.ih[i])
                    want = (int64_t)i;
            memset(&hit, SENTINEL, sizeof hit);
            st = lk_engine_item_at(e, p, px, py, &hit);
            check_status(st, "lk_engine_item_at");
            if (!pok)
                REQUIREF(st != LK_OK, "lk_engine_item_at accepted a bad proposal");
            if (pok && !isnan(px) && !isnan(py))
                REQUIREF(st == LK_OK, "lk_engine_item_at(%.9g, %.9g) failed (%s)", (double)px, (double)py,
                         lk_status_name(st));
            if (st == LK_OK)
                REQUIREF(hit == want, "lk_engine_item_at(%.9g, %.9g): %lld, want %lld", (double)px, (double)py,
                         (long long)hit, (long long)want);
            else
                REQUIREF(is_sentinel(&hit, sizeof hit), "lk_engine_item_at failed but wrote *index");
            break;
        }
        case 10: { /* size */
            lk_size s;
            memset(&s, SENTINEL, sizeof s);
            st = lk_engine_size(e, p, &s);
            check_status(st, "lk_engine_size");
            REQUIREF(pok == (st == LK_OK), "lk_engine_size: proposal %s, status %s", pok ? "valid" : "invalid",
                     lk_status_name(st));
            if (st == LK_OK) {
                fresh(p);
                REQUIREF(memcmp(&s.width, &g_want.r.width, 4) == 0 && memcmp(&s.height, &g_want.r.height, 4) == 0,
                         "lk_engine_size %.9g x %.9g, fresh %.9g x %.9g", (double)s.width, (double)s.height,
                         (double)g_want.r.width, (double)g_want.r.height);
            } else {
                REQUIREF(is_sentinel(&s, sizeof s), "lk_engine_size failed but wrote *size");
            }
            break;
        }
        case 11: { /* stats and count */
            lk_engine_stats stats = lk_engine_stats_default();
            size_t count;
            st = lk_engine_get_stats(e, &stats);
            REQUIREF(st == LK_OK, "lk_engine_get_stats failed (%s)", lk_status_name(st));
            st = lk_engine_count(e, &count);
            REQUIREF(st == LK_OK && count == n, "lk_engine_count: %s, %zu; shadow %zu", lk_status_name(st), count, n);
            break;
        }
        case 13: case 14: case 15: case 16: case 17: case 18:
            st = exact_op(&r, e, c, p, pok, valid_p);
            break;
        default: { /* NULL engine or NULL outputs: LK_ERR_NULL_POINTER, nothing changed */
            size_t count;
            lk_size s;
            lk_items v = shadow_view(&g_shadow);
            st = lk_engine_set_items(NULL, &v);
            REQUIREF(st == LK_ERR_NULL_POINTER, "lk_engine_set_items(NULL): %s", lk_status_name(st));
            st = lk_engine_count(NULL, &count);
            REQUIREF(st == LK_ERR_NULL_POINTER, "lk_engine_count(NULL): %s", lk_status_name(st));
            st = lk_engine_size(e, p, NULL);
            REQUIREF(st == LK_ERR_NULL_POINTER || (!pok && st == LK_ERR_INVALID_PROPOSAL),
                     "lk_engine_size(NULL out): %s", lk_status_name(st));
            st = lk_engine_set_items(e, NULL);
            REQUIREF(st == LK_ERR_NULL_POINTER, "lk_engine_set_items(e, NULL): %s", lk_status_name(st));
            (void)s;
            break;
        }
        }
        /* After a mutation (done or refused) or a failed query, the engine answers
         * as a fresh layout of the shadow; a successful query was compared above. */
        if (c <= 5 || c == 11 || c == 12 || st != LK_OK)
            compare_all(e, pok ? p : valid_p, c <= 5 ? "a mutation" : "a failed call");
    }
    lk_engine_destroy(e);
    return 0;
}
