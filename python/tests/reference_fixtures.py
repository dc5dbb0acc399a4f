"""The reference fixtures (Tests/Fixtures/reference): the results of the library's
scalar references, written by lk-fixtures (Tests/FixtureGenerator/ReferenceFixtures.swift
describes the format). This module reads them and lays their cases out through the
binding, and compares what it gets with what the fixture expects: bit for bit, or
within the case's tolerance. Not a test module (pytest does not collect it).
"""

import math
from array import array
from pathlib import Path

import layoutkernel as lk

# The repository's copy (a fresh clone tests the same data).
FOLDER = Path(__file__).resolve().parents[2] / "Tests" / "Fixtures" / "reference"
KINDS = ("flow", "hstack", "vstack", "zstack", "grid", "balanced", "circle")
SIDES = ("leading", "trailing", "top", "bottom")
_FLOAT_COLUMNS = ("x", "y", "item_width", "item_height")


class Candidate:
    """Items and the layout over them: the ``layout`` line (its kind and parameter
    tokens) and the item lines of a case."""

    __slots__ = ("kind", "parameters", "n", "widths", "heights", "sides", "flags", "grow")

    def __init__(self, kind, parameters):
        self.kind, self.parameters = kind, tuple(parameters)
        self.n, self.widths, self.heights, self.sides, self.flags = 0, [], [], {}, None
        self.grow = None


class Case:
    """One case: a layout (or ``first_fit`` over several candidates), the proposal
    (None for an unspecified axis) and the expected result."""

    __slots__ = ("id", "tolerance", "width", "height", "axes", "candidates", "chosen",
                 "size", "rows", "x", "y", "item_width", "item_height", "row_table")

    def __init__(self, case_id, tolerance):
        self.id, self.tolerance = case_id, tolerance
        self.width = self.height = self.axes = None
        self.candidates, self.chosen, self.size, self.rows = [], 0, None, 0
        self.x = self.y = self.item_width = self.item_height = None
        self.row_table = []

    @property
    def kind(self):
        """The layout kind, or "first_fit"."""
        return "first_fit" if self.axes else self.candidates[0].kind

    @property
    def layout_key(self):
        """What identifies the case's layout: its kind and parameters."""
        candidate = self.candidates[0]
        return None if self.axes else (candidate.kind,) + candidate.parameters

    def __repr__(self):
        return f"<Case {self.id}>"


def _floats(tokens):
    return [float.fromhex(token) for token in tokens]


def _axis(token):
    value = float.fromhex(token)
    return None if math.isnan(value) else value


def read_file(path):
    """The cases of one fixture file; ValueError (naming the line) for anything malformed."""
    cases, case = [], None
    stem = path.name.rsplit(".", 1)[0]
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line or line.startswith("#"):
            continue
        key, *values = line.split()
        where = f"{path.name}:{number}"
        if key == "case":
            if case is not None or values[1] not in ("exact", "within"):
                raise ValueError(f"{where}: unexpected case line")
            tolerance = float.fromhex(values[2]) if values[1] == "within" else None
            case = Case(f"{stem}/{values[0]}", tolerance)
            continue
        if case is None:
            raise ValueError(f"{where}: {key} outside a case")
        candidate = case.candidates[-1] if case.candidates else None
        if key == "proposal":
            case.width, case.height = _axis(values[0]), _axis(values[1])
        elif key == "first_fit":
            case.axes = values[0]
        elif key == "layout":
            if values[0] not in KINDS:
                raise ValueError(f"{where}: unknown layout kind {values[0]!r}")
            case.candidates.append(Candidate(values[0], values[1:]))
        elif key == "n":
            candidate.n = int(values[0])
        elif key in ("widths", "heights"):
            setattr(candidate, key, _floats(values))
        elif key in SIDES:
            candidate.sides[key] = _floats(values)
        elif key == "flags":
            candidate.flags = [int(value) for value in values]
        elif key == "grow":
            candidate.grow = _floats(values)
        elif key == "chosen":
            case.chosen = int(values[0])
        elif key == "size":
            case.size = tuple(_floats(values))
        elif key == "rows":
            case.rows = int(values[0])
        elif key in _FLOAT_COLUMNS:
            setattr(case, key, _floats(values))
        elif key == "row":
            case.row_table.append((int(values[0]), int(values[1]), *_floats(values[2:])))
        elif key == "end":
            _check(case, where)
            cases.append(case)
            case = None
        else:
            raise ValueError(f"{where}: unknown line {key!r}")
    if case is not None:
        raise ValueError(f"{path.name}: the last case has no end line")
    return cases


