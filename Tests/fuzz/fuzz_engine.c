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
 */
#include "fuzz.h"

#define MAX_OPS 24
#define MAX_EDIT 24

typedef struct {
    size_t n;
    float w[MAX_ITEMS], h[MAX_ITEMS], sl[MAX_ITEMS], st[MAX_ITEMS], sp[MAX_ITEMS], sb[MAX_ITEMS], grow[MAX_ITEMS];
    uint8_t flags[MAX_ITEMS];
} Shadow;

static Shadow g_shadow;
static Items g_edit;
static Out g_want, g_got;
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
    lk_items v;
    v.count = s->n;
    v.widths = s->w;
    v.heights = s->h;
    v.spacing_leading = s->sl;
    v.spacing_trailing = s->st;
    v.spacing_top = s->sp;
    v.spacing_bottom = s->sb;
    v.flags = s->flags;
    v.grow = g_with_grow ? s->grow : NULL;
    return v;
}

/* Replaces shadow items [at, at + removed) with the k items of e (absent
 * optional arrays as zeros). */
static CHECKER void shadow_splice(Shadow *s, size_t at, size_t removed, const Items *e, size_t k)
{
    size_t tail = s->n - at - removed, i;
#define MOVE(f) memmove(s->f + at + k, s->f + at + removed, tail * sizeof s->f[0])
    MOVE(w); MOVE(h); MOVE(sl); MOVE(st); MOVE(sp); MOVE(sb); MOVE(grow); MOVE(flags);
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
    }
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

    for (ops = 0; ops < MAX_OPS && rd_left(&r); ops++) {
        uint8_t op = rd_u8(&r);
        size_t n = g_shadow.n;
        lk_proposal p = props[rd_u8(&r) % 3];
        int pok = proposal_ok(p);
        switch (op % 13) {
        case 0: case 1: { /* set_items */
            lk_items v;
            int iok;
            /* The engine's items carry grow factors always or never. */
            rd_items(&r, &g_edit, MAX_ITEMS, g_with_grow ? 2 : 0);
            v = items_view(&g_edit);
            iok = items_ok_for(&g_edit, kind);
            st = lk_engine_set_items(e, &v);
            check_status(st, "lk_engine_set_items");
            REQUIREF(iok != 1 || st == LK_OK, "lk_engine_set_items failed (%s) on valid items", lk_status_name(st));
            REQUIREF(iok != 0 || st != LK_OK, "lk_engine_set_items accepted invalid items");
            if (st == LK_OK) {
                g_shadow.n = 0;
                shadow_splice(&g_shadow, 0, 0, &g_edit, g_edit.n);
            }
            break;
        }
        case 2: case 3: case 4: { /* update, insert */
            int insert = op % 13 == 4 || (op % 13 == 3 && (op & 0x80));
            uint8_t where = rd_u8(&r);
            size_t at = where < 240 ? (n ? where % (n + 1) : 0) : n + (where & 7);
            lk_items v;
            int iok, range_ok;
            /* An insert stays within MAX_ITEMS (read no more items than fit, so
             * that the validity read with them is theirs). */
            rd_items(&r, &g_edit, insert && MAX_ITEMS - n < MAX_EDIT ? MAX_ITEMS - n : MAX_EDIT,
                     g_with_grow ? 2 : 0);
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
            if (st == LK_OK)
                shadow_splice(&g_shadow, at, insert ? 0 : g_edit.n, &g_edit, g_edit.n);
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
            lk_engine_stats stats;
            size_t count;
            st = lk_engine_get_stats(e, &stats);
            REQUIREF(st == LK_OK, "lk_engine_get_stats failed (%s)", lk_status_name(st));
            st = lk_engine_count(e, &count);
            REQUIREF(st == LK_OK && count == n, "lk_engine_count: %s, %zu; shadow %zu", lk_status_name(st), count, n);
            break;
        }
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
        if (op % 13 <= 5 || op % 13 >= 11 || st != LK_OK)
            compare_all(e, pok ? p : valid_p, op % 13 <= 5 ? "a mutation" : "a failed call");
    }
    lk_engine_destroy(e);
    return 0;
}
