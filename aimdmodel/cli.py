"""The ``aimdmodel`` command line.

Commands of the library: ``simulate`` (run one system and print its
windows), ``derive`` (closed forms from a policy's code) and ``sweep`` (a
grid of runs, one row of metrics per run). Other commands come from plugins:
every entry point of the group ``aimdmodel.commands``
(:data:`COMMAND_GROUP`) is a function ``register(subparsers) -> None`` that
adds its subparsers with ``set_defaults(func=...)``; the installed package
registers ``headline``, ``handout`` (:mod:`papers.commands`) and ``check``
(:mod:`paper_checks.cli`). A command function returns the text to print, or
an iterable of lines (printed as they come), or None. ``aimdmodel`` alone
runs ``headline`` when a plugin registered it, else prints the usage.

Plugins build their options with the helpers here: argument types
(:func:`number`, :func:`number_list`, :func:`count`, :func:`positive_float`,
:func:`float_list`, :func:`output_file`), :func:`parse_params` and
:func:`format_table`.

Exit codes: 0 done; 1 an internal error (a bug: the line says so, and
``AIMDMODEL_DEBUG=1`` shows the traceback); 2 bad input or a failed read or
write; 130 interrupted (Ctrl-C); 128 + n after signal n (``SIGTERM``,
``SIGHUP``) arrived while a file was being written (the temporary file is
removed first). Every error is one line on stderr, never a traceback; a
closed standard output (``aimdmodel simulate | head -1``) ends the command
quietly with 141, as a pipe's writer killed by ``SIGPIPE`` would.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import errno
import importlib.metadata
import io
import json
import math
import os
import re
import shutil
import sys
import warnings
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np

from . import __version__
from ._arith import ARITHMETICS, to_fraction
from ._format import TABLE_DIGITS, fmt_number, fmt_significant, significant_float
from ._io import Terminated, atomic_savefig, check_output, ensure_kernel_cache, figure_format
from ._progress import compile_notes
from .engine import simulate
from .engines import ENGINES
from .feedback import CONVENTIONS
from .lab import DEFAULT_B, DEFAULT_STARTS, LAB_POLICIES
from .policies import POLICIES, make_policy
from .trajectory import Trajectory

__all__ = [
    "COMMAND_GROUP",
    "TABLE_DIGITS",
    "CLIError",
    "add_digits_option",
    "add_policy_options",
    "build_parser",
    "count",
    "float_list",
    "format_table",
    "main",
    "number",
    "number_list",
    "output_file",
    "parse_params",
    "policies_from_args",
    "positive_float",
]

COMMAND_GROUP = "aimdmodel.commands"
"""The entry-point group of command plugins (``register(subparsers) -> None``)."""

ROWS = ("cycles", "all")
"""Values of ``simulate --rows``."""


class CLIError(Exception):
    """A usage error: reported as one line on stderr with exit code 2.

    Examples
    --------
    >>> str(CLIError("bad option"))
    'bad option'
    """


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line (a :class:`CLIError`)."""

    commands: dict[str, argparse.ArgumentParser]

    def error(self, message: str) -> None:  # type: ignore[override]  # no usage block
        raise CLIError(message)


class _StdoutError(OSError):
    """Standard output cannot be written (a full disk, a file-size limit, ...)."""


# --------------------------------------------------------------------------
# argument types (for the library's commands and the plugins')
# --------------------------------------------------------------------------
_EXPONENT = re.compile(r"[eE]\s*([+-]?\d+)\s*$")
_MAX_EXPONENT = 100_000


def number(text: str) -> Fraction:
    """Read a number exactly: ``0.5``, ``1/2``, ``1e400`` (an argparse type).

    Exact arithmetic has no float range: ``1e400`` is the integer 10**400.
    Only a float conversion later may overflow (and then names the value).

    Examples
    --------
    >>> number("0.1"), number("65/2"), number("1e3")
    (Fraction(1, 10), Fraction(65, 2), Fraction(1000, 1))
    """
    match = _EXPONENT.search(text)
    if match and abs(int(match.group(1))) > _MAX_EXPONENT:
        raise argparse.ArgumentTypeError(
            f"the exponent of {text!r} is out of range (at most {_MAX_EXPONENT} digits)"
        )
    try:
        return to_fraction(text, "value")
    except (ValueError, TypeError):
        raise argparse.ArgumentTypeError(
            f"must be a number such as 0.5, 1/2 or 1e-3, got {text!r}"
        ) from None


def number_list(text: str) -> list[Fraction]:
    """Read comma-separated numbers exactly (an argparse type).

    Examples
    --------
    >>> number_list("1,30")
    [Fraction(1, 1), Fraction(30, 1)]
    """
    values = []
    for i, item in enumerate(text.split(",")):
        try:
            values.append(number(item))
        except argparse.ArgumentTypeError as exc:
            raise argparse.ArgumentTypeError(f"item {i + 1} {exc}") from None
    return values


def count(text: str) -> int:
    """Read a whole number ``>= 0`` (an argparse type).

    Examples
    --------
    >>> count("40")
    40
    """
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be an int >= 0, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be an int >= 0, got {text}")
    return value


def _approx(value: Fraction) -> str:
    """Show a Fraction of any size as a short decimal (``1e+400``)."""
    return f"{(Decimal(value.numerator) / Decimal(value.denominator)).normalize():.4g}"


def _float_value(value: Fraction, name: str = "", hint: str = "") -> float:
    """Convert to float; ValueError naming ``name`` on overflow or underflow to 0."""
    label = f"{name} = {_approx(value)}" if name else _approx(value)
    try:
        result = float(value)
    except OverflowError:
        raise ValueError(
            f"{label} is too large for float arithmetic "
            f"(the largest float is {sys.float_info.max:.4g}){hint}"
        ) from None
    if result == 0 and value != 0:
        raise ValueError(f"{label} is too small for float arithmetic: it rounds to 0{hint}")
    return result


