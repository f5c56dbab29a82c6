#!/usr/bin/env python
"""Bit-for-bit fingerprint of the packet-level mode: hash every array of a few runs.

Usage: ``python tests/packet_fingerprint.py [--record]``.

Runs scenarios covering every variant of
:data:`aimdmodel.queue.packet.PACKET_VARIANTS` (DropTail and RED, a policy,
CBR cross traffic, random loss, PRR recovery, NewReno's ops) and hashes every
array of every :class:`~aimdmodel.queue.QueueResult` (SHA-256 of the raw
bytes). ``--record`` writes the hashes to ``tests/packet_fingerprint.json``;
without it the run is compared with that file and the script exits 1 on any
difference. As ``tests/queue_fingerprint.py``, a change meant to keep the
results (moving code) must keep the file unchanged.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from pathlib import Path

import numpy as np

from aimdmodel import AIMD
from aimdmodel.queue import run
from aimdmodel.queue.packet import PACKET_VARIANTS
from aimdmodel.scenario import CBR, RED, Flow, Link, Scenario

HERE = Path(__file__).with_suffix(".json")


def _flows(variant: str, n: int = 3, policy=None) -> tuple:
    rtts = (0.04, 0.07, 0.12)
    return tuple(Flow(variant=variant, policy=policy, base_rtt=rtts[i % 3], start=0.2 * i)
                 for i in range(n))


def scenarios() -> dict:
    """Name -> (scenario, run keyword arguments)."""
    dt = Link(rate=6e6, buffer=25)
    red = Link(rate=6e6, buffer=50, discipline="red", red=RED(min_th=5, max_th=15))
    lossy = Link(rate=6e6, buffer=25, random_loss=0.005)
    out: dict = {}
    for i, v in enumerate(PACKET_VARIANTS):
        out[f"{v}-droptail"] = (Scenario(flows=_flows(v), link=dt, duration=8.0, seed=i), {})
    for v in ("sack", "cubic", "vegas", "lp"):
        out[f"{v}-red"] = (Scenario(flows=_flows(v), link=red, duration=6.0, seed=11), {})
    for v in ("westwood", "veno"):
        out[f"{v}-lossy"] = (Scenario(flows=_flows(v, 2), link=lossy, duration=6.0, seed=12),
                             {"replications": 2})
    out["newreno-aimd"] = (Scenario(flows=_flows("newreno", 3, AIMD(a=2, b=0.7)), link=dt,
                                    duration=6.0, seed=13), {})
    out["sack-cbr-prr"] = (Scenario(flows=_flows("sack", 2), link=dt,
                                    cross=(CBR(rate=1e6, start=1.0, stop=4.0),),
                                    duration=6.0, seed=14), {"recovery": "prr"})
    out["tahoe-newreno-ops"] = (Scenario(flows=_flows("tahoe", 2), link=dt, duration=6.0,
                                         seed=15), {"reno_ops": "newreno"})
    return out


def fingerprint() -> dict:
    """Name -> {array name: sha256} for every scenario."""
    out = {}
    for name, (sc, kw) in scenarios().items():
        res = run(sc, fidelity="packet", **kw)
        arrays = {k: v for k, v in vars(res).items() if isinstance(v, np.ndarray)}
        out[name] = {k: hashlib.sha256(np.ascontiguousarray(v).tobytes()).hexdigest()
                     for k, v in sorted(arrays.items())}
    return out


def main(argv: list[str]) -> int:
    t0 = time.process_time()
    got = fingerprint()
    n = sum(len(v) for v in got.values())
    if "--record" in argv:
        HERE.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"recorded {len(got)} scenarios, {n} arrays")
        return 0
    want = json.loads(HERE.read_text(encoding="utf-8"))
    diff = sorted(f"{s}.{a}" for s in set(want) | set(got)
                  for a in set(want.get(s, {})) | set(got.get(s, {}))
                  if want.get(s, {}).get(a) != got.get(s, {}).get(a))
    cpu = time.process_time() - t0
    if diff:
        print(f"{len(got)} scenarios, {n} arrays: {len(diff)} DIFFER ({cpu:.1f} s CPU)")
        print("\n".join(diff[:40]))
        return 1
    print(f"{len(got)} scenarios, {n} arrays: IDENTICAL ({cpu:.1f} s CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
