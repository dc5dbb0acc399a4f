"""Build hooks: bundle libLayoutKernel.so into the package.

``build_py`` compiles the Swift library from the repository (the parent of this
folder) with ``swift build -c release --product LayoutKernel -Xswiftc
-static-stdlib`` and copies ``.build/release/libLayoutKernel.so`` into the
built package. When the environment variable ``LAYOUTKERNEL_LIBRARY`` names a
file, that file is bundled instead and nothing is compiled. The wheel is
platform-specific: it holds a native library, though no CPython extension.
"""

import os
import shutil
import subprocess
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
SWIFT_BUILD = ["swift", "build", "-c", "release", "--product", "LayoutKernel",
               "-Xswiftc", "-static-stdlib"]


def library_to_bundle():
    """The library file to bundle: $LAYOUTKERNEL_LIBRARY, or a fresh Swift build."""
    prebuilt = os.environ.get(ENV_VAR)
    if prebuilt:
        if not Path(prebuilt).is_file():
            raise SystemExit(f"{ENV_VAR} is set to {prebuilt}, which is not a file")
        return Path(prebuilt)
    if not (REPO_DIR / "Package.swift").is_file():
        raise SystemExit(f"no Package.swift in {REPO_DIR}: install from a checkout of the "
                         f"repository (pip install ./python), or set {ENV_VAR}")
    print("building the Swift library:", " ".join(SWIFT_BUILD), flush=True)
    subprocess.run(SWIFT_BUILD, cwd=REPO_DIR, check=True)
    return REPO_DIR / ".build" / "release" / LIBRARY_NAME


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
