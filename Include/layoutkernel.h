/*
 * layoutkernel.h — the C interface of LayoutKernel.
 *
 * LayoutKernel computes where items of fixed size go: given the items'
 * widths and heights (structure-of-arrays, one float per item and axis) and a
 * size proposal, a layout returns the container's size, the top-left corner of
 * every item and, for row-based layouts, a table of rows.
 *
 * Conventions that hold for every function in this header:
 *
 *  - Status. Every fallible function returns an lk_status: LK_OK (0) on
 *    success, a positive LK_ERR_* code otherwise. lk_status_name() names a
 *    code; lk_last_error_message() explains the last failure on the calling
 *    thread (which argument, which item index).
 *
 *  - Nothing is lost on error. When a function fails it writes nothing to the
 *    caller's output buffers or output structs: they hold what they held
 *    before. Bad input never crashes the process and is never written past.
 *    One exception, to size a buffer: when lk_engine_visible() or
 *    lk_engine_visible_exact() fails with LK_ERR_BUFFER_TOO_SMALL, it writes
 *    the number of visible items to *found (and nothing else).
 *
 *  - Ownership. The caller owns every buffer. The library never keeps a
 *    pointer it was given beyond the call, and never returns memory for the
 *    caller to free. Returned strings are static or thread-local (see each
 *    function).
 *
 *  - Threads. Every function is re-entrant: distinct threads may call any of
 *    them concurrently on distinct output buffers. Input buffers may be shared
 *    between threads that only read them. Results never depend on how many
 *    threads run (see "Threads" below; an engine serves one call at a time).
 *
 *  - Scalars. Sizes, spacings and positions are IEEE-754 binary32 floats.
 *    Offsets that accumulate across rows are summed in double and rounded to
 *    float once; the row table also gives each row's y as a double.
 *
 *  - Counts are size_t. Row-table indices are int64_t.
 *
 *  - Extensible structs. The structs whose fields may grow (lk_items,
 *    lk_result, lk_flow_params, lk_layout, lk_many_result, lk_item_buffers,
 *    lk_engine_stats) begin with struct_size, which their lk_*_default()
 *    function sets to sizeof the struct as this header declares it: start
 *    each from that function (or set struct_size = sizeof(type) yourself).
 *    Later versions only append fields, each with a default, and read such a
 *    struct no further than its struct_size: a program compiled against an
 *    older header keeps its meaning. A struct_size of 0 (a struct not
 *    initialised), or any other size this library does not know (a program
 *    built against a newer header than the library), is refused with
 *    LK_ERR_INVALID_PARAMETER naming the struct, before anything is read or
 *    written.
 *
 * The header compiles as C99 and as C++ (extern "C"); it depends only on
 * <stddef.h>, <stdint.h> and <math.h>.
 */
#ifndef LAYOUTKERNEL_H
#define LAYOUTKERNEL_H

#include <stddef.h>
#include <stdint.h>
#include <math.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Versions                                                                  */
/* ------------------------------------------------------------------------ */

/** The version of this header: MAJOR.MINOR.PATCH. */
#define LK_VERSION_MAJOR 0
#define LK_VERSION_MINOR 3
#define LK_VERSION_PATCH 0
/** MAJOR * 10000 + MINOR * 100 + PATCH: 0.3.0 is 300. */
#define LK_VERSION_NUMBER \
    (LK_VERSION_MAJOR * 10000 + LK_VERSION_MINOR * 100 + LK_VERSION_PATCH)

/**
 * The binary interface this header describes: the layout of every struct
 * below and the meaning of every function. It changes only when a program
 * compiled against an older header would misread the library. Compare it
 * with lk_abi_version() at start-up when the library is loaded dynamically.
 */
#define LK_ABI_VERSION 3

/** The library's version as LK_VERSION_NUMBER computes it. Thread-safe. */
uint32_t lk_version_number(void);

/** The library's version as "MAJOR.MINOR.PATCH"; a static string. Thread-safe. */
const char *lk_version_string(void);

/** The library's LK_ABI_VERSION. Thread-safe. */
uint32_t lk_abi_version(void);

/* ------------------------------------------------------------------------ */
/* Status codes and errors                                                   */
/* ------------------------------------------------------------------------ */

/** Result of every fallible call. Values are append-only. */
typedef int32_t lk_status;

/** Success. */
#define LK_OK 0
/** A required pointer is NULL (an items struct, a result, a buffer for n > 0 items). */
#define LK_ERR_NULL_POINTER 1
/** An item's width, height or grow factor is NaN, negative or above
 *  LK_MAX_LENGTH; the message and lk_last_error_index() name the first such
 *  item. */
#define LK_ERR_INVALID_ITEM_SIZE 2
/** An item's spacing preference (leading, trailing, top, bottom) is NaN,
 *  negative or above LK_MAX_LENGTH; lk_last_error_index() names the item. */
#define LK_ERR_INVALID_ITEM_SPACING 3
/** An item's flags hold a bit this version does not define;
 *  lk_last_error_index() names the item. */
#define LK_ERR_INVALID_ITEM_FLAGS 4
/** A proposal axis is negative or -infinity. */
#define LK_ERR_INVALID_PROPOSAL 5
/** A parameter is out of range: a spacing that is NaN, negative or above
 *  LK_MAX_LENGTH, an anchor component outside [0, 1], an unknown enum value,
 *  or output buffers that overlap the inputs or each other. */
#define LK_ERR_INVALID_PARAMETER 6
/** An output buffer is smaller than the result; lk_last_error_required()
 *  gives the capacity that would succeed. */
#define LK_ERR_BUFFER_TOO_SMALL 7
/** An item count whose byte size would overflow the address space. */
#define LK_ERR_SIZE_OVERFLOW 8
/** An engine is in use by another call at the same time (an lk_engine
 *  serves one caller at a time); nothing was done. */
#define LK_ERR_BUSY 9
/** An engine call would need more memory than the process can still
 *  allocate (under its address-space limit, RLIMIT_AS, or the machine's
 *  physical memory); nothing was changed. See "The engine" for what each
 *  call asks for. */
#define LK_ERR_OUT_OF_MEMORY 10

/**
 * The name of a status code, e.g. "LK_ERR_INVALID_ITEM_SIZE"; for a code this
 * version does not define, "LK_ERR_UNKNOWN". A static string; never NULL.
 * Thread-safe.
 */
const char *lk_status_name(lk_status status);

/**
 * A sentence describing the last failed call on the calling thread, e.g.
 * "items.widths[7] is -1.0 (sizes must be >= 0 and <= 2^64)". Successful
 * calls leave it unchanged, as errno. "" before any failure.
 *
 * The string is thread-local and owned by the library: it stays valid until
 * the next failing call on the same thread. Copy it to keep it.
 */
const char *lk_last_error_message(void);

/** The status of the last failed call on the calling thread (LK_OK before any). */
lk_status lk_last_error_status(void);

/**
 * The item index the last failure on this thread is about (for the
 * LK_ERR_INVALID_ITEM_* codes), or -1 when it is about no single item.
 */
int64_t lk_last_error_index(void);

/**
 * For LK_ERR_BUFFER_TOO_SMALL: the capacity (in elements) the failing buffer
 * needs; 0 after any other failure. Thread-local, like the message.
 */
size_t lk_last_error_required(void);

/* ------------------------------------------------------------------------ */
/* Items, proposals, anchors                                                 */
/* ------------------------------------------------------------------------ */

/**
 * The largest length an item size or spacing may have: 2^64 (1.8e19). With at
 * most 2^60 items every sum a layout forms stays far inside float's range, so
 * no valid input overflows to infinity.
 */
#define LK_MAX_LENGTH 18446744073709551616.0f

/** The largest item count: 2^60 (SIZE_MAX where size_t is narrower, as no such
 *  count fits in memory there). Larger counts fail with LK_ERR_SIZE_OVERFLOW. */
#if SIZE_MAX > 0xFFFFFFFFu && defined(__cplusplus)
#define LK_MAX_ITEMS (static_cast<size_t>(1) << 60)
#elif SIZE_MAX > 0xFFFFFFFFu
#define LK_MAX_ITEMS ((size_t)1 << 60)
#else
#define LK_MAX_ITEMS SIZE_MAX
#endif

/** Item flag: in a flow, this item starts a new row. */
#define LK_ITEM_BREAK_BEFORE 0x01u

