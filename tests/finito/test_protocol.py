"""Finito! against the engine protocol: text forms, views, hidden counters, gestures,
determinism, the data file and the explicit deal."""
from __future__ import annotations

import copy
import json

import pytest

from game.core import Gesture, Rng, Seat, Setup, to_json
from game.core.players import RandomPlayer
from game.core.registry import DataError, game_info, load_data, players
from game.finito import ENGINE, PLAYERS, DealError, Keep, Move, NextRound, Place
from game.finito.data import parse_data

from tests.finito.helpers import ASCENDING_ROLLS, SORTED, act, ascending_plan, new, place_all, play

VIEW_KEYS = {"zones", "to_act", "status", "roll", "phase", "boards", "offers", "pool_counts",
             "targets", "round", "scores", "target_score", "rolls", "layout"}


def strings(data):
    """Every string anywhere inside JSON-able data."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from strings(key)
            yield from strings(value)
    elif isinstance(data, (list, tuple)):
        for value in data:
            yield from strings(value)


# -- actions ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text, action", [
    ("0 place 3 27", Place(0, 3, 27)),
    ("1 move 10 26", Move(1, 10, 26)),
    ("2 keep", Keep(2)),
    ("0 next", NextRound(0)),
])
def test_text_forms(text, action):
    assert ENGINE.parse_action(text) == action
    assert action.text() == text


def test_every_legal_action_round_trips_through_text():
    state = new(seats=4, counters=[SORTED] * 4, rolls=ASCENDING_ROLLS + [5])
    seen = set()
    rng = Rng(3)
    for _ in range(60):
        if ENGINE.outcome(state) is not None:
            break
        seat = ENGINE.to_act(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        for action in legal:
            assert ENGINE.parse_action(action.text()) == action
            seen.add(action.kind)
        state, _ = ENGINE.apply(state, rng.choice(legal))
    assert {"place", "move", "keep"} <= seen


def test_describe_labels():
    assert ENGINE.describe(Keep(0)) == "Keep the board as it is"
    assert ENGINE.describe(NextRound(0)) == "Start the next round"
    assert ENGINE.describe(Place(0, 3, 27)) == "Put 3 on the right-hand 15"
    assert ENGINE.describe(Move(0, 10, 24)) == "Move 10 to the left-hand 14"
    assert ENGINE.describe(Move(0, 12, 34)) == "Move 12 to the 19"


# -- views -----------------------------------------------------------------------------------

def test_view_has_the_agreed_keys_and_is_json():
    state = new(seats=3, counters=[SORTED] * 3, rolls=[15])
    view = ENGINE.view(state, 1)
    assert VIEW_KEYS <= set(view)
    json.loads(to_json(view))
    assert view["to_act"] == [0, 1, 2] and view["targets"] == [[26, 27]] * 3
    assert view["scores"] == [0, 0, 0] and view["target_score"] == 30 and view["round"] == 1
    assert len(view["layout"]) == 36 and all(len(b) == 36 for b in view["boards"])
    assert set(view["zones"]) == {f"{z}{s}" for z in ("board", "offer", "pool") for s in range(3)}


def test_views_never_show_face_down_counters():
    state = new(seats=2, rolls=[15, 3])
    for seat in (0, 1, None):
        hidden = ENGINE.hidden_pieces(state, seat)
        assert hidden == {f"p{s}-{n}" for s in (0, 1) for n in range(4, 13)}
        assert not hidden & set(strings(ENGINE.view(state, seat)))
    state, _ = act(state, "0 place 1 26")
    assert "p0-4" not in ENGINE.hidden_pieces(state, 0)
    assert "p0-4" in ENGINE.view(state, 1)["offers"][0]


def test_hidden_counters_stay_hidden_through_a_random_game():
    state = ENGINE.new_game(Setup(seed=8), {"rounds": True, "target": 5},
                            [Seat("A"), Seat("B", "computer"), Seat("C")])
    rng = Rng(8)
    while ENGINE.outcome(state) is None:
        seat = ENGINE.to_act(state)[0]
        view = ENGINE.view(state, seat)
        assert not ENGINE.hidden_pieces(state, seat) & set(strings(view))
        state, _ = ENGINE.apply(state, RandomPlayer().choose(view, ENGINE.legal_actions(state, seat), rng))
        pieces = [p for s in range(3) for zone in ("board", "offer") for p in
                  ENGINE.view(state, None)["zones"][f"{zone}{s}"] if p]
        assert len(pieces) == len(set(pieces))
        assert len(pieces) + sum(ENGINE.view(state, None)["pool_counts"]) == 36
    assert max(ENGINE.outcome(state).scores) >= 5


# -- gestures --------------------------------------------------------------------------------

def test_gestures_for_placing_and_moving_and_buttons():
    state = new(rolls=[15])
    gesture = Gesture("p0-3", "offer0", "board0#27")
    assert ENGINE.gestures(state, Place(0, 3, 27)) == [gesture]
    assert ENGINE.action_for(state, 0, gesture) == [Place(0, 3, 27)]
    assert ENGINE.gestures(state, Move(0, 10, 26)) == [Gesture("p0-10", "board0", "board0#26")]
    assert ENGINE.gestures(state, Keep(0)) == [] and ENGINE.gestures(state, NextRound(0)) == []


# -- events, determinism, copies ---------------------------------------------------------------

def test_die_rolls_and_turned_counters_are_reveals_placements_are_not():
    state = new(rolls=[15, 4])
    state, events = act(state, "0 place 1 26")
    assert [(e.kind, e.reveals) for e in events] == [("move", False), ("flip", True)]
    state, events = act(state, "1 place 1 26")
    assert events[-1].kind == "roll" and events[-1].reveals and events[-1].value == 4


def test_same_seed_same_game_and_snapshots():
    one, out_one = play(["good", "simple"], 12)[1], play(["good", "simple"], 12)[0]
    two, out_two = play(["good", "simple"], 12)[1], play(["good", "simple"], 12)[0]
    assert ENGINE.digest(one) == ENGINE.digest(two)
    assert out_one.to_dict() == out_two.to_dict()
    json.loads(to_json(ENGINE.snapshot(one)))


def test_apply_never_changes_the_state_passed_in():
    state = new(rolls=[15, 4])
    before = ENGINE.snapshot(state)
    ENGINE.apply(state, Place(0, 1, 26))
    assert ENGINE.snapshot(state) == before
    copy = state.clone()
    copy.boards[0][0] = 5
    copy.offers[1].append(9)
    assert state.boards[0][0] == 0 and 9 not in state.offers[1]


def test_replaying_the_actions_rebuilds_the_state():
    state = ENGINE.new_game(Setup(seed=21), {"rounds": True, "target": 15},
                            [Seat("A", "computer"), Seat("B", "computer")])
    start = state
    rng, texts = Rng(4), []
    good = PLAYERS["good"]()
    while ENGINE.outcome(state) is None:
        seat = ENGINE.to_act(state)[0]
        action = good.choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng)
        texts.append(action.text())
        state, _ = ENGINE.apply(state, action)
    again = start
    for text in texts:
        again, _ = ENGINE.apply(again, ENGINE.parse_action(text))
    assert ENGINE.digest(again) == ENGINE.digest(state)
    assert ENGINE.outcome(state).details["rounds"] >= 2


# -- the data file and the explicit deal ---------------------------------------------------------

def test_registered_game_section():
    info = game_info("finito")
    assert info.title == "Finito!" and info.engine_module == "game.finito" and info.order == 4
    assert (info.min_seats, info.max_seats) == (2, 4)
    assert info.strengths == ("random", "simple", "good") and info.default_strength == "good"
    assert info.default_options() == {"rounds": False, "target": 30}
    target = info.option("target")
    assert (target.minimum, target.maximum) == (5, 200) and target.help
    assert set(info.strengths) <= set(players("finito"))
    assert PLAYERS["random"] is RandomPlayer


def test_data_file_is_valid():
    data = parse_data(load_data("finito"))
    assert len(data.layout) == 36 and data.faces == tuple(range(1, 21))
    assert data.max_rolls >= 12
    assert any(str(data.max_rolls) in note for note in data.decisions)


@pytest.mark.parametrize("change, key", [
    (lambda d: d["board"].__setitem__("layout", d["board"]["layout"][:35]), "board.layout"),
    (lambda d: d["board"]["layout"].__setitem__(3, 2), "board.layout[3]"),
    (lambda d: d["board"]["layout"].__setitem__(0, "one"), "board.layout[0]"),
    (lambda d: d["die"].__setitem__("faces", list(range(1, 22))), "board.layout"),
    (lambda d: d["die"].__setitem__("faces", [1, 1]), "die.faces"),
    (lambda d: d.pop("die"), "die.faces"),
    (lambda d: d["board"].__setitem__("columns", 5), "board.columns"),
    (lambda d: d.__setitem__("max_rolls_per_round", 3), "max_rolls_per_round"),
])
def test_bad_data_is_refused_with_file_key_and_reason(change, key):
    data = copy.deepcopy(load_data("finito"))  # load_data hands out a shared, cached dict
    change(data)
    with pytest.raises(DataError) as caught:
        parse_data(data)
    assert caught.value.file == "finito.yaml" and caught.value.key == key and caught.value.reason


@pytest.mark.parametrize("deal, words", [
    ({"counters": [SORTED]}, "one list per seat is needed (2), got 1"),
    ({"counters": [SORTED, SORTED[:11] + [11]]}, "seat 1: must hold each of 1 to 12 exactly once"),
    ({"counters": [SORTED, "abc"]}, "seat 1: must be a list of whole numbers"),
    ({"rolls": [3, 21]}, "rolls[1]: 21 is not a face of the die"),
    ({"rolls": 5}, "must be a list of die numbers"),
    ({"cards": []}, "unknown key(s) cards"),
    ("nonsense", "must be a mapping"),
])
def test_bad_deals_are_refused_clearly(deal, words):
    with pytest.raises(DealError) as caught:
        ENGINE.new_game(Setup(seed=1, deal=deal), {"rounds": False, "target": 30},
                        [Seat("A"), Seat("B")])
    assert words in str(caught.value)


def test_a_deal_may_be_a_bare_list_of_counter_orders():
    order = [12, 11, 10] + SORTED[:9]
    state = ENGINE.new_game(Setup(seed=1, deal=[order, SORTED]), {"rounds": False, "target": 30},
                            [Seat("A"), Seat("B")])
    assert state.offers == [[12, 11, 10], [1, 2, 3]]


def test_seat_count_is_checked():
    with pytest.raises(ValueError):
        ENGINE.new_game(Setup(seed=1), {"rounds": False, "target": 30}, [Seat("A")])


def test_a_full_ascending_game_in_order_of_events():
    state = new(counters=[SORTED, SORTED], rolls=ASCENDING_ROLLS)
    state, events = place_all(state, ascending_plan(2))
    kinds = [e.kind for e in events]
    assert kinds.count("roll") == 11 and kinds[-1] == "end"
    assert ENGINE.outcome(state).details["round_rolls"] == [12]
