"""python/setup.py's build of the bundled library: what it runs, what it says.

Each test runs ``setup.py build_py`` on a copy of the package beside a stand-in
repository (an empty Package.swift) in a scratch folder, with a scratch PATH, so
that no real Swift build runs and nothing is written into the tree.
"""

import os
import shutil
import subprocess
import sys

import pytest

from conftest import PYTHON_DIR

pytest.importorskip("setuptools", minversion="61")

FAKE_SWIFT = f"""#!{sys.executable}
import os, pathlib, sys
print("fake swift", *sys.argv[1:], flush=True)
if os.environ.get("FAKE_SWIFT_STATUS"):
    sys.exit(int(os.environ["FAKE_SWIFT_STATUS"]))
pathlib.Path(".build/release").mkdir(parents=True)
pathlib.Path(".build/release/libLayoutKernel.so").write_text("built by the fake swift")
"""


@pytest.fixture
def checkout(tmp_path):
    """A scratch repository: Package.swift, python/ (setup.py, the package), an empty bin/."""
    (tmp_path / "Package.swift").write_text("")
    package = tmp_path / "python"
    package.mkdir()
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(PYTHON_DIR / name, package / name)
    shutil.copytree(PYTHON_DIR / "layoutkernel", package / "layoutkernel",
                    ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    (tmp_path / "bin").mkdir()
    return tmp_path


def build_py(checkout, **env):
    """Runs setup.py build_py into checkout/out; returns (CompletedProcess, bundled file)."""
    environment = {k: v for k, v in os.environ.items()
                   if k not in ("SWIFT", "LAYOUTKERNEL_LIBRARY", "FAKE_SWIFT_STATUS")}
    environment["PATH"] = str(checkout / "bin")
    environment.update(env)
    done = subprocess.run([sys.executable, "setup.py", "-q", "build_py", "-d", str(checkout / "out")],
                          cwd=checkout / "python", env=environment, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=120)
    return done, checkout / "out" / "layoutkernel" / "libLayoutKernel.so"


def fake_swift(checkout):
    path = checkout / "bin" / "swift"
    path.write_text(FAKE_SWIFT)
    path.chmod(0o755)
    return path


def test_without_swift_it_says_what_to_install_and_the_alternative(checkout):
    done, bundled = build_py(checkout)
    assert done.returncode != 0 and not bundled.exists()
    assert "cannot build libLayoutKernel.so: no `swift` on PATH" in done.stdout
    assert "Swift 6" in done.stdout and "https://www.swift.org/install/" in done.stdout
    assert "LAYOUTKERNEL_LIBRARY=/path/to/libLayoutKernel.so pip install ./python" in done.stdout
    assert "Traceback" not in done.stdout


def test_a_swift_that_is_not_there_is_named(checkout):
    done, bundled = build_py(checkout, SWIFT=str(checkout / "no-such-swift"))
    assert done.returncode != 0 and not bundled.exists()
    assert f"SWIFT is set to {checkout / 'no-such-swift'}, which is not an executable" in done.stdout


@pytest.mark.parametrize("how", ["PATH", "SWIFT"])
def test_it_says_what_it_builds_then_lets_swift_print(checkout, how):
    swift = fake_swift(checkout)
    if how == "SWIFT":
        swift = swift.rename(checkout / "my-swift")
    done, bundled = build_py(checkout, **({"SWIFT": str(swift)} if how == "SWIFT" else {}))
    assert done.returncode == 0, done.stdout
    args = "build -c release --product LayoutKernel -Xswiftc -static-stdlib"
    announced = done.stdout.index(f"layoutkernel: building libLayoutKernel.so in {checkout}")
    ran = done.stdout.index(f"fake swift {args}")
    finished = done.stdout.index(f"layoutkernel: built {checkout / '.build/release/libLayoutKernel.so'}")
    assert announced < ran < finished
    assert f"{swift} {args}" in done.stdout
    assert bundled.read_text() == "built by the fake swift"


def test_a_failed_swift_build_stops_with_its_status(checkout):
    fake_swift(checkout)
    done, bundled = build_py(checkout, FAKE_SWIFT_STATUS="3")
    assert done.returncode != 0 and not bundled.exists()
    assert "swift build failed (exit status 3)" in done.stdout
    assert "Traceback" not in done.stdout


def test_a_prebuilt_library_is_bundled_and_swift_is_not_needed(checkout):
    prebuilt = checkout / "prebuilt.so"
    prebuilt.write_bytes(b"a library built elsewhere")
    done, bundled = build_py(checkout, LAYOUTKERNEL_LIBRARY=str(prebuilt))
    assert done.returncode == 0, done.stdout
    assert bundled.read_bytes() == b"a library built elsewhere"
    assert "building" not in done.stdout
    assert f"layoutkernel: bundling {prebuilt} ($LAYOUTKERNEL_LIBRARY)" in done.stdout


def test_the_type_hints_go_into_the_built_package(checkout):
    prebuilt = checkout / "prebuilt.so"
    prebuilt.write_bytes(b"a library built elsewhere")
    done, bundled = build_py(checkout, LAYOUTKERNEL_LIBRARY=str(prebuilt))
    assert done.returncode == 0, done.stdout
    stubs = sorted(p.name for p in (PYTHON_DIR / "layoutkernel").glob("*.pyi"))
    assert "__init__.pyi" in stubs and "_flow.pyi" in stubs
    built = bundled.parent
    assert (built / "py.typed").is_file()
    assert sorted(p.name for p in built.glob("*.pyi")) == stubs
