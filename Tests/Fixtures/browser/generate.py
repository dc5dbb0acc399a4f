#!/usr/bin/env python3
"""Lay out flow cases with headless Chromium's CSS flexbox and write fixture JSON.

The fixtures are Tests/Fixtures/flow_browser.json (family "basic") and
Tests/Fixtures/flow_features_browser.json (family "features"); the "about"
field of each file states the CSS every case uses and what each field means.

Every case becomes one flex container on one HTML page. Chromium loads the
page (`--headless --dump-dom`), a script on the page measures the container
and its items with getBoundingClientRect, relative to the container's border
box, and writes the numbers into the page as JSON, which this program reads
back from the dumped DOM. Chromium lays out on a 1/64 px lattice and the
numbers pass through JSON text unrounded, so the results are exact.

Usage (paths relative to the repository root):

  # lay out every case of a fixture file again and rewrite the file
  python3 Tests/Fixtures/browser/generate.py --replay Tests/Fixtures/flow_browser.json
  # only compare with the stored expected values (exit status 1 on any difference)
  python3 Tests/Fixtures/browser/generate.py --replay Tests/Fixtures/flow_browser.json --check
  # new random cases
  python3 Tests/Fixtures/browser/generate.py --family features --seed 7 --count 200 --out new.json
  # an existing file plus new random cases, numbered after its own
  python3 Tests/Fixtures/browser/generate.py --replay FILE --add 100 --seed 7

Python 3 standard library only; needs a Chromium (`apt-get install chromium`).
"""

import argparse
import html
import json
import math
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[3]
SCRIPT = Path(__file__).resolve()

ABOUT = {
    "basic": (
        "Flow layout cases (the flow's rules, lk_flow_layout in layoutkernel.h) laid out by a real browser's CSS flexbox "
        "(display:flex; flex-wrap:wrap; column-gap:hs; row-gap:vs; justify-content and "
        "align-items from ax, ay; align-content:flex-start; width:W or max-content when W "
        "is null; children flex:none). W is the proposal width (null = unspecified), hs/vs "
        "the fixed spacing and line spacing, ax/ay the alignment anchor, w/h the item sizes. "
        "expected holds the container size and each item's top-left corner. All lengths are "
        "multiples of 1/32 px, so a correct implementation matches exactly."
    ),
    "features": (
        "Flow layout 'features' cases laid out by a real browser's CSS flexbox (Chromium 156, "
        "headless). Basic fields as in flow_browser.json: W (container width, null = "
        "max-content), hs (column-gap), vs (row-gap), ax (justify-content "
        "flex-start/center/flex-end for 0/0.5/1), ay (align-items flex-start/center/flex-end), "
        "w/h (item border-box sizes). Optional fields, absent = basic behaviour: justify "
        "(justify-content: flex-start|center|flex-end|space-between|space-around|space-evenly; "
        "replaces ax), direction ('rtl': CSS direction:rtl), reverse (true: flex-direction "
        "row-reverse, or column-reverse when vertical), wrap_reverse (true: flex-wrap: "
        "wrap-reverse), axis ('vertical': flex-direction column, lines are columns; H is then "
        "the main-axis limit), H (definite container height; absent/null = auto), "
        "align_content (flex-start|center|flex-end|space-between|space-around|space-evenly|"
        "stretch; default flex-start), grow (per-item flex-grow factors, items are flex: g 0 "
        "auto, i.e. flex-basis = their width, or height when vertical, no shrinking). hs is "
        "always the horizontal gap and vs the vertical gap (CSS column-gap/row-gap), so in "
        "vertical flow vs separates items in a column and hs separates columns. ax/ay are "
        "flex-relative like CSS: ax (or justify) is the MAIN axis (vertical when "
        "axis=vertical), ay the cross axis; flex-start is the main-start/cross-start side, "
        "which rtl, reverse and wrap_reverse move. expected holds the container's size and "
        "each item's top-left corner relative to the container's border box; cases with grow "
        "also hold iw/ih, the items' laid-out sizes. Inputs are multiples of 1/32 px; results "
        "are multiples of 1/64 px (Chromium's LayoutUnit) and an implementation of the rules "
        "of the flow features (CSS flexbox, Chromium-exact) matches them exactly."
    ),
}

