"""The validation's Markdown tables and figure (drawing and formatting only, no runs).

Examples
--------
>>> fmt_metric("throughput", 9.61e6), fmt_metric("queueing_delay", 0.0412)
('9.61 Mbit/s', '41.2 ms')
>>> from aimdmodel.ns3.goals import Difference
>>> fmt_difference(Difference.of("loss_rate", ns3=0.01, model=0.012))
'x1.20 ok'
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .._format import markdown_table
from .goals import GOALS, METRICS

__all__ = ["fmt_difference", "fmt_metric", "fmt_value", "likely_cause", "markdown",
           "plot_validation", "rtt_exponents"]

_LABELS = {"throughput": "throughput (no goal)", "utilization": "utilization",
           "loss_rate": "loss rate", "queueing_delay": "mean queueing delay"}


def fmt_metric(metric: str, v: float | None) -> str:
    """Format a metric's value in its unit (Mbit/s, a fraction, a rate, ms).

    Examples
    --------
    >>> fmt_metric("utilization", 0.98765), fmt_metric("loss_rate", None)
    ('0.988', '-')
    """
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "-"
    if metric == "throughput":
        return f"{v / 1e6:.3g} Mbit/s"
    if metric == "utilization":
        return f"{v:.3f}"
    if metric == "loss_rate":
        return f"{v:.3g}"
    return f"{v * 1e3:.3g} ms"


fmt_value = fmt_metric
"""The old name of :func:`fmt_metric` (``aimdmodel._validate.fmt_value`` is a message's form)."""


def fmt_difference(d: Any) -> str:
    """Format a :class:`~aimdmodel.ns3.goals.Difference`, with ``ok`` or ``MISS``."""
    if d is None:
        return "-"
    verdict = "ok" if d.met else "MISS"
    if d.metric == "queueing_delay" and d.value == -1:  # the model's queue stayed empty
        return f"no queue in the model {verdict}"
    if GOALS[d.metric][0] == "factor":
        text = "x inf" if math.isinf(d.value) else f"x{d.value:.2f}"
    else:
        text = "inf" if math.isinf(d.value) else f"{100 * d.value:+.1f}%"
    return f"{text} {verdict}"


_GOAL_TEXT = {
    "throughput": "reported", "utilization": "within 5%", "loss_rate": "within x1.5",
    "queueing_delay": "within 25% (or 1 packet time)",
    "goodput": "every flow within 15%, or the share ratio within x1.5",
    "timeouts": "within x2 where ns-3 has more than 5",
}
_SUMMARY_COLS = ("goodput", "utilization", "loss_rate", "queueing_delay", "timeouts",
                 "throughput")
_SUMMARY_LABELS = {**_LABELS, "goodput": "per-flow goodput", "timeouts": "timeouts"}


def _summary(v: Any) -> list:
    table = [["goal", *(_GOAL_TEXT[m] for m in _SUMMARY_COLS)]]
    rows = [(model, counts) for model, counts in v.summary().items()]
    for label, keep in (("flows with SACK in ns-3", lambda c: not _no_sack(c)),
                        ("a flow without SACK in ns-3", _no_sack)):
        idx = [k for k, c in enumerate(v.cases) if keep(c)]
        if 0 < len(idx) < len(v.cases):
            sub = type(v)(tuple(v.cases[k] for k in idx), tuple(v.results[k] for k in idx),
                          v.models, v.options)
            rows += [(f"{model}, {label} ({len(idx)})", counts)
                     for model, counts in sub.summary().items()]
    for model, counts in rows:
        cells = []
        for m in _SUMMARY_COLS:
            met, n = counts[m]
            cells.append(f"{met}/{n} met ({100 * met / n:.0f}%)" if n else "-")
        table.append([model, *cells])
    return markdown_table(["model", *(_SUMMARY_LABELS[m] for m in _SUMMARY_COLS)], table)


def _per_case(v: Any) -> list:
    cols = ["scenario", "metric", "ns-3"]
    for model in v.models:
        cols += [model, f"{model} vs ns-3"]
    rows = []
    diffs = {m: v.differences(m) for m in v.models}
    for k, (case, res) in enumerate(zip(v.cases, v.results, strict=True)):
        for metric in METRICS:
            cells = [case.name if metric == METRICS[0] else "", _LABELS[metric],
                     fmt_metric(metric, res["ns3"].values[metric])]
            for model in v.models:
                d = diffs[model][k]
                cells += ([fmt_metric(metric, d[metric].model), fmt_difference(d[metric])]
                          if d is not None else ["not run", "-"])
            rows.append(cells)
    return markdown_table(cols, rows)


def _mbit(x: Any) -> str:
    return "-" if x is None else f"{x / 1e6:.2f}"


def _rate(x: Any) -> str:
    return "-" if x is None else f"{x:.2g}"


def _flows(v: Any, model: str) -> list:
    cols = ["scenario", "goodput per flow, Mbit/s (ns-3 / " + model + ")", "share ratio",
            "Jain", "loss rate per flow (ns-3 / " + model + ")",
            "fast retransmits (ns-3 / " + model + ")", "timeouts (ns-3 / " + model + ")",
            "goodput goal"]
    rows = []
    comps = v.flows(model)
    for case, res, comp in zip(v.cases, v.results, comps, strict=True):
        ref, mine = res["ns3"].values, res[model].values
        if comp is None:
            rows.append([case.name, "not run", *["-"] * 6])
            continue
        rf, mf = ref["flows"], mine["flows"]
        good = ", ".join(f"{_mbit(a)} / {_mbit(b)}"
                         for a, b in zip(rf["goodput"], mf["goodput"], strict=True))
        loss = ", ".join(f"{_rate(a)} / {_rate(b)}" for a, b in zip(
            rf["loss_rate"], mf["loss_rate"] or [None] * len(rf["loss_rate"]), strict=True))
        share = comp.share
        rows.append([
            case.name, good,
            f"{_ratio(share.ns3)} / {_ratio(share.model)} {fmt_difference(share)}",
            f"{comp.jain[0]:.3f} / {comp.jain[1]:.3f}", loss,
            f"{_count(ref['fast_retransmits'])} / {_count(mine['fast_retransmits'])}",
            f"{_count(ref['timeouts'])} / {_count(mine['timeouts'])}"
            f"{'' if comp.timeouts is None else ' ' + fmt_difference(comp.timeouts)}",
            "ok" if comp.goodput_met else "MISS"])
    return markdown_table(cols, rows)


def _ratio(x: float) -> str:
    return "inf" if math.isinf(x) else f"{x:.2f}"


def _diagnostics(v: Any) -> list:
    cols = ["scenario", "family", "ns-3 runs", "ns-3 duplicate share", "ns-3 seconds (runs)",
            "what it exercises"]
    rows = [[case.name, case.group, str(res["ns3"].values["runs"]),
             f"{res['ns3'].values['duplicates']:.3f}", f"{res['ns3'].seconds:.1f}", case.what]
            for case, res in zip(v.cases, v.results, strict=True)]
    return markdown_table(cols, rows)


def _count(v: Any) -> str:
    return "-" if v is None else f"{v:.3g}"


def _not_run(v: Any) -> list:
    return markdown_table(["scenario", "model", "why"],
                          [[case.name, model, res[model].reason]
                           for case, res in zip(v.cases, v.results, strict=True)
                           for model in v.models if res[model].values is None])


def _no_sack(case: Any) -> bool:
    from .variants import NS3_VARIANTS

    return any(not NS3_VARIANTS[f.variant].sack for f in case.scenario.flows
               if f.variant in NS3_VARIANTS)


def likely_cause(case: Any, metric: str, model: str = "queue") -> str:
    """Say what most likely makes a model miss ns-3 on a scenario's metric (a rule, not a verdict).

    The rules name mechanisms measured on the reference set itself: ns-3's
    loss recovery without SACK, its deterministic DropTail phases, Vegas'
    equilibrium in ns-3, RED's lagging average; anything else is "not
    identified".

    Examples
    --------
    >>> from aimdmodel.ns3.validate import reference_set
    >>> case = next(c for c in reference_set() if c.name == "2 flows, newreno, DropTail 1 BDP")
    >>> likely_cause(case, "loss_rate").startswith("ns-3 without SACK")
    True
    >>> likely_cause(case, "loss_rate", "packet")  # it drops what ns-3 drops there
    'not identified'
    >>> red = next(c for c in reference_set() if c.name.endswith("25/150 ms, RED 1 BDP"))
    >>> likely_cause(red, "timeouts", "packet").startswith("RED: the mode draws ns-3's")
    True
    """
    if model == "packet":
        return _packet_cause(case, metric)
    name = case.name
    flows = case.scenario.flows
    rtts = {f.base_rtt for f in flows}
    if name.startswith("1 flow, vegas"):
        return ("ns-3's Vegas holds its window below the BDP with no queue (30 packets at "
                "40 ms, 58 at 100 ms): there diff is already in [alpha, beta], so its baseRtt "
                "lies at least 1.4 and 1.7 ms below the data packets' smoothed RTT: baseRtt "
                "starts at the handshake's RTT sample, which skips a data packet's "
                "transmission times; the round model's Vegas fills the link with 2-4 packets "
                "queued (the packet-level mode has that handshake)")
    if _no_sack(case) and metric in ("loss_rate", "timeouts", "utilization", "goodput",
                                     "queueing_delay"):
        return ("ns-3 without SACK loses 20-40x more packets and times out far more often "
                "than the same flows with SACK or PRR recovery: a loop of a timeout, go-back-N "
                "resending what the receiver holds (duplicates 2-18%), a cumulative ACK over "
                "all it held raising TcpLinuxReno's slow-start cwnd at once, a burst that "
                "loses tens of packets, a NewReno recovery of one hole per RTT that outlasts "
                "the timer; " + ("the round model's timeout and recovery do not enter that loop"
                                 if model == "queue" else
                                 "the fluid model has no timeouts and no recovery"))
    if (len(rtts) > 1 and case.scenario.link.discipline == "droptail"
            and not getattr(case, "phases", False) and metric in ("goodput", "loss_rate")):
        return ("DropTail phase effect (Floyd & Jacobson 1992): at fixed RTTs ns-3's "
                "deterministic timing decides which flow takes the slots departures free; "
                "shifting one RTT by half a packet time hands the larger share to the other "
                "flow; " + ("the round model has no sub-tick timing" if model == "queue" else
                            "the fluid model has no packet timing")
                + " (compare the phase-averaged case)")
    if model != "queue":  # what follows is the round model's own
        return "not identified"
    if case.scenario.link.discipline == "red" and metric in ("utilization",
                                                            "queueing_delay"):
        return ("RED: the model's queue runs a little shorter and idler than ns-3's "
                "(drops applied per tick to the packets of a tick)")
    if case.scenario.link.random_loss > 0 and metric == "utilization":
        return ("random loss: ns-3's SACK recovery repairs within the RTT it detects a loss; "
                "the model spends a round per repair")
    if metric == "loss_rate" and len(flows) == 1:
        return ("one flow at a DropTail queue: ns-3 loses one packet per congestion "
                "episode, the model two to four: the round after a loss still sends its "
                "whole window (ns-3's pipe counts the lost segment as in flight until its "
                "third duplicate ACK: one packet fewer goes out), and a round's packets, "
                "paced over the previous round's departure span measured in ticks, can run "
                "ahead of the link within the round")
    return "not identified"


def _packet_cause(case: Any, metric: str) -> str:
    """Return the packet-level mode's likely cause of a miss (it follows ns-3's rules)."""
    link = case.scenario.link
    exact = ("the mode drops what ns-3 drops, packet for packet, on the catalogue's scenarios "
             "it runs, DropTail, RED, random loss and CBR alike (how many and for how long: "
             "benchmarks/ns3_drops.py); a miss means the runs parted")
    if link.random_loss > 0:
        return ("random loss: the mode draws ns-3's random numbers (its MRG32k3a streams, the "
                "scenario's seed as ns-3's run) and, where both send the same packets, loses "
                "the same ones; a run that parts from ns-3's on another mechanism then meets "
                "other draws: not identified beyond that; " + exact)
    if link.discipline == "red":
        cause = ("RED: the mode draws ns-3's random numbers, one per packet RED tests, and "
                 "follows ns-3's runs drop for drop until a packet's timing differs; RED's "
                 "average then differs and so does every later draw, and the runs become "
                 "independent ones; " + exact)
        if _no_sack(case):
            cause += ("; without SACK, where a drop lands decides between a recovery and a "
                      "timeout, so independent runs spread widely: not identified beyond that")
        return cause
    return "not identified"


def _misses(v: Any, model: str) -> list:
    rows = []
    for case, d, f in zip(v.cases, v.differences(model), v.flows(model), strict=True):
        if d is None:
            continue
        for metric in METRICS:
            if not d[metric].met:
                rows.append([case.name, _LABELS[metric], fmt_metric(metric, d[metric].ns3),
                             fmt_metric(metric, d[metric].model),
                             likely_cause(case, metric, model)])
        if not f.goodput_met:
            rows.append([case.name, "per-flow goodput", f"share {_ratio(f.share.ns3)}",
                         f"share {_ratio(f.share.model)}", likely_cause(case, "goodput", model)])
        if f.timeouts is not None and not f.timeouts.met:
            rows.append([case.name, "timeouts", f"{f.timeouts.ns3:.3g}",
                         f"{f.timeouts.model:.3g}", likely_cause(case, "timeouts", model)])
    return markdown_table(["scenario", "metric", "ns-3", model, "likely cause"], rows)


def rtt_exponents(v: Any, model: str) -> list:
    """Per two-flow RTT-mix case: ``(name, RTT ratio, ns-3 exponent, model exponent)``.

    The exponent is ``log(g1 / g2) / log(RTT2 / RTT1)`` on the base RTTs
    (1: shares proportional to 1/RTT, Mathis; 2: synchronized losses).

    Examples
    --------
    >>> rtt_exponents(type("V", (), {"cases": (), "results": ()})(), "queue")
    []
    """
    out = []
    for case, res in zip(v.cases, v.results, strict=True):
        flows = case.scenario.flows
        if len(flows) != 2 or flows[0].base_rtt == flows[1].base_rtt:
            continue
        ref, mine = res["ns3"].values, res[model].values
        if ref is None or mine is None:
            continue
        ratio = flows[1].base_rtt / flows[0].base_rtt

        def expo(g: list, r: float = ratio) -> float:
            return (math.log(g[0] / g[1]) / math.log(r)) if min(g) > 0 else math.inf

        out.append((case.name, ratio, expo(ref["flows"]["goodput"]),
                    expo(mine["flows"]["goodput"])))
    return out


def _exponents(v: Any, model: str) -> list:
    rows = []
    for name, ratio, a, b in rtt_exponents(v, model):
        ok = math.isfinite(a) and math.isfinite(b) and abs(b - a) <= 0.25 * abs(a)
        rows.append([name, f"{ratio:.0f}", f"{a:.2f}", f"{b:.2f}", "ok" if ok else "MISS"])
    return markdown_table(["scenario", "RTT2 / RTT1", "ns-3 exponent", f"{model} exponent",
                           "within 25%"], rows)


def markdown(v: Any, *, command: str = "", seconds: float | None = None,
             version: str | None = None) -> str:
    """Write the validation as Markdown: goals, summary, per-scenario and per-flow tables.

    Parameters
    ----------
    v : aimdmodel.ns3.validate.Validation
    command : str
        The command that regenerates the file (written at the top).
    seconds : float, optional
        Ignored (kept for callers): ns-3's own time is taken from the runs.
    version : str, optional
        ns-3's version (default: the installed one).
    """
    if version is None:
        from ._loader import version as _version

        version = _version()
    opts = v.options
    runs = sum(r["ns3"].values["runs"] for r in v.results)
    ns3_minutes = sum(r["ns3"].seconds for r in v.results) / 60
    intro = [
        "# The queue model (by rounds and packet by packet) and the fluid model against "
        "ns-3, flow by flow",
        "",
        f"Generated by `{command}`; ns-3 {version}, {len(v.cases)} scenarios, {runs} ns-3 "
        f"runs ({ns3_minutes:.0f} minutes of ns-3, read from the store of runs where "
        "stored, made and added where not). Do not edit by hand.",
        "",
        "Goals: " + "; ".join(f"{_SUMMARY_LABELS[m]} {_GOAL_TEXT[m]}" for m in _SUMMARY_COLS
                              if m != "throughput") +
        ", each on at least 90% of the scenarios. `ok` meets the goal, `MISS` does not; a "
        "relative difference is (model - ns-3) / ns-3, rates and counts are compared by their "
        "ratio model / ns-3. Every metric is computed per run over [warm-up, end) by the same "
        "function for every model and averaged over the runs: throughput of the TCP flows "
        "(summed), utilization (cross traffic included), loss rate of all packets, time-"
        "average queue / capacity, each flow's goodput (packets new to its receiver), the "
        "share ratio (largest flow goodput / smallest), Jain's index of the goodputs, "
        "timeouts and fast retransmits summed over the flows (whole run).",
        "",
        f"ns-3 settings (`Ns3Options`): recovery {opts.recovery}, loss-based flows without "
        f"a policy run {opts.reno_ops}, DelAckCount {opts.delayed_ack}, initial window "
        f"{opts.initial_window}, segment = packet - 52 bytes, buffers "
        f"{opts.socket_buffer} B, MinRto {opts.min_rto} s, device queue 1 packet, queue "
        "disc buffer - 1 packets, PPP header and transmission times compensated.",
        "",
        "Models: `queue` is the queue model's round-based mode (`queue.run(scenario)`, the "
        "fast one); `packet` its packet-level mode (`queue.run(scenario, fidelity="
        "\"packet\")`: a discrete-event dumbbell after ns-3's own TCP rules, for SACK and "
        "NewReno flows with TcpLinuxReno or a linear policy; it refuses the rest, listed "
        "at the end); `fluid` the fluid model.",
        "",
        "## Summary", "", *_summary(v), "",
        "## Flow by flow", "",
    ]
    for model in v.models:
        intro += [f"### {model}", "", *_flows(v, model), ""]
    intro += [
        "## Goodput-ratio exponents of two flows with different RTTs", "",
        "The phase-averaged cases shift the long RTT by 0, 1/3 and 2/3 of a packet time in "
        "their three runs: at a fixed RTT ns-3's DropTail exponent is set by the phase.", "",
    ]
    for model in v.models:
        intro += [f"### {model}", "", *_exponents(v, model), ""]
    intro += ["## Remaining misses and their likely causes", ""]
    for model in v.models:
        intro += [f"### {model}", "", *_misses(v, model), ""]
    intro += [
        "## Per scenario", "", *_per_case(v), "",
        "## Runs", "",
        "The duplicate share is the part of ns-3's delivered packets the receiver already "
        "had (1 - goodput / throughput); the seconds are ns-3's, summed over the runs as "
        "stored (the models' speed: `python benchmarks/ns3_speed.py`).",
        "", *_diagnostics(v), "",
        "## Scenarios a model does not express", "", *_not_run(v), "",
    ]
    return "\n".join(intro)


_PANELS = ("share_ratio", "utilization", "loss_rate", "queueing_delay")


def plot_validation(v: Any, ax: Any = None) -> list:
    """Draw each model's difference from ns-3, one panel per goal, goals shaded.

    Panels: the share ratio (largest flow goodput / smallest, model over
    ns-3), utilization, loss rate, mean queueing delay. ``ax``: four
    matplotlib Axes (a new figure when None). Returns the artists (one
    collection per model and panel).
    """
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(len(_PANELS), 1, figsize=(14, 13), sharex=True)
    axes = list(np.ravel(ax))
    if len(axes) != len(_PANELS):
        raise ValueError(f"ax must hold {len(_PANELS)} Axes, got {len(axes)}")
    x = np.arange(len(v.cases))
    markers = {"queue": ("o", "#1f77b4"), "fluid": ("s", "#d62728")}
    labels = {**_LABELS, "share_ratio": "share ratio of the flows"}
    artists = []
    for a, metric in zip(axes, _PANELS, strict=True):
        kind, bound = GOALS[metric]
        lo, hi = (1 / bound, bound) if kind == "factor" else (-bound, bound)
        if math.isfinite(bound):
            a.axhspan(lo, hi, color="#2ca02c", alpha=0.12, lw=0)
        a.axhline(1.0 if kind == "factor" else 0.0, color="#7f7f7f", lw=0.8)
        for model in v.models:
            if metric == "share_ratio":
                ys = [np.nan if f is None else f.share.value for f in v.flows(model)]
            else:
                ys = [np.nan if d is None else d[metric].value for d in v.differences(model)]
            ys = np.clip(np.asarray(ys, dtype=float), *((1e-2, 1e2) if kind == "factor"
                                                      else (-1.0, 3.0)))
            marker, color = markers.get(model, ("^", "#000000"))
            artists.append(a.scatter(x, ys, marker=marker, color=color, label=model, zorder=3))
        if kind == "factor":
            from matplotlib.ticker import FormatStrFormatter, NullFormatter

            a.set_yscale("log")
            a.yaxis.set_major_formatter(FormatStrFormatter("%g"))
            a.yaxis.set_minor_formatter(NullFormatter())
        a.set_ylabel(("model / ns-3" if kind == "factor" else "(model - ns-3) / ns-3") +
                     f"\n{labels[metric]}")
        a.grid(True, alpha=0.3)
    axes[0].legend(loc="upper right", fontsize="small")
    axes[0].set_title("The queue model (rounds, packets) and the fluid model against ns-3, 3 "
                      "runs per scenario (shaded: the goal; beyond the axes: at its edge)")
    axes[-1].set_xticks(x)
    axes[-1].set_xticklabels([c.name for c in v.cases], rotation=80, ha="right",
                             fontsize="x-small")
    return artists
