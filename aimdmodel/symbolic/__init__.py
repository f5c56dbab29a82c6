r"""Closed forms derived with sympy from the policies' own code.

:func:`derive` runs a policy's ``init`` / ``advance`` / ``decrease`` /
``window`` on sympy symbols and builds the *fluid-limit cycle map* of one
flow (or ``m`` equal flows) on a bottleneck of capacity ``W``:

.. math::

    s_{j+1} = \mathrm{decrease}(\mathrm{advance}(s_j, n_j)), \qquad
    m \cdot \mathrm{window}(\mathrm{advance}(s_j, n_j)) = W,

where ``s_j`` is the state at the start of cycle ``j`` (right after a
decrease) and ``n_j`` the number of RTTs of additive increase, taken as a
real number (the fluid limit: the single congestion step of a cycle and
the rounding of ``n_j`` to whole RTTs are ignored, which is exact as
``W -> oo`` for policies whose cycle length grows with ``W``). The fixed
point of that map, solved with sympy, gives the minimum window, the cycle
length, the efficiency (mean window over a cycle over ``W``), the packets
per cycle ``N`` and from it the response constant ``C`` of
throughput ``= (MSS/RTT) C / sqrt(p)`` with ``p = 1/N`` (one loss per
cycle), and the contraction of the difference between two flows' windows
per congestion event. Nothing is looked up by policy class: a policy
defined outside the library gets its closed forms the same way.

A policy whose increase has no closed form in ``n`` (a binomial control,
``w + alpha / w**k``) may declare its fluid limit (``fluid_advance`` or
``drift``); the cycle map is then the fluid one, and :class:`ClosedForm`
also reports the response law ``throughput ~ response_scale *
p^(-response_exponent)`` from the leading terms of ``N`` and ``n*`` as
``W -> oo`` (``1/(k+l+1)`` for binomial controls).

Numeric parameters become exact sympy Rationals (``0.7`` is ``7/10``);
sympy symbols stay symbols, so ``derive(AIMD(a=a, b=b))`` gives formulas in
``a`` and ``b``. All results are exact sympy expressions in the capacity
symbol :data:`W`. When sympy cannot solve or decide a step, the result says
so (``success=False`` and a ``message``) instead of claiming anything.

One module per step:

=====================  ======================================================
:mod:`.symbols`        :data:`W`, the reserved symbols, exact conversion
:mod:`.policy_run`     running the policy's code on symbols
:mod:`.cycle_map`      the cycle map and the two flows' difference ratio
:mod:`.solve`          fixed point, classification, closed forms
:mod:`.render`         the Markdown + LaTeX derivation, the summary table
:mod:`.closed_form`    :class:`ClosedForm` and :func:`derive`
:mod:`.fairness`       :func:`fairness_cycles` (Lahanas & Tsaoussidis 2003's ``1 + lg max``)
:mod:`.drift`          the fluid increase a policy declares (``fluid_advance``/``drift``)
:mod:`.tcp_friendly`   :func:`tcp_friendly_increase` (both published criteria)
:mod:`.matrix`         :func:`matrix_model`: unequal AIMD flows (Perron, lambda_2)
=====================  ======================================================

Examples
--------
>>> from aimdmodel import AIMD
>>> cf = derive(AIMD())
>>> cf.efficiency, cf.cycle_length, cf.success
(3/4, W/2, True)
"""

from __future__ import annotations

from .closed_form import ClosedForm, derive
from .fairness import FairnessCycles, fairness_cycles
from .matrix import MatrixModel, matrix_model
from .symbols import W
from .tcp_friendly import TCP_FRIENDLY_CRITERIA, tcp_friendly_increase

__all__ = [
    "TCP_FRIENDLY_CRITERIA",
    "ClosedForm",
    "FairnessCycles",
    "MatrixModel",
    "W",
    "derive",
    "fairness_cycles",
    "matrix_model",
    "tcp_friendly_increase",
]