# Input fields of a case in the order the files write them ("expected" comes last).
INPUT_ORDER = ["id", "axis", "W", "H", "hs", "vs", "ax", "ay", "w", "h",
               "justify", "direction", "reverse", "wrap_reverse", "align_content", "grow"]
FEATURE_FIELDS = ["axis", "H", "justify", "direction", "reverse", "wrap_reverse",
                  "align_content", "grow"]
JUSTIFY = ["flex-start", "center", "flex-end", "space-between", "space-around", "space-evenly"]
ALIGN_CONTENT = JUSTIFY + ["stretch"]
ANCHOR = {0: "flex-start", 0.5: "center", 1: "flex-end"}

CHROMIUM_NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable",
                  "chrome", "chrome-headless-shell", "headless_shell"]
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                  "--no-default-browser-check", "--disable-extensions",
                  "--force-device-scale-factor=1", "--window-size=1280,1024",
                  "--hide-scrollbars", "--mute-audio", "--disable-dev-shm-usage"]


class Failure(Exception):
    pass


# ---------------------------------------------------------------- numbers

def css_px(value):
    """A length as CSS text; float repr is exact and never exponential here."""
    v = float(value)
    if not math.isfinite(v) or v < 0:
        raise Failure(f"bad length {value!r}")
    text = repr(v)
    if "e" in text or "E" in text:
        text = f"{v:.10f}".rstrip("0").rstrip(".")
        if float(text) != v:
            raise Failure(f"length {value!r} cannot be written exactly")
    return text + "px"


def out_num(value):
    """A measured value as the files write it: an int when whole, else the float."""
    v = float(value)
    if v.is_integer():
        return int(v)
    return v


def on_lattice(value, denominator=32):
    return float(value) * denominator == math.floor(float(value) * denominator)


# getBoundingClientRect passes through single-precision floats: multiples of 1/64
# are exact only below 2**18 px. Containers sit at the page origin to stay there.
EXACT_LIMIT = 2.0 ** 18


def measured(case_id, value):
    """A measured value, checked to be exact: on the 1/64 px lattice and in range."""
    v = float(value)
    if not on_lattice(v, 64):
        raise Failure(f"{case_id}: measured {v!r}, not a multiple of 1/64 px "
                      "(is the device scale factor 1 and the page unzoomed?)")
    if abs(v) >= EXACT_LIMIT:
        raise Failure(f"{case_id}: measured {v!r}, too large to be measured exactly")
    return out_num(v)


# ---------------------------------------------------------------- page

def container_style(case):
    vertical = case.get("axis") == "vertical"
    reverse = bool(case.get("reverse"))
    if vertical:
        direction = "column-reverse" if reverse else "column"
    else:
        direction = "row-reverse" if reverse else "row"
    justify = case.get("justify") or ANCHOR[case["ax"]]
    W = case.get("W")
    H = case.get("H")
    parts = [
        "position:absolute", "left:0", "top:0", "margin:0", "padding:0", "border:0",
        "display:flex",
        f"flex-direction:{direction}",
        "flex-wrap:" + ("wrap-reverse" if case.get("wrap_reverse") else "wrap"),
        "direction:" + ("rtl" if case.get("direction") == "rtl" else "ltr"),
        f"column-gap:{css_px(case['hs'])}",
        f"row-gap:{css_px(case['vs'])}",
        f"justify-content:{justify}",
        f"align-items:{ANCHOR[case['ay']]}",
        "align-content:" + (case.get("align_content") or "flex-start"),
        "width:" + ("max-content" if W is None else css_px(W)),
        "height:" + ("auto" if H is None else css_px(H)),
    ]
    return ";".join(parts)


