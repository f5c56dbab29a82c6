"""Loading ns-3 (the optional extra ``ns3``) and the bridge's C++, once per process.

ns-3 is GPL-2 and optional: nothing here runs at import time. :func:`load`
finds the ``ns3`` wheel, includes only the module headers a dumbbell needs
(core, network, internet, point-to-point, traffic-control, applications;
~3-10 s instead of the 25-50 s of ``from ns import ns``), loads those
libraries and their dependencies (stats, bridge), and compiles the bridge
(:mod:`aimdmodel.ns3._bridge`) with ``cppyy.cppdef``.

cling prints two lines ``[runStaticInitializersOnce]: Failed to materialize
symbols: ... g_timeInitHelper ...`` when the headers' copy of ns-3's static
time initializer is compiled; the library's own copy has already run (the
time resolution is set), so these two lines are dropped from stderr while
the headers load; anything else cling writes there is passed on.
"""

from __future__ import annotations

import contextlib
import functools
import glob
import importlib.metadata
import importlib.util
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from typing import Any

__all__ = ["EXTRA_HINT", "LOAD_SECONDS", "Ns3Unavailable", "available", "load", "version"]

EXTRA_HINT = "pip install -e '.[ns3]'"
"""How to install the optional extra (ns-3.44's wheel from the package index)."""

_HEADERS = ("core", "network", "internet", "point-to-point", "traffic-control", "applications")
_LIBRARIES = ("core", "stats", "network", "bridge", "traffic-control", "internet",
              "point-to-point", "applications")
_DEFINES = "#define HAVE_GSL 1\n#define HAVE_LIBXML2 1\n#define HAVE_SQLITE3 1\n"
_NOISE = ("runStaticInitializersOnce", "Failed to materialize symbols")

LOAD_SECONDS: dict = {}
"""Seconds :func:`load` took: ``headers`` (ns-3's headers and libraries), ``bridge``."""


class Ns3Unavailable(ImportError, RuntimeError):
    """ns-3 (the optional extra ``ns3``) is not installed or cannot be loaded.

    Examples
    --------
    >>> issubclass(Ns3Unavailable, ImportError), issubclass(Ns3Unavailable, RuntimeError)
    (True, True)
    """


def _prefix() -> str:
    """Return the folder of the ``ns3`` wheel (with ``include/`` and ``lib64/``)."""
    try:
        spec = importlib.util.find_spec("ns3")
    except ImportError:  # a finder that refuses the name
        spec = None
    if spec is None or not spec.submodule_search_locations:
        raise Ns3Unavailable(
            f"ns-3 is not installed; it is the optional extra ns3 (GPL-2): {EXTRA_HINT}"
        )
    for folder in spec.submodule_search_locations:
        if glob.glob(os.path.join(folder, "lib*", "libns3*-core*.so")):
            return folder
    raise Ns3Unavailable(f"the ns3 package has no ns-3 libraries (lib64/libns3*-core.so); "
                         f"reinstall the optional extra: {EXTRA_HINT}")


def available() -> bool:
    """Tell whether ns-3 and cppyy are installed (without loading them).

    Examples
    --------
    >>> isinstance(available(), bool)
    True
    """
    try:
        _prefix()
    except Ns3Unavailable:
        return False
    try:
        return importlib.util.find_spec("cppyy") is not None
    except ImportError:
        return False


def version() -> str:
    """Return the installed ``ns3`` wheel's version (``"3.44.post0"``); raise if absent.

    Examples
    --------
    >>> try:
    ...     v = version()
    ... except Ns3Unavailable as exc:
    ...     v = str(exc)
    >>> isinstance(v, str)
    True
    """
    _prefix()
    return importlib.metadata.version("ns3")


@contextlib.contextmanager
def _quiet_cling() -> Iterator[None]:
    """Drop cling's two known static-initializer lines from stderr; pass the rest on."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):  # no real stderr (embedded, captured)
        yield
        return
    with tempfile.TemporaryFile() as tmp:
        os.dup2(tmp.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            tmp.seek(0)
            text = tmp.read().decode("utf-8", "replace")
            kept = [ln for ln in text.splitlines() if not any(k in ln for k in _NOISE)]
            if kept:
                sys.stderr.write("\n".join(kept) + "\n")


@functools.lru_cache(maxsize=1)
def load() -> Any:
    """Load ns-3 and the bridge; return cppyy's global namespace (``cppyy.gbl``).

    Raises
    ------
    Ns3Unavailable
        If the optional extra ``ns3`` (or cppyy) is not installed, naming
        the command that installs it.
    """
    prefix = _prefix()
    try:
        import cppyy
        import libcppyy
    except ImportError as exc:
        raise Ns3Unavailable(f"cppyy (needed by ns-3's bindings) cannot be imported: {exc}; "
                             f"{EXTRA_HINT}") from exc
    from ._bridge import SOURCE

    t0 = time.perf_counter()
    lib = next(p for p in ("lib64", "lib") if os.path.isdir(os.path.join(prefix, p)))
    core = glob.glob(os.path.join(prefix, lib, "libns3*-core*.so"))[0]
    tag = os.path.basename(core)[len("libns"):].split("-core")[0]  # "3.44"
    with _quiet_cling():
        libcppyy.AddSmartPtrType("Ptr")
        cppyy.add_library_path(os.path.join(prefix, lib))
        cppyy.add_include_path(os.path.join(prefix, "include"))
        cppyy.cppexec(_DEFINES)
        for name in _HEADERS:
            cppyy.include(f"ns3/{name}-module.h")
        for name in _LIBRARIES:
            cppyy.load_library(f"libns{tag}-{name}.so")
        t1 = time.perf_counter()
        cppyy.cppdef(SOURCE)
    LOAD_SECONDS.update(headers=t1 - t0, bridge=time.perf_counter() - t1)
    return cppyy.gbl
