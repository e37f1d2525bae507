"""Every refused Finale action says why, in its own words: random illegal actions of every kind
tried at every step of random matches (both line-up options) never get the engine's generic
fallback, and never change the state."""
from __future__ import annotations

import dataclasses

import pytest

from game.core import IllegalAction, Seat, Setup, to_json
from game.core.rng import Rng
from game.finale import ENGINE
from game.finale.data import finale_data
from game.finale.players import RandomPlayer

GENERIC = {"That is not allowed now.", "That card cannot be played now.", "That player cannot go there.",
           "It is not your turn.", ""}


def random_action(state, rng):
    data = finale_data()
    kind = rng.choice(sorted(ENGINE.actions))
    cls = ENGINE.actions[kind]
    seat = rng.randrange(2)
    args = []
    for f in dataclasses.fields(cls)[1:]:
        if f.name == "slot":
            args.append(rng.randrange(4))
        elif f.name == "card":
            args.append(f"{state.coaches[seat].team}-{rng.choice(data.tactics).id}")
        elif f.name == "place":
            args.append(rng.choice(["field", "bench"]))
        elif f.name == "colour":
            args.append(rng.choice(["lilac", "red", "white"]))
        else:
            args.append(rng.choice(data.teams[rng.randrange(2)].players).id)
    return cls(seat, *args)


@pytest.mark.parametrize("seed", range(4))
def test_refusals_name_their_reason_and_change_nothing(seed):
    lineups = "pick" if seed % 2 else "first"
    state = ENGINE.new_game(Setup(seed), {"lineups": lineups}, [Seat("Ann"), Seat("Bo")])
    rng, players = Rng(seed), [RandomPlayer(), RandomPlayer()]
    refused = 0
    while ENGINE.outcome(state) is None:
        before = to_json(ENGINE.snapshot(state))
        for _ in range(4):
            action = random_action(state, rng)
            if action in ENGINE.legal_actions(state, action.seat):
                continue
            with pytest.raises(IllegalAction) as info:
                ENGINE.apply(state, action)
            assert info.value.reason not in GENERIC, (state.phase, action.text(), info.value.reason)
            refused += 1
        assert to_json(ENGINE.snapshot(state)) == before
        seat = ENGINE.to_act(state)[0]
        pick = players[seat].choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng)
        state, _ = ENGINE.apply(state, pick)
    assert refused > 100
