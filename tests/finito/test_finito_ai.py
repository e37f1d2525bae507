"""Finito!'s computer players: legal, deterministic, view-only, and ranked good > simple > random."""
from __future__ import annotations

import json

from game.core import Rng, Seat, Setup, to_json
from game.core.players import make_player
from game.finito import ENGINE, PLAYERS, GoodPlayer, Keep, Move, Place, SimplePlayer

from finito_helpers import ASCENDING_ROLLS, SORTED, ascending_plan, new, place_all, play

GAMES = 160  # seeded games per match-up; seats alternate


def share(strong: str, weak: str, games: int = GAMES, base: int = 500) -> tuple[float, float]:
    """Win share of `strong` against `weak` over seeded two-seat games, and the mean rolls."""
    wins, rolls = 0.0, 0
    for g in range(games):
        order = [strong, weak] if g % 2 == 0 else [weak, strong]
        outcome, _ = play(order, base + g)
        seat = order.index(strong)
        if seat in outcome.winners:
            wins += 1 / len(outcome.winners)
        rolls += outcome.details["rolls"]
    return wins / games, rolls / games


def test_good_beats_simple_measurably():
    good_share, mean_rolls = share("good", "simple")
    assert good_share >= 0.55, good_share
    assert mean_rolls < 30


def test_simple_and_good_always_beat_random():
    for strength in ("simple", "good"):
        good_share, _ = share(strength, "random", games=4)
        assert good_share == 1.0


def test_players_choose_legal_actions_from_a_plain_view_deterministically():
    for strength in ("random", "simple", "good"):
        state = ENGINE.new_game(Setup(seed=3), {"rounds": True, "target": 12},
                                [Seat("A", "computer", strength), Seat("B", "computer", strength)])
        player = make_player("finito", strength)
        twin = PLAYERS[strength]()
        steps = 0
        while ENGINE.outcome(state) is None and steps < 200:
            seat = ENGINE.to_act(state)[0]
            view = json.loads(to_json(ENGINE.view(state, seat)))  # plain data only
            legal = ENGINE.legal_actions(state, seat)
            action = player.choose(view, legal, Rng(steps))
            assert action in legal
            assert twin.choose(view, legal, Rng(steps)) == action
            state, _ = ENGINE.apply(state, action)
            steps += 1


def _one_move_from_finito(roll: int):
    """Both boards: 2 1 3 4 ... 12 on the ascending squares; then `roll`."""
    state = new(rolls=ASCENDING_ROLLS + [roll])
    plan = ascending_plan(2)
    plan[0] = [(2, 0)] * 2
    plan[1] = [(1, 2)] * 2
    state, _ = place_all(state, plan)
    return state


def test_both_take_an_immediate_finito():
    state = _one_move_from_finito(3)  # 2 may go to square 3, behind the 1
    for player in (GoodPlayer(), SimplePlayer()):
        action = player.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0), Rng(1))
        assert action == Move(0, 2, 3)


def test_good_keeps_a_board_a_roll_cannot_improve():
    state = _one_move_from_finito(19)  # only the 19 is free for it: no help for 1 and 2
    action = GoodPlayer().choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0), Rng(1))
    assert action in (Keep(0), Move(0, 12, 34))


def test_placing_the_obvious_counter():
    state = new(counters=[[1, 6, 12] + [n for n in SORTED if n not in (1, 6, 12)], SORTED],
                rolls=[20])
    for player in (GoodPlayer(), SimplePlayer()):
        action = player.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0), Rng(1))
        assert action == Place(0, 12, 35)
    state = new(counters=[[1, 6, 12] + [n for n in SORTED if n not in (1, 6, 12)], SORTED],
                rolls=[1])
    for player in (GoodPlayer(), SimplePlayer()):
        action = player.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0), Rng(1))
        assert action == Place(0, 1, 0)
