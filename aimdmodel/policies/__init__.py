"""Window-update rules of the synchronous binary-feedback model, one module per family.

=====================  =====================================================
:mod:`.base`           :class:`Policy`, the protocol and its declarations
:mod:`.linear`         Chiu and Jain's linear controls: AIMD, AIAD, MIMD, MIAD
:mod:`.gaimd`          GAIMD (Yang & Lam 2000), AIMD with their TCP-friendly pair
:mod:`.binomial`       binomial controls (Bansal & Balakrishnan 2001): IIAD, SQRT
:mod:`.simd`           SIMD (Jin, Guo, Matta & Bestavros 2001)
:mod:`.cubic`          CUBIC (RFC 9438)
:mod:`.highspeed`      HighSpeed TCP (RFC 3649)
:mod:`.fc`             AIMD-FC, AIMD-FC+ (both readings), shifted AIMD-FC
:mod:`.new_aimd`       New-AIMD, printed and charitable readings
:mod:`.westwood`       the Westwood rule of Mehta & Dahiya (bandwidth-estimate decrease)
:mod:`.mix`            :class:`FlowMix`, one policy per flow
=====================  =====================================================

:data:`POLICIES` maps the command-line names to the classes;
:func:`make_policy` builds one by name.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .base import Policy
from .binomial import IIAD, SQRT, Binomial
from .cubic import CUBIC, CubicState
from .fc import AIMDFC, AIMDFCPlus, AIMDFCPlusPrinted, FCPlusState, FCState, ShiftedAIMDFC
from .gaimd import GAIMD
from .highspeed import HighSpeed
from .linear import AIAD, AIMD, MIAD, MIMD, LinearControl, WindowState
from .mix import FlowMix
from .new_aimd import NEW_AIMD_READINGS, NewAIMD, NewAIMDState
from .simd import SIMD, SIMD_READINGS, SIMDState
from .westwood import WestwoodRule

__all__ = [
    "AIAD",
    "AIMD",
    "AIMDFC",
    "CUBIC",
    "GAIMD",
    "IIAD",
    "MIAD",
    "MIMD",
    "NEW_AIMD_READINGS",
    "POLICIES",
    "SIMD",
    "SIMD_READINGS",
    "SQRT",
    "AIMDFCPlus",
    "AIMDFCPlusPrinted",
    "Binomial",
    "CubicState",
    "FCPlusState",
    "FCState",
    "FlowMix",
    "HighSpeed",
    "LinearControl",
    "NewAIMD",
    "NewAIMDState",
    "Policy",
    "SIMDState",
    "ShiftedAIMDFC",
    "WestwoodRule",
    "WindowState",
    "make_policy",
]

POLICIES: dict[str, type[Policy]] = {
    cls.name: cls
    for cls in (
        AIMD,
        AIAD,
        MIMD,
        MIAD,
        LinearControl,
        AIMDFC,
        AIMDFCPlus,
        AIMDFCPlusPrinted,
        ShiftedAIMDFC,
        NewAIMD,
        WestwoodRule,
        GAIMD,
        Binomial,
        IIAD,
        SQRT,
        SIMD,
        CUBIC,
        HighSpeed,
    )
}
"""Policy classes by their command-line name (``aimd``, ``aimd-fc``, ...)."""


def make_policy(name: str, **params: Any) -> Policy:
    """Build a policy from its registry name and parameters.

    Parameters
    ----------
    name : str
        One of :data:`POLICIES` (``aimd``, ``aiad``, ``mimd``, ``miad``,
        ``linear``, ``aimd-fc``, ``aimd-fc-plus``, ``new-aimd``, ...).
    **params
        Parameters of that policy; unknown names raise ``ValueError``.

    Returns
    -------
    Policy

    Examples
    --------
    >>> from fractions import Fraction
    >>> make_policy("aimd", b=Fraction(7, 8))
    AIMD(a=1, b=7/8, floor=0)
    """
    try:
        cls = POLICIES[name]
    except (KeyError, TypeError):
        raise ValueError(
            f"policy must be one of {', '.join(sorted(POLICIES))}, got {name!r}"
        ) from None
    known = [f.name for f in dataclasses.fields(cls)]
    unknown = sorted(set(params) - set(known))
    if unknown:
        raise ValueError(
            f"unknown parameter {unknown[0]!r} for policy {name!r}; "
            f"it takes {', '.join(known)}"
        )
    return cls(**params)