def item_style(case, i):
    grow = case.get("grow")
    if grow is None:
        flex = "none"
    else:
        g = float(grow[i])
        if not math.isfinite(g) or g < 0:
            raise Failure(f"{case['id']}: bad grow factor {grow[i]!r}")
        flex = f"{repr(g)} 0 auto"
    return (f"flex:{flex};margin:0;padding:0;border:0;"
            f"width:{css_px(case['w'][i])};height:{css_px(case['h'][i])}")


MEASURE_SCRIPT = """
(function () {
  var out = [];
  var boxes = document.querySelectorAll('body > div.c');
  for (var n = 0; n < boxes.length; n++) {
    var c = boxes[n], r = c.getBoundingClientRect();
    var x = [], y = [], iw = [], ih = [];
    for (var k = c.firstElementChild; k; k = k.nextElementSibling) {
      var b = k.getBoundingClientRect();
      x.push(b.left - r.left); y.push(b.top - r.top);
      iw.push(b.width); ih.push(b.height);
    }
    out.push([r.width, r.height, x, y, iw, ih]);
  }
  document.getElementById('out').textContent =
    'BEGIN' + JSON.stringify({n: boxes.length, results: out}) + 'END';
})();
"""


def build_page(cases):
    lines = ["<!DOCTYPE html>", "<html><head><meta charset=\"utf-8\"><title>flow</title>",
             "<style>html,body{margin:0;padding:0}</style></head><body>"]
    for case in cases:
        if len(case["w"]) != len(case["h"]):
            raise Failure(f"{case['id']}: w and h differ in length")
        if case.get("grow") is not None and len(case["grow"]) != len(case["w"]):
            raise Failure(f"{case['id']}: grow and w differ in length")
        items = "".join(f'<div style="{item_style(case, i)}"></div>' for i in range(len(case["w"])))
        lines.append(f'<div class="c" style="{container_style(case)}">{items}</div>')
    lines.append('<pre id="out"></pre>')
    lines.append("<script>" + MEASURE_SCRIPT + "</script>")
    lines.append("</body></html>")
    return "\n".join(lines)


# ---------------------------------------------------------------- browser

def find_chromium(explicit):
    candidates = [explicit] if explicit else []
    if os.environ.get("CHROMIUM"):
        candidates.append(os.environ["CHROMIUM"])
    candidates += CHROMIUM_NAMES
    for name in candidates:
        path = shutil.which(name) if name else None
        if path:
            return path
    raise Failure("no Chromium found: install it (apt-get install -y chromium) "
                  "or pass --chromium PATH")


def chromium_version(chromium):
    proc = subprocess.run([chromium, "--version"], capture_output=True, text=True, timeout=60)
    match = re.search(r"(Chromium|Chrome)[^0-9]*([0-9]+)\.[0-9.]+", proc.stdout)
    if not match:
        raise Failure(f"cannot read the version of {chromium}: {proc.stdout!r} {proc.stderr!r}")
    return match.group(0).strip(), int(match.group(2))


def run_page(chromium, page, tmpdir, keep_html=None, timeout=300):
    page_path = Path(tmpdir) / "cases.html"
    page_path.write_text(page, encoding="utf-8")
    if keep_html:
        Path(keep_html).write_text(page, encoding="utf-8")
    profile = Path(tmpdir) / "profile"
    cmd = [chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}",
           "--dump-dom", page_path.as_uri()]
    last = ""
    for _attempt in range(2):
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            last = f"Chromium did not finish within {timeout} s"
            continue
        match = re.search(r"BEGIN(.*?)END", proc.stdout, re.S)
        if match:
            return json.loads(html.unescape(match.group(1)))
        last = (f"no results in Chromium's output (exit status {proc.returncode}); "
                f"stderr ends: {proc.stderr[-2000:]}")
    raise Failure(last)


