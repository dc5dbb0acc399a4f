/*
 * fuzz.h — what the libFuzzer targets of LayoutKernel share (Tests/fuzz/run.sh):
 *  - a reader that turns the fuzzer's bytes into lengths (mostly valid: on the
 *    1/64 grid, small integers, arbitrary fractions; sometimes NaN, infinities,
 *    negative, above LK_MAX_LENGTH, raw bits), enum values (sometimes unknown),
 *    anchors, proposals, items (every optional array, runs of equal items) and
 *    capacities (sometimes short); each decoder records whether what it made is
 *    outside the header's valid domain, so a target knows when LK_OK is owed;
 *  - output buffers filled with a sentinel, with GUARD sentinel elements past
 *    every capacity: nothing may be written on error, nothing past a capacity;
 *  - the checks: defined status codes, the thread's error state after a failure,
 *    and the invariants of a successful result (rows partition the items in
 *    order, rows not empty, every item inside its row across the lines, the
 *    container's size as the header states it, every output finite).
 * A violation prints what broke and abort()s, which libFuzzer reports as a
 * crash with the input that caused it.
 */
#ifndef LK_FUZZ_H
#define LK_FUZZ_H

#include "layoutkernel.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The checking helpers are not instrumented for coverage (their loops would
 * only add comparison hooks on every byte they check, which cost more than the
 * library call itself, and their branches say nothing new about the library),
 * and not inlined into the instrumented entry point.
 */
#define CHECKER __attribute__((noinline, unused, no_sanitize("coverage")))

/* Items per call (and per engine): small enough that each execution is fast. */
#define MAX_ITEMS 512
/* Sentinel elements past each capacity. */
#define GUARD 8
#define SENTINEL 0xAB

/* ======================================================================== */
/* Failing                                                                   */
/* ======================================================================== */

static void fail(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
static void fail(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "\nLAYOUTKERNEL FUZZ VIOLATION: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n  last error: %s \"%s\"\n", lk_status_name(lk_last_error_status()),
            lk_last_error_message());
    fflush(stderr);
    abort();
}

