/*
 * header_standalone.c — proves that layoutkernel.h compiles on its own, as
 * C99 and C11 with -Wall -Wextra -Werror -pedantic: it is the only include.
 *
 * Every macro and type of the header is used once below, so that a macro
 * that does not expand to valid C (a typo, a missing parenthesis) fails the
 * build here rather than in a user's program. The functions are only named
 * inside sizeof, so this program links without the library. run.sh also
 * runs it: the values C cannot check at compile time (floats) are checked at
 * run time, and the exit status is 0 when they hold.
 *
 * Keep in step with the header: a new macro, type or function gets a line.
 */
#include "layoutkernel.h"

#ifndef LAYOUTKERNEL_H
#error "the include guard LAYOUTKERNEL_H is not defined"
#endif

/* A compile-time assertion that works in C99 (no _Static_assert). */
#define HS_ASSERT(name, cond) typedef char hs_assert_##name[(cond) ? 1 : -1]

/* Versions. */
HS_ASSERT(version_number,
          LK_VERSION_NUMBER ==
              LK_VERSION_MAJOR * 10000 + LK_VERSION_MINOR * 100 + LK_VERSION_PATCH);
HS_ASSERT(version_parts, LK_VERSION_MAJOR >= 0 && LK_VERSION_MINOR >= 0 &&
                             LK_VERSION_MINOR < 100 && LK_VERSION_PATCH >= 0 &&
                             LK_VERSION_PATCH < 100);
HS_ASSERT(abi_version, LK_ABI_VERSION >= 3);
#if LK_VERSION_NUMBER < 0 || LK_ABI_VERSION < 1
#error "version macros must be usable in #if"
#endif

/* Status codes: LK_OK is 0, the errors 1..9, all distinct. */
HS_ASSERT(status_type, sizeof(lk_status) == 4);
HS_ASSERT(status_ok, LK_OK == 0);
HS_ASSERT(status_codes,
          LK_ERR_NULL_POINTER == 1 && LK_ERR_INVALID_ITEM_SIZE == 2 &&
              LK_ERR_INVALID_ITEM_SPACING == 3 && LK_ERR_INVALID_ITEM_FLAGS == 4 &&
              LK_ERR_INVALID_PROPOSAL == 5 && LK_ERR_INVALID_PARAMETER == 6 &&
              LK_ERR_BUFFER_TOO_SMALL == 7 && LK_ERR_SIZE_OVERFLOW == 8 &&
              LK_ERR_BUSY == 9);

/* Item flags. */
HS_ASSERT(break_before, LK_ITEM_BREAK_BEFORE == 1u);

/* Bounds. LK_MAX_LENGTH is a float constant (2^64); a floating comparison is
 * not an integer constant expression in C, so its value is checked in main()
 * (run.sh runs this program) and here only its type. LK_MAX_ITEMS is a
 * size_t, 2^60. */
HS_ASSERT(max_length_is_float, sizeof(LK_MAX_LENGTH) == sizeof(float));
HS_ASSERT(max_items_is_size_t, sizeof(LK_MAX_ITEMS) == sizeof(size_t));
#if SIZE_MAX > 0xFFFFFFFFu
HS_ASSERT(max_items, LK_MAX_ITEMS == ((size_t)1 << 60) && LK_MAX_ITEMS - 1 < LK_MAX_ITEMS);
#endif

/* The nine alignments are 0..8, row by row. */
HS_ASSERT(alignments,
          LK_ALIGN_TOP_LEADING == 0 && LK_ALIGN_TOP == 1 &&
              LK_ALIGN_TOP_TRAILING == 2 && LK_ALIGN_LEADING == 3 &&
              LK_ALIGN_CENTER == 4 && LK_ALIGN_TRAILING == 5 &&
              LK_ALIGN_BOTTOM_LEADING == 6 && LK_ALIGN_BOTTOM == 7 &&
              LK_ALIGN_BOTTOM_TRAILING == 8);

/* Spacing modes. */
HS_ASSERT(spacing_modes, LK_SPACING_FIXED == 0 && LK_SPACING_PER_ITEM == 1);

/* Struct sizes that hold on every platform (all members are 4 bytes). */
HS_ASSERT(anchor_size, sizeof(lk_anchor) == 8);
HS_ASSERT(proposal_size, sizeof(lk_proposal) == 8);
HS_ASSERT(size_size, sizeof(lk_size) == 8);
HS_ASSERT(params_size, sizeof(lk_flow_params) == 80);

/* The struct layouts the Python binding mirrors, on LP64 (x86-64, arm64). */
#if defined(__LP64__) || defined(_LP64)
HS_ASSERT(items_size, sizeof(lk_items) == 152);
HS_ASSERT(items_flags, offsetof(lk_items, flags) == 64);
HS_ASSERT(items_grow, offsetof(lk_items, grow) == 72);
HS_ASSERT(items_align_self, offsetof(lk_items, align_self) == 80);
HS_ASSERT(items_shrink, offsetof(lk_items, shrink) == 144);
HS_ASSERT(result_size, sizeof(lk_result) == 144);
HS_ASSERT(result_rows, offsetof(lk_result, rows) == 16);
HS_ASSERT(result_item_capacity, offsetof(lk_result, item_capacity) == 56);
HS_ASSERT(result_row_start, offsetof(lk_result, row_start) == 64);
HS_ASSERT(result_row_capacity, offsetof(lk_result, row_capacity) == 104);
HS_ASSERT(result_hidden, offsetof(lk_result, hidden) == 112);
HS_ASSERT(result_overflow_x, offsetof(lk_result, overflow_x) == 124);
HS_ASSERT(params_alignment, offsetof(lk_flow_params, alignment) == 24);
HS_ASSERT(params_justify, offsetof(lk_flow_params, justify) == 32);
HS_ASSERT(params_align_content, offsetof(lk_flow_params, align_content) == 52);
HS_ASSERT(params_wrap, offsetof(lk_flow_params, wrap) == 56);
HS_ASSERT(params_min_lines, offsetof(lk_flow_params, min_lines) == 60);
HS_ASSERT(params_max_lines, offsetof(lk_flow_params, max_lines) == 64);
HS_ASSERT(params_overflow_item, offsetof(lk_flow_params, overflow_item) == 68);
HS_ASSERT(params_align_items, offsetof(lk_flow_params, align_items) == 76);
HS_ASSERT(layout_flow_last, offsetof(lk_layout, flow) + sizeof(lk_flow_params) == sizeof(lk_layout));
#endif

