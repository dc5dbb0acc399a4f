/*
 * fuzz_many — lk_layout_many: 0 to 12 containers of one layout of any kind,
 * counts that add up to the items (sometimes not), one proposal or one per
 * container (sometimes a wrong count, NULL arrays, bad proposals), every
 * optional output column present or not, capacities sometimes short.
 *
 * Checks: defined status codes; LK_OK whenever every input is valid and every
 * capacity holds the result; a failure whenever something is out of the
 * header's domain; nothing written on error, nothing past any capacity; every
 * container equals lk_layout_place of its items alone bit for bit (size, rows,
 * positions, item sizes, its rows in the table from row_offset, starts relative
 * to the container, a flow's hidden count and overflow frame under max_lines);
 * total_rows the sum of the rows.
 */
#include "fuzz.h"

#define MAX_CONTAINERS 12

typedef struct {
    float cw[MAX_CONTAINERS + GUARD], ch[MAX_CONTAINERS + GUARD];
    size_t crows[MAX_CONTAINERS + GUARD];
    int64_t coff[MAX_CONTAINERS + GUARD];
    size_t chid[MAX_CONTAINERS + GUARD];
    float cox[MAX_CONTAINERS + GUARD], coy[MAX_CONTAINERS + GUARD];
    float cow[MAX_CONTAINERS + GUARD], coh[MAX_CONTAINERS + GUARD];
    size_t ccap;
    Out o; /* the item and row columns (its lk_result is unused) */
    lk_many_result m;
} ManyOut;

static Items g_items;
static ManyOut g_out;
static Out g_want;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_init();
    return 0;
}

static CHECKER void many_prepare(ManyOut *mo, unsigned ccols, size_t ccap)
{
    Out *o = &mo->o;
    memset(&o->r, SENTINEL, offsetof(lk_result, x)); /* width, height, rows: unused here */
    if (ccap > MAX_CONTAINERS)
        ccap = MAX_CONTAINERS;
    mo->ccap = ccap;
    memset(&mo->m, SENTINEL, sizeof mo->m);
    mo->m.struct_size = sizeof mo->m;
    memset(mo->cw, SENTINEL, sizeof mo->cw);
    memset(mo->ch, SENTINEL, sizeof mo->ch);
    memset(mo->crows, SENTINEL, sizeof mo->crows);
    memset(mo->coff, SENTINEL, sizeof mo->coff);
    memset(mo->chid, SENTINEL, sizeof mo->chid);
    memset(mo->cox, SENTINEL, sizeof mo->cox);
    memset(mo->coy, SENTINEL, sizeof mo->coy);
    memset(mo->cow, SENTINEL, sizeof mo->cow);
    memset(mo->coh, SENTINEL, sizeof mo->coh);
    mo->m.width = (ccols & 1) ? mo->cw : NULL;
    mo->m.height = (ccols & 2) ? mo->ch : NULL;
    mo->m.rows = (ccols & 4) ? mo->crows : NULL;
    mo->m.row_offset = (ccols & 8) ? mo->coff : NULL;
    mo->m.hidden = (ccols & 16) ? mo->chid : NULL;
    mo->m.overflow_x = (ccols & 32) ? mo->cox : NULL;
    mo->m.overflow_y = (ccols & 32) ? mo->coy : NULL;
    mo->m.overflow_width = (ccols & 32) ? mo->cow : NULL;
    mo->m.overflow_height = (ccols & 32) ? mo->coh : NULL;
    mo->m.container_capacity = ccap;
    mo->m.x = o->r.x;
    mo->m.y = o->r.y;
    mo->m.item_width = o->r.item_width;
    mo->m.item_height = o->r.item_height;
    mo->m.item_capacity = o->icap;
    mo->m.row_start = o->r.row_start;
    mo->m.row_length = o->r.row_length;
    mo->m.row_y = o->r.row_y;
    mo->m.row_width = o->r.row_width;
    mo->m.row_height = o->r.row_height;
    mo->m.row_capacity = o->rcap;
}

