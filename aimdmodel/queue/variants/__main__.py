"""``python -m aimdmodel.queue.variants``: write aimdmodel/queue/_hooks.py from the registry."""

import sys

from . import main

sys.exit(main())
