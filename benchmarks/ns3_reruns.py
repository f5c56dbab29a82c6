#!/usr/bin/env python
"""Lahanas & Tsaoussidis 2003 Sec. 5 and Jasem et al. 2010's NCTUns set-ups in ns-3, run by
run, and their table.

Usage::

    python benchmarks/ns3_reruns.py run [--workers=N] lahanas2003 OUT.jsonl \
        "droptail:2:AIMD(a=1, b=1/2)" ...
    python benchmarks/ns3_reruns.py run lahanas2003-leave OUT.jsonl "AIMD(a=1, b=1/2)" ...
    python benchmarks/ns3_reruns.py run jasem2010 OUT.jsonl "8:AIMD-FC+(a=1, b=1/2, f=1/2)" ...
    python benchmarks/ns3_reruns.py table > paper_checks/NS3_RERUNS.md

Each job (``discipline:flows:policy`` for lahanas2003, ``policy`` for
lahanas2003-leave, ``flows:policy`` for jasem2010; the policy by its label)
calls :func:`papers.ns3_setups.lahanas2003_stationary`,
:func:`~papers.ns3_setups.lahanas2003_leaving` or
:func:`~papers.ns3_setups.jasem2010_nctuns` with their defaults and appends
its rows to the JSON-lines file as soon as it ends (a 100 Mbit/s run takes
minutes to tens of minutes with ns-3's wheel), so an interrupted sweep
keeps what it ran, and a sweep run again skips the jobs the file already
holds. Jobs run side by side in ``--workers=N`` processes, or on any
:class:`concurrent.futures.Executor` given to :func:`run` (a dask
cluster's ``client.get_executor()``) (the ledger quotes ``paper_checks/ns3_reruns.jsonl``, the
runs appended there). ``table`` writes its Markdown
(:func:`papers.ns3_reruns.render`).
"""

from __future__ import annotations

import json
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from pathlib import Path

from papers import ns3_setups as setups
from papers.ns3_reruns import PATH, render

POLICIES = {p.label(): p for p in (*setups.LAHANAS2003_POLICIES, *setups.JASEM2010_POLICIES)}


def _job(which: str, job: str) -> list[dict]:
    """Run one job in ns-3 (module level: a worker process can run it); return its rows."""
    def progress(s: str) -> None:
        print(time.strftime("%H:%M:%S"), s, file=sys.stderr, flush=True)

    t0 = time.time()
    if which == "lahanas2003":
        disc, n, label = job.split(":", 2)
        r = setups.lahanas2003_stationary(policies=(POLICIES[label],), flows=(int(n),),
                                          disciplines=(disc,), progress=progress)
    elif which == "lahanas2003-leave":
        r = setups.lahanas2003_leaving(policies=(POLICIES[job],), progress=progress)
    elif which == "jasem2010":
        n, label = job.split(":", 1)
        r = setups.jasem2010_nctuns(policies=(POLICIES[label],), flows=(int(n),),
                                    progress=progress)
    else:
        raise ValueError(f"which must be lahanas2003, lahanas2003-leave or jasem2010, "
                         f"got {which!r}")
    return [{"setup_name": r.name, **{k: v for k, v in row.items() if k != "result"},
             "setup": r.setup, "wall": time.time() - t0, "job": f"{which} {job}"}
            for row in r.rows]


def _done(out: str) -> set:
    """The jobs whose rows the file already holds (a resumed sweep skips them)."""
    if not Path(out).exists():
        return set()
    with open(out, encoding="utf-8") as f:
        return {json.loads(line).get("job") for line in f if line.strip()}


def run(which: str, out: str, jobs: list[str], *, executor: Executor | None = None,
        workers: int = 1) -> None:
    """Run the jobs not yet in ``out`` (on ``executor``, or ``workers`` local processes) and
    append each job's rows as soon as it ends."""
    done = _done(out)
    todo = [j for j in jobs if f"{which} {j}" not in done]
    if len(todo) < len(jobs):
        print(f"{len(jobs) - len(todo)} jobs already in {out}: skipped", file=sys.stderr)
    own = executor is None
    ex = executor or ProcessPoolExecutor(max_workers=max(1, min(workers, len(todo) or 1)))
    try:
        futures = {ex.submit(_job, which, j): j for j in todo}
        for fut in as_completed(futures):
            try:
                rows = fut.result()
            except Exception as exc:  # one failed job must not lose the others
                print(f"{futures[fut]}: FAILED {exc}", file=sys.stderr, flush=True)
                continue
            with open(out, "a", encoding="utf-8") as f:
                for row in rows:
                    f.write(json.dumps(row, default=str) + "\n")
                f.flush()
    finally:
        if own:
            ex.shutdown(wait=False, cancel_futures=True)


if __name__ == "__main__":
    if sys.argv[1] == "run":
        args = sys.argv[2:]
        n = 1
        if args and args[0].startswith("--workers="):
            n = int(args.pop(0).split("=", 1)[1])
        run(args[0], args[1], args[2:], workers=n)
    else:  # table [FILE.jsonl]: the Markdown of paper_checks/ns3_reruns.jsonl (or FILE)
        print(render(Path(sys.argv[2]) if len(sys.argv) > 2 else PATH))
