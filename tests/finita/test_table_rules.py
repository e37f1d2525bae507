"""The turn-based table rules: Memory (and its 0 swap), Poker, Strict table, Penalty button,
and the combinations where two rules meet."""
from game.core import HIDDEN
from game.finita import ENGINE
from tests.finita.helpers import act, assert_hidden, late, legal, refused, run, start, texts


# -- Memory ---------------------------------------------------------------------------------------

def memory_table(**options):
    """Each seat lays one memory card: Ann blue 2, Bo red 3, Cy red 1."""
    state = start([["red-1.1", "blue-2.1"], ["blue-7.1", "red-3.1"], ["red-1.2", "green-3.1"]],
                  memory=1, **options)
    assert state.phase == "hide" and state.turn == 0
    return run(state, "0 hide blue-2.1", "1 hide red-3.1", "2 hide red-1.2")


def test_memory_each_seat_lays_its_cards_face_down_before_play():
    state = start([["red-1.1", "blue-2.1", "blue-3.1"], ["blue-7.1"], ["red-1.2"]], memory=2)
    assert legal(state, 0)[:3] == ["0 hide red-1.1", "0 hide blue-2.1", "0 hide blue-3.1"]
    assert legal(state, 1) == []
    assert refused(state, "1 hide blue-7.1") == "It is Ann's turn, not Bo's."
    assert ENGINE.view(state, 0)["status"] == "You: lay 2 memory cards face down."
    state, events = act(state, "0 hide blue-2.1")
    assert texts(events) == ["Ann lays a memory card face down."] and events[0].piece == HIDDEN
    state = run(state, "0 hide blue-3.1")
    assert state.turn == 1 and state.phase == "hide"
    assert ENGINE.view(state, 0)["zones"]["memory0"] == ["blue-2.1", "blue-3.1"]
    assert ENGINE.view(state, 1)["zones"]["memory0"] == [HIDDEN, HIDDEN]
    assert_hidden(state)
    state = run(state, *[f"1 hide {c}" for c in state.hands[1][:2]],
                *[f"2 hide {c}" for c in state.hands[2][:2]])
    assert state.phase == "turn" and state.turn == 0
    assert ENGINE.view(state, 2)["memory_counts"] == [2, 2, 2]


def test_memory_cards_are_played_only_once_the_hand_is_empty():
    state = memory_table()
    assert not [a for a in legal(state, 0) if "hidden" in a]
    assert refused(state, "0 hidden 0") == "Memory cards are played only once your hand is empty."
    state = late(state, ["red-1.1"], ["blue-7.1"], [])
    assert not [a for a in legal(state, 2) if "hidden" in a] and state.total(2) == 1
    state = run(state, "0 finita", "0 play red-1.1")
    assert state.phase == "turn", "a memory card is still in front of Ann"


def test_a_memory_card_that_fits_is_played_blind_and_may_end_the_round():
    state = late(memory_table(), ["red-1.1"], ["blue-7.1"], [])
    state = run(state, "0 finita", "0 play red-1.1", "1 draw")
    state = run(state, "1 keep") if state.phase == "drawn" else state
    assert state.turn == 2 and legal(state, 2)[0] == "2 hidden 0"
    state, events = act(state, "2 hidden 0")
    assert texts(events)[:3] == ["Cy turns a memory card: Red 1.", "Cy plays red 1.",
                                 "Cy is out and wins round 1."]
    assert state.round_winner == 2
    # memory cards count: Ann's blue 2; Bo's blue 7, the blue 0 he drew and his red 3
    assert state.history[-1]["scores"] == [2, 10, 0]


def test_a_memory_card_that_does_not_fit_comes_back_with_a_penalty_card():
    state = late(memory_table(), [], ["blue-7.1"], ["green-3.1"])
    state, events = act(state, "0 hidden 0")
    assert texts(events) == ["Ann turns a memory card: Blue 2.",
                             "Blue 2 does not fit and goes to the hand.",
                             "Ann draws a card as a penalty."]
    assert state.hands[0][0] == "blue-2.1" and len(state.hands[0]) == 2
    assert state.memory[0] == [] and state.turn == 1


