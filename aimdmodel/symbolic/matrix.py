"""The matrix model of AIMD flows with their own parameters (Shorten, Wirth & Leith 2006).

m AIMD flows share a bottleneck; flow ``i`` adds ``alpha_i`` per RTT and
multiplies its window by ``beta_i`` at a congestion event, and every flow
sees every event (synchronous feedback). Let ``w(k)`` be the windows at the
k-th congestion event (the peaks). If the sum of the windows at every peak
is the same (the fluid limit: ``sum(w) = W`` at each event), the cycle
lasts ``T(k) = sum_j (1 - beta_j) w_j(k) / sum_j alpha_j`` RTTs and

    w(k+1) = A w(k),   A = diag(beta) + alpha (1 - beta)^T / sum(alpha).

``A`` is column-stochastic with non-negative entries: its Perron eigenvalue
is 1 and the peaks converge to its Perron vector, ``x_i`` proportional to
``alpha_i / (1 - beta_i)``, at the rate of the second largest eigenvalue
modulus ``lambda_2``. The mean window of flow ``i`` over a cycle is
``(1 + beta_i) x_i / 2`` (its window climbs linearly from ``beta_i x_i`` to
``x_i``), which gives the long-run throughput shares. Source: R. Shorten,
F. Wirth and D. Leith, "A positive systems model of TCP-like congestion
control: asymptotic results", IEEE/ACM Trans. Networking 14(3), 2006.

What the model leaves out: the discreteness of the synchronous model (a
cycle is a whole number of RTTs, so the sum at a peak overshoots ``W`` by up
to ``sum(alpha)``; the shares are exact in the long-run average and in the
fluid limit, :func:`aimdmodel.metrics` measures the rest); queues; drops
that do not reach every flow.

Examples
--------
>>> from fractions import Fraction
>>> from aimdmodel import AIMD
>>> mm = matrix_model(AIMD(a=[1, Fraction(1, 5)], b=[Fraction(1, 2), Fraction(7, 8)]))
>>> [str(v) for v in mm.peak_shares], [str(v) for v in mm.mean_shares]
(['5/9', '4/9'], ['1/2', '1/2'])
>>> mm.eigenvalues, mm.lambda2
((1, 13/16), 13/16)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import sympy

from .._arith import is_number, is_symbolic, to_fraction
from .._validate import check_count
from ..policies import AIMD, FlowMix, LinearControl, Policy

__all__ = ["MatrixModel", "matrix_model"]


@dataclass(frozen=True)
class MatrixModel:
    """The matrix model of unequal AIMD flows (see the module docstring).

    Attributes
    ----------
    alpha, beta : tuple of sympy expressions
        Per-flow additive increase and decrease factor (exact Rationals, or
        symbols).
    A : sympy.Matrix
        ``diag(beta) + alpha (1 - beta)^T / sum(alpha)``, column-stochastic.
    peak_shares : tuple
        The Perron vector of ``A`` normalized to sum 1: the shares of the
        windows at congestion, ``alpha_i/(1 - beta_i)`` normalized.
    mean_shares : tuple
        ``(1 + beta_i) x_i / 2`` normalized: the long-run throughput shares.
    eigenvalues : tuple
        The eigenvalues of ``A`` with multiplicity, by decreasing modulus
        (numeric parameters) or as sympy returns them (symbolic ones).
    lambda2 : sympy expression or None
        The second largest eigenvalue modulus: the per-cycle contraction of
        the distance to the Perron vector (None for one flow, or symbolic
        parameters whose moduli cannot be ordered).
    """

    alpha: tuple
    beta: tuple
    A: Any
    peak_shares: tuple
    mean_shares: tuple
    eigenvalues: tuple
    lambda2: Any

    def numeric(self) -> dict[str, np.ndarray]:
        """Return the shares and ``lambda2`` as floats (numeric parameters only).

        Examples
        --------
        >>> from aimdmodel import AIMD
        >>> matrix_model(AIMD(), flows=3).numeric()["lambda2"]
        0.5
        """
        return {
            "peak_shares": np.array([float(v) for v in self.peak_shares]),
            "mean_shares": np.array([float(v) for v in self.mean_shares]),
            "lambda2": None if self.lambda2 is None else float(self.lambda2),
        }


def _aimd_pair(policy: Policy, i: int) -> tuple[Any, Any]:
    """Return ``(alpha, beta)`` of an AIMD-type member (additive increase, multiplicative cut)."""
    coef = policy.linear_coefficients
    if isinstance(policy, (AIMD, LinearControl)) and coef is not None:
        a_i, b_i, a_d, b_d = coef
        scalar = all(not isinstance(v, tuple) for v in coef)
        if scalar and b_i == 1 and a_d == 0 and getattr(policy, "floor", 0) == 0:
            return a_i, b_d
    raise ValueError(
        f"flow {i}: the matrix model is for AIMD flows (increase w + a, decrease b w, no "
        f"floor), got {policy!r}"
    )


def _members(policies: Any, flows: int | None) -> list[tuple[Any, Any]]:
    """Return per-flow ``(alpha, beta)`` from a policy, a FlowMix or a sequence of policies."""
    if isinstance(policies, FlowMix):
        policies = list(policies.policies)
    if isinstance(policies, (list, tuple)):
        if flows is not None and flows != len(policies):
            raise ValueError(f"flows={flows} but {len(policies)} policies were given")
        return [_aimd_pair(p, i) for i, p in enumerate(policies)]
    if not isinstance(policies, Policy):
        raise TypeError(f"policies must be a Policy or a sequence of them, got {policies!r}")
    per_flow = policies.per_flow
    m = max(per_flow.values()) if per_flow else flows
    if m is None:
        raise ValueError("give flows= for a policy without per-flow parameters")
    if flows is not None and flows != m:
        raise ValueError(f"flows={flows} but the per-flow parameters hold {m} values")
    out = []
    for i in range(m):
        member = type(policies)(**{
            k: (v[i] if isinstance(v, tuple) else v) for k, v in policies.params().items()
        })
        out.append(_aimd_pair(member, i))
    return out


def _exact(v: Any) -> Any:
    if is_symbolic(v):
        return v
    if is_number(v):
        f = to_fraction(v, "parameter")
        return sympy.Rational(f.numerator, f.denominator)
    raise TypeError(f"parameters must be numbers or sympy symbols, got {v!r}")


def _ordered_eigenvalues(A: sympy.Matrix) -> tuple[tuple, Any]:
    vals = [v for v, mult in A.eigenvals().items() for _ in range(mult)]
    if not all(v.is_number for v in vals):
        return tuple(vals), None
    vals.sort(key=lambda v: -float(abs(sympy.N(v, 30))))
    lam2 = sympy.nsimplify(abs(vals[1])) if len(vals) > 1 else None
    if lam2 is not None and not all(v.is_rational for v in vals):
        lam2 = abs(vals[1])
    return tuple(vals), lam2


def matrix_model(policies: Any, *, flows: int | None = None) -> MatrixModel:
    """Build the matrix model of AIMD flows with their own parameters.

    Parameters
    ----------
    policies : Policy, FlowMix or sequence of Policy
        AIMD flows: one AIMD with per-flow parameters (``AIMD(a=[1, 1/5],
        b=[1/2, 7/8])``), a sequence of AIMD policies (one per flow), or one
        AIMD for ``flows`` equal flows. Linear controls with an additive
        increase and a multiplicative decrease count as AIMD.
    flows : int, optional
        Number of flows (needed for a policy without per-flow parameters).

    Returns
    -------
    MatrixModel

    Raises
    ------
    ValueError
        A flow that is not AIMD-type, or inconsistent numbers of flows.

    Examples
    --------
    Two flows with TCP-friendly parameters (Floyd, Handley & Padhye's
    ``alpha = 3 (1 - beta)/(1 + beta)``) get equal throughput shares:

    >>> from fractions import Fraction
    >>> from aimdmodel import AIMD
    >>> mm = matrix_model([AIMD(), AIMD(a=Fraction(1, 5), b=Fraction(7, 8))])
    >>> [str(v) for v in mm.mean_shares]
    ['1/2', '1/2']
    """
    if flows is not None:
        check_count("flows", flows, minimum=1, optional=False)
    pairs = _members(policies, flows)
    if not pairs:
        raise ValueError("policies must hold at least one AIMD flow, got none")
    alpha = tuple(_exact(a) for a, _ in pairs)
    beta = tuple(_exact(b) for _, b in pairs)
    m = len(pairs)
    a_vec = sympy.Matrix(alpha)
    A = sympy.diag(*beta) + a_vec * sympy.Matrix([[1 - b for b in beta]]) / sum(alpha)
    A = A.applyfunc(sympy.simplify)
    x = [a / (1 - b) for a, b in zip(alpha, beta, strict=True)]
    peak = tuple(sympy.simplify(v / sum(x)) for v in x)
    mean = [(1 + b) * v for b, v in zip(beta, x, strict=True)]
    means = tuple(sympy.simplify(v / sum(mean)) for v in mean)
    eig, lam2 = _ordered_eigenvalues(A) if m > 1 else ((sympy.Integer(1),), None)
    return MatrixModel(alpha, beta, A, peak, means, eig, lam2)
