"""Draw one SVG picture per layout kind of the same small set of tag-like items.

Usage (from the repository root):

    PYTHONPATH=python python3 python/examples/pictures.py [FOLDER]

writes ``<kind>.svg`` for every kind in :data:`PICTURES` (flow, hstack, vstack,
zstack, grid-fit, grid-fill, balanced-row, balanced-column, circle) into FOLDER,
by default ``python/examples/pictures/`` (next to this script). The output is
deterministic: the same library version writes the same files. Each picture is
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

#: ``(file stem, descriptor, proposal width)`` for every picture.
PICTURES = [
    ("flow", lk.Flow(spacing=8, line_spacing=8), 240.0),
    ("hstack", lk.HStack(spacing=8), None),
    ("vstack", lk.VStack(spacing=8, alignment="leading"), None),
    ("zstack", lk.ZStack(alignment="topLeading"), None),
    ("grid-fit", lk.Grid(columns=3, spacing=8, line_spacing=8), None),
    ("grid-fill", lk.Grid(columns=3, sizing="fill", spacing=8, line_spacing=8,
                          alignment="leading"), 352.0),
    ("balanced-row", lk.Balanced(spacing=8), None),
    ("balanced-column", lk.Balanced(axis="vertical", spacing=8), None),
    ("circle", lk.Circle(radius=90), None),
]

DEFAULT_FOLDER = Path(__file__).resolve().parent / "pictures"


def picture(descriptor, width):
    """The SVG text of ``descriptor`` laying out the items for proposal width ``width``."""
    svg = descriptor.layout(WIDTHS, HEIGHTS, width).to_svg()
    head, rest = svg.split("\n", 1)
    call = f"{descriptor!r}.layout(WIDTHS, HEIGHTS, width={width!r})"
    return f"{head}\n<!-- {call}; WIDTHS = {WIDTHS}, HEIGHTS = {HEIGHTS} -->\n{rest}\n"


def main(argv):
    if len(argv) > 1:
        sys.exit(f"usage: {Path(__file__).name} [FOLDER]  (default: {DEFAULT_FOLDER})")
    folder = Path(argv[0]) if argv else DEFAULT_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    for stem, descriptor, width in PICTURES:
        path = folder / f"{stem}.svg"
        path.write_text(picture(descriptor, width), encoding="utf-8")
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