/**
 * The items of a layout, structure-of-arrays. Every non-NULL array has
 * `count` elements. The library only reads them, during the call.
 *
 *  - widths, heights: required when count > 0. In [0, LK_MAX_LENGTH].
 *  - spacing_leading / _trailing / _top / _bottom: optional per-item spacing
 *    preferences (SwiftUI's ViewSpacing). Used only by a layout whose spacing
 *    is LK_SPACING_PER_ITEM: the x distance between item a and the item b
 *    after it is max(a.trailing, b.leading), the y distance
 *    max(a.bottom, b.top). A NULL array counts as all zeros. In
 *    [0, LK_MAX_LENGTH].
 *  - flags: optional, one byte per item (LK_ITEM_BREAK_BEFORE); NULL means
 *    no flags. Undefined bits are rejected.
 *  - grow: optional per-item grow factors of a flow (CSS flex-grow), in
 *    [0, LK_MAX_LENGTH]: each line's free space is shared among its items in
 *    proportion to them (see lk_flow_layout, "Features"). NULL means no item
 *    grows. Other layouts ignore it.
 *
 * Item rules of a flow (CSS flexbox's items, SPEC.md section 13; see
 * lk_flow_layout, "Item rules"). Each is optional (NULL: its default for every
 * item); other layouts ignore them:
 *  - align_self: one LK_ITEM_ALIGN_* code per item; LK_ITEM_ALIGN_AUTO (0) follows the
 *    flow's align_items. Other values are refused.
 *  - baseline, last_baseline: each item's first and last baseline, as an
 *    offset from its top edge (it may lie outside the box), finite or NaN:
 *    NaN (or a NULL baseline) means the item has no baseline and its bottom
 *    edge serves; a NaN (or NULL) last_baseline equals baseline. Columns
 *    ignore both (their baselines are every item's left edge).
 *  - stretchable: one byte per item, 0 or 1: 1 means the item's size across
 *    the lines is automatic (CSS height: auto in rows, width: auto in
 *    columns), its given size being its content's; LK_ITEM_ALIGN_STRETCH sizes
 *    only these. Other values are refused.
 *  - min_width, max_width, min_height, max_height: each item's bounds, in
 *    [0, LK_MAX_LENGTH] or NaN for none (0 and no maximum); a maximum may
 *    also be INFINITY. A minimum above the maximum wins.
 *  - shrink: each item's shrink factor (CSS flex-shrink), in
 *    [0, LK_MAX_LENGTH]; NULL means no item shrinks.
 *
 * Start from lk_items_default() (struct_size set, no items).
 */
typedef struct lk_items {
    size_t struct_size;
    size_t count;
    const float *widths;
    const float *heights;
    const float *spacing_leading;
    const float *spacing_trailing;
    const float *spacing_top;
    const float *spacing_bottom;
    const uint8_t *flags;
    const float *grow;
    const uint8_t *align_self;
    const float *baseline;
    const float *last_baseline;
    const uint8_t *stretchable;
    const float *min_width;
    const float *max_width;
    const float *min_height;
    const float *max_height;
    const float *shrink;
} lk_items;

/** An lk_items with struct_size set and no items (every other field 0). Thread-safe. */
lk_items lk_items_default(void);

/**
 * A proposal axis that is left unspecified (SwiftUI's nil, Yoga's
 * YGUndefined). Any NaN counts as unspecified.
 */
#define LK_UNSPECIFIED (NAN)

/**
 * The size a parent proposes. Each axis is a finite value >= 0, INFINITY, or
 * LK_UNSPECIFIED. Negative values and -INFINITY are rejected.
 */
typedef struct lk_proposal {
    float width;
    float height;
} lk_proposal;

/** A size: a container's, or an item's. */
typedef struct lk_size {
    float width;
    float height;
} lk_size;

/**
 * An alignment anchor: the fraction (0 to 1, inclusive) of the free space
 * placed before an item, along x and along y. (0, 0) is top-leading.
 */
typedef struct lk_anchor {
    float x;
    float y;
} lk_anchor;

/** The nine named alignments (values for lk_alignment_anchor()). */
#define LK_ALIGN_TOP_LEADING     0 /* (0,   0)   */
#define LK_ALIGN_TOP             1 /* (0.5, 0)   */
#define LK_ALIGN_TOP_TRAILING    2 /* (1,   0)   */
#define LK_ALIGN_LEADING         3 /* (0,   0.5) */
#define LK_ALIGN_CENTER          4 /* (0.5, 0.5) */
#define LK_ALIGN_TRAILING        5 /* (1,   0.5) */
#define LK_ALIGN_BOTTOM_LEADING  6 /* (0,   1)   */
#define LK_ALIGN_BOTTOM          7 /* (0.5, 1)   */
#define LK_ALIGN_BOTTOM_TRAILING 8 /* (1,   1)   */

/**
 * Writes the anchor of a named alignment (LK_ALIGN_*) to *out.
 * Errors: LK_ERR_INVALID_PARAMETER for an unknown value, LK_ERR_NULL_POINTER
 * for a NULL out. Thread-safe.
 */
lk_status lk_alignment_anchor(int32_t alignment, lk_anchor *out);

/* ------------------------------------------------------------------------ */
/* Results                                                                   */
/* ------------------------------------------------------------------------ */

/**
 * Where a layout writes its result. The caller fills in the buffers and their
 * capacities; the layout fills in width, height and rows. On failure nothing
 * in the struct or its buffers is written.
 *
 * Per item (capacity `item_capacity`, which must be >= the item count):
 *  - x, y: required when count > 0; the top-left corner of each item in the
 *    container's coordinates.
 *  - item_width, item_height: optional (NULL = not wanted); the size each item
 *    is given (its own size, for layouts that do not resize items; a balanced
 *    stack's cell; a flow's grown size when items have grow factors, its
 *    flexed and stretched sizes under item rules).
 *
 * Row table (capacity `row_capacity`), for row-based layouts:
 *  - row_start, row_length, row_y, row_width, row_height: each optional
 *    (NULL = not wanted). If any is non-NULL, row_capacity must be >= the
 *    number of rows (the item count always suffices, and lk_flow_row_count()
 *    gives the exact number). row_y is the row's top as a double.
 *
 * Outputs:
 *  - width, height: the container's size.
 *  - rows: the number of rows in the layout (written even when every row
 *    pointer is NULL).
 *  - hidden: a flow with max_lines: how many items (the last ones) its kept
 *    lines leave out; 0 for every other layout.
 *  - overflow_placed: 1 when a flow's overflow item was placed (items are
 *    hidden and lk_flow_params.overflow_item is given), else 0; then
 *    overflow_x, overflow_y, overflow_width, overflow_height are its frame
 *    (else 0).
 *
 * No output buffer may overlap an input array, another output buffer or the
 * result struct itself.
 *
 * Precision of float positions: a float holds every integer only up to 2^24
 * (16,777,216 px). Positions beyond that (a list of 700,000 rows of 24 px) are
 * rounded to the nearest float, so neighbouring items may overlap or leave gaps.
 * The row table's row_y is a double; for exact positions of every item at any
 * size, use lk_layout_place_exact() (double x and y), or in an engine
 * lk_engine_positions_exact() and lk_engine_positions_relative() (float
 * positions relative to an origin such as a scroll offset, exact near it).
 */
typedef struct lk_result {
    size_t struct_size;
    float width;
    float height;
    size_t rows;

    float *x;
    float *y;
    float *item_width;
    float *item_height;
    size_t item_capacity;

    int64_t *row_start;
    int64_t *row_length;
    double *row_y;
    float *row_width;
    float *row_height;
    size_t row_capacity;

    size_t hidden;
    int32_t overflow_placed;
    float overflow_x;
    float overflow_y;
    float overflow_width;
    float overflow_height;
} lk_result;

/**
 * An lk_result with struct_size set and no buffers (every other field 0):
 * set the buffers and capacities a call should write. Thread-safe.
 */
lk_result lk_result_default(void);

/* ------------------------------------------------------------------------ */
/* Flow: the wrapping stack (SwiftUI WrappingHStack, CSS flex-wrap)          */
/* ------------------------------------------------------------------------ */

/** Spacing modes. */
#define LK_SPACING_FIXED    0 /* use the fixed value */
#define LK_SPACING_PER_ITEM 1 /* use the items' spacing preferences */

/** How free space is shared (lk_flow_params.justify and .align_content):
 *  CSS's justify-content and align-content. */
