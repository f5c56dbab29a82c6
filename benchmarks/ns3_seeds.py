#!/usr/bin/env python
"""Seed 003 Sec. 5 and seed 000's NCTUns set-ups in ns-3, run by run, and their table.

Usage::

    python benchmarks/ns3_seeds.py run 003 OUT.jsonl "droptail:2:AIMD(a=1, b=1/2)" ...
    python benchmarks/ns3_seeds.py run 003leave OUT.jsonl "AIMD(a=1, b=1/2)" ...
    python benchmarks/ns3_seeds.py run 000 OUT.jsonl "8:AIMD-FC+(a=1, b=1/2, f=1/2)" ...
    python benchmarks/ns3_seeds.py table > paper_checks/NS3_SEEDS.md

Each job (``discipline:flows:policy`` for 003, ``policy`` for 003leave,
``flows:policy`` for 000; the policy by its label) calls
:func:`aimdmodel.ns3.seeds.seed003_stationary`,
:func:`~aimdmodel.ns3.seeds.seed003_leaving` or
:func:`~aimdmodel.ns3.seeds.seed000_nctuns` with their defaults and appends
its rows to the JSON-lines file as soon as it ends (a 100 Mbit/s run takes
minutes to tens of minutes with ns-3's wheel), so an interrupted sweep
keeps what it ran (the ledger quotes ``paper_checks/ns3_seeds.jsonl``, the
runs appended there). ``table`` writes its Markdown
(:func:`papers.ns3_seeds.render`).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from aimdmodel.ns3 import seeds
from papers.ns3_seeds import PATH, render

POLICIES = {p.label(): p for p in (*seeds.SEED003_POLICIES, *seeds.SEED000_POLICIES)}


def run(which: str, out: str, jobs: list[str]) -> None:
    def progress(s: str) -> None:
        print(time.strftime("%H:%M:%S"), s, file=sys.stderr, flush=True)

    for job in jobs:
        t0 = time.time()
        if which == "003":
            disc, n, label = job.split(":", 2)
            r = seeds.seed003_stationary(policies=(POLICIES[label],), flows=(int(n),),
                                         disciplines=(disc,), progress=progress)
        elif which == "003leave":
            r = seeds.seed003_leaving(policies=(POLICIES[job],), progress=progress)
        else:
            n, label = job.split(":", 1)
            r = seeds.seed000_nctuns(policies=(POLICIES[label],), flows=(int(n),),
                                     progress=progress)
        with open(out, "a", encoding="utf-8") as f:
            for row in r.rows:
                keep = {k: v for k, v in row.items() if k != "result"}
                f.write(json.dumps({"setup_name": r.name, **keep, "setup": r.setup,
                                    "wall": time.time() - t0}, default=str) + "\n")


if __name__ == "__main__":
    if sys.argv[1] == "run":
        run(sys.argv[2], sys.argv[3], sys.argv[4:])
    else:  # table [FILE.jsonl]: the Markdown of paper_checks/ns3_seeds.jsonl (or FILE)
        print(render(Path(sys.argv[2]) if len(sys.argv) > 2 else PATH))
