"""The policy protocol: what every window-update rule provides and declares."""

from __future__ import annotations

import copy
import dataclasses
import functools
from typing import Any, ClassVar, NamedTuple

import numpy as np

from .._arith import is_number
from .._format import fmt_number

__all__ = ["AffineMap", "Policy"]


def _as_tuple(value: Any) -> tuple:
    """Turn a per-flow sequence into a tuple of Python scalars (numpy scalars unwrapped)."""
    arr = np.asarray(value, dtype=object)
    if arr.ndim != 1:
        return tuple(value) if arr.ndim == 0 else value  # checked (and refused) by _validate
    return tuple(v.item() if isinstance(v, np.generic) else v for v in arr)


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    """Return the parameters (dataclass fields) of a policy class, in order; read once."""
    return tuple(f.name for f in dataclasses.fields(cls))


@functools.cache
def _cache_hash(cls: type) -> None:
    """Give a policy class the cached hash :meth:`Policy._hash` in place of @dataclass's own.

    Only a hash that @dataclass wrote (the hash of the fields' tuple, the same
    value) is replaced, once per class, after the class is made (a class whose
    own ``__hash__`` is present when @dataclass runs makes ``unsafe_hash=True``
    fail); a ``__hash__`` written by hand is kept.
    """
    code = getattr(cls.__dict__.get("__hash__"), "__code__", None)
    # @dataclass's: made by exec, ``return hash((self.f1, self.f2, ...))``
    if code is not None and code.co_filename == "<string>" and (
            code.co_names == ("hash", *_field_names(cls))):
        cls.__hash__ = Policy._hash  # type: ignore[method-assign]


def _convert(value: Any, convert) -> Any:
    """Convert a number, or each element of a per-flow sequence, with ``convert``."""
    if isinstance(value, (list, tuple, np.ndarray)):
        items = [convert(v) for v in np.asarray(value, dtype=object).ravel()]
        if all(isinstance(v, float) for v in items):
            return np.asarray(items, dtype=np.float64)
        out = np.empty(len(items), dtype=object)
        out[:] = items
        return out
    return convert(value) if is_number(value) else value


_RULE_METHODS = ("init", "window", "increase", "decrease")
_DECLARED_ABOUT = {
    "linear_coefficients": _RULE_METHODS,
    "affine_advance": ("init", "window", "increase", "advance"),
    "affine_map": (*_RULE_METHODS, "advance"),
    "advance": ("init", "window", "increase"),
    "drift": ("init", "window", "increase"),
    "fluid_advance": ("init", "window", "increase"),
}
"""Each declaration, and the methods it speaks about."""