#define LK_DISTRIBUTE_DEFAULT       0 /* justify: from alignment; align_content: unset */
#define LK_DISTRIBUTE_START         1 /* packed at the start */
#define LK_DISTRIBUTE_CENTER        2 /* centred */
#define LK_DISTRIBUTE_END           3 /* packed at the end */
#define LK_DISTRIBUTE_SPACE_BETWEEN 4 /* first and last at the edges, equal gaps */
#define LK_DISTRIBUTE_SPACE_AROUND  5 /* equal space around each, half at the edges */
#define LK_DISTRIBUTE_SPACE_EVENLY  6 /* equal space between and at the edges */
#define LK_DISTRIBUTE_STRETCH       7 /* align_content only: lines grow */

/** Writing direction of a flow (lk_flow_params.direction). */
#define LK_DIRECTION_LTR 0
#define LK_DIRECTION_RTL 1

/** Line breaking of a flow (lk_flow_params.wrap). */
#define LK_WRAP_WRAP    0 /* greedy lines at the main limit (CSS flex-wrap: wrap) */
#define LK_WRAP_NOWRAP  1 /* one line holding every item, which may overflow */
#define LK_WRAP_BALANCE 2 /* lines of even length (CSS flex-wrap: balance) */

/* How items sit across their line (lk_flow_params.align_items,
 * lk_items.align_self; CSS align-items and align-self). */
#define LK_ITEM_ALIGN_AUTO          0 /* align_items: by alignment; align_self: by align_items */
#define LK_ITEM_ALIGN_START         1 /* at the line's cross start (flex-start) */
#define LK_ITEM_ALIGN_CENTER        2 /* centred, the offset truncated to 1/64 px */
#define LK_ITEM_ALIGN_END           3 /* at the line's cross end (flex-end) */
#define LK_ITEM_ALIGN_STRETCH       4 /* stretchable items take the line's size */
#define LK_ITEM_ALIGN_BASELINE      5 /* first baselines aligned (baseline) */
#define LK_ITEM_ALIGN_LAST_BASELINE 6 /* last baselines aligned (last baseline) */

/**
 * Flow parameters. Start from lk_flow_params_default() (struct_size set) so
 * that fields added in later versions get their defaults.
 *
 *  - spacing: gap between neighbours in a line (a row: x; a column: y), in
 *    [0, LK_MAX_LENGTH]; used when spacing_mode is LK_SPACING_FIXED (and
 *    checked in both modes).
 *  - line_spacing: gap between lines (rows: y; columns: x), in
 *    [0, LK_MAX_LENGTH]; used when line_spacing_mode is LK_SPACING_FIXED
 *    (and checked in both modes).
 *  - spacing_mode, line_spacing_mode: LK_SPACING_FIXED or LK_SPACING_PER_ITEM.
 *  - alignment: anchor of each row in the container (x) and of each item in
 *    its row (y); components in [0, 1]. Physical: in columns, y acts along
 *    the columns and x across them.
 *
 * The features of CSS flexbox (all off by default; see lk_flow_layout,
 * "Features"):
 *  - justify: LK_DISTRIBUTE_DEFAULT (start, center or end from the
 *    alignment along the lines) or LK_DISTRIBUTE_START ... _SPACE_EVENLY:
 *    how each line's free space is shared (not _STRETCH).
 *  - direction: LK_DIRECTION_LTR or LK_DIRECTION_RTL (lines start at the
 *    right edge; in columns, the first column is at the right).
 *  - reverse: 0 or 1; each line's items in reverse order (CSS row-reverse).
 *  - wrap_reverse: 0 or 1; lines stacked from the cross end (wrap-reverse).
 *  - axis: LK_AXIS_HORIZONTAL (or 0: rows that wrap at the proposal's
 *    width) or LK_AXIS_VERTICAL (columns that wrap at its height).
 *  - align_content: LK_DISTRIBUTE_DEFAULT (lines take the room they need)
 *    or LK_DISTRIBUTE_START ... _STRETCH: with a finite proposal across the
 *    lines, the container takes it and the lines share the free space.
 *  - wrap: LK_WRAP_WRAP (0) or LK_WRAP_NOWRAP: every item on one line
 *    (forced breaks ignored), which may overflow the main limit: justify
 *    shares its negative free space by the same rules (start overflows at the
 *    far end, end leads by it, center by half of it truncated to 1/64 px,
 *    space-between falls back to start, space-around and space-evenly to the
 *    writing-mode start). With align_content and a finite proposal across,
 *    the line takes that size, even below its items', and starts at the
 *    container's start. Refused with wrap_reverse. The container along the
 *    line is a finite proposal there, else the line.
 *    Or LK_WRAP_BALANCE: lines of even length, exactly as Chromium's
 *    flex-wrap: balance (SPEC.md section 12): of all the ways to break the
 *    items into lines that fit the main limit, the one with the least sum of
 *    squared free space per line, ties to the fewest items on the last line,
 *    then on the one before it. Never more lines than greedy breaking when
 *    min_lines is 1 (positive sizes); an item longer than the limit has a
 *    line of its own. Lines are made in whole units of 1/64 px: each item's
 *    size along the lines and each gap rounded up, the limit rounded down,
 *    each at most 2^31 - 1 units (the browser's arithmetic on its lattice).
 *    Unbounded rows are broken twice, the second time against the longest
 *    line of the first, which is also the container's width; unbounded
 *    columns against 2^31 - 1 units (one column unless min_lines asks for
 *    more). A forced break starts a line, and each stretch between forced
 *    breaks is balanced on its own (with the same limit and min_lines); per
 *    item spacing gives each gap as the plain flow does. Everything after
 *    the lines (justify, alignment, align_content, reverse, wrap_reverse,
 *    rtl, columns, growing items) is as for LK_WRAP_WRAP. O(n log n) time;
 *    memory while the call runs: 9 bytes per item, and 40 more with a
 *    min_lines above 1.
 *  - min_lines: with LK_WRAP_BALANCE, the fewest lines to make where the
 *    items allow (CSS flex-line-count): 0 or 1 for no minimum, at most
 *    INT32_MAX; a minimum above the greedy line count lowers the limit to the
 *    smallest that gives that many greedy lines (then as Chromium does,
 *    SPEC.md section 12 step 4), which costs O(n log L) more. Ignored by the
 *    other wrap modes; negative values are refused.
 *  - max_lines: at most this many lines (0: no limit; negative refused), after
 *    the lines are made by any wrap mode: the items of later lines are hidden
 *    (always the last items). Everything after the lines (justify, alignment,
 *    align_content, wrap_reverse, the container) sees only the kept lines.
 *    Hidden items get x = y = NaN and a given size (item_width, item_height)
 *    of 0; lk_result.hidden counts them. For greedy lines no item past the
 *    first hidden one is read (the cost is the kept lines'); balanced lines
 *    read every item.
 *  - overflow_item: with max_lines, the size of an item that ends the last
 *    kept line when items are hidden (a "+N more" chip, N = hidden); its
 *    width and height both NaN for none (lk_flow_params_default's), else
 *    both in [0, LK_MAX_LENGTH]. Its gap before it is the spacing (with per
 *    item spacing, the last item's own after it); it neither grows nor has
 *    spacing preferences; justify and alignment treat it as any item. Items
 *    leave the end of that line, one at a time, until the line with the
 *    overflow item fits the main limit (or holds it alone). It is laid out
 *    after the kept items, as item index n - hidden: that index's row (the
 *    last) counts it, and its frame is lk_result.overflow_x ... (that slot of
 *    x and y holds NaN, as every hidden item's). lk_layout_many lays out each
 *    container so, and reports each container's hidden count and overflow
 *    frame in lk_many_result.hidden and .overflow_x ... when asked.
 *  - align_items: how items sit across their line, an LK_ITEM_ALIGN_* code:
 *    LK_ITEM_ALIGN_AUTO (0) keeps the alignment's component across the lines;
 *    an item's own lk_items.align_self overrides it (see lk_flow_layout,
 *    "Item rules"). Other values are refused.
 */
typedef struct lk_flow_params {
    size_t struct_size;
    float spacing;
    float line_spacing;
    int32_t spacing_mode;
    int32_t line_spacing_mode;
    lk_anchor alignment;
    int32_t justify;
    int32_t direction;
    int32_t reverse;
    int32_t wrap_reverse;
    int32_t axis;
    int32_t align_content;
    int32_t wrap;
    int32_t min_lines;
    int32_t max_lines;
    lk_size overflow_item;
    int32_t align_items;
} lk_flow_params;

/**
 * Defaults: spacing 0 and line spacing 0, both fixed; alignment top-leading;
 * no feature (every feature field 0). Thread-safe.
 */
lk_flow_params lk_flow_params_default(void);

