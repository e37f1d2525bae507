"""Continue reads only what it lists: a save's header (summary near the top) is read without
replaying, and the replay happens when a save is opened, with progress (issue 17)."""
from __future__ import annotations

import pytest
import yaml

from game.core import Seat, Setup
from game.core.safeyaml import dump_yaml
from game.core.paths import saves_dir
from game.core.players import RandomPlayer
from game.core.registry import engine, game_ids
from game.core.rng import Rng
from game.core.saves import (LoadCancelled, SaveProblem, list_saves, load_save, read_header,
                             record_of, write_save)
from game.core.session import Match

SEATS = {"finished": [Seat("Anna")], "flag-finish": [Seat("Anna"), Seat("Bo", "computer")],
         "finito": [Seat("Anna"), Seat("Bo"), Seat("Cy", "computer")]}


def in_saves(name: str):
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return folder / name


def played(game: str = "finished", moves: int = 12, seed: int = 5) -> Match:
    match = Match.start(game, Setup(seed), None, SEATS[game])
    rng = Rng(seed)
    for _ in range(moves):
        if match.outcome() is not None:
            break
        seat = match.engine.to_act(match.state)[0]
        match.act(RandomPlayer().choose({}, match.engine.legal_actions(match.state, seat), rng))
    return match


@pytest.fixture
def applies(monkeypatch):
    """Counts every engine.apply (the replay's work) in every game."""
    calls = []
    for game in game_ids():
        rules = engine(game)
        real = rules.apply

        def counting(state, action, _real=real):
            calls.append(action)
            return _real(state, action)

        monkeypatch.setattr(rules, "apply", counting)
    return calls


def test_a_save_carries_a_summary_before_its_actions():
    match = played("finito", 9)
    text = write_save(match).read_text()
    data = yaml.safe_load(text)
    assert data["summary"] == {"moves": 9,
                               "text": match.engine.view(match.state, None)["status"]}
    assert text.index("summary:") < text.index("setup:") < text.index("actions:")


@pytest.mark.parametrize("game", sorted(SEATS))
def test_the_header_is_read_without_replaying(game, applies):
    match = played(game, 15)
    path = write_save(match)
    applies.clear()
    header = read_header(path)
    assert applies == []
    assert header.game == game and [s.name for s in header.seats] == [s.name for s in match.seats]
    assert [s.kind for s in header.seats] == [s.kind for s in match.seats]
    assert header.options == match.options and header.status == "playing"
    assert header.moves == 15 and header.digest and not header.recorded
    assert header.progress == f"15 moves - {match.engine.view(match.state, None)['status']}"


def test_listing_a_hundred_saves_never_replays(applies):
    for n in range(100):
        write_save(played(("finished", "flag-finish", "finito")[n % 3], 3 + n % 7, seed=n))
    applies.clear()
    entries = list_saves(replay=False)
    assert len(entries) == 100 and all(e.ok and e.match is None for e in entries)
    assert applies == []
    assert sorted(e.header.moves for e in entries) == sorted(3 + n % 7 for n in range(100))


def test_an_old_save_without_a_summary_lists_its_move_count():
    data = record_of(played(moves=12))
    data.pop("summary")
    path = in_saves("old.yaml")
    path.write_text(dump_yaml(data))
    [entry] = list_saves(replay=False)
    assert entry.ok and entry.header.progress == "12 moves"
    assert len(load_save(path).steps) == 12


def test_a_save_cut_inside_its_actions_is_refused_by_its_summary():
    """Without a digest, a cut at a line boundary used to load silently with fewer moves."""
    data = record_of(played(moves=12))
    data.pop("digest")
    path = in_saves("cut.yaml")
    text = dump_yaml(data)
    path.write_text(text[: text.rindex("- ")])  # the last action line is gone
    [entry] = list_saves(replay=False)
    assert not entry.ok and "cut short" in entry.problem.reason
    with pytest.raises(SaveProblem, match="cut short"):
        load_save(path)


@pytest.mark.parametrize("shape", ["flow list", "digest last", "comment", "quoted"])
def test_actions_in_any_yaml_shape_read_the_same(shape):
    """A file as finis writes it skips the YAML parser for its action lines; any other shape
    is parsed whole and means the same."""
    match = played(moves=10)
    data = record_of(match)
    actions = data.pop("actions")
    if shape == "flow list":
        text = dump_yaml(data) + "actions: [" + ", ".join(actions) + "]\n"
    elif shape == "digest last":
        digest = data.pop("digest")
        text = dump_yaml(data) + dump_yaml({"actions": actions, "digest": digest})
    elif shape == "comment":
        text = dump_yaml(data) + "actions:\n" + "".join(f"- {a}  # why\n" for a in actions)
    else:
        text = dump_yaml(data) + "actions:\n" + "".join(f"- '{a}'\n" for a in actions)
    path = in_saves("shape.yaml")
    path.write_text(text)
    assert read_header(path).moves == 10
    assert [a.text() for a in load_save(path).actions] == actions


def test_a_duplicate_actions_key_before_the_list_is_refused():
    text = write_save(played(moves=4)).read_text()
    path = in_saves("twice.yaml")
    path.write_text(text.replace("setup:", "actions: []\nsetup:", 1))
    with pytest.raises(SaveProblem, match="duplicate key 'actions'"):
        read_header(path)


def test_a_load_reports_progress_and_can_be_stopped():
    match = played("flag-finish", 700, seed=2)
    path = write_save(match)
    seen = []
    loaded = load_save(path, progress=lambda done, total: seen.append((done, total)))
    assert len(loaded.steps) == 700 and seen[-1] == (700, 700) and len(seen) >= 2
    kept = path.read_bytes()

    def stop(done, total):
        raise LoadCancelled()

    with pytest.raises(LoadCancelled):
        load_save(path, progress=stop)
    assert path.read_bytes() == kept
