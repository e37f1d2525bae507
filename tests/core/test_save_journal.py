"""The save journal: one synced line a move between whole saves, folded in on closing."""
from __future__ import annotations

import logging
import os

import pytest

from game.core import journal
from game.core.engine import Seat, Setup
from game.core.players import make_player
from game.core.rng import Rng
from game.core.saves import (autosave, compact, delete_save, list_saves, load_save, read_header,
                             save_path)
from game.core.session import Match


def played(count: int, game: str = "finito", seed: int = 3) -> tuple[Match, list]:
    """A fresh match with `count` computer actions ready to play, and those actions."""
    seats = [Seat("Ann"), Seat("Robo", "computer")]
    match = Match.start(game, Setup(seed), None, seats)
    players = [make_player(game, "random") for _ in seats]
    _, actions = match.engine.play_out(match.state, players, Rng(seed))
    assert len(actions) >= count
    return match, actions[:count]


def journaled(count: int) -> Match:
    match, actions = played(count)
    autosave(match)  # the first save is whole, and opens the journal
    for action in actions:
        match.act(action)
        autosave(match)
    return match


def test_a_move_adds_one_line_and_leaves_the_save_alone():
    match = journaled(0)
    path = save_path(match)
    before = path.read_bytes()
    _, actions = played(6)
    for action in actions:
        match.act(action)
        autosave(match)
    assert path.read_bytes() == before
    lines = journal.journal_path(path).read_text().splitlines()
    assert len(lines) == 2 + 6 and lines[0].startswith(journal.HEAD)  # head, base, 6 moves
    loaded = load_save(path)
    assert [a.text() for a in loaded.actions] == [a.text() for a in match.actions]
    assert loaded.digest() == match.digest()


def test_a_line_cut_short_by_a_kill_loses_only_that_move(caplog):
    match = journaled(5)
    path = journal.journal_path(save_path(match))
    text = path.read_text()
    path.write_text(text[:-7])  # the last line's end never reached the disk
    with caplog.at_level(logging.WARNING):
        loaded = load_save(save_path(match))
    assert [a.text() for a in loaded.actions] == [a.text() for a in match.actions[:4]]
    assert any("cut short" in r.getMessage() for r in caplog.records)


def test_nothing_after_a_damaged_line_is_trusted():
    match = journaled(6)
    path = journal.journal_path(save_path(match))
    lines = path.read_text().splitlines(keepends=True)
    lines[4] = lines[4].replace('"n":', '"n" :')  # the third move's checksum no longer matches
    path.write_text("".join(lines))
    loaded = load_save(save_path(match))
    assert len(loaded.actions) == 2


def test_undo_and_another_move_are_journaled_and_replayed():
    match, actions = played(8)
    autosave(match)
    for action in actions[:6]:
        match.act(action)
        autosave(match)
    match.cut_to(4)
    autosave(match)
    match.meta["hints"] = 2
    autosave(match)
    for action in actions[4:7]:
        match.act(action)
        autosave(match)
    ops = [line.split(" ", 1)[1] for line in
           journal.journal_path(save_path(match)).read_text().splitlines()[2:]]
    assert sum('"op":"cut"' in op for op in ops) == 1 and sum('"op":"meta"' in op for op in ops) == 1
    loaded = load_save(save_path(match))
    assert [a.text() for a in loaded.actions] == [a.text() for a in actions[:7]]
    assert loaded.meta == {"hints": 2}


def test_continue_counts_the_journal_without_replaying_it():
    match = journaled(7)
    header = read_header(save_path(match))
    assert header.moves == 7
    assert header.text == match.engine.view(match.state, None)["status"][:160]
    [entry] = list_saves(replay=False)
    assert entry.header.moves == 7


def test_closing_folds_the_journal_into_the_save():
    match = journaled(5)
    path = save_path(match)
    compact(match)
    assert not journal.journal_path(path).exists()
    assert "actions:" in path.read_text() and len(load_save(path).actions) == 5


def test_a_long_journal_is_folded_in_by_the_next_autosave(monkeypatch):
    monkeypatch.setattr(journal, "COMPACT_EVERY", 4)
    match = journaled(9)
    path = save_path(match)
    base = load_save(path)
    lines = journal.journal_path(path).read_text().splitlines()
    moves_in_save = int(lines[0].split()[3])
    assert moves_in_save >= 4 and len(lines) - 2 <= 4  # folded in, and started afresh
    assert moves_in_save + len(lines) - 2 == 9
    assert [a.text() for a in base.actions] == [a.text() for a in match.actions]


def test_a_kill_between_the_fresh_journal_and_the_save_keeps_the_newer_game(monkeypatch):
    """A whole save is written journal first: a kill before the save file is replaced leaves
    the save before and a journal whose base is the new one (naming the old as the one
    before): the game is the journal's, and the file is not taken for a hand edit."""
    import game.core.saves.record as saves_module
    match = journaled(6)
    path = save_path(match)
    saved = path.read_bytes()

    def killed(*args, **kwargs):
        raise KeyboardInterrupt("killed between the journal and the save")
    with monkeypatch.context() as patch:
        patch.setattr(saves_module, "write_atomic", killed)
        with pytest.raises(KeyboardInterrupt):
            compact(match)
    assert path.read_bytes() == saved  # the save before
    loaded = load_save(path)
    assert [a.text() for a in loaded.actions] == [a.text() for a in match.actions]
    autosave(loaded)
    assert loaded.save.kept == []  # the save before was this window's own, not an edit


def test_the_end_of_a_game_is_a_whole_save():
    match, actions = played(0)
    _, actions = match.engine.play_out(match.state, [make_player("finito", "random")] * 2, Rng(3))
    autosave(match)
    for action in actions:
        match.act(action)
        autosave(match)
    assert match.outcome() is not None
    text = save_path(match).read_text()
    assert "status: over" in text and len(load_save(save_path(match)).actions) == len(actions)


@pytest.mark.parametrize("bad", ["fifo", "huge", "junk", "illegal", "binary", "dir"])
def test_a_hostile_journal_is_refused_and_the_save_still_opens(bad):
    match = journaled(3)
    path = journal.journal_path(save_path(match))
    head = path.read_text().splitlines()[0]
    if bad == "fifo":
        path.unlink()
        os.mkfifo(path)
    elif bad == "dir":
        path.unlink()
        path.mkdir()
    elif bad == "huge":
        path.write_text(head + "\n" + "x" * (journal.MAX_BYTES + 10))
    elif bad == "junk":
        path.write_text(head + "\n" + "not a line at all\n")
    elif bad == "binary":
        path.write_bytes(b"\xff\xfe\x00junk")
    else:
        body = '{"a":"0 place 99 99","n":4,"op":"act"}'
        import zlib
        lines = path.read_text()
        path.write_text(lines + f"{zlib.crc32(body.encode()):08x} {body}\n")
    loaded = load_save(save_path(match))  # the save itself holds none of the 3 moves
    if bad == "illegal":  # the three good moves, then a refused one: it ends there
        assert [a.text() for a in loaded.actions] == [a.text() for a in match.actions]
        assert read_header(save_path(match)).moves == 4  # listing does not replay
    else:
        assert loaded.actions == [] and read_header(save_path(match)).moves == 0


def test_deleting_a_save_takes_its_journal():
    match = journaled(2)
    path = save_path(match)
    delete_save(path)
    assert not path.exists() and not journal.journal_path(path).exists()