/* Aborts with the condition, where it is, and a message. */
#define REQUIREF(cond, ...)                                                       \
    do {                                                                          \
        if (!(cond)) {                                                            \
            fprintf(stderr, "\n" __FILE__ ":%d: %s\n", __LINE__, #cond);          \
            fail(__VA_ARGS__);                                                    \
        }                                                                         \
    } while (0)

/* ======================================================================== */
/* Reading the fuzzer's bytes                                                */
/* ======================================================================== */

typedef struct {
    const uint8_t *p;
    size_t n, i;
    int bad; /* something decoded lies outside the header's valid domain */
} Rd;

static inline Rd rd_make(const uint8_t *p, size_t n)
{
    Rd r = {p, n, 0, 0};
    return r;
}

static inline int rd_left(const Rd *r) { return r->i < r->n; }

/* Past the end every byte reads 0: short inputs decode to small valid cases. */
static inline uint8_t rd_u8(Rd *r) { return r->i < r->n ? r->p[r->i++] : 0; }

static inline uint16_t rd_u16(Rd *r)
{
    uint16_t lo = rd_u8(r);
    return (uint16_t)(lo | (uint16_t)rd_u8(r) << 8);
}

static inline uint32_t rd_u32(Rd *r)
{
    uint32_t lo = rd_u16(r);
    return lo | (uint32_t)rd_u16(r) << 16;
}

static inline float bits_to_float(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static inline int length_ok(float v) { return !isnan(v) && v >= 0 && v <= LK_MAX_LENGTH; }

/* Special values, valid and not. */
static const float k_special[] = {
    0.0f, -0.0f, NAN, INFINITY, -INFINITY, -1.0f, LK_MAX_LENGTH,
    LK_MAX_LENGTH * 2.0f, 1e-45f, 1.17549435e-38f, 0.1f, 1.0f / 3.0f,
    FLT_MAX, 65536.0f, 131072.0f, 131072.0f + 1.0f / 64.0f, 16777216.0f,
    16777217.0f, 1e30f, 0.5f, 1.0f, 8192.0f, 1099511627776.0f, -1e-45f,
};

/*
 * A length: mostly a valid one (the 1/64 grid below 1024, small integers,
 * fractions off the grid, large values), sometimes a special or raw float.
 * Marks the reader bad when the value is NaN, negative or above LK_MAX_LENGTH.
 */
static inline float rd_len(Rd *r)
{
    uint8_t tag = rd_u8(r);
    float v;
    if (tag < 150)
        v = (float)rd_u16(r) / 64.0f;
    else if (tag < 200)
        v = (float)rd_u8(r);
    else if (tag < 215)
        v = (float)rd_u16(r) * 0.37f + (float)rd_u8(r) * 1e-3f;
    else if (tag < 225)
        v = (float)rd_u16(r) * 4096.0f;
    else if (tag < 245)
        v = k_special[rd_u8(r) % (sizeof k_special / sizeof *k_special)];
    else
        v = bits_to_float(rd_u32(r));
    if (!length_ok(v))
        r->bad = 1;
    return v;
}

/* A valid length only (for harness-side choices that must stay valid). */
static inline float rd_len_ok(Rd *r)
{
    int bad = r->bad;
    float v = rd_len(r);
    r->bad = bad;
    return length_ok(v) ? v : 0.0f;
}

/* An enum value in [0, nvalid) mostly, else any int32 (marked bad when outside
 * [lo, lo + nvalid)). */
static inline int32_t rd_enum(Rd *r, int32_t lo, int32_t nvalid)
{
    uint8_t b = rd_u8(r);
    int32_t v;
    if (b < 248)
        return lo + (int32_t)(b % (uint8_t)nvalid);
    v = (int32_t)rd_u32(r);
    if (v < lo || v >= lo + nvalid)
        r->bad = 1;
    return v;
}

/* A 0/1 switch (sometimes another int: bad). */
static inline int32_t rd_bool(Rd *r) { return rd_enum(r, 0, 2); }

/* An anchor component: 0, 1/2, 1 mostly; sometimes any length (bad above 1). */
static inline float rd_unit(Rd *r)
{
    static const float named[] = {0.0f, 0.5f, 1.0f, 0.25f, 1.0f / 3.0f, 0.75f, 0.1f};
    uint8_t b = rd_u8(r);
    float v;
    if (b < 240)
        return named[b % 7];
    v = rd_len(r);
    if (!(v >= 0.0f && v <= 1.0f))
        r->bad = 1;
    return v;
}

static inline lk_anchor rd_anchor(Rd *r)
{
    lk_anchor a;
    a.x = rd_unit(r);
    a.y = rd_unit(r);
    return a;
}

/* A proposal axis: finite, INFINITY or unspecified mostly; sometimes negative,
 * -INFINITY (bad), or huge. */
static inline float rd_axis(Rd *r)
{
    uint8_t b = rd_u8(r);
    switch (b % 16) {
    case 0: case 1: return LK_UNSPECIFIED;
    case 2: return INFINITY;
    case 3: return 0.0f;
    case 4: return (float)rd_u8(r);
    case 5: return rd_len(r); /* any length, special or raw */
    case 6: return -(float)(1 + rd_u8(r)) / 64.0f;
    default: return (float)rd_u16(r) / 16.0f;
    }
}

/* A proposal axis may be any value >= 0, INFINITY or NaN (unspecified): only
 * negative values (and -INFINITY) mark the reader bad. */
static inline float rd_axis_fixed(Rd *r)
{
    int bad = r->bad;
    float v = rd_axis(r);
    r->bad = bad || v < 0.0f;
    return v;
}

static inline lk_proposal rd_proposal(Rd *r)
{
    lk_proposal p;
    p.width = rd_axis_fixed(r);
    p.height = rd_axis_fixed(r);
    return p;
}

/* ======================================================================== */
/* Items                                                                     */
/* ======================================================================== */

typedef struct {
    size_t n;
    float w[MAX_ITEMS], h[MAX_ITEMS];
    float sl[MAX_ITEMS], st[MAX_ITEMS], sp[MAX_ITEMS], sb[MAX_ITEMS]; /* leading, trailing, top, bottom */
    uint8_t flags[MAX_ITEMS];
    float grow[MAX_ITEMS];
    /* A flow's item rules (lk_flow_layout, "Item rules"): baselines, bounds, shrink,
     * alignments and stretchable flags, each array present when its bit of `rules` is. */
    float rule[7][MAX_ITEMS]; /* baseline, last_baseline, min_width, max_width, min_height, max_height, shrink */
    uint8_t align_self[MAX_ITEMS], stretchable[MAX_ITEMS];
    int has_sl, has_st, has_sp, has_sb, has_flags, has_grow, rules;
    int bad_size, bad_spacing, bad_flags, bad_grow, bad_rules; /* some element out of domain */
} Items;

enum { RULE_BASELINE, RULE_LAST_BASELINE, RULE_MIN_WIDTH, RULE_MAX_WIDTH, RULE_MIN_HEIGHT, RULE_MAX_HEIGHT,
       RULE_SHRINK, RULE_ALIGN_SELF, RULE_STRETCHABLE };

/* Sets the item rule arrays of v present in `rules` (RULE_* bits) to those given. */
static inline void rules_view(lk_items *v, int rules, const float rule[7][MAX_ITEMS], const uint8_t *align_self,
                              const uint8_t *stretchable)
{
    v->baseline = rules >> RULE_BASELINE & 1 ? rule[RULE_BASELINE] : NULL;
    v->last_baseline = rules >> RULE_LAST_BASELINE & 1 ? rule[RULE_LAST_BASELINE] : NULL;
    v->min_width = rules >> RULE_MIN_WIDTH & 1 ? rule[RULE_MIN_WIDTH] : NULL;
    v->max_width = rules >> RULE_MAX_WIDTH & 1 ? rule[RULE_MAX_WIDTH] : NULL;
    v->min_height = rules >> RULE_MIN_HEIGHT & 1 ? rule[RULE_MIN_HEIGHT] : NULL;
    v->max_height = rules >> RULE_MAX_HEIGHT & 1 ? rule[RULE_MAX_HEIGHT] : NULL;
    v->shrink = rules >> RULE_SHRINK & 1 ? rule[RULE_SHRINK] : NULL;
    v->align_self = rules >> RULE_ALIGN_SELF & 1 ? align_self : NULL;
    v->stretchable = rules >> RULE_STRETCHABLE & 1 ? stretchable : NULL;
}

static inline lk_items items_view(const Items *it)
{
    lk_items v = lk_items_default();
    v.count = it->n;
    v.widths = it->w;
    v.heights = it->h;
    v.spacing_leading = it->has_sl ? it->sl : NULL;
    v.spacing_trailing = it->has_st ? it->st : NULL;
    v.spacing_top = it->has_sp ? it->sp : NULL;
    v.spacing_bottom = it->has_sb ? it->sb : NULL;
    v.flags = it->has_flags ? it->flags : NULL;
    v.grow = it->has_grow ? it->grow : NULL;
    rules_view(&v, it->rules, it->rule, it->align_self, it->stretchable);
    return v;
}

/* Item i's bounds along x (axis 0) or y (axis 1): the minimum (0 for none) and the
 * most a clamped size can be, max(minimum, maximum) (+inf for none). */
static inline void item_bounds(const Items *it, size_t i, int axis, double *lo, double *hi)
{
    int has_lo = it->rules >> (axis ? RULE_MIN_HEIGHT : RULE_MIN_WIDTH) & 1;
    int has_hi = it->rules >> (axis ? RULE_MAX_HEIGHT : RULE_MAX_WIDTH) & 1;
    float l = has_lo ? it->rule[axis ? RULE_MIN_HEIGHT : RULE_MIN_WIDTH][i] : NAN;
    float h = has_hi ? it->rule[axis ? RULE_MAX_HEIGHT : RULE_MAX_WIDTH][i] : NAN;
    *lo = isnan(l) ? 0 : (double)l;
    *hi = isnan(h) ? INFINITY : (double)h;
    if (*hi < *lo)
        *hi = *lo;
}

static inline int items_bad(const Items *it)
{
    return it->bad_size || it->bad_spacing || it->bad_flags || it->bad_grow || it->bad_rules;
}

/* One item at index i, its fields from the reader. */
static inline void rd_item(Rd *r, Items *it, size_t i)
{
    int bad = r->bad;
    r->bad = 0;
    it->w[i] = rd_len(r);
    it->h[i] = rd_len(r);
    it->bad_size |= r->bad;
    r->bad = 0;
    if (it->has_sl) it->sl[i] = rd_len(r);
    if (it->has_st) it->st[i] = rd_len(r);
    if (it->has_sp) it->sp[i] = rd_len(r);
    if (it->has_sb) it->sb[i] = rd_len(r);
    it->bad_spacing |= r->bad;
    r->bad = 0;
    if (it->has_flags) {
        uint8_t f = rd_u8(r);
        /* Mostly none, some breaks, rarely an undefined bit. */
        it->flags[i] = f < 200 ? 0 : f < 250 ? LK_ITEM_BREAK_BEFORE : f;
        if (it->flags[i] & ~LK_ITEM_BREAK_BEFORE)
            it->bad_flags = 1;
    }
    if (it->has_grow) {
        uint8_t g = rd_u8(r);
        it->grow[i] = g < 100 ? 0.0f : g < 200 ? (float)(g - 99) / 8.0f : rd_len(r);
        it->bad_grow |= r->bad;
        r->bad = 0;
    }
    if (it->rules) {
        int k;
        for (k = RULE_BASELINE; k <= RULE_SHRINK; k++) {
            uint8_t b;
            float v;
            if (!(it->rules >> k & 1))
                continue;
            b = rd_u8(r);
            /* Mostly none (NaN) or a length; a baseline now and then above the box;
             * rarely a value out of the rule's domain. */
            v = b < 64 && k != RULE_SHRINK ? NAN : b < 80 ? (float)(b % 8) / 4.0f : rd_len(r);
            r->bad = 0;
            if (k <= RULE_LAST_BASELINE && b >= 240)
                v = -v;
            if (b == 255)
                v = k == RULE_MAX_WIDTH || k == RULE_MAX_HEIGHT ? -INFINITY : INFINITY;
            if (b == 254)
                v = k == RULE_SHRINK ? NAN : -1.0f;
            it->rule[k][i] = v;
            if (k <= RULE_LAST_BASELINE)
                it->bad_rules |= isinf(v) || fabsf(v) > LK_MAX_LENGTH;
            else if (k == RULE_SHRINK)
                it->bad_rules |= !length_ok(v);
            else if (k == RULE_MAX_WIDTH || k == RULE_MAX_HEIGHT)
                it->bad_rules |= !(isnan(v) || v == INFINITY || length_ok(v));
            else
                it->bad_rules |= !(isnan(v) || length_ok(v));
        }
        if (it->rules >> RULE_ALIGN_SELF & 1) {
            uint8_t a = rd_u8(r);
            it->align_self[i] = a < 250 ? a % 7 : a;
            it->bad_rules |= it->align_self[i] > 6;
        }
        if (it->rules >> RULE_STRETCHABLE & 1) {
            uint8_t f = rd_u8(r);
            it->stretchable[i] = f < 254 ? f & 1 : f;
            it->bad_rules |= it->stretchable[i] > 1;
        }
    }
    r->bad = bad;
}

/*
 * Items: a count (at most max), which optional arrays exist, and a pattern:
 * every item read in turn, or the first k read and repeated (runs of equal
 * items, as the engine's run logic and the grid kernels meet them). with_grow:
 * 0 no grow factors, 1 sometimes (and item rules sometimes), 2 always; plus 4:
 * item rules sometimes. An item's validity goes to it->bad_*, not to r->bad.
 */
static inline void rd_items(Rd *r, Items *it, size_t max, int with_grow)
{
    uint8_t shape = rd_u8(r), opt = rd_u8(r);
    size_t n, k, i;
    memset(it, 0, offsetof(Items, w));
    it->has_sl = opt & 1;
    it->has_st = (opt >> 1) & 1;
    it->has_sp = (opt >> 2) & 1;
    it->has_sb = (opt >> 3) & 1;
    it->has_flags = (opt >> 4) & 1;
    it->has_grow = (with_grow & 3) == 2 || ((with_grow & 3) == 1 && ((opt >> 5) & 3) == 3);
    /* Item rules (with_grow 1, or its bit 4): about one input in four, each array
     * present by its bit. */
    it->rules = ((with_grow & 3) == 1 || (with_grow & 4)) && (opt >> 7) ? rd_u16(r) & 0x1FF : 0;
    it->bad_size = it->bad_spacing = it->bad_flags = it->bad_grow = it->bad_rules = 0;
    if (shape < 192) {
        n = shape % 33; /* mostly short flows */
        k = n;
    } else {
        n = rd_u16(r) % (max + 1);
        k = 1 + rd_u8(r) % 8;
        if (shape >= 240)
            k = n; /* every item read */
    }
    if (n > max)
        n = max;
    it->n = n;
    if (k > n)
        k = n;
    for (i = 0; i < k; i++)
        rd_item(r, it, i);
    for (i = k; i < n; i++) {
        size_t j = i % k;
        it->w[i] = it->w[j];
        it->h[i] = it->h[j];
        it->sl[i] = it->sl[j];
        it->st[i] = it->st[j];
        it->sp[i] = it->sp[j];
        it->sb[i] = it->sb[j];
        it->flags[i] = it->flags[j];
        it->grow[i] = it->grow[j];
        for (int q = 0; q < 7; q++)
            it->rule[q][i] = it->rule[q][j];
        it->align_self[i] = it->align_self[j];
        it->stretchable[i] = it->stretchable[j];
    }
}

/* ======================================================================== */
/* Parameters                                                                */
/* ======================================================================== */

static inline void rd_flow_params(Rd *r, lk_flow_params *f)
{
    uint8_t features = rd_u8(r);
    *f = lk_flow_params_default();
    f->spacing = rd_len(r);
    f->line_spacing = rd_len(r);
    f->spacing_mode = rd_enum(r, 0, 2);
    f->line_spacing_mode = rd_enum(r, 0, 2);
    f->alignment = rd_anchor(r);
    if (features & 1) { /* the CSS features */
        f->justify = rd_enum(r, 0, 7);
        f->direction = rd_enum(r, 0, 2);
        f->reverse = rd_bool(r);
        f->wrap_reverse = rd_bool(r);
        f->axis = rd_enum(r, 0, 3);
        f->align_content = rd_enum(r, 0, 8);
    }
    if (features & 2) { /* line breaking: wrap, nowrap, balance (and invalid codes) */
        f->wrap = rd_enum(r, 0, 4);
        f->min_lines = (int32_t)(int8_t)rd_u8(r);
    }
    if (features & 4) /* how items sit across their lines (and invalid codes) */
        f->align_items = rd_enum(r, 0, 8);
}

/* Whether a flow uses the CSS features (see lk_flow_layout, "Features"). */
static inline int flow_has_features(const lk_flow_params *f, const Items *it)
{
    return f->justify || f->direction || f->reverse || f->wrap_reverse || f->axis ||
           f->align_content || f->wrap || f->max_lines || f->align_items || it->has_grow || it->rules;
}

/* A layout of `kind` with parameters from the reader (layout_ok() says
 * whether they are valid; the reader's mark is not kept for layouts). */
static inline void rd_layout(Rd *r, lk_layout *L, int32_t kind)
{
    if (lk_layout_default(kind, L) != LK_OK) { /* an unknown kind */
        memset(L, 0, sizeof *L);
        L->kind = kind;
    }
    switch (kind) {
    case LK_LAYOUT_FLOW:
        rd_flow_params(r, &L->flow);
        break;
    case LK_LAYOUT_HSTACK:
    case LK_LAYOUT_VSTACK:
    case LK_LAYOUT_ZSTACK:
        L->stack.spacing = rd_len(r);
        L->stack.spacing_mode = rd_enum(r, 0, 2);
        L->stack.alignment = rd_anchor(r);
        break;
    case LK_LAYOUT_GRID: {
        uint8_t c = rd_u8(r);
        L->grid.columns = c < 200 ? c % 9 /* 0: adaptive */ : (int32_t)rd_u32(r);
        L->grid.min_column_width = rd_len(r);
        L->grid.sizing = rd_enum(r, 0, 2);
        L->grid.spacing = rd_len(r);
        L->grid.line_spacing = rd_len(r);
        L->grid.alignment = rd_anchor(r);
        break;
    }
    case LK_LAYOUT_BALANCED:
        L->balanced.axis = rd_enum(r, 1, 2);
        L->balanced.spacing = rd_len(r);
        L->balanced.spacing_mode = rd_enum(r, 0, 2);
        break;
    case LK_LAYOUT_CIRCLE: {
        uint8_t b = rd_u8(r);
        L->circle.radius = rd_len(r);
        if (b < 128)
            L->circle.start_angle = (float)(int8_t)rd_u8(r) / 16.0f;
        else
            L->circle.start_angle = rd_len(r);
        L->circle.anchor = (b & 1) ? rd_anchor(r) : L->circle.anchor;
        break;
    }
    default:
        break;
    }
}

/* Whether a layout's parameters are in the header's domain (recomputed from
 * the values, independent of what the reader marked). */
static inline int anchor_ok(lk_anchor a)
{
    return a.x >= 0.0f && a.x <= 1.0f && a.y >= 0.0f && a.y <= 1.0f;
}

static inline int flow_params_ok(const lk_flow_params *f)
{
    return length_ok(f->spacing) && length_ok(f->line_spacing) &&
           (f->spacing_mode == 0 || f->spacing_mode == 1) &&
           (f->line_spacing_mode == 0 || f->line_spacing_mode == 1) && anchor_ok(f->alignment) &&
           f->justify >= 0 && f->justify <= 6 && (f->direction == 0 || f->direction == 1) &&
           (f->reverse == 0 || f->reverse == 1) && (f->wrap_reverse == 0 || f->wrap_reverse == 1) &&
           f->axis >= 0 && f->axis <= 2 && f->align_content >= 0 && f->align_content <= 7 &&
           f->wrap >= 0 && f->wrap <= 2 && !(f->wrap == LK_WRAP_NOWRAP && f->wrap_reverse) && f->min_lines >= 0 &&
           f->max_lines >= 0 && f->align_items >= 0 && f->align_items <= 6 &&
           ((isnan(f->overflow_item.width) && isnan(f->overflow_item.height)) ||
            (length_ok(f->overflow_item.width) && length_ok(f->overflow_item.height)));
}

static inline int layout_ok(const lk_layout *L)
{
    switch (L->kind) {
    case LK_LAYOUT_FLOW:
        return flow_params_ok(&L->flow);
    case LK_LAYOUT_HSTACK:
    case LK_LAYOUT_VSTACK:
    case LK_LAYOUT_ZSTACK:
        return length_ok(L->stack.spacing) &&
               (L->stack.spacing_mode == 0 || L->stack.spacing_mode == 1) &&
               anchor_ok(L->stack.alignment);
    case LK_LAYOUT_GRID:
        return L->grid.columns >= 0 &&
               (L->grid.columns > 0 ||
                (L->grid.min_column_width > 0 && L->grid.min_column_width <= LK_MAX_LENGTH)) &&
               (L->grid.sizing == 0 || L->grid.sizing == 1) && length_ok(L->grid.spacing) &&
               length_ok(L->grid.line_spacing) && anchor_ok(L->grid.alignment);
    case LK_LAYOUT_BALANCED:
        return (L->balanced.axis == 1 || L->balanced.axis == 2) && length_ok(L->balanced.spacing) &&
               (L->balanced.spacing_mode == 0 || L->balanced.spacing_mode == 1);
    case LK_LAYOUT_CIRCLE:
        return length_ok(L->circle.radius) && isfinite(L->circle.start_angle) &&
               anchor_ok(L->circle.anchor);
    default:
        return 0;
    }
}

static inline int proposal_ok(lk_proposal p)
{
    return !(p.width < 0.0f) && !(p.height < 0.0f); /* NaN: unspecified */
}

/* Items valid for a layout of `kind` (grow counts for flows only: other
 * kinds ignore it, and whether they check it is not stated). Returns 1 valid,
 * 0 invalid, -1 unknown. */
static inline int items_ok_for(const Items *it, int32_t kind)
{
    if (it->bad_size || it->bad_spacing || it->bad_flags)
        return 0;
    if (it->bad_grow || it->bad_rules)
        return kind == LK_LAYOUT_FLOW ? 0 : -1;
    return 1;
}

/* ======================================================================== */
/* Status                                                                    */
/* ======================================================================== */

/* Every status is defined; a failure sets the thread's error state. */
static CHECKER void check_status(lk_status st, const char *call)
{
    REQUIREF(st >= LK_OK && st <= LK_ERR_SIZE_OVERFLOW, "%s returned status %d (%s)", call, (int)st,
             lk_status_name(st));
    if (st != LK_OK) {
        const char *m = lk_last_error_message();
        REQUIREF(lk_last_error_status() == st, "%s: lk_last_error_status() %d != %d", call,
                 (int)lk_last_error_status(), (int)st);
        REQUIREF(m != NULL && m[0] != '\0', "%s failed with an empty message", call);
        if (st == LK_ERR_BUFFER_TOO_SMALL)
            REQUIREF(lk_last_error_required() > 0, "%s: BUFFER_TOO_SMALL with required 0", call);
    }
}

/* ======================================================================== */
/* Output buffers with sentinels                                             */
/* ======================================================================== */

static CHECKER int is_sentinel(const void *p, size_t nbytes)
{
    const unsigned char *b = (const unsigned char *)p;
    size_t i;
    for (i = 0; i < nbytes; i++)
        if (b[i] != SENTINEL)
            return 0;
    return 1;
}

/* The caller's side of an lk_result: every column MAX_ITEMS + GUARD long. */
typedef struct {
    float x[MAX_ITEMS + GUARD], y[MAX_ITEMS + GUARD];
    float iw[MAX_ITEMS + GUARD], ih[MAX_ITEMS + GUARD];
    int64_t rs[MAX_ITEMS + GUARD], rl[MAX_ITEMS + GUARD];
    double ry[MAX_ITEMS + GUARD];
    float rw[MAX_ITEMS + GUARD], rh[MAX_ITEMS + GUARD];
    lk_result r;
    size_t icap, rcap; /* capacities given (<= MAX_ITEMS) */
} Out;

/* Which columns a result asks for (bits), and the capacities. */
enum { W_X = 1, W_Y = 2, W_IW = 4, W_IH = 8, W_RS = 16, W_RL = 32, W_RY = 64, W_RW = 128, W_RH = 256 };

static CHECKER void out_prepare(Out *o, unsigned want, size_t icap, size_t rcap)
{
    if (icap > MAX_ITEMS) icap = MAX_ITEMS;
    if (rcap > MAX_ITEMS) rcap = MAX_ITEMS;
    o->icap = icap;
    o->rcap = rcap;
    memset(&o->r, SENTINEL, sizeof o->r);
    o->r.struct_size = sizeof o->r;
#define COL(bit, arr, cap, field)                                     \
    if (want & bit) {                                                 \
        memset(o->arr, SENTINEL, ((cap) + GUARD) * sizeof o->arr[0]); \
        o->r.field = o->arr;                                          \
    } else {                                                          \
        o->r.field = NULL;                                            \
    }
    COL(W_X, x, icap, x)
    COL(W_Y, y, icap, y)
    COL(W_IW, iw, icap, item_width)
    COL(W_IH, ih, icap, item_height)
    COL(W_RS, rs, rcap, row_start)
    COL(W_RL, rl, rcap, row_length)
    COL(W_RY, ry, rcap, row_y)
    COL(W_RW, rw, rcap, row_width)
    COL(W_RH, rh, rcap, row_height)
#undef COL
    o->r.item_capacity = icap;
    o->r.row_capacity = rcap;
}

/* After a failure: the struct's outputs and every column untouched. */
static CHECKER void out_check_untouched(const Out *o, const char *call)
{
    REQUIREF(is_sentinel(&o->r.width, sizeof o->r.width) && is_sentinel(&o->r.height, sizeof o->r.height) &&
                 is_sentinel(&o->r.rows, sizeof o->r.rows),
             "%s failed but wrote the result's width, height or rows", call);
#define COL(arr, cap, field)                                                              \
    REQUIREF(o->r.field == NULL || is_sentinel(o->arr, ((cap) + GUARD) * sizeof o->arr[0]), \
             "%s failed but wrote " #field, call);
    COL(x, o->icap, x)
    COL(y, o->icap, y)
    COL(iw, o->icap, item_width)
    COL(ih, o->icap, item_height)
    COL(rs, o->rcap, row_start)
    COL(rl, o->rcap, row_length)
    COL(ry, o->rcap, row_y)
    COL(rw, o->rcap, row_width)
    COL(rh, o->rcap, row_height)
#undef COL
}

/* After a success: nothing past any capacity. */
static CHECKER void out_check_guards(const Out *o, const char *call)
{
#define COL(arr, cap, field)                                                             \
    REQUIREF(o->r.field == NULL || is_sentinel(o->arr + (cap), GUARD * sizeof o->arr[0]), \
             "%s wrote past " #field "'s capacity %zu", call, (size_t)(cap));
    COL(x, o->icap, x)
    COL(y, o->icap, y)
    COL(iw, o->icap, item_width)
    COL(ih, o->icap, item_height)
    COL(rs, o->rcap, row_start)
    COL(rl, o->rcap, row_length)
    COL(ry, o->rcap, row_y)
    COL(rw, o->rcap, row_width)
    COL(rh, o->rcap, row_height)
#undef COL
}

/* Which columns and capacities, from the reader: mostly every column and
 * enough room; sometimes some columns NULL, a short capacity, x/y NULL. */
static inline void rd_out(Rd *r, Out *o, size_t n, size_t rows_hint)
{
    uint8_t a = rd_u8(r), b = rd_u8(r);
    unsigned want = W_X | W_Y;
    size_t icap = n, rcap = n;
    if (a & 1) want |= W_IW;
    if (a & 2) want |= W_IH;
    if (a & 4) want |= W_RS | W_RL;
    if (a & 8) want |= W_RY | W_RH;
    if (a & 16) want |= W_RW;
    if ((a & 0xE0) == 0xE0) want &= ~(unsigned)(b & 1 ? W_X : W_Y); /* a missing x or y */
    switch (b >> 4) {
    case 0: case 1: case 2: case 3: case 4: case 5: case 6: case 7: break; /* n, n */
    case 8: case 9: rcap = rows_hint; break;                          /* exact rows */
    case 10: rcap = rows_hint ? rows_hint - 1 : 0; break;             /* one row short */
    case 11: icap = n ? n - 1 : 0; break;                             /* one item short */
    case 12: icap = rcap = n + (b & 7); break;                        /* roomy */
    case 13: rcap = b & 7; break;
    case 14: icap = b & 7; break;
    default: icap = 0; rcap = 0; break;
    }
    out_prepare(o, want, icap, rcap);
}

/* ======================================================================== */
/* Invariants of a successful result                                         */
/* ======================================================================== */

/* A tolerance for positions computed in double and rounded once. */
static inline double tol_for(double a, double b, double c)
{
    return 1e-5 * (fabs(a) + fabs(b) + fabs(c)) + 1e-30;
}

/*
 * The row table (when asked for) partitions the items in order, every row
 * holds at least one item, and every number is finite.
 */
static CHECKER void check_rows_partition(const Out *o, size_t n, const char *call)
{
    size_t rows = o->r.rows, k;
    if (rows == 0) {
        return;
    }
    REQUIREF(rows <= n, "%s: %zu rows for %zu items", call, rows, n);
    if (o->r.row_start && o->r.row_length) {
        int64_t next = 0;
        for (k = 0; k < rows; k++) {
            REQUIREF(o->rs[k] == next, "%s: row %zu starts at %lld, want %lld", call, k,
                     (long long)o->rs[k], (long long)next);
            REQUIREF(o->rl[k] > 0, "%s: row %zu has length %lld", call, k, (long long)o->rl[k]);
            next += o->rl[k];
        }
        REQUIREF(next == (int64_t)n, "%s: rows hold %lld items of %zu", call, (long long)next, n);
    } else if (o->r.row_length) {
        int64_t total = 0;
        for (k = 0; k < rows; k++) {
            REQUIREF(o->rl[k] > 0, "%s: row %zu has length %lld", call, k, (long long)o->rl[k]);
            total += o->rl[k];
        }
        REQUIREF(total == (int64_t)n, "%s: rows hold %lld items of %zu", call, (long long)total, n);
    } else if (o->r.row_start) {
        REQUIREF(o->rs[0] == 0, "%s: first row starts at %lld", call, (long long)o->rs[0]);
        for (k = 1; k < rows; k++)
            REQUIREF(o->rs[k] > o->rs[k - 1] && o->rs[k] < (int64_t)n,
                     "%s: row starts not increasing at %zu", call, k);
    }
    for (k = 0; k < rows; k++) {
        REQUIREF(!o->r.row_y || isfinite(o->ry[k]), "%s: row_y[%zu] = %g", call, k, o->ry[k]);
        REQUIREF(!o->r.row_width || (isfinite(o->rw[k]) && o->rw[k] >= 0), "%s: row_width[%zu] = %g", call, k,
                 (double)o->rw[k]);
        REQUIREF(!o->r.row_height || (isfinite(o->rh[k]) && o->rh[k] >= 0), "%s: row_height[%zu] = %g", call,
                 k, (double)o->rh[k]);
    }
}

/* Every position and given size is finite; the container's size too. */
static CHECKER void check_finite(const Out *o, size_t n, const char *call)
{
    size_t i;
    REQUIREF(isfinite(o->r.width) && o->r.width >= 0 && isfinite(o->r.height) && o->r.height >= 0,
             "%s: container %g x %g", call, (double)o->r.width, (double)o->r.height);
    for (i = 0; i < n; i++) {
        REQUIREF(!o->r.x || isfinite(o->x[i]), "%s: x[%zu] = %g", call, i, (double)o->x[i]);
        REQUIREF(!o->r.y || isfinite(o->y[i]), "%s: y[%zu] = %g", call, i, (double)o->y[i]);
        REQUIREF(!o->r.item_width || (isfinite(o->iw[i]) && o->iw[i] >= 0), "%s: item_width[%zu] = %g", call,
                 i, (double)o->iw[i]);
        REQUIREF(!o->r.item_height || (isfinite(o->ih[i]) && o->ih[i] >= 0), "%s: item_height[%zu] = %g",
                 call, i, (double)o->ih[i]);
    }
}

/*
 * A flow's rows: every item inside its row across the lines (rows: y within
 * [row_y, row_y + row_height]; columns: x), with the size it is given. Needs
 * the row table's start, length, y and height, and the positions.
 *
 * Right to left, columns are mirrored: a column's x and its items' x are each
 * the container's width less a sum, computed in double. With a container
 * wider than 2^53 units (2^47 px) those differences round to a multiple of an
 * ulp of the width, so an item and its column may disagree by a few such
 * ulps: the tolerance takes 8 ulps of the container's size across the lines
 * (for ordinary sizes a negligible amount).
 */
static CHECKER void check_items_in_rows(const Out *o, const Items *it, int vertical, int flow, const char *call)
{
    size_t k, i;
    double mirrored = 8 * DBL_EPSILON * fabs((double)(vertical ? o->r.width : o->r.height));
    if (!(o->r.row_start && o->r.row_length && o->r.row_y && o->r.row_height && o->r.x && o->r.y))
        return;
    for (k = 0; k < o->r.rows; k++) {
        double top = o->ry[k], size = o->rh[k];
        for (i = (size_t)o->rs[k]; i < (size_t)(o->rs[k] + o->rl[k]); i++) {
            double pos = vertical ? o->x[i] : o->y[i];
            /* Without the item sizes, the item's own size; in a flow, within its
             * bounds (item rules), which a stretched item's size is at least. */
            double lo, hi;
            double ext = vertical ? (o->r.item_width ? o->iw[i] : it->w[i])
                                  : (o->r.item_height ? o->ih[i] : it->h[i]);
            item_bounds(it, i, vertical ? 0 : 1, &lo, &hi);
            if (flow && !(vertical ? o->r.item_width : o->r.item_height))
                ext = fmax(lo, fmin(ext, hi));
            double tol = tol_for(top, size, ext) + mirrored;
            REQUIREF(pos >= top - tol && pos + ext <= top + size + tol,
                     "%s: item %zu at %.9g (size %.9g) outside row %zu [%.17g, +%.9g]", call, i, pos, ext, k,
                     top, size);
        }
    }
}

/* Two results of the same input bit for bit: size, rows, and every column both
 * ask for. */
static CHECKER void compare_out(const Out *got, const Out *want, size_t n, const char *what)
{
    size_t i, k;
    REQUIREF(memcmp(&got->r.width, &want->r.width, 4) == 0 && memcmp(&got->r.height, &want->r.height, 4) == 0 &&
                 got->r.rows == want->r.rows,
             "%s: %.9g x %.9g, %zu rows; want %.9g x %.9g, %zu rows", what, (double)got->r.width,
             (double)got->r.height, got->r.rows, (double)want->r.width, (double)want->r.height, want->r.rows);
    for (i = 0; i < n; i++) {
        REQUIREF(!got->r.x || !want->r.x || memcmp(&got->x[i], &want->x[i], 4) == 0, "%s: x[%zu] %.9g, want %.9g",
                 what, i, (double)got->x[i], (double)want->x[i]);
        REQUIREF(!got->r.y || !want->r.y || memcmp(&got->y[i], &want->y[i], 4) == 0, "%s: y[%zu] %.9g, want %.9g",
                 what, i, (double)got->y[i], (double)want->y[i]);
        REQUIREF(!got->r.item_width || !want->r.item_width || memcmp(&got->iw[i], &want->iw[i], 4) == 0,
                 "%s: item_width[%zu]", what, i);
        REQUIREF(!got->r.item_height || !want->r.item_height || memcmp(&got->ih[i], &want->ih[i], 4) == 0,
                 "%s: item_height[%zu]", what, i);
    }
    for (k = 0; k < want->r.rows; k++) {
        REQUIREF(!got->r.row_start || !want->r.row_start || got->rs[k] == want->rs[k], "%s: row_start[%zu]", what, k);
        REQUIREF(!got->r.row_length || !want->r.row_length || got->rl[k] == want->rl[k], "%s: row_length[%zu]", what,
                 k);
        REQUIREF(!got->r.row_y || !want->r.row_y || memcmp(&got->ry[k], &want->ry[k], 8) == 0, "%s: row_y[%zu]", what,
                 k);
        REQUIREF(!got->r.row_width || !want->r.row_width || memcmp(&got->rw[k], &want->rw[k], 4) == 0,
                 "%s: row_width[%zu]", what, k);
        REQUIREF(!got->r.row_height || !want->r.row_height || memcmp(&got->rh[k], &want->rh[k], 4) == 0,
                 "%s: row_height[%zu]", what, k);
    }
}

/* ======================================================================== */
/* Exact positions (lk_layout_place_exact, lk_flow_layout_exact)             */
/* ======================================================================== */

/* The columns an Out asks for (out_prepare's bits). */
static CHECKER unsigned out_want(const Out *o)
{
    return (o->r.x ? W_X : 0) | (o->r.y ? W_Y : 0) | (o->r.item_width ? W_IW : 0) | (o->r.item_height ? W_IH : 0) |
           (o->r.row_start ? W_RS : 0) | (o->r.row_length ? W_RL : 0) | (o->r.row_y ? W_RY : 0) |
           (o->r.row_width ? W_RW : 0) | (o->r.row_height ? W_RH : 0);
}

/* The caller's side of an _exact call: a result with the plain call's columns and
 * capacities, and x64, y64 (MAX_ITEMS + GUARD doubles each, sentinel-filled). */
typedef struct {
    Out o;
    double x[MAX_ITEMS + GUARD], y[MAX_ITEMS + GUARD];
    double *px, *py; /* what the call is given: NULL, x and y, or a buffer that overlaps */
    int overlap;     /* px overlaps another buffer (invalid when there are items) */
} Exact;

/*
 * x64 and y64 for an _exact call beside the plain call `plain` of n items:
 * mostly both, sometimes x64 only, y64 only or neither; sometimes an x64 that
 * overlaps another buffer (y64, partly; the result's float x; the result
 * struct itself), which must fail with LK_ERR_INVALID_PARAMETER when there are
 * items and write nothing.
 */
static inline void rd_exact(Rd *r, Exact *ex, const Out *plain, size_t n)
{
    uint8_t m = rd_u8(r) % 16;
    out_prepare(&ex->o, out_want(plain), plain->icap, plain->rcap);
    memset(ex->x, SENTINEL, sizeof ex->x);
    memset(ex->y, SENTINEL, sizeof ex->y);
    ex->px = m < 10 || m == 12 ? ex->x : NULL;
    ex->py = m < 8 || m == 10 || m == 11 || m == 13 ? ex->y : NULL;
    ex->overlap = m >= 13;
    if (m == 13)
        ex->px = ex->y + n / 2; /* y64's second half and past it */
    else if (m == 14)
        ex->px = (double *)(void *)ex->o.x; /* the float x (or NULL when not asked for) */
    else if (m == 15)
        ex->px = (double *)(void *)&ex->o.r; /* the result struct */
    if (m == 14 && !ex->px)
        ex->overlap = 0;
}

/*
 * An _exact call's status st against the plain call's (plain_st, into plain):
 * the same status (INVALID_PARAMETER for an overlapping x64 where the plain
 * call succeeded); on failure nothing written; on success the float outputs and
 * the row table bit for bit the plain call's, nothing past n doubles in x64 and
 * y64, every exact position finite. Returns whether it succeeded.
 */
static CHECKER int exact_check(const Exact *ex, lk_status st, lk_status plain_st, const Out *plain, size_t n,
                               const char *call)
{
    size_t i;
    check_status(st, call);
    if (ex->overlap && n > 0) {
        if (plain_st == LK_OK)
            REQUIREF(st == LK_ERR_INVALID_PARAMETER, "%s with an overlapping x64: %s, want LK_ERR_INVALID_PARAMETER",
                     call, lk_status_name(st));
        else
            REQUIREF(st != LK_OK, "%s with an overlapping x64 succeeded", call);
    } else {
        REQUIREF(st == plain_st, "%s: %s, the plain call %s", call, lk_status_name(st), lk_status_name(plain_st));
    }
    if (st != LK_OK) {
        out_check_untouched(&ex->o, call);
        REQUIREF(is_sentinel(ex->x, sizeof ex->x) && is_sentinel(ex->y, sizeof ex->y), "%s failed but wrote x64 or y64",
                 call);
        return 0;
    }
    out_check_guards(&ex->o, call);
    compare_out(&ex->o, plain, n, call);
    REQUIREF(is_sentinel(ex->x + (ex->px ? n : 0), (MAX_ITEMS + GUARD - (ex->px ? n : 0)) * sizeof(double)),
             "%s wrote x64 past its %zu items (or x64 was NULL)", call, n);
    REQUIREF(is_sentinel(ex->y + (ex->py ? n : 0), (MAX_ITEMS + GUARD - (ex->py ? n : 0)) * sizeof(double)),
             "%s wrote y64 past its %zu items (or y64 was NULL)", call, n);
    /* Items a flow's max_lines hides (the last plain->r.hidden) are NaN, the others finite. */
    for (i = 0; i < n; i++) {
        int hidden = i >= n - plain->r.hidden;
        REQUIREF(!ex->px || (hidden ? isnan(ex->x[i]) : isfinite(ex->x[i])), "%s: x64[%zu] = %g", call, i, ex->x[i]);
        REQUIREF(!ex->py || (hidden ? isnan(ex->y[i]) : isfinite(ex->y[i])), "%s: y64[%zu] = %g", call, i, ex->y[i]);
    }
    return 1;
}

/*
 * Each exact position rounded to float against the float one: equal when
 * `same` (the header's cases), else within tol.
 */
static CHECKER void exact_check_rounding(const Exact *ex, const Out *plain, size_t n, int same, double tol,
                                         const char *call)
{
    size_t i;
    for (i = 0; i < n; i++) {
        float fx = (float)ex->x[i], fy = (float)ex->y[i];
        if (same) {
            REQUIREF(!ex->px || fx == plain->x[i], "%s: (float)x64[%zu] = %.9g (x64 %.17g), x %.9g", call, i,
                     (double)fx, ex->x[i], (double)plain->x[i]);
            REQUIREF(!ex->py || fy == plain->y[i], "%s: (float)y64[%zu] = %.9g (y64 %.17g), y %.9g", call, i,
                     (double)fy, ex->y[i], (double)plain->y[i]);
        } else {
            REQUIREF(!ex->px || fabs((double)fx - (double)plain->x[i]) <= tol,
                     "%s: (float)x64[%zu] = %.9g (x64 %.17g), x %.9g, tolerance %.3g", call, i, (double)fx, ex->x[i],
                     (double)plain->x[i], tol);
            REQUIREF(!ex->py || fabs((double)fy - (double)plain->y[i]) <= tol,
                     "%s: (float)y64[%zu] = %.9g (y64 %.17g), y %.9g, tolerance %.3g", call, i, (double)fy, ex->y[i],
                     (double)plain->y[i], tol);
        }
    }
}

/* A length on the 1/64 grid below 2^17 (the header's exact case). */
static inline int on_grid64(float v)
{
    double d = (double)v * 64.0;
    return v >= 0.0f && v < 131072.0f && d == floor(d);
}

/* Every item length (sizes, and the spacing preferences given) on the 1/64 grid
 * below 2^17. */
static CHECKER int items_on_grid64(const Items *it)
{
    size_t i;
    for (i = 0; i < it->n; i++) {
        if (!on_grid64(it->w[i]) || !on_grid64(it->h[i]))
            return 0;
        if ((it->has_sl && !on_grid64(it->sl[i])) || (it->has_st && !on_grid64(it->st[i])) ||
            (it->has_sp && !on_grid64(it->sp[i])) || (it->has_sb && !on_grid64(it->sb[i])))
            return 0;
    }
    return 1;
}

/* ======================================================================== */
/* Calls on a byte budget                                                    */
/* ======================================================================== */

/* Called by each target's LLVMFuzzerInitialize: one thread per call (the
 * targets' inputs are far below the sizes that use the pool anyway). */
static inline void fuzz_init(void)
{
    lk_set_max_threads(1);
}

#endif
