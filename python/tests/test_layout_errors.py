"""Bad input for every layout kind and every entry point (descriptor, shorthand,
layout/size/row_count, first_fit): unknown names and wrong types raise
ValueError/TypeError from the binding; values the library rejects raise
lk.LayoutError with the library's message."""

import math
import re

import pytest

import layoutkernel as lk

W2, H2 = [30.0, 40.0], [10.0, 20.0]

# name -> (descriptor class, shorthand, keywords every call needs)
KINDS = {
    "hstack": (lk.HStack, lk.hstack, {}),
    "vstack": (lk.VStack, lk.vstack, {}),
    "zstack": (lk.ZStack, lk.zstack, {}),
    "grid": (lk.Grid, lk.grid, {}),
    "balanced": (lk.Balanced, lk.balanced, {}),
    "circle": (lk.Circle, lk.circle, {"radius": 5}),
}
STRUCT = {"hstack": "stack", "vstack": "stack", "zstack": "stack", "grid": "grid",
          "balanced": "balanced", "circle": "circle"}


def entry_points(kind, **keywords):
    """Every way to lay out W2 x H2 with ``kind`` and ``keywords``: the shorthand,
    the descriptor's layout, size and row_count, and first_fit (as the only and
    as the second candidate)."""
    cls, shorthand, needed = KINDS[kind]
    keywords = {**needed, **keywords}
    proposal = {key: keywords.pop(key) for key in ("width", "height") if key in keywords}
    widths, heights = keywords.pop("widths", W2), keywords.pop("heights", H2)
    spacing = {"item_spacing": keywords.pop("item_spacing")} if "item_spacing" in keywords else {}
    fourth = (spacing["item_spacing"],) if spacing else ()
    width, height = proposal.get("width"), proposal.get("height")
    return {
        "shorthand": lambda: shorthand(widths, heights, **proposal, **keywords, **spacing),
        "layout": lambda: cls(**keywords).layout(widths, heights, width, height, **spacing),
        "size": lambda: cls(**keywords).size(widths, heights, width, height, **spacing),
        "row_count": lambda: cls(**keywords).row_count(widths, heights, width, height, **spacing),
        "first_fit": lambda: lk.first_fit([(cls(**keywords), widths, heights, *fourth)],
                                          width, height),
        "first_fit_second": lambda: lk.first_fit(
            [(lk.ZStack(), [1.0], [1.0]), (cls(**keywords), widths, heights, *fourth)],
            width, height),
    }


def rejected(call, status_name, pattern):
    with pytest.raises(lk.LayoutError, match=pattern) as info:
        call()
    assert info.value.status_name == status_name and isinstance(info.value, ValueError)
    return info.value


def every_entry_point(kind, status_name, message, **keywords):
    """The library's message from every entry point (first_fit prefixes the candidate)."""
    for name, call in entry_points(kind, **keywords).items():
        prefix = {"first_fit": r"candidates\[0\]\.", "first_fit_second": r"candidates\[1\]\."}
        error = rejected(call, status_name, "^" + prefix.get(name, "") + message)
        yield name, error


# --- Values the library rejects ------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("axis", ["widths", "heights"])
@pytest.mark.parametrize("bad", [-1.0, math.nan, math.inf, 1e20])
def test_bad_item_size_names_the_item(kind, axis, bad):
    sizes = {"widths": list(W2), "heights": list(H2)}
    sizes[axis][1] = bad
    for _, error in every_entry_point(kind, "LK_ERR_INVALID_ITEM_SIZE",
                                      re.escape(f"items.{axis}[1] is "), **sizes):
        assert error.index == 1


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("keyword, bad", [("width", -1.0), ("height", -math.inf),
                                          ("width", -1e-30)])
def test_bad_proposal_even_where_it_is_ignored(kind, keyword, bad):
    for name, call in entry_points(kind, **{keyword: bad}).items():
        rejected(call, "LK_ERR_INVALID_PROPOSAL", f"^proposal.{keyword} is ")


@pytest.mark.parametrize("kind", ["hstack", "vstack", "zstack", "balanced"])
@pytest.mark.parametrize("bad", [-1.0, math.nan, math.inf, 1e20])
def test_bad_spacing(kind, bad):
    list(every_entry_point(kind, "LK_ERR_INVALID_PARAMETER",
                           re.escape(f"layout.{STRUCT[kind]}.spacing is "), spacing=bad))


@pytest.mark.parametrize("keyword", ["spacing", "line_spacing"])
@pytest.mark.parametrize("bad", [-1.0, math.nan, math.inf])
def test_bad_grid_spacing(keyword, bad):
    list(every_entry_point("grid", "LK_ERR_INVALID_PARAMETER",
                           re.escape(f"layout.grid.{keyword} is "), **{keyword: bad}))


