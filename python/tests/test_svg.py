"""Layout.to_svg(): well-formed SVG with one box per drawn item and the outline."""

import xml.etree.ElementTree as ET

import numpy as np
import pytest

import layoutkernel as lk
from layoutkernel import svg

SVG = "{http://www.w3.org/2000/svg}"


def parse(text):
    root = ET.fromstring(text)
    assert root.tag == SVG + "svg"
    rects = root.findall(SVG + "rect")
    items = [r for r in rects if r.get("class") == "item"]
    outlines = [r for r in rects if r.get("class") == "container"]
    return root, items, outlines


def test_one_rect_per_item_plus_the_outline():
    layout = lk.flow([30, 40, 50, 20], [10, 20, 10, 5], width=100, spacing=10)
    root, items, outlines = parse(layout.to_svg())
    assert len(items) == 4 and len(outlines) == 1
    assert len(root.findall(SVG + "rect")) == 5
    assert [(float(r.get("x")), float(r.get("y"))) for r in items] == \
        [(0, 0), (40, 0), (0, 20), (60, 20)]
    assert [float(r.get("width")) for r in items] == [30, 40, 50, 20]
    assert (float(outlines[0].get("width")), float(outlines[0].get("height"))) == (100, 30)
    labels = [t.text for t in root.findall(SVG + "text")]
    assert labels == ["0", "1", "2", "3"]
    assert layout._repr_svg_() == layout.to_svg()


def test_empty_layout():
    root, items, outlines = parse(lk.flow([], []).to_svg())
    assert items == [] and len(outlines) == 1
    assert float(root.get("width")) > 0


def test_overflowing_items_are_inside_the_view_box():
    layout = lk.flow([50, 30], [10, 10], width=40, alignment="topTrailing")  # item 0 at x -10
    root, _, _ = parse(layout.to_svg())
    x0, y0, width, height = (float(v) for v in root.get("viewBox").split())
    assert x0 < -10 and x0 + width > 40


def test_big_layouts_are_capped_and_say_so():
    n = 12_000
    layout = lk.flow(np.full(n, 8, np.float32), np.full(n, 6, np.float32), width=800, spacing=2)
    text = layout.to_svg()
    root, items, outlines = parse(text)
    assert len(items) == svg.MAX_ITEMS and len(outlines) == 1
    assert f"showing the first {svg.MAX_ITEMS} of {n} items" in text
    assert float(root.get("width")) <= svg.DISPLAY_WIDTH
    _, items, _ = parse(layout.to_svg(max_items=10))
    assert len(items) == 10


def test_wide_layouts_are_scaled_to_the_display_width():
    layout = lk.flow([5000, 3000], [100, 100])
    root, _, _ = parse(layout.to_svg())
    assert float(root.get("width")) == svg.DISPLAY_WIDTH
    assert "viewBox" in root.attrib


def test_small_layouts_are_enlarged():
    root, _, _ = parse(lk.flow([10], [10]).to_svg())
    x0, y0, width, height = (float(v) for v in root.get("viewBox").split())
    assert float(root.get("width")) == width * svg.MAX_ZOOM


def test_small_boxes_get_no_label():
    layout = lk.flow([0.5] * 3, [0.5] * 3, width=2000)  # scaled to 800/2000
    root, items, _ = parse(layout.to_svg())
    assert len(items) == 3 and root.findall(SVG + "text") == []


def test_a_window_in_the_middle_of_a_long_layout():
    n = 100_000
    layout = lk.flow(np.full(n, 30, np.float32), np.full(n, 10, np.float32), width=100, exact=True)
    # Rows of 3 items (30 px, no gap), 10 px apart: rows 2000 and 2001 meet y 20,005 .. 20,015.
    svg = layout.to_svg(window=(0, 20_005, 100, 20_015))
    assert 'viewBox="0 20005 100 10"' in svg
    assert "showing 6 of the 6 items that meet it" in svg
    numbers = [int(t.split(">")[1].split("<")[0]) for t in svg.split("<text")[1:]]
    assert numbers == [6000, 6001, 6002, 6003, 6004, 6005]
    assert svg.count('class="item"') == 6
    assert len(layout.to_svg(window=(0, 20_005, 100, 20_015), max_items=2).split('class="item"')) == 3
    for bad in ((0, 0, 0, 10), (0, 0, float("nan"), 10)):
        with pytest.raises(ValueError, match="window"):
            layout.to_svg(window=bad)
    with pytest.raises(TypeError, match="window"):
        layout.to_svg(window=(0, 0, 1))
