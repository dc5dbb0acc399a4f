"""Every Python example in python/README.md, README.md and docs/*.md runs.

Each ```python block runs in a fresh interpreter; its test id names the file
and the block's first line (``docs/engine.md:62``). README.md and docs/ are
read when this checkout has them (the repository's root, above python/).
"""

import re
from pathlib import Path

import pytest

PYTHON_DIR = Path(__file__).resolve().parents[1]
ROOT = PYTHON_DIR.parent
README = PYTHON_DIR / "README.md"
DOCUMENTS = [README] + [path for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
                        if path.is_file()]
FENCE = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


def blocks(path):
    """(id, code) of every Python block of a document, in order."""
    text = path.read_text()
    name = path.relative_to(ROOT).as_posix()
    return [(f"{name}:{text.count(chr(10), 0, match.start()) + 2}", match.group(1))
            for match in FENCE.finditer(text)]


BLOCKS = [block for path in DOCUMENTS for block in blocks(path)]


def test_the_readme_has_examples():
    assert len(blocks(README)) >= 4


def test_the_documents_have_examples():
    # The repository's README has a Python quick start; docs/ has more.
    if (ROOT / "README.md").is_file():
        assert blocks(ROOT / "README.md")
        assert any(blocks(path) for path in DOCUMENTS[2:])


@pytest.mark.parametrize("block", [code for _, code in BLOCKS], ids=[name for name, _ in BLOCKS])
def test_example_runs(block, run_python):
    done = run_python(block)
    assert done.returncode == 0, done.stderr