/* Every extensible struct starts with its size. */
HS_ASSERT(sized_items, offsetof(lk_items, struct_size) == 0);
HS_ASSERT(sized_result, offsetof(lk_result, struct_size) == 0);
HS_ASSERT(sized_params, offsetof(lk_flow_params, struct_size) == 0);
HS_ASSERT(sized_layout, offsetof(lk_layout, struct_size) == 0);
HS_ASSERT(sized_many, offsetof(lk_many_result, struct_size) == 0);
HS_ASSERT(sized_buffers, offsetof(lk_item_buffers, struct_size) == 0);
HS_ASSERT(sized_stats, offsetof(lk_engine_stats, struct_size) == 0);
HS_ASSERT(wrap_values, LK_WRAP_WRAP == 0 && LK_WRAP_NOWRAP == 1);

/* Every function has its documented type: comparing a pointer of that type
 * with the function's address is an error (with -pedantic -Werror) when the
 * types differ. Inside sizeof nothing is evaluated, so nothing is linked. */
HS_ASSERT(signatures,
          sizeof((uint32_t (*)(void))0 == &lk_version_number) > 0 &&
              sizeof((const char *(*)(void))0 == &lk_version_string) > 0 &&
              sizeof((uint32_t (*)(void))0 == &lk_abi_version) > 0 &&
              sizeof((const char *(*)(lk_status))0 == &lk_status_name) > 0 &&
              sizeof((const char *(*)(void))0 == &lk_last_error_message) > 0 &&
              sizeof((lk_status (*)(void))0 == &lk_last_error_status) > 0 &&
              sizeof((int64_t (*)(void))0 == &lk_last_error_index) > 0 &&
              sizeof((size_t (*)(void))0 == &lk_last_error_required) > 0 &&
              sizeof((lk_status (*)(int32_t, lk_anchor *))0 ==
                     &lk_alignment_anchor) > 0 &&
              sizeof((lk_flow_params (*)(void))0 == &lk_flow_params_default) > 0 &&
              sizeof((lk_status (*)(const lk_items *, const lk_flow_params *,
                                    lk_proposal, lk_result *))0 ==
                     &lk_flow_layout) > 0 &&
              sizeof((lk_status (*)(const lk_items *, const lk_flow_params *,
                                    lk_proposal, lk_size *))0 == &lk_flow_size) > 0 &&
              sizeof((lk_status (*)(const lk_items *, const lk_flow_params *, float,
                                    size_t *))0 == &lk_flow_row_count) > 0 &&
              sizeof((const char *(*)(void))0 == &lk_active_kernel) > 0);

/* LK_UNSPECIFIED is a NaN usable in a static initializer; so are the
 * bounds. */
static const lk_proposal hs_unspecified = {LK_UNSPECIFIED, LK_UNSPECIFIED};
static const float hs_max_length = LK_MAX_LENGTH;
static const size_t hs_max_items = LK_MAX_ITEMS;

int main(void)
{
    lk_items items = {sizeof(lk_items), 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                      NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    lk_size size = {0.0f, 0.0f};
    lk_anchor anchor = {0.5f, 0.5f};
    lk_flow_params params = {sizeof(lk_flow_params), 0.0f, 0.0f, LK_SPACING_FIXED, LK_SPACING_PER_ITEM,
                             {0.0f, 0.0f}, LK_DISTRIBUTE_DEFAULT, LK_DIRECTION_LTR, 0, 0,
                             LK_AXIS_HORIZONTAL, LK_DISTRIBUTE_DEFAULT, LK_WRAP_WRAP, 1, 0, {0.0f, 0.0f},
                             LK_ITEM_ALIGN_AUTO};
    lk_result result = {sizeof(lk_result), 0.0f, 0.0f, 0, NULL, NULL, NULL, NULL, 0,
                        NULL, NULL, NULL, NULL, NULL, 0, 0, 0, 0.0f, 0.0f, 0.0f, 0.0f};
    lk_proposal proposal = hs_unspecified;
    lk_status status = LK_OK;
    /* 2^64 = 4294967296^2 = 2 * 2^63, exactly. */
    int bad_max_length = !(hs_max_length == 4294967296.0f * 4294967296.0f &&
                           hs_max_length / 2 == 9223372036854775808.0f);
    int bad_max_items = hs_max_items == 0 || hs_max_items > SIZE_MAX / 8;
    params.alignment = anchor;
    /* NaN compares unequal to itself. Exit status 0 when every value holds. */
    return (proposal.width == proposal.width) + (int)items.count + (int)size.width +
           (int)result.rows + (int)params.spacing + status + bad_max_length +
           bad_max_items;
}
