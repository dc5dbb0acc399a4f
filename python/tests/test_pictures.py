"""python/examples/pictures.py draws one SVG per layout kind and per CSS flow
feature; Layout.to_svg() for every kind (numbered boxes, the container's outline,
items inside the larger size a layout gives them: a balanced stack's cells, grown
items)."""

import importlib.util
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import layoutkernel as lk

PYTHON_DIR = Path(__file__).resolve().parents[1]
SCRIPT = PYTHON_DIR / "examples" / "pictures.py"
SVG = "{http://www.w3.org/2000/svg}"
STEMS = ["flow", "hstack", "vstack", "zstack", "grid-fit", "grid-fill", "balanced-row",
         "balanced-column", "circle", "flow-space-between", "flow-rtl", "flow-reverse",
         "flow-wrap-reverse", "flow-vertical", "flow-align-content", "flow-grow", "flow-nowrap", "flow-balance", "flow-max-lines",
         "flow-baseline", "flow-stretch", "flow-shrink"]


def load_script():
    spec = importlib.util.spec_from_file_location("pictures", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_script(*args):
    done = subprocess.run([sys.executable, str(SCRIPT), *map(str, args)],
                          env=dict(os.environ, PYTHONPATH=str(PYTHON_DIR)),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done


def boxes(text):
    """``(item rects, container rects, content rects, overflow rects, labels)`` of an
    SVG document."""
    root = ET.fromstring(text)
    assert root.tag == SVG + "svg"
    rects = root.findall(SVG + "rect")
    by_class = {kind: [r for r in rects if r.get("class") == kind]
                for kind in ("item", "container", "content", "overflow")}
    assert len(rects) == sum(len(v) for v in by_class.values())
    return by_class["item"], by_class["container"], by_class["content"], by_class["overflow"], \
        [t.text for t in root.findall(SVG + "text")]


@pytest.fixture(scope="module")
def pictures(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pictures")
    done = run_script(folder)
    return folder, done.stdout


def test_one_picture_per_kind(pictures):
    folder, stdout = pictures
    assert sorted(p.name for p in folder.iterdir()) == sorted(f"{s}.svg" for s in STEMS)
    assert [Path(line).name for line in stdout.split()] == [f"{s}.svg" for s in STEMS]
    assert [stem for stem, _, _ in load_script().PICTURES] == STEMS


@pytest.mark.parametrize("stem", STEMS)
def test_each_picture_has_one_box_per_item_and_the_outline(pictures, stem):
    folder, _ = pictures
    script = load_script()
    descriptor, arguments = {s: (d, a) for s, d, a in script.PICTURES}[stem]
    layout = descriptor.layout(script.WIDTHS, script.HEIGHTS, **arguments)
    # Hidden items (max_lines) are not drawn; the overflow item is, labelled +N.
    n = len(script.WIDTHS) - layout.hidden
    items, outlines, contents, overflows, labels = boxes((folder / f"{stem}.svg").read_text())
    assert len(items) == n and len(outlines) == 1
    assert (layout.hidden > 0) == (stem == "flow-max-lines") == (len(overflows) == 1)
    assert labels == [str(i) for i in range(n)] + [f"+{layout.hidden}"] * len(overflows)
    if overflows:
        assert tuple(float(overflows[0].get(k)) for k in ("x", "y", "width", "height")) == layout.overflow
    assert [float(r.get("x")) for r in items] == layout.x.tolist()[:n]
    assert [float(r.get("width")) for r in items] == layout.item_width.tolist()[:n]
    assert (float(outlines[0].get("width")), float(outlines[0].get("height"))) == \
        (layout.width, layout.height)
    # Each item given a size other than its own (a balanced stack's cell, a grown,
    # stretched or shrunk item) has its own size drawn too; no other item has.
    smaller = sum((w, h) != (gw, gh) for w, h, gw, gh in zip(
        script.WIDTHS[:n], script.HEIGHTS[:n], layout.item_width.tolist(), layout.item_height.tolist()))
    assert len(contents) == smaller
    assert (smaller > 0) == (stem.startswith("balanced") or stem in ("flow-grow", "flow-stretch", "flow-shrink"))


def test_output_is_deterministic(pictures, tmp_path):
    folder, _ = pictures
    run_script(tmp_path)
    for stem in STEMS:
        assert (tmp_path / f"{stem}.svg").read_bytes() == (folder / f"{stem}.svg").read_bytes()


def shapes(text):
    """Every element's tag and attributes, numbers as floats (text as is)."""
    def value(v):
        try:
            return tuple(float(part) for part in v.split())  # viewBox has four
        except ValueError:
            return v
    return [(e.tag, {k: value(v) for k, v in e.attrib.items()}, e.text)
            for e in ET.fromstring(text).iter()]


def test_the_committed_pictures_are_current(pictures):
    # python/examples/pictures/ holds the script's output for the README. Numbers
    # are compared within 1e-4: a circle's positions may differ in the last bits
    # between machines (within 1e-5 of the size, the header's promise).
    folder, _ = pictures
    committed = PYTHON_DIR / "examples" / "pictures"
    for stem in STEMS:
        old, new = (shapes((f / f"{stem}.svg").read_text()) for f in (committed, folder))
        assert len(old) == len(new), f"rerun python/examples/pictures.py ({stem}.svg)"
        for (tag, attributes, text), (tag2, attributes2, text2) in zip(old, new):
            assert (tag, text, attributes.keys()) == (tag2, text2, attributes2.keys()), stem
            for key, v in attributes.items():
                same = v == attributes2[key] if isinstance(v, str) else \
                    v == pytest.approx(attributes2[key], abs=1e-4)
                assert same, \
                    f"rerun python/examples/pictures.py ({stem}.svg, {key})"


def test_usage_error():
    done = subprocess.run([sys.executable, str(SCRIPT), "a", "b"],
                          env=dict(os.environ, PYTHONPATH=str(PYTHON_DIR)),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "usage" in done.stderr


def test_balanced_cells_hold_the_items():
    layout = lk.balanced([30, 50], [10, 20], spacing=5)
    items, outlines, contents, _, _ = boxes(layout.to_svg())
    assert [(float(r.get("x")), float(r.get("width")), float(r.get("height"))) for r in items] == \
        [(0, 50, 20), (55, 50, 20)]
    assert [(float(r.get("x")), float(r.get("y")), float(r.get("width")), float(r.get("height")))
            for r in contents] == [(0, 0, 30, 10)]  # item 1 fills its cell


def test_first_fit_result_draws_like_its_candidate():
    candidates = [(lk.Balanced(), [30, 50], [10, 20]), (lk.Balanced(axis="vertical"), [30, 50],
                                                         [10, 20])]
    chosen, layout = lk.first_fit(candidates, 60, 100)
    assert chosen == 1
    assert layout.to_svg() == candidates[1][0].layout([30, 50], [10, 20], 60, 100).to_svg()


@pytest.mark.parametrize("layout", [
    lk.hstack([10, 20], [5, 5], spacing=2), lk.vstack([10, 20], [5, 5]),
    lk.zstack([10, 20], [5, 5]), lk.grid([10, 20, 30], [5, 5, 5], columns=2),
    lk.circle([10, 20, 30], [5, 5, 5], radius=20, anchor="topLeading"),
], ids=["hstack", "vstack", "zstack", "grid", "circle_corner"])
def test_every_kind_is_inside_the_view_box(layout):
    root = ET.fromstring(layout.to_svg())
    x0, y0, width, height = (float(v) for v in root.get("viewBox").split())
    for x, y, w, h in zip(layout.x, layout.y, layout.item_width, layout.item_height):
        assert x0 <= x and x + w <= x0 + width and y0 <= y and y + h <= y0 + height
    items, outlines, _, _, _ = boxes(layout.to_svg())
    assert len(items) == len(layout) and len(outlines) == 1
