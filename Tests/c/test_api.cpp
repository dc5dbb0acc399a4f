// test_api.cpp — LayoutKernel's C header used from C++17.
//
// Build (Tests/c/run.sh does this):
//   c++ -std=c++17 -Wall -Wextra -Werror -pedantic -pthread -IInclude
//       Tests/c/test_api.cpp -L.build/release -lLayoutKernel
//       -Wl,-rpath,$PWD/.build/release
//
// A C++ caller's view: std::vector owns every buffer, a small wrapper turns a
// non-LK_OK status into an exception carrying lk_last_error_message(), and a
// few layouts and failures are checked. The last line of output is
// "N passed, M failed"; the exit status is non-zero when anything failed.
#include "layoutkernel.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

// ---------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------

int g_passed = 0;
int g_failed = 0;

bool check(bool ok, int line, const std::string &what)
{
    if (ok) {
        ++g_passed;
    } else {
        ++g_failed;
        std::printf("FAIL test_api.cpp:%d: %s\n", line, what.c_str());
    }
    return ok;
}

#define CHECK(cond) check((cond), __LINE__, #cond)

std::string text_of(const std::string &s) { return "\"" + s + "\""; }
template <typename T>
std::string text_of(const T &v)
{
    return std::to_string(v);
}

template <typename T>
bool check_eq(const T &got, const T &want, int line, const char *what)
{
    return check(got == want, line,
                 std::string(what) + ": got " + text_of(got) + ", want " +
                     text_of(want));
}

#define CHECK_EQ(got, want) check_eq((got), (want), __LINE__, #got)

// Exact comparison of a float vector against hand-worked values.
bool check_floats(const std::vector<float> &got, const std::vector<float> &want,
                  int line, const char *what)
{
    bool ok = got == want;
    std::string text = std::string(what) + ": got {";
    for (float v : got)
        text += " " + std::to_string(v);
    text += " }, want {";
    for (float v : want)
        text += " " + std::to_string(v);
    text += " }";
    return check(ok, line, text);
}

#define CHECK_FLOATS(got, ...) check_floats((got), __VA_ARGS__, __LINE__, #got)

// ---------------------------------------------------------------------------
// A thin C++ wrapper over the C API
// ---------------------------------------------------------------------------

// A failed call: its status and the library's message for it.
class lk_error : public std::runtime_error {
public:
    lk_error(lk_status status, const char *function)
        : std::runtime_error(std::string(function) + ": " + lk_status_name(status) +
                             ": " + lk_last_error_message()),
          status_(status)
    {
    }
    lk_status status() const noexcept { return status_; }

private:
    lk_status status_;
};

void ok_or_throw(lk_status status, const char *function)
{
    if (status != LK_OK)
        throw lk_error(status, function);
}

// Items as the caller keeps them: one vector per field, empty = not given.
struct Items {
    std::vector<float> widths, heights;
    std::vector<float> leading, trailing, top, bottom;
    std::vector<std::uint8_t> flags;

    lk_items view() const
    {
        if (heights.size() != widths.size())
            throw std::invalid_argument("widths and heights differ in length");
        lk_items it = lk_items_default();
        it.count = widths.size();
        it.widths = widths.data();
        it.heights = heights.data();
        it.spacing_leading = leading.empty() ? nullptr : leading.data();
        it.spacing_trailing = trailing.empty() ? nullptr : trailing.data();
        it.spacing_top = top.empty() ? nullptr : top.data();
        it.spacing_bottom = bottom.empty() ? nullptr : bottom.data();
        it.flags = flags.empty() ? nullptr : flags.data();
        return it;
    }
};

// A layout result whose buffers are owned by vectors (RAII: nothing to free).
struct Layout {
    float width = 0, height = 0;
    std::vector<float> x, y, item_width, item_height;
    std::vector<std::int64_t> row_start, row_length;
    std::vector<double> row_y;
    std::vector<float> row_width, row_height;
};

lk_proposal proposal(float width, float height) { return lk_proposal{width, height}; }

// Sizes the row table exactly with lk_flow_row_count(), then lays out.
Layout flow(const Items &items, const lk_flow_params &params, lk_proposal p)
{
    const lk_items it = items.view();
    std::size_t rows = 0;
    ok_or_throw(lk_flow_row_count(&it, &params, p.width, &rows), "lk_flow_row_count");

    Layout out;
    out.x.resize(it.count);
    out.y.resize(it.count);
    out.item_width.resize(it.count);
    out.item_height.resize(it.count);
    out.row_start.resize(rows);
    out.row_length.resize(rows);
    out.row_y.resize(rows);
    out.row_width.resize(rows);
    out.row_height.resize(rows);

    lk_result r = lk_result_default();
    r.x = out.x.data();
    r.y = out.y.data();
    r.item_width = out.item_width.data();
    r.item_height = out.item_height.data();
    r.item_capacity = it.count;
    r.row_start = out.row_start.data();
    r.row_length = out.row_length.data();
    r.row_y = out.row_y.data();
    r.row_width = out.row_width.data();
    r.row_height = out.row_height.data();
    r.row_capacity = rows;
    ok_or_throw(lk_flow_layout(&it, &params, p, &r), "lk_flow_layout");
    if (r.rows != rows)
        throw std::logic_error("lk_flow_layout and lk_flow_row_count disagree on rows");
    out.width = r.width;
    out.height = r.height;
    return out;
}

