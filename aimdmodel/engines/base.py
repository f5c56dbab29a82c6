"""What every engine receives and returns, and the registry of engines."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from ..dynamics import Membership
from ..feedback import SynchronousFeedback
from ..policies import Policy
from ..trajectory import CycleRecord
from .guards import Limits

__all__ = ["ENGINES", "Engine", "Raw", "Run", "register"]


@dataclass(frozen=True)
class Run:
    """A checked simulation problem, in the arithmetic of the run.

    Built by :func:`aimdmodel.simulate` after every argument was validated.

    Attributes
    ----------
    policy : Policy
        The policy as the user gave it.
    pol : Policy
        The same policy with its parameters converted into the arithmetic.
    x : ndarray, shape (B, m)
        Initial windows in the arithmetic (float64, or object arrays of
        Fractions / ints).
    feedback : SynchronousFeedback
        The bottleneck's rule (capacity and convention).
    arithmetic : {"float", "exact", "integer"}
    steps, cycles : int or None
        Exactly one is set.
    max_steps : int
        Limit of a ``cycles=`` run: on its steps for the stepping engines,
        on its work (jumps and single steps) for the jump engines.
    record : {"all", "cycles", "none"}
    single : bool
        True when the user gave one system (``x0`` of shape ``(m,)``).
    membership : Membership or None
        Arrivals and departures of flows (None: every flow active throughout).
    limits : Limits
        Memory and number-size limits (:mod:`.guards`).
    progress : bool or None
        Progress bar: always, never, or on a terminal after two seconds.
    memo : dict
        What the engines computed once for this run (see :meth:`once`).
    """

    policy: Policy
    pol: Policy
    x: np.ndarray
    feedback: SynchronousFeedback
    arithmetic: str
    steps: int | None
    cycles: int | None
    max_steps: int
    record: str
    single: bool = False
    membership: Membership | None = None
    limits: Limits = field(default_factory=Limits)
    progress: bool | None = None
    memo: dict = field(default_factory=dict, compare=False, repr=False)

    def once(self, key: str, compute: Any) -> Any:
        """Return ``compute()``, computed once per run (the engines' verified declarations).

        A policy's hash (its parameters, Fractions included) costs microseconds;
        the engines ask for the same declaration several times per run.

        Examples
        --------
        >>> from aimdmodel import AIMD
        >>> from aimdmodel.engine import prepare
        >>> run = prepare(AIMD(), [1, 30], 100, steps=5)
        >>> run.once("answer", lambda: 42), run.once("answer", lambda: 0)
        (42, 42)
        """
        if key not in self.memo:
            self.memo[key] = compute()
        return self.memo[key]

    @property
    def flows(self) -> int:
        """Number of flows ``m``."""
        return int(self.x.shape[-1])

    @property
    def systems(self) -> int:
        """Number of systems ``B``."""
        return int(self.x.shape[0])

    @property
    def static(self) -> bool:
        """True when the capacity is constant and every flow is active throughout."""
        return self.feedback.schedule.constant and (
            self.membership is None or self.membership.static
        )

    def next_event(self, t: int) -> int | None:
        """Return the first step after ``t`` at which the capacity or the active flows change."""
        steps = [self.feedback.schedule.next_change(t)]
        if self.membership is not None:
            steps.append(self.membership.next_change(t))
        steps = [s for s in steps if s is not None]
        return min(steps) if steps else None

    def mask(self, t: int) -> np.ndarray | None:
        """Multiplier ``(m,)`` of the windows at step ``t`` (1 active, 0 not); None if all."""
        if self.membership is None or self.membership.static:
            return None
        active = self.membership.active(t)
        if self.arithmetic == "float":
            return active.astype(np.float64)
        out = np.empty(len(active), dtype=object)
        out[:] = [int(a) for a in active]
        return out

    def sent(self, window: np.ndarray, t: int) -> np.ndarray:
        """Return the windows the flows send at step ``t`` (an inactive flow sends nothing)."""
        mask = self.mask(t)
        return window if mask is None else window * mask

    def keep_inactive(self, old: tuple, new: tuple, t: int) -> tuple:
        """Take ``new`` for the flows active at step ``t``, ``old`` (unchanged) for the others."""
        if self.membership is None or self.membership.static:
            return new
        return self.pol.where(self.membership.active(t), new, old)


@dataclass(frozen=True)
class Raw:
    """What an engine returns: batched arrays, shaped into a Trajectory by ``simulate``.

    Attributes
    ----------
    windows : ndarray, shape (K, B, m)
        Every window (``record="all"``) or the windows at the knots.
    feedback : ndarray of int8, shape (T, B) or (0, B)
    state : tuple
        The policy state after the last step.
    cycle_record : CycleRecord or None
    engine : str
        The engine that ran.
    """

    windows: np.ndarray
    feedback: np.ndarray
    state: tuple
    cycle_record: CycleRecord | None
    engine: str


class Engine:
    """An engine: runs a :class:`Run` and returns a :class:`Raw` result.

    Subclasses set :attr:`name` and implement :meth:`run`; :func:`register`
    adds them to :data:`ENGINES`, where ``simulate(engine=name)`` finds
    them. An engine that cannot run a problem (a policy it does not know how
    to accelerate) hands it to the reference step engine and says so in
    ``Raw.engine``.
    """

    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""

    def run(self, run: Run) -> Raw:  # pragma: no cover - abstract
        """Run the problem."""
        raise NotImplementedError


ENGINES: dict[str, type[Engine]] = {}
"""Engine classes by name: ``step``, ``cycle``, ``ccycle``, ``kernel``, ``auto``."""


def register(cls: type[Engine]) -> type[Engine]:
    """Class decorator: add an engine to :data:`ENGINES` under its ``name``."""
    if not cls.name or cls.name in ENGINES:
        raise ValueError(f"engine name {cls.name!r} is empty or taken")
    ENGINES[cls.name] = cls
    return cls


def load_compiled() -> None:
    """Import the compiled loops, moving numba's cache when it cannot be written.

    numba refuses to define a ``cache=True`` function when no cache folder is
    writable (a read-only install and home); :func:`aimdmodel._io.import_compiled`
    then moves the cache to a private temporary folder and warns once.
    Every engine calls it before it imports a compiled module.

    Examples
    --------
    >>> load_compiled()
    """
    if "aimdmodel.engines._compiled" in sys.modules:  # imported: nothing to move
        return
    from .._io import import_compiled

    import_compiled("aimdmodel.engines._compiled")


def no_events_error(
    cycles: int, max_steps: int, fewest: Any, *, jumps: bool = False
) -> RuntimeError:
    """Build the error of a ``cycles=`` run that did not get there within ``max_steps``.

    ``jumps``: the run was a jump engine's, whose ``max_steps`` counts its
    work (jumps and single steps), not the steps.
    """
    unit = "jumps and single steps" if jumps else "steps"
    return RuntimeError(
        f"no {cycles} congestion events within max_steps={max_steps} {unit} "
        f"(fewest so far: {int(fewest)}); raise max_steps or use steps="
    )