class Policy:
    """Base class of all window-update rules.

    A policy is a frozen dataclass of parameters with methods in *plain
    arithmetic* (``+ - * /``), so the same code runs on float64 arrays,
    :class:`~fractions.Fraction`, whole packets and sympy symbols:

    =================  ========================================================
    ``init(x)``        per-flow state (a NamedTuple) from the initial windows
    ``window(s)``      the congestion window of each flow in state ``s``
    ``increase(s)``    one RTT with feedback 1 (bandwidth available)
    ``decrease(s)``    one RTT with feedback 0 (the bottleneck is congested)
    ``advance(s, n)``  ``n`` increases in closed form (``n`` may be symbolic)
    =================  ========================================================

    In one RTT a flow applies either its increase or its decrease, never
    both. The state arrays have the flows on their last axis.

    A policy also *declares* what the fast engines may rely on; the engines
    verify a declaration on the policy's own methods before they use it
    (:mod:`aimdmodel.engines.declarations`) and never guess:

    * :attr:`linear_coefficients` -- ``(a_i, b_i, a_d, b_d)`` when the rule
      is Chiu and Jain's linear control ``a_i + b_i w`` /
      ``max(a_d + b_d w, floor)`` and the state is the window alone (the
      compiled kernels run exactly these); None otherwise.
    * :attr:`affine_advance` -- True when every state variable of
      ``advance(s, n)`` is affine in ``n`` (additive increase), so that the
      cycle engine may jump whole additive phases in closed form and the
      metrics may interpolate between recorded knots.
    * :attr:`affine_map` -- the whole state update as an :class:`AffineMap`
      (an increase adds a constant to every state variable, a decrease is an
      affine map of the state variables, the window a weighted sum of them):
      the compiled cycle engine runs exactly these operations.
    * :attr:`uses_signal` -- True when ``increase``/``decrease`` take a
      second argument, the bottleneck's :class:`~aimdmodel.feedback.Signal`
      (capacity and total of the step), as the Westwood rule does; such
      rules are stepped.
    * :meth:`drift` / :meth:`fluid_advance` -- the rule's fluid limit
      between losses (``dw/dt``, or its closed-form solution), for a rule
      whose ``advance`` has no closed form (the binomial controls);
      :func:`aimdmodel.symbolic.derive` builds the fluid cycle map from it.

    A declaration belongs to the class that makes it: a subclass that
    overrides ``init``, ``window``, ``increase``, ``decrease`` or ``advance``
    without declaring again inherits no declaration about them (it runs on
    the step engine; :func:`~aimdmodel.symbolic.derive` needs its own
    closed form or fluid limit).

    **What a policy may keep between calls: nothing but its state tuple.**
    The engines call the methods as often as they need (a probe, a cycle
    jump, a record, a replay), so a method must be a pure function of its
    parameters and the state it is given; a counter, a cache or a history
    kept in the instance or in a container of its class would make the
    windows depend on the engine and on ``record``. Keep such a value as a
    variable of the state tuple that ``init`` returns.
    :func:`~aimdmodel.simulate` refuses (``ValueError``) a policy whose
    attributes, or whose class's lists, dicts or arrays, changed while it ran.

    Subclasses must define ``init``, ``window``, ``increase`` and
    ``decrease``; ``advance`` defaults to looping ``increase``. They check
    their parameters in ``_validate`` (called after construction).

    **Per-flow parameters.** Any numeric parameter may be a sequence (list,
    tuple, 1-d array) with one value per flow; it is stored as a tuple (so
    policies stay hashable) and becomes an array of the run's arithmetic
    when the engines convert the policy; the plain arithmetic of the
    methods then broadcasts it over the flows. Its length must be the number
    of flows of the run (checked by :func:`aimdmodel.simulate`).

    Examples
    --------
    >>> from fractions import Fraction
    >>> from aimdmodel import AIMD
    >>> p = AIMD()
    >>> s = p.init(Fraction(10))
    >>> p.window(p.decrease(p.increase(s)))
    Fraction(11, 2)
    >>> p.linear_coefficients, p.affine_advance
    ((1, 1, 0, Fraction(1, 2)), True)
    """

    name: ClassVar[str] = "policy"
    """The registry and command-line name (``aimd``, ``aimd-fc``, ...)."""

    display_name: ClassVar[str] = ""
    """The name the papers use (``AIMD-FC+``); the class name when empty."""

    uses_signal: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Drop the declarations a subclass inherits about methods it overrides.

        A declaration belongs to the class that makes it: a subclass that
        overrides ``init``, ``window``, ``increase`` or ``decrease`` (or
        ``advance``) without declaring again has no ``linear_coefficients``,
        ``affine_advance``, ``affine_map``, closed-form ``advance``,
        ``drift`` or ``fluid_advance`` (so it runs on the step engine and
        :func:`~aimdmodel.symbolic.derive` runs its own methods).
        """
        super().__init_subclass__(**kwargs)
        own = vars(cls)
        dropped = []
        for decl, methods in _DECLARED_ABOUT.items():
            if decl not in own and any(m in own for m in methods) and (
                getattr(cls, decl) is not getattr(Policy, decl)
            ):
                setattr(cls, decl, Policy.__dict__[decl])
                dropped.append(decl)
        if dropped:
            cls._dropped_declarations = tuple(dropped)

    def _hash(self) -> int:
        # the dataclass hash (of the parameters' tuple), computed once per instance: the
        # engines' caches look a policy up several times a run, and a Fraction hashes
        # slowly (a modular inverse). Not pickled or copied (__getstate__): a str hashes
        # differently in another process, and a converted copy has other values.
        h = self.__dict__.get("_hash_")
        if h is None:
            h = hash(tuple(getattr(self, name) for name in _field_names(type(self))))
            object.__setattr__(self, "_hash_", h)
        return h

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "_hash_"}

    def __post_init__(self) -> None:
        _cache_hash(type(self))
        for name in _field_names(type(self)):
            v = getattr(self, name)
            if isinstance(v, (list, tuple, np.ndarray)):
                object.__setattr__(self, name, _as_tuple(v))
        self._validate()

    def _validate(self) -> None:
        """Check the parameters (subclasses; the default accepts anything)."""

    @property
    def per_flow(self) -> dict[str, int]:
        """The per-flow parameters and their lengths (empty when every one is a scalar).

        Examples
        --------
        >>> from aimdmodel import AIMD
        >>> AIMD(a=[1, 0.2], b=[0.5, 0.875]).per_flow
        {'a': 2, 'b': 2}
        """
        return {
            k: len(v) for k, v in self.params().items() if isinstance(v, (tuple, np.ndarray))
        }

    def init(self, x: Any) -> tuple:  # pragma: no cover - abstract
        """Per-flow state from the initial windows ``x``."""
        raise NotImplementedError

    def window(self, s: tuple) -> Any:  # pragma: no cover - abstract
        """Return the congestion window of each flow in state ``s``."""
        raise NotImplementedError

    def increase(self, s: tuple) -> tuple:  # pragma: no cover - abstract
        """One RTT with feedback 1."""
        raise NotImplementedError

    def decrease(self, s: tuple) -> tuple:  # pragma: no cover - abstract
        """One RTT with feedback 0."""
        raise NotImplementedError

    def advance(self, s: tuple, n: Any) -> tuple:
        """Apply ``n`` increases; the default loops :meth:`increase`.

        ``n`` must be a whole number here; subclasses with a closed form
        accept a symbolic ``n`` (and an integer array broadcasting against
        the state) too.
        """
        if not isinstance(n, int) or n < 0:
            raise TypeError(
                f"{type(self).__name__} has no closed-form advance; n must be an int >= 0"
            )
        for _ in range(n):
            s = self.increase(s)
        return s

    def where(self, active: np.ndarray, new: tuple, old: tuple) -> tuple:
        """Take the state ``new`` for the ``active`` flows and ``old`` for the others.

        The engines use it so that an inactive flow's state does not move.
        Per-flow state variables (last axis of length ``m``) are selected
        flow by flow; variables shared by the flows (e.g. the printed
        AIMD-FC+System's ``dw``) are taken from ``new``.

        Examples
        --------
        >>> import numpy as np
        >>> from aimdmodel import AIMD
        >>> p = AIMD()
        >>> p.where(np.array([True, False]), p.init(np.array([5.0, 6.0])),
        ...         p.init(np.array([1.0, 2.0]))).w.tolist()
        [5.0, 2.0]
        """
        m = len(active)
        return type(new)(*(
            np.where(active, n, o) if np.shape(n)[-1:] == (m,) else n
            for o, n in zip(old, new, strict=True)
        ))

    # -- declarations -----------------------------------------------------
    @property
    def linear_coefficients(self) -> tuple[Any, Any, Any, Any] | None:
        """``(a_i, b_i, a_d, b_d)`` of a linear control, or None (the default)."""
        return None

    @property
    def affine_advance(self) -> bool:
        """True when ``advance(s, n)`` is affine in ``n`` (default False)."""
        return False

    @property
    def affine_map(self) -> AffineMap | None:
        """The state update as an :class:`AffineMap`, or None (the default)."""
        return None

    @property
    def has_closed_form(self) -> bool:
        """True when :meth:`advance` is a closed form (not the default loop)."""
        return type(self).advance is not Policy.advance

    # -- the fluid limit (declared, for the symbolic analysis) ---------------
    def drift(self, s: tuple) -> tuple | None:
        """Return the fluid increase ``d s / dt`` (per RTT) between losses, or None.

        A rule whose increase is small per RTT (``w + alpha / w**k``) has a
        fluid limit: between congestion events its state follows the ordinary
        differential equation ``ds/dt = drift(s)``, ``t`` in RTTs.
        :func:`aimdmodel.symbolic.derive` integrates it (when the policy gives
        no :meth:`fluid_advance`) to build the fluid cycle map of a rule whose
        ``advance`` has no closed form. The default declares none (None).
        """
        return None

    def fluid_advance(self, s: tuple, tau: Any) -> tuple | None:
        """Return the state after ``tau`` RTTs of the fluid increase, or None.

        The closed-form solution of ``ds/dt = drift(s)`` from ``s``, ``tau``
        real (sympy symbols included). :func:`aimdmodel.symbolic.derive` uses
        it, when declared, in place of :meth:`advance`: the cycle map is then
        the fluid one. The default declares none (None).
        """
        return None

    @property
    def has_fluid_limit(self) -> bool:
        """True when the policy declares :meth:`fluid_advance` or :meth:`drift`.

        Examples
        --------
        >>> from aimdmodel import AIMD
        >>> AIMD().has_fluid_limit
        False
        """
        cls = type(self)
        return cls.fluid_advance is not Policy.fluid_advance or cls.drift is not Policy.drift

    @property
    def window_floor(self) -> Any:
        """The smallest window a decrease may leave (0 unless the policy has ``floor``)."""
        return getattr(self, "floor", 0)

    # -- parameters ---------------------------------------------------------
    def params(self) -> dict[str, Any]:
        """Return the parameters as a dict (field name to value).

        Examples
        --------
        >>> from aimdmodel import AIMD
        >>> AIMD(a=2).params()
        {'a': 2, 'b': Fraction(1, 2), 'floor': 0}
        """
        return {name: getattr(self, name) for name in _field_names(type(self))}

    def converted(self, convert) -> Policy:
        """Return a copy whose numeric parameters went through ``convert``.

        The engines use it to put the parameters into their arithmetic
        (``float``, or ``Fraction`` for the exact and integer arithmetics);
        a per-flow sequence becomes an array of converted values.

        Examples
        --------
        >>> from aimdmodel import AIMD
        >>> AIMD().converted(float)
        AIMD(a=1.0, b=0.5, floor=0.0)
        """
        # a shallow copy (as copy.copy, without its protocol; the parameters were checked
        # when self was built)
        try:
            out = object.__new__(type(self))
            out.__dict__.update(self.__getstate__())
        except AttributeError:  # a policy class with __slots__
            out = copy.copy(self)
        for k, v in self.params().items():
            try:
                object.__setattr__(out, k, _convert(v, convert))
            except OverflowError as exc:  # beyond float64: say which parameter
                raise OverflowError(f"policy parameter {k}: {exc}") from None
        return out

    def label(self) -> str:
        """Return a short label for legends and titles: the papers' name and parameters.

        A ``floor`` of 0 is left out; a ``reading`` is shown by its value.

        Examples
        --------
        >>> from aimdmodel import AIMD, AIMDFCPlus, NewAIMD
        >>> AIMD().label(), AIMDFCPlus().label()
        ('AIMD(a=1, b=1/2)', 'AIMD-FC+(a=1, b=1/2, f=1/2)')
        >>> NewAIMD(reading="charitable").label()
        'New-AIMD(a=1, b=1/2, charitable)'
        """
        parts = []
        for k, v in self.params().items():
            if k == "floor" and is_number(v) and v == 0:
                continue
            if isinstance(v, str):
                parts.append(v)
            elif isinstance(v, (list, tuple, np.ndarray)):
                parts.append(f"{k}=[{', '.join(fmt_number(x, 'short') for x in v)}]")
            else:
                parts.append(f"{k}={fmt_number(v, 'short')}")
        return f"{self.display_name or type(self).__name__}({', '.join(parts)})"

    def __repr__(self) -> str:
        def one(v: Any) -> str:
            if isinstance(v, (list, tuple, np.ndarray)):
                return "[" + ", ".join(one(x) for x in v) + "]"
            if isinstance(v, np.generic):
                v = v.item()
            from fractions import Fraction

            return str(v) if isinstance(v, Fraction) else repr(v)

        inner = ", ".join(f"{k}={one(v)}" for k, v in self.params().items())
        return f"{type(self).__name__}({inner})"


class AffineMap(NamedTuple):
    """A policy's whole state update as an affine map (a declaration, see ``Policy.affine_map``).

    For the state variables ``s_0 .. s_{n-1}`` of a flow (the fields of the
    policy's state, in order, each one value per flow):

    * increase (feedback 1): ``s_k <- s_k + increment[k]``, so ``n``
      increases are ``s_k + n increment[k]`` (an affine ``advance``);
    * decrease (feedback 0): ``s_k <- max(sum_j matrix[k][j] s_j + offset[k], floor[k])``,
      from the state before the decrease (``floor`` None: no bound);
    * window: ``sum_k window[k] s_k``.

    Each entry is a number or, for per-flow parameters, one value per flow
    (the policy's own parameter). The compiled cycle engine
    (:mod:`aimdmodel.engines.ccycle`) evaluates each sum in field order,
    skipping the zero coefficients and multiplying by none of the ones,
    then adds the offset: a policy whose own methods do the same operations
    in that order gets bit-for-bit the results of the Python engines. The
    declaration is verified in exact arithmetic on the policy's own
    ``init``/``window``/``increase``/``decrease`` before it is used
    (:func:`aimdmodel.engines.declarations.affine_map_spec`).

    Examples
    --------
    >>> from aimdmodel import AIMDFC
    >>> AIMDFC(a=2).affine_map.increment
    (0, 2)
    """

    increment: tuple
    matrix: tuple
    offset: tuple
    window: tuple
    floor: tuple | None = None
