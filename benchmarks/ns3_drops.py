#!/usr/bin/env python
"""Whether the packet-level mode drops what ns-3 drops, scenario by scenario.

Usage: ``python benchmarks/ns3_drops.py [--seconds T] [--names SUBSTRING]``
(ns-3 installed: ``pip install -e '.[ns3]'``). For every scenario of the
validation catalogue that the packet-level mode runs (DropTail, RED, random
loss, CBR cross traffic: the mode draws ns-3's random numbers), traces
ns-3's drops
(:func:`aimdmodel.ns3.trace`, the first run) and runs the packet-level mode
with the case's ns-3 options, both over the scenario's whole duration (or
``T`` seconds), and compares each flow's drops per millisecond. Prints, per
scenario, ns-3's drops and the mode's, the time of the first millisecond
where they differ ("-" where they never do), and the first where they differ
by more than a drop moved across a millisecond's edge; then one JSON line.
Takes about 3 minutes for the 61 scenarios.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys

import numpy as np

from aimdmodel.ns3.validate import reference_set


def packet_cases(substring: str = "") -> list:
    """Return the catalogue's cases that the packet-level mode runs.

    Examples
    --------
    >>> cases = packet_cases("1 flow, SACK, DropTail 1 BDP")
    >>> [c.name for c in cases]
    ['1 flow, SACK, DropTail 1 BDP']
    """
    from aimdmodel.queue.packet import check_packet

    out = []
    for case in reference_set():
        sc = case.scenario
        if substring not in case.name:
            continue
        try:
            check_packet(sc)
        except ValueError:
            continue
        out.append(case)
    return out


def compare(case, seconds: float | None = None) -> dict:
    """Trace ns-3's drops and the packet-level mode's; return counts and the parting time."""
    from aimdmodel.ns3 import trace
    from aimdmodel.ns3.validate import _PACKET_OPTIONS
    from aimdmodel.queue import QueueOptions, run

    sc = case.scenario
    sc = dataclasses.replace(sc, duration=seconds or sc.duration, warmup=0.0)
    tr = trace(sc, **case.ns3)
    same = {k: v for k, v in case.ns3.items() if k in _PACKET_OPTIONS}
    res = run(sc, fidelity="packet", options=QueueOptions(record_interval=0.001, **same))
    bins = np.arange(res.t.size + 1) * 0.001
    ns3 = np.stack([np.histogram(tr.drop_t[tr.drop_flow == i], bins)[0]
                    for i in range(sc.n_flows)], axis=1)  # data packets (the queue
    # disc's drops and random loss; ns-3's traces leave out handshake packets)
    mode = res.lost[0].astype(int)
    differ = np.flatnonzero((ns3 != mode).any(axis=1))
    # within a millisecond: each flow's count of drops so far, ns-3's, lies between the
    # mode's a bin before and a bin after (a drop that moved across a bin's edge)
    a, b = np.cumsum(ns3, axis=0), np.cumsum(mode, axis=0)
    lo = np.vstack([np.zeros((1, b.shape[1]), int), b[:-1]])
    hi = np.vstack([b[1:], b[-1:]])
    apart = np.flatnonzero(((a < np.minimum(lo, hi)) | (a > np.maximum(lo, hi))).any(axis=1))
    return {"name": case.name, "seconds": sc.duration, "ns3_drops": int(ns3.sum()),
            "packet_drops": int(mode.sum()),
            "parts_at": float(bins[differ[0]]) if differ.size else None,
            "parts_by_1ms_at": float(bins[apart[0]]) if apart.size else None}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=None,
                        help="simulated seconds per scenario (default: its duration)")
    parser.add_argument("--names", default="", help="only scenarios whose name holds this")
    args = parser.parse_args(argv)
    if args.seconds is not None and args.seconds <= 0:
        print("ns3_drops: --seconds must be > 0", file=sys.stderr)
        return 2
    rows = []
    for case in packet_cases(args.names):
        r = compare(case, args.seconds)
        rows.append(r)
        at, by = ("-" if r[k] is None else f"{r[k]:.3f} s"
                  for k in ("parts_at", "parts_by_1ms_at"))
        print(f"{r['name']:<70} ns-3 {r['ns3_drops']:>5}  packet {r['packet_drops']:>5}  "
              f"parts at {at} (by more than 1 ms: {by})", flush=True)
    same = sum(r["parts_at"] is None for r in rows)
    near = sum(r["parts_by_1ms_at"] is None for r in rows)
    print(f"{same} of {len(rows)} scenarios drop as many packets of each flow in every "
          f"millisecond as ns-3 for their whole run; {near} within a millisecond")
    print(json.dumps({"scenarios": len(rows), "identical": same, "within_1ms": near,
                      "rows": rows}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
