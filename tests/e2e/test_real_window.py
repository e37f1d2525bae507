"""The real program in a real X window: a drag with xdotool's mouse, checked in the save."""
from __future__ import annotations

import os
import signal

import pytest

from game.core import Seat, Setup
from game.core.session import Match
from tests.e2e.xvfb import Screen, start_finis, wait_for

SIZE = (1280, 800)


@pytest.fixture
def screen():
    s = Screen()
    yield s
    s.close()


def saved_actions(home):
    """The moves saved so far (the save and its journal), or None before the first save."""
    from game.core.saves import SaveProblem, load_save
    files = [p for p in (home / "saves").glob("*.yaml")] if (home / "saves").exists() else []
    if not files:
        return None
    try:
        return [a.text() for a in load_save(files[0]).actions]
    except SaveProblem:
        return None


def test_drag_a_card_with_the_real_mouse_then_kill_and_resume(screen, tmp_path):
    from scenes.finished.table import layout
    home = tmp_path / "home"
    proc = start_finis(screen, home, "--game", "finished", "--seed", "7", "--size", "x".join(map(str, SIZE)))
    try:
        _, wx, wy = screen.find_window(proc=proc)
        wait_for(lambda: saved_actions(home) is not None, what="the first autosave")
        match = Match.start("finished", Setup(7), None, [Seat("You")])
        view = match.engine.view(match.state, 0)
        zones = layout(SIZE, view)
        present = zones["present"]
        spots = present.positions(len(view["zones"]["present"]))
        last, first = spots[-1], spots[0]
        card_w = present.card[0]
        screen.drag((wx + int(last[0]), wy + int(last[1]) - 20),
                    (wx + int(first[0] - card_w / 2) + 4, wy + int(first[1]) - 20))
        moved = view["zones"]["present"][-1][1:]
        actions = wait_for(lambda: saved_actions(home), what="the drag to be saved")
        assert actions == [f"0 move {moved} 0"]
        colours = screen.window_colours(tmp_path / "table.png", wx, wy, SIZE)
        assert colours > 500, "the window looks blank"
        os.kill(proc.pid, signal.SIGKILL)  # a crash or a kill: the game must survive
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
    from game.core.saves import list_saves
    os.environ["FINIS_HOME"] = str(home)
    entries = list_saves()
    assert len(entries) == 1 and entries[0].ok
    assert [a.text() for a in entries[0].match.actions] == [f"0 move {moved} 0"]


def test_the_menu_opens_and_quits_cleanly(screen, tmp_path):
    home = tmp_path / "home"
    proc = start_finis(screen, home, "--size", "1024x640")
    wid, _, _ = screen.find_window(proc=proc)
    assert screen.quit_with_q(wid, proc) == 0
    assert (home / "settings.yaml").exists()
