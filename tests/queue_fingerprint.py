#!/usr/bin/env python
"""Bit-for-bit fingerprint of the queue model: hash every array of many runs.

Usage: ``python tests/queue_fingerprint.py [--record]``.

Runs a broad set of scenarios (every variant, DropTail, RED, gentle RED,
DRR, CBR and Pareto cross traffic, random loss, a capacity trace, flows
starting and stopping, finite transfers, receiver windows, different base
RTTs, several replications, Python policies and declared linear ones,
``"burst"`` pacing) and hashes every array of every
:class:`~aimdmodel.queue.QueueResult` (SHA-256 of the raw bytes, so a
change in the last bit of any value shows). ``--record`` writes the hashes
to ``tests/queue_fingerprint.json``; without it the run is compared with
that file and the script exits 1 on any difference. A change that keeps
every result (a faster loop) must keep the file unchanged. The file also
holds the numba, numpy and Python versions and the machine it was recorded
with; ``tests/test_queue_model.py`` compares in the test suite when they are
the running ones (else it skips, saying so: re-record on purpose).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sys
import time
from pathlib import Path

import numpy as np

from aimdmodel import AIAD, AIMD, AIMDFC
from aimdmodel.policies import AIMDFCPlus, NewAIMD
from aimdmodel.queue import run
from aimdmodel.queue.variants import VARIANTS
from aimdmodel.scenario import CBR, RED, Flow, Link, ParetoCross, Scenario

HERE = Path(__file__).with_suffix(".json")


def _flows(variant: str = "newreno", n: int = 4, policy=None, **kw) -> tuple:
    rtts = (0.04, 0.06, 0.1, 0.15)
    return tuple(Flow(variant=variant, policy=policy, base_rtt=rtts[i % 4],
                      start=0.3 * i, **kw) for i in range(n))


def scenarios() -> dict:
    """Name -> (scenario, run keyword arguments)."""
    out: dict = {}
    dt = Link(rate=8e6, buffer=30)
    red = Link(rate=8e6, buffer=60, discipline="red", red=RED(min_th=5, max_th=20))
    gentle = Link(rate=8e6, buffer=80, discipline="red",
                  red=RED(min_th=5, max_th=25, max_p=0.05, w_q=0.01, gentle=True))
    drr = Link(rate=8e6, buffer=40, discipline="drr")
    lossy = Link(rate=8e6, buffer=30, random_loss=0.01)
    trace = Link(rate=[8e6, 3e6, 12e6, 5e6], rate_interval=4.0, buffer=40)
    for v in VARIANTS:
        out[f"{v}-droptail"] = (Scenario(flows=_flows(v), link=dt, duration=15.0, seed=1), {})
        out[f"{v}-red"] = (Scenario(flows=_flows(v), link=red, duration=12.0, seed=2), {})
        out[f"{v}-lossy"] = (Scenario(flows=_flows(v, 3), link=lossy, duration=12.0, seed=3),
                             {"replications": 2})
    for v in ("newreno", "sack", "cubic", "vegas"):
        out[f"{v}-gentle"] = (Scenario(flows=_flows(v), link=gentle, duration=12.0, seed=4), {})
        out[f"{v}-drr"] = (Scenario(flows=_flows(v), link=drr, duration=12.0, seed=5), {})
        out[f"{v}-burst"] = (Scenario(flows=_flows(v), link=dt, duration=10.0, seed=6),
                             {"pacing": "burst"})
        out[f"{v}-trace"] = (Scenario(flows=_flows(v), link=trace, duration=16.0, seed=7), {})
    for v in ("reno", "newreno", "sack", "fack", "tahoe"):
        for name, pol in (("aimdfc", AIMDFC()), ("fcplus", AIMDFCPlus()),
                          ("newaimd-printed", NewAIMD(reading="printed")),
                          ("newaimd-charitable", NewAIMD(reading="charitable")),
                          ("aimd", AIMD(a=2, b=0.7)), ("aiad", AIAD(a=1, d=2))):
            link = red if v in ("sack", "fack") else dt
            out[f"{v}-{name}"] = (Scenario(flows=_flows(v, 4, pol), link=link, duration=12.0,
                                           seed=8), {"replications": 2})
    out["mixed-cbr"] = (Scenario(
        flows=_flows("newreno", 3) + _flows("cubic", 2, stop=7.0) + _flows("vegas", 1),
        link=dt, cross=(CBR(rate=2e6, start=2.0, stop=9.0), CBR(rate=1e6)),
        duration=14.0, seed=9), {"replications": 3})
    out["pareto-red"] = (Scenario(
        flows=_flows("sack", 4), link=red,
        cross=(ParetoCross(mean_interarrival=0.2, mean_size=30000.0),), duration=15.0,
        seed=10), {"replications": 2, "cross_rtt": 0.08})
    out["pareto-drr-cbr"] = (Scenario(
        flows=_flows("newreno", 3, AIMDFC()), link=drr,
        cross=(ParetoCross(mean_interarrival=(0.3, 0.1), period=3.0), CBR(rate=1e6, stop=6.0)),
        duration=15.0, seed=11), {"replications": 2})
    out["sizes-rwnd"] = (Scenario(
        flows=_flows("newreno", 3, size=200_000) + _flows("sack", 2, rwnd=10)
        + _flows("reno", 2, AIMDFC(), size=150_000, stop=9.0),
        link=lossy, duration=14.0, seed=12), {"replications": 2})
    out["start-stop-many"] = (Scenario(
        flows=tuple(Flow(variant=("newreno", "sack", "cubic")[i % 3], base_rtt=0.02 + 0.01 * i,
                         start=0.5 * i, stop=(None if i % 2 else 4.0 + i))
                    for i in range(12)),
        link=Link(rate=20e6, buffer=60), duration=14.0, seed=13),
        {"replications": 2, "tick": 0.004, "record_interval": 0.1})
    out["big-droptail"] = (Scenario(
        flows=tuple(Flow(variant="newreno", base_rtt=0.1) for _ in range(200)),
        link=Link(rate=200e6, buffer=1600), duration=10.0, seed=14),
        {"record_interval": 0.5})
    out["big-tick4"] = (Scenario(
        flows=tuple(Flow(variant="newreno", base_rtt=0.1) for _ in range(100)),
        link=Link(rate=100e6, buffer=800), duration=10.0, seed=15), {"tick": 0.025})
    out["big-red-burst"] = (Scenario(
        flows=tuple(Flow(variant="sack", base_rtt=0.05 + 0.001 * i) for i in range(60)),
        link=Link(rate=60e6, buffer=400, discipline="red", red=RED(min_th=50, max_th=150)),
        duration=8.0, seed=16), {"pacing": "burst", "replications": 2})
    out["big-drr-fc"] = (Scenario(
        flows=tuple(Flow(variant="newreno", policy=AIMDFC(), base_rtt=0.05 + 0.002 * i)
                    for i in range(40)),
        link=Link(rate=40e6, buffer=300, discipline="drr"), duration=8.0, seed=17), {})
    out["big-lossy-burst"] = (Scenario(
        flows=tuple(Flow(variant="reno", base_rtt=0.1) for _ in range(50)),
        link=Link(rate=50e6, buffer=300, random_loss=0.002), duration=8.0, seed=18),
        {"pacing": "burst", "tick": 0.02})
    return out


def digest(res) -> dict:
    """SHA-256 of every array of a result (and of the scalars, as text)."""
    out = {}
    for fl in dataclasses.fields(res):
        v = getattr(res, fl.name)
        if isinstance(v, np.ndarray):
            a = np.ascontiguousarray(v)
            h = hashlib.sha256(str((a.dtype.str, a.shape)).encode() + a.tobytes())
            out[fl.name] = h.hexdigest()[:24]
        elif isinstance(v, (int, float, str)):
            out[fl.name] = repr(v)
    return out


def versions() -> dict:
    """What the bits depend on besides the code: numba, numpy, Python, the machine."""
    import platform

    import numba

    return {"numba": numba.__version__, "numpy": np.__version__,
            "python": platform.python_version(), "machine": platform.machine()}


def compare() -> tuple[list[tuple[str, str]], dict, float]:
    """Run the scenarios; return the (scenario, array) pairs that differ, the digests, CPU s."""
    got, t0 = {}, time.process_time()
    for name, (sc, kw) in scenarios().items():
        got[name] = digest(run(sc, **kw))
    cpu = time.process_time() - t0
    want = {k: v for k, v in json.loads(HERE.read_text()).items() if k != "_versions"}
    bad = [(n, k) for n in sorted(set(want) | set(got))
           for k in sorted(set(want.get(n, {})) | set(got.get(n, {})))
           if want.get(n, {}).get(k) != got.get(n, {}).get(k)]
    return bad, got, cpu


def recorded_versions() -> dict | None:
    """The versions the hashes were recorded with (None: not recorded)."""
    return json.loads(HERE.read_text()).get("_versions")


def main(argv: list[str]) -> int:
    bad, got, cpu = compare()
    if "--record" in argv:
        got["_versions"] = versions()
        HERE.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n")
        print(f"recorded {len(got) - 1} scenarios ({cpu:.1f} s CPU) to {HERE}")
        return 0
    if recorded_versions() != versions():
        print(f"recorded with {recorded_versions()}, running {versions()}: a difference may "
              "come from them")
    for n, k in bad:
        print(f"DIFFERS: {n}: {k}")
    print(f"{len(got)} scenarios, {sum(len(v) for v in got.values())} arrays: "
          f"{'IDENTICAL' if not bad else f'{len(bad)} DIFFER'} ({cpu:.1f} s CPU)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
