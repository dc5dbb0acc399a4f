"""Build hooks: bundle libLayoutKernel.so into the package.

``build_py`` compiles the Swift library from the repository (the parent of this
folder) with ``swift build -c release --product LayoutKernel -Xswiftc
-static-stdlib`` and copies ``.build/release/libLayoutKernel.so`` into the
built package. The Swift toolchain is ``$SWIFT`` when set, else ``swift`` on
``PATH``; without one the build stops with a message saying what to install or
how to bundle a prebuilt library. What is being built goes to stderr, and
swift's own output passes through (pip shows both with ``pip install -v``).
When the environment variable ``LAYOUTKERNEL_LIBRARY`` names a file, that file
is bundled instead and nothing is compiled. The wheel is platform-specific: it
holds a native library, though no CPython extension.
"""

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

try:
    from setuptools.command.bdist_wheel import bdist_wheel  # setuptools >= 70.1
except ImportError:
    try:
        from wheel.bdist_wheel import bdist_wheel
    except ImportError:
        bdist_wheel = None

REPO_DIR = Path(__file__).resolve().parent.parent
LIBRARY_NAME = "libLayoutKernel.so"
ENV_VAR = "LAYOUTKERNEL_LIBRARY"
SWIFT_BUILD_ARGS = ["build", "-c", "release", "--product", "LayoutKernel",
                    "-Xswiftc", "-static-stdlib"]

NO_SWIFT = """\
layoutkernel: cannot build {library}: {what}.
The package bundles the LayoutKernel library, which pip builds from this
repository with a Swift 6 toolchain (swift build, one to two minutes on 2 cores).
Either
  - install Swift 6 for your platform from https://www.swift.org/install/ and
    put its usr/bin on PATH (or set SWIFT to its swift executable), then rerun
    pip (pip install -v ./python shows the build's progress); or
  - bundle a libLayoutKernel.so built elsewhere (make build in a checkout with
    Swift gives .build/release/libLayoutKernel.so), with nothing compiled:
        LAYOUTKERNEL_LIBRARY=/path/to/libLayoutKernel.so pip install ./python"""


def log(message):
    """Progress on stderr, which pip shows with -v (and on failure)."""
    print(f"layoutkernel: {message}", file=sys.stderr, flush=True)


def find_swift():
    """The swift executable: $SWIFT when set, else swift on PATH; exits if neither."""
    name = os.environ.get("SWIFT") or "swift"
    found = shutil.which(name)
    if found is None:
        what = (f"SWIFT is set to {name}, which is not an executable" if os.environ.get("SWIFT")
                else "no `swift` on PATH")
        raise SystemExit(NO_SWIFT.format(library=LIBRARY_NAME, what=what))
    return found


def library_to_bundle():
    """The library file to bundle: $LAYOUTKERNEL_LIBRARY, or a fresh Swift build."""
    prebuilt = os.environ.get(ENV_VAR)
    if prebuilt:
        if not Path(prebuilt).is_file():
            raise SystemExit(f"{ENV_VAR} is set to {prebuilt}, which is not a file")
        log(f"bundling {prebuilt} (${ENV_VAR}); nothing is compiled")
        return Path(prebuilt)
    if not (REPO_DIR / "Package.swift").is_file():
        raise SystemExit(f"no Package.swift in {REPO_DIR}: install from a checkout of the "
                         f"repository (pip install ./python), or set {ENV_VAR}")
    command = [find_swift()] + SWIFT_BUILD_ARGS
    log(f"building {LIBRARY_NAME} in {REPO_DIR} (one to two minutes on 2 cores): "
        + " ".join(command))
    started = time.monotonic()
    done = subprocess.run(command, cwd=REPO_DIR)
    if done.returncode != 0:
        raise SystemExit(f"layoutkernel: swift build failed (exit status {done.returncode}); "
                         f"its output is above (pip install -v ./python shows it)")
    library = REPO_DIR / ".build" / "release" / LIBRARY_NAME
    log(f"built {library} in {time.monotonic() - started:.0f} s")
    return library


class BuildPyWithLibrary(build_py):
    """build_py that also puts the native library into the built package."""

    def _bundled_path(self):
        return Path(self.build_lib) / "layoutkernel" / LIBRARY_NAME

    def run(self):
        super().run()
        target = self._bundled_path()
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(library_to_bundle(), target)
        target.chmod(0o755)

    def get_outputs(self, include_bytecode=True):
        return super().get_outputs(include_bytecode) + [str(self._bundled_path())]


class BinaryDistribution(Distribution):
    """Marks the distribution as platform-specific (not pure Python)."""

    def has_ext_modules(self):
        return True


commands = {"build_py": BuildPyWithLibrary}

if bdist_wheel is not None:
    class PlatformWheel(bdist_wheel):
        """A ``py3-none-<platform>`` wheel: any Python 3, this platform only
        (the library is loaded with ctypes, so no CPython ABI is involved)."""

        def finalize_options(self):
            super().finalize_options()
            self.root_is_pure = False

        def get_tag(self):
            return ("py3", "none", super().get_tag()[2])

    commands["bdist_wheel"] = PlatformWheel

setup(cmdclass=commands, distclass=BinaryDistribution)