/**
 * Lays out items as a wrapping flow.
 *
 * Items are packed greedily into rows of at most the proposal's width (rows
 * are unbounded when it is LK_UNSPECIFIED or INFINITY); an item flagged
 * LK_ITEM_BREAK_BEFORE starts a new row; an item wider than the row limit
 * gets a row of its own and overflows it. A row is as tall as its tallest
 * item. The container is as wide as a finite proposal width, else as the
 * widest row, and as tall as the rows; when both proposal axes are specified
 * and smaller than (max width, max height) of the items, the container takes
 * that minimum size. Each row is shifted by alignment.x times the free width,
 * each item by alignment.y times its row's free height.
 *
 * params may be NULL for lk_flow_params_default(). The proposal's height
 * never changes the rows.
 *
 * Precision: within a row, offsets are float sums in item order from 0 at the
 * row's first item (x + gap, then + width), exactly as the packing loop
 * above reads; the fit test compares that same float sum with the limit.
 * Row tops are double sums rounded to float once. For every valid input,
 * huge lengths included, the rows (which items share a row) are the same at
 * every kernel level (lk_active_kernel()) and on any number of threads, and
 * every output is bit-identical. A row's outputs depend only on its own
 * items and the row above it, never on where it falls in memory or among
 * other rows. When every length is a multiple of 1/64 and every coordinate
 * stays below 2^17, every sum is exact. The results then equal a browser's
 * CSS flexbox layout of the same items when each alignment component is 0
 * or 1, or when it is 0.5 and every length is a multiple of 1/32: a browser
 * truncates a centring offset to its 1/64 px grid, which the plain flow
 * does not (alignment.x * free space, exactly: with odd multiples of 1/64 a
 * centred row or item may lie 1/128 px off the browser's). A flow with a
 * CSS feature set ("Features" below; justify LK_DISTRIBUTE_CENTER centres
 * rows) truncates as the browser does, and equals it on the 1/64 grid.
 *
 * Complexity: O(n) time. Scratch memory: without features, a bounded amount
 * that does not grow with n, from a cache the library keeps between calls;
 * with features, at most 48 bytes per item more (40 when no item grows).
 *
 * Features (CSS flexbox as Chromium computes it; any feature field of
 * params other than 0, or items->grow, turns them on). The rows above become
 * lines: rows, or with axis LK_AXIS_VERTICAL columns packed on the items'
 * heights against the proposal's height (the "main" axis; "cross" is the
 * other). Which items share a line is as above; then, in units of 1/64 px,
 * the browser's lattice:
 *  - Container: along the lines, a finite main proposal, else the longest
 *    line; across, a finite cross proposal when align_content is set, else
 *    the lines' total (a vertical flow widens to fit every column). The
 *    minimum-size rule above holds only without align_content.
 *  - Each line's free space F = main size - its items and gaps is shared by
 *    justify (start, end, center: trunc(F/2); space-between/around/evenly,
 *    the k-th item moved by the exact k*F/d rounded half up); with F <= 0
 *    space-between acts as start and space-around/evenly pack at the left
 *    (right in rtl, top for columns). Growing items first take the free
 *    space in proportion to their factors (from the last item of the line,
 *    each round(R * g / G), half away from zero, but never more than the
 *    rest R (which only binds off the lattice); only floor(F * G) of it
 *    when the factors sum to G < 1); row breaking uses the items' own sizes,
 *    and item_width/item_height report the grown sizes.
 *  - Lines share a definite cross size by align_content the same way
 *    (stretch: line k grows by the difference of rounded k*F/n steps); items
 *    sit in their line by the alignment across (centre truncated to 1/64).
 *  - reverse places each line's items from its far end (start and end
 *    swap; not a mirror image: roundings stay measured from the left);
 *    wrap_reverse stacks lines from the cross end (align_content's and the
 *    items' start and end swap); rtl mirrors x: x = width - x_ltr - w.
 * Row table: a row is a line; row_y its offset across (for columns, its x),
 * row_width its length along (grown items included), row_height its size
 * across (after stretch). Precision: an item's place along its line is its
 * offset in the line as above (float sums; in a reversed line, the line's
 * width less its offset and size), moved by the rules' amounts, all in
 * double in units of 1/64 px and rounded to float once. With every input a
 * multiple of 1/64 and extents below 2^17, every sum is exact and every
 * position equals the browser's. Outputs are bit-identical at every kernel
 * level. How the features are computed, and what they cost against the
 * plain flow, is described in docs/architecture.md and docs/benchmarks.md.
 *
 * Item rules (CSS flexbox's items as Chromium computes them, SPEC.md section
 * 13; params->align_items or any rule array of lk_items turns them on, with
 * every feature above and every wrap mode). Items are CSS flex: grow shrink
 * auto, their given size along the lines being the flex basis:
 *  - Sizes: each item's sizes are first clamped to its minimum and maximum
 *    (max(min, min(size, max))); lines are made of the clamped sizes.
 *  - Flexing, per line, replacing the growth above: the line grows when its
 *    clamped sizes and gaps are shorter than the container along it, else it
 *    shrinks. Grow factors (or shrink factors weighted by the given size)
 *    share the free space from the line's last item to its first, each
 *    share rounded half away from zero to 1/64 px from a running fraction,
 *    so that the shares add up to it exactly; an item pushed past a bound
 *    stops there (when the bounds took space on balance, those below their
 *    minimum; else those above their maximum) and the rest share again.
 *    Factors summing below 1 take only that part of the free space.
 *  - Across: each item's alignment is its align_self, else align_items,
 *    else the alignment. LK_ITEM_ALIGN_STRETCH makes a stretchable item as large
 *    across as its line (clamped to its bounds; a single nowrap line of a
 *    small definite size may make it smaller than its content); others stay
 *    at the start. Baseline-aligned items of a line form a first and a last
 *    group whose baselines line up; the line is as large across as its other
 *    items and each group's extent above and below its baseline. In columns
 *    every item's baseline is its left edge. wrap_reverse swaps start and
 *    end, stretch and both groups.
 *  - item_width and item_height report each item's flexed size along its
 *    line and its (stretched, clamped) size across.
 * The rows are made by the level's packing and the items placed by the same
 * rules, so outputs are bit-identical at every level. An engine holds the
 * item rules with its items and answers from its kept lines (made of the
 * clamped sizes, sized across by their baseline groups), placing each
 * line's items by their rules when they are read (see "The engine").
 * Scratch memory with item rules, beyond the features' above: 8 bytes per
 * item for the clamped sizes (with a minimum or maximum), 32 per item for
 * baseline groups (when items may align to baselines) and, when lines flex,
 * 8 per item and 24 per item of the longest line.
 *
 * Errors: LK_ERR_NULL_POINTER, LK_ERR_INVALID_ITEM_SIZE,
 * LK_ERR_INVALID_ITEM_SPACING, LK_ERR_INVALID_ITEM_FLAGS,
 * LK_ERR_INVALID_PROPOSAL, LK_ERR_INVALID_PARAMETER,
 * LK_ERR_BUFFER_TOO_SMALL, LK_ERR_SIZE_OVERFLOW.
 *
 * Thread-safe for distinct result buffers.
 */
lk_status lk_flow_layout(const lk_items *items, const lk_flow_params *params,
                         lk_proposal proposal, lk_result *result);

/**
 * lk_flow_layout(), and also every item's exact position as a double into
 * x64 and y64 (see lk_layout_place_exact()).
 */
lk_status lk_flow_layout_exact(const lk_items *items, const lk_flow_params *params,
                               lk_proposal proposal, lk_result *result, double *x64, double *y64);

/**
 * The container size lk_flow_layout() would report (SwiftUI's
 * sizeThatFits), written to *out; no positions are computed or written.
 * params may be NULL for the defaults. Same errors as lk_flow_layout(),
 * except LK_ERR_BUFFER_TOO_SMALL. O(n) time, O(1) memory. Thread-safe.
 */
lk_status lk_flow_size(const lk_items *items, const lk_flow_params *params,
                       lk_proposal proposal, lk_size *out);

/**
 * The number of rows a flow makes at row limit `width` (a finite value >= 0,
 * INFINITY or LK_UNSPECIFIED), written to *out; 0 for no items. Use it to
 * size the row table exactly. params may be NULL for the defaults. For a
 * vertical flow (axis LK_AXIS_VERTICAL) the rows are columns and `width` is
 * their limit: the proposal's height. It takes the limit alone because a
 * flow's rows depend on nothing else of the proposal; lk_layout_row_count()
 * takes a whole lk_proposal, as every kind's does, and gives the same count
 * for a flow.
 * O(n) time, O(1) memory. Thread-safe.
 */
lk_status lk_flow_row_count(const lk_items *items, const lk_flow_params *params,
                            float width, size_t *out);

