"""Bad input of every kind: the library's own message for what it validates,
the binding's ValueError/TypeError for what only Python can see."""

import math
import re

import numpy as np
import pytest

import layoutkernel as lk
from layoutkernel import _ffi

W4 = [30, 40, 50, 20]
H4 = [10, 20, 10, 5]


def library_error(status_name, pattern, call):
    with pytest.raises(lk.LayoutError, match=pattern) as info:
        call()
    error = info.value
    assert isinstance(error, ValueError)
    assert error.status_name == status_name
    assert isinstance(error.status, int) and error.status > 0
    return error


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf, -1.0, -0.015625])
@pytest.mark.parametrize("axis", ["widths", "heights"])
def test_bad_item_size_names_the_index(bad, axis):
    sizes = {"widths": list(W4), "heights": list(H4)}
    sizes[axis][3] = bad
    error = library_error("LK_ERR_INVALID_ITEM_SIZE", re.escape(f"{axis}[3]"),
                          lambda: lk.flow(sizes["widths"], sizes["heights"], width=100))
    assert error.index == 3 and error.status == 2


def test_first_bad_item_is_named():
    widths = np.array([1, -1, math.nan, 1], dtype=np.float32)
    error = library_error("LK_ERR_INVALID_ITEM_SIZE", r"widths\[1\]",
                          lambda: lk.flow(widths, [1, 1, 1, 1]))
    assert error.index == 1


@pytest.mark.parametrize("method", ["layout", "size", "row_count"])
def test_every_call_validates_items(method):
    call = getattr(lk.Flow(), method)
    library_error("LK_ERR_INVALID_ITEM_SIZE", r"heights\[0\]", lambda: call([1], [-1]))


@pytest.mark.parametrize("keyword", ["spacing", "line_spacing"])
@pytest.mark.parametrize("bad", [-1.0, math.nan, math.inf])
def test_bad_spacing(keyword, bad):
    error = library_error("LK_ERR_INVALID_PARAMETER", "spacing",
                          lambda: lk.flow(W4, H4, **{keyword: bad}))
    assert error.index is None


@pytest.mark.parametrize("anchor", [(1.5, 0), (0, -0.1), (math.nan, 0), (0, 2)])
def test_alignment_out_of_range(anchor):
    library_error("LK_ERR_INVALID_PARAMETER", "alignment", lambda: lk.flow(W4, H4, alignment=anchor))


@pytest.mark.parametrize("name", ["middle", "TopLeading", "top_leading", ""])
def test_unknown_alignment_name(name):
    with pytest.raises(ValueError, match="unknown alignment") as info:
        lk.Flow(alignment=name)
    assert "topLeading" in str(info.value) and "bottomTrailing" in str(info.value)


@pytest.mark.parametrize("alignment, error", [
    (0.5, TypeError), (None, TypeError), ((0.5,), ValueError), ((0, 0, 0), ValueError),
    (("a", 0), TypeError), ((True, 0), TypeError),
])
def test_malformed_alignment(alignment, error):
    with pytest.raises(error, match="alignment"):
        lk.Flow(alignment=alignment)


@pytest.mark.parametrize("keyword", ["width", "height"])
@pytest.mark.parametrize("bad", [-1.0, -math.inf, -1e-30])
def test_bad_proposal(keyword, bad):
    error = library_error("LK_ERR_INVALID_PROPOSAL", keyword,
                          lambda: lk.flow(W4, H4, **{keyword: bad}))
    assert error.status == 5


def test_bad_proposal_in_size_and_row_count():
    library_error("LK_ERR_INVALID_PROPOSAL", "width", lambda: lk.Flow().size(W4, H4, -1))
    library_error("LK_ERR_INVALID_PROPOSAL", "width", lambda: lk.Flow().row_count(W4, H4, -math.inf))


def test_nan_proposal_is_an_error_none_is_unspecified():
    with pytest.raises(ValueError, match="width is NaN; an unspecified proposal axis is None"):
        lk.Flow().size([10, 20], [1, 2], math.nan, None)
    assert lk.Flow().size([10, 20], [1, 2], None, None) == (30.0, 2.0)