@pytest.mark.parametrize("bad", [0.0, -5.0, math.nan, math.inf, 1e20])
def test_bad_min_column_width(bad):
    list(every_entry_point("grid", "LK_ERR_INVALID_PARAMETER",
                           re.escape("layout.grid.min_column_width is "), min_column_width=bad))


@pytest.mark.parametrize("kind, keyword", [("hstack", "alignment"), ("vstack", "alignment"),
                                           ("zstack", "alignment"), ("grid", "alignment"),
                                           ("circle", "anchor")])
@pytest.mark.parametrize("anchor", [(1.5, 0), (0, -0.1), (math.nan, 0.5)])
def test_anchor_out_of_range(kind, keyword, anchor):
    list(every_entry_point(kind, "LK_ERR_INVALID_PARAMETER",
                           re.escape(f"layout.{STRUCT[kind]}.{keyword} is ("), **{keyword: anchor}))


@pytest.mark.parametrize("keyword, bad", [("radius", -1.0), ("radius", math.nan),
                                          ("radius", math.inf), ("radius", 1e20),
                                          ("start_angle", math.inf), ("start_angle", math.nan)])
def test_bad_circle_parameters(keyword, bad):
    list(every_entry_point("circle", "LK_ERR_INVALID_PARAMETER",
                           re.escape(f"layout.circle.{keyword} is "), **{keyword: bad}))


@pytest.mark.parametrize("kind", ["hstack", "vstack", "balanced"])
@pytest.mark.parametrize("side", range(4))
def test_bad_item_spacing_names_the_item(kind, side):
    columns = [[0.0, 0.0] for _ in range(4)]
    columns[side][1] = -1.0
    name = ("leading", "trailing", "top", "bottom")[side]
    for _, error in every_entry_point(kind, "LK_ERR_INVALID_ITEM_SPACING",
                                      re.escape(f"items.spacing_{name}[1] is "),
                                      spacing=None, item_spacing=columns):
        assert error.index == 1


def test_first_fit_without_candidates():
    error = rejected(lambda: lk.first_fit([]), "LK_ERR_INVALID_PARAMETER", "candidates is empty")
    assert error.index is None


def test_first_fit_validates_every_candidate_before_choosing():
    # Candidate 0 would be chosen, but candidate 2 is invalid.
    candidates = [(lk.HStack(), W2, H2), (lk.VStack(), W2, H2), (lk.ZStack(), [1.0], [-1.0])]
    error = rejected(lambda: lk.first_fit(candidates, 1000, 1000), "LK_ERR_INVALID_ITEM_SIZE",
                     re.escape("candidates[2].items.heights[0] is -1.0"))
    assert error.index == 0


# --- Names and types the binding checks -------------------------------------------

@pytest.mark.parametrize("make, error, pattern", [
    (lambda: lk.Grid(sizing="stretch"), ValueError, "unknown sizing 'stretch'.*'fit', 'fill'"),
    (lambda: lk.Grid(sizing="Fit"), ValueError, "unknown sizing"),
    (lambda: lk.Grid(sizing=0), TypeError, "sizing must be one of the names"),
    (lambda: lk.Balanced(axis="row"), ValueError, "unknown axis 'row'.*'horizontal', 'vertical'"),
    (lambda: lk.Balanced(axis="both"), ValueError, "unknown axis"),
    (lambda: lk.Balanced(axis=1), TypeError, "axis must be one of the names"),
    (lambda: lk.HStack(alignment="middle"), ValueError, "unknown alignment 'middle'"),
    (lambda: lk.VStack(alignment=0.5), TypeError, "alignment must be a name or"),
    (lambda: lk.ZStack(alignment=(0, 0, 0)), ValueError, r"alignment must be an \(ax, ay\) pair"),
    (lambda: lk.Grid(alignment=("a", 0)), TypeError, "alignment ax must be a real number"),
    (lambda: lk.Circle(1, anchor="middle"), ValueError, "unknown anchor 'middle'"),
    (lambda: lk.Circle(1, anchor=None), TypeError, "anchor must be a name or"),
    (lambda: lk.Circle(1, anchor=(0.5,)), ValueError, r"anchor must be an \(ax, ay\) pair"),
    (lambda: lk.HStack(spacing="1"), TypeError, "spacing must be a real number"),
    (lambda: lk.VStack(spacing=True), TypeError, "spacing must be a real number"),
    (lambda: lk.Balanced(spacing=[1]), TypeError, "spacing must be a real number"),
    (lambda: lk.Grid(spacing=None), TypeError, "spacing must be a real number"),
    (lambda: lk.Grid(line_spacing=None), TypeError, "line_spacing must be a real number"),
    (lambda: lk.Grid(columns=2.0), TypeError, "columns must be an integer"),
    (lambda: lk.Grid(columns=True), TypeError, "columns must be an integer"),
    (lambda: lk.Grid(columns="2"), TypeError, "columns must be an integer"),
    (lambda: lk.Grid(columns=0), ValueError, "columns is 0; it must be >= 1"),
    (lambda: lk.Grid(columns=-3), ValueError, "columns is -3"),
    (lambda: lk.Grid(columns=2 ** 31), ValueError, "columns is 2147483648"),
    (lambda: lk.Grid(columns=2, min_column_width=10), TypeError, "not both"),
    (lambda: lk.Grid(min_column_width="10"), TypeError, "min_column_width must be a real"),
    (lambda: lk.Circle(), TypeError, "radius"),
    (lambda: lk.Circle(None), TypeError, "radius must be a real number"),
    (lambda: lk.Circle("5"), TypeError, "radius must be a real number"),
    (lambda: lk.Circle(5, start_angle=None), TypeError, "start_angle must be a real number"),
    (lambda: lk.HStack(columns=2), TypeError, "columns"),
    (lambda: lk.circle(W2, H2), TypeError, "radius"),
    (lambda: lk.grid(W2, H2, columns=1.5), TypeError, "columns must be an integer"),
    (lambda: lk.balanced(W2, H2, axis="diagonal"), ValueError, "unknown axis"),
    (lambda: lk.hstack(W2, H2, alignment="centre"), ValueError, "unknown alignment"),
])
def test_names_and_types(make, error, pattern):
    with pytest.raises(error, match=pattern):
        make()


