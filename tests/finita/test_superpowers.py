"""Paul, Petra, Pia and Patrick."""
from game.core import HIDDEN
from game.finita import ENGINE
from tests.finita.helpers import act, assert_hidden, legal, refused, run, start, texts


# -- Paul -----------------------------------------------------------------------------------------

def paul_table(**options):
    """Ann lays Paul; Bo holds two 10s, Cy none, Di one."""
    return start([["paul.1", "red-1.1"], ["blue-10", "green-10"], ["blue-9.1"], ["red-10"]],
                 **options)


def test_paul_names_a_number_from_0_to_10():
    state = run(paul_table(), "0 play paul.1")
    assert state.phase == "choose" and state.choice == "paul" and state.turn == 0
    assert legal(state, 0) == [f"0 choose {n}" for n in range(11)]
    assert refused(state, "0 choose 11").startswith("Name one of: 0, 1, 2")
    assert refused(state, "0 choose red").startswith("Name one of")


def test_paul_asks_every_other_seat_in_turn_order_to_answer_or_draw_one():
    state = run(paul_table(), "0 play paul.1")
    state, events = act(state, "0 choose 10")
    assert "Ann (Paul) asks everyone for a 10." in texts(events)
    assert state.phase == "demand" and state.turn == 1
    view = ENGINE.view(state, 1)
    assert view["demand"]["queue"] == [1, 2, 3] and view["demand_text"] == "a 10!"
    assert view["status"] == "You: play a 10."
    # only a seat that cannot answer draws: Bo holds two 10s, so he may not take a card
    assert legal(state, 1) == ["1 play blue-10", "1 play green-10"]
    action, why = ENGINE.draw_action(state, 1, 0)  # the table's draw (a click, D) is refused
    assert action is None and why == ("You hold blue 10, which answers a 10: lay it. Only a "
                                      "player who cannot answer draws a card.")
    assert refused(state, "1 play yellow-7.1") == "The demand is a 10: play one, or answer with Pia."
    state = run(state, "1 play green-10")
    assert state.turn == 2 and legal(state, 2) == ["2 take"]
    state, events = act(state, "2 take")
    assert "Cy draws a card and cannot answer." in texts(events) and len(state.hands[2]) == 8
    state = run(state, "3 play red-10")
    # play goes on after Paul's player, on the last card answered
    assert state.phase == "turn" and state.turn == 1 and state.demand is None
    assert state.discard[-3:] == ["paul.1", "green-10", "red-10"]
    assert (state.colour, state.face) == ("red", "10")


def test_after_paul_with_no_answer_play_goes_on_on_the_card_below():
    state = run(paul_table(), "0 play paul.1", "0 choose 0", "1 take", "2 take", "3 take")
    assert state.turn == 1 and state.discard[-1] == "paul.1"
    assert (state.colour, state.face) == ("red", "5")
    assert [len(h) for h in state.hands] == [6, 8, 8, 8]


def test_paul_goes_round_the_other_way_after_a_reverse():
    state = start([["red-reverse.1"], ["blue-1.1"], ["red-9.1"], ["paul.1", "blue-10"]])
    state = run(state, "0 play red-reverse.1", "3 play paul.1", "3 choose 10")
    assert state.demand["queue"] == [2, 1, 0] and state.turn == 2
    state = run(state, "2 take", "1 take", "0 take")
    assert state.turn == 2


# -- Petra ----------------------------------------------------------------------------------------

def test_petra_names_a_number_and_higher_or_lower_and_is_strict():
    state = start([["petra.1", "red-1.1"], ["blue-6.1", "blue-7.1"], ["blue-5.1", "blue-3.1"]])
    state = run(state, "0 play petra.1")
    assert state.choice == "petra" and len(legal(state, 0)) == 22
    state, events = act(state, "0 choose higher-6")
    assert "Ann (Petra) asks everyone for a number higher than 6." in texts(events)
    assert ENGINE.view(state, 1)["demand_text"] == "higher than 6!"
    assert "1 play blue-6.1" not in legal(state, 1) and "1 play blue-7.1" in legal(state, 1)
    state = run(state, "1 play blue-7.1")
    # any colour answers; 5 and 3 are not higher than 6
    assert legal(state, 2) == ["2 take"]


def test_petra_lower_takes_numbers_strictly_below_of_any_colour():
    state = start([["petra.1", "red-1.1"], ["blue-6.1", "green-2.1"]])
    state = run(state, "0 play petra.1", "0 choose lower-6")
    lower = [c for c in state.hands[1] if int(c.split("-")[1].split(".")[0]) < 6]
    assert lower and "blue-6.1" not in lower
    assert legal(state, 1) == [f"1 play {c}" for c in lower]
    state = run(state, "1 play green-2.1")
    assert state.turn == 1 and (state.colour, state.face) == ("green", "2")


def test_only_number_cards_answer_a_demand():
    state = start([["paul.1", "red-1.1"], ["wild.1", "red-skip.1", "blue-7.1"]])
    state = run(state, "0 play paul.1", "0 choose 7")
    sevens = [c for c in state.hands[1] if c.split(".")[0].endswith("-7")]
    assert "blue-7.1" in sevens and len(sevens) > 1
    assert legal(state, 1) == [f"1 play {c}" for c in sevens]