def lay_out(cases, chromium, batch=150, keep_html=None):
    """The expected field of every case, in order, as Chromium lays it out."""
    results = []
    with tempfile.TemporaryDirectory(prefix="flow-fixtures-") as tmpdir:
        for start in range(0, len(cases), batch):
            chunk = cases[start:start + batch]
            got = run_page(chromium, build_page(chunk), tmpdir,
                           keep_html if start == 0 else None)
            if got["n"] != len(chunk):
                raise Failure(f"page held {got['n']} containers, expected {len(chunk)}")
            for case, (width, height, x, y, iw, ih) in zip(chunk, got["results"]):
                if len(x) != len(case["w"]):
                    raise Failure(f"{case['id']}: measured {len(x)} items, expected {len(case['w'])}")
                cid = case["id"]
                expected = {
                    "width": measured(cid, width), "height": measured(cid, height),
                    "x": [measured(cid, v) for v in x], "y": [measured(cid, v) for v in y],
                }
                if case.get("grow") is not None:
                    expected["iw"] = [measured(cid, v) for v in iw]
                    expected["ih"] = [measured(cid, v) for v in ih]
                results.append(expected)
            print(f"  laid out {min(start + batch, len(cases))}/{len(cases)} cases",
                  file=sys.stderr)
    return results


# ---------------------------------------------------------------- random cases

def lattice(rng, hi, whole=0.5):
    """A length in [0, hi] on the 1/32 px lattice; whole numbers with probability `whole`."""
    if hi <= 0:
        return 0.0
    if rng.random() < whole:
        return float(rng.randint(0, int(hi)))
    return rng.randint(0, int(hi * 32)) / 32


def item_count(rng, small):
    r = rng.random()
    if r < 0.05:
        return 0
    if r < (0.65 if small else 0.55):
        return rng.randint(1, 20)
    if r < (0.93 if small else 0.85):
        return rng.randint(21, 60 if small else 100)
    return rng.randint(61 if small else 101, 120 if small else 300)


def gap(rng):
    return 0.0 if rng.random() < 0.2 else lattice(rng, 40)


def sizes(rng, n, ceiling):
    """n lengths below a scale drawn for the whole case; some are zero."""
    scale = rng.choice([2, 20, 60, 120, 300, 800])
    scale = min(scale, ceiling)
    zero = rng.choice([0.0, 0.05, 0.2])
    return [0.0 if rng.random() < zero else lattice(rng, scale) for _ in range(n)]


def limit(rng, lengths, spacing):
    """A container extent around the items' total: from narrower than one item to wider than all."""
    total = sum(lengths) + spacing * max(len(lengths) - 1, 0)
    biggest = max(lengths, default=0.0)
    r = rng.random()
    if r < 0.05:
        return 0.0
    if r < 0.15 or total == 0:
        return lattice(rng, 500)
    if r < 0.3:
        return lattice(rng, max(biggest, 1.0))
    if r < 0.85:
        return min(lattice(rng, total * rng.choice([0.05, 0.2, 0.5, 1.0])), 30000.0)
    return min(lattice(rng, total * 2 + 10), 30000.0)


def anchor(rng):
    return rng.choice([0, 0.5, 1])


def random_basic(rng, case_id):
    n = item_count(rng, small=False)
    w = sizes(rng, n, 1200)
    h = sizes(rng, n, 300)
    hs, vs = gap(rng), gap(rng)
    W = None if rng.random() < 1 / 6 else limit(rng, w, hs)
    return {"id": case_id, "W": W, "hs": hs, "vs": vs, "ax": anchor(rng), "ay": anchor(rng),
            "w": w, "h": h}


def random_grow(rng, n):
    weights = [(0, 8), (1, 3), (2, 1), (3, 1), (0.25, 1), (0.5, 1), (1.5, 1)]
    values = [v for v, k in weights for _ in range(k)]
    return [rng.choice(values) for _ in range(n)]


