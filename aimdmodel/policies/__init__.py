"""Window-update rules of the synchronous binary-feedback model, one module per family.

=====================  =====================================================
:mod:`.base`           :class:`Policy`, the protocol and its declarations
:mod:`.linear`         Chiu and Jain's linear controls: AIMD, AIAD, MIMD, MIAD
:mod:`.fc`             AIMD-FC, AIMD-FC+ (both readings), shifted AIMD-FC
:mod:`.new_aimd`       New-AIMD, printed and charitable readings
:mod:`.westwood`       the Westwood rule of seed 002 (bandwidth-estimate decrease)
:mod:`.mix`            :class:`FlowMix`, one policy per flow
=====================  =====================================================

:data:`POLICIES` maps the command-line names to the classes;
:func:`make_policy` builds one by name.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .base import Policy
from .fc import AIMDFC, AIMDFCPlus, AIMDFCPlusPrinted, FCPlusState, FCState, ShiftedAIMDFC
from .linear import AIAD, AIMD, MIAD, MIMD, LinearControl, WindowState
from .mix import FlowMix
from .new_aimd import NEW_AIMD_READINGS, NewAIMD, NewAIMDState
from .westwood import WestwoodRule

__all__ = [
    "AIAD",
    "AIMD",
    "AIMDFC",
    "MIAD",
    "MIMD",
    "NEW_AIMD_READINGS",
    "POLICIES",
    "AIMDFCPlus",
    "AIMDFCPlusPrinted",
    "FCPlusState",
    "FCState",
    "FlowMix",
    "LinearControl",
    "NewAIMD",
    "NewAIMDState",
    "Policy",
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
