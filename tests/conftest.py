"""Shared pytest configuration: the hypothesis profiles.

Two profiles, chosen by the environment variable ``HYPOTHESIS_PROFILE``:

- ``ci`` (default): few examples, derandomized (the same examples on every
  run), no deadline, no example database, so the whole default suite stays
  within its time budget and never depends on earlier runs;
- ``thorough``: many more examples, random, no deadline; run it by hand
  (``HYPOTHESIS_PROFILE=thorough pytest tests/properties``).

And the ``slow`` marker of the tests named in ``tests/slow_tests.txt`` (test
functions, parametrized cases, whole modules and the doctests of library
modules alike, one list, measured with ``pytest --durations=0``), so that
``pytest -m "not slow"`` is a contributor's inner loop of under a minute.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    database=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    max_examples=2000,
    deadline=None,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

SLOW_TESTS = Path(__file__).with_name("slow_tests.txt")


def slow_test_ids() -> set[str]:
    """Node ids (or their prefixes: a module, a test without its parameters) marked slow.

    A line ``PATH uses FIXTURE`` is kept as is: every test of ``PATH`` that
    needs ``FIXTURE`` (an expensive module-scoped fixture) is slow.
    """
    lines = SLOW_TESTS.read_text(encoding="utf-8").splitlines()
    return {line.split("#")[0].strip() for line in lines} - {""}


def _prefixes(nodeid: str) -> list[str]:
    base = nodeid.split("[")[0]
    parts = base.split("::")
    return [nodeid, *("::".join(parts[:k]) for k in range(len(parts), 0, -1))]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests listed in ``slow_tests.txt`` with ``slow``."""
    slow = slow_test_ids()
    uses = {tuple(s.split(" uses ")) for s in slow if " uses " in s}
    for item in items:
        path = item.nodeid.split("::")[0]
        if any(p in slow for p in _prefixes(item.nodeid)) or any(
                (path, f) in uses for f in getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