/* ------------------------------------------------------------------------ */
/* Every layout kind: stacks, grid, balanced stack, circle (AnyLayout)       */
/* ------------------------------------------------------------------------ */

/** Layout kinds (values of lk_layout.kind). */
#define LK_LAYOUT_FLOW     0 /* the wrapping flow above */
#define LK_LAYOUT_HSTACK   1 /* items left to right */
#define LK_LAYOUT_VSTACK   2 /* items top to bottom */
#define LK_LAYOUT_ZSTACK   3 /* items on top of each other */
#define LK_LAYOUT_GRID     4 /* rows of a fixed or adaptive number of columns */
#define LK_LAYOUT_BALANCED 5 /* every item given the same cell, in a row or a column */
#define LK_LAYOUT_CIRCLE   6 /* items around a circle */

/** Axes (lk_balanced_params.axis, and the axes lk_first_fit() constrains). */
#define LK_AXIS_HORIZONTAL 1
#define LK_AXIS_VERTICAL   2
#define LK_AXES_BOTH       3 /* LK_AXIS_HORIZONTAL | LK_AXIS_VERTICAL */

/** Grid column sizing (lk_grid_params.sizing). */
#define LK_GRID_FIT  0 /* each column as wide as its widest item (SwiftUI's Grid) */
#define LK_GRID_FILL 1 /* columns share a finite proposal width equally (LazyVGrid) */

/**
 * HStack, VStack, ZStack. The proposal is ignored: items keep their size and
 * the stack is as large as they make it.
 *
 *  - HStack: x accumulates w + gap (in double, rounded once); the stack is as
 *    wide as the total and as tall as the tallest item;
 *    y[i] = alignment.y * (height - h[i]).
 *  - VStack: the same along y; x[i] = alignment.x * (width - w[i]).
 *  - ZStack: size (max w, max h); x[i] = alignment.x * (width - w[i]),
 *    y[i] = alignment.y * (height - h[i]). Spacing is unused.
 *
 * spacing is the fixed gap (in [0, LK_MAX_LENGTH]) when spacing_mode is
 * LK_SPACING_FIXED; with LK_SPACING_PER_ITEM the gap between neighbours is
 * max(a.trailing, b.leading) in an HStack, max(a.bottom, b.top) in a VStack.
 * A stack of n > 0 items reports one row: all items, the stack's size.
 */
typedef struct lk_stack_params {
    float spacing;
    int32_t spacing_mode;
    lk_anchor alignment;
} lk_stack_params;

/**
 * Grid. Items fill rows left to right.
 *
 *  - columns: a count >= 1, or 0 for adaptive columns: as many as fit,
 *    c = max(1, floor((W + spacing) / (min_column_width + spacing))) for a
 *    finite proposal width W, and one per item otherwise.
 *  - min_column_width: > 0 and <= LK_MAX_LENGTH when columns is 0; ignored
 *    otherwise.
 *  - sizing: LK_GRID_FIT (each column as wide as its widest item) or
 *    LK_GRID_FILL (columns share a finite proposal width equally,
 *    (W - (c-1) * spacing) / c, not below 0; as LK_GRID_FIT when the width is
 *    not finite).
 *  - spacing, line_spacing: gaps between columns and between rows.
 *  - alignment: each item's anchor inside its cell.
 *
 * A row is as tall as its tallest item. Columns beyond the item count take no
 * room in a fit grid. Column and row offsets are double sums rounded once.
 * Size: the columns' widths and gaps (the proposal width, with LK_GRID_FILL
 * and a finite width) by the rows' heights and gaps.
 */
typedef struct lk_grid_params {
    int32_t columns;
    float min_column_width;
    int32_t sizing;
    float spacing;
    float line_spacing;
    lk_anchor alignment;
} lk_grid_params;

/**
 * Balanced stack: every item is given the same cell, (max w, max h), in a row
 * (axis LK_AXIS_HORIZONTAL) or a column (LK_AXIS_VERTICAL), cells spacing
 * apart (or, with LK_SPACING_PER_ITEM, max(a.trailing, b.leading) along a row,
 * max(a.bottom, b.top) along a column). Item i of a row is at
 * x = i * cell width + the gaps before it, y = 0. The result's item_width and
 * item_height report the cell. One row, as for stacks.
 */
typedef struct lk_balanced_params {
    int32_t axis;
    float spacing;
    int32_t spacing_mode;
} lk_balanced_params;

/**
 * Circle: item i of n sits at angle start_angle + 2 pi i / n (radians,
 * clockwise on screen since y grows downward), its anchor point on the circle
 * of radius `radius` around the container's centre. Size: (2 * radius + max w,
 * 2 * radius + max h), whatever the proposal. The default anchor, the centre,
 * keeps every item inside that size; (0, 0) puts top-left corners on the
 * circle. radius in [0, LK_MAX_LENGTH]; start_angle finite. Positions are
 * computed in double and rounded once; they agree with the scalar reference
 * within 1e-5 of the size. No rows.
 */
typedef struct lk_circle_params {
    float radius;
    float start_angle;
    lk_anchor anchor;
} lk_circle_params;

/**
 * A layout of any kind (SwiftUI's AnyLayout): `kind` selects which of the
 * parameter structs is used and validated; the others are ignored. Start from
 * lk_layout_default() (struct_size set, here and in flow). The flow's
 * parameters come last, so that the fields later versions append to them
 * extend this struct at its end.
 */
typedef struct lk_layout {
    size_t struct_size;
    int32_t kind;
    lk_stack_params stack;
    lk_grid_params grid;
    lk_balanced_params balanced;
    lk_circle_params circle;
    lk_flow_params flow;
} lk_layout;

/**
 * Writes to *out a layout of the given kind with every parameter at its
 * default: spacing 0 and fixed; flow alignment top-leading, stack and grid
 * alignment centre; one grid column, fit; a horizontal balanced stack; a
 * circle of radius 0, start angle 0, anchored at item centres.
 * Errors: LK_ERR_INVALID_PARAMETER for an unknown kind (nothing written),
 * LK_ERR_NULL_POINTER. Thread-safe.
 */
lk_status lk_layout_default(int32_t kind, lk_layout *out);

/**
 * Lays out items with a layout of any kind; the result is as for
 * lk_flow_layout() (x, y, optional item sizes, optional row table; nothing
 * written on error). Flow is exactly lk_flow_layout(). Stacks, balanced
 * stacks and non-empty grids report their rows; a circle reports none.
 *
 * Complexity: O(n) time; O(columns) extra memory for a grid, O(1) otherwise
 * (flow: see lk_flow_layout()).
 *
 * Errors: those of lk_flow_layout(), and LK_ERR_INVALID_PARAMETER for an
 * unknown kind or a parameter out of range. Thread-safe for distinct results.
 */
lk_status lk_layout_place(const lk_items *items, const lk_layout *layout,
                          lk_proposal proposal, lk_result *result);

/**
 * lk_layout_place(), and also every item's exact position, as a double, into
 * x64[0 .. count-1] and y64[0 .. count-1]: its position before the one
 * rounding to float that result->x and result->y take. Float positions are
 * exact only up to 2^24 px; these are exact at any size the API accepts, for
 * virtualised lists and grids taller (or stacks longer) than that.
 *
 * Each of x64 and y64 may be NULL (not wanted); each non-NULL one needs room
 * for result->item_capacity doubles (as x and y) and may not overlap any
 * other buffer. Sums the layouts form in double (row tops, stack, grid and
 * balanced offsets) are kept whole, with the item's place in its row or cell
 * added; what a layout sums in float stays that float (a flow's offsets
 * along a row, and a featured flow's along a line), so a plain flow's x64
 * equals its x. (float)x64[i] == x[i] for every flow and grid, and for every kind
 * when every length is a multiple of 1/64 below 2^17; elsewhere the float
 * offsets of a stack or balanced stack, summed in blocks, may differ from
 * the rounded exact sums by the blocks' rounding (within 1e-5 of the
 * layout's extent, as the kernel levels differ from the reference there),
 * and a circle's positions agree within 1e-5 of its size.
 *
 * The exact positions take a second pass over the items: O(n) time, and O(n)
 * scratch memory. For lk_first_fit() and lk_layout_many(), lay the chosen
 * candidate, or a container, out again with this call: it gives the same
 * float result and the exact positions beside it.
 * Errors: those of lk_layout_place(); LK_ERR_INVALID_PARAMETER for an x64 or
 * y64 that overlaps another buffer. Nothing is written on error. Thread-safe
 * for distinct results.
 */
