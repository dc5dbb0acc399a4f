"""The Flow descriptor, the Layout and Rows objects, and the package surface."""

import math

import layoutkernel as lk

W4 = [30, 40, 50, 20]
H4 = [10, 20, 10, 5]


def test_public_names():
    for name in ("flow", "Flow", "Layout", "Rows", "LayoutError", "version",
                 "ABI_VERSION", "ALIGNMENTS", "__version__"):
        assert hasattr(lk, name), name
    assert issubclass(lk.LayoutError, ValueError)
    assert len(lk.ALIGNMENTS) == 9


def test_flow_is_shorthand_for_the_descriptor():
    direct = lk.flow(W4, H4, width=100, height=50, spacing=10, line_spacing=2,
                     alignment="bottom", breaks=[3])
    descriptor = lk.Flow(spacing=10, line_spacing=2, alignment="bottom")
    via = descriptor.layout(W4, H4, 100, 50, breaks=[3])
    assert (direct.width, direct.height) == (via.width, via.height)
    assert direct.x.tolist() == via.x.tolist() and direct.y.tolist() == via.y.tolist()
    assert direct.rows.start.tolist() == via.rows.start.tolist()


def test_defaults():
    flow = lk.Flow()
    assert (flow.spacing, flow.line_spacing, flow.alignment, flow.anchor) == \
        (0.0, 0.0, "topLeading", (0.0, 0.0))


def test_repr_round_trips():
    for flow in (lk.Flow(), lk.Flow(spacing=None, line_spacing=2.5, alignment="center"),
                 lk.Flow(spacing=3, alignment=(0.25, 1))):
        assert eval(repr(flow), {"Flow": lk.Flow}) == flow
    assert repr(lk.Flow(spacing=None, alignment="center")) == \
        "Flow(spacing=None, line_spacing=0.0, alignment='center')"


def test_equality_and_hash():
    assert lk.Flow(spacing=10) == lk.Flow(spacing=10.0)
    assert lk.Flow(alignment="center") == lk.Flow(alignment=(0.5, 0.5))
    assert hash(lk.Flow(alignment="center")) == hash(lk.Flow(alignment=(0.5, 0.5)))
    assert lk.Flow(spacing=None) != lk.Flow(spacing=0)
    assert lk.Flow(line_spacing=1) != lk.Flow()
    assert lk.Flow() != "Flow()"
    assert len({lk.Flow(), lk.Flow(), lk.Flow(spacing=1)}) == 2


def test_descriptor_is_immutable():
    flow = lk.Flow()
    for name in ("spacing", "line_spacing", "alignment", "anchor"):
        try:
            setattr(flow, name, 1)
        except AttributeError:
            continue
        raise AssertionError(f"{name} could be set")


def test_descriptor_is_reusable():
    flow = lk.Flow(spacing=10)
    first = flow.layout(W4, H4, 100)
    flow.layout([1], [1])
    assert flow.layout(W4, H4, 100).x.tolist() == first.x.tolist()


def test_layout_and_rows_objects():
    layout = lk.flow(W4, H4, width=100, spacing=10)
    assert len(layout) == 4 and len(layout.rows) == 2
    assert repr(layout) == "<Layout: 4 items in 2 rows, 100 x 30>"
    assert repr(layout.rows) == "<Rows: 2 rows>"
    assert isinstance(layout.width, float) and isinstance(layout.height, float)


def test_infinite_width_keyword():
    assert lk.Flow(spacing=1).size([1, 2], [1, 1], math.inf) == (4.0, 1.0)
    assert lk.Flow().row_count([1, 2], [1, 1], math.inf) == 1
    assert lk.Flow().row_count([1, 2], [1, 1], None, breaks=[1]) == 2


def test_docstrings():
    for obj in (lk, lk.flow, lk.Flow, lk.Flow.layout, lk.Flow.size, lk.Flow.row_count,
                lk.Layout, lk.Layout.frames, lk.Layout.to_svg, lk.Rows, lk.LayoutError,
                lk.version):
        assert obj.__doc__ and len(obj.__doc__.strip()) > 20, obj
