"""The TCP variants of the queue model, one module each: a documented rule with its source.

A variant is two things: how the sender *detects and repairs* losses (its
loss recovery) and, for the delay-based and the newer variants, its *own
window rule*. The loss-based variants (``tahoe``, ``reno``, ``newreno``,
``sack``, ``fack``) take their congestion-avoidance rule from
``Flow.policy`` (any policy of the synchronous model; AIMD(1, 1/2) when
None): one rule, several models. The others (``vegas``, ``westwood``,
``veno``, ``lp``, ``cubic``) have their own rule, and a ``Flow.policy``
given with them is refused.

How a policy maps to rounds (written once, in :mod:`aimdmodel.queue.model`):

* a round of congestion avoidance without loss, in which the flow sent a
  full window (it was cwnd-limited), is one ``increase`` (one RTT with
  feedback 1);
* a loss event (fast retransmit, or the first retransmission timeout of a
  series) is one ``decrease``; ``ssthresh = max(window(decreased), 2)`` and
  after the recovery ``cwnd = max(window(decreased), 1)``; Reno's second
  fast retransmit in the same window is a second ``decrease``;
* the policy state is frozen during loss recovery, the timeout and the
  slow start that follows it: slow start climbs back to ``ssthresh`` (the
  window of the decreased state) and congestion avoidance resumes from
  that state, so AIMD-FC's ``k`` and AIMD-FC+'s ``q`` survive a timeout;
* a loss *during slow start* (the first one of the connection, or one
  before slow start has climbed back to ``ssthresh``) first re-initializes
  the state from the current window (``init(cwnd)``) and then decreases it:
  AIMD-FC's ``k`` and AIMD-FC+'s ``q`` restart at 0 there;
* rules that need the synchronous model's bottleneck signal
  (``uses_signal``, e.g. :class:`~aimdmodel.policies.WestwoodRule`) and
  rules whose state is shared by the flows (the printed AIMD-FC+System) are
  refused: a queue gives each flow its own losses at its own time.

Each variant is one module of this package (``tahoe.py`` ... ``cubic.py``):
its docstring (the rule, its source, what the model leaves out), its state
slots, its ``VARIANT`` (the metadata of :data:`VARIANTS`) and the compiled
rules it adds, as functions named after the hooks of
:data:`~aimdmodel.queue.variants._base.HOOKS`: ``round_*`` for the round
mode, ``packet_*`` (ns-3's ops) for the packet-level mode. A hook a variant
leaves out runs Reno's rule (round mode) or TcpNewReno's (packet-level
mode). :data:`MODULES` is the registry: a variant's code is its place there.
The senders (``_sender.py``, ``_packet.py``) call the hooks through
``aimdmodel/queue/_hooks.py``, which ``python -m aimdmodel.queue.variants``
writes from the registry (:func:`hooks_source`; a test checks it is
current). Adding a variant: its module and its line in :data:`MODULES`, then
that command (and, for the packet-level mode, its line in
:data:`aimdmodel.queue.packet.PACKET_VARIANTS`).

Examples
--------
>>> sorted(VARIANTS)[:3]
['cubic', 'fack', 'lp']
>>> VARIANTS["newreno"].recovery, VARIANTS["vegas"].own_rule
('newreno', True)
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType, ModuleType

from . import cubic, fack, lp, newreno, reno, sack, tahoe, vegas, veno, westwood
from ._base import HOOKS, RECOVERIES, Variant

__all__ = ["MODULES", "RECOVERIES", "VARIANTS", "Variant", "get_variant", "hooks_source"]

MODULES: tuple[ModuleType, ...] = (tahoe, reno, newreno, sack, fack, vegas, westwood, veno,
                                   lp, cubic)
"""The registry: one module per variant; a variant's code is its place here."""

_BY_NAME = {_m.__name__.rsplit(".", 1)[1]: _m for _m in MODULES}

VARIANTS: Mapping[str, Variant] = MappingProxyType(
    {m.VARIANT.name: dataclasses.replace(m.VARIANT, code=i) for i, m in enumerate(MODULES)})
"""The variants by ``Flow.variant`` name."""


def get_variant(name: str) -> Variant:
    """Look a variant up by name.

    Raises
    ------
    ValueError
        If ``name`` is not one of :data:`VARIANTS`.

    Examples
    --------
    >>> get_variant("reno").recovery
    'reno'
    """
    if not isinstance(name, str) or name not in VARIANTS:
        raise ValueError(f"variant must be one of {', '.join(VARIANTS)}, got {name!r}")
    return VARIANTS[name]


