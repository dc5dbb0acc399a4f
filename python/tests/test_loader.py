"""Finding the library, its ABI check, and the package's version functions."""

import ctypes
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import layoutkernel as lk
from layoutkernel import _ffi, _loader

REPO_DIR = Path(__file__).resolve().parents[2]

LOADED_PATH = _loader.library()._name


def test_abi_version():
    assert lk.ABI_VERSION == 3
    assert _loader.library().lk_abi_version() == lk.ABI_VERSION


def test_versions():
    lib = _loader.library()
    version = lk.version()
    major, minor, patch = (int(part) for part in version.split("."))
    assert lib.lk_version_number() == major * 10000 + minor * 100 + patch
    assert lk.__version__ == version  # the binding ships with the library it binds


def test_every_header_function_is_declared():
    header = (REPO_DIR / "Include" / "layoutkernel.h").read_text()
    declared = set(re.findall(r"^\S.*?\b(lk_\w+)\(", header, re.MULTILINE))
    assert declared == set(_ffi.PROTOTYPES)


def test_struct_sizes_match_the_c_layout():
    # x86-64 / LP64: size_t and pointers are 8 bytes.
    # struct_size, count, 8 arrays, then the 9 arrays of the item rules
    assert ctypes.sizeof(_ffi.lk_items) == 19 * 8
    # struct_size, 15 fields of 4 bytes, overflow_item, align_items
    assert ctypes.sizeof(_ffi.lk_flow_params) == 8 + 4 * 15 + 8 + 4
    # ... row_capacity, then hidden, overflow_placed and its frame, padding
    assert ctypes.sizeof(_ffi.lk_result) == 8 + 4 + 4 + 8 + 4 * 8 + 8 + 5 * 8 + 8 + 8 + 4 + 4 * 4 + 4
    assert _ffi.lk_result.hidden.offset == _ffi.lk_result.row_capacity.offset + 8


def test_status_names():
    lib = _loader.library()
    assert lib.lk_status_name(0) == b"LK_OK"
    assert lib.lk_status_name(2) == b"LK_ERR_INVALID_ITEM_SIZE"
    assert lib.lk_status_name(999) == b"LK_ERR_UNKNOWN"


def test_params_default_is_what_flow_defaults_mean():
    params = _loader.library().lk_flow_params_default()
    assert (params.spacing, params.line_spacing) == (0.0, 0.0)
    assert (params.spacing_mode, params.line_spacing_mode) == (_ffi.LK_SPACING_FIXED,) * 2
    assert (params.alignment.x, params.alignment.y) == (0.0, 0.0)


def test_env_var_pointing_at_a_missing_file(tmp_path, run_python):
    missing = tmp_path / "nowhere" / "libLayoutKernel.so"
    result = run_python("import layoutkernel", {"LAYOUTKERNEL_LIBRARY": str(missing)})
    assert result.returncode != 0
    assert "ImportError" in result.stderr and str(missing) in result.stderr
    assert "LAYOUTKERNEL_LIBRARY" in result.stderr


def test_env_var_pointing_at_an_unloadable_file(tmp_path, run_python):
    bogus = tmp_path / "libLayoutKernel.so"
    bogus.write_text("not a shared library")
    result = run_python("import layoutkernel", {"LAYOUTKERNEL_LIBRARY": str(bogus)})
    assert result.returncode != 0
    assert "ImportError" in result.stderr and f"cannot load {bogus}" in result.stderr


def test_env_var_pointing_at_the_library(tmp_path, run_python):
    copy = tmp_path / "copy.so"
    shutil.copyfile(LOADED_PATH, copy)
    code = "import layoutkernel as lk; from layoutkernel import _loader; " \
           "print(_loader.library()._name); print(lk.flow([1, 2], [3, 4]).width)"
    result = run_python(code, {"LAYOUTKERNEL_LIBRARY": str(copy)})
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [str(copy), "3.0"]


def test_nothing_found_says_what_was_tried_and_how_to_fix_it(monkeypatch, tmp_path):
    monkeypatch.delenv(_loader.ENV_VAR, raising=False)
    monkeypatch.setattr(_loader, "_PACKAGE_DIR", tmp_path / "package")
    monkeypatch.setattr(_loader, "_REPO_BUILD_DIR", tmp_path / "build")
    with pytest.raises(ImportError) as info:
        _loader.library.__wrapped__()
    message = str(info.value)
    assert str(tmp_path / "package" / _loader.LIBRARY_NAME) in message
    assert str(tmp_path / "build" / _loader.LIBRARY_NAME) in message
    assert "make build" in message and "LAYOUTKERNEL_LIBRARY" in message


def test_bundled_copy_comes_before_the_build_folder(monkeypatch, tmp_path):
    monkeypatch.delenv(_loader.ENV_VAR, raising=False)
    shutil.copyfile(LOADED_PATH, tmp_path / _loader.LIBRARY_NAME)
    monkeypatch.setattr(_loader, "_PACKAGE_DIR", tmp_path)
    assert _loader.candidates()[0] == ("the copy bundled in the package",
                                       tmp_path / _loader.LIBRARY_NAME)
    assert _loader.library.__wrapped__()._name == str(tmp_path / _loader.LIBRARY_NAME)


def test_build_folder_is_the_repository_one(monkeypatch):
    monkeypatch.delenv(_loader.ENV_VAR, raising=False)
    assert _loader.candidates()[1][1] == REPO_DIR / ".build" / "release" / _loader.LIBRARY_NAME


def test_abi_mismatch_is_an_import_error(monkeypatch):
    monkeypatch.setattr(_loader, "ABI_VERSION", 999)
    with pytest.raises(ImportError, match=f"ABI version {lk.ABI_VERSION}.*ABI version 999"):
        _loader._open("test", LOADED_PATH)


def build_stand_in(tmp_path, abi_version):
    """A library that defines only lk_abi_version(), built with the C compiler."""
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    assert compiler, "a C compiler is needed to build the stand-in library"
    source = tmp_path / "stand_in.c"
    source.write_text(f"unsigned lk_abi_version(void) {{ return {abi_version}; }}\n")
    library = tmp_path / "libstand_in.so"
    subprocess.run([compiler, "-shared", "-fPIC", "-o", str(library), str(source)], check=True)
    return library


def test_abi_mismatch_on_import_in_a_fresh_interpreter(tmp_path, run_python):
    stand_in = build_stand_in(tmp_path, 1)
    result = run_python("import layoutkernel", {"LAYOUTKERNEL_LIBRARY": str(stand_in)})
    assert result.returncode != 0
    assert "ImportError" in result.stderr
    assert f"{stand_in} has ABI version 1" in result.stderr and f"ABI version {lk.ABI_VERSION}" in result.stderr


def test_library_missing_a_function_is_an_import_error(tmp_path, run_python):
    stand_in = build_stand_in(tmp_path, lk.ABI_VERSION)
    result = run_python("import layoutkernel", {"LAYOUTKERNEL_LIBRARY": str(stand_in)})
    assert result.returncode != 0
    assert "ImportError" in result.stderr
    assert f"{stand_in} is missing a function of the C API" in result.stderr
