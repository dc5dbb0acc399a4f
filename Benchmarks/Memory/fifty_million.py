"""The memory a very large layout takes, through the Python binding.

    python3 fifty_million.py flow   [N] [BOUND]   lk.flow of N items (default 50,000,000)
    python3 fifty_million.py engine [N] [BOUND]   an lk.Engine holding N items: set_items,
                                                  size, one visible query, positions

Items of the same ranges as fifty_million.c's. Prints the process's peak resident memory, the
bytes the caller holds (the NumPy inputs; for the flow also the result, whose arrays
are the Layout's own: x, y, the items' sizes and the row table), and what the library
added, per item. With BOUND (bytes per item), exits 1 when that share exceeds it.
"""
import resource
import sys

import numpy as np

import layoutkernel as lk


def resident_bytes():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4096


def main(argv):
    if len(argv) < 2 or argv[1] not in ("flow", "engine"):
        sys.exit(f"usage: {argv[0]} flow|engine [N] [BOUND]")
    mode = argv[1]
    n = int(argv[2]) if len(argv) > 2 else 50_000_000
    bound = float(argv[3]) if len(argv) > 3 else 0.0
    start = resident_bytes()
    rng = np.random.default_rng(12345)
    widths = rng.integers(24, 201, n, dtype=np.int32).astype(np.float32)
    heights = rng.integers(16, 41, n, dtype=np.int32).astype(np.float32)
    caller = widths.nbytes + heights.nbytes
    extra = ""
    if mode == "flow":
        layout = lk.flow(widths, heights, width=1000, spacing=6, line_spacing=4)
        caller += sum(array.nbytes for array in (layout.x, layout.y, layout.item_width, layout.item_height))
        caller += sum(array.nbytes for array in (layout.rows.start, layout.rows.count, layout.rows.y,
                                             layout.rows.width, layout.rows.height))
        extra = f" rows={len(layout.rows.start)}"
    else:
        engine = lk.Engine(lk.Flow(spacing=6, line_spacing=4))
        engine.set_items(widths, heights)
        _, height = engine.size(width=1000)
        engine.visible(0, height / 2, 1000, height / 2 + 800, width=1000)
        engine.positions(n // 2, 1000, width=1000)
        held = engine.stats["bytes"]
        extra = f" engine-held={held / 1e6:.1f} MB ({held / n:.2f} B/item)"
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    library = max(0, peak - start - caller)
    per_item = library / n
    print(f"Python {mode}: n={n} peak={peak / 1e6:.1f} MB caller={caller / 1e6:.1f} MB "
          f"library={library / 1e6:.1f} MB ({per_item:.2f} B/item){extra}")
    if bound and per_item > bound:
        sys.exit(f"the library took {per_item:.2f} B/item, more than the {bound:.2f} stated")


if __name__ == "__main__":
    main(sys.argv)
