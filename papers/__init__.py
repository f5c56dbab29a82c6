"""What the papers say: their statements, their numbers and their quoted text, once.

The library (:mod:`aimdmodel`) knows policies, engines, metrics, symbolic
analysis, figures and the framework statements are checked in
(:mod:`aimdmodel.statements`); it imports nothing from here. This package
holds everything that belongs to a *paper*, one module per paper:

- :mod:`papers.lahanas2003` (Lahanas & Tsaoussidis 2003): the efficiencies 3/4, 5/6, 8/9, the
  response constants, the fixed point of AIMD-FC+, the captions of Figs. 3-4;
  the cycle count of Sec. 2.1, Theorems 1 and 2, Lemma 3, Corollary 4, Eq. 13,
  Eq. 1 and the unrolled Eq. 3-6 series;
- :mod:`papers.jasem2010` (Jasem et al. 2010): the quoted 99%, 11%, 94%, 12%; the
  recurrences and the saturation of New-AIMD;
- :mod:`papers.chiu_jain1989`: the linear controls (AIMD contraction, AIAD,
  MIMD, MIAD, the conditions and the convergence proposition);
- :mod:`papers.jain1984`: Jain's fairness index;
- :mod:`papers.bazi2019` (Bazi & Nassereddine 2019), :mod:`papers.mehta_dahiya` (Mehta & Dahiya),
  :mod:`papers.reddy_aiad` (Reddy et al.): the numbers, tables and lists they
  print (the tables parsed from the located text), and the loss response
  Bazi & Nassereddine 2019 describe;
- :mod:`papers.claims`: the efficiency figures of the headline table;
- :mod:`papers.texts`: the passages of the five seeds that the ledger quotes,
  verbatim, and a locator (a quote that is not in the text raises).

The claims ledger (:mod:`paper_checks`), the proofs and the tests take them
from here.
"""
