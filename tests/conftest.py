"""Shared pytest configuration: the hypothesis profiles.

Two profiles, chosen by the environment variable ``HYPOTHESIS_PROFILE``:

- ``ci`` (default): few examples, derandomized (the same examples on every
  run), no deadline, no example database, so the whole default suite stays
  within its time budget and never depends on earlier runs;
- ``thorough``: many more examples, random, no deadline; run it by hand
  (``HYPOTHESIS_PROFILE=thorough pytest tests/properties``).
"""

from __future__ import annotations

import os

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
