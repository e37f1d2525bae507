"""Counts read with the right plural and whole scores read as whole numbers, in every game."""
from __future__ import annotations

import random

import pytest

from game.core import Seat, Setup
from game.core.registry import engine
from game.core.text import plural, score_text


@pytest.mark.parametrize("count, word, expected", [
    (1, "race", "1 race"), (0, "race", "0 races"), (2, "race", "2 races"),
    (1.0, "point", "1 point"), (21.0, "point", "21 points"), (1, "match", "1 match"),
    (3, "match", "3 matches"),
])
def test_plural(count, word, expected):
    assert plural(count, word) == expected


@pytest.mark.parametrize("value, expected", [
    (21.0, "21"), (4.0, "4"), (0.0, "0"), (21, "21"), (4.5, "4.5"), (2.25, "2.25"),
    (1 / 3, "0.33"), (None, "None"), ("", ""), (True, "True"),
])
def test_score_text(value, expected):
    assert score_text(value) == expected


def _play_out(game_id, options, seats=2, seed=4):
    eng = engine(game_id)
    state = eng.new_game(Setup(seed), options, [Seat(f"P{i}") for i in range(seats)])
    rng = random.Random(seed)
    while eng.outcome(state) is None:
        legal = [a for s in range(seats) for a in eng.legal_actions(state, s)]
        state, _ = eng.apply(state, rng.choice(legal))
    return eng, state


def test_a_one_race_match_ends_after_1_race_with_whole_scores():
    eng, state = _play_out("flag-finish", {"mode": "warm-up", "races": 1}, seed=4)
    outcome = eng.outcome(state)
    assert state.race == 1 and outcome.summary.endswith(" with 8 points after 1 race.")
    assert all(type(s) is int for s in outcome.scores)
    state = state.clone()
    state.match_scores = [1, 5]
    state.winners = [0]
    assert eng.outcome(state).summary.endswith(" wins with 1 point after 1 race.")


def test_finito_scores_are_whole_numbers_and_its_summaries_count_right():
    eng, state = _play_out("finito", {"rounds": True, "target": 5}, seats=3)
    outcome = eng.outcome(state)
    assert all(type(s) is int for s in outcome.scores), outcome.scores
    state = state.clone()
    state.round, state.winners, state.totals = 1, [0], [1, 0, 0]
    assert eng.summary(state).endswith("wins with 1 point after 1 round.")
    state.round, state.totals = 2, [7, 0, 0]
    assert eng.summary(state).endswith("wins with 7 points after 2 rounds.")
