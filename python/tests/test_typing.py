"""The type hints: the stubs beside the modules (layoutkernel/*.pyi, with py.typed).

``mypy --strict`` accepts typing_example.py, a typed use of the whole public API,
and rejects misuses with the stubs' own types (so the hints are really read, not
taken as Any); stubtest finds every stubbed name and signature in the modules.
Skipped when mypy or NumPy (whose types the stubs name) is not installed;
python/requirements-test.txt pins both.
"""

import os
import subprocess
import sys

import pytest

from conftest import PYTHON_DIR

pytest.importorskip("mypy")
pytest.importorskip("numpy")

EXAMPLE = PYTHON_DIR / "tests" / "typing_example.py"


@pytest.fixture(scope="module")
def mypy(tmp_path_factory):
    """Runs mypy (``python -m mypy ARGS``) with the package of this tree on its
    path and a cache shared by this module's tests; returns the CompletedProcess."""
    cache = tmp_path_factory.mktemp("mypy-cache")

    def run(*args, module="mypy"):
        env = dict(os.environ, MYPYPATH=str(PYTHON_DIR), PYTHONPATH=str(PYTHON_DIR))
        cache_args = ["--cache-dir", str(cache)] if module == "mypy" else []
        return subprocess.run([sys.executable, "-m", module, *cache_args, *args],
                              cwd=PYTHON_DIR, env=env, capture_output=True, text=True, timeout=600)
    return run


def test_the_typed_example_passes_mypy_strict(mypy):
    done = mypy("--strict", str(EXAMPLE))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found" in done.stdout


def test_the_typed_example_runs():
    sys.path.insert(0, str(EXAMPLE.parent))
    try:
        import typing_example
    finally:
        sys.path.remove(str(EXAMPLE.parent))
    typing_example.main()


MISUSES = {
    'lk.flow([1.0], [1.0], alignment="middle")': 'Argument "alignment" to "flow" has incompatible type',
    'lk.flow("abc", [1.0])': 'Argument 1 to "flow" has incompatible type "str"',
    'lk.grid([1.0], [1.0], width="wide")': 'Argument "width" to "grid" has incompatible type "str"',
    'name: str = lk.flow([1.0], [1.0]).width': 'expression has type "float", variable has type "str"',
    'lk.Flow().row_count([1.0], [1.0], 10, 20)': 'Too many positional arguments for "row_count"',
    'lk.circle([1.0], [1.0])': 'Missing named argument "radius" for "circle"',
    'lk.Engine(lk.Flow()).remove(0, "1")': 'Argument 2 to "remove" of "Engine" has incompatible type',
    'lk.set_max_threads(1.5)': 'Argument 1 to "set_max_threads" has incompatible type "float"',
}


def test_misuses_are_rejected_with_the_stubs_types(mypy, tmp_path):
    lines = ["import layoutkernel as lk"] + list(MISUSES)
    source = tmp_path / "misuses.py"
    source.write_text("\n".join(lines) + "\n")
    done = mypy("--strict", str(source))
    assert done.returncode == 1, done.stdout + done.stderr
    for number, (line, error) in enumerate(MISUSES.items(), start=2):
        found = [out for out in done.stdout.splitlines() if out.startswith(f"{source}:{number}: error:")]
        assert any(error in out for out in found), (line, error, done.stdout)


def test_the_stubs_are_true_to_the_modules(mypy, tmp_path):
    # stubtest builds every module of the package: those without a stub (the
    # internals) are unannotated, and their errors are not the stubs' business.
    package = PYTHON_DIR / "layoutkernel"
    internal = sorted(p.stem for p in package.glob("*.py") if not p.with_suffix(".pyi").exists())
    assert "_call" in internal and "_flow" not in internal
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\n" + "".join(f"[mypy-layoutkernel.{name}]\nignore_errors = True\n"
                                           for name in internal))
    # Names the modules have and the stubs leave out (helpers) are allowed, the
    # internals are not compared, and layoutkernel._typing holds the stubs'
    # aliases, for them alone.
    allowlist = tmp_path / "allowlist.txt"
    allowlist.write_text("layoutkernel._typing\n" + "".join(
        f"layoutkernel\\.{name}(\\..*)?\n" for name in internal))
    done = mypy("--ignore-missing-stub", "--ignore-unused-allowlist", "--allowlist", str(allowlist),
                "--mypy-config-file", str(config), "layoutkernel", module="mypy.stubtest")
    assert done.returncode == 0, done.stdout + done.stderr
