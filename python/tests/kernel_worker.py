"""Run by test_kernels.py in a fresh interpreter (LAYOUTKERNEL_ISA set by the caller).

Usage: ``python kernel_worker.py CASES.json``. Lays out every case with
``lk.flow`` and prints one JSON object: ``{"kernel": lk.active_kernel(),
"results": {case id: {field: hex of its float32/float64/int64 bytes}}}``, so
the caller can compare levels bit for bit. Not a test module (pytest does not
collect it).
"""

import json
import struct
import sys

import layoutkernel as lk


def lay_out(case):
    """The case's layout, every output as the hex of its bytes."""
    layout = lk.flow(case["w"], case["h"], width=case["W"], height=case["H"],
                     spacing=case["spacing"], line_spacing=case["line_spacing"],
                     alignment=tuple(case["alignment"]), breaks=case["breaks"],
                     item_spacing=case["item_spacing"])
    rows = layout.rows
    columns = {"x": layout.x, "y": layout.y, "row_start": rows.start,
               "row_count": rows.count, "row_y": rows.y, "row_width": rows.width,
               "row_height": rows.height}
    result = {name: column.tobytes().hex() for name, column in columns.items()}
    result["size"] = struct.pack("<ff", layout.width, layout.height).hex()
    return result


def main(path):
    with open(path) as handle:
        cases = json.load(handle)
    results = {case["id"]: lay_out(case) for case in cases}
    json.dump({"kernel": lk.active_kernel(), "results": results}, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
