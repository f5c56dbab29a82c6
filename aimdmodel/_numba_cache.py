"""numba's on-disk cache, made stale by any source its compiled functions run.

numba caches a ``cache=True`` function under a stamp of the one file that
defines it. The compiled loops of this package also run functions of other
files, inlined or called (the queue model's ``run`` in ``_network.py`` runs
the sender of ``_sender.py`` and the fields of ``_fields.py``; the compiled
cycle engine runs the congestion rule of ``feedback.py``): edit only one of
those and numba would load the old machine code, silently. :func:`install`
adds cache locators, used for this package's files only, whose stamp is the
defining file's stamp together with a digest of every ``.py`` file of its
folder, of its subfolders (the queue model's ``variants/``) and of
``feedback.py``. Anything else about the cache (where it lives,
``NUMBA_CACHE_DIR``, the user-wide fallback) is numba's own.

Every compiled module calls :func:`install` before its first ``cache=True``
decorator. It uses numba's cache classes (``numba.core.caching``); on a numba
whose classes differ it installs nothing and the cache behaves as numba's.

Examples
--------
>>> install()  # idempotent
>>> stamp = folder_stamp(__file__)
>>> stamp == folder_stamp(__file__), len(stamp)
(True, 32)
"""

from __future__ import annotations

import functools
import hashlib
import os
from typing import Any

__all__ = ["folder_stamp", "install"]

_PACKAGE = os.path.dirname(os.path.abspath(__file__))
_SHARED = (os.path.join(_PACKAGE, "feedback.py"),)
"""Files outside a compiled module's folder that compiled code runs (the congestion rule)."""


def _inside(path: str) -> bool:
    return os.path.abspath(path).startswith(_PACKAGE + os.sep)


@functools.lru_cache(maxsize=256)
def _digest(path: str, mtime_ns: int, size: int) -> bytes:
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).digest()


def folder_stamp(py_file: str) -> bytes:
    """Return a digest of every ``.py`` file beside ``py_file`` and of :data:`_SHARED`.

    The files of the folder's subfolders count too. Re-read when a file's
    modification time or size changes.
    """
    folder = os.path.dirname(os.path.abspath(py_file))
    files = sorted(os.path.join(root, f) for root, _dirs, names in os.walk(folder)
                   if os.path.basename(root) != "__pycache__"
                   for f in names if f.endswith(".py"))
    h = hashlib.blake2b(digest_size=32)
    for path in (*files, *_SHARED):
        st = os.stat(path)
        h.update(path.encode())
        h.update(_digest(path, st.st_mtime_ns, st.st_size))
    return h.digest()


class _PackageStamp:
    """Mixin for numba's source-file locators: this package's files, the folder's stamp."""

    @classmethod
    def from_function(cls, py_func: Any, py_file: str) -> Any:
        if not _inside(py_file):
            return None
        return super().from_function(py_func, py_file)

    def get_source_stamp(self) -> Any:
        return (super().get_source_stamp(), folder_stamp(self._py_file))


@functools.cache
def install() -> None:
    """Put this package's cache locators first in numba's list (once per process).

    Also lets :mod:`aimdmodel._progress` hear numba's compilations.
    """
    try:
        from numba.core import caching
    except ImportError:  # pragma: no cover - numba is a dependency
        return
    from ._progress import hook

    hook()  # compile notes (aimdmodel._progress) hear numba from now on
    impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)
    bases = [getattr(caching, n, None) for n in
             ("UserProvidedCacheLocator", "InTreeCacheLocator", "UserWideCacheLocator")]
    if impl is None or None in bases or not isinstance(getattr(impl, "_locator_classes", None),
                                                       list):
        return  # a numba whose caching classes differ: its own behaviour
    ours = [type(f"AimdModel{b.__name__}", (_PackageStamp, b), {}) for b in bases]
    impl._locator_classes = ours + [c for c in impl._locator_classes]
