"""The papers' passages the ledger quotes (papers.texts) and the numbers quoted from them.

- every passage is a verbatim piece of its paper's text, in the paper's order, under the
  heading it is filed under (checked against the papers' texts themselves when they are
  available: the environment variable AIMDMODEL_SEEDS or ../shared/seeds, the folder
  of the texts);
- a quote's citation names the paper by authors and year and reads back to its key;
- the locator finds phrases whitespace-insensitively, reports the section, raises for a
  phrase that is not there, and records what it located;
- the numbers the papers' modules quote are located in the passages.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from papers import bazi2019, jasem2010, lahanas2003, mehta_dahiya, reddy_aiad, texts
from papers.keys import PAPERS

ROOT = Path(__file__).resolve().parent.parent
TEXTS = Path(os.environ.get("AIMDMODEL_SEEDS", ROOT.parent / "shared" / "seeds"))


def _heading(text: str, label: str) -> int | None:
    m = re.search(r"^[#*\s]*" + re.escape(label), text, re.M)
    return None if m is None else m.start()


@pytest.mark.parametrize("paper", list(PAPERS))
def test_passages_are_filed_in_paper_order(paper):
    mod = texts.module(paper)
    assert mod.__name__ == f"papers.{PAPERS[paper].module}.text"
    assert len(set(mod.SECTIONS)) == len(mod.SECTIONS)
    order = [mod.SECTIONS.index(p.section) for p in texts.passages(paper)]
    assert order == sorted(order), "passages out of the order of their sections"
    assert all(p.text.strip() for p in texts.passages(paper))


@pytest.mark.parametrize("paper", list(PAPERS))
def test_passages_are_verbatim_from_the_paper(paper):
    mod = texts.module(paper)
    path = TEXTS / mod.SOURCE
    if not path.exists():
        pytest.skip(f"the paper's text {path} is not available (set AIMDMODEL_SEEDS)")
    text = path.read_text(encoding="utf-8")
    assert hashlib.sha256(text.encode()).hexdigest() == mod.SHA256
    heads = [_heading(text, s) for s in mod.SECTIONS]
    assert all(h is not None for h in heads[1:]), "a section heading is not in the text"
    heads[0] = heads[0] or 0
    assert heads == sorted(heads)
    pos = -1
    for p in texts.passages(paper):
        at = text.find(p.text, pos + 1)
        assert at > pos, f"passage {p.index} is not verbatim, or out of order"
        i = mod.SECTIONS.index(p.section)
        nxt = heads[i + 1] if i + 1 < len(heads) else len(text)
        assert heads[i] <= at < nxt, f"passage {p.index} is not under {p.section!r}"
        pos = at


def test_locate_is_whitespace_insensitive_and_strict():
    q = texts.locate("lahanas2003", "The   efficiency of AIMD-FC is\n8% higher")
    assert q.text == "The efficiency of AIMD-FC is 8% higher"
    assert q.section == "3.3.2. Efficiency of AIMD-FC"
    with pytest.raises(LookupError, match="not in the passages of lahanas2003"):
        texts.locate("lahanas2003", "the efficiency of AIMD-FC is 9% higher")
    with pytest.raises(LookupError, match=r"under '1\. Introduction'"):
        texts.locate("lahanas2003", "8% higher", section="1. Introduction")
    with pytest.raises(ValueError, match="paper must be one of"):
        texts.locate("chiu1989", "x")
    with pytest.raises(ValueError, match="must not be empty"):
        texts.locate_all("lahanas2003", "  ")


def test_recording_collects_only_inside_the_context():
    texts.locate("bazi2019", "24 different scenarios")
    with texts.recording() as outer:
        texts.locate("bazi2019", "24 different scenarios")
        with texts.recording() as inner:
            texts.locate("mehta-dahiya", "Traffic FTP")
    assert [q.paper for q in outer] == ["bazi2019", "mehta-dahiya"]
    assert [q.paper for q in inner] == ["mehta-dahiya"]


@pytest.mark.parametrize("paper", list(PAPERS))
def test_a_quote_is_cited_by_authors_and_year_and_reads_back(paper):
    q = texts.passages(paper)[0]
    phrase = texts.normalize(q.text)[:30]
    cite = texts.locate(paper, phrase).cite()
    assert cite.startswith(f"{PAPERS[paper].short}, {q.section}: ")
    assert texts.read_cite(cite) == (paper, q.section, phrase.strip())
    with pytest.raises(ValueError, match="authors and year"):
        texts.read_cite(f'{paper}, {q.section}: "{phrase}"')


def test_a_first_import_records_only_the_callers_quote():
    """Locating in a paper not yet imported imports its package (papers.mehta_dahiya parses
    its tables from located passages when imported): only the caller's quote is recorded."""
    code = ("import sys\nfrom papers import texts\n"
            "assert 'papers.mehta_dahiya' not in sys.modules\n"
            "with texts.recording() as got:\n    texts.locate('mehta-dahiya', 'Traffic FTP')\n"
            "assert 'papers.mehta_dahiya' in sys.modules\nprint([q.text for q in got])\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "['Traffic FTP']"


def test_fraction_parts_matches_braces():
    name, num, den = texts.fraction_parts(
        texts.locate("bazi2019", "PacketDeliveryRatio = \\frac").sentence())
    assert name == "PacketDeliveryRatio"
    assert num == "(TotalSentPacketsNumber - TotalReceivedPacketsNumber)*1"
    assert den == "TotalSentPacketsNumber"


def test_the_14_percent_is_in_the_introduction_only():
    assert [q.section for q in texts.locate_all("lahanas2003", "14%")] == ["1. Introduction"]


# --- the numbers the papers' modules quote are in the text ----------------------------
QUOTED = [
    ("lahanas2003", f"{lahanas2003.FC_GAIN_PERCENT}% higher"),
    ("lahanas2003", f"improved up to {lahanas2003.IMPROVED_PERCENT}%"),
    ("lahanas2003", f"{float(lahanas2003.EFFICIENCY_AIMD_FC_PLUS):.1%} efficiency"),
    ("lahanas2003", f"{float(lahanas2003.EFFICIENCY_AIMD):.0%} bandwidth utilization"),
    ("jasem2010", f"more than {float(jasem2010.EFFICIENCY_CLAIMED):.0%}"),
    ("jasem2010", f"it is {float(jasem2010.GAIN_OVER_FCPLUS):.0%} higher"),
    ("jasem2010", f"to {float(jasem2010.FCPLUS_QUOTED):.1%}"),
    ("jasem2010", f"more than {float(jasem2010.UTILIZATION):.0%} utilization"),
    ("jasem2010", f"around {float(jasem2010.DELAY_REDUCTION):.0%} less"),
    ("jasem2010", f"equal to {jasem2010.TRANSFER_MB} MB"),
    ("bazi2019", f"undergoes {bazi2019.SCENARIOS} different scenarios"),
    ("bazi2019", f"from {bazi2019.CBR_FROM} to {bazi2019.CBR_TO} with an increment of "
                 f"{float(bazi2019.CBR_STEP)}"),
    ("bazi2019", f"adjacent nodes are {bazi2019.LINK_MB} MB"),
    ("mehta-dahiya", f"Simulation Time {mehta_dahiya.SIM_TIME}"),
    ("reddy-aiad", "about {}-{}".format(*reddy_aiad.INCREASE_WINDOWS)),
    ("reddy-aiad", "about {1}-{0}".format(*reddy_aiad.DECREASE_WINDOWS)),
    ("reddy-aiad", f"$AI \\leq {reddy_aiad.PARAMETER_BOUND}$"),
    ("reddy-aiad", "AIMD({},{}), AIAD ({},{})".format(*reddy_aiad.CHOSEN_TEXT["AIMD"],
                                                           *reddy_aiad.CHOSEN_TEXT["AIAD"])),
    *(("reddy-aiad", f"<b>{a:g}</b> <b>{b:g}</b>") for a, b in reddy_aiad.FIG_GOODPUTS.values()),
]


@pytest.mark.parametrize(("paper", "phrase"), QUOTED, ids=[p for _, p in QUOTED])
def test_quoted_numbers_are_located(paper, phrase):
    assert texts.locate(paper, phrase).text == texts.normalize(phrase)


def test_tables_are_parsed_from_the_text():
    tables = mehta_dahiya.tables_from_text()
    assert [len(rows) for _, rows in tables.values()] == [3] * 6
    for _label, rows in tables.values():
        for agent, delay, sent, recv, pdr, thr, loss in rows:
            line = f"{agent} {delay} {sent} {recv} {pdr}% {thr} {loss}"
            assert texts.locate("mehta-dahiya", line).section == "VI. RESULTS AND FINDINGS"
    appendix, marked = reddy_aiad.appendix_from_text()
    assert sum(len(f) for t in appendix.values() for f in t.values()) == 72
    assert all(m == {"AIMD": (1, "0.8"), "AIAD": (1, 1)} for m in marked.values())
    assert appendix["Reno+DropTail"]["AIMD"][(3, "0.5")] == ("1.87", "0.31")
