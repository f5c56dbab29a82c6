"""Batched runs of the compiled cycle engine: a parameter grid in a few compiled calls.

:func:`aimdmodel.sweep` groups the policies of a grid into *families*
(policies whose verified affine maps have the same number of state
variables, for the same number of flows) and runs each family's part of
the grid -- every (policy, starting windows, capacity) -- with
:func:`._ccycle.sweep_metrics`, in chunks of systems on the sweep's
executor. Each system runs alone, exactly as ``simulate(...,
engine="ccycle")`` runs it, and the metrics of :mod:`aimdmodel.metrics`
are computed inside the loop, operation for operation, so nothing of the
trajectory is kept.

Examples
--------
>>> from aimdmodel import AIMD, AIMDFC
>>> fams, rest = plan_families([AIMD(), AIMDFC(), AIMD(b=0.7)], np.array([[1.0, 30.0]]),
...                            np.array([100.0, 1000.0]), ">=")
>>> [f.policies for f in fams], rest
([[0, 2], [1]], [])
>>> outf, outi = run_chunk(fams[0], 0, fams[0].size, steps=-1, cycles=12, max_work=10**7,
...                        burn_in=-1, eps=1.0)
>>> round(float(outf[0, 0]), 4), int(outi[0, 1])  # efficiency, events
(0.75, 12)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .._arith import to_float
from ..policies import Policy
from .base import load_compiled
from .ccycle import float_params, initial_states
from .declarations import affine_map_spec

__all__ = ["METRIC_COLUMNS", "Family", "plan_families", "run_chunk"]

METRIC_COLUMNS = ("efficiency", "offered_load", "overflow", "smoothness", "final_jain")
"""The float columns of :func:`run_chunk` (``outf``), in order. The int columns
(``outi``) are: steps, events, start-up transient (cycles), steps kept,
status (0 ok), steps to fairness (-1: never), events before it, burn-in."""


@dataclass(frozen=True, eq=False)
class Family:
    """One family of a grid: its policies, their maps and starting states, the capacities.

    Attributes
    ----------
    policies : list of int
        Indices (in the sweep's list) of the family's policies, in grid order.
    S0 : ndarray, shape (P, S, m, n)
        The state variables of every start under every policy.
    par : ndarray, shape (P, m, L)
        The maps (:func:`.ccycle.float_params`), stacked over the policies.
    W : ndarray, shape (C,)
        The capacities.
    ge : bool
        The congestion convention (``>=``).
    prog : ndarray or None
        numpy's pairwise summation order for ``m`` flows.
    """

    policies: list
    S0: np.ndarray
    par: np.ndarray
    W: np.ndarray
    ge: bool
    prog: Any

    @property
    def size(self) -> int:
        """Number of systems: policies x starts x capacities."""
        return len(self.policies) * self.S0.shape[1] * len(self.W)


def plan_families(
    policies: list[Policy], X: np.ndarray, W: np.ndarray, congestion: str
) -> tuple[list[Family], list[int]]:
    """Group the policies that the compiled cycle engine runs into families.

    Parameters
    ----------
    policies : list of Policy
    X : ndarray, shape (S, m)
        The starting windows (float64).
    W : ndarray, shape (C,)
        The capacities (float64).
    congestion : {">=", ">"}

    Returns
    -------
    families : list of Family
    rest : list of int
        The indices of the policies it does not run (no verified affine map).
    """
    load_compiled()  # before the compiled modules are imported (a read-only cache moves)
    from ._compiled import sum_program

    m = X.shape[1]
    by_n: dict[int, list[tuple[int, np.ndarray, np.ndarray]]] = {}
    rest = []
    for k, policy in enumerate(policies):
        spec = affine_map_spec(policy, flows=m)
        if spec is None:
            rest.append(k)
            continue
        pol = policy.converted(to_float)
        S0, _ = initial_states(pol, spec, X)
        by_n.setdefault(spec.increment.shape[1], []).append((k, float_params(pol, spec, m), S0))
    families = []
    for members in by_n.values():
        par = np.ascontiguousarray(np.concatenate([p for _, p, _ in members]))
        S0 = np.ascontiguousarray(np.stack([s for _, _, s in members]))
        families.append(Family([k for k, _, _ in members], S0, par,
                               np.ascontiguousarray(W, dtype=np.float64), congestion == ">=",
                               sum_program(m)))
    return families, rest


def run_chunk(family: Family, lo: int, hi: int, *, steps: int, cycles: int, max_work: int,
              burn_in: int, eps: float) -> tuple[np.ndarray, np.ndarray]:
    """Run the systems ``lo .. hi-1`` of a family; return their float and int columns.

    ``steps = -1`` for a ``cycles=`` run; ``burn_in = -1`` for the default
    burn-in. Columns: :data:`METRIC_COLUMNS` and the int columns listed there.
    """
    from ._ccycle import sweep_metrics
    load_compiled()
    with np.errstate(divide="ignore", invalid="ignore"):
        return sweep_metrics(family.S0, family.par, family.W, family.ge, family.prog, steps,
                             cycles, max_work, burn_in, eps, lo, hi)
