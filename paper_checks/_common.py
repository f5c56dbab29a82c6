"""Helpers shared by the claim modules (simulation read-outs)."""

from __future__ import annotations

from aimdmodel import Trajectory


def increase_counts(tr: Trajectory) -> list[int]:
    """Additive-increase steps of each cycle: ``k_1`` before the first
    congestion event, then the steps strictly between consecutive events."""
    c = [int(v) for v in tr.congestion_steps]
    if not c:
        return []
    return [c[0]] + [c[j] - c[j - 1] - 1 for j in range(1, len(c))]


def congested_share(tr: Trajectory, last: int) -> float:
    """Share of the last ``last`` RTTs that were congestion events."""
    fb = tr.feedback[-last:]
    return float((fb == 0).sum()) / len(fb)