lk_status lk_layout_place_exact(const lk_items *items, const lk_layout *layout,
                                lk_proposal proposal, lk_result *result, double *x64, double *y64);

/**
 * The container size lk_layout_place() would report, written to *out; no
 * positions are computed. Same errors, except LK_ERR_BUFFER_TOO_SMALL.
 * Thread-safe.
 */
lk_status lk_layout_size(const lk_items *items, const lk_layout *layout,
                         lk_proposal proposal, lk_size *out);

/**
 * The number of rows lk_layout_place() would report, written to *out: to size
 * the row table exactly. Thread-safe.
 */
lk_status lk_layout_row_count(const lk_items *items, const lk_layout *layout,
                              lk_proposal proposal, size_t *out);

/* ------------------------------------------------------------------------ */
/* First fit (SwiftUI's ViewThatFits)                                        */
/* ------------------------------------------------------------------------ */

/** One candidate of lk_first_fit(): a layout over its own items. */
typedef struct lk_candidate {
    const lk_items *items;
    const lk_layout *layout;
} lk_candidate;

/**
 * Chooses the first candidate whose ideal size (its size for an unspecified
 * proposal) fits the proposal on the constrained `axes` (LK_AXIS_HORIZONTAL,
 * LK_AXIS_VERTICAL or LK_AXES_BOTH), with unspecified proposal axes taken as
 * 10; the last candidate when none fits. Writes its index to *chosen and lays
 * it out with the real proposal into *result (as lk_layout_place()).
 *
 * Every candidate is validated before anything is written; `result` must hold
 * the chosen candidate's items. count >= 1.
 *
 * Complexity: the size queries of the candidates tried, then one layout.
 * Errors: as lk_layout_place() (for any candidate), LK_ERR_NULL_POINTER for
 * NULL candidates, chosen or a candidate's items or layout, and
 * LK_ERR_INVALID_PARAMETER for count == 0 or unknown axes; the message names
 * the candidate. Thread-safe for distinct results.
 */
lk_status lk_first_fit(const lk_candidate *candidates, size_t count, int32_t axes,
                       lk_proposal proposal, size_t *chosen, lk_result *result);

/* ------------------------------------------------------------------------ */
/* Many containers in one call                                               */
/* ------------------------------------------------------------------------ */

/**
 * Where lk_layout_many() writes the layouts of many containers. The caller
 * fills in the buffers and capacities; the call fills in total_rows. On
 * failure nothing in the struct or its buffers is written.
 *
 * Per container (capacity `container_capacity`, at least the container count):
 *  - width, height: required; the container's size.
 *  - rows: optional; the container's number of rows.
 *  - row_offset: optional; the index of the container's first row in the row
 *    table (its rows follow the previous container's).
 *
 * Per item (capacity `item_capacity`, at least the item count):
 *  - x, y: required when there are items; each item's top-left corner in its
 *    own container's coordinates.
 *  - item_width, item_height: optional; the size each item is given.
 *
 * Row table (capacity `row_capacity`): every container's rows, one container
 * after another, each row's start relative to its container's first item.
 * Columns as in lk_result; if any is non-NULL, row_capacity must hold every
 * row (the item count always suffices, and lets the call split its work over
 * threads without counting rows first). A call split over threads uses the
 * table's room past total_rows as scratch: what it holds there afterwards is
 * unspecified (nothing past row_capacity is ever written).
 *
 * Per container, for flows with lk_flow_params.max_lines (capacity
 * `container_capacity`; each optional, appended to the struct in ABI 3):
 *  - hidden: how many items (the container's last ones) its kept lines left
 *    out, as lk_result.hidden; 0 for any other container.
 *  - overflow_x, overflow_y, overflow_width, overflow_height: the frame of the
 *    container's overflow item in its own coordinates when it was placed, as
 *    lk_result.overflow_x ...; NaN for a container that placed none.
 *
 * No output buffer may overlap an input array, another output buffer or the
 * result struct itself.
 */
typedef struct lk_many_result {
    size_t struct_size;
    size_t total_rows;

    float *width;
    float *height;
    size_t *rows;
    int64_t *row_offset;
    size_t container_capacity;

    float *x;
    float *y;
    float *item_width;
    float *item_height;
    size_t item_capacity;

    int64_t *row_start;
    int64_t *row_length;
    double *row_y;
    float *row_width;
    float *row_height;
    size_t row_capacity;

    size_t *hidden;
    float *overflow_x;
    float *overflow_y;
    float *overflow_width;
    float *overflow_height;
} lk_many_result;

/** An lk_many_result with struct_size set and no buffers. Thread-safe. */
lk_many_result lk_many_result_default(void);

/**
 * Lays out many containers of one layout in one call: the items of all
 * containers are concatenated in `items`, and container i holds the next
 * counts[i] of them (counts must add up to items->count). Every container is
 * laid out exactly as lk_layout_place() lays it out alone, with
 * proposals[i] (proposal_count == containers) or proposals[0] for all
 * (proposal_count == 1). Real screens hold thousands of small flows (chips in
 * table cells, tags under posts): this is their batch call, and it splits the
 * containers over threads (see lk_set_max_threads()).
 *
 * `containers` may be 0 (counts and proposals may then be NULL).
 *
 * Complexity: O(items + containers) time.
 *
 * Errors: those of lk_layout_place() for the items and the layout (an item is
 * named by its index in `items`, which lk_last_error_index() gives, and, when
 * the counts reach it, by its container and its index there: "items.widths[7]
 * is nan (...) (container 2, its item 1)"); LK_ERR_NULL_POINTER for NULL counts or
 * proposals when needed; LK_ERR_INVALID_PARAMETER when the counts do not add
 * up to items->count, or proposal_count is neither 1 nor `containers`;
 * LK_ERR_INVALID_PROPOSAL naming proposals[i]; LK_ERR_BUFFER_TOO_SMALL for a
 * container, item or row capacity too small; LK_ERR_SIZE_OVERFLOW. Nothing is
 * written on error. Thread-safe for distinct results.
 */
lk_status lk_layout_many(const lk_items *items, const lk_layout *layout, const size_t *counts,
                         size_t containers, const lk_proposal *proposals, size_t proposal_count,
                         lk_many_result *result);

/* ------------------------------------------------------------------------ */
/* Kernels                                                                   */
/* ------------------------------------------------------------------------ */

/**
 * The name of the kernel level that runs layouts in this process: "avx512",
 * "avx2", "sse2" (the x86-64 baseline; "portable" on other CPUs) or
 * "reference" (the scalar reference). The best level this CPU and operating
 * system support is chosen once, at the first layout; the environment variable
 * LAYOUTKERNEL_ISA (reference, sse2 or portable, avx2, avx512; any case) forces
 * a level, and a level the CPU cannot run, or an unknown name, falls back to the
 * best.
 * Every level gives the same results (see lk_flow_layout(), Precision; the
 * circle agrees within 1e-5 of its size).
 * A static string; never NULL. Thread-safe.
 */
const char *lk_active_kernel(void);

/* ------------------------------------------------------------------------ */
/* Threads                                                                   */
/* ------------------------------------------------------------------------ */

/*
 * What holds when a program calls the library from several threads:
 *
 *  - Any number of threads may call any function at once (engines aside:
 *    below), over shared read-only inputs, each with its own outputs; every
 *    result is bit-identical to the one a single thread computes alone.
 *  - The error state (lk_last_error_message(), _status(), _index(),
 *    _required()) is per thread: it describes the last failed call of the
 *    calling thread only; another thread's failures never show in it, and a
 *    successful call leaves it as it was.
 *  - The pool: calls with enough items share one pool of worker threads the
 *    library owns. No worker exists until a call may use more than one thread
 *    (lk_set_max_threads()); workers start then, are shared by every calling
 *    thread (a call's work is done by its own thread and any idle worker, and
 *    the call returns when all of it is done), run only library code, and wait
 *    between calls. When the library is unloaded (dlclose(), or the process
 *    exits) they are stopped and joined: no thread is left behind. Unload only
 *    when no call is running. (The Swift runtime linked into the library keeps
 *    about 2 KB of type metadata per load that unloading does not free.)
 *  - An engine serves one call at a time: a call on an engine while another
 *    thread's call on it runs returns LK_ERR_BUSY at once, writes nothing and
 *    leaves the engine as it was (the engine is never corrupted; the call may
 *    be retried). To share an engine between threads, serialise its calls (a
 *    mutex); lk_engine_destroy() must not run concurrently with any call on
 *    the same engine. Distinct engines run in parallel.
 *  - fork(): the child, which has only the forking thread, may call the
 *    library (a Python multiprocessing worker, say): the pool starts over
 *    with no worker, and no lock of the library is left held. An engine
 *    another thread was using at the fork stays in use in the child
 *    (LK_ERR_BUSY); engines idle at the fork work in both processes.
 */

