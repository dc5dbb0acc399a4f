#!/usr/bin/env bash
# Installs the wheel in $1 (a folder holding one layoutkernel wheel) into a fresh
# virtual environment, offline (pip --no-index), and runs Tests/wheel/smoke.py with
# it from a scratch folder, in an environment of PATH=/usr/bin:/bin alone: no Swift
# toolchain, no repository on sys.path, no LAYOUTKERNEL_LIBRARY.
set -euo pipefail
PYTHON=${PYTHON:-python3}
here=$(cd "$(dirname "$0")" && pwd)
wheels=("$1"/layoutkernel-*.whl)
[ ${#wheels[@]} -eq 1 ] && [ -f "${wheels[0]}" ] || { echo "want one layoutkernel wheel in $1, found: ${wheels[*]}" >&2; exit 1; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$PYTHON" -m venv "$scratch/venv"
"$scratch/venv/bin/python" -m pip install --quiet --no-index --disable-pip-version-check "${wheels[0]}"
cp "$here/smoke.py" "$scratch/smoke.py"
cd "$scratch"
env -i PATH=/usr/bin:/bin HOME="$scratch" "$scratch/venv/bin/python" smoke.py