def _check(case, where):
    if not case.candidates or (case.axes is None and len(case.candidates) != 1):
        raise ValueError(f"{where}: {case.id} needs one layout (first fit: one per candidate)")
    for candidate in case.candidates:
        columns = [candidate.widths, candidate.heights, *candidate.sides.values()]
        for column in (candidate.flags, candidate.grow):
            if column is not None:
                columns.append(column)
        if any(len(column) != candidate.n for column in columns):
            raise ValueError(f"{where}: {case.id} has item lines of other lengths than n")
    n = case.candidates[case.chosen].n
    if len(case.x) != n or len(case.y) != n or len(case.row_table) != case.rows:
        raise ValueError(f"{where}: {case.id} has results of other lengths than its items")


def load(folder=FOLDER):
    """Every case of every file that index.txt names, in order; each file must hold the
    number of cases index.txt gives."""
    cases = []
    for line in (folder / "index.txt").read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        key, name, count = line.split()
        if key != "file":
            raise ValueError(f"index.txt: want 'file NAME COUNT', got {line!r}")
        read = read_file(folder / name)
        if len(read) != int(count):
            raise ValueError(f"{name} holds {len(read)} cases, index.txt says {count}")
        cases += read
    return cases


CASES = load()


def series():
    """The fixtures' count series ("counts-N" cases): for each, the cases of one layout
    (kind and parameters) at every item count, from none to a few hundred."""
    groups = {}
    for case in CASES:
        if "counts-" in case.id and case.layout_key is not None:
            groups.setdefault(case.layout_key, []).append(case)
    return list(groups.values())


# --- Through the binding -----------------------------------------------------------

def _spacing(token):
    return None if token == "per_item" else float.fromhex(token)


# A flow's feature tokens (KEY=VALUE, C's values) as Flow keywords.
_JUSTIFY = {1: "start", 2: "center", 3: "end", 4: "space-between", 5: "space-around",
            6: "space-evenly", 7: "stretch"}
_FEATURES = {
    "justify": ("justify", _JUSTIFY.get), "align_content": ("align_content", _JUSTIFY.get),
    "direction": ("direction", {0: "ltr", 1: "rtl"}.get), "reverse": ("reverse", bool),
    "wrap_reverse": ("wrap_reverse", bool), "axis": ("axis", {1: "horizontal", 2: "vertical"}.get),
}


def flow_features(tokens):
    """The Flow keywords of a flow's feature tokens."""
    keywords = {}
    for token in tokens:
        key, value = token.split("=")
        name, convert = _FEATURES[key]
        keywords[name] = convert(int(value))
    return keywords


def descriptor(candidate):
    """The binding's descriptor of a candidate's layout."""
    kind, p = candidate.kind, candidate.parameters
    if kind == "flow":
        return lk.Flow(spacing=_spacing(p[0]), line_spacing=_spacing(p[1]),
                       alignment=(float.fromhex(p[2]), float.fromhex(p[3])), **flow_features(p[4:]))
    if kind in ("hstack", "vstack", "zstack"):
        stack = {"hstack": lk.HStack, "vstack": lk.VStack, "zstack": lk.ZStack}[kind]
        return stack(spacing=_spacing(p[0]), alignment=(float.fromhex(p[1]), float.fromhex(p[2])))
    if kind == "grid":
        columns = {"columns": int(p[0])} if int(p[0]) else {"min_column_width": float.fromhex(p[1])}
        return lk.Grid(**columns, sizing=p[2], spacing=float.fromhex(p[3]),
                       line_spacing=float.fromhex(p[4]),
                       alignment=(float.fromhex(p[5]), float.fromhex(p[6])))
    if kind == "balanced":
        return lk.Balanced(axis=p[0], spacing=_spacing(p[1]))
    return lk.Circle(radius=float.fromhex(p[0]), start_angle=float.fromhex(p[1]),
                     anchor=(float.fromhex(p[2]), float.fromhex(p[3])))


def item_spacing(candidate):
    """The ``item_spacing`` argument: None without preferences, else the four columns
    (None for a missing one)."""
    if not candidate.sides:
        return None
    return [candidate.sides.get(side) for side in SIDES]


def breaks(candidate):
    """The ``breaks`` argument of a flow: a mask, or None without flags."""
    return None if candidate.flags is None else [bool(flag) for flag in candidate.flags]


