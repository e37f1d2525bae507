"""Finale views: every view has exactly the keys of `FinaleView` with their types, through
whole matches of both line-up options, and a coach never sees the other's hand."""
from __future__ import annotations

import pytest

from game.core import HIDDEN, Seat, Setup, to_json
from game.core.rng import Rng
from game.finale import ENGINE, PLAYERS
from game.finale.view import FinaleView
from tests.core.typed_views import problems


@pytest.mark.parametrize("lineups", ["first", "pick"])
def test_every_view_of_a_whole_match_is_a_finale_view(lineups):
    state = ENGINE.new_game(Setup(6), {"lineups": lineups, "cup_tie": True},
                            [Seat("Ann"), Seat("Bo")])
    players = [PLAYERS["random"](), PLAYERS["random"]()]
    rng = Rng(6)
    phases = set()
    while ENGINE.outcome(state) is None:
        for viewer in (0, 1, None):
            view = ENGINE.view(state, viewer)
            assert problems(view, FinaleView) == [], (state.phase, viewer)
            if viewer is not None and state.phase != "draft":
                other = state.coaches[1 - viewer]
                shown = view["zones"][f"hand{1 - viewer}"]
                assert all(p == HIDDEN or p.endswith("-schlusskarte") for p in shown)
                text = to_json(view)
                for card in other.hand:
                    if card != "schlusskarte":
                        assert f'"{other.team}-{card}"' not in text
        phases.add(state.phase)
        seat = ENGINE.to_act(state)[0]
        action = players[seat].choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng)
        state, _ = ENGINE.apply(state, action)
    assert problems(ENGINE.view(state, 0), FinaleView) == []
    assert {"pick", "mark"} <= phases
