"""Every case of the reference fixtures (Tests/Fixtures/reference: the results of the
library's scalar references, see reference_fixtures.py) through the binding, at the
kernel level this process runs: each layout kind's descriptor (``layout``, ``size``,
``row_count``; a flow with its breaks) and ``first_fit``, bit for bit or within the
case's tolerance."""

from collections import Counter

import pytest

from layoutkernel import _numpy
import reference_fixtures
from reference_fixtures import CASES, KINDS


def test_the_fixtures_cover_every_kind_and_first_fit():
    kinds = Counter(case.kind for case in CASES)
    for kind in KINDS:
        assert kinds[kind] >= 50, kinds
    assert kinds["first_fit"] >= 100, kinds
    assert len({case.id for case in CASES}) == len(CASES)
    assert any(case.tolerance is None for case in CASES)
    assert any(case.tolerance is not None for case in CASES)


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_case(case):
    chosen, layout = reference_fixtures.lay_out(case)
    assert reference_fixtures.differences(case, chosen, layout) == []
    if not case.axes:
        size, row_count = reference_fixtures.size_and_row_count(case)
        assert reference_fixtures.size_differences(case, size, row_count) == []


def test_cases_without_numpy(monkeypatch):
    """Every fifth case with the binding's NumPy-free paths (lists in, arrays out)."""
    monkeypatch.setattr(_numpy, "np", None)
    differ = []
    for case in CASES[::5]:
        chosen, layout = reference_fixtures.lay_out(case)
        assert type(layout.x).__name__ == "array"
        if reference_fixtures.differences(case, chosen, layout):
            differ.append(case.id)
    assert differ == []
