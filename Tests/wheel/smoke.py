"""Smoke test of an installed wheel, run by Tests/wheel/test_wheel.sh with the
venv's python, from a scratch folder, with PATH=/usr/bin:/bin and nothing else
in the environment: no Swift, no repository, no LAYOUTKERNEL_LIBRARY, no NumPy.

It checks that the package and the library it loads are the installed ones,
then lays out a flow and checks its numbers."""

import os
import shutil
import sys
from pathlib import Path

assert shutil.which("swift") is None, "swift is on PATH"
assert "LAYOUTKERNEL_LIBRARY" not in os.environ and "PYTHONPATH" not in os.environ

import layoutkernel as lk  # noqa: E402
from layoutkernel import _loader  # noqa: E402

package = Path(lk.__file__).resolve().parent
prefix = Path(sys.prefix).resolve()
assert sys.prefix != sys.base_prefix, "not run in a virtual environment"
assert package.is_relative_to(prefix), f"{package} is not inside the venv {prefix}"
bundled = package / "libLayoutKernel.so"
assert Path(_loader.library()._name).resolve() == bundled, _loader.library()._name
# The one copy of the library mapped into this process is the bundled one.
with open("/proc/self/maps") as maps:
    mapped = {line.split()[-1] for line in maps if "libLayoutKernel" in line}
assert mapped == {str(bundled)}, mapped
assert (package / "py.typed").is_file() and (package / "__init__.pyi").is_file()

try:
    import numpy  # noqa: F401
    raise AssertionError("NumPy is installed: the smoke test is for the package without it")
except ImportError:
    pass

layout = lk.flow([30, 40, 50, 20], [10, 20, 10, 5], width=100, spacing=10)
assert (layout.width, layout.height) == (100.0, 30.0), (layout.width, layout.height)
assert list(layout.x) == [0.0, 40.0, 0.0, 60.0], list(layout.x)
assert list(layout.y) == [0.0, 0.0, 20.0, 20.0], list(layout.y)
assert list(layout.rows.start) == [0, 2] and list(layout.rows.count) == [2, 2]
assert lk.hstack([10, 20], [5, 5], spacing=1).width == 31.0

assert lk.version() == lk.__version__, (lk.version(), lk.__version__)
assert lk.active_kernel() in ("avx512", "avx2", "sse2", "portable", "reference"), lk.active_kernel()
print(f"layoutkernel {lk.version()} from {bundled} ({lk.active_kernel()} kernel): ok")
