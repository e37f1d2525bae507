"""A match keeps a few hundred states, not one per action, and rebuilds any other exactly."""
from __future__ import annotations

import gc

from game.core.engine import Seat, Setup
from game.core.players import make_player
from game.core.rng import Rng
from game.core.session import Match, StateHistory


def long_match(actions: int = 1500) -> tuple[Match, list[str]]:
    seats = [Seat("A", "computer", "random"), Seat("B", "computer", "random")]
    options = {"rounds": True, "target": 200}
    for seed in range(1, 30):
        match = Match.start("finito", Setup(seed), options, seats)
        players = [make_player("finito", "random") for _ in seats]
        _, done = match.engine.play_out(match.state, players, Rng(seed))
        if len(done) >= actions:
            return Match.start("finito", Setup(seed), options, seats), [a.text() for a in done[:actions]]
    raise AssertionError("no long match")


def test_every_state_is_rebuilt_exactly_and_few_are_kept():
    match, texts = long_match()
    full = [match.state]  # the plain way: every state, one by one
    engine = match.engine
    for text in texts:
        full.append(engine.apply(full[-1], engine.parse_action(text))[0])
    match.replay(texts)
    history = match.states
    assert isinstance(history, StateHistory) and len(history) == len(full)
    assert len(history._kept) <= history.recent + len(full) // history.every + 2
    for index in (0, 1, 5, 127, 128, 129, 700, len(full) - 300, len(full) - 257, len(full) - 1):
        assert engine.digest(history[index]) == engine.digest(full[index]), index
    assert [engine.digest(s) for s in history] == [engine.digest(s) for s in full]
    assert history[-1] is history[len(full) - 1] is match.state
    assert history[3] is history[3]  # a rebuilt state stays the same object for a while


def test_undo_far_back_in_practice_rebuilds_the_states_it_needs():
    match, texts = long_match(900)
    reference = Match.start(match.game_id, match.setup, match.options, match.seats)
    match.options = {**match.options, "practice": True}  # undo as far back as it goes
    match.replay(texts)
    engine = match.engine
    reference.replay(texts[:500])
    for _ in range(400):
        assert match.undo()
    assert len(match.steps) == 500
    assert engine.digest(match.state) == engine.digest(reference.state)
    match.replay(texts[500:600])  # and play on from there
    reference.replay(texts[500:600])
    assert engine.digest(match.state) == engine.digest(reference.state)


def test_replay_leaves_the_garbage_collector_as_it_found_it():
    match, texts = long_match(50)
    assert gc.isenabled()
    match.replay(texts)
    assert gc.isenabled()
    gc.disable()
    try:
        match.replay([])
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_match_says_whether_an_action_could_be_taken_back():
    """The undo rule in one place: an action that shows a hidden card cannot be undone,
    except in practice; the table's tips ask the match, never work it out."""
    match = Match.start("finished", Setup(5), None, [Seat("Ann")])
    engine = match.engine
    legal = engine.legal_actions(match.state, 0)
    reveals = [a for a in legal if any(e.reveals for e in engine.apply(match.state, a)[1])]
    quiet = [a for a in legal if a not in reveals]
    assert reveals and quiet
    assert not match.could_take_back(reveals[0]) and match.could_take_back(quiet[0])
    practice = Match.start("finished", Setup(5), {"practice": True}, [Seat("Ann")])
    assert practice.could_take_back(reveals[0])
