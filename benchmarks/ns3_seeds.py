#!/usr/bin/env python
"""Seed 003 Sec. 5 and seed 000's NCTUns set-ups in ns-3, run by run, and their table.

Usage::

    python benchmarks/ns3_seeds.py run 003 OUT.jsonl "droptail:2:AIMD(a=1, b=1/2)" ...
    python benchmarks/ns3_seeds.py run 003leave OUT.jsonl "AIMD(a=1, b=1/2)" ...
    python benchmarks/ns3_seeds.py run 000 OUT.jsonl "8:AIMD-FC+(a=1, b=1/2, f=1/2)" ...
    python benchmarks/ns3_seeds.py table OUT.jsonl [OUT2.jsonl ...] > docs/ns3_seeds.md

Each job (``discipline:flows:policy`` for 003, ``policy`` for 003leave,
``flows:policy`` for 000; the policy by its label) calls
:func:`aimdmodel.ns3.seeds.seed003_stationary`,
:func:`~aimdmodel.ns3.seeds.seed003_leaving` or
:func:`~aimdmodel.ns3.seeds.seed000_nctuns` with their defaults and appends
its rows to the JSON-lines file as soon as it ends (a 100 Mbit/s run takes
minutes to tens of minutes with ns-3's wheel), so an interrupted sweep
keeps what it ran. ``table`` writes the rows as Markdown.
"""

from __future__ import annotations

import json
import sys
import time

from aimdmodel.ns3 import seeds

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


def table(paths: list[str]) -> str:
    groups: dict = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                row = json.loads(line)
                groups.setdefault(row.pop("setup_name", path), []).append(row)
    out = []
    for name, rows in groups.items():
        setup = rows[0].pop("setup")
        cols = [k for k in rows[0] if k not in ("setup", "wall")]
        out += [f"## {name}", "", f"Set-up: {setup}", "",
                "| " + " | ".join(cols) + " |", "|" + " --- |" * len(cols)]
        for r in rows:
            r.pop("setup", None)
            out.append("| " + " | ".join(f"{r[c]:.4g}" if isinstance(r[c], float)
                                         else str(r[c]) for c in cols) + " |")
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":
    if sys.argv[1] == "run":
        run(sys.argv[2], sys.argv[3], sys.argv[4:])
    else:
        print(table(sys.argv[2:]))
