"""aimdmodel._io: one output writer for every command (whole or not at all)."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from aimdmodel._io import (
    Terminated,
    atomic_path,
    atomic_savefig,
    atomic_write_text,
    check_output,
)

ROOT = os.geteuid() == 0 if hasattr(os, "geteuid") else False


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.fixture
def umask():
    def set_mask(mask: int) -> None:
        os.umask(mask)

    old = os.umask(0o022)
    yield set_mask
    os.umask(old)


# --- what kind of target ------------------------------------------------------------
def test_kinds(tmp_path):
    assert check_output("-").kind == "stdout"
    assert check_output(tmp_path / "new.txt").kind == "file"
    assert check_output("/dev/null").kind == "device"
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert check_output(fifo).kind == "device"


@pytest.mark.parametrize(
    ("make", "exc", "word"),
    [
        (lambda d: d, IsADirectoryError, "folder"),
        (lambda d: f"{d}/newdir/", IsADirectoryError, "ends in '/'"),
        (lambda d: f"{d}/", IsADirectoryError, "ends in '/'"),
        (lambda d: d / "no" / "such" / "x.txt", FileNotFoundError, "folder does not exist"),
        (lambda d: d / "file.txt" / "x.txt", OSError, "directory"),  # a file used as a folder
    ],
)
def test_refused_before_any_work(tmp_path, make, exc, word):
    (tmp_path / "file.txt").write_text("keep")
    target = make(tmp_path)
    with pytest.raises(exc) as info:
        check_output(target)
    assert word in info.value.strerror
    assert info.value.filename == str(target)
    ran = []
    with pytest.raises(exc), atomic_path(target):
        ran.append(1)  # pragma: no cover - never reached
    assert ran == []
    assert names(tmp_path) == ["file.txt"]  # in particular no file named "newdir"


def test_empty_path_is_refused():
    with pytest.raises(ValueError, match="empty"):
        check_output("")


@pytest.mark.skipif(ROOT, reason="root may write any file")
def test_unwritable_file_is_refused(tmp_path):
    target = tmp_path / "ro.txt"
    target.write_text("keep")
    target.chmod(0o444)
    with pytest.raises(PermissionError, match="not writable"):
        check_output(target)


# --- modes and links ------------------------------------------------------------------
@pytest.mark.parametrize("mask", [0o022, 0o077, 0o002])
def test_new_file_gets_0666_minus_umask(tmp_path, umask, mask):
    umask(mask)
    target = tmp_path / "new.txt"
    atomic_write_text(target, "x")
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~mask


@pytest.mark.parametrize("mode", [0o644, 0o600, 0o664, 0o640])
def test_overwritten_file_keeps_its_mode(tmp_path, umask, mode):
    umask(0o077)  # would give 0600 to a new file
    target = tmp_path / "old.txt"
    target.write_text("old")
    target.chmod(mode)
    atomic_write_text(target, "new")
    assert target.read_text() == "new"
    assert stat.S_IMODE(target.stat().st_mode) == mode
    assert names(tmp_path) == ["old.txt"]


def test_symlink_is_followed_and_stays_a_link(tmp_path):
    real = tmp_path / "data" / "ledger.md"
    real.parent.mkdir()
    real.write_text("old")
    real.chmod(0o640)
    link = tmp_path / "link.md"
    link.symlink_to(real)
    atomic_write_text(link, "new")
    assert link.is_symlink()
    assert real.read_text() == "new"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    assert names(real.parent) == ["ledger.md"]


def test_dangling_symlink_creates_its_target(tmp_path):
    link = tmp_path / "link.md"
    link.symlink_to(tmp_path / "target.md")
    atomic_write_text(link, "new")
    assert link.is_symlink()
    assert (tmp_path / "target.md").read_text() == "new"


# --- FIFOs, devices, stdout -------------------------------------------------------------
def test_fifo_is_written_directly(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()))
    reader.start()
    atomic_write_text(fifo, "through the pipe")
    reader.join(timeout=10)
    assert got == ["through the pipe"]
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert names(tmp_path) == ["fifo"]


def test_character_device_is_written_directly():
    before = os.stat("/dev/null")
    atomic_write_text("/dev/null", "nothing")
    with atomic_path("/dev/null") as p:
        assert p != Path("/dev/null")  # staged, then copied into the device
        p.write_bytes(b"x")
    assert not p.exists()
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode)
    assert (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)


def test_dash_is_stdout(capsys):
    atomic_write_text("-", "to stdout\n")
    with atomic_path("-") as tmp:
        tmp.write_bytes(b"bytes too\n")
    assert capsys.readouterr().out == "to stdout\nbytes too\n"


def test_figure_to_a_device_without_suffix_is_png(tmp_path):
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    fifo = tmp_path / "plot"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    atomic_savefig(Figure(), fifo)
    reader.join(timeout=10)
    assert got[0][:8] == b"\x89PNG\r\n\x1a\n"


# --- every way out removes the temporary file ------------------------------------------
def write_half_then(target, action):
    with atomic_path(target) as tmp:
        tmp.write_text("half")
        action()


def raising(error):
    def action():
        raise error

    return action


@pytest.mark.parametrize("error", [RuntimeError("boom"), KeyboardInterrupt()])
def test_failure_keeps_the_old_file_and_removes_the_temp(tmp_path, error):
    target = tmp_path / "out.txt"
    target.write_text("old")
    with pytest.raises(type(error)):
        write_half_then(target, raising(error))
    assert target.read_text() == "old"
    assert names(tmp_path) == ["out.txt"]


def test_temp_file_is_hidden_beside_the_target(tmp_path):
    with atomic_path(tmp_path / "h.pdf") as tmp:
        assert tmp.parent == tmp_path
        assert tmp.name.startswith(".h.pdf.")
        assert tmp.name.endswith(".pdf")


@pytest.mark.skipif(signal.getsignal(signal.SIGTERM) != signal.SIG_DFL,
                    reason="a SIGTERM handler is installed")
def test_sigterm_in_process_raises_terminated_and_cleans_up(tmp_path):
    target = tmp_path / "out.txt"
    with pytest.raises(Terminated) as info:
        write_half_then(target, lambda: os.kill(os.getpid(), signal.SIGTERM))
    assert info.value.code == 143
    assert names(tmp_path) == []
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL  # restored


def test_sigterm_mid_write_in_a_subprocess_leaves_nothing(tmp_path):
    target = tmp_path / "out.pdf"
    target.write_bytes(b"old")
    script = textwrap.dedent(
        f"""
        import sys, time
        from aimdmodel._io import atomic_path
        with atomic_path({str(target)!r}) as tmp:
            tmp.write_bytes(b"half a pdf")
            print("ready", flush=True)
            time.sleep(30)
        """
    )
    with subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                          text=True) as proc:
        assert proc.stdout.readline().strip() == "ready"
        assert len(names(tmp_path)) == 2  # the target and the temporary file
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) == 143
    assert names(tmp_path) == ["out.pdf"]
    assert target.read_bytes() == b"old"


def _limit_file_size(limit: int):
    def preexec() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return preexec


def test_file_size_limit_names_the_target_and_leaves_no_temp(tmp_path):
    target = tmp_path / "big.txt"
    target.write_text("old")
    script = textwrap.dedent(
        f"""
        from aimdmodel._io import atomic_write_text
        try:
            atomic_write_text({str(target)!r}, "x" * 100_000)
        except OSError as exc:
            print(exc.strerror, "|", exc.filename)
        """
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          preexec_fn=_limit_file_size(10_000), timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    assert "file-size limit" in proc.stdout
    assert str(target) in proc.stdout
    assert names(tmp_path) == ["big.txt"]
    assert target.read_text() == "old"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root")
def test_a_link_planted_by_another_user_in_a_sticky_folder_is_not_followed(tmp_path):
    """Root writes DIR/report.md, a link that nobody planted in a sticky, world-writable DIR."""
    import pwd

    from aimdmodel._io import atomic_write_text, check_output

    nobody = pwd.getpwnam("nobody").pw_uid
    public = tmp_path / "public"
    public.mkdir()
    public.chmod(0o1777)
    secret = tmp_path / "secret.txt"
    secret.write_text("root only\n")
    link = public / "report.md"
    link.symlink_to(secret)
    os.lchown(link, nobody, nobody)
    with pytest.raises(PermissionError, match="protected_symlinks"):
        check_output(link)
    with pytest.raises(PermissionError):
        atomic_write_text(link, "overwritten\n")
    assert secret.read_text() == "root only\n"
    os.lchown(link, 0, 0)  # the writing user's own link is followed, as the kernel does
    atomic_write_text(link, "mine\n")
    assert secret.read_text() == "mine\n"
