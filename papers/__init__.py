"""What the papers say: their statements, their numbers and their quoted text, once.

The library (:mod:`aimdmodel`) knows policies, engines, metrics, symbolic
analysis, figures and the framework statements are checked in
(:mod:`aimdmodel.statements`); it imports nothing from here. This package
holds everything that belongs to a *paper*, each paper under its author-year
key (:mod:`papers.keys`, the one table of keys, citations and old names), one
folder per paper (``papers/lahanas2003/``: its numbers and statements in
``__init__.py``, its verbatim passages in ``text.py``, its simulator set-ups
in ``setups.py`` and their rerun and tables in ``experiment.py`` when it has
any, its claims in ``claims.py``, which the ledger :mod:`paper_checks` finds
through the table of keys):

- :mod:`papers.lahanas2003` (Lahanas & Tsaoussidis 2003): the efficiencies
  3/4, 5/6, 8/9, the response constants, the fixed point of AIMD-FC+, the
  captions of Figs. 3-4; the cycle count of Sec. 2.1, Theorems 1 and 2,
  Lemma 3, Corollary 4, Eq. 13, Eq. 1 and the unrolled Eq. 3-6 series;
- :mod:`papers.jasem2010` (Jasem et al. 2010): the quoted 99%, 11%, 94%, 12%;
  the recurrences and the saturation of New-AIMD;
- :mod:`papers.chiu_jain1989`: the linear controls (AIMD contraction, AIAD,
  MIMD, MIAD, the conditions and the convergence proposition);
- :mod:`papers.jain1984`: Jain's fairness index;
- :mod:`papers.bazi2019` (Bazi & Nassereddine 2019), :mod:`papers.mehta_dahiya`
  (Mehta & Dahiya), :mod:`papers.reddy_aiad` (Reddy et al.): the numbers,
  tables and lists they print (the tables parsed from the located text); the
  loss response and the Sec. 3 metrics Bazi & Nassereddine describe;
- :mod:`papers.claims`: the efficiency figures of the headline table (two
  papers' figures side by side, so not in one folder);
- :mod:`papers.texts`: the locator of the passages the ledger quotes (each
  paper's ``text.py``; a quote that is not in the text raises);
- :mod:`papers.setups`: the one registry of the papers' simulator set-ups,
  gathered from the folders (``papers/KEY/setups.py``) through the table of
  keys; each a call of :mod:`aimdmodel.studies` (:mod:`papers.experiment_setup`),
  every parameter printed (located) or chosen (why); :mod:`papers.experiments`
  gathers each paper's rerun (``papers/KEY/experiment.py``, built from
  :mod:`papers.experiment_parts`) the same way, runs and renders them
  (``aimdmodel experiment``);
- :mod:`papers.ns3_setups`: two papers' set-ups in ns-3; :mod:`papers.ns3_reruns`
  reads their stored runs.

The claims ledger's machinery (:mod:`paper_checks`), the proofs and the tests
take them from here.

Adding a paper: its row in :data:`papers.keys.PAPERS` and its folder
(``__init__.py``, ``text.py``, ``claims.py``; ``setups.py`` and
``experiment.py`` when it has a simulator set-up); the ledger,
:data:`papers.setups.SETUPS` and :data:`papers.experiments.EXPERIMENTS` find
the folder's modules through the table. Adding a claim: one ``@claim``
function in ``papers/KEY/claims.py``.
"""
