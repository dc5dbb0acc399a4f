"""Shared fixtures for the binding's tests.

Importing layoutkernel here makes a missing or mismatched library fail the
whole run at once with the loader's message (what was tried, how to fix it):
nothing is skipped.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

import layoutkernel  # noqa: F401

PYTHON_DIR = Path(__file__).resolve().parents[1]


def _run_python(code, env_overrides=None):
    """Run ``code`` in a fresh interpreter that imports the package from this tree.

    Returns the CompletedProcess (text output captured). ``env_overrides``
    entries set to None are removed from the environment.
    """
    env = dict(os.environ)
    env["PYTHONPATH"] = str(PYTHON_DIR)
    for key, value in (env_overrides or {}).items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=120)


@pytest.fixture
def run_python():
    """A function that runs Python code in a subprocess; see _run_python."""
    return _run_python