def test_a_memory_card_answers_a_demand():
    state = start([["paul.1", "red-1.1"], ["red-3.1", "blue-3.1"], ["green-9.1"]], memory=1)
    state = run(state, "0 hide red-1.1", "1 hide red-3.1", "2 hide green-9.1")
    state = late(state, list(state.hands[0]), [], list(state.hands[2]))
    state = run(state, "0 play paul.1", "0 choose 3")
    assert [a for a in legal(state, 1) if a != "1 finita"] == ["1 hidden 0", "1 take"]
    state = run(state, "1 hidden 0")
    assert state.round_winner == 1, "the memory card was Bo's last card"


def test_memory_swap_after_a_zero():
    state = start([["red-0", "blue-2.1", "red-4.1"], ["blue-7.1", "red-3.1"], ["red-1.2"]],
                  memory=1, memory_swap=True)
    state = run(state, "0 hide blue-2.1", "1 hide red-3.1", "2 hide red-1.2")
    state = run(state, "0 play red-0")
    assert state.phase == "choose" and state.choice == "swap"
    assert legal(state, 0) == ["0 choose keep", "0 swap 1 0 2 0"]
    assert ENGINE.view(state, 0)["status"] == "You: swap two memory cards or keep."
    state, events = act(state, "0 swap 1 0 2 0")
    assert texts(events) == ["Ann swaps memory cards of Bo and Cy."]
    assert state.memory == [["blue-2.1"], ["red-1.2"], ["red-3.1"]] and state.turn == 1
    # the owners no longer know their memory cards
    assert ENGINE.view(state, 1)["zones"]["memory1"] == [HIDDEN]
    assert "red-1.2" in ENGINE.hidden_pieces(state, 1)
    assert ENGINE.view(state, 0)["zones"]["memory0"] == ["blue-2.1"]
    assert_hidden(state)


def test_memory_swap_may_be_declined_and_needs_two_opponents_with_cards():
    state = start([["red-0", "blue-2.1", "red-4.1"], ["blue-7.1", "red-3.1"], ["red-1.2"]],
                  memory=1, memory_swap=True)
    state = run(state, "0 hide blue-2.1", "1 hide red-3.1", "2 hide red-1.2", "0 play red-0",
                "0 choose keep")
    assert state.turn == 1 and state.memory[1] == ["red-3.1"]
    two = start([["red-0", "blue-2.1"], ["blue-7.1"]], memory=1, memory_swap=True)
    two = run(two, "0 hide blue-2.1", "1 hide blue-7.1", "0 play red-0")
    assert two.phase == "turn" and two.turn == 1


# -- Poker ----------------------------------------------------------------------------------------

def test_poker_lays_five_in_a_row_of_one_colour_the_first_card_fitting():
    run_cards = ["blue-5.2", "blue-6.1", "blue-7.1", "blue-8.1", "blue-9.1"]
    state = start([run_cards + ["red-1.1", "red-3.1"], ["blue-4.1"], ["red-1.2"]], poker=True)
    text = "0 poker " + ",".join(run_cards)
    assert text in legal(state, 0)
    assert "0 poker " + ",".join(reversed(run_cards)) not in legal(state, 0), "blue 9 does not fit"
    state, events = act(state, text)
    assert len(texts(events)) == 5 and state.discard[-5:] == run_cards
    assert state.hands[0] == ["red-1.1", "red-3.1"] and state.turn == 1
    assert (state.colour, state.face) == ("blue", "9")


def test_poker_lays_one_number_in_all_four_colours():
    fours = ["red-3.1", "blue-3.1", "green-3.1", "yellow-3.1"]
    state = start([fours + ["blue-4.2"], ["blue-4.1"], ["red-1.2"]], first="red-9.1", poker=True)
    pokers = [a for a in legal(state, 0) if "poker" in a]
    assert pokers and all(a.startswith("0 poker red-3.1,") for a in pokers)
    state = run(state, pokers[0])
    assert all(c in state.discard for c in fours) and state.turn == 1


def test_poker_is_refused_when_off_or_when_the_set_is_not_one():
    cards = "blue-5.2,blue-6.1,blue-7.1,blue-8.1,blue-9.1"
    state = start([cards.split(",") + ["red-1.1", "red-3.1"], ["blue-4.1"]])
    assert refused(state, f"0 poker {cards}") == "Poker is off at this table."
    state = start([cards.split(",") + ["red-1.1", "red-3.1"], ["blue-4.1"]], poker=True)
    assert refused(state, "0 poker blue-5.2,blue-6.1,blue-7.1,blue-8.1").startswith(
        "Poker takes five numbers in a row")


