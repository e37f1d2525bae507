"""Refusals with reasons, gestures, views, labels and action texts of Finished!."""
from __future__ import annotations

import pytest

from tests.finished.helpers import mid, new, play, rest_of
from game.core import Gesture, IllegalAction, Rng, Seat, Setup, to_json
from game.core.players import RandomPlayer
from game.finished import ENGINE
from game.finished.actions import Activate, Cancel, Confirm, Done, Move, Pick, Unpick


def reason(state, text: str) -> str:
    with pytest.raises(IllegalAction) as caught:
        play(state, text)
    return caught.value.reason


def test_refused_actions_say_why():
    state = new([23, 30, 40, 20, 21])
    state, _ = play(state, "activate 23", "pick 30", "pick 40", "confirm")
    assert reason(state, "activate 23") == "00:23 already used its action this turn " \
                                           "(its sweet is still on it)."
    assert "not in the Present" in reason(state, "activate 30")
    assert reason(state, "pick 20") == "No action is waiting for a choice."
    assert "already at that place" in reason(state, "move 23 0")
    assert "places 0 to 2" in reason(state, "move 23 7")
    assert "No action is waiting" in reason(state, "confirm")
    assert "seat 0" in reason(state, "1 done")


def test_no_sweets_left():
    state = mid(draw=rest_of([9, 30, 40]), present=[9, 30, 40], sweets_active=0,
                sweets_reserved=10)
    assert reason(state, "activate 9") == "No sweets left in your active stash."


@pytest.mark.parametrize("present, past, draw_empty, card, words", [
    ([28, 30, 40], [], False, 28, "its sweet came when it was drawn"),
    ([5], [], False, 5, "needs two cards"),
    ([8, 30], [], False, 8, "The Past is empty"),
    ([9, 30], [], True, 9, "no card left to draw"),
    ([13, 30], [], True, 13, "no card left to draw"),
])
def test_action_preconditions(present, past, draw_empty, card, words):
    rest = rest_of(present, past)
    if draw_empty:
        state = mid(draw=[], present=present, past=past, futures=[rest])
    else:
        state = mid(draw=rest, present=present, past=past)
    assert words in reason(state, f"activate {card}")


def test_choice_refusals():
    state = new([5, 30, 40, 20, 21])
    state, _ = play(state, "activate 5")
    assert "Finish Cards into the Past (00:05) first" in reason(state, "activate 5")
    assert "Finish or cancel Cards into the Past" in reason(state, "move 30 0")
    assert "Finish or cancel" in reason(state, "done")
    assert "Pick 2 more cards" in reason(state, "confirm")
    state, _ = play(state, "pick 30")
    assert "already picked" in reason(state, "pick 30")
    assert "not picked" in reason(state, "unpick 40")
    assert "Pick 1 more card first" in reason(state, "confirm")
    assert "not in the Present" in reason(state, "pick 20")
    state, _ = play(state, "pick 40")
    assert "takes no more cards" in reason(state, "pick 5")
    state, _ = play(state, "unpick 30")
    assert ENGINE.view(state, 0)["pending"]["picked"] == ["c40"]


def test_over_game_refuses_everything():
    state = mid(draw=rest_of([48, 20, 30]), present=[48, 20, 30], coffee=0, round=8)
    state, _ = play(state, "done")
    assert reason(state, "done") == "The game is over."
    assert ENGINE.refuse(state, 0, Gesture("c20", "past", None)) == "The game is over."


def test_gestures_of_each_action():
    state = new([5, 30, 40, 20, 21])
    assert ENGINE.gestures(state, Move(0, 40, 0)) == [Gesture("c40", "present", "present#0")]
    assert Gesture("c5", "present", None) in ENGINE.gestures(state, Activate(0, 5))
    assert Gesture("sweet", "sweets_active", "c5") in ENGINE.gestures(state, Activate(0, 5))
    assert ENGINE.gestures(state, Done(0)) == []
    assert ENGINE.action_for(state, 0, Gesture("sweet", "sweets_active", "c5")) == [Activate(0, 5)]
    assert ENGINE.action_for(state, 0, Gesture("c40", "present", "present#0")) == [Move(0, 40, 0)]
    state, _ = play(state, "activate 5")
    assert ENGINE.action_for(state, 0, Gesture("c30", "present", "past")) == [Pick(0, 30)]
    assert ENGINE.action_for(state, 0, Gesture("c30", "present", None)) == [Pick(0, 30)]
    state, _ = play(state, "pick 30")
    assert ENGINE.action_for(state, 0, Gesture("c30", "present", None)) == [Unpick(0, 30)]
    assert ENGINE.gestures(state, Confirm(0)) == [] and ENGINE.gestures(state, Cancel(0)) == []


def test_refused_gestures_say_why():
    state = new([23, 30, 40, 20, 21])
    refuse = lambda piece, source, target: ENGINE.refuse(state, 0, Gesture(piece, source, target))
    assert "Cards leave the Present only through actions" in refuse("c30", "present", "past")
    assert refuse("c30", "present", None) == "The Past is empty: there is nothing to bring back."
    assert "is face down" in refuse("c20", "draw", "present#0")
    scored = new([1, 30, 40, 41])
    assert "Finished! pile" in ENGINE.refuse(scored, 0, Gesture("c1", "finished", None))
    state, _ = play(state, "activate 23", "pick 30", "pick 40", "confirm")
    refuse = lambda piece, source, target: ENGINE.refuse(state, 0, Gesture(piece, source, target))
    assert "already used its action" in refuse("c23", "present", None)
    assert "already used its action" in refuse("sweet", "sweets_active", "c23")
    assert "keep their order" in refuse("c30", "past", "present#0")
    assert "Drop the sweet on a Present card" in refuse("sweet", "sweets_active", "past")
    assert "already at that place" in refuse("c23", "present", "present#0")
    with pytest.raises(IllegalAction, match="already used"):
        ENGINE.action_for(state, 0, Gesture("c23", "present", None))


