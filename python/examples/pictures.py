"""Draw one SVG picture per layout kind, and per CSS flow feature, of the same small
set of tag-like items.

Usage (from the repository root):

    PYTHONPATH=python python3 python/examples/pictures.py [FOLDER]

writes ``<stem>.svg`` for every entry of :data:`PICTURES` (flow, hstack, vstack,
zstack, grid-fit, grid-fill, balanced-row, balanced-column, circle, then the flow
features: flow-space-between, flow-rtl, flow-reverse, flow-wrap-reverse,
flow-vertical, flow-align-content, flow-grow, flow-nowrap, flow-balance,
flow-max-lines, and the item rules: flow-baseline, flow-stretch, flow-shrink) into FOLDER, by default ``python/examples/pictures/`` (next to
this script). The output is deterministic:
the same library version writes the same files. Each picture is
``Layout.to_svg()`` with a comment naming the call that made it.
"""

import sys
from pathlib import Path

try:
    import layoutkernel as lk
except ImportError:  # run from a checkout without PYTHONPATH=python
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import layoutkernel as lk

#: The items: six tags of different widths, one a little taller than the others.
WIDTHS = [64.0, 40.0, 96.0, 56.0, 80.0, 48.0]
HEIGHTS = [28.0, 28.0, 36.0, 28.0, 32.0, 28.0]

#: ``(file stem, descriptor, keyword arguments of its layout call)`` for every picture.
PICTURES = [
    ("flow", lk.Flow(spacing=8, line_spacing=8), {"width": 240.0}),
    ("hstack", lk.HStack(spacing=8), {}),
    ("vstack", lk.VStack(spacing=8, alignment="leading"), {}),
    ("zstack", lk.ZStack(alignment="topLeading"), {}),
    ("grid-fit", lk.Grid(columns=3, spacing=8, line_spacing=8), {}),
    ("grid-fill", lk.Grid(columns=3, sizing="fill", spacing=8, line_spacing=8,
                          alignment="leading"), {"width": 352.0}),
    ("balanced-row", lk.Balanced(spacing=8), {}),
    ("balanced-column", lk.Balanced(axis="vertical", spacing=8), {}),
    ("circle", lk.Circle(radius=90), {}),
    # The CSS flow features, each on its own.
    ("flow-space-between", lk.Flow(spacing=8, line_spacing=8, justify="space-between"), {"width": 240.0}),
    ("flow-rtl", lk.Flow(spacing=8, line_spacing=8, direction="rtl"), {"width": 240.0}),
    ("flow-reverse", lk.Flow(spacing=8, line_spacing=8, reverse=True), {"width": 240.0}),
    ("flow-wrap-reverse", lk.Flow(spacing=8, line_spacing=8, wrap_reverse=True), {"width": 240.0}),
    ("flow-vertical", lk.Flow(spacing=8, line_spacing=8, axis="vertical"), {"height": 110.0}),
    ("flow-align-content", lk.Flow(spacing=8, line_spacing=8, align_content="space-around"),
     {"width": 240.0, "height": 160.0}),
    ("flow-grow", lk.Flow(spacing=8, line_spacing=8), {"width": 240.0, "grow": [1.0, 0.0, 0.0, 2.0, 1.0, 0.0]}),
    ("flow-nowrap", lk.Flow(spacing=8, line_spacing=8, justify="center", wrap="nowrap"), {"width": 240.0}),
    # At 300 greedy lines hold 4 and 2 items; balanced, 3 and 3.
    ("flow-balance", lk.Flow(spacing=8, line_spacing=8, wrap="balance"), {"width": 300.0}),
    # One line kept, a "+N" item at its end: two tags give way to it.
    ("flow-max-lines", lk.Flow(spacing=8, line_spacing=8, max_lines=1, overflow_item=(40.0, 28.0)),
     {"width": 240.0}),
    # Item rules (SPEC.md §13): baselines, stretch, shrinking within minimums.
    ("flow-baseline", lk.Flow(spacing=8, line_spacing=8, align_items="baseline"),
     {"width": 240.0, "baseline": [20.0, 20.0, 28.0, 20.0, 18.0, 20.0]}),
    ("flow-stretch", lk.Flow(spacing=8, line_spacing=8, align_items="stretch"),
     {"width": 240.0, "stretchable": [True, False, True, True, False, True]}),
    ("flow-shrink", lk.Flow(spacing=8, line_spacing=8, wrap="nowrap"),
     {"width": 300.0, "shrink": [1.0] * 6, "min_width": [64.0, None, None, None, None, None]}),
]

DEFAULT_FOLDER = Path(__file__).resolve().parent / "pictures"


def picture(descriptor, arguments):
    """The SVG text of ``descriptor`` laying out the items with ``arguments`` (the
    proposal, and a flow's grow factors and item rules)."""
    svg = descriptor.layout(WIDTHS, HEIGHTS, **arguments).to_svg()
    head, rest = svg.split("\n", 1)
    keywords = "".join(f", {name}={value!r}" for name, value in arguments.items())
    call = f"{descriptor!r}.layout(WIDTHS, HEIGHTS{keywords})"
    return f"{head}\n<!-- {call}; WIDTHS = {WIDTHS}, HEIGHTS = {HEIGHTS} -->\n{rest}\n"


def main(argv):
    if len(argv) > 1:
        sys.exit(f"usage: {Path(__file__).name} [FOLDER]  (default: {DEFAULT_FOLDER})")
    folder = Path(argv[0]) if argv else DEFAULT_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    for stem, descriptor, arguments in PICTURES:
        path = folder / f"{stem}.svg"
        path.write_text(picture(descriptor, arguments), encoding="utf-8")
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