static CHECKER void many_check_untouched(const ManyOut *mo)
{
    REQUIREF(is_sentinel(&mo->m.total_rows, sizeof mo->m.total_rows), "lk_layout_many failed but wrote total_rows");
    REQUIREF(is_sentinel(mo->cw, sizeof mo->cw) && is_sentinel(mo->ch, sizeof mo->ch) &&
                 is_sentinel(mo->crows, sizeof mo->crows) && is_sentinel(mo->coff, sizeof mo->coff) &&
                 is_sentinel(mo->chid, sizeof mo->chid) && is_sentinel(mo->cox, sizeof mo->cox) &&
                 is_sentinel(mo->coy, sizeof mo->coy) && is_sentinel(mo->cow, sizeof mo->cow) &&
                 is_sentinel(mo->coh, sizeof mo->coh),
             "lk_layout_many failed but wrote a container column");
    out_check_untouched(&mo->o, "lk_layout_many");
}

static CHECKER void many_check_guards(const ManyOut *mo)
{
    size_t c = mo->ccap;
    REQUIREF((!mo->m.width || is_sentinel(mo->cw + c, GUARD * 4)) &&
                 (!mo->m.height || is_sentinel(mo->ch + c, GUARD * 4)) &&
                 (!mo->m.rows || is_sentinel(mo->crows + c, GUARD * sizeof(size_t))) &&
                 (!mo->m.row_offset || is_sentinel(mo->coff + c, GUARD * 8)) &&
                 (!mo->m.hidden || is_sentinel(mo->chid + c, GUARD * sizeof(size_t))) &&
                 (!mo->m.overflow_x || (is_sentinel(mo->cox + c, GUARD * 4) && is_sentinel(mo->coy + c, GUARD * 4) &&
                                        is_sentinel(mo->cow + c, GUARD * 4) && is_sentinel(mo->coh + c, GUARD * 4))),
             "lk_layout_many wrote past container_capacity %zu", c);
    out_check_guards(&mo->o, "lk_layout_many");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Rd r = rd_make(data, size);
    uint8_t kb = rd_u8(&r), shape = rd_u8(&r), cfg = rd_u8(&r);
    int32_t kind = kb < 250 ? (int32_t)(kb % 7) : 7 + kb % 3;
    size_t containers = shape % (MAX_CONTAINERS + 1), counts[MAX_CONTAINERS + 1], proposal_count, i, c, n,
           sum = 0, total_rows = 0, item_at, row_at;
    size_t rows_of[MAX_CONTAINERS];
    lk_proposal proposals[MAX_CONTAINERS + 1];
    lk_layout L;
    lk_items iv = lk_items_default();
    lk_status st;
    int iok, valid, invalid, counts_ok, wants_rows;
    unsigned ccols = 3 | 16 | 32; /* width, height, hidden, overflow frames */

    rd_layout(&r, &L, kind);
    if (kind == LK_LAYOUT_FLOW) { /* at most a few lines a container, sometimes a "+N" item */
        uint8_t lines = rd_u8(&r);
        if (lines & 0x80) {
            L.flow.max_lines = lines & 3;
            if (lines & 0x40) {
                L.flow.overflow_item.width = rd_len(&r);
                L.flow.overflow_item.height = rd_len(&r);
            }
        }
    }
    rd_items(&r, &g_items, MAX_ITEMS, 1);
    iv = items_view(&g_items);
    n = g_items.n;
    iok = items_ok_for(&g_items, kind);

    /* Counts: n split at points from the reader; sometimes off by one. */
    for (c = 0; c < containers; c++) {
        size_t left = n - sum;
        counts[c] = c + 1 == containers ? left : (left ? rd_u16(&r) % (left + 1) : 0);
        sum += counts[c];
    }
    if ((cfg & 0x70) == 0x70 && containers > 0) {
        counts[rd_u8(&r) % containers] += 1; /* no longer adds up */
        sum += 1;
    }
    counts_ok = sum == n;
    proposal_count = (cfg & 3) == 0 ? 1 : containers;
    if ((cfg & 0x0C) == 0x0C)
        proposal_count = rd_u8(&r) % (MAX_CONTAINERS + 1); /* any count */
    for (c = 0; c < MAX_CONTAINERS + 1; c++)
        proposals[c] = c < proposal_count || c == 0 ? rd_proposal(&r) : proposals[0];
    valid = iok == 1 && layout_ok(&L) && counts_ok && (proposal_count == 1 || proposal_count == containers);
    invalid = iok == 0 || !layout_ok(&L) || (containers > 0 && !counts_ok) ||
              (containers > 0 && proposal_count != 1 && proposal_count != containers);
    if (containers == 0 && n > 0)
        invalid = 1, valid = 0;
    for (c = 0; c < containers && c < proposal_count; c++)
        if (!proposal_ok(proposals[c])) {
            invalid = 1;
            valid = 0;
        }

    /* The expected rows of each container (for capacities and the oracle). */
    if (valid) {
        size_t at = 0;
        for (c = 0; c < containers; c++) {
            lk_items sub = iv;
            lk_proposal p = proposals[proposal_count == 1 ? 0 : c];
            sub.count = counts[c];
#define SHIFT(f) sub.f = iv.f ? iv.f + at : NULL
            SHIFT(widths); SHIFT(heights); SHIFT(spacing_leading); SHIFT(spacing_trailing);
            SHIFT(spacing_top); SHIFT(spacing_bottom); SHIFT(flags); SHIFT(grow);
        SHIFT(align_self); SHIFT(baseline); SHIFT(last_baseline); SHIFT(stretchable); SHIFT(min_width);
        SHIFT(max_width); SHIFT(min_height); SHIFT(max_height); SHIFT(shrink);
#undef SHIFT
            st = lk_layout_row_count(&sub, &L, p, &rows_of[c]);
            REQUIREF(st == LK_OK, "lk_layout_row_count of container %zu failed (%s)", c, lk_status_name(st));
            total_rows += rows_of[c];
            at += counts[c];
        }
    }

    /* Outputs. */
    rd_out(&r, &g_out.o, n, total_rows);
    if (cfg & 0x80) {
        ccols = rd_u8(&r) & 63;
        if ((ccols & 3) != 3)
            ccols |= rd_u8(&r) < 240 ? 3 : 0; /* width and height are required: rarely missing */
    }
    many_prepare(&g_out, ccols,
                 (cfg & 0x70) == 0x60 ? (containers ? containers - 1 : 0) : containers + (cfg >> 7));
    st = lk_layout_many(&iv, (cfg & 0x0C) == 0x08 && (cfg & 0x30) == 0x30 ? NULL : &L,
                        (cfg & 0x70) == 0x50 && containers > 0 ? NULL : counts, containers,
                        (cfg & 0x70) == 0x40 && containers > 0 ? NULL : proposals, proposal_count, &g_out.m);
    check_status(st, "lk_layout_many");
    if (((cfg & 0x0C) == 0x08 && (cfg & 0x30) == 0x30) || ((cfg & 0x70) == 0x50 && containers > 0) ||
        ((cfg & 0x70) == 0x40 && containers > 0))
        valid = 0, invalid = 1;
    wants_rows = g_out.m.row_start || g_out.m.row_length || g_out.m.row_y || g_out.m.row_width || g_out.m.row_height;
    {
        int short_buffers = (containers > 0 && (!g_out.m.width || !g_out.m.height)) ||
                            g_out.ccap < containers || (n > 0 && (!g_out.m.x || !g_out.m.y)) || g_out.o.icap < n ||
                            (wants_rows && g_out.o.rcap < total_rows);
        if (valid && !short_buffers)
            REQUIREF(st == LK_OK, "lk_layout_many failed (%s) on valid input", lk_status_name(st));
        if (invalid || (valid && short_buffers))
            REQUIREF(st != LK_OK, "lk_layout_many succeeded on invalid input or short buffers");
    }
    if (st != LK_OK) {
        many_check_untouched(&g_out);
        return 0;
    }
    many_check_guards(&g_out);
    if (!valid)
        return 0; /* a non-flow layout's grow factors out of range: accepted, no oracle */
    REQUIREF(g_out.m.total_rows == total_rows, "total_rows %zu, want %zu", g_out.m.total_rows, total_rows);

    /* Each container against lk_layout_place alone. */
    item_at = 0;
    row_at = 0;
    for (c = 0; c < containers; c++) {
        lk_items sub = iv;
        lk_proposal p = proposals[proposal_count == 1 ? 0 : c];
        size_t k, m = counts[c];
        sub.count = m;
#define SHIFT(f) sub.f = iv.f ? iv.f + item_at : NULL
        SHIFT(widths); SHIFT(heights); SHIFT(spacing_leading); SHIFT(spacing_trailing);
        SHIFT(spacing_top); SHIFT(spacing_bottom); SHIFT(flags); SHIFT(grow);
        SHIFT(align_self); SHIFT(baseline); SHIFT(last_baseline); SHIFT(stretchable); SHIFT(min_width);
        SHIFT(max_width); SHIFT(min_height); SHIFT(max_height); SHIFT(shrink);
#undef SHIFT
        out_prepare(&g_want, W_X | W_Y | W_IW | W_IH | W_RS | W_RL | W_RY | W_RW | W_RH, m, m);
        st = lk_layout_place(&sub, &L, p, &g_want.r);
        REQUIREF(st == LK_OK, "lk_layout_place of container %zu failed (%s)", c, lk_status_name(st));
        REQUIREF(memcmp(&g_out.cw[c], &g_want.r.width, 4) == 0 && memcmp(&g_out.ch[c], &g_want.r.height, 4) == 0,
                 "container %zu: %.9g x %.9g, alone %.9g x %.9g", c, (double)g_out.cw[c], (double)g_out.ch[c],
                 (double)g_want.r.width, (double)g_want.r.height);
        REQUIREF(g_want.r.rows == rows_of[c], "container %zu: lk_layout_place %zu rows, row count %zu", c,
                 g_want.r.rows, rows_of[c]);
        REQUIREF(!g_out.m.rows || g_out.crows[c] == rows_of[c], "container %zu: rows %zu, want %zu", c,
                 g_out.crows[c], rows_of[c]);
        REQUIREF(!g_out.m.row_offset || g_out.coff[c] == (int64_t)row_at, "container %zu: row_offset %lld, want %zu",
                 c, (long long)g_out.coff[c], row_at);
        REQUIREF(!g_out.m.hidden || g_out.chid[c] == g_want.r.hidden, "container %zu: hidden %zu, alone %zu", c,
                 g_out.chid[c], g_want.r.hidden);
        REQUIREF(!g_out.m.overflow_x ||
                     (g_want.r.overflow_placed
                          ? memcmp(&g_out.cox[c], &g_want.r.overflow_x, 4) == 0 &&
                                memcmp(&g_out.coy[c], &g_want.r.overflow_y, 4) == 0 &&
                                memcmp(&g_out.cow[c], &g_want.r.overflow_width, 4) == 0 &&
                                memcmp(&g_out.coh[c], &g_want.r.overflow_height, 4) == 0
                          : isnan(g_out.cox[c]) && isnan(g_out.coy[c]) && isnan(g_out.cow[c]) && isnan(g_out.coh[c])),
                 "container %zu: overflow frame differs from its own layout's", c);
        for (i = 0; i < m; i++) {
            const Out *o = &g_out.o;
            size_t j = item_at + i;
            REQUIREF(!o->r.x || memcmp(&o->x[j], &g_want.x[i], 4) == 0, "container %zu: x[%zu] %.9g, alone %.9g", c,
                     i, (double)o->x[j], (double)g_want.x[i]);
            REQUIREF(!o->r.y || memcmp(&o->y[j], &g_want.y[i], 4) == 0, "container %zu: y[%zu] %.9g, alone %.9g", c,
                     i, (double)o->y[j], (double)g_want.y[i]);
            REQUIREF(!o->r.item_width || memcmp(&o->iw[j], &g_want.iw[i], 4) == 0, "container %zu: item_width[%zu]",
                     c, i);
            REQUIREF(!o->r.item_height || memcmp(&o->ih[j], &g_want.ih[i], 4) == 0,
                     "container %zu: item_height[%zu]", c, i);
        }
        for (k = 0; k < rows_of[c]; k++) {
            const Out *o = &g_out.o;
            size_t j = row_at + k;
            REQUIREF(!o->r.row_start || o->rs[j] == g_want.rs[k], "container %zu: row_start[%zu] %lld, alone %lld",
                     c, k, (long long)o->rs[j], (long long)g_want.rs[k]);
            REQUIREF(!o->r.row_length || o->rl[j] == g_want.rl[k], "container %zu: row_length[%zu]", c, k);
            REQUIREF(!o->r.row_y || memcmp(&o->ry[j], &g_want.ry[k], 8) == 0, "container %zu: row_y[%zu]", c, k);
            REQUIREF(!o->r.row_width || memcmp(&o->rw[j], &g_want.rw[k], 4) == 0, "container %zu: row_width[%zu]",
                     c, k);
            REQUIREF(!o->r.row_height || memcmp(&o->rh[j], &g_want.rh[k], 4) == 0, "container %zu: row_height[%zu]",
                     c, k);
        }
        item_at += m;
        row_at += rows_of[c];
    }
    return 0;
}