def random_features(rng, case_id):
    n = item_count(rng, small=True)
    vertical = rng.random() < 0.3
    w = sizes(rng, n, 300)
    h = sizes(rng, n, 300)
    hs, vs = gap(rng), gap(rng)
    case = {"id": case_id}
    if vertical:
        case["axis"] = "vertical"
        case["W"] = None if rng.random() < 0.25 else lattice(rng, max(w, default=0) * rng.choice([1, 3, 10]) + 20)
        case["H"] = None if rng.random() < 0.15 else limit(rng, h, vs)
    else:
        case["W"] = None if rng.random() < 0.2 else limit(rng, w, hs)
        if rng.random() < 0.4:
            case["H"] = lattice(rng, max(h, default=0) * rng.choice([0.5, 1, 2, 5]) + 10)
    case.update({"hs": hs, "vs": vs, "ax": anchor(rng), "ay": anchor(rng), "w": w, "h": h})
    if rng.random() < 0.6:
        case["justify"] = rng.choice(JUSTIFY)
    if rng.random() < 0.3:
        case["direction"] = "rtl"
    if rng.random() < 0.2:
        case["reverse"] = True
    if rng.random() < 0.2:
        case["wrap_reverse"] = True
    if rng.random() < (0.65 if case.get("H") is not None else 0.1):
        case["align_content"] = rng.choice(ALIGN_CONTENT)
    if rng.random() < 0.35:
        case["grow"] = random_grow(rng, n)
    return case


RANDOM = {"basic": (random_basic, "r"), "features": (random_features, "f")}


def random_cases(family, seed, count, first=0):
    """Case i depends on (family, seed, i) only, so a larger count keeps the first cases."""
    make, prefix = RANDOM[family]
    cases = []
    for i in range(first, first + count):
        rng = random.Random(f"{family}:{seed}:{i}")
        case = make(rng, f"{prefix}{i}")
        for key in ("W", "H", "hs", "vs"):
            assert case.get(key) is None or on_lattice(case[key])
        assert all(on_lattice(v) for v in case["w"] + case["h"])
        cases.append(case)
    return cases


# ---------------------------------------------------------------- files

def inputs_of(case):
    unknown = set(case) - set(INPUT_ORDER) - {"expected"}
    if unknown:
        raise Failure(f"{case.get('id')}: unknown fields {sorted(unknown)}")
    return {k: case[k] for k in INPUT_ORDER if k in case}


def family_of(cases):
    return "features" if any(f in c for c in cases for f in FEATURE_FIELDS) else "basic"


def display_path(path):
    p = Path(path).resolve()
    try:
        return p.relative_to(REPO_ROOT).as_posix()
    except ValueError:
        return str(p)


def command_line(argv):
    """The command that produced a file, runnable from the repository root."""
    words = ["python3", display_path(SCRIPT)]
    path_options = {"--replay", "--out"}
    i = 0
    while i < len(argv):
        word = argv[i]
        if word in path_options and i + 1 < len(argv):
            words += [word, display_path(argv[i + 1])]
            i += 2
            continue
        name, eq, value = word.partition("=")
        if eq and name in path_options:
            words += [name, display_path(value)]
        else:
            words.append(word)
        i += 1
    return shlex.join(words)