# -- Pia ------------------------------------------------------------------------------------------

def test_pia_on_ones_own_turn_names_a_colour():
    state = start([["pia.1", "red-1.1"], ["blue-7.1", "red-7.1"]])
    state = run(state, "0 play pia.1")
    assert state.choice == "pia" and legal(state, 0)[:4] == [
        "0 choose red", "0 choose yellow", "0 choose green", "0 choose blue"]
    state, events = act(state, "0 choose blue")
    assert "Ann (Pia) asks for blue." in texts(events)
    assert state.turn == 1 and "1 play blue-7.1" in legal(state, 1)
    assert "1 play red-7.1" not in legal(state, 1)


def test_pia_on_ones_own_turn_names_a_number():
    state = start([["pia.1", "red-1.1"], ["blue-7.1", "red-skip.1", "green-9.1"]])
    state, events = act(run(state, "0 play pia.1"), "0 choose 9")
    assert "Ann (Pia) asks for a 9." in texts(events)
    assert (state.colour, state.face) == (None, "9")
    assert legal(state, 1) == ["1 play green-9.1", "1 draw"]
    assert ENGINE.view(state, 1)["force_text"] == "a 9"
    assert refused(state, "1 play red-skip.1") == "Red skip does not fit: match a 9."


def draw_two_on_pia(**options):
    state = start([["red-draw2.1"], ["pia.1", "blue-7.1"], ["red-4.1"]], **options)
    return run(state, "0 play red-draw2.1")


def test_pia_answers_a_draw_and_ends_it():
    state = draw_two_on_pia()
    assert legal(state, 1) == ["1 play pia.1", "1 take"]
    state, events = act(state, "1 play pia.1")
    assert "Bo answers with Pia." in texts(events)
    assert state.phase == "choose" and state.choice == "pia answer"
    assert legal(state, 1) == ["1 choose end", "1 choose pass"]
    state, events = act(state, "1 choose end")
    assert "Bo ends it with Pia and plays on." in texts(events)
    assert state.chain == 0 and state.turn == 1 and state.phase == "turn"
    assert len(state.hands[1]) == 6
    assert "1 play blue-7.1" in legal(state, 1), "any card may follow a Pia"


def test_pia_passes_a_draw_on_whole():
    state = run(draw_two_on_pia(), "1 play pia.1")
    state, events = act(state, "1 choose pass")
    assert "Bo passes it on with Pia." in texts(events)
    assert state.turn == 2 and state.chain == 2 and legal(state, 2) == ["2 take"]
    state = run(state, "2 take")
    assert len(state.hands[2]) == 9 and len(state.hands[1]) == 6


def test_pia_answers_a_draw_four_chain():
    state = start([["wild4.1"], ["wild4.2"], ["pia.1", "red-1.1"], ["red-4.1"]])
    state = run(state, "0 play wild4.1", "0 choose red", "1 play wild4.2", "1 choose red")
    assert state.chain == 8 and legal(state, 2) == ["2 play pia.1", "2 take"]
    state = run(state, "2 play pia.1", "2 choose pass")
    assert state.turn == 3 and state.chain == 8


def test_pia_answers_a_skip_and_ends_it():
    state = start([["red-skip.1"], ["pia.1", "blue-7.1"], ["red-4.1"]])
    state, events = act(state, "0 play red-skip.1")
    assert "Bo is skipped." not in texts(events)
    assert state.phase == "answer" and state.turn == 1
    assert legal(state, 1) == ["1 play pia.1", "1 take"]
    assert ENGINE.view(state, 1)["status"] == "You: skipped, unless Pia answers."
    assert refused(state, "1 play blue-7.1") == ("You are skipped: answer with Pia, or take "
                                                 "the skip.")
    state = run(state, "1 play pia.1", "1 choose end")
    assert state.turn == 1 and state.phase == "turn"


def test_pia_passes_a_skip_on_to_the_next_seat():
    state = start([["red-skip.1"], ["pia.1", "blue-7.1"], ["red-4.1"]])
    state, events = act(run(state, "0 play red-skip.1", "1 play pia.1"), "1 choose pass")
    assert "Cy is skipped." in texts(events) and state.turn == 0


def test_a_skip_may_be_taken_though_pia_is_in_hand():
    state = start([["red-skip.1"], ["pia.1", "blue-7.1"], ["red-4.1"]])
    state, events = act(run(state, "0 play red-skip.1"), "1 take")
    assert "Bo is skipped." in texts(events) and state.turn == 2 and "pia.1" in state.hands[1]


def test_pia_answers_paul_and_the_demand_moves_on():
    state = start([["paul.1", "red-1.1"], ["pia.1", "green-9.1"], ["yellow-10"]])
    state = run(state, "0 play paul.1", "0 choose 10")
    assert legal(state, 1) == ["1 play pia.1", "1 take"]
    state, events = act(state, "1 play pia.1")
    assert "Bo answers with Pia." in texts(events) and len(state.hands[1]) == 6
    assert state.turn == 2 and state.phase == "demand"
    state = run(state, "2 play yellow-10")
    assert state.turn == 1 and (state.colour, state.face) == ("yellow", "10")