/**
 * Sets how many threads one call may use: 0 means every usable CPU (the
 * default), 1 means only the calling thread; more than the usable CPUs means
 * all of them (and never more than 257). The usable CPUs are those the calling
 * thread may run on: its CPU affinity mask (sched_getaffinity(); the online
 * CPUs where the system has none), read when a call may split its work, so a
 * process pinned after the library was loaded (a forked worker pinning itself
 * to one CPU, say) uses no more threads than it has CPUs. Calls with enough items split their
 * work over up to that many threads from a pool the library owns: a flow of
 * 131072 items or more without flow features (a justify, rtl, reverse,
 * wrap_reverse, the vertical axis, align_content or grow factors) whose
 * proposal leaves the height unspecified (and gives a finite width, unless the
 * alignment is leading); lk_layout_many of 32768 items; the input checks of
 * 524288 items. Every other call, featured flows among them, runs on the
 * calling thread. Results never depend on the setting: they are bit-identical
 * to one thread's. The pool's threads start when a call first needs them, run
 * only library code, and stop when the library is unloaded (see above). The
 * environment variable LAYOUTKERNEL_THREADS, a decimal number, gives the first
 * value (any other text is ignored). Thread-safe; takes effect
 * for calls that start afterwards.
 */
void lk_set_max_threads(size_t threads);

/**
 * The number of threads one call of the calling thread may use now: the value
 * set, at most the number of usable CPUs (all of them when it is 0; see
 * lk_set_max_threads(): the CPUs in the calling thread's affinity mask, read
 * at this call) and at most 257. A thread pinned to one CPU gets 1.
 * Thread-safe.
 */
size_t lk_max_threads(void);

/* ------------------------------------------------------------------------ */
/* The engine: a layout that keeps its items and results between calls       */
/* ------------------------------------------------------------------------ */

/**
 * An engine owns copies of its items (every field of lk_items) and a layout
 * of any kind, and keeps its results between calls: for a UI that holds
 * millions of items between frames, changes a few, and asks again (a feed of
 * tags, a virtualised grid, a chat of chips). Every answer equals what a fresh
 * call (lk_layout_place(), lk_flow_layout()) gives for the same items, bit for
 * bit.
 *
 * Items: an engine holds copies of every field of its items in blocks, so
 * storing an insert or removal in the middle of millions of items moves one
 * block of them, not every item after it. lk_engine_set_items() finds what
 * changed by 128-bit digests of blocks of items, comparing item values only
 * inside blocks whose digest changed: a changed block keeps its digest with
 * probability about 2^-64 or less for data not crafted to collide (the
 * digest is not cryptographic), and such a collision would go unseen.
 *
 * A flow keeps its rows for the last two row limits asked for. After a
 * change it re-packs from the row before the one holding the first changed
 * item until its rows meet the old ones again, and reuses every later row:
 * O(rows re-packed + log rows), never a pass over the later rows. Items of
 * one size (a grid of thumbnails), whose rows never meet the old ones after
 * an insert or removal, are re-packed only around the ends of each run of
 * equal items. Whatever the values, every answer equals a fresh layout's,
 * bit for bit.
 *
 * A flow with any CSS feature set (lk_flow_layout, "Features"), or whose
 * items grow, keeps its lines in the same way when its line gap is fixed and
 * a multiple of 1/64 below 2^30, and every line's size across (its tallest
 * item: the heights for rows, the widths for columns) is a multiple of 1/64,
 * the lines' total is below 2^40 and, with align_content stretch, the free
 * space across is below 2^46. It then answers the size in O(log rows);
 * positions, visible items and hit tests in O(the items of the lines read +
 * log rows); lk_engine_layout() in O(n). Item rules held are placed line
 * by line in the same way (a line's items flexed and aligned when read;
 * with items that may align to baselines, a line re-packed after a change
 * is sized by its baseline groups from its own items). Otherwise (a
 * per-item line gap, balanced lines, max_lines, or one of these conditions
 * fails for a request) it lays every item out at the first
 * request after a change, O(n) (O(n log n) for balanced lines), and holds
 * that whole result, as other kinds are held, until the next change. A flow
 * with max_lines that wraps greedily (LK_WRAP_WRAP) lays out and holds only
 * the first items, up to the first hidden one: O(kept items) after a change,
 * then the size in O(1) and positions, visible items and hit tests in
 * O(kept items) (hidden items are never visible; their positions are NaN);
 * lk_engine_layout() stays O(n), and writes hidden and the overflow frame
 * as lk_flow_layout() does.
 *
 * Every other kind keeps the results of its last two proposals and, after a
 * change, recomputes only what the change moves where that gives the same
 * bits and costs less than a new layout (a ZStack's or a circle's changed
 * items, a balanced stack's added items, a stack's or a grid's offsets from
 * the change on; an append to an HStack or VStack whose extent across is
 * unchanged and whose lengths are multiples of 1/64 below 2^13 costs
 * O(items added) plus a bounded amount); any other case lays out again at the
 * next request, O(n). A request with the same proposal and no change since is
 * answered from what is held. docs/engine.md describes how.
 *
 * Threads: an engine serves one caller at a time; a second call while one
 * runs returns LK_ERR_BUSY without doing anything (nothing written, the
 * engine unchanged; the thread's error state says so). Distinct engines and
 * the other functions of this header may run concurrently (see "Threads").
 *
 * Memory: before a call that may need much memory, the engine compares an
 * upper bound of its need with what the process can still allocate (the
 * room under its address-space limit, RLIMIT_AS, when one is set, and never
 * more than the machine's physical memory), and fails with
 * LK_ERR_OUT_OF_MEMORY, changing nothing, when it does not fit. The bounds:
 * storing k items (set_items, update, insert), 2k times the bytes an item's
 * fields take plus 8 MB; a request whose rows or result are not held, 160
 * bytes per item for a flow's rows and 128 for any other kind's result (a
 * featured flow whose lines are kept: both, unless its lines are held and
 * answer), plus 8 MB. A mutation that leaves no room to bring a held result
 * up to date drops it instead (the next request computes it, and is checked
 * as above).
 * Memory taken by other threads meanwhile, and limits the system enforces
 * otherwise (a container's cgroup limit, the kernel's out-of-memory killer
 * under overcommit), are outside what the engine can see.
 *
 * Errors: as the stateless calls, plus LK_ERR_BUSY and LK_ERR_OUT_OF_MEMORY;
 * a failed call leaves the engine exactly as it was. The environment
 * variable LAYOUTKERNEL_VERIFY=1 makes every engine check each answer
 * against a fresh layout and abort on a difference (for tests; it makes
 * every request O(n)).
 */
typedef struct lk_engine lk_engine;

/**
 * Creates an engine with no items for `layout` (copied). *engine receives
 * it; release it with lk_engine_destroy(). Errors: LK_ERR_NULL_POINTER,
 * those of the layout's parameters (LK_ERR_INVALID_PARAMETER).
 */
lk_status lk_engine_create(const lk_layout *layout, lk_engine **engine);

/**
 * Releases an engine and everything it holds. NULL is ignored. The handle is
 * invalid afterwards: passing it to any lk_engine_* call is undefined, as
 * using memory after free() is (the library keeps no registry of engines to
 * tell a destroyed handle from a live one; NULL is the handle every call
 * rejects, with LK_ERR_NULL_POINTER).
 */
void lk_engine_destroy(lk_engine *engine);

/**
 * Replaces every item with copies of `items` (validated as lk_layout_place()
 * does). Only the blocks whose digest changed count as changed (see above).
 * Complexity: O(n) to hash the new arrays, plus the re-packing the change
 * needs.
 */
lk_status lk_engine_set_items(lk_engine *engine, const lk_items *items);

/**
 * Overwrites items start .. start + items->count - 1 (which must exist;
 * LK_ERR_INVALID_PARAMETER otherwise) with copies of `items`.
 */
lk_status lk_engine_update(lk_engine *engine, size_t start, const lk_items *items);

/** Inserts copies of `items` before item `index` (index == count appends). */
lk_status lk_engine_insert(lk_engine *engine, size_t index, const lk_items *items);

/** Removes items start .. start + count - 1 (which must exist). */
lk_status lk_engine_remove(lk_engine *engine, size_t start, size_t count);

/** The number of items the engine holds. */
lk_status lk_engine_count(lk_engine *engine, size_t *count);

