"""Run by test_layout_reference.py in a fresh interpreter (LAYOUTKERNEL_ISA set by
the caller).

Usage: ``python layout_worker.py CASES.json``. Lays out every case with its
descriptor (``getattr(lk, case["kind"])(**case["params"])``), or with
``lk.first_fit`` for a case that lists ``first_fit`` candidates, and prints one
JSON object: ``{"kernel": lk.active_kernel(), "results": {case id: {field: hex
of its float32/float64/int64 bytes}}}``, so the caller can compare levels bit
for bit. Not a test module (pytest does not collect it).
"""

import json
import struct
import sys

import layoutkernel as lk


def descriptor(case):
    return getattr(lk, case["kind"])(**case["params"])


def as_hex(layout, chosen=0):
    rows = layout.rows
    columns = {"x": layout.x, "y": layout.y, "item_width": layout.item_width,
               "item_height": layout.item_height, "row_start": rows.start,
               "row_count": rows.count, "row_y": rows.y, "row_width": rows.width,
               "row_height": rows.height}
    result = {name: column.tobytes().hex() for name, column in columns.items()}
    result["size"] = struct.pack("<ff", layout.width, layout.height).hex()
    result["chosen"] = chosen
    return result


def lay_out(case):
    if "first_fit" in case:
        candidates = [(descriptor(c), c["w"], c["h"], c["item_spacing"])
                      for c in case["first_fit"]]
        chosen, layout = lk.first_fit(candidates, case["W"], case["H"], case["axes"])
        return as_hex(layout, chosen)
    return as_hex(descriptor(case).layout(case["w"], case["h"], case["W"], case["H"],
                                          item_spacing=case["item_spacing"]))


def main(path):
    with open(path) as handle:
        cases = json.load(handle)
    results = {case["id"]: lay_out(case) for case in cases}
    json.dump({"kernel": lk.active_kernel(), "results": results}, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