def test_pia_answers_petra():
    state = start([["petra.1", "red-1.1"], ["pia.1"], []])
    state = run(state, "0 play petra.1", "0 choose higher-10")
    assert "1 play pia.1" in legal(state, 1)
    state = run(state, "1 play pia.1", "2 take")
    assert state.turn == 1 and len(state.hands[1]) == 6 and len(state.hands[2]) == 8


def test_pia_answers_patrick_and_its_holder_sits_it_out():
    state = start([["patrick.1", "red-1.1"], ["pia.1", "blue-9.1"], ["blue-10"]])
    state = run(state, "0 play patrick.1")
    assert state.turn == 1 and "1 play pia.1" in legal(state, 1)
    state, events = act(state, "1 play pia.1")
    assert "Bo sits Patrick out." in texts(events)
    assert state.turn == 2 and state.patrick["queue"] == [2, 0]
    state = run(state, "2 compare blue-10", "0 compare red-1.1")
    assert len(state.hands[1]) == 6 and len(state.hands[2]) == 10 and len(state.hands[0]) == 6


# -- Patrick ------------------------------------------------------------------------------------

def patrick_table():
    """Ann lays Patrick; Di holds no number card."""
    actions = ["red-skip.1", "blue-skip.1", "wild.2", "wild4.1", "wild4.2", "paul.1", "petra.1"]
    return start([["patrick.1", "red-1.1"], ["blue-4.1"], ["yellow-10"], actions])


def test_patrick_every_seat_with_number_cards_picks_one_face_down_in_turn():
    state = patrick_table()
    state, events = act(state, "0 play patrick.1")
    assert "Patrick: everyone picks a number card face down." in texts(events)
    assert state.phase == "patrick" and state.turn == 1
    assert state.patrick["queue"] == [1, 2, 0], "Di holds no number card and sits out"
    assert legal(state, 1)[0] == "1 compare blue-4.1"
    assert legal(state, 3) == []
    assert ENGINE.view(state, 3)["status"] == "Bo picks a card for Patrick."
    state, events = act(state, "1 compare blue-4.1")
    assert texts(events) == ["Bo picks a card face down."] and events[0].piece == HIDDEN
    # hidden from the others until shown, and still counted
    assert ENGINE.view(state, 1)["zones"]["compare1"] == ["blue-4.1"]
    assert ENGINE.view(state, 2)["zones"]["compare1"] == [HIDDEN]
    assert ENGINE.view(state, None)["zones"]["compare1"] == [HIDDEN]
    assert ENGINE.view(state, 2)["patrick_chosen"] == [1]
    assert "blue-4.1" in ENGINE.hidden_pieces(state, 2)
    assert_hidden(state)
    assert state.total(1) == 7


def test_patrick_the_highest_draws_three_and_the_cards_go_back():
    state = run(patrick_table(), "0 play patrick.1", "1 compare blue-4.1", "2 compare yellow-10")
    state, events = act(state, "0 compare red-1.1")
    assert ["Ann shows red 1.", "Bo shows blue 4.", "Cy shows yellow 10.",
            "Cy draws 3 cards for Patrick."] == texts(events)[1:]
    assert [len(h) for h in state.hands] == [6, 7, 10, 7]
    assert "blue-4.1" in state.hands[1] and "red-1.1" in state.hands[0]
    assert state.patrick is None and state.turn == 1 and state.phase == "turn"
    assert (state.colour, state.face) == ("red", "5"), "play goes on on the card below Patrick"


def test_patrick_equal_numbers_draw_three_too():
    state = start([["patrick.1", "red-9.1"], ["blue-4.1"], ["yellow-4.1"]])
    state = run(state, "0 play patrick.1", "1 compare blue-4.1", "2 compare yellow-4.1",
                "0 compare red-9.1")
    assert [len(h) for h in state.hands] == [9, 10, 10]


def test_patrick_the_highest_pair_draws_three_once():
    state = start([["patrick.1", "red-1.1"], ["blue-9.1"], ["yellow-9.1"]])
    state = run(state, "0 play patrick.1", "1 compare blue-9.1", "2 compare yellow-9.1",
                "0 compare red-1.1")
    assert [len(h) for h in state.hands] == [6, 10, 10]


def test_a_click_on_the_draw_pile_against_a_demand_says_why_the_seat_may_not_draw():
    """Issue 25, item 3: the draw pile says what the draw key says (it said only "The demand
    is a 10: play one, or answer with Pia.", not why no card may be taken)."""
    from game.core import Gesture
    from game.finita.view import DRAW_ZONE
    state = run(paul_table(), "0 play paul.1", "0 choose 10")
    assert ENGINE.refuse(state, 1, Gesture("?", DRAW_ZONE, None)) == (
        "You hold blue 10, which answers a 10: lay it. Only a player who cannot answer draws "
        "a card.")
