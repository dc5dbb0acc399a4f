"""The bad-input matrix of the Python surface: for each call and each class of bad
input, the exception class and a word its message must contain; checked before any
result is written (``out=`` keeps its values) and, for an engine, before it changes."""

import math

import numpy as np
import pytest

import layoutkernel as lk

W, H = [10.0, 20.0, 30.0], [5.0, 6.0, 7.0]


def engine():
    held = lk.Engine(lk.Flow(spacing=2))
    held.set_items(W, H)
    return held


# (call, bad input, exception, a word the message contains); each call takes an
# engine holding the three items W, H (most ignore it).
CELLS = [
    (lambda e: lk.flow([1, math.nan, 2], H, width=25), "a width NaN", lk.InvalidItemError, "widths[1]"),
    (lambda e: lk.flow(W, [1, 2, -1], width=25), "a height negative", lk.InvalidItemError, "heights[2]"),
    (lambda e: lk.flow([2.0 ** 65, 1, 1], H), "a width above 2**64", lk.InvalidItemError, "widths[0]"),
    (lambda e: lk.flow(W, H, width=-1), "proposal width negative", lk.InvalidProposalError, "width"),
    (lambda e: lk.flow(W, H, height=-math.inf), "proposal height -inf", lk.InvalidProposalError, "height"),
    (lambda e: lk.flow(W, H, spacing=-2), "spacing negative", lk.InvalidParameterError, "spacing"),
    (lambda e: lk.flow(W, H, spacing="wide"), "spacing not a number", TypeError, "spacing"),
    (lambda e: lk.flow(W, H, alignment=(2, 0)), "anchor outside [0, 1]", lk.InvalidParameterError, "alignment"),
    (lambda e: lk.flow(W, H, alignment="middle"), "alignment name unknown", ValueError, "alignment"),
    (lambda e: lk.flow(W, H, justify="stretch"), "justify unknown", ValueError, "justify"),
    (lambda e: lk.flow(W, H, reverse=1), "reverse not a bool", TypeError, "reverse"),
    (lambda e: lk.flow(W, H, axis="z"), "axis unknown", ValueError, "axis"),
    (lambda e: lk.flow(W, H, grow=[1, -1, 0]), "a grow factor negative", lk.InvalidItemError, "grow[1]"),
    (lambda e: lk.flow(W, H, grow=[1]), "grow of another length", ValueError, "grow"),
    (lambda e: lk.flow(W, H[:2]), "heights of another length", ValueError, "same length"),
    (lambda e: lk.flow(W, H, breaks=[7]), "a break index out of range", ValueError, "breaks"),
    (lambda e: lk.flow(W, H, item_spacing=np.zeros((3, 3))), "item_spacing of a bad shape", ValueError,
     "item_spacing"),
    (lambda e: lk.flow(np.zeros(3, np.float64).reshape(3, 1), H), "widths not 1-D", ValueError, "widths"),
    (lambda e: lk.flow("abc", H), "widths a string", TypeError, "widths"),
    (lambda e: lk.flow(W, H, out="x"), "out not a Layout", TypeError, "out"),
    (lambda e: lk.Grid(columns=0).layout(W, H), "grid columns 0", ValueError, "columns"),
    (lambda e: lk.Circle(radius=math.nan).layout(W, H), "circle radius NaN", lk.InvalidParameterError, "radius"),
    (lambda e: lk.Balanced(axis="diagonal"), "balanced axis unknown", ValueError, "axis"),
    (lambda e: lk.first_fit([], 10, 10), "first_fit without candidates", lk.InvalidParameterError, "candidate"),
    (lambda e: lk.first_fit([(lk.Flow(), W, H)], axes="up"), "first_fit axes unknown", ValueError, "axes"),
    (lambda e: lk.Flow().layout_many(W, H, [1, 1]), "layout_many counts not adding up", ValueError, "counts"),
    (lambda e: lk.Flow().layout_many(W, H, [1, -1, 3]), "layout_many count negative", ValueError, "counts"),
    (lambda e: e.update(2, W, H), "engine update past the items", lk.InvalidParameterError, "start"),
    (lambda e: e.insert(4, W, H), "engine insert past the items", lk.InvalidParameterError, "index"),
    (lambda e: e.remove(1, 3), "engine remove past the items", lk.InvalidParameterError, "count"),
    (lambda e: e.remove(-1, 1), "engine remove at a negative index", ValueError, "start"),
    (lambda e: e.positions(2, 2), "engine positions past the items", lk.InvalidParameterError, "count"),
    (lambda e: e.visible(math.nan, 0, 1, 1), "engine visible with a NaN corner", lk.InvalidParameterError, "x0"),
    (lambda e: e.set_items([1, math.nan, 1], H), "engine set_items with a NaN width", lk.InvalidItemError,
     "widths[1]"),
    (lambda e: e.layout(width=-1), "engine layout, proposal negative", lk.InvalidProposalError, "width"),
]


@pytest.mark.parametrize("call, bad, error, word", CELLS, ids=[cell[1] for cell in CELLS])
def test_bad_input(call, bad, error, word):
    held = engine()
    before = held.layout(25)
    with pytest.raises(error) as raised:
        call(held)
    assert word in str(raised.value), (bad, str(raised.value))
    after = held.layout(25)   # a failed call leaves the engine as it was
    assert len(held) == 3
    np.testing.assert_array_equal(after.x, before.x)
    np.testing.assert_array_equal(after.y, before.y)


def test_out_keeps_its_values_on_error():
    out = lk.flow(W, H, width=25)
    x, y = out.x.copy(), out.y.copy()
    with pytest.raises(lk.InvalidItemError):
        lk.flow([1, math.nan, 1], H, width=25, out=out)
    np.testing.assert_array_equal(out.x, x)
    np.testing.assert_array_equal(out.y, y)