def test_no_poker_and_no_pair_under_a_demand_or_a_draw():
    fours = ["red-3.1", "blue-3.1", "green-3.1", "yellow-3.1"]
    state = start([["paul.1", "red-1.1"], fours + ["red-3.2"]], poker=True, throws=True)
    state = run(state, "0 play paul.1", "0 choose 3")
    assert not [a for a in legal(state, 1) if "poker" in a or "pair" in a]
    state = start([["red-draw2.1"], fours + ["red-3.2"]], poker=True, throws=True)
    state = run(state, "0 play red-draw2.1")
    assert legal(state, 1) == ["1 take"]


# -- Strict table ---------------------------------------------------------------------------------

def test_strict_table_takes_a_misplaced_card_back_with_a_penalty_and_ends_the_turn():
    state = start([["blue-3.1", "red-1.1"], ["blue-4.1"], ["red-1.2"]], strict=True)
    assert "0 play blue-3.1" in legal(state, 0)
    state, events = act(state, "0 play blue-3.1")
    assert texts(events) == ["Blue 3 does not fit: Ann takes it back.",
                             "Ann draws a card as a penalty."]
    assert "blue-3.1" in state.hands[0] and len(state.hands[0]) == 8
    assert state.discard == ["red-5.1"] and state.turn == 1


def test_strict_table_a_fitting_card_is_played_as_usual():
    state = run(start([["red-1.1"], ["blue-4.1"]], strict=True), "0 play red-1.1")
    assert state.discard[-1] == "red-1.1" and len(state.hands[0]) == 6


def test_strict_table_still_refuses_a_card_against_a_draw():
    state = start([["red-draw2.1"], ["blue-4.1"]], strict=True)
    state = run(state, "0 play red-draw2.1")
    assert refused(state, "1 play blue-4.1") == "Pass the draw on with a +2 or Pia, or take 2."


# -- Penalty button -------------------------------------------------------------------------------

def test_penalty_button_one_card_for_a_question_two_for_a_suggestion():
    state = start([["red-3.1"], ["blue-4.1"], ["red-1.2"]], penalty=True)
    assert legal(state, 1) == ["1 penalty 0 question", "1 penalty 0 suggestion",
                               "1 penalty 2 question", "1 penalty 2 suggestion"]
    state, events = act(state, "1 penalty 0 question")
    assert texts(events) == ["Bo gives Ann a penalty for a needless question.",
                             "Ann draws a card as a penalty."]
    state, events = act(state, "2 penalty 0 suggestion")
    assert "Ann draws 2 cards as a penalty." in texts(events)
    assert len(state.hands[0]) == 10 and state.turn == 0
    assert refused(state, "1 penalty 1 question") == ("Give penalties to another seat, for a "
                                                      "question or a suggestion.")
    off = start([["red-3.1"], []])
    assert refused(off, "1 penalty 0 question") == "The penalty button is off at this table."


# -- combinations ---------------------------------------------------------------------------------

def test_chaos_with_overtime_off():
    state = start([["wild4.1"], ["red-draw2.1"], []], chaos=True, overtime=False)
    state = run(state, "0 play wild4.1", "0 choose red")
    assert legal(state, 1) == ["1 play red-draw2.1", "1 take"]


def test_no_throw_window_while_a_draw_is_passed_on():
    state = start([["red-draw2.1"], ["blue-draw2.1"], ["blue-draw2.2"]], throws=True)
    state = run(state, "0 play red-draw2.1 100", "1 play blue-draw2.1 200")
    assert state.throw_until is None and legal(state, 0) == []


def test_no_throw_window_during_a_demand_until_it_ends():
    state = start([["paul.1", "red-1.1"], ["blue-4.1"], ["blue-4.2"]], throws=True)
    state = run(state, "0 play paul.1 100", "0 choose 4 200", "1 play blue-4.1 300")
    assert state.phase == "demand" and state.throw_until is None
    assert legal(state, 0) == []
    state = run(state, "2 play blue-4.2 400")  # Cy must answer: she holds a 4
    assert state.phase == "turn" and state.demand is None


def test_a_throw_of_a_nine_opens_the_clap_window():
    state = start([["red-9.1"], ["blue-7.1"], ["red-9.2"]], clap=True, throws=True)
    state = run(state, "0 play red-9.1 100", "0 clap 110", "1 clap 120", "2 clap 130",
                "2 throw 140")
    assert state.phase == "clap" and state.clap_until == 1640
