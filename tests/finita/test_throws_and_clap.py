"""The real-time table rules: Throws (with pairs) and Clap, on the actions' clock."""
from game.finita import ENGINE
from game.finita.actions import Close
from tests.finita.helpers import act, legal, refused, run, start, texts


def red_seven(**options):
    """Ann lays red 7 at 100 ms; Cy holds the other red 7; Di none."""
    state = start([["red-7.1", "red-1.1"], ["blue-7.1"], ["red-7.2"], ["red-1.2"]], throws=True,
                  **options)
    return run(state, "0 play red-7.1 100")


def test_a_number_card_opens_a_throw_window_for_the_other_seats():
    state = red_seven()
    assert state.throw_until == 1600 and state.turn == 1
    assert ENGINE.deadlines(state) == [(1600, Close(0, 1600))]
    assert legal(state, 2) == ["2 throw"] and legal(state, 3) == ["3 throw"]
    assert "1 throw" not in legal(state, 1) and "0 throw" not in legal(state, 0)
    assert refused(state, "1 throw 200") == "It is your turn: just play the card."
    assert refused(state, "0 throw 200") == "You laid the top card yourself."
    assert ENGINE.key_action(state, 2, 300) == ENGINE.parse_action("2 throw 300")


def test_a_throw_lays_the_identical_card_and_play_goes_on_after_the_thrower():
    state, events = act(red_seven(), "2 throw 500")
    assert texts(events) == ["Cy throws in red 7."]
    assert state.discard[-2:] == ["red-7.1", "red-7.2"] and state.laid_by == 2
    assert state.turn == 3, "Bo, between Ann and the thrower, is passed over"
    assert state.throw_until == 2000, "the thrown card opens its own window"


def test_a_throw_without_the_card_costs_a_penalty_card():
    state, events = act(red_seven(), "3 throw 500")
    assert texts(events) == ["Di throws without the card.", "Di draws a card as a penalty."]
    assert len(state.hands[3]) == 8 and state.turn == 1 and state.throw_until == 1600


def test_the_first_throw_wins():
    state = run(red_seven(), "2 throw 500")
    state, events = act(state, "1 throw 600")
    assert "Bo throws without the card." in texts(events)
    assert state.discard[-1] == "red-7.2" and state.turn == 3


def test_a_throw_after_the_window_is_too_late():
    state = red_seven()
    assert refused(state, "2 throw 1601") == "Too late to throw: the window has shut."
    state = run(state, "0 close 1600")
    assert state.throw_until is None
    assert refused(state, "2 throw 1600") == "There is no throw window open now."


def test_a_throw_after_the_seat_to_act_played_is_too_late():
    state = run(red_seven(), "1 play blue-7.1 300")
    assert state.discard[-1] == "blue-7.1" and state.turn == 2
    assert state.throw_until == 1800, "the window now belongs to blue 7"
    assert refused(state, "2 throw 400") == "It is your turn: just play the card."
    state, events = act(state, "3 throw 400")
    assert "Di throws without the card." in texts(events)
    assert "red-7.2" in state.hands[2] and len(state.hands[3]) == 8


def test_the_window_shuts_only_when_its_time_comes():
    state = red_seven()
    assert refused(state, "0 close 1599") == "The window stays open until 1600 ms."
    assert refused(state, "9 close 1600") == "There is no seat 9 at this table."
    state = run(state, "0 close 1600")
    assert refused(state, "0 close 1700") == "No window is open to shut."


def test_no_throws_while_a_draw_runs():
    state = start([["red-draw2.1"], ["blue-7.1"], ["red-draw2.2"]], throws=True)
    state = run(state, "0 play red-draw2.1 100")
    assert state.throw_until is None and legal(state, 2) == []


def test_no_throws_without_the_option():
    state = start([["red-7.1"], ["blue-7.1"], ["red-7.2"]])
    state = run(state, "0 play red-7.1 100")
    assert state.throw_until is None
    assert refused(state, "2 throw 200") == "Throws are off at this table."


def test_two_identical_cards_go_down_together_on_ones_turn():
    state = start([["red-7.1", "red-7.2", "blue-3.1", "blue-3.2"], ["blue-7.1"], ["red-1.1"]],
                  throws=True)
    assert "0 pair red-7.1 red-7.2" in legal(state, 0)
    assert not [a for a in legal(state, 0) if "blue-3" in a]
    assert refused(state, "0 pair blue-3.1 blue-3.2") == "The first card must fit: match red or 5."
    assert refused(state, "0 pair red-7.1 blue-3.1") == ("Only two identical number cards go "
                                                         "down together.")
    state, events = act(state, "0 pair red-7.1 red-7.2 100")
    assert texts(events) == ["Ann plays red 7.", "Ann plays red 7."]
    assert state.discard[-2:] == ["red-7.1", "red-7.2"] and state.turn == 1
    off = start([["red-7.1", "red-7.2"], []])
    assert refused(off, "0 pair red-7.1 red-7.2") == ("Laying two cards at once comes with the "
                                                      "Throws rule, which is off.")


# -- Clap -----------------------------------------------------------------------------------------

def nine(**options):
    state = start([["red-9.1"], ["red-3.1"], ["red-1.1"]], clap=True, **options)
    return act(state, "0 play red-9.1 100")


