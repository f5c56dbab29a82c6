"""numba's cache goes stale when any file beside a compiled module changes (_numba_cache)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import aimdmodel
from aimdmodel._numba_cache import folder_stamp

CODE = """
from aimdmodel.queue import _random
import numpy as np
rng = np.array([7], dtype=np.uint64)
_random.uniform(rng, 0)
s = _random.uniform.stats
print(sum(s.cache_hits.values()), sum(s.cache_misses.values()))
"""


def test_folder_stamp_follows_every_file_of_the_folder(tmp_path):
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text("x = 1\n")
    b.write_text("y = 2\n")
    before = folder_stamp(str(a))
    assert folder_stamp(str(a)) == before
    b.write_text("y = 3\n")
    assert folder_stamp(str(a)) != before
    (tmp_path / "notes.txt").write_text("not python")
    assert folder_stamp(str(a)) == folder_stamp(str(a))
    (tmp_path / "sub").mkdir()
    c = tmp_path / "sub" / "c.py"
    c.write_text("z = 1\n")
    before = folder_stamp(str(a))
    c.write_text("z = 2\n")
    assert folder_stamp(str(a)) != before  # a subfolder's module (queue/variants/) counts


def test_editing_a_sibling_module_recompiles(tmp_path):
    """A copy of the package: run, run again (cache hit), edit _fields.py only (miss)."""
    pkg = tmp_path / "aimdmodel"
    shutil.copytree(Path(aimdmodel.__file__).parent, pkg,
                    ignore=shutil.ignore_patterns("__pycache__"))
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "NUMBA_CACHE_DIR": str(tmp_path / "nc")}

    def run() -> tuple[int, int]:
        out = subprocess.run([sys.executable, "-c", CODE], env=env, cwd=tmp_path, check=True,
                             capture_output=True, text=True).stdout.split()
        return int(out[0]), int(out[1])

    assert run() == (0, 1)  # compiled
    assert run() == (1, 0)  # from the cache
    fields = pkg / "queue" / "_fields.py"
    fields.write_text(fields.read_text() + "\n# edited\n")
    assert run() == (0, 1)  # the folder changed: compiled again, not the old code
    assert run() == (1, 0)
