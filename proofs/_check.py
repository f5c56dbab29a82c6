"""The one check every proof script uses: explicit, and loud under ``python -O`` too.

A proof states an equality and checks it with sympy (``simplify(lhs - rhs)
== 0``), or states a condition it computed. Neither is an ``assert``, which
``python -O`` removes: a failed check raises :class:`ProofError` naming what
failed, and the script stops there.

Imported by the scripts as ``from _check import check, require``: a script
run as ``python proofs/x.py`` has ``proofs/`` on its path (the tests put it
there too).
"""

from __future__ import annotations

from typing import Any

import sympy

__all__ = ["ProofError", "check", "require"]


class ProofError(Exception):
    """A step of a proof did not check out."""


def check(what: str, lhs: Any, rhs: Any) -> None:
    """Check ``simplify(lhs - rhs) == 0`` and print the equality as Markdown with LaTeX.

    Raises
    ------
    ProofError
        If the difference does not simplify to 0.
    """
    lhs, rhs = sympy.sympify(lhs), sympy.sympify(rhs)
    diff = sympy.simplify(lhs - rhs)
    if diff != 0:
        raise ProofError(f"{what}: {lhs} != {rhs} (difference {diff})")
    print(f"- {what}: ${sympy.latex(sympy.simplify(lhs))} = {sympy.latex(rhs)}$ (checked)")


def require(condition: Any, what: str) -> None:
    """Check a computed condition (a bool, or a sympy relation that evaluates to one).

    Raises
    ------
    ProofError
        If the condition is not true.
    """
    if not bool(condition):
        raise ProofError(f"not true: {what}")
