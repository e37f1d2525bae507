"""Saves: atomic writes, honest replays, and every kind of broken file listed, never fatal."""
from __future__ import annotations

import os
import stat

import pytest
import yaml

from game.core import Seat, Setup
from game.core.fileio import write_atomic
from game.core.paths import saves_dir
from game.core.players import RandomPlayer
from game.core.rng import Rng
from game.core.saves import FORMAT, SaveProblem, list_saves, load_save, record_of, write_save
from game.core.session import Match

GAME = "finished"


def played_match(moves: int = 12) -> Match:
    match = Match.start(GAME, Setup(5), None, [Seat("You")])
    rng = Rng(9)
    for _ in range(moves):
        if match.outcome() is not None:
            break
        legal = match.engine.legal_actions(match.state, 0)
        match.act(RandomPlayer().choose({}, legal, rng))
    return match


def test_write_and_load_round_trip():
    match = played_match()
    path = write_save(match)
    assert path.parent == saves_dir()
    loaded = load_save(path)
    assert loaded.digest() == match.digest()
    assert [a.text() for a in loaded.actions] == [a.text() for a in match.actions]
    data = yaml.safe_load(path.read_text())
    assert data["format"] == FORMAT and data["game"] == GAME and data["actions"]


def test_atomic_write_keeps_the_previous_version_as_bak(tmp_path):
    path = tmp_path / "x.yaml"
    write_atomic(path, "one: 1\n")
    write_atomic(path, "two: 2\n")
    assert path.read_text() == "two: 2\n"
    assert (tmp_path / "x.yaml.bak").read_text() == "one: 1\n"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def _broken(tmp_path, name: str, content: bytes):
    path = saves_dir() / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    return path


def good_text() -> str:
    match = played_match()
    return yaml.safe_dump(record_of(match), sort_keys=False)


CASES = {
    "empty.yaml": (lambda: b"", "empty"),
    "truncated.yaml": (lambda: good_text()[: len(good_text()) // 2].encode(), ""),
    "garbled.yaml": (lambda: b"format: [1, 2\n  game: {{{\n", "not valid YAML"),
    "binary.yaml": (lambda: bytes(range(256)) * 4, "binary"),
    "latin1.yaml": (lambda: "game: caf\xe9\n".encode("latin-1"), "UTF-8"),
    "pytag.yaml": (lambda: b"format: 1\ngame: !!python/object/apply:os.system ['echo hi']\n", "not plain data"),
    "newer.yaml": (lambda: good_text().replace("format: 1", "format: 99").encode(), "newer finis"),
    "nogame.yaml": (lambda: good_text().replace("game: finished", "game: chess").encode(), "unknown game"),
    "badaction.yaml": (lambda: good_text().replace("actions:\n", "actions:\n- 0 fly away\n", 1).encode(),
                       "action 1"),
    "list.yaml": (lambda: b"- 1\n- 2\n", "not a finis save"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_broken_saves_are_listed_with_a_reason_and_left_untouched(tmp_path, name):
    make, words = CASES[name]
    content = make()
    path = _broken(tmp_path, name, content)
    good = write_save(played_match())
    entries = list_saves()
    broken = [e for e in entries if e.path == path]
    assert len(broken) == 1 and not broken[0].ok
    assert words.lower() in broken[0].problem.reason.lower() + (broken[0].problem.place or "").lower()
    assert path.read_bytes() == content, "a broken file must be kept untouched"
    assert any(e.ok and e.path == good for e in entries), "the good save must still be listed"
    with pytest.raises(SaveProblem):
        load_save(path)


def test_tampered_save_is_refused_by_its_digest():
    match = played_match(20)
    text = yaml.safe_dump(record_of(match), sort_keys=False)
    data = yaml.safe_load(text)
    data["digest"] = "0" * 16
    path = _broken(None, "tampered.yaml", yaml.safe_dump(data).encode())
    with pytest.raises(SaveProblem) as info:
        load_save(path)
    assert "digest" in info.value.reason and info.value.place == "digest"


def test_hand_written_save_without_digest_loads():
    path = _broken(None, "by-hand.yaml",
                   b"format: 1\ngame: finished\nsetup: {seed: 7}\nseats: [{name: Me}]\nactions: []\n")
    match = load_save(path)
    assert match.game_id == GAME and match.steps == []


def test_an_illegal_action_in_a_save_names_its_number():
    match = played_match(12)
    data = record_of(match)
    legal_at_3 = {a.text() for a in match.engine.legal_actions(match.states[3], 0)}
    seen = {a.text() for s in match.states for a in match.engine.legal_actions(s, 0)}
    wrong = sorted(seen - legal_at_3)[0]
    data["actions"].insert(3, wrong)
    data.pop("digest")
    path = _broken(None, "illegal.yaml", yaml.safe_dump(data).encode())
    with pytest.raises(SaveProblem) as info:
        load_save(path)
    assert info.value.place.startswith("action 4")


@pytest.mark.skipif(os.geteuid() == 0 if hasattr(os, "geteuid") else True,
                    reason="root reads every folder")
def test_unreadable_folder_is_reported_not_fatal():
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0)
    try:
        entries = list_saves()
        assert entries and not entries[0].ok
    finally:
        folder.chmod(stat.S_IRWXU)


def test_unreadable_file_is_reported(monkeypatch):
    path = _broken(None, "locked.yaml", good_text().encode())
    real = os.open

    def refuse(name, *args, **kwargs):
        if str(name).endswith("locked.yaml"):
            raise PermissionError(13, "Permission denied")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    entries = list_saves()
    assert any(e.path == path and "cannot be read" in e.problem.reason for e in entries)


def test_undo_is_honest_and_practice_allows_more():
    match = Match.start(GAME, Setup(3), None, [Seat("You")])
    assert match.undo_limit() == 0
    legal = match.engine.legal_actions(match.state, 0)
    match.act(legal[0])
    practice = Match.start(GAME, Setup(3), {"practice": True}, [Seat("You")])
    practice.act(practice.engine.legal_actions(practice.state, 0)[0])
    assert practice.undo_limit() == 1
    assert practice.undo() and len(practice.steps) == 0


def test_nothing_is_taken_back_once_the_game_is_over():
    """Its result is counted by then (even in practice, where undo goes furthest)."""
    match = Match.start(GAME, Setup(3), {"practice": True}, [Seat("You")])
    rng = Rng(3)
    player = RandomPlayer()
    while match.outcome() is None:
        legal = match.engine.legal_actions(match.state, 0)
        before_end = match.undo_span(0)
        match.act(player.choose(match.engine.view(match.state, 0), legal, rng))
    assert before_end[0] > 0  # practice: the last move could still be taken back before it
    back, why = match.undo_span(0)
    assert back == 0 and "over" in why
    assert not match.undo() and match.outcome() is not None
