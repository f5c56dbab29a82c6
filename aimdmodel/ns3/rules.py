"""A policy of the synchronous model as a congestion op inside ns-3, from the policy itself.

The same policy object that the synchronous, queue and fluid models run
becomes ns-3's congestion control in one of two ways:

* **generated C++** (the default): the policy's own ``init``, ``increase``,
  ``decrease`` and ``window`` are traced in sympy on symbolic state
  variables (a policy is plain arithmetic, so tracing runs its code), the
  expressions are checked exactly against the policy's methods on probe
  states in Fractions (:func:`verify`), printed as C++ (``sympy.ccode``)
  and compiled into a ``PolicyRule`` subclass with ``cppyy.cppdef``;
* **the Python rule**: a Python subclass of ``PolicyRule`` (cppyy
  cross-inheritance) whose methods call the policy's Python methods on
  floats; every call crosses from C++ into Python.

Both run inside the same ``PolicyOps`` (a ``TcpNewReno`` subclass, see
:mod:`aimdmodel.ns3._bridge`), which maps the per-RTT rule onto TCP as the
queue model does (:mod:`aimdmodel.queue.variants`):

* congestion avoidance: the rule's increase is one round (one window of
  ACKed segments); its window gain is spread over the round's ACKs
  (``cwnd += (window(increase(s)) - window(s)) / window(s)`` segments per
  ACKed segment, Reno's +1/cwnd for AIMD(1, b)), and at the round's end the
  state moves to ``increase(s)`` and cwnd to its window;
* a loss event (``GetSsThresh``: fast retransmit, or a timeout not already
  in loss recovery) is one decrease, ``ssthresh = max(window(decrease(s)),
  2)`` segments; ns-3 sets cwnd to ssthresh when recovery ends;
* slow start is ns-3's (one segment per ACK); a loss during slow start
  first re-initializes the state from the current window (``init(cwnd)``),
  so AIMD-FC's ``k`` and AIMD-FC+'s ``q`` restart there; the first round of
  congestion avoidance without a state initializes it from cwnd.

Refused (``ValueError``): rules that use the synchronous model's bottleneck
signal, per-flow parameters (give each Flow its own policy), state shared
by the flows (the printed AIMD-FC+System), symbolic parameters, and states
of more than 8 variables.

Examples
--------
>>> from aimdmodel import AIMDFC
>>> rule = generate(AIMDFC())
>>> rule.fields, rule.decrease
(('w', 'k'), ('(1.0/2.0)*s0 + s1', '0'))
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass
from typing import Any

import numpy as np
import sympy

from .._arith import is_number, to_float
from ..policies import Policy
from ..policies.trace import expr as _expr
from ..policies.trace import trace as _trace
from ..policies.trace import verify

__all__ = ["MAX_STATE", "CxxRule", "check_policy", "generate", "instantiate", "verify"]

MAX_STATE = 8
"""State variables a rule may have inside ns-3 (``PolicyOps`` keeps 8 doubles)."""



def check_policy(policy: Any, where: str = "policy") -> None:
    """Refuse what a per-flow congestion op cannot run, naming the reason.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> check_policy(AIMD())
    >>> check_policy(AIMD(a=[1, 2], b=[0.5, 0.5]))
    Traceback (most recent call last):
    ...
    ValueError: policy has per-flow parameters a, b: give each Flow its own policy
    """
    if not isinstance(policy, Policy):
        raise TypeError(f"{where} must be an aimdmodel Policy, got {policy!r}")
    if policy.uses_signal:
        raise ValueError(f"{where} {policy.label()} uses the synchronous model's bottleneck "
                         "signal, which a TCP sender does not have; in ns-3 use "
                         "variant='westwood'")
    if policy.per_flow:
        raise ValueError(f"{where} has per-flow parameters {', '.join(policy.per_flow)}: "
                         "give each Flow its own policy")
    if not all(is_number(v) for v in policy.params().values()
               if v is not None and not isinstance(v, str)):
        raise ValueError(f"{where} {policy!r} has symbolic parameters; ns-3 runs numbers")
    probe = policy.converted(to_float).init(np.array([3.0, 5.0]))
    if any(np.shape(v)[-1:] != (2,) for v in probe):
        raise ValueError(f"{where} {policy.label()} keeps state shared by the flows (the "
                         "printed AIMD-FC+System); a congestion op runs one flow: use its "
                         "charitable reading")
    if len(probe) > MAX_STATE:
        raise ValueError(f"{where} {policy.label()} has {len(probe)} state variables; ns-3's "
                         f"PolicyOps keeps at most {MAX_STATE}")


@dataclass(frozen=True)
class CxxRule:
    """A policy's rule as C++ expressions (``s0, s1, ...``: the state; ``w``: a window).

    Attributes
    ----------
    policy : Policy
        The policy it was generated from.
    fields : tuple of str
        The state's field names, in order (``s0`` is ``fields[0]``).
    init : tuple of str
        C++ expressions of the initial state from a window ``w``.
    increase, decrease : tuple of str
        C++ expressions of the next state from ``s0, s1, ...``.
    window : str
        C++ expression of the window.

    Examples
    --------
    >>> from aimdmodel import AIMD
    >>> r = generate(AIMD(b=0.8))
    >>> r.decrease, r.class_name.startswith("Rule_")
    (('fmax(0, (4.0/5.0)*s0)',), True)
    """

    policy: Policy
    fields: tuple
    init: tuple
    increase: tuple
    decrease: tuple
    window: str

    @property
    def class_name(self) -> str:
        """The C++ class name: ``Rule_`` and a hash of the expressions."""
        text = repr((self.init, self.increase, self.decrease, self.window))
        return "Rule_" + hashlib.sha1(text.encode()).hexdigest()[:16]

    @property
    def code(self) -> str:
        """The C++ class (a ``PolicyRule`` in namespace ``aimdns3::gen``).

        Examples
        --------
        >>> from aimdmodel import AIAD
        >>> print(generate(AIAD()).code.splitlines()[5])
            void Decrease(double* s) override { double s0 = s[0]; s[0] = fmax(0, s0 - 1); }
        """
        k = len(self.fields)
        load = " ".join(f"double s{i} = s[{i}];" for i in range(k))

        def store(exprs: tuple) -> str:
            return " ".join(f"s[{i}] = {e};" for i, e in enumerate(exprs))

        return "\n".join([
            "namespace aimdns3 { namespace gen {",  # nothing of the policy's repr: no code
            f"class {self.class_name} : public PolicyRule {{ public:",
            f"    int Size() const override {{ return {k}; }}",
            f"    void Init(double w, double* s) override {{ {store(self.init)} }}",
            f"    void Increase(double* s) override {{ {load} {store(self.increase)} }}",
            f"    void Decrease(double* s) override {{ {load} {store(self.decrease)} }}",
            f"    double Window(const double* s) override {{ {load} return {self.window}; }}",
            "}; } }",
        ])


def _cxx(value: Any) -> str:
    return sympy.ccode(_expr(value))


def generate(policy: Policy) -> CxxRule:
    """Trace a policy's methods in sympy and return them as C++ (verified, :func:`verify`).

    Raises
    ------
    ValueError
        A policy :func:`check_policy` refuses, or whose methods cannot be
        traced on symbols (a branch on the state's value: run it with
        ``Ns3Options(rule="python")``), or whose traced rule disagrees
        with its own methods.

    Examples
    --------
    >>> from aimdmodel import NewAIMD
    >>> generate(NewAIMD()).decrease
    ('(1.0/2.0)*s0', 's1 + 1')
    """
    check_policy(policy)
    try:
        fields, syms, (init, inc, dec, win) = _trace(policy)
        rule = CxxRule(policy, tuple(fields), tuple(_cxx(e) for e in init),
                       tuple(_cxx(e) for e in inc), tuple(_cxx(e) for e in dec), _cxx(win))
    except (TypeError, ValueError, AttributeError, ZeroDivisionError) as exc:
        raise ValueError(f"{policy.label()} cannot be traced on symbols ({exc}); run it with "
                         "Ns3Options(rule='python')") from exc
    verify(policy, (syms, init, inc, dec, win))
    return rule


@functools.lru_cache(maxsize=1)
def _python_rule_class(base: Any) -> type:
    """Return a ``PolicyRule`` subclass in Python (cppyy cross-inheritance) calling a policy."""

    class PythonRule(base):
        def __init__(self, policy: Policy) -> None:
            super().__init__()
            self.policy = policy.converted(to_float)
            s = self.policy.init(1.0)
            self.state_type, self.k = type(s), len(s)
            self.calls, self.error = 0, None

        def _get(self, s: Any) -> Any:
            return self.state_type(*(s[i] for i in range(self.k)))

        def _put(self, new: Any, s: Any) -> None:
            for i, v in enumerate(new):
                s[i] = float(v)

        def _call(self, method: str, *args: Any) -> Any:
            """Run a method; an exception never crosses into C++ (it is kept, None returned)."""
            self.calls += 1
            try:
                return getattr(self.policy, method)(*args)
            except Exception as exc:
                self._fail(method, exc)
                return None

        def _fail(self, method: str, exc: Exception) -> None:
            if self.error is None:
                self.error = (method, exc)

        def _update(self, method: str, s: Any, *args: Any) -> None:
            new = self._call(method, *args)
            if new is None:
                return
            try:
                values = [float(v) for v in new]
                if len(values) != self.k:
                    raise ValueError(f"a state of {len(values)} values, not {self.k}")
            except Exception as exc:  # a string, a wrong state: kept, nothing written
                self._fail(method, exc)
                return
            for i, v in enumerate(values):
                s[i] = v

        def Size(self) -> int:
            return self.k

        def Init(self, w: float, s: Any) -> None:
            self._update("init", s, w)

        def Increase(self, s: Any) -> None:
            self._update("increase", s, self._get(s))

        def Decrease(self, s: Any) -> None:
            self._update("decrease", s, self._get(s))

        def Window(self, s: Any) -> float:
            w = self._call("window", self._get(s))
            try:
                return float("nan") if w is None else float(w)
            except Exception as exc:
                self._fail("window", exc)
                return float("nan")

    return PythonRule


_COMPILED: set = set()


def instantiate(policy: Policy, mode: str = "generated") -> tuple[Any, str]:
    """Return a C++ ``PolicyRule`` for a policy (loads ns-3) and how it was made.

    ``mode`` is ``"generated"``, ``"python"`` or ``"auto"`` (generated when
    the policy can be traced, else Python). The object must be kept alive
    while ns-3 runs.
    """
    from ._loader import load

    gbl = load()
    if mode != "python":
        try:
            rule = generate(policy)
        except ValueError:
            if mode == "generated":
                raise
        else:
            if rule.class_name not in _COMPILED:
                import cppyy

                cppyy.cppdef(rule.code)
                _COMPILED.add(rule.class_name)
            return getattr(gbl.aimdns3.gen, rule.class_name)(), "generated"
    check_policy(policy)
    return _python_rule_class(gbl.aimdns3.PolicyRule)(policy), "python"
