"""The machinery of the hostile suite: cases, verdicts, the CLI run in-process.

A *case* is one hostile input and what must come of it: an exception of a
documented type whose message contains a word (the parameter's name, or what
is allowed), or a value. :func:`verdict` runs a case under a time limit and
sorts the outcome into the issue's categories:

``handled``     the expected value, or the expected exception with the word
``unclear``     an exception of a documented type, but not the expected one or
                without the word (the user is not told what was wrong)
``wrong``       a value where an error was due, or a wrong value
``traceback``   an exception of an undocumented type (``IndexError``,
                ``ZeroDivisionError``, ...), or on the command line exit 1,
                a traceback, or more than one line on stderr
``hang``        the time limit passed

``python -m tests.test_hostile_table`` prints the count of cases by verdict.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import signal
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["DOCUMENTED", "Case", "CliResult", "cli", "err", "run_cli", "val", "verdict"]

DOCUMENTED = (ValueError, TypeError, OverflowError, MemoryError)
"""The exception types a public function may raise for a wrong input (and their subclasses)."""

VERDICTS = ("handled", "unclear", "wrong", "traceback", "hang")

_NOTHING = object()


class _Timeout(BaseException):
    """The time limit of a case passed (a BaseException: nothing in the library catches it)."""


@dataclasses.dataclass(frozen=True)
class Case:
    """One hostile input and what must come of it.

    Attributes
    ----------
    id : str
        A short unique name (the pytest id).
    call : callable
        Runs the input; returns the value.
    raises : type or tuple of types, optional
        The expected exception type(s); None when a value is expected.
    word : str
        A word the message (or, for the CLI, the stderr line) must contain.
    value : object or callable
        The expected value, or a predicate of the value.
    origin : str
        ``"issue"`` for the cases listed in the issue's "What was found".
    limit : float
        Seconds before the case counts as a hang.
    """

    id: str
    call: Callable[[], Any]
    raises: Any = None
    word: str = ""
    value: Any = _NOTHING
    origin: str = ""
    limit: float = 20.0


def err(id: str, call: Callable[[], Any], raises: Any, word: str, *, origin: str = "",
        limit: float = 20.0) -> Case:
    """A case that must raise ``raises`` with ``word`` in its message."""
    return Case(id, call, raises=raises, word=word, origin=origin, limit=limit)


def val(id: str, call: Callable[[], Any], value: Any, *, origin: str = "",
        limit: float = 20.0) -> Case:
    """A case that must return ``value`` (or a value for which ``value(v)`` is true)."""
    return Case(id, call, value=value, origin=origin, limit=limit)


@contextlib.contextmanager
def _time_limit(seconds: float):
    if not hasattr(signal, "setitimer"):  # pragma: no cover - not POSIX
        yield
        return

    def alarm(signum, frame):
        raise _Timeout(f"more than {seconds} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _matches(expected: Any, got: Any) -> bool:
    if callable(expected) and not isinstance(expected, type):
        return bool(expected(got))
    try:
        return bool(expected == got)
    except Exception:  # an array compared with a list, ...
        import numpy as np

        return bool(np.array_equal(np.asarray(expected, dtype=object),
                                   np.asarray(got, dtype=object)))


def verdict(case: Case) -> tuple[str, str]:
    """Run ``case``; return its verdict and a line saying what happened."""
    start = time.perf_counter()
    try:
        with _time_limit(case.limit):
            got = case.call()
    except _Timeout:
        return "hang", f"no answer within {case.limit} s"
    except Exception as exc:  # sorted below
        return _judge_exception(case, exc)
    took = time.perf_counter() - start
    if isinstance(got, CliResult):
        return _judge_cli(case, got)
    if case.raises is not None:
        return "wrong", f"returned {got!r:.200} in {took:.2f} s instead of raising"
    if _matches(case.value, got):
        return "handled", f"returned {got!r:.200}"
    return "wrong", f"returned {got!r:.200}"


def _judge_exception(case: Case, exc: Exception) -> tuple[str, str]:
    text = f"{type(exc).__name__}: {exc}"[:400]
    expected = case.raises if isinstance(case.raises, (type, tuple)) else None
    if expected is not None and isinstance(exc, expected):  # a type the function documents
        return ("handled" if case.word.lower() in str(exc).lower() else "unclear"), text
    if not isinstance(exc, DOCUMENTED):
        return "traceback", text
    return "unclear", text


# --------------------------------------------------------------------------
# the command line, in-process
# --------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class CliResult:
    """What ``aimdmodel ARGV`` did: exit code, standard output and standard error."""

    code: int
    out: str
    err: str


def run_cli(argv: Sequence[str]) -> CliResult:
    """Run ``aimdmodel.cli.main(argv)`` with its output captured.

    An exception that escapes ``main`` (it must not) is returned as exit
    code -1 with the traceback's last line on stderr.
    """
    from aimdmodel.cli import main

    out, errs = io.StringIO(), io.StringIO()
    code: int
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(errs):
        try:
            code = main(list(argv))
        except SystemExit as exc:  # argparse's --help/--version
            code = exc.code if isinstance(exc.code, int) else 0
        except Exception as exc:  # a traceback, reported as such
            code = -1
            errs.write(f"Traceback (most recent call last):\n{type(exc).__name__}: {exc}\n")
    return CliResult(code, out.getvalue(), errs.getvalue())


def cli(id: str, argv: Sequence[str], code: int, word: str, *, origin: str = "",
        limit: float = 30.0) -> Case:
    """A command-line case: exit ``code``; ``word`` in the one stderr line (or in stdout for 0)."""
    name = id if id.startswith("cli-") else f"cli-{id}"  # apart from the API's cases
    return Case(name, lambda: run_cli(argv), raises=code, word=word, origin=origin, limit=limit)


def _judge_cli(case: Case, got: CliResult) -> tuple[str, str]:
    lines = got.err.splitlines()
    said = f"exit {got.code}: {got.err.strip()[:300]!r}"
    if got.code in (-1, 1) or "Traceback" in got.err:
        return "traceback", said
    expected = case.raises
    if expected == 0:
        if got.code != 0:
            return "wrong" if got.code == 2 else "traceback", said
        return ("handled", f"exit 0, {len(got.out)} characters") if case.word in got.out else (
            "wrong", f"exit 0 without {case.word!r} in the output: {got.out[:200]!r}")
    if got.code == 0:
        return "wrong", f"exit 0 instead of {expected}: {got.out[:200]!r}"
    if len(lines) != 1:
        return "traceback", f"{len(lines)} lines on stderr: " + said
    if got.code == expected and case.word.lower() in got.err.lower():
        return "handled", said
    return "unclear", said


def count(cases: Sequence[Case]) -> dict[str, list[str]]:
    """Run every case; return the case ids under each verdict."""
    by: dict[str, list[str]] = {v: [] for v in VERDICTS}
    for case in cases:
        v, _ = verdict(case)
        by[v].append(case.id)
    return by


def isolated_verdict(case: Case) -> tuple[str, str]:
    """Run ``case`` in a forked child (POSIX): a hang inside compiled code is still a hang.

    The in-process time limit (a signal) cannot stop numba's or C++'s loops;
    the child is killed after ``case.limit`` seconds instead, and a crash of
    the child (a C++ abort) is a traceback.
    """
    import json
    import os

    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.close(r)
        try:
            out = verdict(dataclasses.replace(case, limit=case.limit + 60))
        except BaseException as exc:  # reported, whatever it is
            out = ("traceback", f"{type(exc).__name__}: {exc}")
        os.write(w, json.dumps(out).encode())
        os._exit(0)
    os.close(w)
    deadline = time.monotonic() + case.limit
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(r)
            return "hang", f"no answer within {case.limit} s (killed)"
        time.sleep(0.02)
    data = b"".join(iter(lambda: os.read(r, 65536), b""))
    os.close(r)
    if not data:
        return "traceback", f"the process died (status {status})"
    v, line = json.loads(data)
    return v, line


def report(cases: Sequence[Case], *, show: bool = True, isolated: bool = False
           ) -> dict[str, int]:
    """Print (and return) the number of cases by verdict, with the ids that are not handled.

    ``isolated`` runs each case in its own forked process (see :func:`isolated_verdict`).
    """
    import matplotlib

    matplotlib.use("Agg")
    judge = isolated_verdict if isolated else verdict
    rows = [(case, *judge(case)) for case in cases]
    counts = {v: sum(r[1] == v for r in rows) for v in VERDICTS}
    if show:
        issue = [r for r in rows if r[0].origin == "issue"]
        print(f"{len(rows)} cases ({len(issue)} from the issue's list): "
              + ", ".join(f"{n} {v}" for v, n in counts.items()))
        print("issue's cases: " + ", ".join(
            f"{sum(r[1] == v for r in issue)} {v}" for v in VERDICTS))
        for case, v, line in rows:
            if v != "handled":
                print(f"  {v:9} {case.id}: {line}", file=sys.stdout)
    return counts