def _docstring(doc: str) -> list[str]:
    line = f'    """{doc}"""'
    if len(line) > 100:
        raise ValueError(f"a hook's doc is one line of at most 90 characters: {doc!r}")
    return [line]


def _def_line(head: str) -> str:
    line = f"{head}  # pragma: no cover - compiled"
    return line if len(line) <= 100 else f"{head}  # pragma: no cover"


def _short(module: ModuleType) -> str:
    return module.__name__.rsplit(".", 1)[1]


def _dispatch(name: str) -> list[str]:
    hook = HOOKS[name]
    call_args = hook.args
    ret = "return " if "return" in hook.fallback or name.endswith("ssthresh") else ""
    deco = '@numba.njit(inline="always", _nrt=False)' if hook.inline else \
        "@numba.njit(_nrt=False)"
    lines = ["", "", deco,
             _def_line(f"def {name}(v, {hook.args}):"),
             *_docstring(hook.doc)]
    default = _BY_NAME.get(hook.default)
    branches: dict = {}  # one branch per function: variants sharing it test together
    for i, m in enumerate(MODULES):
        fn = getattr(m, name, None)
        if fn is not None and fn is not getattr(default, name, None):
            branches.setdefault(fn, []).append((i, m))
    for k, group in enumerate(branches.values()):
        test = " or ".join(f"v == {i}" for i, _ in group)
        names = ", ".join(m.VARIANT.name for _, m in group)
        lines.append(f"    {'if' if k == 0 else 'elif'} {test}:  # {names}")
        lines.append(f"        {ret}{_short(group[0][1])}.{name}({call_args})")
    fallback = (f"{ret}{_short(default)}.{name}({call_args})" if hasattr(default, name)
                else hook.fallback)
    if fallback and branches:
        lines += ["    else:", f"        {fallback}"]
    elif fallback:
        lines.append(f"    {fallback}")
    elif not branches:
        lines.append("    return")
    return lines


def _recovery() -> list[str]:
    lines = ["", "", '@numba.njit(inline="always", _nrt=False)',
             "def recovery(v):  # pragma: no cover - compiled",
             '    """Return the loss recovery of variant ``v`` (``_fields.R_*``)."""']
    for k, rec in enumerate(RECOVERIES):
        codes = [str(i) for i, m in enumerate(MODULES) if m.VARIANT.recovery == rec]
        if codes:
            test = " or ".join(f"v == {c}" for c in codes)
            lines.append(f"    if {test}:  # {rec}")
            lines.append(f"        return {k}")
    lines.append("    return -1")
    return lines


def hooks_source() -> str:
    """Return the text of ``aimdmodel/queue/_hooks.py``: one dispatch per hook, from the registry.

    Examples
    --------
    >>> "def round_ssthresh(v, F, N, P, r, j, cw, flight):" in hooks_source()
    True
    """
    used = sorted({_short(m) for m in MODULES for name in HOOKS if hasattr(m, name)})
    lines = [
        '"""The variants\' rules in the round mode: one dispatch per hook, on the variant\'s code.',
        "",
        "Written by ``python -m aimdmodel.queue.variants`` from the registry",
        "(:data:`aimdmodel.queue.variants.MODULES`); do not edit by hand. A variant that",
        "leaves a hook out runs the hook's default module's function (Reno's rules in the",
        "round mode, TcpNewReno's in the packet-level mode) or the hook's fallback.",
        "",
        "Examples",
        "--------",
        ">>> recovery(0), recovery(3)",
        "(0, 3)",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "import numba",
        "",
        f"from .variants import {', '.join(used)}",
        "",
        "__all__ = [",
        *(f'    "{n}",' for n in sorted([*HOOKS, "recovery"])),
        "]",
    ]
    lines += _recovery()
    for name in HOOKS:
        lines += _dispatch(name)
    return "\n".join(lines) + "\n"


HOOKS_FILE = Path(__file__).resolve().parents[1] / "_hooks.py"
"""Where :func:`hooks_source` is written."""


def main(argv: list[str] | None = None) -> int:
    """Write ``aimdmodel/queue/_hooks.py`` (``--check``: exit 1 if it is not current).

    Examples
    --------
    >>> main(["--check"])
    0
    """
    args = sys.argv[1:] if argv is None else argv
    text = hooks_source()
    current = HOOKS_FILE.read_text(encoding="utf-8") if HOOKS_FILE.exists() else ""
    if "--check" in args:
        return 0 if current == text else 1
    if current != text:
        HOOKS_FILE.write_text(text, encoding="utf-8")
    return 0