def write_fixture(path, about, browser, generator, cases):
    doc = {"about": about, "browser": browser, "generator": generator, "cases": cases}
    text = json.dumps(doc, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    tmp = Path(str(path) + ".tmp")
    tmp.write_text(text + "\n", encoding="utf-8")
    os.replace(tmp, path)


def same_number(a, b):
    return (type(a) in (int, float) and type(b) in (int, float)
            and float(a) == float(b) and isinstance(a, int) == isinstance(b, int))


def differences(case_id, want, got):
    out = []
    for key in sorted(set(want) | set(got)):
        if key not in want or key not in got:
            out.append(f"{case_id}: {key}: stored {want.get(key, '(absent)')!r}, "
                       f"browser {got.get(key, '(absent)')!r}")
            continue
        a, b = want[key], got[key]
        if isinstance(a, list) and isinstance(b, list):
            if len(a) != len(b):
                out.append(f"{case_id}: {key}: stored {len(a)} values, browser {len(b)}")
                continue
            for i, (u, v) in enumerate(zip(a, b)):
                if not same_number(u, v):
                    out.append(f"{case_id}: {key}[{i}]: stored {u!r}, browser {v!r}")
        elif not same_number(a, b):
            out.append(f"{case_id}: {key}: stored {a!r}, browser {b!r}")
    return out


# ---------------------------------------------------------------- main

def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(
        description="Lay out flow cases in headless Chromium and write fixture JSON.")
    parser.add_argument("--replay", metavar="FILE",
                        help="lay out the cases of an existing fixture file again")
    parser.add_argument("--check", action="store_true",
                        help="with --replay: only compare with the stored expected values")
    parser.add_argument("--family", choices=sorted(RANDOM),
                        help="case family of new random cases (with --replay: inferred)")
    parser.add_argument("--seed", type=int, default=0, help="seed of new random cases")
    parser.add_argument("--count", type=int, help="number of new random cases")
    parser.add_argument("--add", type=int, default=0, metavar="N",
                        help="with --replay: append N new random cases, numbered after the file's")
    parser.add_argument("--out", metavar="FILE",
                        help="file to write (default: the --replay file itself)")
    parser.add_argument("--chromium", metavar="PATH", help="Chromium binary to use")
    parser.add_argument("--batch", type=int, default=150, help="cases per page")
    parser.add_argument("--keep-html", metavar="FILE",
                        help="also save the first page laid out, for looking at in a browser")
    args = parser.parse_args(argv)

    try:
        chromium = find_chromium(args.chromium)
        version, major = chromium_version(chromium)
        browser = f"Chromium {major} (headless), CSS flexbox"
        print(f"using {chromium}: {version}", file=sys.stderr)

        if args.replay:
            if args.count is not None:
                parser.error("--count makes a new file; use --add N with --replay")
            source = json.loads(Path(args.replay).read_text(encoding="utf-8"))
            old_cases = source["cases"]
            family = args.family or family_of(old_cases)
            cases = [inputs_of(c) for c in old_cases]
            if args.check:
                if args.add:
                    parser.error("--check compares stored cases only; drop --add")
                got = lay_out(cases, chromium, args.batch, args.keep_html)
                diffs = []
                for old, new in zip(old_cases, got):
                    diffs += differences(old["id"], old["expected"], new)
                bad = len({d.split(":")[0] for d in diffs})
                for d in diffs:
                    print(d)
                print(f"{display_path(args.replay)}: {len(cases)} cases compared with {version}, "
                      f"{bad} cases differ, {len(diffs)} values differ")
                return 1 if diffs else 0
            if args.add:
                _make, prefix = RANDOM[family]
                numbers = [int(c["id"][len(prefix):]) for c in cases
                           if re.fullmatch(re.escape(prefix) + r"[0-9]+", c["id"])]
                cases += random_cases(family, args.seed, args.add,
                                      first=max(numbers, default=-1) + 1)
            about = source.get("about", ABOUT[family])
            out = args.out or args.replay
        else:
            if args.check:
                parser.error("--check needs --replay FILE")
            if args.family is None or args.count is None or args.out is None:
                parser.error("new cases need --family, --count and --out (or use --replay FILE)")
            family = args.family
            cases = random_cases(family, args.seed, args.count)
            about = ABOUT[family].replace("Chromium 156", f"Chromium {major}")
            out = args.out

        ids = [c["id"] for c in cases]
        if len(set(ids)) != len(ids):
            raise Failure("case ids are not unique")
        got = lay_out(cases, chromium, args.batch, args.keep_html)
        for case, expected in zip(cases, got):
            case["expected"] = expected
        write_fixture(out, about, browser, command_line(argv), cases)
        print(f"wrote {len(cases)} cases to {display_path(out)}", file=sys.stderr)
        return 0
    except Failure as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