def positive_float(text: str) -> float:
    """Read a number ``> 0`` that a float holds (an argparse type).

    Examples
    --------
    >>> positive_float("1e4")
    10000.0
    >>> try:
    ...     positive_float("1e400")
    ... except argparse.ArgumentTypeError as exc:
    ...     print(exc)
    1e+400 is too large for float arithmetic (the largest float is 1.798e+308)
    """
    value = number(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be > 0, got {text}")
    try:
        return _float_value(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def float_list(text: str) -> list[float]:
    """Read comma-separated numbers ``>= 0`` that a float holds (an argparse type).

    Examples
    --------
    >>> float_list("1,30")
    [1.0, 30.0]
    """
    values = []
    for i, v in enumerate(number_list(text)):
        try:
            values.append(_float_value(v, f"item {i + 1}"))
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    return values


def _os_text(exc: OSError) -> str:
    """One line for an OSError: ``PATH: reason`` (no ``[Errno N]``)."""
    reason = exc.strerror or " ".join(str(exc).split()) or type(exc).__name__
    if exc.filename is None:
        return reason
    where = os.fsdecode(exc.filename)
    if exc.filename2 is not None:
        where += f" -> {os.fsdecode(exc.filename2)}"
    return f"{where}: {reason}"


def _figure_types() -> dict[str, str]:
    from matplotlib.backend_bases import FigureCanvasBase

    return FigureCanvasBase.get_supported_filetypes()


def output_file(
    *, suffix: str | None = None, figure: bool = False, stdout: bool = True
) -> Callable[[str], str]:
    """Return an argparse type that checks an output path before any work.

    The path is checked by :func:`aimdmodel._io.check_output` when the
    command line is parsed, so a folder, a path ending in ``/``, a missing
    folder or an unwritable file is refused before anything is computed.

    Parameters
    ----------
    suffix : str, optional
        A suffix the file name must end in (``".pdf"``), case-insensitive.
    figure : bool
        The file is a matplotlib figure: its suffix must name a format
        matplotlib writes.
    stdout : bool
        Whether ``-`` (standard output) is allowed.

    Examples
    --------
    >>> check = output_file(suffix=".pdf")
    >>> check("/tmp/handout.pdf")
    '/tmp/handout.pdf'
    >>> check("/tmp/")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: /tmp/: it ends in '/', a folder, not a file
    """

    def output(text: str) -> str:
        try:
            target = check_output(text)
        except OSError as exc:
            raise argparse.ArgumentTypeError(_os_text(exc)) from None
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        if target.kind == "stdout" and not stdout:
            raise argparse.ArgumentTypeError("- (standard output) is not possible here")
        if suffix and not text.lower().endswith(suffix.lower()):
            raise argparse.ArgumentTypeError(f"must end in {suffix}, got {text!r}")
        if figure:
            try:
                figure_format(target, _figure_types())
            except ValueError as exc:
                raise argparse.ArgumentTypeError(str(exc)) from None
        return text

    output.__name__ = "output file"
    return output


def parse_params(items: Sequence[str], *, per_flow: bool = False) -> dict[str, Any]:
    """Parse ``NAME=VALUE`` items into policy parameters.

    Numbers become exact Fractions (``0.5`` and ``1/2`` are both 1/2);
    anything else stays a string (e.g. ``reading=charitable``). With
    ``per_flow``, ``NAME=V1,V2,...`` gives one value per flow (a list).

    Examples
    --------
    >>> parse_params(["b=0.5", "reading=charitable"])
    {'b': Fraction(1, 2), 'reading': 'charitable'}
    >>> parse_params(["a=1,1/5"], per_flow=True)
    {'a': [Fraction(1, 1), Fraction(1, 5)]}
    """
    params: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not name or not value:
            raise ValueError(f"--param must look like NAME=VALUE, got {item!r}")
        if name in params and params[name] != _param_value(value, per_flow):
            raise ValueError(f"--param {name} is given twice with different values; give it "
                             "once")
        if per_flow and "," in value:
            try:
                params[name] = number_list(value)
            except argparse.ArgumentTypeError as exc:
                raise ValueError(f"--param {name}: {exc}") from None
            continue
        try:
            params[name] = number(value)
        except argparse.ArgumentTypeError:
            params[name] = value
    return params


MAX_WHOLE = 2**62
"""Largest flow number or step the command line takes (the engines count in int64)."""


def _param_value(value: str, per_flow: bool) -> Any:
    """Return the value ``parse_params`` makes of one text (to compare a repeated name)."""
    try:
        return number_list(value) if per_flow and "," in value else number(value)
    except argparse.ArgumentTypeError:
        return value


def add_policy_options(parser: argparse.ArgumentParser, *, repeatable: bool = False,
                       per_flow: bool = False, policy_help: str | None = None,
                       param_help: str | None = None) -> None:
    """Add ``--policy NAME`` and ``--param NAME=VALUE``, as ``simulate`` has them.

    Read them back with :func:`policies_from_args`. ``--policy`` takes a
    name of the registry (:data:`aimdmodel.policies.POLICIES`; argparse
    refuses any other in one line); ``--param`` is repeatable.

    Parameters
    ----------
    parser : argparse.ArgumentParser
        The command's parser.
    repeatable : bool
        ``--policy`` may be given several times (no default: none given is
        an empty list); else once, default ``aimd``.
    per_flow : bool
        ``--param NAME=V1,V2`` gives one value per flow.
    policy_help, param_help : str, optional
        The options' help (default: ``simulate``'s).

    Examples
    --------
    >>> parser = argparse.ArgumentParser()
    >>> add_policy_options(parser, repeatable=True)
    >>> args = parser.parse_args(["--policy", "aimd", "--param", "b=7/8"])
    >>> policies_from_args(args)
    [AIMD(a=1, b=7/8, floor=0)]
    """
    if repeatable:
        parser.add_argument("--policy", action="append", default=[], choices=sorted(POLICIES),
                            metavar="NAME", help=policy_help or "a policy, one of the NAMEs "
                            "listed below (repeatable)")
    else:
        parser.add_argument("--policy", choices=sorted(POLICIES), default="aimd",
                            metavar="NAME", help=policy_help or "the policy, one of the NAMEs "
                            "listed below (default aimd)")
    parser.add_argument(
        "--param", action="append", default=[], metavar="NAME=VALUE",
        help=param_help or ("policy parameter, e.g. b=0.5 or b=1/2" + (
            "; one value per flow with commas, e.g. a=1,1/5" if per_flow else "")
            + " (repeatable)"))
    parser.set_defaults(_per_flow_params=per_flow)


def policies_from_args(args: argparse.Namespace) -> list[Any]:
    """Build the policies of ``--policy`` and ``--param`` (see :func:`add_policy_options`).

    Every ``--param`` applies to every ``--policy``; the values are read
    by :func:`parse_params` and the policies built by
    :func:`aimdmodel.policies.make_policy`, whose ``ValueError`` names a
    bad value or a parameter the policy does not take.

    Returns
    -------
    list of Policy
        One per ``--policy`` given, in order (a single one when the option
        is not repeatable; none when a repeatable one is not given and no
        ``--param`` either).

    Raises
    ------
    ValueError
        A ``--param`` that is malformed, a value a policy refuses, or
        ``--param`` without a repeatable ``--policy``.

    Examples
    --------
    >>> args = argparse.Namespace(policy="mimd", param=["c=3/2"])
    >>> policies_from_args(args)
    [MIMD(c=3/2, b=1/2, floor=0)]
    """
    names = args.policy if isinstance(args.policy, list) else [args.policy]
    params = parse_params(args.param, per_flow=getattr(args, "_per_flow_params", False))
    if params and not names:
        raise ValueError("--param needs a --policy to apply to")
    return [make_policy(name, **params) for name in names]


def flow_step(text: str) -> tuple[int, int]:
    """Parse ``FLOW:STEP`` (flows numbered from 1, as the columns w1, w2, ...).

    Examples
    --------
    >>> flow_step("3:200")
    (2, 200)
    """
    flow, sep, step = text.partition(":")
    try:
        i, t = int(flow), int(step)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must look like FLOW:STEP with whole numbers (e.g. 3:200), got {text!r}"
        ) from None
    if not sep or i < 1 or t < 0:
        raise argparse.ArgumentTypeError(
            f"must look like FLOW:STEP with FLOW >= 1 and STEP >= 0, got {text!r}"
        )
    if i > MAX_WHOLE or t > MAX_WHOLE:
        raise argparse.ArgumentTypeError(
            f"FLOW and STEP must be <= {MAX_WHOLE}, got {text!r}")
    return i - 1, t


MAX_TRACE_BYTES = 64 * 2**20
"""Largest capacity-trace file read (bytes); a larger one is refused before it fills memory."""


def _flow_steps(option: str, pairs: Sequence[tuple[int, int]]) -> dict[int, int]:
    """Return ``{flow: step}``; a flow given twice with different steps is refused."""
    out: dict[int, int] = {}
    for flow, step in pairs:
        if out.get(flow, step) != step:
            raise CLIError(f"{option} gives flow {flow + 1} twice ({flow + 1}:{out[flow]} and "
                           f"{flow + 1}:{step}); give each flow once")
        out[flow] = step
    return out


def read_trace(path: str) -> list[Fraction]:
    r"""Read a capacity trace: one number per line (or the first column of a CSV).

    Blank lines and lines starting with ``#`` are skipped; a header line
    that is not a number is skipped too.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "w.csv"
    >>> _ = p.write_text("W\n100\n50,x\n")
    >>> read_trace(str(p))
    [Fraction(100, 1), Fraction(50, 1)]
    """
    values: list[Fraction] = []
    with open(path, "rb") as fh:
        data = fh.read(MAX_TRACE_BYTES + 1)
    if len(data) > MAX_TRACE_BYTES:
        raise ValueError(f"--capacity-trace {path} is larger than {MAX_TRACE_BYTES >> 20} MiB: "
                         "not a capacity trace (one number per line)")
    bad = data.find(b"\0")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = exc.start if bad < 0 else min(bad, exc.start)
    if bad >= 0:
        raise ValueError(f"--capacity-trace {path} is not a text trace (binary data at byte "
                         f"{bad}); give one number per line")
    for n, line in enumerate(text.splitlines(), start=1):
        cell = line.split(",")[0].strip()
        if not cell or cell.startswith("#"):
            continue
        try:
            values.append(number(cell))
        except argparse.ArgumentTypeError as exc:
            if n == 1 and not values:  # a header
                continue
            raise ValueError(f"--capacity-trace {path}, line {n}: {exc}") from None
    if not values:
        raise ValueError(f"--capacity-trace {path} holds no value (one number per line)")
    return values


# --------------------------------------------------------------------------
# tables
# --------------------------------------------------------------------------
def _aligned(row: Sequence[str], widths: Sequence[int]) -> str:
    return "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()


def _widths(header: Sequence[str], rows: Iterable[Sequence[str]]) -> list[int]:
    widths = [len(h) for h in header]
    for row in rows:
        widths = [max(w, len(c)) for w, c in zip(widths, row, strict=True)]
    return widths


def format_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Align text cells in columns under a header and a line of dashes.

    Examples
    --------
    >>> print(format_table(["step", "w1"], [["0", "1.0"], ["10", "11.0"]]))
    step  w1
    ----  ----
    0     1.0
    10    11.0
    """
    widths = _widths(header, rows)
    lines = [header, ["-" * w for w in widths], *rows]
    return "\n".join(_aligned(r, widths) for r in lines)


def add_digits_option(parser: argparse.ArgumentParser, *, default: int | None = TABLE_DIGITS,
                      help: str | None = None) -> None:
    """Add ``--digits N``: the significant digits of the floats a command's table prints.

    Every command that prints a table of floats has it, with the same
    default (:data:`TABLE_DIGITS`) and the same rule
    (:func:`aimdmodel._format.fmt_significant`); ``N`` is a whole number
    ``>= 1``.

    Parameters
    ----------
    parser : argparse.ArgumentParser
        The command's parser.
    default : int or None
        The default (None: the command decides, e.g. every digit in CSV).
    help : str, optional
        The option's help (default: says the default).

    Examples
    --------
    >>> parser = _Parser()
    >>> add_digits_option(parser)
    >>> parser.parse_args([]).digits, parser.parse_args(["--digits", "3"]).digits
    (6, 3)
    >>> fmt_significant(2 / 3, parser.parse_args(["--digits", "3"]).digits)
    '0.667'
    """
    parser.add_argument("--digits", type=_positive_count, default=default, metavar="N",
                        help=help or f"significant digits of the table's floats (default "
                                     f"{default})")


# --------------------------------------------------------------------------
# simulate: the printed rows, streamed
# --------------------------------------------------------------------------
_CHUNK = 4096


@dataclasses.dataclass(frozen=True)
class _Printed:
    """The rows ``simulate`` prints: every step, or the knots of the run."""

    tr: Trajectory
    rows: str  # "cycles" or "all", as asked
    steps: np.ndarray  # the step of each printed row
    index: np.ndarray | None  # rows of tr.windows to print (None: all, in order)
    feedback: np.ndarray  # feedback of each printed row but the last
    digits: int | None = None  # significant digits of float cells (None: every digit)

    @classmethod
    def of(cls, tr: Trajectory, rows: str) -> _Printed:
        if tr.cycle_record is not None:  # the run kept its knots only
            steps = np.asarray(tr.cycle_record.times, dtype=np.int64)
            events = np.asarray(tr.congestion_steps)
            fb = np.where(np.isin(steps[:-1], events), 0, 1)
            return cls(tr, rows, steps, None, fb)
        if rows == "all":
            return cls(tr, rows, np.arange(tr.n_steps + 1), None, tr.feedback)
        events = np.asarray(tr.congestion_steps, dtype=np.int64)
        ends = np.array([0, tr.n_steps], dtype=np.int64)
        steps = np.unique(np.concatenate([ends, events, np.minimum(events + 1, tr.n_steps)]))
        return cls(tr, rows, steps, steps, tr.feedback[steps[:-1]])

    def __len__(self) -> int:
        return len(self.steps)

    def chunks(self) -> Iterator[tuple[int, int]]:
        for k0 in range(0, len(self), _CHUNK):
            yield k0, min(len(self), k0 + _CHUNK)

    def values(self, k0: int, k1: int) -> tuple[list, list, list, list]:
        """Return steps, feedback ("" for the last row), windows and totals of rows k0..k1-1."""
        pick = self.pick(k0, k1)
        fb = self.feedback[k0:k1].tolist()
        fb += [""] * (k1 - k0 - len(fb))
        return (self.steps[k0:k1].tolist(), fb, self.tr.windows[pick].tolist(),
                self.tr.totals[pick].tolist())

    def pick(self, k0: int, k1: int) -> Any:
        """Return the rows of the trajectory arrays for the printed rows k0..k1-1."""
        return slice(k0, k1) if self.index is None else self.index[k0:k1]

    def cells(self, k0: int, k1: int) -> list[list[str]]:
        steps, fb, windows, totals = self.values(k0, k1)
        fw = _formatter(self.tr.windows.dtype, self.digits)
        ft = _formatter(self.tr.totals.dtype, self.digits)
        fc = _formatter(self.tr.capacities.dtype, self.digits)
        pick = self.pick(k0, k1)
        active = self.tr.active[pick].tolist()
        caps = self.tr.capacities[pick].tolist() if _dynamic_capacity(self.tr) else None
        rows = []
        for j, (t, f, w, s) in enumerate(zip(steps, fb, windows, totals, strict=True)):
            cells = [fw(v) if on else "-" for v, on in zip(w, active[j], strict=True)]
            rows.append([str(t), str(f), *cells, ft(s)] + ([] if caps is None else
                                                          [fc(caps[j])]))
        return rows


def _formatter(dtype: np.dtype, digits: int | None = None) -> Callable[[Any], str]:
    """``fmt_number`` for the values of an array of this dtype, without its per-value dispatch.

    ``tolist()`` gives Python floats and ints, for which ``fmt_number`` is
    ``repr`` and ``str`` (tests/test_cli.py checks that they agree). With
    ``digits``, floats show that many significant digits.
    """
    if dtype.kind == "f" and digits is not None:
        return lambda v: significant_float(v, digits)
    if dtype.kind == "f":
        return float.__repr__
    if dtype.kind in "iu":
        return int.__str__
    return fmt_number


def _dynamic_capacity(tr: Trajectory) -> bool:
    return not bool((tr.capacities == tr.capacities[0]).all())


def _header(tr: Trajectory) -> list[str]:
    extra = ["W"] if _dynamic_capacity(tr) else []
    return ["step", "feedback", *(f"w{i + 1}" for i in range(tr.n_flows)), "sum", *extra]


def _table_out(title: str, tr: Trajectory, printed: _Printed) -> Iterator[str]:
    header = _header(tr)
    # two passes, nothing kept: the widths first, then the lines
    widths = _widths(header, (r for k0, k1 in printed.chunks() for r in printed.cells(k0, k1)))
    yield title + "\n"
    yield _aligned(header, widths)
    yield _aligned(["-" * w for w in widths], widths)
    for k0, k1 in printed.chunks():
        yield "\n".join(_aligned(r, widths) for r in printed.cells(k0, k1))


def _csv_out(title: str, tr: Trajectory, printed: _Printed) -> Iterator[str]:
    yield ",".join(_header(tr))
    for k0, k1 in printed.chunks():
        yield "\n".join(",".join(r) for r in printed.cells(k0, k1))


def _json_token(v: Any) -> str:
    if isinstance(v, Fraction):
        return str(v.numerator) if v.denominator == 1 else f'"{v}"'
    if isinstance(v, (float, np.floating)):
        return json.dumps(float(v))
    return str(int(v))


def _json_list(name: str, values: np.ndarray, per_line: int, last: bool = False) -> Iterator[str]:
    """Yield ``"name": [ ... ]`` with ``per_line`` values a line."""
    n = len(values)
    if n == 0:
        yield f' "{name}": []' + ("" if last else ",")
        return
    yield f' "{name}": ['
    for k0 in range(0, n, per_line * 64):
        k1 = min(n, k0 + per_line * 64)
        items = [_json_token(v) for v in values[k0:k1].tolist()]
        lines = ["  " + ", ".join(items[j : j + per_line]) for j in range(0, len(items), per_line)]
        yield ",\n".join(lines) + ("," if k1 < n else "")
    yield " ]" + ("" if last else ",")


def _json_out(title: str, tr: Trajectory, printed: _Printed) -> Iterator[str]:
    rows = printed.rows
    yield "{"
    yield f' "policy": {json.dumps(repr(tr.policy))},'
    if _dynamic_capacity(tr):
        yield ' "capacity": null,'
        pick = printed.index if printed.index is not None else slice(None)
        yield from _json_list("capacities", np.asarray(tr.capacities[pick]), 16)
    else:
        yield f' "capacity": {_json_token(tr.capacities[0])},'
    yield f' "arithmetic": {json.dumps(tr.arithmetic)},'
    yield f' "congestion": {json.dumps(tr.congestion)},'
    yield f' "engine": {json.dumps(tr.engine)},'
    yield f' "rows": {json.dumps(rows)},'
    if rows == "cycles":
        yield from _json_list("steps", printed.steps, 16)
    yield ' "windows": ['
    n = len(printed)
    finite = printed.tr.windows.dtype.kind == "f"
    for k0, k1 in printed.chunks():
        windows = printed.values(k0, k1)[2]
        token = float.__repr__ if finite and np.isfinite(windows).all() else _json_token
        text = ",\n".join("  [" + ", ".join(map(token, w)) + "]" for w in windows)
        yield text + ("," if k1 < n else "")
    yield " ],"
    if not tr.active.all():
        pick = printed.index if printed.index is not None else slice(None)
        yield ' "active": ' + json.dumps(tr.active[pick].astype(int).tolist()) + ","
    yield from _json_list("feedback", np.asarray(printed.feedback), 32)
    yield from _json_list("congestion_steps", np.asarray(tr.congestion_steps), 16, last=True)
    yield "}"


_OUTPUTS = {"table": _table_out, "csv": _csv_out, "json": _json_out}


def _warn(message: str | None) -> None:
    if message:
        print(f"aimdmodel: warning: {message}", file=sys.stderr)


def _one_line_warning(message: Any, category: Any, filename: str, lineno: int,
                      file: Any = None, line: str | None = None) -> None:
    """Show a Python warning as the command line's one ``aimdmodel: warning:`` line."""
    _warn(str(message))


def _check_float_range(args: argparse.Namespace, params: dict[str, Any], capacity: Any) -> None:
    """Refuse, naming it, a value that a float cannot hold (float arithmetic only)."""
    hint = "; use --arithmetic exact"
    if isinstance(capacity, Fraction):
        _float_value(capacity, "capacity", hint)
    for i, w in enumerate(args.windows):
        if w != 0:
            _float_value(w, f"--windows item {i + 1} (flow {i + 1})", hint)
    for name, value in params.items():
        for k, v in enumerate(value if isinstance(value, list) else [value]):
            if isinstance(v, Fraction) and v != 0:
                _float_value(v, name if not isinstance(value, list) else f"{name}[{k}]", hint)


def _plot(tr: Trajectory, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5))
    try:
        tr.plot(ax=ax)
        fig.tight_layout()
        atomic_savefig(fig, path, dpi=120)
    finally:
        plt.close(fig)