@pytest.mark.parametrize("kind", KINDS)
def test_bad_items_and_proposal_types(kind):
    cls, shorthand, needed = KINDS[kind]
    descriptor = cls(**needed)
    for call, error, pattern in [
        (lambda: descriptor.layout("ab", H2), TypeError, "widths"),
        (lambda: descriptor.size(W2, [1, None]), TypeError, "heights"),
        (lambda: descriptor.row_count(W2, [1.0]), ValueError, "same length"),
        (lambda: descriptor.layout(W2, H2, "100"), TypeError, "width must be a real number"),
        (lambda: descriptor.size(W2, H2, None, [1]), TypeError, "height must be a real number"),
        (lambda: descriptor.layout(W2, H2, item_spacing=5), TypeError, "item_spacing"),
        (lambda: descriptor.layout(W2, H2, item_spacing=[W2] * 3), ValueError, "4 sequences"),
        (lambda: shorthand(W2, H2, width="1", **needed), TypeError, "width must be a real"),
        (lambda: descriptor.layout(W2, H2, breaks=[1]), TypeError, "breaks"),  # flow only
    ]:
        with pytest.raises(error, match=pattern):
            call()


@pytest.mark.parametrize("candidates, error, pattern", [
    (5, TypeError, "candidates must be a sequence"),
    ("abc", TypeError, "candidates must be a sequence"),
    (None, TypeError, "candidates must be a sequence"),
    ([lk.HStack()], TypeError, r"candidates\[0\] must be a \(layout, widths, heights\) tuple"),
    ([(lk.HStack(), W2, H2), "x"], TypeError, r"candidates\[1\] must be a"),
    ([(lk.HStack(), W2)], ValueError, r"candidates\[0\] must be .* got 2 values"),
    ([(lk.HStack(), W2, H2, None, None)], ValueError, "got 5 values"),
    ([("HStack", W2, H2)], TypeError, r"candidates\[0\]\[0\] must be a layout descriptor"),
    ([(lk.HStack, W2, H2)], TypeError, r"candidates\[0\]\[0\] must be a layout descriptor"),
    ([(lk.HStack(), W2, H2), (lk.VStack(), "ab", H2)], TypeError, r"candidates\[1\]: widths"),
    ([(lk.HStack(), W2, [1.0])], ValueError, r"candidates\[0\]: widths and heights must have"),
    ([(lk.HStack(), W2, H2, 7)], TypeError, r"candidates\[0\]: item_spacing"),
])
def test_first_fit_bad_candidates(candidates, error, pattern):
    with pytest.raises(error, match=pattern):
        lk.first_fit(candidates)


@pytest.mark.parametrize("keywords, error, pattern", [
    ({"axes": "diagonal"}, ValueError, "unknown axes 'diagonal'.*'both', 'horizontal', 'vertical'"),
    ({"axes": 3}, TypeError, "axes must be one of the names"),
    ({"axes": None}, TypeError, "axes must be one of the names"),
    ({"width": "10"}, TypeError, "width must be a real number"),
    ({"height": True}, TypeError, "height must be a real number"),
])
def test_first_fit_bad_keywords(keywords, error, pattern):
    with pytest.raises(error, match=pattern):
        lk.first_fit([(lk.HStack(), W2, H2)], **keywords)
