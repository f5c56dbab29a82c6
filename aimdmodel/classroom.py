"""The policies a lecture shows, their parameter ranges, and their closed forms.

Shared by the notebook explorer (:mod:`aimdmodel.explorer`) and the lab
page (:mod:`aimdmodel.lab`), so both offer the same menu and show the same
closed forms. The closed forms are :func:`aimdmodel.symbolic.derive`'s,
derived once per policy with its parameters as symbols and then evaluated
at the values chosen (so a slider moves without a new derivation).

Examples
--------
>>> p = teaching_policy("AIMD-FC", b=0.5)
>>> p.label()
'AIMD-FC(a=1, b=1/2)'
>>> bounds("AIMD-FC", {"a": 1, "b": 0.5}, flows=2, capacity=90)["min"]
60.0
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from .policies import POLICIES, Policy, make_policy

__all__ = [
    "PARAMETER_RANGES",
    "TEACHING_POLICIES",
    "bounds",
    "parameters_of",
    "symbolic_closed_form",
    "teaching_policy",
]

TEACHING_POLICIES: dict[str, tuple[str, dict[str, Any]]] = {
    "AIMD": ("aimd", {}),
    "AIMD-FC": ("aimd-fc", {}),
    "AIMD-FC+": ("aimd-fc-plus", {}),
    "New-AIMD (printed)": ("new-aimd", {"reading": "printed"}),
    "New-AIMD (charitable)": ("new-aimd", {"reading": "charitable"}),
    "AIAD": ("aiad", {}),
    "MIMD": ("mimd", {}),
    "MIAD": ("miad", {}),
}
"""Menu label -> (policy name of :data:`aimdmodel.POLICIES`, fixed keyword arguments)."""

PARAMETER_RANGES: dict[str, tuple[float, float, float]] = {
    "a": (0.1, 5.0, 0.1),
    "b": (0.05, 0.95, 0.05),
    "f": (0.05, 0.95, 0.05),
    "c": (1.05, 3.0, 0.05),
    "d": (0.1, 5.0, 0.1),
}
"""Parameter name -> (smallest, largest, step) offered by the sliders: ``a``
additive increase, ``b`` multiplicative decrease factor, ``f`` AIMD-FC+'s
fraction, ``c`` multiplicative increase factor, ``d`` additive decrease."""


def _entry(label: str) -> tuple[str, dict[str, Any]]:
    if label not in TEACHING_POLICIES:
        raise ValueError(f"policy must be one of {', '.join(TEACHING_POLICIES)}, got {label!r}")
    return TEACHING_POLICIES[label]


def parameters_of(label: str) -> dict[str, Any]:
    """Return the slider parameters of a menu policy with their defaults.

    Parameters
    ----------
    label : str
        A key of :data:`TEACHING_POLICIES`.

    Returns
    -------
    dict
        Parameter name -> default value (as float), in the policy's order.

    Examples
    --------
    >>> parameters_of("AIMD-FC+")
    {'a': 1.0, 'b': 0.5, 'f': 0.5}
    """
    name, _ = _entry(label)
    return {f.name: float(f.default) for f in dataclasses.fields(POLICIES[name])
            if f.name in PARAMETER_RANGES}


def teaching_policy(label: str, **params: Any) -> Policy:
    """Make the policy of a menu label with the given slider values.

    Parameters
    ----------
    label : str
        A key of :data:`TEACHING_POLICIES`.
    **params
        Values of the parameters of :func:`parameters_of` (others keep
        their defaults); floats are read through their shortest decimal
        form in exact arithmetic (0.7 is 7/10).

    Returns
    -------
    Policy

    Raises
    ------
    ValueError
        Unknown label, a parameter the policy does not have, or a value the
        policy refuses (the message names it and its range).

    Examples
    --------
    >>> teaching_policy("New-AIMD (charitable)", b=0.7).label()
    'New-AIMD(a=1, b=7/10, charitable)'
    """
    name, fixed = _entry(label)
    allowed = parameters_of(label)
    unknown = sorted(set(params) - set(allowed))
    if unknown:
        raise ValueError(f"{label} has no parameter {unknown[0]!r}; its parameters are "
                         f"{', '.join(allowed)}")
    exact = {k: Fraction(repr(v)) if isinstance(v, float) else v for k, v in params.items()}
    return make_policy(name, **fixed, **exact)


@lru_cache(maxsize=64)
def symbolic_closed_form(label: str, flows: int) -> Any:
    """Derive the closed forms of a menu policy once, its parameters as symbols.

    Parameters
    ----------
    label : str
        A key of :data:`TEACHING_POLICIES`.
    flows : int
        Number of equal flows ``m``.

    Returns
    -------
    ClosedForm
        :func:`aimdmodel.symbolic.derive` of the policy whose slider
        parameters are positive sympy symbols of the same names (cached).

    Examples
    --------
    >>> symbolic_closed_form("AIMD", 2).efficiency
    (b + 1)/2
    """
    import sympy

    from .symbolic import derive

    symbols = {k: sympy.Symbol(k, positive=True) for k in parameters_of(label)}
    return derive(teaching_policy(label, **symbols), flows=flows)


def bounds(label: str, params: dict[str, Any], *, flows: int, capacity: float) -> dict[str, Any]:
    """Closed-form bounds of the sum of the windows at these parameter values.

    Parameters
    ----------
    label : str
        A key of :data:`TEACHING_POLICIES`.
    params : dict
        Parameter values (all of :func:`parameters_of`).
    flows : int
        Number of flows ``m``.
    capacity : float
        ``W`` in packets per RTT.

    Returns
    -------
    dict
        ``min`` and ``mean`` (packets: where the sum of the windows starts
        a cycle, and its mean), ``efficiency``, each None when the policy
        has no sawtooth to average; ``min_formula``, ``mean_formula``,
        ``efficiency_formula`` (sympy expressions in the parameters and
        ``W``, or None); ``reason`` (why there is no sawtooth, or None).

    Examples
    --------
    >>> b = bounds("AIMD", {"a": 1, "b": 0.5}, flows=2, capacity=100)
    >>> b["min"], b["mean"], str(b["mean_formula"])
    (50.0, 75.0, 'W*(b + 1)/2')
    >>> bounds("New-AIMD (printed)", {"a": 1, "b": 0.5}, flows=2, capacity=100)["mean"] is None
    True
    """
    cf = symbolic_closed_form(label, flows)
    names = [*parameters_of(label), "W"]
    missing = sorted(set(names[:-1]) - set(params))
    if missing:
        raise ValueError(f"params must give every parameter of {label}; {missing[0]!r} is missing")
    args = [float(params[k]) for k in names[:-1]] + [float(capacity)]
    out: dict[str, Any] = {"reason": cf.reason if cf.success else cf.message}
    for key, (formula, evaluate) in _formulas(label, flows).items():
        with np.errstate(all="ignore"):
            value = None if evaluate is None else complex(evaluate(*args))
        ok = value is not None and value.imag == 0 and np.isfinite(value.real)
        out[key] = float(value.real) if ok else None
        out[f"{key}_formula"] = formula
    return out


@lru_cache(maxsize=64)
def _formulas(label: str, flows: int) -> dict[str, tuple[Any, Any]]:
    """Return, per bound, the closed form in the parameters and ``W`` and a compiled function."""
    import sympy

    from .symbolic import W

    cf = symbolic_closed_form(label, flows)
    symbols = [sympy.Symbol(k, positive=True) for k in parameters_of(label)] + [W]
    out: dict[str, tuple[Any, Any]] = {}
    for key, field, scale in (("min", "min_window", W), ("mean", "efficiency", W),
                              ("efficiency", "efficiency", 1)):
        expr = getattr(cf, field)
        if expr is None or (key == "mean" and cf.cycle_length == 0):
            out[key] = (None, None)
            continue
        formula = expr * scale
        out[key] = (formula, sympy.lambdify(symbols, formula, modules="numpy"))
    return out
