"""What the papers say: their statements, their numbers and their quoted text, once.

The library (:mod:`aimdmodel`) knows policies, engines, metrics, symbolic
analysis and figures; it imports nothing from here. This package holds
everything that belongs to a *paper*: the figures it claims
(:mod:`papers.claims`), its theorems and equations as checkable functions
(one module per paper), and the passages of its text that the ledger
(:mod:`paper_checks`) quotes. The CLI's paper commands, the handout's
quotes, the proofs and the tests take them from here.
"""