def test_refused_gestures_during_a_choice():
    state = new([12, 30, 40, 20, 21])
    state, _ = play(state, "activate 12")
    refuse = lambda piece, source, target: ENGINE.refuse(state, 0, Gesture(piece, source, target))
    assert "sends cards to the Future" in refuse("c30", "present", "past")
    assert "before sorting" in refuse("c30", "present", "present#0")
    assert ENGINE.action_for(state, 0, Gesture("c30", "present", "future")) == [Pick(0, 30)]


def test_labels():
    assert ENGINE.describe(Activate(0, 23)) == "Use 00:23: Cards into the Past"
    assert ENGINE.describe(Activate(0, 9)) == "Use 00:09: Draw a Card"
    assert ENGINE.describe(Done(0)) == "End turn"
    assert ENGINE.describe(Move(0, 7, 0)) == "Move 00:07 to place 1"
    assert ENGINE.describe(Pick(0, 7)) == "Pick 00:07"
    assert ENGINE.describe(Unpick(0, 7)) == "Unpick 00:07"
    assert ENGINE.describe(Confirm(0)) == "Confirm"
    assert ENGINE.describe(Cancel(0)) == "Cancel the action"


def test_view_keys_and_pending_prompt():
    state = new([5, 30, 40, 20, 21])
    view = ENGINE.view(state, 0)
    for key in ("zones", "to_act", "status", "step", "round", "max_rounds", "coffee",
                "sweets_active", "sweets_reserved", "sweets_on", "used", "pending", "draw_count",
                "below_count", "level", "finished_count", "turn", "phase"):
        assert key in view
    assert view["to_act"] == [0] and view["step"] == 4 and view["pending"] is None
    assert view["zones"]["draw"] == ["?"] * 45 and view["draw_count"] == 45
    assert view["status"].startswith("Round 1 of 8, turn 1")
    state, _ = play(state, "activate 5", "pick 40")
    view = ENGINE.view(state, 0)
    pending = view["pending"]
    assert pending["card"] == "c5" and pending["picked"] == ["c40"] and pending["need"] == 2
    assert pending["can_cancel"] and not pending["can_confirm"] and pending["target"] == "past"
    assert "second card" in pending["prompt"] and view["status"] == pending["prompt"]
    assert view["sweets_on"] == {"c5": 1} and view["used"] == ["c5"]


def test_random_games_hide_the_stack_and_conserve_cards_sweets_and_coffee():
    rng = Rng(3)
    player = RandomPlayer()
    for seed, level in enumerate(("very-easy", "easy", "regular", "difficult")):
        state = ENGINE.new_game(Setup(seed), {"level": level, "practice": False}, [Seat("me")])
        start_coffee = state.coffee
        for _ in range(400):
            if ENGINE.outcome(state) is not None:
                break
            view = ENGINE.view(state, 0)
            text = to_json(view)
            for piece in ENGINE.hidden_pieces(state, 0):
                assert f'"{piece}"' not in text
            assert to_json(ENGINE.view(state, None)) == text
            cards = (state.draw + state.present + state.past + state.aside + state.finished
                     + [c for area in state.futures for c in area])
            assert sorted(cards) == list(range(1, 49))
            on_cards = sum(state.sweets_on.values())
            assert state.sweets_active + state.sweets_reserved + on_cards == 10
            assert min(state.sweets_active, state.sweets_reserved) >= 0
            assert all(0 < n <= 3 for n in state.sweets_on.values())
            assert state.coffee + state.round - 1 == start_coffee
            assert view["below_count"] >= 0 and view["draw_count"] == len(state.draw)
            state, _ = ENGINE.apply(state, player.choose(view, ENGINE.legal_actions(state, 0), rng))


def test_action_texts_round_trip_and_only_draws_reveal():
    rng = Rng(11)
    player = RandomPlayer()
    seen: set[str] = set()
    for seed in range(6):
        state = ENGINE.new_game(Setup(seed), {"level": "regular", "practice": False}, [Seat("me")])
        steps = 0
        while ENGINE.outcome(state) is None:
            legal = ENGINE.legal_actions(state, 0)
            steps += 1
            for action in legal if steps < 40 else ():
                assert ENGINE.parse_action(action.text()) == action
                assert ENGINE.describe(action)
            action = player.choose(ENGINE.view(state, 0), legal, rng)
            assert ENGINE.parse_action(action.text()) == action
            seen.add(action.kind)
            state, events = ENGINE.apply(state, action)
            for event in events:
                if event.kind == "move" and event.source == "draw":
                    assert event.reveals
                elif event.reveals:
                    raise AssertionError(f"{event} reveals nothing")
            if action.kind in ("move", "pick", "unpick", "cancel"):
                assert not any(e.reveals for e in events)
    assert seen == {"activate", "pick", "unpick", "confirm", "cancel", "move", "done"}
    assert ENGINE.parse_action("0 move 12 0") == Move(0, 12, 0)