lk_size flow_size(const Items &items, const lk_flow_params &params, lk_proposal p)
{
    const lk_items it = items.view();
    lk_size s{};
    ok_or_throw(lk_flow_size(&it, &params, p, &s), "lk_flow_size");
    return s;
}

lk_flow_params params(float spacing, float line_spacing, std::int32_t alignment)
{
    lk_flow_params p = lk_flow_params_default();
    p.spacing = spacing;
    p.line_spacing = line_spacing;
    ok_or_throw(lk_alignment_anchor(alignment, &p.alignment), "lk_alignment_anchor");
    return p;
}

// Runs f, expecting an lk_error with `status` whose message contains `needle`.
template <typename Fn>
void expect_error(Fn f, lk_status status, const char *needle, int line,
                  const char *what)
{
    try {
        f();
        check(false, line, std::string(what) + ": no exception");
    } catch (const lk_error &e) {
        check(e.status() == status, line,
              std::string(what) + ": status " + lk_status_name(e.status()) +
                  ", want " + lk_status_name(status));
        check(std::string(e.what()).find(needle) != std::string::npos, line,
              std::string(what) + ": \"" + e.what() + "\" does not contain \"" +
                  needle + "\"");
    }
}

#define EXPECT_ERROR(stmt, status, needle)                                      \
    expect_error([&] { stmt; }, (status), (needle), __LINE__, #stmt)

// ---------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------

void test_versions()
{
    CHECK_EQ(lk_version_number(), std::uint32_t(LK_VERSION_NUMBER));
    CHECK_EQ(lk_abi_version(), std::uint32_t(LK_ABI_VERSION));
    CHECK_EQ(std::string(lk_version_string()),
             std::to_string(LK_VERSION_MAJOR) + "." + std::to_string(LK_VERSION_MINOR) +
                 "." + std::to_string(LK_VERSION_PATCH));
    CHECK_EQ(std::string(lk_status_name(LK_ERR_SIZE_OVERFLOW)),
             std::string("LK_ERR_SIZE_OVERFLOW"));
    CHECK_EQ(std::string(lk_status_name(1000)), std::string("LK_ERR_UNKNOWN"));
    // The kernel level in use has one of the documented names.
    const char *kernel = lk_active_kernel();
    CHECK(kernel != nullptr);
    const std::string k = kernel ? kernel : "";
    CHECK(k == "avx512" || k == "avx2" || k == "sse2" || k == "portable" || k == "reference");
    // The bounds: an item count above LK_MAX_ITEMS fails before anything is
    // read (the pointers are never dereferenced), a size above LK_MAX_LENGTH
    // is an invalid item size.
    static_assert(LK_MAX_ITEMS == (std::size_t(1) << 60), "LK_MAX_ITEMS");
    float one = 1.0f;
    lk_items many = lk_items_default();
    many.count = LK_MAX_ITEMS + 1;
    many.widths = &one;
    many.heights = &one;
    lk_size s{};
    CHECK_EQ(lk_flow_size(&many, nullptr, lk_proposal{LK_UNSPECIFIED, LK_UNSPECIFIED}, &s),
             lk_status(LK_ERR_SIZE_OVERFLOW));
    const float big[2] = {1.0f, 1e20f};
    lk_items two = lk_items_default();
    two.count = 2;
    two.widths = big;
    two.heights = big;
    CHECK_EQ(lk_flow_size(&two, nullptr, lk_proposal{LK_UNSPECIFIED, LK_UNSPECIFIED}, &s),
             lk_status(LK_ERR_INVALID_ITEM_SIZE));
    CHECK_EQ(lk_last_error_index(), std::int64_t(1));
}

// widths 30 40 50 30, heights 10 20 15 5, spacing 10, line spacing 5, W = 100:
//   i0 offset 0 (x 30); i1 30+10+40 = 80 fits, offset 40 (x 80);
//   i2 80+10+50 = 140 > 100: row 0 width 80; offset 0 (x 50);
//   i3 50+10+30 = 90 fits, offset 60; row 1 width 90.
// Row 0 height 20 at y 0; row 1 height 15 at y 20 + 5 = 25. Container 100 x 40.
// Centred: x shifts 0.5*(100-80) = 10 and 0.5*(100-90) = 5;
//          y = (0.5*(20-10), 0, 25, 25 + 0.5*(15-5)) = (5, 0, 25, 30).
Items case_a()
{
    Items items;
    items.widths = {30, 40, 50, 30};
    items.heights = {10, 20, 15, 5};
    return items;
}

void test_layouts()
{
    const Items items = case_a();
    {
        const Layout l = flow(items, params(10, 5, LK_ALIGN_TOP_LEADING), proposal(100, LK_UNSPECIFIED));
        CHECK_EQ(l.width, 100.0f);
        CHECK_EQ(l.height, 40.0f);
        CHECK_FLOATS(l.x, {0, 40, 0, 60});
        CHECK_FLOATS(l.y, {0, 0, 25, 25});
        CHECK_FLOATS(l.item_width, items.widths);
        CHECK_FLOATS(l.item_height, items.heights);
        CHECK(l.row_start == (std::vector<std::int64_t>{0, 2}));
        CHECK(l.row_length == (std::vector<std::int64_t>{2, 2}));
        CHECK(l.row_y == (std::vector<double>{0, 25}));
        CHECK_FLOATS(l.row_width, {80, 90});
        CHECK_FLOATS(l.row_height, {20, 15});
    }
    {
        const Layout l = flow(items, params(10, 5, LK_ALIGN_CENTER), proposal(100, LK_UNSPECIFIED));
        CHECK_FLOATS(l.x, {10, 50, 5, 65});
        CHECK_FLOATS(l.y, {5, 0, 25, 30});
    }
    {
        // Unspecified width: one row, offsets 0, 40, 90, 150; 180 x 20.
        const Layout l = flow(items, params(10, 5, LK_ALIGN_TOP_LEADING),
                              proposal(LK_UNSPECIFIED, LK_UNSPECIFIED));
        CHECK_EQ(l.width, 180.0f);
        CHECK_EQ(l.height, 20.0f);
        CHECK_FLOATS(l.x, {0, 40, 90, 150});
        CHECK_EQ(l.row_y.size(), std::size_t(1));
        const lk_size s = flow_size(items, params(10, 5, LK_ALIGN_TOP_LEADING),
                                    proposal(std::numeric_limits<float>::infinity(), LK_UNSPECIFIED));
        CHECK_EQ(s.width, 180.0f);
        CHECK_EQ(s.height, 20.0f);
    }
    {
        // A break before item 2, unspecified width, no gaps:
        // rows [0,1] width 70 height 20, [2,3] width 80 height 15 at y 20.
        Items b = case_a();
        b.flags = {0, 0, LK_ITEM_BREAK_BEFORE, 0};
        const Layout l = flow(b, lk_flow_params_default(), proposal(LK_UNSPECIFIED, LK_UNSPECIFIED));
        CHECK_EQ(l.width, 80.0f);
        CHECK_EQ(l.height, 35.0f);
        CHECK_FLOATS(l.x, {0, 30, 0, 50});
        CHECK_FLOATS(l.y, {0, 0, 20, 20});
    }
    {
        // Per-item spacing: gaps max(trailing, leading): max(5, 4) = 5 then
        // max(2, 7) = 7; widths 20 30 10 fit in one row at W = 80:
        // offsets 0, 25, 62; width 80 (finite), height max h = 12.
        Items p;
        p.widths = {20, 30, 10};
        p.heights = {12, 12, 8};
        p.leading = {0, 4, 7};
        p.trailing = {5, 2, 1};
        lk_flow_params prm = lk_flow_params_default();
        prm.spacing_mode = LK_SPACING_PER_ITEM;
        const Layout l = flow(p, prm, proposal(80, LK_UNSPECIFIED));
        CHECK_FLOATS(l.x, {0, 25, 62});
        CHECK_EQ(l.height, 12.0f);
    }
    {
        // No items: empty vectors (their data() may be null) are fine.
        const Layout l = flow(Items{}, lk_flow_params_default(), proposal(100, 50));
        CHECK_EQ(l.width, 100.0f);
        CHECK_EQ(l.height, 0.0f);
        CHECK(l.x.empty() && l.row_y.empty());
    }
}

void test_errors()
{
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    {
        Items bad = case_a();
        bad.widths[2] = nan;
        EXPECT_ERROR(flow(bad, lk_flow_params_default(), proposal(100, 100)),
                     LK_ERR_INVALID_ITEM_SIZE, "widths[2]");
        CHECK_EQ(lk_last_error_index(), std::int64_t(2));
        CHECK_EQ(lk_last_error_status(), lk_status(LK_ERR_INVALID_ITEM_SIZE));
        bad = case_a();
        bad.heights[3] = -1;
        EXPECT_ERROR(flow_size(bad, lk_flow_params_default(), proposal(100, 100)),
                     LK_ERR_INVALID_ITEM_SIZE, "heights[3]");
    }
    {
        Items bad = case_a();
        bad.flags = {0, 0x40, 0, 0};
        EXPECT_ERROR(flow(bad, lk_flow_params_default(), proposal(100, 100)),
                     LK_ERR_INVALID_ITEM_FLAGS, "flags");
        CHECK_EQ(lk_last_error_index(), std::int64_t(1));
    }
    EXPECT_ERROR(flow(case_a(), params(-1, 0, LK_ALIGN_CENTER), proposal(100, 100)),
                 LK_ERR_INVALID_PARAMETER, "");
    EXPECT_ERROR(params(0, 0, 42), LK_ERR_INVALID_PARAMETER, "");
    EXPECT_ERROR(flow(case_a(), lk_flow_params_default(), proposal(-inf, 100)),
                 LK_ERR_INVALID_PROPOSAL, "");
    EXPECT_ERROR(flow_size(case_a(), lk_flow_params_default(), proposal(100, -3)),
                 LK_ERR_INVALID_PROPOSAL, "");
    {
        // A row table one row short: BUFFER_TOO_SMALL, required 2, nothing
        // written (the vectors keep their sentinel values).
        const Items items = case_a();
        const lk_items it = items.view();
        std::vector<float> x(4, -7.0f), y(4, -7.0f);
        std::vector<double> row_y(1, -7.0);
        lk_result r = lk_result_default();
        r.width = r.height = -7.0f;
        r.x = x.data();
        r.y = y.data();
        r.item_capacity = x.size();
        r.row_y = row_y.data();
        r.row_capacity = row_y.size();
        const lk_flow_params p = params(10, 5, LK_ALIGN_TOP_LEADING);
        CHECK_EQ(lk_flow_layout(&it, &p, proposal(100, LK_UNSPECIFIED), &r),
                 lk_status(LK_ERR_BUFFER_TOO_SMALL));
        CHECK_EQ(lk_last_error_required(), std::size_t(2));
        CHECK(x == std::vector<float>(4, -7.0f) && y == std::vector<float>(4, -7.0f));
        CHECK(row_y == std::vector<double>(1, -7.0));
        CHECK(r.width == -7.0f && r.height == -7.0f);
        // Grow to what the library asked for and retry.
        row_y.assign(lk_last_error_required(), 0.0);
        r.row_y = row_y.data();
        r.row_capacity = row_y.size();
        CHECK_EQ(lk_flow_layout(&it, &p, proposal(100, LK_UNSPECIFIED), &r), lk_status(LK_OK));
        CHECK(row_y == (std::vector<double>{0, 25}));
    }
    {
        lk_items it = lk_items_default();
        it.count = 3; // widths and heights left null
        lk_size s{};
        CHECK_EQ(lk_flow_size(&it, nullptr, proposal(1, 1), &s), lk_status(LK_ERR_NULL_POINTER));
        CHECK_EQ(lk_flow_size(nullptr, nullptr, proposal(1, 1), &s), lk_status(LK_ERR_NULL_POINTER));
    }
}

// The error state is per thread: a failure on a std::thread does not change
// this thread's message.
void test_thread_local_errors()
{
    Items bad = case_a();
    bad.widths[1] = -5;
    EXPECT_ERROR(flow_size(bad, lk_flow_params_default(), proposal(100, 100)),
                 LK_ERR_INVALID_ITEM_SIZE, "widths[1]");
    const std::string mine = lk_last_error_message();
    std::string theirs_before, theirs_after;
    std::thread other([&] {
        theirs_before = lk_last_error_message();
        lk_anchor a{};
        (void)lk_alignment_anchor(-1, &a);
        theirs_after = lk_last_error_message();
    });
    other.join();
    CHECK(theirs_before.empty());
    CHECK(!theirs_after.empty() && theirs_after != mine);
    CHECK_EQ(std::string(lk_last_error_message()), mine);
    CHECK_EQ(lk_last_error_status(), lk_status(LK_ERR_INVALID_ITEM_SIZE));
}

} // namespace

int main()
{
    // Each test runs on its own, so one unexpected exception fails one test.
    void (*const tests[])() = {test_versions, test_layouts, test_errors,
                               test_thread_local_errors};
    for (auto test : tests) {
        try {
            test();
        } catch (const std::exception &e) {
            check(false, __LINE__, std::string("unexpected exception: ") + e.what());
        }
    }
    std::printf("%d passed, %d failed\n", g_passed, g_failed);
    return g_failed ? 1 : 0;
}
