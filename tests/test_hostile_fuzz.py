"""Hypothesis fuzzing of the public functions and the CLI parser with arbitrary values.

Whatever goes in, only documented exception types may come out (ValueError,
TypeError, OverflowError, MemoryError; and the RuntimeError of a ``cycles=``
run that reaches ``max_steps``, which names it); the command line ends with
exit 0, or exit 2 and one line on stderr, never a traceback. Sizes are kept
small and every example runs under a deadline and a hard time limit.
``HYPOTHESIS_PROFILE=thorough`` runs many more examples.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import os
from datetime import timedelta
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aimdmodel import metrics, simulate
from aimdmodel.policies import POLICIES
from tests.hostile import DOCUMENTED, _time_limit, _Timeout, run_cli
from tests.strategies import scenarios

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"


def budget(n: int, seconds: float = 5.0):
    """Settings of one fuzz test: ``n`` examples (50x with the thorough profile), a deadline."""
    return settings(max_examples=n * (50 if THOROUGH else 1),
                    deadline=timedelta(seconds=seconds),
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


LIMIT = 10.0
"""Hard limit of one call (seconds): a call that runs longer is a hang."""


def _symbol():
    import sympy

    return sympy.Symbol("x")


SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.sampled_from([0, 1, -1, 2**63, 10**400, -(10**400)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([math.nan, math.inf, -math.inf, 1e-320, 1e308, 5e-324, -0.0]),
    st.fractions(max_denominator=1000),
    st.sampled_from([Fraction(1, 10**400), Fraction(10**400, 3)]),
    st.text(max_size=6),
    st.sampled_from(["1/2", "0.5", "nan", "", "aimd", "1e400"]),
    st.complex_numbers(max_magnitude=10),
    st.sampled_from([Decimal("0.5"), np.float32(0.5), np.int8(-3), np.uint8(200),
                     np.float16(np.inf), np.bool_(True)]),
    st.builds(_symbol),
)
"""One arbitrary value: numbers of every kind and range, text, None, symbols."""

ANY = st.one_of(
    SCALARS,
    st.lists(SCALARS, max_size=4),
    st.lists(st.lists(st.integers(0, 50), min_size=1, max_size=3), min_size=1, max_size=3),
    st.tuples(st.integers(0, 50), st.integers(0, 50)),
    st.dictionaries(st.integers(-2, 3), SCALARS, max_size=2),
    st.builds(lambda n: np.arange(n, dtype=np.float64), st.integers(0, 3)),
)
"""An arbitrary argument: a value, a sequence, a nested list, a dict, an array."""


def allowed(exc: BaseException) -> bool:
    """Whether an exception is one a public function may raise."""
    if isinstance(exc, DOCUMENTED):
        return True
    return isinstance(exc, RuntimeError) and "max_steps" in str(exc)


def call(fn, *args, **kwargs):
    """Call ``fn``; fail on an undocumented exception or a call past :data:`LIMIT` seconds."""
    try:
        with _time_limit(LIMIT):
            return fn(*args, **kwargs)
    except _Timeout:
        raise AssertionError(f"{getattr(fn, '__name__', fn)}({args!r:.200}, {kwargs!r:.200}) "
                             f"ran for more than {LIMIT} s") from None
    except Exception as exc:
        if not allowed(exc):
            raise AssertionError(
                f"{getattr(fn, '__name__', fn)}({args!r:.200}, {kwargs!r:.200}) raised "
                f"{type(exc).__name__}: {exc}"
            ) from exc
        return None


# --------------------------------------------------------------------------
# policies: every parameter of every built-in policy, then a short run
# --------------------------------------------------------------------------
@st.composite
def policy_kwargs(draw):
    cls = draw(st.sampled_from(sorted(POLICIES.values(), key=lambda c: c.name)))
    names = [f.name for f in dataclasses.fields(cls)]
    chosen = draw(st.lists(st.sampled_from(names), unique=True, max_size=len(names)))
    return cls, {n: draw(ANY) for n in chosen}


@budget(60)
@given(policy_kwargs(), st.lists(st.integers(0, 60), min_size=1, max_size=3),
       st.integers(1, 120), st.sampled_from(["float", "exact", "integer"]),
       st.sampled_from(["step", "cycle"]))
def test_policy_parameters_and_a_short_run(spec, x0, capacity, arithmetic, engine):
    cls, kwargs = spec
    policy = call(cls, **kwargs)
    if policy is None:
        return
    tr = call(simulate, policy, x0, capacity, steps=20, arithmetic=arithmetic, engine=engine)
    if tr is not None:
        assert tr.windows.shape[0] == 21


@budget(40)
@given(st.sampled_from(sorted(POLICIES)), st.lists(
    st.tuples(st.text(max_size=8), ANY), max_size=3))
def test_make_policy_with_anything(name, params):
    from aimdmodel import make_policy

    call(make_policy, name, **{k: v for k, v in params if k.isidentifier()})


# --------------------------------------------------------------------------
# simulate's every argument
# --------------------------------------------------------------------------
CHOICE = st.one_of(SCALARS, st.sampled_from(["float", "exact", "integer", ">=", ">", "step",
                                             "cycle", "all", "cycles", "none"]))


@budget(80)
@given(x0=ANY, capacity=st.one_of(ANY, st.just(lambda t: 100 - t)), steps=st.one_of(
    st.none(), st.integers(-2, 30), SCALARS), cycles=st.one_of(st.none(), st.integers(-1, 5)),
    arithmetic=CHOICE, congestion=CHOICE, engine=st.one_of(CHOICE, st.sampled_from(
        ["step", "cycle"])), record=CHOICE, arrivals=st.one_of(st.none(), ANY),
    departures=st.one_of(st.none(), ANY))
def test_simulate_with_anything(x0, capacity, steps, cycles, arithmetic, congestion, engine,
                                record, arrivals, departures):
    if engine in ("kernel", "auto"):  # numba compiles: covered by the engine tests
        engine = "step"
    call(simulate, _aimd(), x0, capacity, steps=steps, cycles=cycles, arithmetic=arithmetic,
         congestion=congestion, engine=engine, record=record, arrivals=arrivals,
         departures=departures, max_steps=500)


def _aimd():
    from aimdmodel import AIMD

    return AIMD()


# --------------------------------------------------------------------------
# metrics of arbitrary windows, and of runs
# --------------------------------------------------------------------------
DTYPES = st.sampled_from([np.int8, np.uint8, np.int16, np.int64, np.uint64, np.float16,
                          np.float32, np.float64, object])


@budget(60)
@given(st.one_of(ANY, st.builds(lambda v, d: np.asarray(v).astype(d),
                                st.lists(st.integers(0, 255), min_size=1, max_size=4), DTYPES)))
def test_jain_and_spread_of_anything(x):
    jain = call(metrics.jain_index, x)
    if jain is not None:
        v = np.asarray(jain, dtype=np.float64)
        assert np.all((v >= 0) & (v <= 1 + 1e-12)), (x, jain)
    spread = call(metrics.spread, x)
    if spread is not None:
        assert np.all(np.asarray(spread, dtype=np.float64) >= 0), (x, spread)


@budget(40)
@given(st.sampled_from(["efficiency", "offered_load", "overflow", "smoothness",
                        "steps_to_fairness", "cycles_to_fairness", "cycle_stats",
                        "whole_cycles", "congested_share", "loss_share"]),
       st.one_of(ANY, st.just("trajectory")), ANY)
def test_metrics_with_anything(name, first, option):
    fn = getattr(metrics, name)
    tr = simulate(_aimd(), [1, 30], 100, cycles=6)
    call(fn, first)  # not a trajectory
    key = "eps" if "fairness" in name else "last" if name == "congested_share" else "burn_in"
    call(fn, tr, **{key: option})


# --------------------------------------------------------------------------
# response functions, environments, scenarios, fluid operating points
# --------------------------------------------------------------------------
@budget(60)
@given(st.sampled_from(["mathis", "pftk", "tfrc", "binomial", "cubic", "highspeed"]),
       ANY, ANY, ANY, ANY)
def test_response_functions_with_anything(name, a, b, c, d):
    from aimdmodel import response

    fn = getattr(response, name)
    args = {"pftk": (a, b, c), "tfrc": (a, b, c), "binomial": (a, b, c, d)}.get(name, (a, b))
    out = call(fn, *args)
    if out is not None:
        v = np.asarray(out, dtype=np.float64)
        assert np.all(~np.isnan(v)), (name, args, out)
        assert np.all(v >= 0), (name, args, out)


@budget(40)
@given(st.one_of(st.sampled_from(["CL", "SQH", "RWL", "RDH", "RWA", 3, 11]), SCALARS),
       st.one_of(st.integers(-1, 50), SCALARS), ANY, st.one_of(st.none(), ANY),
       st.one_of(st.none(), SCALARS))
def test_capacity_trace_with_anything(name, steps, rtt, interval, seed):
    from aimdmodel.environments import capacity_trace

    out = call(capacity_trace, name, steps=steps, rtt=rtt, interval=interval, seed=seed)
    if out is not None:
        assert np.all(np.isfinite(out))
        assert np.all(out > 0)


@budget(60)
@given(st.sampled_from(["Link", "Flow", "RED", "CBR", "ParetoCross", "Scenario"]),
       st.lists(st.tuples(st.sampled_from(
           ["rate", "delay", "buffer", "discipline", "red", "random_loss", "rate_interval",
            "variant", "policy", "base_rtt", "start", "stop", "size", "rwnd", "min_th", "max_th",
            "max_p", "w_q", "gentle", "mean_interarrival", "mean_size", "shape", "period",
            "flows", "link", "duration", "cross", "packet_size", "seed", "warmup"]), ANY),
           max_size=3))
def test_scenario_pieces_with_anything(kind, items):
    from aimdmodel import scenario

    cls = getattr(scenario, kind)
    fields = {f.name for f in dataclasses.fields(cls)}
    kwargs = {k: v for k, v in items if k in fields}
    if kind == "Scenario" and "flows" not in kwargs:
        kwargs["flows"] = (scenario.Flow(),)
    call(cls, **kwargs)


@budget(30)
@given(ANY, ANY, ANY, st.one_of(st.none(), ANY), st.sampled_from([None, "droptail", "red"]),
       st.one_of(st.none(), ANY))
def test_fluid_operating_point_with_anything(n, capacity, delay, queue, aqm, buffer):
    from aimdmodel import fluid

    if aqm == "red":
        aqm = fluid.RED()
    call(fluid.operating_point, n, capacity, delay, queue, aqm=aqm, buffer=buffer)
    call(fluid.FluidClass, n, delay)


# --------------------------------------------------------------------------
# the command line
# --------------------------------------------------------------------------
COMMANDS = ["simulate", "derive", "sweep", "headline", "check", "handout"]
OPTIONS = {
    "simulate": ["--policy", "--param", "--windows", "--capacity", "--capacity-trace",
                 "--environment", "--rtt", "--seed", "--arrive", "--depart", "--steps",
                 "--cycles", "--arithmetic", "--engine", "--congestion", "--rows", "--format",
                 "--plot"],
    "derive": ["--param", "--flows", "--format"],
    "sweep": ["--policy", "--param", "--windows", "--capacity", "--steps", "--cycles",
              "--arithmetic", "--engine", "--congestion", "--metrics", "--burn-in", "--eps",
              "--on-error", "--jobs", "--format"],
    "headline": ["--capacity", "--windows", "--cycles", "--format"],
    "check": ["--paper", "--format", "--out"],
    "handout": ["--out"],
}
WORDS = st.one_of(
    st.sampled_from(["aimd", "mimd", "new-aimd", "exact", "json", "csv", "all", "1", "0", "-1",
                     "1,30", "1/0", "nan", "inf", "1e400", "1e-400", "b=0.5", "b=2", "a=1,2",
                     "reading=x", "f=1/4", "x=y", "b=pi", "1:5", "0:3", "=", ",", "-", "--",
                     "/", "/dev/null", "-h", "5000000000", "a=", "b=__import__('os')"]),
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=8),
)
"""Values of options: meaningful ones, near misses, and arbitrary text."""

SLOW = {"headline", "check", "handout"}
"""Commands whose runs take seconds: fuzzed only where the parser must refuse them."""

FILES = {"--plot", "--out", "--capacity-trace"}


@st.composite
def argv(draw):
    command = draw(st.sampled_from([*COMMANDS, "", "--version", "nonsense"]))
    args = [command] if command else []
    for _ in range(draw(st.integers(0, 4))):
        option = draw(st.sampled_from([*OPTIONS.get(command, ["--steps"]), "--bogus"]))
        args += [option, draw(WORDS)]
    if command == "simulate":
        args += ["--steps", str(draw(st.integers(0, 40)))]
    if command == "sweep":
        args += ["--jobs", "1", "--engine", "step", "--cycles", str(draw(st.integers(0, 3)))]
    return args


def _bounded(args: list[str]) -> bool:
    """Whether a command line is safe to run here: no slow command run, no file written."""
    command = args[0] if args else ""
    for option, value in itertools.pairwise(args):
        if option in FILES and value not in ("-", "/dev/null", ""):
            return False  # could write into the working folder
        if option in ("--steps", "--cycles") and value.strip().isdigit() and int(value) > 40:
            return False
        if option == "--capacity" and command != "simulate":
            return False
        if option == "--param" and command in ("sweep", "derive"):
            return False  # sympy symbols (derive) or a grid (sweep): slow, in the table
    if command in SLOW:
        return "-h" in args or "--bogus" in args or "" in args  # refused before any run
    return True


@budget(80, seconds=10)
@given(argv())
def test_the_command_line_exits_0_or_2_with_one_line(args):
    if not _bounded(args):
        return
    with _time_limit(30):
        got = run_cli(args)
    assert "Traceback" not in got.err, (args, got.err)
    assert got.code in (0, 2), (args, got)
    if got.code == 2:
        assert len(got.err.splitlines()) == 1, (args, got.err)
        assert got.err.startswith("aimdmodel: "), (args, got.err)


@pytest.mark.parametrize("text", ["\x00", "\udcff", "é" * 10, "1" * 5000, "--", "-"])
def test_odd_bytes_in_values(text):
    got = run_cli(["simulate", "--windows", text])
    assert got.code == 2, got
    assert len(got.err.splitlines()) == 1, got


# --------------------------------------------------------------------------
# Scenario: valid descriptions keep their invariants; one hostile field is named
# --------------------------------------------------------------------------
def _check_scenario_invariants(sc) -> None:
    """What every accepted Scenario holds: plain Python numbers, in their ranges."""
    assert type(sc.packet_size) is int
    assert 1 <= sc.packet_size <= 65535
    assert sc.seed is None or type(sc.seed) is int
    assert isinstance(sc.flows, tuple)
    assert isinstance(sc.cross, tuple)
    assert type(sc.link.buffer) is int
    rates = sc.link.rate if isinstance(sc.link.rate, tuple) else (sc.link.rate,)
    assert all(0 < float(r) <= 1e15 for r in rates)
    assert sc.link.red is None or sc.link.discipline == "red"
    for fl in sc.flows:
        assert math.isfinite(fl.start)
        assert fl.stop is None or fl.start < fl.stop < math.inf
    assert 0 <= sc.warmup < sc.duration < math.inf
    assert math.isfinite(sc.bdp_packets(0, 1e300))


@budget(40)
@given(scenarios())
def test_valid_scenarios_hold_their_invariants(sc):
    _check_scenario_invariants(sc)


_SCENARIO_FIELDS = ["flows", "link", "duration", "cross", "packet_size", "seed", "warmup"]


@budget(60)
@given(scenarios(), st.sampled_from(_SCENARIO_FIELDS), ANY)
def test_a_scenario_with_one_hostile_field_names_it(sc, name, value):
    from aimdmodel.scenario import Scenario

    kwargs = {f.name: getattr(sc, f.name) for f in dataclasses.fields(Scenario)}
    kwargs[name] = value
    try:
        got = Scenario(**kwargs)
    except (ValueError, TypeError) as exc:
        text = str(exc)
        assert name in text or (name == "warmup" and "duration" in text), text
        return
    _check_scenario_invariants(got)


@budget(15, seconds=20.0)
@given(scenarios(max_duration=3.0), st.integers(1, 2))
def test_the_queue_model_runs_a_valid_scenario_or_refuses_it_quickly(sc, replications):
    from aimdmodel import queue

    res = call(queue.run, sc, replications=replications)
    if res is not None:
        assert res.cwnd.shape[0] == replications
        assert np.all(res.delivered.sum(axis=1) <= res.sent.sum(axis=1) + 1e-9)  # per flow
