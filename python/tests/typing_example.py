"""A typed use of the public API: ``mypy --strict`` must accept it (test_typing.py),
and it runs (it lays out real items)."""

import math
from array import array
from typing import Optional

import numpy as np

import layoutkernel as lk
from layoutkernel.errors import LayoutError


def main() -> None:
    widths = [30.0, 40.0, 50.0, 20.0]
    heights = (10, 20, 10, 5)
    layout: lk.Layout = lk.flow(widths, heights, width=100, spacing=10, alignment="center")
    x0: float = layout.x[0]
    width: float = layout.width
    rows: lk.Rows = layout.rows
    starts: list[int] = rows.start.tolist()
    assert len(layout) == 4 and len(rows) == len(starts) and x0 >= 0 and width == 100

    descriptor = lk.Flow(spacing=None, line_spacing=4, alignment=(0.5, 1.0), justify="space-between")
    sized: tuple[float, float] = descriptor.size(array("f", widths), heights, math.inf)
    count: int = descriptor.row_count(np.array(widths, np.float32), heights, 60)
    again = descriptor.layout(widths, heights, 120, None, breaks=[2], out=layout,
                              item_spacing=[widths, None, None, heights], exact=True)
    exact = again.x64
    assert again is layout and exact is not None and len(exact) == 4 and sized[0] > 0 and count > 0

    for shorthand in (lk.hstack, lk.vstack, lk.zstack):
        shorthand(widths, heights, spacing=2.0, alignment="bottomTrailing")
    lk.grid(widths, heights, columns=2, sizing="fill", width=200)
    lk.balanced(widths, heights, axis="vertical")
    lk.circle(widths, heights, radius=50, anchor="topLeading")
    index, chosen = lk.first_fit([(lk.HStack(spacing=4), widths, heights),
                                  (lk.VStack(), widths, heights)], width=100)
    assert 0 <= index < 2 and len(chosen) == 4

    many: lk.Layouts = lk.Grid(min_column_width=30).layout_many(widths * 2, heights * 2, [4, 4],
                                                                width=90)
    first: lk.Layout = many[0]
    assert len(many) == 2 and float(many.width[1]) == first.width

    engine = lk.Engine(lk.Flow(spacing=8))
    engine.set_items(widths, heights)
    engine.insert(len(engine), [10.0], [10.0])
    hit: Optional[int] = engine.item_at(1, 1, 100)
    visible = engine.visible(0, 0, 100, 100, 100)
    xs, ys = engine.positions(0, 2, 100, exact=True)
    stats: dict[str, int] = engine.stats
    assert hit == 0 and len(visible) > 0 and len(xs) == len(ys) == 2 and stats["bytes"] > 0

    svg: str = layout.to_svg(max_items=10)
    lk.set_max_threads(1)
    threads: int = lk.max_threads()
    versions: tuple[str, str] = (lk.version(), lk.active_kernel())
    assert svg.startswith("<svg") and threads == 1 and versions[0] == lk.__version__
    try:
        lk.flow([-1.0], [1.0])
    except lk.InvalidItemError as error:
        failed: LayoutError = error
        assert failed.index == 0 and failed.status_name == "LK_ERR_INVALID_ITEM_SIZE"


if __name__ == "__main__":
    main()
