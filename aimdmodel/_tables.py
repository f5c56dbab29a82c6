"""The optional table libraries (pandas, xarray), imported only when a result is asked for one.

The extra ``tables`` installs them (``pip install 'aimdmodel[tables]'``);
without it, importing aimdmodel and running anything else works, and only
``to_pandas()`` / ``to_xarray()`` raise an :class:`ImportError` that names
the extra.
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["EXTRA", "optional_import"]

EXTRA = "tables"
"""The name of the setup.cfg extra that installs pandas and xarray."""


def optional_import(name: str, what: str) -> ModuleType:
    """Import ``name`` (``"pandas"`` or ``"xarray"``), or say which extra installs it.

    Parameters
    ----------
    name : str
        The module to import.
    what : str
        What needs it, for the message (``"QueueResult.to_xarray"``).

    Returns
    -------
    module

    Raises
    ------
    ImportError
        When the module is not installed: the message names the extra.

    Examples
    --------
    >>> optional_import("math", "an example").sqrt(4.0)
    2.0
    >>> optional_import("no_such_module_here", "Thing.to_pandas")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ImportError: Thing.to_pandas needs no_such_module_here, which is not installed; ...
    """
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise ImportError(
            f"{what} needs {name}, which is not installed; install the extra with "
            f"pip install 'aimdmodel[{EXTRA}]' (or pip install {name})"
        ) from exc
