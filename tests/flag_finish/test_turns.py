"""Warm-up turns: one action each, a draw is always followed by a discard, plays in order."""
import dataclasses

from tests.flag_finish.helpers import SEQUENCE, act, deal, fill, refused, run, start
from game.core import Gesture, IllegalAction
from game.flag_finish import ENGINE
from game.flag_finish.actions import Discard, DrawPile, Play, TakeDiscard

import pytest

ANNA = SEQUENCE + ["flag-1"]
BO = fill([], ANNA)


def race():
    """Anna holds a whole sequence; Bo starts (Anna turns up flag-2, Bo green-4)."""
    return start(deal([ANNA, BO], flips=["flag-2", "green-4"], then=["blue-10", "green-0"]))


def test_draw_then_discard_is_one_turn():
    state = race()
    assert ENGINE.to_act(state) == [1]
    state, events = act(state, "1 draw_pile 0")
    assert ENGINE.to_act(state) == [1], "the turn goes on until the discard"
    assert state.hands[1][-1] == "blue-10" and state.owes[1]
    legal = ENGINE.legal_actions(state, 1)
    assert legal and all(isinstance(a, Discard) for a in legal) and len(legal) == 13
    assert refused(state, "1 take_discard green-4 0") == "Discard a card first."
    assert refused(state, "1 draw_pile 0") == "Discard a card first."
    assert refused(state, "0 play red-0 0") == "It is Bo's turn."
    state, events = act(state, "1 discard blue-10 0")
    assert ENGINE.to_act(state) == [0] and not state.owes[1]
    assert state.discard[-1] == "blue-10" and len(state.hands[1]) == 12
    assert events[-1].kind == "phase" and "Anna" in events[-1].text


def test_a_discard_needs_a_draw_first():
    assert refused(race(), "1 discard " + BO[0] + " 0").startswith("Draw a card first")


def test_take_any_discard_but_not_straight_back():
    state = run(race(), "1 take_discard flag-2 0")
    assert "flag-2" in state.hands[1] and state.discard == ["green-4"]
    assert "discard a different card" in refused(state, "1 discard flag-2 0")
    assert refused(state, "1 discard red-0 0") == "red-0 is not in your hand."
    state = run(state, f"1 discard {BO[0]} 0")
    assert state.discard == ["green-4", BO[0]]
    assert refused(run(state, "0 play red-0 0"), "1 take_discard flag-2 0") == \
        "flag-2 is not in the discard pile."


def test_cards_are_played_in_order_zero_to_ten_then_a_flag():
    state = run(race(), "1 draw_pile 0", "1 discard blue-10 0")
    assert refused(state, "0 play orange-1 0") == "Play 0 next."
    assert refused(state, "0 play flag-1 0") == "Play 0 next: the flag comes after 10."
    state = run(state, "0 play red-0 0")
    assert state.rows[0] == ["red-0"] and ENGINE.to_act(state) == [1]
    assert ENGINE.view(state, 1)["next_needed"][0] == 1
    state = run(state, "1 draw_pile 0", "1 discard green-0 0")
    assert refused(state, "0 play yellow-2 0") == "Play 1 next."


def test_only_the_needed_cards_are_offered_as_plays():
    state = run(race(), "1 draw_pile 0", "1 discard blue-10 0")
    plays = [a for a in ENGINE.legal_actions(state, 0) if isinstance(a, Play)]
    assert plays == [Play(0, "red-0")]
    takes = [a for a in ENGINE.legal_actions(state, 0) if isinstance(a, TakeDiscard)]
    assert {a.card for a in takes} == {"flag-2", "green-4", "blue-10"}


def test_gestures_do_the_actions_and_wrong_drops_say_why():
    state = race()
    assert ENGINE.action_for(state, 1, Gesture("?", "draw", "hand1")) == [DrawPile(1)]
    assert ENGINE.action_for(state, 1, Gesture("green-4", "discard", "hand1")) == \
        [TakeDiscard(1, "green-4")]
    state = run(state, "1 draw_pile 0", "1 discard blue-10 0")
    with pytest.raises(IllegalAction, match="Play 0 next."):
        ENGINE.action_for(state, 0, Gesture("orange-1", "hand0", "row0"))
    assert ENGINE.refuse(state, 0, Gesture("red-0", "hand0", "row1")) == "Play onto your own row."
    assert ENGINE.refuse(state, 0, Gesture("?", "hand1", "hand0")) == "That is not your hand."
    assert ENGINE.refuse(state, 1, Gesture("?", "draw", "hand1")) == "It is Anna's turn."
    assert ENGINE.refuse(state, 0, Gesture("red-0", "hand0", "discard")) == \
        "Draw a card first: a discard only follows a draw."
    assert ENGINE.action_for(state, 0, Gesture("red-0", "hand0", "row0#0")) == [Play(0, "red-0")]
    assert ENGINE.gestures(state, Discard(0, "red-0")) == [Gesture("red-0", "hand0", "discard")]


def test_action_texts_round_trip_with_their_time():
    state = race()
    for text in ["1 draw_pile 0", "0 take_discard red-4 1500", "2 discard flag-3 99",
                 "1 play green-0 12840", "0 close 700", "1 next_race 0"]:
        action = ENGINE.parse_action(text)
        assert action.text() == text
        assert ENGINE.parse_action(action.text()).ms == action.ms
    for action in ENGINE.legal_actions(state, 1):
        assert ENGINE.parse_action(action.text()) == action and ENGINE.describe(action)
    later = dataclasses.replace(DrawPile(1), ms=900)
    assert later == DrawPile(1) and later.text() == "1 draw_pile 900"


def test_time_never_runs_backwards():
    state = run(race(), "1 draw_pile 2000")
    assert refused(state, "1 discard blue-10 1999") == \
        "That time (1.999 s) is earlier than the last action (2.000 s)."
    assert refused(state, "1 discard blue-10 -5") == "Race times count up from 0."
    run(state, "1 discard blue-10 2000")


def test_moves_are_described_in_words_not_card_ids():
    """The hint and the buttons say 'Play green 7', as the log does, never 'green-7'."""
    assert ENGINE.describe(Play(0, "green-7")) == "Play green 7"
    assert ENGINE.describe(TakeDiscard(1, "red-4")) == "Take red 4"
    assert ENGINE.describe(Discard(0, "flag-3")) == "Discard a flag"
    assert ENGINE.describe(DrawPile(0)) == "Draw from the pile"
