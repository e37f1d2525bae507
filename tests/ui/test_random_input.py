"""Random input over every table (tests/ui/random_input.py): pointer moves, clicks, drags to
lit and unlit places, keys (some while a card is held), text, resizes, short and long frames,
alone, against computers, in hot-seat and with table rules on. No event may raise.

The short run is part of the normal test command (seeded: the same events every time); the
long one is a soak test (`.ci/run --soak`, or FINIS_SOAK=1: every set-up of every game with
FINIS_SOAK_SEEDS seeds of FINIS_SOAK_STEPS steps, 4 of 1,000 by default). A failure names its
game, set-up and seed, with the command that replays it."""
from __future__ import annotations

import os

import pytest

from game.core.registry import playable_ids
from tests.ui.random_input import Session, fixed_clock, setups

SHORT_STEPS = 70
SOAK_SEEDS = int(os.environ.get("FINIS_SOAK_SEEDS", "4"))
SOAK_STEPS = int(os.environ.get("FINIS_SOAK_STEPS", "1000"))


@pytest.mark.parametrize("game", playable_ids())
def test_a_short_burst_of_random_input_on_every_table(game, monkeypatch):
    """Two set-ups a game: the plainest (a person against the computer) and the busiest (hot
    seat or every table rule), a few seconds each."""
    for setup, seed in ((0, 11), (len(setups(game)) - 1, 12)):
        fixed_clock(monkeypatch.setattr, seed)
        Session(game, setup, seed, SHORT_STEPS).run()


@pytest.mark.slow
@pytest.mark.parametrize("game", playable_ids())
def test_long_random_input_on_every_table_and_every_set_up(game, monkeypatch):
    from game.core.saves import list_saves
    for setup in range(len(setups(game))):
        for seed in range(1, SOAK_SEEDS + 1):
            fixed_clock(monkeypatch.setattr, seed)
            Session(game, setup, seed, SOAK_STEPS).run()
            broken = [(e.path, e.problem) for e in list_saves(include_over=True)
                      if e.problem is not None]
            assert not broken, f"{game} set-up {setup} seed {seed}: a save does not reload: {broken}"


def test_a_session_is_the_same_events_every_time(monkeypatch):
    """Replaying by seed works only if a seed always gives the same session."""
    stories = []
    for _ in range(2):
        fixed_clock(monkeypatch.setattr, 5)
        session = Session("finito", 0, 5, 25)
        session.run()
        stories.append(list(session.story))
    assert stories[0] == stories[1] and stories[0]
