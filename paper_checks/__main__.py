"""``python -m paper_checks [--write-readme]``: run the ledger (see :mod:`paper_checks.runner`)."""

from .runner import main

raise SystemExit(main())
