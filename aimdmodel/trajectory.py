"""The result of a simulation: windows and feedback of one or many systems."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from .policies import Policy

__all__ = ["RECORDS", "CycleRecord", "Trajectory"]

RECORDS = ("all", "cycles", "none")
"""Accepted values of ``simulate(..., record=...)``."""


@dataclass(frozen=True, eq=False)
class CycleRecord:
    """What a run with ``record="cycles"`` or ``"none"`` keeps instead of every window.

    With ``record="cycles"`` the windows are kept only at the *knots*
    ``times``: step 0, every step at which some system is congested, the
    step right after it, and the last step ``T``. Between two consecutive
    knots every system only increases (feedback 1), so the whole run is
    described by the knots, the congestion steps and, per stretch between
    knots, the sum of the windows' totals over its steps (what the
    long-run metrics need). With ``record="none"`` only steps 0 and ``T``
    are kept and ``events`` is None.

    Attributes
    ----------
    times : ndarray of int64, shape (K,)
        The recorded steps, increasing; ``times[0] == 0``, ``times[-1] == T``.
    segment_sums : ndarray, shape (K-1,) or (K-1, B)
        ``segment_sums[k]`` is the sum of ``sum(windows[t])`` over the steps
        ``times[k] <= t < times[k+1]`` (in the run's arithmetic; a float
        sum is accumulated in the engine's own order).
    events : ndarray or tuple of ndarray or None
        The congestion steps (per system when batched); None for
        ``record="none"``.
    affine : bool
        True when the windows are affine in ``t`` between consecutive knots
        (the policy's ``advance`` is affine in ``n``), so that the window at
        any step can be interpolated from the knots exactly.

    Examples
    --------
    >>> from aimdmodel import AIMD, simulate
    >>> tr = simulate(AIMD(), [1, 30], 100, steps=40, record="cycles", arithmetic="exact")
    >>> tr.cycle_record.times.tolist(), tr.cycle_record.events.tolist()
    ([0, 35, 36, 40], [35])
    """

    times: np.ndarray
    segment_sums: np.ndarray
    events: Any = None
    affine: bool = False

    def system(self, i: int) -> CycleRecord:
        """Return the record of system ``i`` of a batched run.

        Examples
        --------
        >>> from aimdmodel import AIMD, simulate
        >>> tr = simulate(AIMD(), [[1, 30], [5, 5]], 100, steps=40, record="cycles")
        >>> tr.cycle_record.system(0).events.tolist()
        [35]
        """
        return CycleRecord(
            times=self.times,
            segment_sums=self.segment_sums[:, i],
            events=None if self.events is None else self.events[i],
            affine=self.affine,
        )


@dataclass(frozen=True, eq=False, repr=False)
class Trajectory:
    """Windows and feedback of a synchronous binary-feedback run.

    Returned by :func:`aimdmodel.simulate`; cheap to create and
    self-describing, like scipy's result objects.

    Attributes
    ----------
    windows : ndarray
        Congestion windows, shape ``(T+1, m)`` for one system or
        ``(T+1, B, m)`` for ``B`` systems run together. ``windows[t]`` is the
        window vector at the start of step (RTT) ``t``. dtype float64 for the
        float arithmetic, ``object`` holding :class:`~fractions.Fraction` for
        the exact arithmetic, int64 (or ``object`` ints past 2**62) for the
        integer arithmetic.
    feedback : ndarray of int8
        Shape ``(T,)`` or ``(T, B)``; ``feedback[t]`` is computed from
        ``windows[t]``: 1 when bandwidth is available (``sum < capacity``
        with the default comparison), 0 at a congestion event.
    policy : Policy
        The policy as given (parameters not converted); a
        :class:`~aimdmodel.policies.FlowMix` for one policy per flow.
    capacity : number or Capacity
        The capacity ``W`` in packets per RTT, in the run's arithmetic; a
        :class:`~aimdmodel.dynamics.Capacity` schedule when it changes with
        the step (see :attr:`capacities`).
    arithmetic : str
        ``"float"``, ``"exact"`` or ``"integer"``.
    congestion : str
        ``">="`` (the papers: congestion when ``sum >= W``) or ``">"``.
    final_state : tuple
        The policy state after the last step (a NamedTuple of arrays), from
        which a run can be continued.
    record : str
        ``"all"`` (default): ``windows`` and ``feedback`` hold every step.
        ``"cycles"`` or ``"none"``: ``windows`` holds only the steps
        ``cycle_record.times`` and ``feedback`` is empty (see
        :class:`CycleRecord`); the metrics of :mod:`aimdmodel.metrics`
        work on both.
    cycle_record : CycleRecord or None
        The knots of a ``record="cycles"`` or ``"none"`` run.
    engine : str
        The engine that ran: ``"step"``, ``"cycle"`` or ``"kernel"``.
    t : ndarray of int64
        The step of each row of ``windows`` (``0 .. T`` for ``record="all"``,
        the knots otherwise).
    capacities : ndarray
        The capacity ``W(t)`` at each recorded step (the last row, which has
        no feedback, repeats the last value of a trace that ends there).
    active : ndarray of bool, shape (len(t), m)
        Which flows were active at each recorded step (all True without
        arrivals and departures). An inactive flow sends nothing and is not
        counted in :attr:`totals`; its window is recorded as its state holds
        it (the initial window before it arrives, the last one after it
        leaves): :attr:`sent` masks it.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from aimdmodel import AIMD, simulate
    >>> tr = simulate(AIMD(), [1, 30], 100, steps=37, arithmetic="exact")
    >>> tr.windows.shape, int(tr.congestion_steps[0]), list(tr.windows[36])
    ((38, 2), 35, [Fraction(18, 1), Fraction(65, 2)])
    """

    windows: np.ndarray
    feedback: np.ndarray
    policy: Policy
    capacity: Any
    arithmetic: str
    congestion: str = ">="
    final_state: tuple = ()
    record: str = "all"
    cycle_record: CycleRecord | None = None
    engine: str = "step"
    t: np.ndarray | None = None
    capacities: np.ndarray | None = None
    active: np.ndarray | None = None

    def __post_init__(self) -> None:
        if self.t is None:
            times = (
                np.arange(self.windows.shape[0], dtype=np.int64)
                if self.cycle_record is None
                else self.cycle_record.times
            )
            object.__setattr__(self, "t", times)
        if self.capacities is None:
            caps = np.empty(len(self.t), dtype=np.float64 if self.arithmetic == "float" else object)
            caps[:] = [self.capacity] * len(self.t)
            object.__setattr__(self, "capacities", caps)
        if self.active is None:
            object.__setattr__(self, "active", np.ones((len(self.t), self.n_flows), dtype=bool))

    # -- shape ----------------------------------------------------------
    @property
    def batched(self) -> bool:
        """True when the trajectory holds ``B`` systems (``windows.ndim == 3``)."""
        return self.windows.ndim == 3

    @property
    def n_steps(self) -> int:
        """Number of steps ``T`` (``len(feedback)`` when every step is recorded)."""
        if self.cycle_record is not None:
            return int(self.cycle_record.times[-1])
        return int(self.feedback.shape[0])

    @property
    def n_flows(self) -> int:
        """Number of flows ``m``."""
        return int(self.windows.shape[-1])

    @property
    def n_systems(self) -> int:
        """Number of systems ``B`` (1 for an unbatched run)."""
        return int(self.windows.shape[1]) if self.batched else 1

    # -- derived series -------------------------------------------------
    @cached_property
    def sent(self) -> np.ndarray:
        """The windows the flows send: ``windows``, with 0 for an inactive flow."""
        if self.active.all():
            return self.windows
        act = self.active if not self.batched else self.active[:, None, :]
        if self.windows.dtype == object:
            return self.windows * act.astype(int).astype(object)
        return self.windows * act.astype(self.windows.dtype)

    @cached_property
    def totals(self) -> np.ndarray:
        """Sum of the active flows' windows at every step, shape ``(T+1,)`` or ``(T+1, B)``.

        At the recorded steps ``cycle_record.times`` unless ``record="all"``.
        """
        return self.sent.sum(axis=-1)

    @cached_property
    def congestion_steps(self) -> np.ndarray | tuple[np.ndarray, ...]:
        """Steps ``t`` with ``feedback[t] == 0``.

        An array; a tuple of arrays (one per system) when batched.
        """
        if self.cycle_record is not None:
            if self.cycle_record.events is None:
                raise ValueError(
                    "a record='none' trajectory keeps no congestion steps; "
                    "run with record='cycles' or record='all'"
                )
            return self.cycle_record.events
        if self.batched:
            return tuple(np.flatnonzero(self.feedback[:, i] == 0) for i in range(self.n_systems))
        return np.flatnonzero(self.feedback == 0)

    @cached_property
    def cycle_boundaries(self) -> np.ndarray | tuple[np.ndarray, ...]:
        """Steps at which a cycle starts: one step after each congestion event.

        Lahanas & Tsaoussidis 2003, Sec. 2: a cycle starts "immediately after a system response
        0" and ends at the next congestion event, so whole cycle ``j`` spans
        the steps ``cycle_boundaries[j-1] .. cycle_boundaries[j] - 1``.
        """
        if self.batched:
            return tuple(c + 1 for c in self.congestion_steps)
        return self.congestion_steps + 1

    def system(self, i: int) -> Trajectory:
        """Return the ``i``-th system of a batched trajectory as an unbatched one.

        Examples
        --------
        >>> from aimdmodel import AIMD, simulate
        >>> tr = simulate(AIMD(), [[1, 30], [5, 5]], 100, steps=10)
        >>> tr.system(1).windows.shape
        (11, 2)
        """
        if not self.batched:
            raise ValueError("system(i) needs a batched trajectory (windows of shape (T+1, B, m))")
        if not -self.n_systems <= i < self.n_systems:
            raise IndexError(f"i must be in [0, {self.n_systems}), got {i}")
        rec = self.cycle_record
        if rec is not None:
            rec = rec.system(i)
        return Trajectory(
            windows=self.windows[:, i, :],
            feedback=self.feedback[:, i],
            policy=self.policy,
            capacity=self.capacity,
            arithmetic=self.arithmetic,
            congestion=self.congestion,
            final_state=type(self.final_state)(*(c[i] for c in self.final_state))
            if self.final_state
            else (),
            record=self.record,
            cycle_record=rec,
            engine=self.engine,
            t=self.t,
            capacities=self.capacities,
            active=self.active,
        )

    def plot(self, ax: Any = None, **kwargs: Any) -> list:
        """Draw the windows (the sawtooth), their sum and the capacity.

        Parameters
        ----------
        ax : matplotlib Axes, optional
            Axes to draw on (a new figure when None).
        **kwargs
            Passed to :func:`aimdmodel.plots.plot_windows`.

        Returns
        -------
        list of matplotlib artists

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from aimdmodel import AIMD, simulate
        >>> artists = simulate(AIMD(), [1, 30], 100, steps=200).plot()
        >>> len(artists) >= 3
        True
        """
        from .plots import plot_windows

        return plot_windows(self, ax=ax, **kwargs)

    def animate(self, path: Any = None, **kwargs: Any) -> Any:
        """Animate the run step by step (phase plane of two flows, else the sawtooth).

        Parameters
        ----------
        path : str or path-like, optional
            Also write the animation there: ``.gif`` (Pillow only), ``.mp4``
            (needs ffmpeg on the PATH) or ``.html`` (self-contained).
        **kwargs
            Passed to :func:`aimdmodel.animation.animate` (``view``,
            ``max_frames``, ``interval``, ``figsize``).

        Returns
        -------
        matplotlib.animation.FuncAnimation

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from aimdmodel import AIMD, simulate
        >>> anim = simulate(AIMD(), [10, 70], 100, steps=50).animate(max_frames=2,
        ...                                                         figsize=(2, 2))
        >>> anim.frame_steps.tolist()
        [0, 50]
        >>> html = anim.to_jshtml()  # or .animate("phase.gif")
        """
        from .animation import animate, save_animation

        anim = animate(self, **kwargs)
        if path is not None:
            save_animation(anim, path)
        return anim

    def to_xarray(self) -> Any:
        """Return the run as an ``xarray.Dataset`` with named dimensions.

        Needs xarray (the extra ``tables``). Dimensions ``time`` (the
        recorded steps :attr:`t`, in RTTs), ``system`` (batched runs only)
        and ``flow``; values as float64 whatever the arithmetic (the exact
        values stay in :attr:`windows`).

        Returns
        -------
        xarray.Dataset
            ``windows`` (packets), ``total`` (packets, active flows),
            ``capacity`` (packets per RTT), ``active``, and with
            ``record="all"`` ``feedback`` (1 or 0; NaN at the last step, which
            has none). Attributes: units, policy, arithmetic, congestion
            rule, engine, record.

        Examples
        --------
        >>> from aimdmodel import AIMD, simulate
        >>> ds = simulate(AIMD(), [1, 30], 100, steps=40, arithmetic="exact").to_xarray()
        >>> ds.windows.dims, ds.windows.sel(time=36).values.tolist()
        (('time', 'flow'), [18.0, 32.5])
        >>> int(ds.feedback.sel(time=35)), ds.attrs["arithmetic"], ds.windows.attrs["units"]
        (0, 'exact', 'packets')
        """
        from ._tables import optional_import

        xr = optional_import("xarray", "Trajectory.to_xarray")
        axes = ("time", "system", "flow") if self.batched else ("time", "flow")
        data = {
            "windows": (axes, np.asarray(self.windows, dtype=np.float64),
                        {"units": "packets", "long_name": "congestion window"}),
            "total": (axes[:-1], np.asarray(self.totals, dtype=np.float64),
                      {"units": "packets", "long_name": "sum of the active flows' windows"}),
            "capacity": (("time",), np.asarray(self.capacities, dtype=np.float64),
                         {"units": "packets per RTT", "long_name": "capacity W(t)"}),
            "active": (("time", "flow"), np.asarray(self.active, dtype=bool),
                       {"long_name": "the flow is sending"}),
        }
        if self.record == "all":
            fb = np.full(self.windows.shape[:-1], np.nan)
            fb[:-1] = self.feedback
            data["feedback"] = (axes[:-1], fb, {"long_name": "binary feedback (0: congestion)"})
        coords = {"time": ("time", np.asarray(self.t), {"units": "RTT (steps)"}),
                  "flow": np.arange(self.n_flows)}
        if self.batched:
            coords["system"] = np.arange(self.n_systems)
        attrs = {"model": "synchronous", "policy": repr(self.policy),
                 "arithmetic": self.arithmetic, "congestion": self.congestion,
                 "engine": self.engine, "record": self.record, "capacity": str(self.capacity)}
        return xr.Dataset(data, coords=coords, attrs=attrs)

    def __repr__(self) -> str:
        shape = "x".join(str(n) for n in self.windows.shape)
        if self.cycle_record is not None and self.cycle_record.events is None:
            n_cong: Any = "?"
        else:
            n_cong = (
                sum(len(c) for c in self.congestion_steps)
                if self.batched
                else len(self.congestion_steps)
            )
        return (
            f"Trajectory(policy={self.policy!r}, capacity={self.capacity}, "
            f"arithmetic={self.arithmetic!r}, windows={shape}, "
            f"congestion_events={n_cong})"
        )
