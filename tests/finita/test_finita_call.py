"""The "Finita!" call on the second last card, and catching a seat that forgot it."""
from game.finita import ENGINE
from tests.finita.helpers import act, late, legal, refused, run, start, texts


def two_left(**options):
    """Ann to play with red 1 and red 2 left; Bo holds red 3 and red 6; Cy a full hand."""
    state = start([["red-1.1", "red-2.1"], ["red-3.1", "red-6.1"], ["yellow-10"]], **options)
    return late(state, ["red-1.1", "red-2.1"], ["red-3.1", "red-6.1"])


def test_finita_may_be_called_ahead_on_ones_turn_with_two_cards():
    state = two_left()
    assert "0 finita" in legal(state, 0) and ENGINE.view(state, 0)["may_call"]
    assert not ENGINE.view(state, 1)["may_call"], "two cards, but not Bo's turn"
    assert refused(state, "1 finita") == ("Call Finita when one card is left (or with two, "
                                          "on your turn).")
    state, events = act(state, "0 finita")
    assert texts(events) == ["Ann calls Finita!"] and state.called[0]
    assert refused(state, "0 finita") == "You have already called Finita."
    state = run(state, "0 play red-1.1")
    assert state.unsafe is None and legal(state, 2) == []


def test_finita_may_be_called_just_after_the_second_last_card():
    state = run(two_left(), "0 play red-1.1")
    assert state.unsafe == 0 and "0 finita" in legal(state, 0)
    state = run(state, "0 finita")
    assert state.unsafe is None and legal(state, 2) == []


def test_a_missed_call_is_caught_by_any_other_seat_and_costs_two_cards():
    state = run(two_left(), "0 play red-1.1")
    assert "1 catch 0" in legal(state, 1) and legal(state, 2) == ["2 catch 0"]
    assert refused(state, "0 catch 0") == "You cannot catch yourself."
    assert ENGINE.view(state, 2)["unsafe"] == 0
    state, events = act(state, "2 catch 0")
    assert texts(events) == ["Cy catches Ann: no Finita call!",
                             "Ann draws 2 cards for the missed call."]
    assert len(state.hands[0]) == 3 and state.unsafe is None and state.turn == 1


def test_with_punish_a_missed_call_costs_one_card():
    state = run(two_left(punish=True), "0 play red-1.1", "1 catch 0")
    assert len(state.hands[0]) == 2


def test_a_missed_call_stays_catchable_over_a_draw_until_the_next_card_is_played():
    # the rulebook's Punish section: caught while "the next player has not yet played his card"
    state = run(two_left(), "0 play red-1.1", "1 draw")
    assert state.unsafe == 0 and "2 catch 0" in legal(state, 2)
    state, events = act(state, "2 catch 0")
    assert "Cy catches Ann: no Finita call!" in texts(events)
    state = run(two_left(), "0 play red-1.1", "1 play red-3.1")  # Bo forgets his call too
    assert state.unsafe == 1 and refused(state, "2 catch 0") == "Only Bo can be caught now."
    state = run(state, "1 finita")
    assert refused(state, "2 catch 0") == ("Nobody can be caught now: a missed call is caught "
                                           "before the next card is played.")


def test_a_seat_that_drew_after_its_missed_call_is_no_longer_caught():
    # Ann forgets to call, then claps at nothing and draws: she holds two cards again
    state = run(two_left(clap=True), "0 play red-1.1", "0 clap")
    assert len(state.hands[0]) == 2
    assert "1 catch 0" not in legal(state, 1)
    assert refused(state, "1 catch 0").startswith("Nobody can be caught now")


def test_only_the_seat_that_forgot_can_be_caught():
    state = run(two_left(), "0 play red-1.1")
    assert refused(state, "1 catch 2") == "Only Ann can be caught now."


def test_a_draw_resets_the_call():
    state, events = act(run(two_left(), "0 finita"), "0 draw")
    assert "Ann draws a card." in texts(events)
    assert len(state.hands[0]) == 3 and not state.called[0]


def test_finita_may_be_called_ahead_with_a_drawn_card_to_play():
    state = start([["blue-3.1"], ["red-3.1"]], then=["red-2.1"])
    state = run(late(state, ["blue-3.1"], ["red-3.1"]), "0 draw")
    assert state.phase == "drawn" and state.hands[0] == ["blue-3.1", "red-2.1"]
    assert "0 finita" in legal(state, 0) and ENGINE.view(state, 0)["may_call"]
    state = run(state, "0 finita", "0 play red-2.1")
    assert state.unsafe is None and state.called[0]


def test_a_call_ahead_lapses_when_the_turn_passes_without_a_card_laid():
    state = start([["blue-3.1"], ["red-3.1"]], then=["red-2.1"])
    state = run(late(state, ["blue-3.1"], ["red-3.1"]), "0 draw", "0 finita", "0 keep")
    assert state.turn == 1 and len(state.hands[0]) == 2 and not state.called[0]
    skipped = start([["red-skip.1", "red-1.1"], ["pia.1", "blue-7.1"], ["red-4.1"]])
    skipped = late(skipped, ["red-skip.1", "red-1.1"], ["pia.1", "blue-7.1"])
    skipped = run(skipped, "0 play red-skip.1", "1 finita", "1 take")
    assert skipped.turn == 2 and not skipped.called[1]


def test_finita_may_be_called_ahead_when_answering_a_demand_with_two_cards():
    state = start([["paul.1", "red-1.1"], ["blue-4.1", "red-9.1"], ["yellow-10"]])
    state = late(state, ["paul.1", "red-1.1"], ["blue-4.1", "red-9.1"])
    state = run(state, "0 play paul.1", "0 finita", "0 choose 4")
    assert "1 finita" in legal(state, 1)
    state = run(state, "1 finita", "1 play blue-4.1")
    assert state.unsafe is None


def test_finita_may_be_called_ahead_when_passing_a_draw_on_with_two_cards():
    state = start([["red-draw2.1"], ["blue-draw2.1", "red-9.1"], ["yellow-10"]])
    state = late(state, list(state.hands[0]), ["blue-draw2.1", "red-9.1"])
    state = run(state, "0 play red-draw2.1")
    assert "1 finita" in legal(state, 1)
    state = run(state, "1 finita", "1 play blue-draw2.1")
    assert state.unsafe is None and state.chain == 4


def test_the_last_card_ends_the_round_at_once():
    state = run(two_left(), "0 finita", "0 play red-1.1", "1 play red-3.1", "2 draw")
    assert state.turn == 0 and state.unsafe == 1, "Cy only drew: Bo may still be caught"
    state, events = act(state, "0 play red-2.1")
    assert "Ann is out and wins round 1." in texts(events)
    assert state.round_winner == 0 and state.phase == "round over" and state.unsafe is None
    assert state.history[-1]["scores"][:2] == [0, 6]
