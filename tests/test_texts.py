"""The seed passages the ledger quotes (papers.texts) and the numbers quoted from them.

- every passage is a verbatim piece of its seed text, in the paper's order, under the
  heading it is filed under (checked against the seed texts themselves when they are
  available: the environment variable AIMDMODEL_SEEDS or ../shared/seeds);
- the locator finds phrases whitespace-insensitively, reports the section, raises for a
  phrase that is not there, and records what it located;
- the numbers the papers' modules quote are located in the passages.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

import pytest

from papers import bazi2019, jasem2010, lahanas2003, mehta_dahiya, reddy_aiad, texts

ROOT = Path(__file__).resolve().parent.parent
SEEDS = Path(os.environ.get("AIMDMODEL_SEEDS", ROOT.parent / "shared" / "seeds"))


def _heading(text: str, label: str) -> int | None:
    m = re.search(r"^[#*\s]*" + re.escape(label), text, re.M)
    return None if m is None else m.start()


@pytest.mark.parametrize("seed", list(texts.SEEDS))
def test_passages_are_filed_in_paper_order(seed):
    mod = texts.module(seed)
    assert len(set(mod.SECTIONS)) == len(mod.SECTIONS)
    order = [mod.SECTIONS.index(p.section) for p in texts.passages(seed)]
    assert order == sorted(order), "passages out of the order of their sections"
    assert all(p.text.strip() for p in texts.passages(seed))


@pytest.mark.parametrize("seed", list(texts.SEEDS))
def test_passages_are_verbatim_from_the_seed(seed):
    mod = texts.module(seed)
    path = SEEDS / mod.SOURCE
    if not path.exists():
        pytest.skip(f"seed text {path} not available (set AIMDMODEL_SEEDS)")
    text = path.read_text(encoding="utf-8")
    assert hashlib.sha256(text.encode()).hexdigest() == mod.SHA256
    heads = [_heading(text, s) for s in mod.SECTIONS]
    assert all(h is not None for h in heads[1:]), "a section heading is not in the seed"
    heads[0] = heads[0] or 0
    assert heads == sorted(heads)
    pos = -1
    for p in texts.passages(seed):
        at = text.find(p.text, pos + 1)
        assert at > pos, f"passage {p.index} is not verbatim, or out of order"
        i = mod.SECTIONS.index(p.section)
        nxt = heads[i + 1] if i + 1 < len(heads) else len(text)
        assert heads[i] <= at < nxt, f"passage {p.index} is not under {p.section!r}"
        pos = at


def test_locate_is_whitespace_insensitive_and_strict():
    q = texts.locate("003", "The   efficiency of AIMD-FC is\n8% higher")
    assert q.text == "The efficiency of AIMD-FC is 8% higher"
    assert q.section == "3.3.2. Efficiency of AIMD-FC"
    with pytest.raises(LookupError, match="not in the passages of seed 003"):
        texts.locate("003", "the efficiency of AIMD-FC is 9% higher")
    with pytest.raises(LookupError, match=r"under '1\. Introduction'"):
        texts.locate("003", "8% higher", section="1. Introduction")
    with pytest.raises(ValueError, match="seed must be one of"):
        texts.locate("007", "x")
    with pytest.raises(ValueError, match="must not be empty"):
        texts.locate_all("003", "  ")


def test_recording_collects_only_inside_the_context():
    texts.locate("001", "24 different scenarios")
    with texts.recording() as outer:
        texts.locate("001", "24 different scenarios")
        with texts.recording() as inner:
            texts.locate("002", "Traffic FTP")
    assert [q.seed for q in outer] == ["001", "002"]
    assert [q.seed for q in inner] == ["002"]


def test_fraction_parts_matches_braces():
    name, num, den = texts.fraction_parts(
        texts.locate("001", "PacketDeliveryRatio = \\frac").sentence())
    assert name == "PacketDeliveryRatio"
    assert num == "(TotalSentPacketsNumber - TotalReceivedPacketsNumber)*1"
    assert den == "TotalSentPacketsNumber"


def test_the_14_percent_is_in_the_introduction_only():
    assert [q.section for q in texts.locate_all("003", "14%")] == ["1. Introduction"]


# --- the numbers the papers' modules quote are in the text ----------------------------
QUOTED = [
    ("003", f"{lahanas2003.FC_GAIN_PERCENT}% higher"),
    ("003", f"improved up to {lahanas2003.IMPROVED_PERCENT}%"),
    ("003", f"{float(lahanas2003.EFFICIENCY_AIMD_FC_PLUS):.1%} efficiency"),
    ("003", f"{float(lahanas2003.EFFICIENCY_AIMD):.0%} bandwidth utilization"),
    ("000", f"more than {float(jasem2010.EFFICIENCY_CLAIMED):.0%}"),
    ("000", f"it is {float(jasem2010.GAIN_OVER_FCPLUS):.0%} higher"),
    ("000", f"to {float(jasem2010.FCPLUS_QUOTED):.1%}"),
    ("000", f"more than {float(jasem2010.UTILIZATION):.0%} utilization"),
    ("000", f"around {float(jasem2010.DELAY_REDUCTION):.0%} less"),
    ("000", f"equal to {jasem2010.TRANSFER_MB} MB"),
    ("001", f"undergoes {bazi2019.SCENARIOS} different scenarios"),
    ("001", f"from {bazi2019.CBR_FROM} to {bazi2019.CBR_TO} with an increment of "
            f"{float(bazi2019.CBR_STEP)}"),
    ("001", f"adjacent nodes are {bazi2019.LINK_MB} MB"),
    ("002", f"Simulation Time {mehta_dahiya.SIM_TIME}"),
    ("004", "about {}-{}".format(*reddy_aiad.INCREASE_WINDOWS)),
    ("004", "about {1}-{0}".format(*reddy_aiad.DECREASE_WINDOWS)),
    ("004", f"$AI \\leq {reddy_aiad.PARAMETER_BOUND}$"),
    ("004", "AIMD({},{}), AIAD ({},{})".format(*reddy_aiad.CHOSEN_TEXT["AIMD"],
                                                    *reddy_aiad.CHOSEN_TEXT["AIAD"])),
    *(("004", f"<b>{a:g}</b> <b>{b:g}</b>") for a, b in reddy_aiad.FIG_GOODPUTS.values()),
]


@pytest.mark.parametrize(("seed", "phrase"), QUOTED, ids=[p for _, p in QUOTED])
def test_quoted_numbers_are_located(seed, phrase):
    assert texts.locate(seed, phrase).text == texts.normalize(phrase)


def test_tables_are_parsed_from_the_text():
    tables = mehta_dahiya.tables_from_text()
    assert [len(rows) for _, rows in tables.values()] == [3] * 6
    for _label, rows in tables.values():
        for agent, delay, sent, recv, pdr, thr, loss in rows:
            line = f"{agent} {delay} {sent} {recv} {pdr}% {thr} {loss}"
            assert texts.locate("002", line).section == "VI. RESULTS AND FINDINGS"
    appendix, marked = reddy_aiad.appendix_from_text()
    assert sum(len(f) for t in appendix.values() for f in t.values()) == 72
    assert all(m == {"AIMD": (1, "0.8"), "AIAD": (1, 1)} for m in marked.values())
    assert appendix["Reno+DropTail"]["AIMD"][(3, "0.5")] == ("1.87", "0.31")