@pytest.mark.parametrize("widths, heights", [
    ([1, 2, 3], [1, 2]), ([], [1]), (np.ones(3, np.float32), np.ones(4, np.float32)),
])
def test_mismatched_lengths(widths, heights):
    with pytest.raises(ValueError, match="same length"):
        lk.flow(widths, heights)
    with pytest.raises(ValueError, match="same length"):
        lk.Flow().size(widths, heights)


@pytest.mark.parametrize("breaks, pattern", [
    ([4], r"breaks\[0\] is 4"), ([1, -1], r"breaks\[1\] is -1"), ([100], "breaks"),
])
def test_break_index_out_of_range(breaks, pattern):
    with pytest.raises(ValueError, match=pattern):
        lk.flow(W4, H4, breaks=breaks)


@pytest.mark.parametrize("breaks", [[True, False], np.zeros(5, dtype=bool), bytes(3),
                                    np.zeros(2, dtype=np.uint8)])
def test_break_mask_of_wrong_length(breaks):
    with pytest.raises(ValueError, match="one entry per item"):
        lk.flow(W4, H4, breaks=breaks)


@pytest.mark.parametrize("breaks", [[1.5], ["1"], 3, np.array([1.0, 2.0]), [None]])
def test_break_of_wrong_type(breaks):
    with pytest.raises(TypeError, match="breaks"):
        lk.flow(W4, H4, breaks=breaks)


def test_break_mask_must_be_one_dimensional():
    with pytest.raises(ValueError, match="one-dimensional"):
        lk.flow(W4, H4, breaks=np.zeros((2, 2), dtype=bool))


@pytest.mark.parametrize("item_spacing, error, pattern", [
    ([W4, W4, W4], ValueError, "4 sequences"),
    ([W4] * 5, ValueError, "4 sequences"),
    ([[1, 2], W4, W4, W4], ValueError, "leading must have one entry per item"),
    (np.zeros((4, 3)), ValueError, r"shape \(n, 4\)"),
    (np.zeros((3, 4)), ValueError, r"shape \(n, 4\)"),
    (np.zeros(16), ValueError, r"shape \(n, 4\)"),
    (5, TypeError, "item_spacing"),
    ("abcd", TypeError, "item_spacing"),
    ([1, 2, 3, 4], TypeError, "item_spacing leading"),
    ([W4, W4, "abcd", W4], TypeError, "item_spacing top"),
])
def test_bad_item_spacing_shape_or_type(item_spacing, error, pattern):
    with pytest.raises(error, match=pattern):
        lk.flow(W4, H4, spacing=None, item_spacing=item_spacing)


@pytest.mark.parametrize("side", range(4))
@pytest.mark.parametrize("bad", [-1.0, math.nan, math.inf])
def test_bad_item_spacing_values_name_the_item(side, bad):
    columns = [[0.0] * 4 for _ in range(4)]
    columns[side][2] = bad
    names = ("leading", "trailing", "top", "bottom")
    error = library_error("LK_ERR_INVALID_ITEM_SPACING", rf"{names[side]}\[2\]",
                          lambda: lk.flow(W4, H4, spacing=None, line_spacing=None,
                                          item_spacing=columns))
    assert error.index == 2 and error.status == 3


@pytest.mark.parametrize("widths", [
    "abcd", b"abcd", bytearray(16), True, None, [1, "2", 3, 4], [1, None, 3, 4],
    np.array(["a", "b", "c", "d"]), np.array([1, 2, 3, 4], dtype=complex),
    np.array([True, False, True, True]), {"a": 1},
], ids=["str", "bytes", "bytearray", "bool", "None", "list_with_str", "list_with_None",
        "np_str", "np_complex", "np_bool", "dict"])
def test_wrong_types_for_sizes(widths):
    with pytest.raises(TypeError, match="widths"):
        lk.flow(widths, H4)


@pytest.mark.parametrize("widths", [np.ones((2, 2), np.float32), np.ones((2, 1), np.float32),
                                    memoryview(np.ones((2, 2), np.float32))])
