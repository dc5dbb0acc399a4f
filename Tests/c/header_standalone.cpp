// header_standalone.cpp — proves that layoutkernel.h compiles on its own as
// C++ (C++11 and C++17, -Wall -Wextra -Werror -pedantic): it is the only
// include, and its declarations have C linkage (extern "C").
//
// Every macro and type of the header is used once below, so that a macro that
// does not expand to valid C++ fails the build here. Functions are only named
// in unevaluated contexts (decltype, sizeof), so nothing needs the library.
// run.sh also runs it; the exit status is 0.
//
// Keep in step with the header: a new macro, type or function gets a line.
#include "layoutkernel.h"

#include <type_traits>

#ifndef LAYOUTKERNEL_H
#error "the include guard LAYOUTKERNEL_H is not defined"
#endif

// Versions.
static_assert(LK_VERSION_NUMBER ==
                  LK_VERSION_MAJOR * 10000 + LK_VERSION_MINOR * 100 + LK_VERSION_PATCH,
              "LK_VERSION_NUMBER");
static_assert(LK_ABI_VERSION >= 1, "LK_ABI_VERSION");

// Status codes.
static_assert(std::is_same<lk_status, int32_t>::value, "lk_status is int32_t");
static_assert(LK_OK == 0 && LK_ERR_NULL_POINTER == 1 && LK_ERR_INVALID_ITEM_SIZE == 2 &&
                  LK_ERR_INVALID_ITEM_SPACING == 3 && LK_ERR_INVALID_ITEM_FLAGS == 4 &&
                  LK_ERR_INVALID_PROPOSAL == 5 && LK_ERR_INVALID_PARAMETER == 6 &&
                  LK_ERR_BUFFER_TOO_SMALL == 7 && LK_ERR_SIZE_OVERFLOW == 8,
              "status codes");

// Flags, alignments, spacing modes.
static_assert(LK_ITEM_BREAK_BEFORE == 1u, "LK_ITEM_BREAK_BEFORE");

// Bounds: LK_MAX_LENGTH is the float 2^64, LK_MAX_ITEMS the size_t 2^60.
static_assert(std::is_same<decltype(LK_MAX_LENGTH), float>::value, "LK_MAX_LENGTH is a float");
static_assert(LK_MAX_LENGTH == 4294967296.0f * 4294967296.0f, "LK_MAX_LENGTH is 2^64");
static_assert(std::is_same<decltype(LK_MAX_ITEMS), size_t>::value, "LK_MAX_ITEMS is a size_t");
#if SIZE_MAX > 0xFFFFFFFFu
static_assert(LK_MAX_ITEMS == (size_t(1) << 60), "LK_MAX_ITEMS is 2^60");
#endif
static_assert(LK_ALIGN_TOP_LEADING == 0 && LK_ALIGN_TOP == 1 && LK_ALIGN_TOP_TRAILING == 2 &&
                  LK_ALIGN_LEADING == 3 && LK_ALIGN_CENTER == 4 && LK_ALIGN_TRAILING == 5 &&
                  LK_ALIGN_BOTTOM_LEADING == 6 && LK_ALIGN_BOTTOM == 7 &&
                  LK_ALIGN_BOTTOM_TRAILING == 8,
              "alignments");
static_assert(LK_SPACING_FIXED == 0 && LK_SPACING_PER_ITEM == 1, "spacing modes");

// The structs are plain C data.
static_assert(std::is_trivial<lk_items>::value && std::is_standard_layout<lk_items>::value,
              "lk_items is POD");
static_assert(std::is_trivial<lk_result>::value && std::is_standard_layout<lk_result>::value,
              "lk_result is POD");
static_assert(std::is_trivial<lk_flow_params>::value, "lk_flow_params is POD");
static_assert(sizeof(lk_anchor) == 8 && sizeof(lk_proposal) == 8 && sizeof(lk_size) == 8 &&
                  sizeof(lk_flow_params) == 80,
              "struct sizes");

// Every function has its documented type.
static_assert(std::is_same<decltype(lk_version_number), uint32_t(void)>::value, "");
static_assert(std::is_same<decltype(lk_version_string), const char *(void)>::value, "");
static_assert(std::is_same<decltype(lk_abi_version), uint32_t(void)>::value, "");
static_assert(std::is_same<decltype(lk_status_name), const char *(lk_status)>::value, "");
static_assert(std::is_same<decltype(lk_last_error_message), const char *(void)>::value, "");
static_assert(std::is_same<decltype(lk_last_error_status), lk_status(void)>::value, "");
static_assert(std::is_same<decltype(lk_last_error_index), int64_t(void)>::value, "");
static_assert(std::is_same<decltype(lk_last_error_required), size_t(void)>::value, "");
static_assert(std::is_same<decltype(lk_alignment_anchor), lk_status(int32_t, lk_anchor *)>::value,
              "");
static_assert(std::is_same<decltype(lk_flow_params_default), lk_flow_params(void)>::value, "");
static_assert(std::is_same<decltype(lk_flow_layout),
                           lk_status(const lk_items *, const lk_flow_params *, lk_proposal,
                                     lk_result *)>::value,
              "");
static_assert(std::is_same<decltype(lk_flow_size),
                           lk_status(const lk_items *, const lk_flow_params *, lk_proposal,
                                     lk_size *)>::value,
              "");
static_assert(std::is_same<decltype(lk_flow_row_count),
                           lk_status(const lk_items *, const lk_flow_params *, float,
                                     size_t *)>::value,
              "");
static_assert(std::is_same<decltype(lk_active_kernel), const char *(void)>::value, "");

int main()
{
    lk_items items{};
    items.struct_size = sizeof items;
    lk_result result{};
    result.struct_size = sizeof result;
    lk_size size{};
    lk_anchor anchor{0.5f, 0.5f};
    lk_flow_params params{sizeof(lk_flow_params), 0.0f, 0.0f, LK_SPACING_FIXED, LK_SPACING_PER_ITEM, anchor,
                          LK_DISTRIBUTE_DEFAULT, LK_DIRECTION_LTR, 0, 0, LK_AXIS_HORIZONTAL,
                          LK_DISTRIBUTE_DEFAULT, LK_WRAP_WRAP, 1, 0, {0.0f, 0.0f}, LK_ITEM_ALIGN_AUTO};
    const lk_proposal proposal{LK_UNSPECIFIED, LK_UNSPECIFIED};
    lk_status status = LK_OK;
    const float max_length = LK_MAX_LENGTH;
    const size_t max_items = LK_MAX_ITEMS;
    // NaN compares unequal to itself. Exit status 0 when every value holds.
    return (proposal.width == proposal.width) + static_cast<int>(items.count) +
           static_cast<int>(result.rows) + static_cast<int>(size.width) +
           static_cast<int>(params.spacing) + status +
           (max_length / 2 != 9223372036854775808.0f) + (max_items == 0);
}
