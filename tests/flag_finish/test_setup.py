"""Set-up: 12 face-down cards each, then cards turned up until a green: its flipper starts."""
import pytest

from tests.flag_finish.helpers import NAMES, SEQUENCE, deal, fill, run, start
from game.core import Seat, Setup
from game.flag_finish import ENGINE
from game.flag_finish.data import flag_data


def three_hands():
    first = SEQUENCE + ["flag-1"]
    second = fill([], first)
    third = fill([], first + second)
    return [first, second, third]


def test_the_flipper_of_the_first_green_acts_first():
    hands = three_hands()
    state = start(deal(hands, flips=["flag-2", "flag-3", "green-4"]), seats=3)
    assert state.hands == hands
    assert state.discard == ["flag-2", "flag-3", "green-4"]
    assert state.first_player == 2 and ENGINE.to_act(state) == [2]
    view = ENGINE.view(state, 0)
    assert view["first_player"] == 2 and view["last_discard"] == "green-4"
    assert view["phase"] == "racing" and view["race"] == 1


def test_a_green_on_the_first_flip_gives_seat_0_the_start():
    state = start(deal(three_hands()[:2], flips=["green-9"]))
    assert state.first_player == 0 and ENGINE.to_act(state) == [0]


def test_the_opening_events_deal_face_down_and_flip_face_up():
    state = start(deal(three_hands(), flips=["flag-2", "green-4"]), seats=3)
    events = ENGINE.opening_events(state)
    dealt = [e for e in events if e.kind == "move" and e.target and e.target.startswith("hand")]
    assert len(dealt) == 36 and {e.piece for e in dealt} == {"?"}
    flips = [(e.piece, e.seat) for e in events if e.kind == "move" and e.target == "discard"]
    assert flips == [("flag-2", 0), ("green-4", 1)]
    assert "Bo goes first" in events[-1].text


def test_without_a_green_in_the_pile_the_last_flipper_starts():
    greens = [f"green-{n}" for n in range(11)]
    first = fill(greens[:6])
    hands = [first, fill(greens[6:], first)]
    state = start(deal(hands, flips=()))
    assert state.hands == hands
    assert len(state.draw) == 0 and len(state.discard) == 48
    assert state.first_player == 1  # 48 cards turned alternately from seat 0
    state = run(state, "1 draw_pile 0")  # an empty pile is rebuilt from the discards
    assert len(state.discard) == 1 and len(state.draw) == 46 and len(state.hands[1]) == 13


def test_a_seeded_deal_is_repeatable_and_seeds_differ():
    seats = [Seat("Anna"), Seat("Bo")]
    one = ENGINE.new_game(Setup(seed=1), {"mode": "warm-up", "races": 6}, seats)
    again = ENGINE.new_game(Setup(seed=1), {"mode": "warm-up", "races": 6}, seats)
    other = ENGINE.new_game(Setup(seed=2), {"mode": "warm-up", "races": 6}, seats)
    assert ENGINE.digest(one) == ENGINE.digest(again) != ENGINE.digest(other)
    cards = one.draw + one.discard + one.hands[0] + one.hands[1]
    assert sorted(cards) == sorted(flag_data().deck()) and len(cards) == 72


@pytest.mark.parametrize("bad, words", [
    (["red-1"] * 72, "twice"),
    (flag_data().deck()[:71], "71 cards"),
    (flag_data().deck()[:71] + ["pink-3"], "unknown"),
    ("red-1 red-2", "list"),
])
def test_a_bad_explicit_deal_is_refused_with_a_reason(bad, words):
    with pytest.raises(ValueError, match=words):
        ENGINE.new_game(Setup(deal=bad), {"mode": "warm-up", "races": 6},
                        [Seat(n) for n in NAMES[:2]])


def test_seat_counts_outside_2_to_3_are_refused():
    with pytest.raises(ValueError):
        ENGINE.new_game(Setup(), {"mode": "warm-up", "races": 6}, [Seat("Anna")])
