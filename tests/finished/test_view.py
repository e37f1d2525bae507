"""The Finished! view is exactly what `FinishedView` says, and its names are the engine's."""
from __future__ import annotations

from collections import Counter

import pytest

from game.core import Rng, Seat, Setup
from game.finished import ENGINE
from game.finished import view as fv
from game.finished.reasons import PICK_TARGET
from game.finished.state import State

from tests.finished.helpers import new, play
from tests.core.typed_views import problems


WEIGHTS = {"move": 0, "unpick": 1, "cancel": 1, "done": 2, "activate": 3, "confirm": 4,
           "pick": 5}  # random play prefers the last kinds, so actions get used


def random_states(seed: int, level: str, practice: bool, steps: int = 600) -> list[State]:
    """Every state of a random game that uses actions often (sorting moves are rare)."""
    rng = Rng(seed)
    state = ENGINE.new_game(Setup(seed), {"level": level, "practice": practice},
                            [Seat("tester")])
    states = [state]
    for _ in range(steps):
        legal = ENGINE.legal_actions(state, 0)
        if not legal:
            break
        action = rng.choice(sorted(legal, key=lambda a: WEIGHTS[a.kind])[-3:]
                            if rng.random() < 0.8 else legal)
        state, _ = ENGINE.apply(state, action)
        states.append(state)
    return states


@pytest.fixture(scope="module")
def many_states() -> list[State]:
    states: list[State] = []
    for seed, level, practice in ((1, "very-easy", False), (2, "difficult", False),
                                  (3, "very-easy", True), (4, "easy", False),
                                  (5, "very-easy", False), (6, "regular", True)):
        states += random_states(seed, level, practice)
    return states


def test_the_random_games_reach_every_kind_of_state(many_states):
    """The states below cover what the type must describe, or the next test proves little."""
    views = [ENGINE.view(s, 0) for s in many_states]
    phases = Counter(v["phase"] for v in views)
    assert set(phases) == set(fv.PHASES), phases
    waiting = Counter(v["pending"]["action"] for v in views if v["pending"])
    assert set(waiting) == set(PICK_TARGET), waiting
    assert any(len(v["future_zones"]) > 2 for v in views), "no two Future Areas at once"
    assert any(v["pending"] and v["pending"]["picked"] for v in views)
    assert any(v["sweets_on"] for v in views) and any(v["used"] for v in views)
    assert len({v["result"] for v in views}) > 1, "no game ended"


def test_view_returns_exactly_the_typed_keys_and_types(many_states):
    for state in many_states:
        view = ENGINE.view(state, 0)
        assert problems(dict(view), fv.FinishedView) == [], state.snapshot()
        if view["pending"] is not None:
            assert problems(dict(view["pending"]), fv.PendingView) == []


def test_the_view_names_only_the_engines_zones_phases_and_results(many_states):
    for state in many_states:
        view = ENGINE.view(state, 0)
        areas = view["future_zones"]
        assert areas[0] == fv.FUTURE
        assert areas[1:] == [fv.future_area(i) for i in range(len(state.futures))]
        assert set(view["zones"]) == set(fv.ZONES) | set(areas)
        assert view["phase"] in fv.PHASES
        assert view["result"] in fv.RESULTS + ("",)
        assert view["step"] == (fv.ACTION_STEP if view["phase"] != fv.OVER else None)
        for zone in (fv.SWEETS_ACTIVE, fv.SWEETS_RESERVED, fv.COFFEE):
            assert set(view["zones"][zone]) <= set(fv.TOKENS)
            assert len(view["zones"][zone]) <= fv.most_tokens()[zone], "the table has no room"
        for zone, pieces in view["zones"].items():
            if zone not in fv.TOKEN_ZONES + (fv.DRAW,):
                assert all(fv.card_of(p) is not None for p in pieces), (zone, pieces)
        if view["pending"] is not None:
            p = view["pending"]
            assert p["target"] in fv.ZONES
            assert p["missing"] == max(0, p["need"] - len(p["picked"]))
            assert p["can_confirm"] == (p["missing"] == 0)


def test_events_name_only_the_zones_and_tokens_the_view_declares():
    """The constants are the engine's own names: every event's places are among them."""
    places: set[str] = set()
    for seed in (1, 2, 3):
        state = random_states(seed, "very-easy", False, steps=1)[0]
        rng = Rng(seed + 100)
        for _ in range(500):
            legal = ENGINE.legal_actions(state, 0)
            if not legal:
                break
            state, events = ENGINE.apply(state, rng.choice([a for a in legal
                                                            if a.kind != "move"] or legal))
            for e in events:
                for place in (e.source, e.target):
                    if place and fv.card_of(place) is None:
                        places.add(place)
                if e.kind == "token":
                    assert e.piece in fv.TOKENS, e
    known = set(fv.ZONES) | {fv.BOX} | {fv.future_area(i) for i in range(10)}
    assert places <= known, places - known
    assert {fv.FUTURE, fv.DRAW, fv.PRESENT, fv.PAST, fv.FINISHED} <= places


def test_action_kinds_are_the_engines():
    assert set(fv.ACTION_KINDS) == set(ENGINE.actions)


def test_future_zones_list_the_aside_row_then_the_areas_oldest_first():
    state, _ = play(new([16, 2, 3, 24, 5, 6, 7]), "activate 16")  # All Cards into the Future
    view = ENGINE.view(state, 0)
    assert view["future_zones"] == [fv.FUTURE, fv.future_area(0)]
    assert view["zones"][fv.future_area(0)] == ["c16", "c2", "c3"]


def test_pending_says_how_many_picks_are_missing():
    state, _ = play(new([5, 30, 20]), "activate 5")  # Cards into the Past wants two
    assert ENGINE.view(state, 0)["pending"]["missing"] == 2
    state, _ = play(state, "pick 30")
    assert ENGINE.view(state, 0)["pending"]["missing"] == 1
    state, _ = play(state, "pick 20")
    assert ENGINE.view(state, 0)["pending"]["missing"] == 0


def test_card_of_and_piece_id_are_inverse_and_refuse_other_pieces():
    assert all(fv.card_of(fv.piece_id(n)) == n for n in range(1, 49))
    for other in (fv.SWEET, fv.COFFEE_CUP, "?", "c0", "c49", "cx", ""):
        assert fv.card_of(other) is None


def test_most_tokens_are_the_levels_biggest_supplies():
    assert fv.most_tokens() == {fv.COFFEE: 7, fv.SWEETS_ACTIVE: 10, fv.SWEETS_RESERVED: 10}
    assert list(fv.most_tokens()) == list(fv.TOKEN_ZONES)  # the table stacks them in this order