def test_sizes_must_be_one_dimensional(widths):
    with pytest.raises(ValueError, match="one-dimensional"):
        lk.flow(widths, [1, 1])


@pytest.mark.parametrize("keywords, name", [
    ({"width": "100"}, "width"), ({"height": [1]}, "height"), ({"spacing": "1"}, "spacing"),
    ({"line_spacing": True}, "line_spacing"),
])
def test_wrong_types_for_scalars(keywords, name):
    with pytest.raises(TypeError, match=name):
        lk.flow(W4, H4, **keywords)


def test_keywords_are_keyword_only():
    with pytest.raises(TypeError):
        lk.flow(W4, H4, 100, None, 8)   # only the proposal goes by position
    with pytest.raises(TypeError):
        lk.Flow().layout(W4, H4, 100, None, [1])


def test_error_after_success_carries_the_new_message():
    first = library_error("LK_ERR_INVALID_ITEM_SIZE", r"widths\[0\]", lambda: lk.flow([-1], [1]))
    lk.flow([1], [1])
    second = library_error("LK_ERR_INVALID_PROPOSAL", "width", lambda: lk.flow([1], [1], width=-2))
    assert str(first) != str(second) and second.index is None


def test_threads_get_their_own_results_and_messages():
    from concurrent.futures import ThreadPoolExecutor

    def work(k):
        widths = np.full(1000, 10 + k, dtype=np.float32)
        layout = lk.flow(widths, np.ones(1000, np.float32), width=500)
        try:
            lk.flow([1] * k + [-1], [1] * (k + 1))
        except lk.LayoutError as error:
            return layout.width, len(layout.rows), str(error), error.index
        return None

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(work, range(32)))
    for k, (width, rows, message, index) in enumerate(results):
        per_row = 500 // (10 + k)
        assert width == 500.0 and rows == -(-1000 // per_row)
        assert message.startswith(f"items.widths[{k}] ") and index == k


# LK_MAX_LENGTH: sizes and spacings above 2**64 are rejected, so that no sum
# a layout forms can overflow float32 to infinity.

@pytest.mark.parametrize("big", [1e20, 3e38, 2.0 ** 65])
@pytest.mark.parametrize("axis", ["widths", "heights"])
def test_sizes_above_2_64_are_rejected(big, axis):
    sizes = {"widths": [1.0, 1.0], "heights": [1.0, 1.0]}
    sizes[axis][1] = big
    error = library_error("LK_ERR_INVALID_ITEM_SIZE", rf"{axis}\[1\] is .*<= 2\^64",
                          lambda: lk.flow(sizes["widths"], sizes["heights"]))
    assert error.index == 1


@pytest.mark.parametrize("keyword", ["spacing", "line_spacing"])
def test_spacing_above_2_64_is_rejected(keyword):
    error = library_error("LK_ERR_INVALID_PARAMETER", rf"{keyword} is 1e\+20 .*<= 2\^64",
                          lambda: lk.flow(W4, H4, **{keyword: 1e20}))
    assert error.index is None


def test_item_spacing_above_2_64_is_rejected():
    columns = [[0.0] * 4, [0.0, 1e20, 0.0, 0.0], None, None]
    error = library_error("LK_ERR_INVALID_ITEM_SPACING", r"trailing\[1\]",
                          lambda: lk.flow(W4, H4, spacing=None, item_spacing=columns))
    assert error.index == 1


def test_the_float_overflow_example_is_rejected():
    # Before the bound, this laid out to an infinite container width.
    library_error("LK_ERR_INVALID_ITEM_SIZE", r"widths\[0\] is 3e\+38",
                  lambda: lk.flow([3e38, 3e38], [1, 1], spacing=3e38))


def test_exactly_2_64_is_accepted():
    big = _ffi.LK_MAX_LENGTH
    assert big == 2.0 ** 64
    layout = lk.flow([big, big], [1.0, big], spacing=big, line_spacing=big)
    assert (layout.width, layout.height) == (3 * big, big)
