"""Challenge mode: no turns, timed actions, finishes within 0.5 s of the first tie it;
most green cards played wins a tie, equal greens score 0 each."""
from tests.flag_finish.helpers import deal, fill, refused, run, start
from game.flag_finish import ENGINE
from game.flag_finish.actions import Close

TWO_GREENS = ["green-0", "green-1"] + [f"red-{n}" for n in range(2, 11)] + ["flag-1"]
ONE_GREEN = ["green-0"] + [f"red-{n}" for n in range(1, 11)] + ["flag-1"]
NO_GREEN = [f"blue-{n}" for n in range(11)] + ["flag-2"]
BLUE_ONE_GREEN = ["blue-0", "green-1"] + [f"blue-{n}" for n in range(2, 11)] + ["flag-2"]


def side_by_side(anna, bo, bo_cards=12, seats=2):
    """Anna plays at 100, 200, .. 1200 ms; Bo 50 ms after her, his first `bo_cards` cards."""
    hands = [anna, bo] + ([fill([], anna + bo)] if seats == 3 else [])
    state = start(deal(hands, flips=["green-5"]), seats=seats, mode="challenge")
    assert ENGINE.to_act(state) == list(range(seats))
    for i in range(12):
        state = run(state, f"0 play {anna[i]} {100 * (i + 1)}")
        if i < bo_cards:
            state = run(state, f"1 play {bo[i]} {100 * (i + 1) + 50}")
    return state


def test_more_greens_win_a_same_time_finish():
    state = side_by_side(TWO_GREENS, NO_GREEN)
    assert state.phase == "match over" and state.finishers == [0, 1]
    assert state.race_scores == [0, 1], "Bo played fewer greens: his flag goes back"
    assert state.rows[1][-1] == "blue-10" and state.hands[1] == ["flag-2"]


def test_equal_greens_both_score_0_and_the_tied_match_goes_on():
    state = side_by_side(ONE_GREEN, BLUE_ONE_GREEN)
    assert state.race_scores == [0, 0] and state.phase == "race over"
    assert ENGINE.outcome(state) is None
    assert "tied" in ENGINE.view(state, 0)["status"]
    state, events = ENGINE.apply(state, ENGINE.parse_action("1 next_race 1300"))
    assert state.race == 2 and state.phase == "racing" and state.last_ms == 0
    assert events[0].text.startswith("Extra race 2")


def test_a_finish_after_the_window_is_too_late():
    state = side_by_side(TWO_GREENS, NO_GREEN, bo_cards=11)
    assert state.phase == "closing" and state.window_end == 1700
    view = ENGINE.view(state, 1)
    assert view["phase"] == "closing" and view["window_end_ms"] == 1700
    assert ENGINE.legal_actions(state, 0) == [Close(0)]
    assert refused(state, "1 play flag-2 1700") == "Too late: the finish closed at 1.700 s."
    assert refused(state, "0 close 1699") == "The finish stays open until 1.700 s."
    assert refused(state, "0 play flag-1 1650").startswith("You have crossed the line")
    state = run(state, "0 close 1700")
    assert state.race_scores == [0, 1] and state.finishers == [0]


def test_a_finish_inside_the_window_ties_even_with_a_draw_between():
    state = side_by_side(ONE_GREEN, BLUE_ONE_GREEN, bo_cards=11)
    state = run(state, "1 draw_pile 1300", f"1 discard {state.draw[-1]} 1400",
                "1 play flag-2 1699")
    assert state.race_scores == [0, 0]


def test_three_racers_the_window_waits_for_a_close():
    state = side_by_side(TWO_GREENS, NO_GREEN, bo_cards=12, seats=3)
    assert state.phase == "closing" and state.finishers == [0, 1]
    assert ENGINE.to_act(state) == [0, 1, 2]
    cy = ENGINE.legal_actions(state, 2)
    assert Close(2) in cy and len(cy) > 1
    state = run(state, "2 close 1700")
    assert state.race_scores == [0, 1, 12]


def test_every_seat_may_act_at_once():
    state = start(deal([TWO_GREENS, NO_GREEN], flips=["green-5"]), mode="challenge")
    state = run(state, "1 draw_pile 10", "0 play green-0 20")
    assert ENGINE.to_act(state) == [0, 1] and state.owes[1]
    assert refused(state, "1 play blue-0 30") == "Discard a card first."
    view = ENGINE.view(state, 1)
    assert view["mode"] == "challenge" and view["owes_discard"] and view["turn"] is None