def _animation_file(text: str) -> str:
    """Check an ``--animate`` path before any work: writable, a suffix we write."""
    from .animation import FORMATS

    checked = output_file(stdout=False)(text)
    if not checked.lower().endswith(FORMATS):
        raise argparse.ArgumentTypeError(
            f"must end in {', '.join(FORMATS)}, got {text!r}")
    if checked.lower().endswith(".mp4") and shutil.which("ffmpeg") is None:
        raise argparse.ArgumentTypeError(
            "an .mp4 needs ffmpeg on the PATH, and there is none; write a .gif or an .html")
    return checked


def _animate(tr: Trajectory, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    tr.animate(path)


def _capacity_argument(args: argparse.Namespace, steps: int | None) -> Any:
    """Return the capacity of a simulate run: a number, a trace file, or an environment."""
    given = [n for n in ("capacity_trace", "environment") if getattr(args, n) is not None]
    if args.capacity is not None and given:
        raise CLIError(f"give one of --capacity and --{given[0].replace('_', '-')}")
    if len(given) == 2:
        raise CLIError("give one of --capacity-trace and --environment")
    if args.capacity_trace is not None:
        return read_trace(args.capacity_trace)
    if args.environment is not None:
        if steps is None:
            raise CLIError("--environment needs --steps (the trace's length)")
        from .environments import capacity_trace

        return capacity_trace(args.environment, steps=steps, rtt=float(args.rtt),
                              seed=args.seed)
    return Fraction(100) if args.capacity is None else args.capacity



MAX_ROWS = 1_000_000
"""Rows ``simulate`` prints at most unless ``--max-rows`` says more (about 50 MB of text)."""

STEP_ENGINE_STEPS = 2_000_000
"""Steps the Python step engine runs at most from the command line (about a minute)."""


def _check_size(args: argparse.Namespace, run_kwargs: dict[str, Any]) -> None:
    """Refuse, before running, a simulation that would print too much or run for long.

    The rows are estimated in closed form (:func:`aimdmodel.engines.auto.estimate`:
    the steps, and the congestion events for ``--rows cycles``).
    """
    from .engine import prepare
    from .engines.auto import estimate

    try:
        est = estimate(prepare(**{**run_kwargs, "record": "none"}))
    except Exception:  # bad input: simulate itself says what is wrong
        return
    rows = est.steps + 1 if args.rows == "all" else 2 * est.events + 2
    if rows > args.max_rows:
        raise ValueError(
            f"simulate would print about {rows:,.0f} rows (--rows {args.rows}), more than "
            f"--max-rows {args.max_rows:,}; ask for fewer --steps or --cycles, or raise "
            "--max-rows"
        )
    if args.engine == "step" and est.steps > STEP_ENGINE_STEPS:
        raise ValueError(
            f"--engine step would run {est.steps:,.0f} steps in Python (more than "
            f"{STEP_ENGINE_STEPS:,}, about a minute); use --engine auto (compiled or "
            "cycle-jumping) or fewer --steps"
        )


def _check_flows(args: argparse.Namespace) -> None:
    """Refuse, in the command line's words (flows from 1), bad windows, arrivals, departures."""
    m = len(args.windows)
    for i, w in enumerate(args.windows):
        if w < 0:
            raise CLIError(f"--windows item {i + 1} is {fmt_number(w)}; a window must be >= 0 "
                           "(to start a flow later, give --arrive FLOW:STEP)")
    arrive = dict(args.arrive)
    for option, pairs in (("--arrive", args.arrive), ("--depart", args.depart)):
        for i, t in pairs:
            if i >= m:
                raise CLIError(f"{option} {i + 1}:{t} names flow {i + 1}, but --windows gives "
                               f"{m} flows (numbered 1 .. {m})")
    for i, t in args.depart:
        if t <= arrive.get(i, 0) and i in arrive:
            raise CLIError(f"--depart {i + 1}:{t} must come after flow {i + 1}'s arrival "
                           f"(--arrive {i + 1}:{arrive[i]})")


_LIBRARY_NAMES = ((re.compile(r"\bx0\b"), "--windows"), (re.compile(r"\bcapacity\b(?= must)"),
                                                       "--capacity"))
"""Words of the library's errors and the options the user typed for them."""


def _in_user_words(exc: ValueError) -> ValueError:
    text = str(exc)
    for pattern, option in _LIBRARY_NAMES:
        text = pattern.sub(option, text)
    return type(exc)(text)


def _simulate(args: argparse.Namespace) -> Iterator[str]:
    _check_flows(args)
    params = parse_params(args.param, per_flow=True)
    (policy,) = policies_from_args(args)
    steps = 100 if args.steps is None and args.cycles is None else args.steps
    capacity = _capacity_argument(args, steps)
    if args.arithmetic == "float":
        _check_float_range(args, params, capacity)
    run_kwargs = dict(
        policy=policy, x0=args.windows, capacity=capacity, steps=steps, cycles=args.cycles,
        arithmetic=args.arithmetic, congestion=args.congestion,
        record="all" if args.rows == "all" or args.plot or args.animate else "cycles",
        arrivals=_flow_steps("--arrive", args.arrive) or None,
        departures=_flow_steps("--depart", args.depart) or None,
    )
    _check_size(args, run_kwargs)
    if args.engine in ("kernel", "auto"):
        _warn(ensure_kernel_cache())
    try:
        tr = simulate(engine=args.engine, **run_kwargs)
    except ValueError as exc:  # the library names its arguments; say the options
        raise _in_user_words(exc) from None
    if args.plot:
        _plot(tr, args.plot)
    if args.animate:
        _animate(tr, args.animate)
    n_events = len(tr.congestion_steps)
    title = (
        f"{policy!r}, W = {fmt_number(tr.capacity, 'short')}, {tr.arithmetic} arithmetic, "
        f"{tr.n_steps} steps, {n_events} congestion event{'' if n_events == 1 else 's'}"
    )
    if n_events == 0 and tr.n_steps > 0:
        title += (f" (the sum of the windows stayed below W = "
                  f"{fmt_number(tr.capacity, 'short')}: give more --steps, or a smaller "
                  "--capacity)")
    if args.rows == "cycles":
        title += (
            "\nrows: step 0, every congestion step and the step after it, the last step "
            "(--rows all prints every step)"
        )
    digits = args.digits if args.digits is not None or args.format != "table" else TABLE_DIGITS
    printed = dataclasses.replace(_Printed.of(tr, args.rows), digits=digits)
    return _OUTPUTS[args.format](title, tr, printed)


# --------------------------------------------------------------------------
# derive and sweep
# --------------------------------------------------------------------------
_SYMPY_NAMES = frozenset({"E", "I", "S", "N", "O", "Q", "pi", "oo", "nan", "zoo", "W", "n_j",
                           "tau"})
"""Names a derive symbol may not take: sympy's constants and derive's own symbols."""


def parameter_symbol(cls: type, name: str, text: str) -> Any:
    """Make the sympy symbol of parameter ``name`` of policy class ``cls``, with its domain.

    The sign assumptions come from the policy's own parameter checks: the
    symbol is ``positive`` when the class refuses 0, ``nonnegative`` when it
    refuses negative values, ``nonpositive`` when it refuses positive ones,
    else only ``real``. Names that clash with sympy constants or with
    derive's symbols (E, I, pi, oo, N, W, ...) are refused.

    Examples
    --------
    >>> from aimdmodel.policies import AIMD, LinearControl
    >>> parameter_symbol(AIMD, "b", "b").assumptions0["positive"]
    True
    >>> parameter_symbol(LinearControl, "a_d", "d").is_positive is None
    True
    """
    import sympy

    if not text.isidentifier():
        raise ValueError(f"--param {name} must be a number (0.5, 1/2) or a symbol name (b), "
                         f"got {text!r}")
    if text in _SYMPY_NAMES:
        raise ValueError(f"--param {name}={text}: {text!r} is a sympy constant or one of "
                         "derive's symbols; choose another name")
    accepts = {}
    for label, probe in (("neg", Fraction(-1, 3)), ("zero", Fraction(0)), ("pos", Fraction(1, 3))):
        try:
            cls(**{name: probe})
            accepts[label] = True
        except (ValueError, TypeError):
            accepts[label] = False
    if not accepts["neg"] and not accepts["zero"]:
        return sympy.Symbol(text, positive=True)
    if not accepts["neg"]:
        return sympy.Symbol(text, nonnegative=True)
    if not accepts["pos"]:
        return sympy.Symbol(text, nonpositive=True)
    return sympy.Symbol(text, real=True)


def _derive(args: argparse.Namespace) -> str:
    from .symbolic import derive

    cls = POLICIES[args.name]
    fields = {f.name: f for f in dataclasses.fields(cls)}
    params: dict[str, Any] = {}
    for name, value in parse_params(args.param).items():
        if isinstance(value, str) and name in fields and not isinstance(fields[name].default, str):
            value = parameter_symbol(cls, name, value)
        params[name] = value
    cf = derive(make_policy(args.name, **params), flows=args.flows)
    if args.format == "json":
        return json.dumps(cf.as_dict(), indent=2)
    if args.format == "latex":
        return cf.derivation.rstrip("\n")
    return cf.summary()


def _grid(items: Sequence[str]) -> dict[str, list[Any]]:
    """Parse ``NAME=V1,V2,...`` items into a parameter grid."""
    grid: dict[str, list[Any]] = {}
    for item in items:
        name, sep, values = item.partition("=")
        name = name.strip()
        if not sep or not name or not values.strip():
            raise ValueError(f"--param must look like NAME=VALUE[,VALUE...], got {item!r}")
        grid[name] = [parse_params([f"{name}={v}"])[name] for v in values.split(",")]
    return grid


def _sweep_json(v: Any) -> Any:
    if isinstance(v, Fraction):
        return int(v) if v.denominator == 1 else str(v)
    if isinstance(v, tuple):
        return [_sweep_json(x) for x in v]
    if isinstance(v, dict):
        return {k: _sweep_json(x) for k, x in v.items()}
    return v


def _sweep_cell(v: Any, digits: int | None) -> str:
    """Format a cell of the sweep's table (``digits``: significant digits) or CSV (None)."""
    if v is None:
        return "-" if digits else ""
    if isinstance(v, tuple):
        return ",".join(fmt_number(x, "short") for x in v)
    if isinstance(v, str):
        return v
    return fmt_significant(v, digits) if digits else fmt_number(v, "full")


@contextlib.contextmanager
def _workers_stopped_on_interrupt(ex: Any) -> Iterator[None]:
    """On Ctrl-C or SIGTERM, end a process pool's workers before its ``with`` waits for them."""
    from .sweeps import stop_workers

    try:
        yield
    except BaseException as exc:
        if not isinstance(exc, Exception) and hasattr(ex, "_processes"):
            stop_workers(ex)
        raise


def _sweep(args: argparse.Namespace) -> str:
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

    from .sweeps import check_grid_size, sweep

    grid = _grid(args.param)
    windows = args.windows or [[Fraction(1), Fraction(30)]]
    check_grid_size(math.prod(len(v) for v in grid.values()) * len(args.policy or ["aimd"])
                    * len(windows) * len(args.capacity))  # before any policy is built
    built = _sweep_policies(args.policy or ["aimd"], grid, record=args.on_error == "record")
    policies = [p for p, error in built if error is None]
    if len({len(w) for w in windows}) != 1:
        raise ValueError("every --windows must give the same number of flows")
    if args.arithmetic == "float":
        hint = "; use --arithmetic exact"
        for c in args.capacity:
            _float_value(c, "capacity", hint)
        for v in (v for w in windows for v in w if v != 0):
            _float_value(v, "--windows", hint)
    if args.engine in ("kernel", "auto"):
        _warn(ensure_kernel_cache())
    cycles = 40 if args.steps is None and args.cycles is None else args.cycles
    with (ThreadPoolExecutor(1) if args.jobs == 1 else ProcessPoolExecutor(args.jobs)) as ex, \
            _workers_stopped_on_interrupt(ex):
        rows = sweep(
            policies, windows, args.capacity, steps=args.steps, cycles=cycles,
            arithmetic=args.arithmetic, congestion=args.congestion, engine=args.engine,
            metrics=args.metrics, burn_in=args.burn_in, eps=args.eps,
            on_error=args.on_error, executor=ex,
        ) if policies else []
    caps = [float(c) for c in args.capacity] if args.arithmetic == "float" else args.capacity
    rows = _with_refused(built, rows, windows, caps, args.metrics)
    columns = ["policy", "x0", "capacity", "engine", *args.metrics, "notes"]
    columns += ["error"] if args.on_error == "record" else []
    if args.format == "json":
        return json.dumps([{k: _sweep_json(r[k]) for k in columns} for r in rows], indent=1)
    if args.format == "csv":  # one column per policy parameter after the policy
        columns[1:1] = rows.parameter_columns
        return "\n".join([",".join(columns)] + [
            ",".join(json.dumps(c) if "," in c else c
                     for c in (_sweep_cell(r.get(k), None) for k in columns)) for r in rows.flat()
        ])
    return format_table(columns, [[_sweep_cell(r[k], args.digits) for k in columns]
                                  for r in rows])


def _sweep_policies(names: Sequence[str], grid: dict[str, list[Any]], *, record: bool
                    ) -> list[tuple[Any, str | None]]:
    """Build the grid's policies in order; with ``record``, keep a refused one as (label, why)."""
    import itertools

    keys = list(grid)
    built: list[tuple[Any, str | None]] = []
    for name in names:
        for combo in itertools.product(*(grid[k] for k in keys)):
            params = dict(zip(keys, combo, strict=True))
            try:
                built.append((make_policy(name, **params), None))
            except (ValueError, TypeError) as exc:
                if not record:
                    raise
                label = ", ".join(f"{k}={v if isinstance(v, str) else fmt_number(v, 'short')}"
                                  for k, v in params.items())
                built.append((f"{name}({label})", " ".join(str(exc).split())))
    return built


def _with_refused(built: list[tuple[Any, str | None]], rows: list[dict], windows: list,
                  capacities: list, metric_names: Sequence[str]) -> Any:
    """Put a row for each run of a refused policy, in grid order, with its error."""
    from .sweeps import SweepResult

    per_policy = len(windows) * len(capacities)
    out, k = SweepResult(), 0
    for policy, error in built:
        if error is None:
            out += rows[k : k + per_policy]
            k += per_policy
            continue
        for x0 in windows:
            for c in capacities:
                out.append({"policy": policy, "x0": tuple(x0), "capacity": c, "engine": None,
                            **dict.fromkeys(metric_names), "notes": "", "error": error})
    return out


def _metric_list(text: str) -> list[str]:
    from .sweeps import METRICS

    names = [t.strip() for t in text.split(",") if t.strip()]
    bad = [n for n in names if n not in METRICS]
    if bad or not names:
        raise argparse.ArgumentTypeError(
            f"unknown metric {bad[0] if bad else text!r}; choose from {', '.join(METRICS)}"
        )
    return names


def _add_sweep(sub: Any) -> None:
    from .sweeps import DEFAULT_METRICS, METRICS, ON_ERROR

    swp = sub.add_parser(
        "sweep", help="run a grid of systems and print one row of metrics per run",
        description="Run every policy x starting windows x capacity and print a table "
                    "of metrics, one row per run (aimdmodel.sweep).",
        epilog=_policy_list() + "\n\nexamples:\n"
               "  aimdmodel sweep --policy aimd --param b=1/2,3/4,7/8 --capacity 100,1000\n"
               "  aimdmodel sweep --policy aimd --policy aimd-fc --windows 1,30 --windows 5,5 "
               "--format csv",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    swp.add_argument("--policy", action="append", choices=sorted(POLICIES), metavar="NAME",
                     help="a policy (repeatable; default aimd)")
    swp.add_argument("--param", action="append", default=[], metavar="NAME=V1,V2",
                     help="values of a parameter of every policy (repeatable; the grid is "
                          "their product)")
    swp.add_argument("--windows", action="append", type=number_list,
                     help="initial windows, comma separated (repeatable; default 1,30)")
    swp.add_argument("--capacity", type=number_list, default=[Fraction(100)],
                     help="capacities W, comma separated (default 100)")
    group = swp.add_mutually_exclusive_group()
    group.add_argument("--steps", type=count, help="number of steps of every run")
    group.add_argument("--cycles", type=count, help="congestion events per run (default 40)")
    swp.add_argument("--arithmetic", choices=ARITHMETICS, default="float",
                     help=_choices_help("arithmetic", _ARITHMETIC_HELP, "float"))
    swp.add_argument("--engine", choices=tuple(ENGINES), default="auto",
                     help="engine (default auto), as for simulate")
    swp.add_argument("--congestion", choices=CONVENTIONS, default=">=",
                     help="congestion when sum >= W (default) or sum > W")
    swp.add_argument("--metrics", type=_metric_list, default=list(DEFAULT_METRICS),
                     help=f"columns, comma separated, from {', '.join(METRICS)} "
                          f"(default {','.join(DEFAULT_METRICS)})")
    swp.add_argument("--burn-in", type=count, help="whole cycles discarded (default half)")
    swp.add_argument("--eps", type=number, default=Fraction(1),
                     help="tolerance of the fairness metrics in packets (default 1)")
    swp.add_argument("--on-error", choices=ON_ERROR, default="raise",
                     help="raise (default): the first failed run stops the sweep; record: "
                          "its row says why in an error column")
    swp.add_argument("--jobs", "--workers", dest="jobs", type=_positive_count, default=None,
                     help="worker processes (default: one per core; 1: in this process; "
                          "--workers is the same)")
    swp.add_argument("--format", choices=["table", "csv", "json"], default="table",
                     help=f"table (default; numbers to {TABLE_DIGITS} significant digits, "
                          "--digits), csv or json (exact values)")
    add_digits_option(swp, help=f"significant digits of the table's numbers (default "
                                f"{TABLE_DIGITS}; csv and json keep every digit)")
    swp.set_defaults(func=_sweep)


def _positive_count(text: str) -> int:
    value = count(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be an int >= 1, got {text}")
    return value


# --------------------------------------------------------------------------
# the parser
# --------------------------------------------------------------------------
_SIMULATE_EXAMPLES = """\
examples:
  aimdmodel simulate --policy aimd --windows 1,30 --capacity 100 --steps 40 --arithmetic exact
  aimdmodel simulate --policy aimd-fc-plus --param f=1/4 --cycles 10 --format csv --plot fc.png
  aimdmodel simulate --policy new-aimd --param reading=charitable --capacity 1000 --rows all
  aimdmodel simulate --policy aimd --capacity 1e6 --cycles 20 --engine cycle --format json
  aimdmodel simulate --param a=1,1/5 --param b=1/2,7/8 --capacity 1000 --cycles 30
  aimdmodel simulate --windows 10,70,10 --arrive 3:200 --steps 600 --congestion '>'
  aimdmodel simulate --environment SQH --seed 3 --rtt 0.1 --steps 600 --engine cycle"""

_DERIVE_EXAMPLES = """\
examples:
  aimdmodel derive aimd-fc-plus
  aimdmodel derive aimd --param b=b --format latex
  aimdmodel derive new-aimd --format json"""

_ARITHMETIC_HELP = {
    "float": "float64",
    "exact": "Fractions, no rounding anywhere",
    "integer": "whole packets, floored after every step",
}


def _default_text(field: dataclasses.Field) -> str:
    if field.default is not dataclasses.MISSING:
        value = field.default
    elif field.default_factory is not dataclasses.MISSING:
        value = field.default_factory()
    else:
        return f"{field.name} (required)"
    return f"{field.name}={value if isinstance(value, str) else fmt_number(value, 'short')}"


def _policy_list() -> str:
    """List the registry's policies with their parameters and defaults, for --help."""
    lines = ["policies (NAME, then its parameters with their defaults; set them with "
             "--param NAME=VALUE):"]
    for name in sorted(POLICIES):
        cls = POLICIES[name]
        doc = (cls.__doc__ or "").strip().splitlines()
        summary = doc[0].replace("``", "") if doc else ""
        title = cls.display_name or cls.__name__
        lines.append(f"  {name:<21} {' '.join(_default_text(f) for f in dataclasses.fields(cls))}")
        lines.append(f"  {'':<21} {title}: {summary}")
    return "\n".join(lines)


def _choices_help(what: str, items: dict[str, str], default: str) -> str:
    parts = "; ".join(f"{k}: {v}" for k, v in items.items())
    return f"{what} (default {default}): {parts}"


def _add_simulate(sub: Any) -> None:
    from .environments import ENVIRONMENTS

    sim = sub.add_parser(
        "simulate", help="run one system and print its windows",
        description="Run m flows of one policy on a bottleneck of capacity W and print "
                    "the windows. The default engine, step, is the reference every other "
                    "engine is tested against; --engine auto is faster on long runs and gives "
                    "the same windows in exact arithmetic (within rounding in float).",
        epilog=_policy_list() + "\n\n" + _SIMULATE_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_policy_options(sim, per_flow=True)
    sim.add_argument("--windows", type=number_list, default=[Fraction(1), Fraction(30)],
                     help="initial windows, comma separated (default 1,30)")
    sim.add_argument("--capacity", type=number, default=None,
                     help="capacity W in packets per RTT (default 100)")
    sim.add_argument("--capacity-trace", metavar="FILE",
                     help="capacity per step from FILE: one number per line (or the first "
                          "column of a CSV); at least one value per step")
    sim.add_argument("--environment", metavar="NAME",
                     help=f"a bandwidth environment of Reddy et al. (Table 2), one of the "
                          f"{len(ENVIRONMENTS)}: {', '.join(ENVIRONMENTS)}, as the "
                          "capacity trace; needs --steps")
    sim.add_argument("--rtt", type=positive_float, default=0.1,
                     help="--environment: seconds per step (default 0.1)")
    sim.add_argument("--seed", type=count, default=None,
                     help="--environment: seed of the random environments (default: none, "
                          "not reproducible)")
    sim.add_argument("--arrive", action="append", type=flow_step, default=[],
                     metavar="FLOW:STEP", help="flow FLOW (1 = w1) starts at STEP (repeatable)")
    sim.add_argument("--depart", action="append", type=flow_step, default=[],
                     metavar="FLOW:STEP", help="flow FLOW leaves at STEP (repeatable)")
    group = sim.add_mutually_exclusive_group()
    group.add_argument("--steps", type=count, help="number of steps (default 100)")
    group.add_argument("--cycles", type=count, help="stop after this many congestion events")
    sim.add_argument("--arithmetic", choices=ARITHMETICS, default="float",
                     help=_choices_help("arithmetic", _ARITHMETIC_HELP, "float"))
    sim.add_argument("--engine", choices=tuple(ENGINES), default="step",
                     help=_choices_help("engine", {k: e.summary for k, e in ENGINES.items()},
                                        "step"))
    sim.add_argument("--congestion", choices=CONVENTIONS, default=">=",
                     help="congestion when sum >= W (default, as the papers) or sum > W")
    sim.add_argument(
        "--max-rows", type=_positive_count, default=MAX_ROWS, metavar="N",
        help=f"refuse, before running, a run that would print more rows (default {MAX_ROWS:,})",
    )
    sim.add_argument(
        "--rows", choices=ROWS, default="cycles",
        help="rows printed. cycles (default): the windows at step 0, at every congestion "
             "step and the step after it, and at the last step (a few rows per cycle; the "
             "run keeps only these); all: every step (T+1 rows)",
    )
    sim.add_argument(
        "--format", choices=tuple(_OUTPUTS), default="table",
        help="table (default): a title and aligned columns step, feedback, w1..wm, sum; "
             "csv: the same columns; json: one object with policy, capacity, arithmetic, "
             "congestion, engine, rows, steps (with --rows cycles), windows, feedback (of "
             "every row but the last), congestion_steps",
    )
    add_digits_option(sim, default=None,
                      help=f"significant digits of float windows (default {TABLE_DIGITS} in "
                           "the table, every digit in csv; json always keeps every digit)")
    sim.add_argument("--plot", metavar="FILE", type=output_file(figure=True, stdout=False),
                     help="also draw the windows to FILE (.png, .pdf, .svg), written atomically")
    sim.add_argument("--animate", metavar="FILE", type=_animation_file,
                     help="also animate the run to FILE, step by step with the congestion "
                          "events marked: the phase plane for 2 flows, else the windows; "
                          ".gif, .mp4 (needs ffmpeg on the PATH) or .html (self-contained)")
    sim.set_defaults(func=_simulate)


def _add_derive(sub: Any) -> None:
    der = sub.add_parser(
        "derive", help="closed forms derived with sympy from a policy's code",
        description="Closed forms (fixed point of the cycle map, efficiency, response "
                    "constant) derived with sympy from the policy's own code.",
        epilog=_policy_list() + "\n\n" + _DERIVE_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    der.add_argument("name", choices=sorted(POLICIES), metavar="NAME",
                     help="the policy, one of the NAMEs listed below")
    der.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                     help="policy parameter: a number (b=0.5, b=1/2) or a symbol (b=b)")
    der.add_argument("--flows", type=count, default=1, help="number of equal flows (default 1)")
    der.add_argument("--format", choices=["text", "latex", "json"], default="text")
    der.set_defaults(func=_derive)


_LAB_EXAMPLES = """examples:
  aimdmodel lab --out lab.html
  aimdmodel lab --out lab.html --b 0.2,0.5,0.8 --starts 5,20,35,50,65,80,95 --steps 300"""


def _lab(args: argparse.Namespace) -> str:
    import time

    from .lab import write_lab

    start = time.perf_counter()
    grid = {"b": [float(v) for v in args.b], "starts": [float(v) for v in args.starts],
            "capacity": float(args.capacity), "steps": args.steps}
    if args.policies is not None:
        grid["policies"] = args.policies
    path = write_lab(args.out, **grid)
    runs = len(grid["b"]) * len(grid["starts"]) ** 2 * len(args.policies or LAB_POLICIES)
    return (f"wrote {args.out}: {path.stat().st_size:,} bytes, {runs} runs of "
            f"{args.steps} steps, in {time.perf_counter() - start:.1f} s; open it in a browser")


def _policy_labels(text: str) -> list[str]:
    labels = [v.strip() for v in text.split(",") if v.strip()]
    for v in labels:
        if v not in LAB_POLICIES:
            raise argparse.ArgumentTypeError(
                f"policies must be among {', '.join(LAB_POLICIES)}, got {v!r}")
    return labels


def _add_lab(sub: Any) -> None:
    lab = sub.add_parser(
        "lab", help="write the lab page: one HTML file that students open in a browser",
        description="Write one self-contained HTML page (no network needed to view it) with "
                    "sliders over a grid of runs of two flows: the phase plane, the sawtooth "
                    "with its closed-form bounds, Jain's index, and texts on what to look "
                    "for. Every run is computed here; the page only looks runs up. The file "
                    "grows with len(b) x len(starts)^2 x steps (about 1.5 MB by default).",
        epilog=_LAB_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    lab.add_argument("--out", required=True, type=output_file(suffix=".html", stdout=False),
                     help="the page to write (.html), atomically")
    lab.add_argument("--b", type=number_list, default=[to_fraction(v) for v in DEFAULT_B],
                     help="decrease factors, comma separated, each in (0, 1) (default "
                          + ",".join(f"{v:g}" for v in DEFAULT_B) + ")")
    lab.add_argument("--starts", type=number_list,
                     default=[to_fraction(v) for v in DEFAULT_STARTS],
                     help="starting windows offered to each flow, comma separated (default "
                          + ",".join(f"{v:g}" for v in DEFAULT_STARTS) + ")")
    lab.add_argument("--capacity", type=number, default=Fraction(100),
                     help="capacity W in packets per RTT (default 100)")
    lab.add_argument("--steps", type=count, default=200, help="steps of each run (default 200)")
    lab.add_argument("--policies", type=_policy_labels, default=None,
                     help="comma separated, among " + ", ".join(LAB_POLICIES) + " (default all)")
    lab.set_defaults(func=_lab)


def _compile(args: argparse.Namespace) -> Iterator[str]:
    from .warmup import PARTS, compile_all

    yield (f"numba's cache: {os.environ.get('NUMBA_CACHE_DIR') or 'beside the package'} "
           "(NUMBA_CACHE_DIR moves it; share it with the workers of a cluster)")
    for name in args.only or list(PARTS):
        with compile_notes(hint=False) as compiled:
            seconds = compile_all([name])[name]
        how = "compiled" if compiled else "loaded from the cache"
        yield f"{PARTS[name][0]}: {how} in {seconds:.1f} s"


def _part_list(text: str) -> list[str]:
    from .warmup import PARTS

    names = [t.strip() for t in text.split(",") if t.strip()]
    bad = [n for n in names if n not in PARTS]
    if bad or not names:
        raise argparse.ArgumentTypeError(
            f"unknown part {bad[0] if bad else text!r}; choose from {', '.join(PARTS)}")
    return names


def _add_compile(sub: Any) -> None:
    from .warmup import PARTS

    com = sub.add_parser(
        "compile", help="compile the numba kernels now, once per install",
        description="Compile (or load from numba's on-disk cache) every compiled kernel, so "
                    "that later commands and worker processes only load them. Run it once "
                    "after an install, e.g. on a cluster before the jobs start (with the "
                    "same NUMBA_CACHE_DIR as the jobs). About 110 CPU seconds cold, a few "
                    "seconds when cached.",
        epilog="parts: " + "; ".join(f"{k}: {v[0]}" for k, v in PARTS.items()),
    )
    com.add_argument("--only", type=_part_list, metavar="PART[,PART]",
                     help=f"only these parts, comma separated ({', '.join(PARTS)}; "
                          "default all)")
    com.set_defaults(func=_compile)


def _load_plugins(sub: Any) -> None:
    """Let every entry point of :data:`COMMAND_GROUP` add its commands."""
    for ep in sorted(importlib.metadata.entry_points(group=COMMAND_GROUP), key=lambda e: e.name):
        try:
            ep.load()(sub)
        except Exception as exc:  # a broken plugin must not take the library's commands down
            text = " ".join(str(exc).split())
            _warn(f"the command plugin {ep.name} ({ep.value}) was not loaded: "
                  f"{type(exc).__name__}: {text}")


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser of the ``aimdmodel`` command, plugins included.

    Examples
    --------
    >>> build_parser().parse_args(["simulate", "--capacity", "1e3"]).capacity
    Fraction(1000, 1)
    """
    parser = _Parser(
        prog="aimdmodel",
        description="The Chiu-Jain synchronous binary-feedback model of congestion control. "
                    "With no command: aimdmodel headline (when installed).",
        epilog="Options go after the command: aimdmodel COMMAND --help lists them. Exit "
               "codes: 0 done, 1 internal error, 2 bad input or failed I/O, 130 interrupted.",
    )
    parser.add_argument("--version", action="version", version=f"aimdmodel {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")
    _add_simulate(sub)
    _add_derive(sub)
    _add_sweep(sub)
    _add_lab(sub)
    _add_compile(sub)
    _load_plugins(sub)
    parser.commands = dict(sub.choices)
    return parser


# --------------------------------------------------------------------------
# running a command: one error path
# --------------------------------------------------------------------------
def _parse(parser: _Parser, argv: list[str]) -> argparse.Namespace | None:
    if not argv:
        if "headline" not in parser.commands:
            return None
        argv = ["headline"]
    first = argv[0]
    if first.startswith("-") and first not in ("-h", "--help", "--version"):
        raise CLIError(
            f"{first.split('=')[0]} is not an option of aimdmodel itself; options go after "
            f"the command: aimdmodel COMMAND {first} ... (commands: "
            f"{', '.join(parser.commands)})"
        )
    return parser.parse_args(_negative_values(parser, argv))


_NEGATIVE = re.compile(r"^-\d|^-\.\d")


def _negative_values(parser: _Parser, argv: list[str]) -> list[str]:
    """Join ``--windows -1,5`` into ``--windows=-1,5`` (argparse takes ``-1,5`` for an option).

    Only for options of the command that take one value.
    """
    command = parser.commands.get(argv[0]) if argv else None
    if command is None:
        return argv
    takes_value = {opt for a in command._actions if a.nargs is None and a.option_strings
                   and not isinstance(a, (argparse._StoreConstAction,
                                          argparse._StoreTrueAction, argparse._CountAction,
                                          argparse._AppendConstAction))
                   for opt in a.option_strings}
    out, k = [], 0
    while k < len(argv):
        if argv[k] in takes_value and k + 1 < len(argv) and _NEGATIVE.match(argv[k + 1]):
            out.append(f"{argv[k]}={argv[k + 1]}")
            k += 2
        else:
            out.append(argv[k])
            k += 1
    return out


class _ClosedStdout(io.TextIOBase):
    """Standard output when the process started without one: every write fails, named."""

    def write(self, text: str) -> int:
        raise _StdoutError(errno.EBADF, "standard output is closed")

    def writable(self) -> bool:
        return True


def _distinct_outputs(args: argparse.Namespace) -> None:
    """Refuse two output options naming one file (the second write would replace the first)."""
    seen: dict[str, str] = {}
    for option in ("out", "plot", "figure", "json", "csv"):
        path = getattr(args, option, None)
        if not isinstance(path, str) or path in ("", "-"):
            continue
        key = os.path.realpath(path)
        if key in seen:
            raise CLIError(f"--{seen[key]} and --{option} name the same file {path!r}; give "
                           "each output its own file")
        seen[key] = option


def _write(text: str) -> None:
    try:
        sys.stdout.write(text)
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise _StdoutError(exc.errno, exc.strerror or str(exc)) from exc


def _emit(result: str | Iterable[str] | None) -> None:
    """Print a command's result: a text, or lines as they come."""
    if isinstance(result, str):
        _write(result + "\n")
    elif result is not None:
        for block in result:
            _write(block + "\n")
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise _StdoutError(exc.errno, exc.strerror or str(exc)) from exc


def _silence_stdout() -> None:
    """Point file descriptor 1 at /dev/null so the exit-time flush cannot fail."""
    if sys.stdout is not sys.__stdout__:
        return
    with contextlib.suppress(OSError, ValueError, AttributeError):
        fd = sys.stdout.fileno()
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fd)
        os.close(devnull)


def _describe(exc: Exception) -> tuple[int, str]:
    """Return the exit code and the one line for an error."""
    text = " ".join(str(exc).split())
    if isinstance(exc, _StdoutError):
        _silence_stdout()
        return 2, f"cannot write to standard output: {exc.strerror}"
    if isinstance(exc, OSError):
        return 2, _os_text(exc)
    if isinstance(exc, MemoryError):
        return 2, "out of memory" + (f": {text}" if text else "")
    if isinstance(exc, OverflowError):
        return 2, f"numeric overflow: {text}"
    if isinstance(exc, (CLIError, ValueError, TypeError, ArithmeticError, RuntimeError,
                        zlib.error)):
        return 2, text or type(exc).__name__
    return 1, (f"internal error: {type(exc).__name__}: {text} (a bug; "
               "AIMDMODEL_DEBUG=1 shows the traceback)")


def _say(text: str) -> None:
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(f"aimdmodel: {text}\n")
        sys.stderr.flush()


@contextlib.contextmanager
def _exact_digits() -> Iterator[None]:
    """Let exact values of any size be printed (Python caps int-to-str at 4300 digits)."""
    get = getattr(sys, "get_int_max_str_digits", None)
    if get is None:  # pragma: no cover - Python without the cap
        yield
        return
    old = get()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(old)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (see the module docstring).

    Examples
    --------
    >>> main(["simulate", "--steps", "2", "--format", "csv", "--rows", "all"])
    step,feedback,w1,w2,sum
    0,1,1.0,30.0,31.0
    1,1,2.0,31.0,33.0
    2,,3.0,32.0,35.0
    0
    """
    args_list = list(sys.argv[1:] if argv is None else argv)
    if sys.stdout is None:  # started with standard output closed (>&-)
        sys.stdout = _ClosedStdout()
    with _exact_digits(), warnings.catch_warnings(), compile_notes():
        warnings.showwarning = _one_line_warning  # restored on the way out
        try:
            parser = build_parser()
            args = _parse(parser, args_list)
            if args is None:
                parser.print_help()
                return 0
            _distinct_outputs(args)
            _emit(args.func(args))
            return 0
        except BrokenPipeError:  # the reader went away (| head): stop quietly
            _silence_stdout()
            return 141
        except KeyboardInterrupt:
            _say("interrupted")
            return 130
        except Terminated as exc:
            _say(str(exc))
            return int(exc.code)
        except Exception as exc:
            if os.environ.get("AIMDMODEL_DEBUG"):
                raise
            code, text = _describe(exc)
            _say(f"error: {text}")
            return code


def console() -> None:  # pragma: no cover - the console-script entry point
    """Entry point of the ``aimdmodel`` console script."""
    import signal

    if hasattr(signal, "SIGXFSZ"):  # past a file-size limit, fail the write (EFBIG)
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    sys.exit(main())