/** The optional item fields an engine holds (lk_engine_get_items()'s *fields). */
#define LK_ITEM_FIELD_SPACING       0x001u /* the four spacing preferences (held together) */
#define LK_ITEM_FIELD_FLAGS         0x002u /* flags */
#define LK_ITEM_FIELD_GROW          0x004u /* grow factors */
#define LK_ITEM_FIELD_ALIGN_SELF    0x008u /* the item rules (lk_items), each on its own */
#define LK_ITEM_FIELD_BASELINE      0x010u
#define LK_ITEM_FIELD_LAST_BASELINE 0x020u
#define LK_ITEM_FIELD_STRETCHABLE   0x040u
#define LK_ITEM_FIELD_MIN_WIDTH     0x080u
#define LK_ITEM_FIELD_MAX_WIDTH     0x100u
#define LK_ITEM_FIELD_MIN_HEIGHT    0x200u
#define LK_ITEM_FIELD_MAX_HEIGHT    0x400u
#define LK_ITEM_FIELD_SHRINK        0x800u

/**
 * Where lk_engine_get_items() copies items: one caller-owned buffer per field
 * of lk_items, each NULL when that field is not wanted, else room for the
 * `count` elements asked for.
 */
typedef struct lk_item_buffers {
    size_t struct_size;
    float *widths;
    float *heights;
    float *spacing_leading;
    float *spacing_trailing;
    float *spacing_top;
    float *spacing_bottom;
    uint8_t *flags;
    float *grow;
    uint8_t *align_self;
    float *baseline;
    float *last_baseline;
    uint8_t *stretchable;
    float *min_width;
    float *max_width;
    float *min_height;
    float *max_height;
    float *shrink;
} lk_item_buffers;

/** An lk_item_buffers with struct_size set and no buffers. Thread-safe. */
lk_item_buffers lk_item_buffers_default(void);

/**
 * Copies items start .. start + count - 1 (which must exist) out of the
 * engine: element k of each non-NULL buffer of `buffers` receives item
 * start + k's value of that field, bit for bit as it was stored. The engine
 * does not change. O(count + log n).
 *
 * Which fields an engine holds: widths and heights always; the spacing
 * preferences (all four together), flags, grow factors and each item rule
 * from the first call (set_items, update, insert) whose items give that
 * field (items that came without it hold the value a NULL array means: 0,
 * or NaN for baseline, last_baseline and the minimum and maximum sizes),
 * until an lk_engine_set_items() whose items do not give it. *fields, when
 * `fields` is not NULL, receives the LK_ITEM_FIELD_* bits of the optional
 * fields held (0: none). For a field not held the buffer receives the value
 * a NULL array means. So lk_engine_set_items() of the copies, with the held fields
 * given and the others NULL, makes an engine of the same layout that holds
 * the same items and answers every request (layout, size, positions,
 * visible, item_at) as this one does, bit for bit: how an engine is saved
 * or sent to another process.
 *
 * `buffers` may be NULL (nothing copied: the range is checked and *fields
 * written); with count 0 no buffer is written.
 *
 * Errors: LK_ERR_NULL_POINTER (engine), LK_ERR_INVALID_PARAMETER (a range
 * past the items; buffers, or `fields`, that overlap each other),
 * LK_ERR_BUSY. Nothing is written on error.
 */
lk_status lk_engine_get_items(lk_engine *engine, size_t start, size_t count, const lk_item_buffers *buffers,
                              uint32_t *fields);

/**
 * Lays every item out for `proposal` into `result`, exactly as
 * lk_layout_place() of the same items and layout does (same buffers, same
 * rules, same errors). O(n): it writes every position.
 */
lk_status lk_engine_layout(lk_engine *engine, lk_proposal proposal, lk_result *result);

/**
 * The container size for `proposal`, as lk_layout_size() gives it. O(1) when
 * the rows (flow) or result (other kinds) for it are held; O(log rows) from a
 * featured flow's lines.
 */
lk_status lk_engine_size(lk_engine *engine, lk_proposal proposal, lk_size *size);

/**
 * The positions of items start .. start + count - 1 (which must exist) into
 * x[0 .. count-1] and y[0 .. count-1]. A flow touches only the rows (a
 * featured flow's lines) holding them: O(their items + log rows).
 */
lk_status lk_engine_positions(lk_engine *engine, lk_proposal proposal, size_t start, size_t count,
                              float *x, float *y);

/**
 * The indices, ascending, of the items whose frames share area with the
 * rectangle [x0, x1) x [y0, y1) (a frame is [x, x + width) x [y, y + height)
 * with the size the item is given; items of zero width or height are never
 * visible): what a virtualised list draws. The indices go to
 * indices[0 .. *found - 1]. If more than `capacity` are visible, nothing is
 * written but *found, and the call fails with LK_ERR_BUFFER_TOO_SMALL
 * (lk_last_error_required() gives the number). Cost: a flow or a grid,
 * O(log rows + the items of the rows the rectangle meets) (a featured flow:
 * the lines it meets across, on x for columns); a stack or balanced stack,
 * O(log n + the items it meets along its axis); a ZStack or a circle, O(n).
 */
lk_status lk_engine_visible(lk_engine *engine, lk_proposal proposal, float x0, float y0, float x1,
                            float y1, int64_t *indices, size_t capacity, size_t *found);

/**
 * The first item whose frame [x, x + width) x [y, y + height) holds the point
 * (px, py), or -1: hit testing. Cost: a flow or a grid, O(log rows + the
 * items of the row at py); a stack, O(log n + the items at the point along
 * its axis).
 */
lk_status lk_engine_item_at(lk_engine *engine, lk_proposal proposal, float px, float py, int64_t *index);

/**
 * The exact positions (see lk_layout_place_exact()) of items start ..
 * start + count - 1 (which must exist) into x[0 .. count-1] and
 * y[0 .. count-1], as doubles. A flow answers from its rows (a featured
 * flow from its lines) as lk_engine_positions() does; a layout the engine
 * holds as a whole result (every other kind, and a featured flow whose
 * lines are not kept) computes every item's exact position once after each
 * change (O(n) time, 16 bytes per item held) and answers from them.
 * Errors: as lk_engine_positions().
 */
lk_status lk_engine_positions_exact(lk_engine *engine, lk_proposal proposal, size_t start,
                                    size_t count, double *x, double *y);

/**
 * The positions of items start .. start + count - 1 relative to the point
 * (origin_x, origin_y) of the container, written as floats into x and y:
 * each item's exact position less the origin, rounded to float once. With
 * the origin at a scroll offset, the items on screen get float coordinates
 * exact to the float's precision near 0 (GPU instance buffers of a list
 * millions of pixels tall). The origin must be finite
 * (LK_ERR_INVALID_PARAMETER otherwise). Cost as lk_engine_positions_exact().
 */
lk_status lk_engine_positions_relative(lk_engine *engine, lk_proposal proposal, size_t start,
                                       size_t count, double origin_x, double origin_y, float *x,
                                       float *y);

/**
 * lk_engine_visible() for a rectangle given in doubles, tested against the
 * items' exact positions: frames [x64, x64 + width) x [y64, y64 + height) in
 * double. Use it past 2^24 px, where float coordinates cannot name every
 * pixel. Cost as lk_engine_visible(), plus lk_engine_positions_exact()'s
 * once per change for a layout held as a whole result.
 */
lk_status lk_engine_visible_exact(lk_engine *engine, lk_proposal proposal, double x0, double y0,
                                  double x1, double y1, int64_t *indices, size_t capacity,
                                  size_t *found);

/**
 * lk_engine_item_at() for a point given in doubles, tested against the items'
 * exact positions (frames in double, as lk_engine_visible_exact()).
 */
lk_status lk_engine_item_at_exact(lk_engine *engine, lk_proposal proposal, double px, double py,
                                  int64_t *index);

/** What an engine did lately. */
typedef struct lk_engine_stats {
    size_t struct_size;
    size_t items_packed; /* items the last change (or request that laid out) packed */
    size_t rows_reused;  /* rows the last change kept as they were */
    size_t cache_hits;   /* requests answered from held results, in all */
    size_t bytes;        /* bytes held: items, digests, rows, results, scratch */
} lk_engine_stats;

/** An lk_engine_stats with struct_size set, for lk_engine_get_stats() to fill. Thread-safe. */
lk_engine_stats lk_engine_stats_default(void);

/** Fills in `stats` with what the engine did lately (see lk_engine_stats). */
lk_status lk_engine_get_stats(lk_engine *engine, lk_engine_stats *stats);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* LAYOUTKERNEL_H */