def test_a_nine_opens_the_clap_window_for_everyone():
    state, events = nine()
    assert "A 9! Everyone claps." in texts(events)
    assert state.phase == "clap" and state.clap_until == 1600
    assert ENGINE.to_act(state) == [0, 1, 2] and legal(state, 1) == ["1 clap"]
    assert refused(state, "1 play red-3.1 200") == "Clap first: a 9 is on the pile."
    assert ENGINE.key_action(state, 1, 200).kind == "clap"


def test_the_last_to_clap_draws_a_card():
    state, _ = nine()
    state = run(state, "1 clap 200", "0 clap 300")
    assert ENGINE.to_act(state) == [2]
    assert refused(state, "1 clap 350") == "You have already clapped."
    state, events = act(state, "2 clap 400")
    assert texts(events) == ["Cy claps.", "Cy clapped last.", "Cy draws a card."]
    assert state.phase == "turn" and state.turn == 1 and [len(h) for h in state.hands] == [6, 7, 8]


def test_who_did_not_clap_draws_when_the_window_shuts():
    state, _ = nine()
    state = run(state, "1 clap 200")
    assert refused(state, "2 clap 1601") == "Too late: the clap window has shut."
    assert refused(state, "0 close 1500") == "The window stays open until 1600 ms."
    state, events = act(state, "0 close 1600")
    assert texts(events) == ["Ann did not clap.", "Ann draws a card.", "Cy did not clap.",
                             "Cy draws a card."]
    assert state.phase == "turn" and state.turn == 1 and [len(h) for h in state.hands] == [7, 7, 8]


def test_a_clap_at_nothing_draws_a_card():
    state = start([["red-6.1"], ["blue-7.1"], ["red-1.1"]], clap=True)
    state, events = act(run(state, "0 play red-6.1 100"), "2 clap 150")
    assert texts(events) == ["Cy claps at nothing.", "Cy draws a card as a penalty."]
    assert state.phase == "turn" and state.turn == 1 and len(state.hands[2]) == 8


def test_a_clap_window_then_a_throw_window():
    state = start([["red-9.1"], ["blue-7.1"], ["red-9.2"]], clap=True, throws=True)
    state = run(state, "0 play red-9.1 100", "0 clap 200", "1 clap 300", "2 clap 400")
    assert state.phase == "turn" and state.throw_until == 1900
    state = run(state, "2 throw 500")
    assert state.discard[-1] == "red-9.2" and state.phase == "clap"


def test_a_key_throws_in_a_throw_window_and_never_claps_at_nothing():
    """Issue 25: after a clap window the person held the twin of the top card and the big
    button said Throw!, and the key became a clap at nothing with a penalty card. A key now
    claps only in a clap window and throws in a throw window, only the twin the seat holds
    (a Strict table throws from memory: tests below); at any other moment it means nothing."""
    state = start([["red-9.1", "blue-1.1"], ["red-3.1"], ["red-9.2"], ["red-1.2"]], clap=True,
                  throws=True)
    state = run(state, "0 play red-9.1 100", "0 clap 200", "1 clap 300", "2 clap 400",
                "3 clap 500")
    assert state.phase == "turn" and state.throw_until is not None
    assert ENGINE.key_action(state, 2, 600) == ENGINE.parse_action("2 throw 600")
    assert ENGINE.key_action(state, 3, 600) is None, "Di holds no red 9: the key does nothing"
    thrown = run(state, "2 throw 600")
    assert thrown.discard[-1] == "red-9.2" and "red-9.2" not in thrown.hands[2]
    state = run(state, "1 play red-3.1 700")  # Bo, to act, was quicker than the throw
    assert state.throw_until is not None and state.discard[-1] == "red-3.1"
    assert ENGINE.key_action(state, 1, 800) is None, "Bo laid it: no throw window for Bo"
    state = run(state, "0 close 99999")  # the window shut: no clap, no throw
    assert state.throw_until is None
    assert ENGINE.key_action(state, 3, 99999) is None, "no 9 window: the key does not clap"


def test_off_the_strict_table_a_key_without_the_twin_throws_nothing_and_says_why():
    """Issue 25, item 2: a press the big button did not offer is never a penalty. Without the
    Strict table the key throws only the twin of the top card the seat holds."""
    state = red_seven()
    assert ENGINE.key_action(state, 3, 300) is None
    assert ENGINE.key_refusal(state, 3) == ("Di: nothing thrown, as you hold no red 7; your "
                                            "key throws only a card you hold.")
    assert ENGINE.key_action(state, 2, 300) == ENGINE.parse_action("2 throw 300")
    state = run(state, "0 close 1600")
    assert ENGINE.key_refusal(state, 3) == "Di: nothing to call, catch, throw or clap now."


def test_at_a_strict_table_the_key_throws_from_memory_and_a_throw_without_the_twin_costs():
    """DECISIONS.md: a person throws with their key from memory, and a throw they cannot make
    costs a penalty card; here only at a Strict table, which the rules page explains."""
    state = red_seven(strict=True)
    assert ENGINE.key_action(state, 3, 300) == ENGINE.parse_action("3 throw 300"), \
        "from memory: the key does not look at Di's hand"
    assert ENGINE.key_action(state, 2, 300) == ENGINE.parse_action("2 throw 300")
    state, events = act(state, "3 throw 300")
    assert texts(events) == ["Di throws without the card.", "Di draws a card as a penalty."]
    assert len(state.hands[3]) == 8 and state.discard[-1] == "red-7.1"