"""Two windows on one save: a lock file beside the save while a window has it open; a stale
one (its process is gone) is taken over; lock files are never saves (issue 17)."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from game.core import Seat, Setup, locks
from game.core.locks import Busy, Holder, acquire, holder_of, lock_path, open_elsewhere
from game.core.saves import list_saves, write_save
from game.core.session import Match


def a_save():
    return write_save(Match.start("finished", Setup(4), None, [Seat("You")]))


def other_live_process() -> Holder:
    """Another process that is alive for the whole test: the one that started pytest."""
    return Holder(os.getppid(), locks.host_name(), locks._start_time(os.getppid()))


def dead_pid() -> int:
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    return int(done.stdout)


def test_a_second_holder_is_refused_while_the_first_has_the_save():
    path = a_save()
    mine = acquire(path)
    with pytest.raises(Busy) as info:
        acquire(path, other_live_process())
    assert info.value.message == "This game is open in another finis window."
    mine.release()
    theirs = acquire(path, other_live_process())  # free now
    assert open_elsewhere(path) is False  # held by a lock object of this process
    with pytest.raises(Busy):
        acquire(path)
    theirs.release()
    assert not lock_path(path).exists()


def test_a_lock_written_by_another_live_process_is_respected():
    path = a_save()
    other = other_live_process()
    lock_path(path).write_text(other.text("abc"))
    assert holder_of(path) == other and open_elsewhere(path)
    with pytest.raises(Busy):
        acquire(path)
    [entry] = list_saves(replay=False)
    assert entry.open_elsewhere and entry.ok
    assert lock_path(path).read_text() == other.text("abc")


def test_a_stale_lock_of_a_dead_process_is_taken_over():
    path = a_save()
    lock_path(path).write_text(Holder(dead_pid(), locks.host_name()).text("old"))
    assert holder_of(path) is None and not open_elsewhere(path)
    [entry] = list_saves(replay=False)
    assert not entry.open_elsewhere
    lock = acquire(path)
    assert f"pid: {os.getpid()}" in lock_path(path).read_text()
    lock.release()
    assert not lock_path(path).exists()


def test_a_reused_pid_with_another_start_time_is_stale():
    path = a_save()
    other = other_live_process()
    if not other.started:
        pytest.skip("this system does not tell when a process started")
    lock_path(path).write_text(Holder(other.pid, other.host, "1").text("old"))
    assert holder_of(path) is None
    acquire(path).release()


def test_a_lock_from_another_host_is_respected():
    path = a_save()
    lock_path(path).write_text(Holder(dead_pid(), "some-other-machine").text("x"))
    with pytest.raises(Busy):
        acquire(path)


def test_release_leaves_a_lock_that_is_no_longer_its_own():
    path = a_save()
    lock = acquire(path)
    other = other_live_process()
    lock_path(path).write_text(other.text("theirs"))  # taken over meanwhile (say, after a pause)
    lock.release()
    assert lock_path(path).read_text() == other.text("theirs")


@pytest.mark.parametrize("content", [b"", b"a: &a [*a]\n" * 100, b"\x00" * 600,
                                     b"finis lock\npid: x\n", b"- - - -\n"])
def test_lock_files_are_never_saves_and_never_parsed(content, monkeypatch):
    path = a_save()
    junk = path.with_name("gone.yaml.lock")
    junk.write_bytes(content)
    mine = lock_path(path)
    mine.write_bytes(content)
    os.utime(mine, (1, 1))  # old junk: not a lock being written right now
    import yaml
    monkeypatch.setattr(yaml, "safe_load", lambda *a, **k: pytest.fail("a lock was read as YAML"))
    entries = list_saves(replay=False)
    assert [e.path for e in entries] == [path] and entries[0].ok and not entries[0].open_elsewhere
    acquire(path).release()  # junk in the lock's place is taken over


def test_a_stale_lock_of_a_deleted_save_is_cleaned_when_listing():
    path = a_save()
    gone = path.with_name("gone.yaml.lock")
    gone.write_text(Holder(dead_pid(), locks.host_name()).text("old"))
    live = path.with_name("other.yaml.lock")
    live.write_text(other_live_process().text("live"))
    list_saves(replay=False)
    assert not gone.exists() and live.exists()


def test_a_window_that_quits_leaves_no_lock_and_a_killed_one_leaves_a_stale_one(tmp_path):
    path = a_save()
    code = ("import sys; from game.core import locks; locks.acquire(sys.argv[1]); "
            "print(open(sys.argv[1] + '.lock').read().count('finis lock'))")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    done = subprocess.run([sys.executable, "-c", code, str(path)], cwd=root,
                          capture_output=True, text=True)
    assert done.stdout.strip() == "1", done.stderr  # it held the lock, and let it go at exit
    assert not lock_path(path).exists()
    killed = subprocess.run([sys.executable, "-c", code.replace("print(", "import os; os._exit(0) or print("),
                             str(path)], cwd=root, capture_output=True, text=True)
    assert killed.returncode == 0 and lock_path(path).exists()  # no clean-up after a kill
    assert holder_of(path) is None  # its process is gone: stale
    acquire(path).release()
