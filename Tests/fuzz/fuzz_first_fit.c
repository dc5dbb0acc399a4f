/*
 * fuzz_first_fit — lk_first_fit over 0 to 5 candidates of any kind (each with
 * its own items and layout, sometimes a NULL candidate array, items or
 * layout), any axes value and proposal, and short or missing output buffers.
 *
 * Checks: defined status codes; LK_OK whenever every candidate, the axes and
 * the proposal are valid and the result holds the chosen candidate's items; a
 * failure whenever something is out of the header's domain; nothing written on
 * error (*chosen included), nothing past a capacity; the chosen index is the
 * first candidate whose ideal size (lk_layout_size for an unspecified
 * proposal) fits the proposal on the constrained axes (unspecified axes taken
 * as 10), else the last; the result equals lk_layout_place of that candidate
 * bit for bit.
 */
#include "fuzz.h"

#define MAX_CANDIDATES 5
#define CANDIDATE_ITEMS 128

static Items g_items[MAX_CANDIDATES];
static Out g_out, g_want;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_init();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Rd r = rd_make(data, size);
    uint8_t head = rd_u8(&r), nulls = rd_u8(&r);
    size_t count = head % (MAX_CANDIDATES + 1), c, chosen, want_chosen = 0, max_n = 0, n = 0;
    lk_layout layouts[MAX_CANDIDATES];
    lk_items views[MAX_CANDIDATES];
    lk_candidate cands[MAX_CANDIDATES];
    int32_t axes;
    lk_proposal pr;
    lk_status st;
    int valid = 1, invalid = 0, unknown = 0, wants_rows;
    size_t want_rows = 0;

    if (count == 0 && (head & 0x80) == 0)
        count = 1;
    axes = rd_enum(&r, 1, 3);
    pr = rd_proposal(&r);
    if (axes < 1 || axes > 3 || !proposal_ok(pr))
        valid = 0, invalid = 1;
    if (count == 0)
        valid = 0, invalid = 1;
    for (c = 0; c < count; c++) {
        uint8_t kb = rd_u8(&r);
        int32_t kind = kb < 250 ? (int32_t)(kb % 7) : 7 + kb % 3;
        int iok;
        rd_layout(&r, &layouts[c], kind);
        rd_items(&r, &g_items[c], CANDIDATE_ITEMS, 1);
        views[c] = items_view(&g_items[c]);
        cands[c].items = (nulls & 0xC0) == 0xC0 && (nulls & 7) == c ? NULL : &views[c];
        cands[c].layout = (nulls & 0xC0) == 0x80 && (nulls & 7) == c ? NULL : &layouts[c];
        iok = items_ok_for(&g_items[c], kind);
        if (!cands[c].items || !cands[c].layout || iok == 0 || !layout_ok(&layouts[c]))
            valid = 0, invalid = 1;
        else if (iok < 0)
            valid = 0, unknown = 1;
        if (g_items[c].n > max_n)
            max_n = g_items[c].n;
    }

    /* The expected choice, from each candidate's ideal size. */
    if (valid) {
        float limit_w = isnan(pr.width) ? 10.0f : pr.width, limit_h = isnan(pr.height) ? 10.0f : pr.height;
        lk_proposal ideal = {LK_UNSPECIFIED, LK_UNSPECIFIED};
        want_chosen = count - 1;
        for (c = 0; c < count; c++) {
            lk_size s;
            st = lk_layout_size(&views[c], &layouts[c], ideal, &s);
            REQUIREF(st == LK_OK, "lk_layout_size of candidate %zu failed (%s)", c, lk_status_name(st));
            if ((!(axes & LK_AXIS_HORIZONTAL) || s.width <= limit_w) &&
                (!(axes & LK_AXIS_VERTICAL) || s.height <= limit_h)) {
                want_chosen = c;
                break;
            }
        }
        n = g_items[want_chosen].n;
        st = lk_layout_row_count(&views[want_chosen], &layouts[want_chosen], pr, &want_rows);
        REQUIREF(st == LK_OK, "lk_layout_row_count of candidate %zu failed", want_chosen);
    } else {
        n = max_n;
        want_rows = max_n;
    }

    rd_out(&r, &g_out, n, want_rows);
    memset(&chosen, SENTINEL, sizeof chosen);
    st = lk_first_fit((nulls & 0xC0) == 0x40 && (nulls & 7) == 7 ? NULL : cands, count, axes, pr,
                      (nulls & 0xC0) == 0x40 && (nulls & 7) == 6 ? NULL : &chosen, &g_out.r);
    check_status(st, "lk_first_fit");
    if ((nulls & 0xC0) == 0x40 && (nulls & 7) >= 6)
        valid = 0, invalid = 1;
    wants_rows = g_out.r.row_start || g_out.r.row_length || g_out.r.row_y || g_out.r.row_width ||
                 g_out.r.row_height;
    if (valid && (n == 0 || (g_out.r.x && g_out.r.y)) && g_out.icap >= n && (!wants_rows || g_out.rcap >= want_rows))
        REQUIREF(st == LK_OK, "lk_first_fit failed (%s) on valid input", lk_status_name(st));
    if (invalid || (valid && ((n > 0 && (!g_out.r.x || !g_out.r.y)) || g_out.icap < n ||
                              (wants_rows && g_out.rcap < want_rows))))
        REQUIREF(st != LK_OK, "lk_first_fit succeeded on invalid input or short buffers");
    (void)unknown;
    if (st != LK_OK) {
        REQUIREF(is_sentinel(&chosen, sizeof chosen), "lk_first_fit failed but wrote *chosen");
        out_check_untouched(&g_out, "lk_first_fit");
        return 0;
    }
    out_check_guards(&g_out, "lk_first_fit");
    REQUIREF(chosen < count, "lk_first_fit chose %zu of %zu", chosen, count);
    if (!valid)
        return 0; /* grow factors of a non-flow candidate out of range: accepted, no oracle */
    REQUIREF(chosen == want_chosen, "lk_first_fit chose %zu, want %zu", chosen, want_chosen);
    out_prepare(&g_want, W_X | W_Y | W_IW | W_IH | W_RS | W_RL | W_RY | W_RW | W_RH, n, n);
    st = lk_layout_place(&views[chosen], &layouts[chosen], pr, &g_want.r);
    REQUIREF(st == LK_OK, "lk_layout_place of the chosen candidate failed (%s)", lk_status_name(st));
    compare_out(&g_out, &g_want, n, "lk_first_fit against lk_layout_place of the chosen candidate");
    check_finite(&g_out, n, "lk_first_fit");
    check_rows_partition(&g_out, n, "lk_first_fit");
    return 0;
}
