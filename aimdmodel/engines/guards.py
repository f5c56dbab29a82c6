"""Guards of a run: memory and number size limits, the windows checked as they appear, progress.

A run never grows without saying so: :class:`Limits` bounds the memory a
recorded run may keep and the size of exact numbers; :class:`Watch` checks
every window an engine produces (finite, ``>= 0``, a number of the run's
arithmetic), names the step, the flow and the policy method when one is
not, and shows a progress bar on a terminal when a run takes longer than a
few seconds.

Examples
--------
>>> Limits().memory >= 2**30
True
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from .._validate import check_count, fmt_value

__all__ = ["Limits", "Watch", "estimate_bytes"]

_OBJECT_ITEM = 120
"""Bytes per window in an object array (a pointer and a small Fraction or int)."""


@dataclass(frozen=True)
class Limits:
    """What a run may use before it is refused or stopped with a clear error.

    Parameters
    ----------
    memory : int
        Bytes the recorded windows may take (default 2 GiB, or the value of
        the environment variable ``AIMDMODEL_MAX_MEMORY``).
    bits : int
        Largest numerator or denominator, in bits, of an exact (Fraction)
        window (default 2**20 bits, about 315 000 digits); exact runs of
        multiplicative rules grow their numbers at every step.

    Examples
    --------
    >>> Limits(memory=10**6).memory
    1000000
    """

    memory: int = int(os.environ.get("AIMDMODEL_MAX_MEMORY", 2 * 2**30))
    bits: int = 2**20

    def __post_init__(self) -> None:
        check_count("memory", self.memory, minimum=1, optional=False)
        check_count("bits", self.bits, minimum=64, optional=False)


def estimate_bytes(rows: int, systems: int, flows: int, arithmetic: str) -> int:
    """Bytes of ``rows`` recorded window vectors (plus the feedback bits).

    Examples
    --------
    >>> estimate_bytes(1001, 1, 2, "float")
    17017
    """
    item = 8 if arithmetic != "exact" else _OBJECT_ITEM
    return rows * systems * (flows * item + 1)


def memory_error(needed: int, limit: int, what: str) -> MemoryError:
    """Build the error of a run that would keep more than ``limit`` bytes."""
    return MemoryError(
        f"{what} would keep about {needed / 2**20:.0f} MiB of windows (limit "
        f"{limit / 2**20:.0f} MiB): run with record='cycles' (the knots only) or "
        "record='none', fewer steps, or raise limits=Limits(memory=...)"
    )


class Watch:
    """Checks the windows of a run as they appear, and shows its progress.

    Parameters
    ----------
    run : Run
        The problem (policy, arithmetic, limits).
    progress : bool or None
        Show a tqdm bar on stderr: always, never, or (None) only on a
        terminal once the run has taken two seconds.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> from aimdmodel.engine import prepare
    >>> w = Watch(prepare(AIMD(), [1, 30], 100, steps=3), progress=False)
    >>> w.windows(np.array([[1.0, -2.0]]), 7, "decrease")
    Traceback (most recent call last):
    ...
    ValueError: AIMD(a=1.0, b=0.5, floor=0.0).decrease gave flow 1 a negative window -2.0 at step 7
    """

    def __init__(self, run: Any, progress: bool | None = None) -> None:
        self.run = run
        self.progress = progress
        self.start = time.perf_counter()
        self.bar: Any = None
        self.kept = 0
        self.float = run.arithmetic == "float"

    def windows(self, w: Any, t: int, method: str) -> None:
        """Check the window vectors ``w`` (B, m) that ``method`` produced for step ``t``."""
        if not isinstance(w, np.ndarray) or w.shape != self.run.x.shape:
            raise TypeError(
                f"{self._who(method)} must give windows of shape {self.run.x.shape} (systems, "
                f"flows), got {type(w).__name__} of shape {np.shape(w)}"
            )
        if self.float:
            if w.dtype != np.float64:
                raise TypeError(f"{self._who(method)} gave windows of dtype {w.dtype} in float "
                                "arithmetic (float64 expected)")
            if np.isfinite(w).all() and (w >= 0).all():
                return
            bad = ~np.isfinite(w) | (w < 0)
        else:
            bad = np.zeros(w.shape, dtype=bool)
            for idx, v in np.ndenumerate(w):
                bad[idx] = not isinstance(v, (int, Fraction)) or v < 0
            if not bad.any():
                return
        self._bad(w, np.argwhere(bad)[0], t, method)

    def _bad(self, w: np.ndarray, where: np.ndarray, t: int, method: str) -> None:
        v = w[tuple(where)]
        flow = int(where[-1])
        system = f" of system {int(where[0])}" if w.shape[0] > 1 else ""
        if not self.float and not isinstance(v, (int, Fraction)):
            raise TypeError(
                f"{self._who(method)} gave flow {flow}{system} the window {v!r} at step {t}: in "
                f"{self.run.arithmetic} arithmetic windows must stay exact (int or Fraction; "
                "give Fraction parameters, e.g. Fraction(1, 2))"
            )
        kind = "a negative window" if v == v and v < 0 else "a window that is not finite"
        raise ValueError(
            f"{self._who(method)} gave flow {flow}{system} {kind} {fmt_value(v)} at step {t}"
        )

    def _who(self, method: str) -> str:
        return f"{self.run.pol!r}.{method}"

    def size(self, w: np.ndarray, t: int) -> None:
        """Refuse exact numbers beyond ``limits.bits`` (called at congestion events)."""
        if self.float:
            return
        limit = self.run.limits.bits
        for v in w.ravel():
            f = v if isinstance(v, Fraction) else Fraction(v)
            bits = max(f.numerator.bit_length(), f.denominator.bit_length())
            if bits > limit:
                raise OverflowError(
                    f"{self.run.arithmetic} arithmetic: a window's numerator or denominator "
                    f"reached {bits} bits at step {t} (limit Limits(bits={limit})): use "
                    "arithmetic='float', fewer steps, or raise the limit"
                )

    def kept_rows(self, rows: int) -> None:
        """Refuse a recorded run that grows beyond ``limits.memory``."""
        run = self.run
        self.kept += rows
        needed = estimate_bytes(self.kept, run.systems, run.flows, run.arithmetic)
        if needed > run.limits.memory:
            raise memory_error(needed, run.limits.memory, "this run, still going at "
                               f"{self.kept} recorded steps,")

    def tick(self, t: int, events: int) -> None:
        """Update the progress bar (created after two seconds, on a terminal)."""
        if self.progress is False:
            return
        if self.bar is None:
            if time.perf_counter() - self.start < 2 or not (
                self.progress or sys.stderr.isatty()
            ):
                return
            from tqdm import tqdm

            total = self.run.steps if self.run.steps is not None else self.run.cycles
            unit = "step" if self.run.steps is not None else "event"
            self.bar = tqdm(total=total, unit=unit, desc="simulate", leave=False)
        done = t if self.run.steps is not None else events
        self.bar.update(done - self.bar.n)

    def close(self) -> None:
        """Close the progress bar, if one was shown."""
        if self.bar is not None:
            self.bar.close()