def lay_out(case, shared=None, widths=None):
    """``(chosen index, Layout)`` of the case through the binding: ``first_fit`` for a
    first-fit case, else the descriptor's ``layout`` (``shared`` in place of a new
    descriptor, ``widths`` in place of the item widths, both optional)."""
    if case.axes:
        candidates = [(descriptor(c), c.widths, c.heights, item_spacing(c)) for c in case.candidates]
        return lk.first_fit(candidates, case.width, case.height, case.axes)
    candidate = case.candidates[0]
    layout_of = shared or descriptor(candidate)
    widths = candidate.widths if widths is None else widths
    if candidate.kind == "flow":
        return 0, layout_of.layout(widths, candidate.heights, case.width, case.height,
                                   breaks=breaks(candidate), item_spacing=item_spacing(candidate),
                                   grow=candidate.grow)
    return 0, layout_of.layout(widths, candidate.heights, case.width, case.height,
                               item_spacing=item_spacing(candidate))


def size_and_row_count(case):
    """``(size, row count)`` of a plain case through ``size`` and ``row_count``."""
    candidate = case.candidates[0]
    layout_of, spacing = descriptor(candidate), item_spacing(candidate)
    if candidate.kind == "flow":
        flags = breaks(candidate)
        # A vertical flow's rows are columns, limited by the proposal's height.
        limit = case.height if layout_of.axis == "vertical" else case.width
        return (layout_of.size(candidate.widths, candidate.heights, case.width, case.height,
                               breaks=flags, item_spacing=spacing, grow=candidate.grow),
                layout_of.row_count(candidate.widths, candidate.heights, limit,
                                    breaks=flags, item_spacing=spacing))
    return (layout_of.size(candidate.widths, candidate.heights, case.width, case.height,
                           item_spacing=spacing),
            layout_of.row_count(candidate.widths, candidate.heights, case.width, case.height,
                                item_spacing=spacing))


def result_of(layout):
    """A Layout as ``((width, height), x, y, item_width, item_height, rows)``, every
    value a Python float or int, rows as ``(start, count, y, width, height)`` tuples."""
    rows = layout.rows
    table = list(zip(rows.start.tolist(), rows.count.tolist(), rows.y.tolist(),
                     rows.width.tolist(), rows.height.tolist()))
    return ((layout.width, layout.height), layout.x.tolist(), layout.y.tolist(),
            layout.item_width.tolist(), layout.item_height.tolist(), table)


def _same(code, got, want, tolerance):
    """Whether two columns agree: the same bytes (exact, or integers), else each value
    within the tolerance."""
    if tolerance is None or code == "q":
        return array(code, got).tobytes() == array(code, want).tobytes()
    return len(got) == len(want) and all(abs(a - b) <= tolerance for a, b in zip(got, want))


def _first_difference(code, got, want, tolerance):
    for index, (a, b) in enumerate(zip(got, want)):
        if not _same(code, [a], [b], tolerance):
            return f"[{index}]: got {a!r}, want {b!r}"
    return f": got {len(got)} values, want {len(want)}"


def differences(case, chosen, layout):
    """What of ``layout`` (chosen as candidate ``chosen``) differs from the case's
    expected result, one line per output; [] when everything agrees."""
    if chosen != case.chosen:
        return [f"chosen candidate: got {chosen}, want {case.chosen}"]
    items = case.candidates[case.chosen]
    table = case.row_table
    want = {
        "size": ("f", list(case.size)), "x": ("f", case.x), "y": ("f", case.y),
        "item_width": ("f", items.widths if case.item_width is None else case.item_width),
        "item_height": ("f", items.heights if case.item_height is None else case.item_height),
        "rows.start": ("q", [row[0] for row in table]), "rows.count": ("q", [row[1] for row in table]),
        "rows.y": ("d", [row[2] for row in table]), "rows.width": ("f", [row[3] for row in table]),
        "rows.height": ("f", [row[4] for row in table]),
    }
    rows = layout.rows
    got = {
        "size": [layout.width, layout.height], "x": layout.x.tolist(), "y": layout.y.tolist(),
        "item_width": layout.item_width.tolist(), "item_height": layout.item_height.tolist(),
        "rows.start": rows.start.tolist(), "rows.count": rows.count.tolist(),
        "rows.y": rows.y.tolist(), "rows.width": rows.width.tolist(),
        "rows.height": rows.height.tolist(),
    }
    return [name + _first_difference(code, got[name], values, case.tolerance)
            for name, (code, values) in want.items()
            if not _same(code, got[name], values, case.tolerance)]


def size_differences(case, size, row_count):
    """What of ``size`` and ``row_count`` differs from the case's expectation."""
    found = []
    if not _same("f", list(size), list(case.size), case.tolerance):
        found.append(f"size: got {size}, want {case.size}")
    if row_count != case.rows:
        found.append(f"row_count: got {row_count}, want {case.rows}")
    return found
