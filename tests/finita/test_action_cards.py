"""Skip, reverse, +2, +4 and the colour choice; passing a draw on (Overtime) and Chaos."""
from game.finita import ENGINE
from tests.finita.helpers import act, legal, refused, run, start, texts


def test_a_skip_skips_the_next_seat():
    state = start([["red-skip.1"], ["blue-7.1"], ["red-4.1"]])
    state, events = act(state, "0 play red-skip.1")
    assert texts(events) == ["Ann plays red skip.", "Bo is skipped."]
    assert state.turn == 2 and (state.colour, state.face) == ("red", "skip")


def test_a_reverse_turns_the_direction_of_play():
    state = start([["red-reverse.1", "red-1.1"], ["red-7.1"], ["red-4.1"]])
    state, events = act(state, "0 play red-reverse.1")
    assert "The direction of play turns round." in texts(events)
    assert state.direction == -1 and state.turn == 2
    state = run(state, "2 play red-4.1")
    assert state.turn == 1 and ENGINE.view(state, 0)["direction"] == -1


def test_a_reverse_between_two_works_as_a_skip():
    state = start([["red-reverse.1", "red-1.1"], ["red-7.1"]])
    state, events = act(state, "0 play red-reverse.1")
    assert "Bo is skipped." in texts(events) and state.turn == 0


def test_a_draw_two_makes_the_next_seat_draw_two_and_ends_its_turn():
    state = start([["red-draw2.1"], ["blue-7.1"], ["red-4.1"]])
    state = run(state, "0 play red-draw2.1")
    assert state.turn == 1 and state.chain == 2 and legal(state, 1) == ["1 take"]
    assert refused(state, "1 play blue-7.1") == "Pass the draw on with a +2 or Pia, or take 2."
    state, events = act(state, "1 take")
    assert "Bo draws 2 cards." in texts(events)
    assert len(state.hands[1]) == 9 and state.turn == 2 and state.chain == 0


def test_overtime_passes_a_draw_two_on_and_the_next_seat_takes_the_sum():
    state = start([["red-draw2.1"], ["blue-draw2.1"], ["red-4.1"]])
    state = run(state, "0 play red-draw2.1")
    assert legal(state, 1) == ["1 play blue-draw2.1", "1 take"]
    state = run(state, "1 play blue-draw2.1")
    assert state.turn == 2 and state.chain == 4 and state.colour == "blue"
    state, events = act(state, "2 take")
    assert "Cy draws 4 cards." in texts(events)
    assert len(state.hands[2]) == 11 and state.turn == 0 and state.chain == 0


def test_without_overtime_a_draw_cannot_be_passed_on():
    state = start([["red-draw2.1"], ["blue-draw2.1"], ["red-4.1"]], overtime=False)
    state = run(state, "0 play red-draw2.1")
    assert legal(state, 1) == ["1 take"]
    assert refused(state, "1 play blue-draw2.1") == "Take the 2 cards, or answer with Pia."


def test_a_draw_four_names_a_colour_and_the_next_seat_draws_four():
    state = start([["wild4.1"], ["green-7.1", "blue-7.1"], ["red-4.1"]])
    state = run(state, "0 play wild4.1")
    assert state.phase == "choose" and state.turn == 0 and state.choice == "colour"
    assert legal(state, 0) == ["0 choose red", "0 choose yellow", "0 choose green",
                               "0 choose blue"]
    assert refused(state, "0 choose purple").startswith("Name one of: red, yellow")
    assert refused(state, "1 take") == "It is Ann's turn, not Bo's."
    state, events = act(state, "0 choose green")
    assert "Ann asks for green." in texts(events)
    assert state.turn == 1 and state.chain == 4 and state.colour == "green" and state.face is None
    state = run(state, "1 take")
    assert len(state.hands[1]) == 11 and state.turn == 2
    assert "2 play red-4.1" not in legal(state, 2)
    assert ENGINE.view(state, 2)["force_text"] == "any green card"


def test_a_draw_four_is_passed_on_with_a_draw_four_and_the_sum_is_eight():
    state = start([["wild4.1"], ["wild4.2", "red-draw2.1"], ["red-4.1"]])
    state = run(state, "0 play wild4.1", "0 choose green")
    assert legal(state, 1) == ["1 play wild4.2", "1 take"]
    assert refused(state, "1 play red-draw2.1") == "Pass the draw on with a +4 or Pia, or take 4."
    state = run(state, "1 play wild4.2", "1 choose red")
    assert state.turn == 2 and state.chain == 8 and state.colour == "red"
    state = run(state, "2 take")
    assert len(state.hands[2]) == 15 and state.turn == 0


def test_chaos_lets_a_draw_two_and_a_draw_four_answer_each_other():
    state = start([["red-draw2.1"], ["wild4.1"], ["green-draw2.1"], ["red-4.1"]], chaos=True)
    state = run(state, "0 play red-draw2.1")
    assert "1 play wild4.1" in legal(state, 1)
    state = run(state, "1 play wild4.1", "1 choose blue")
    assert state.chain == 6 and state.turn == 2
    assert "2 play green-draw2.1" in legal(state, 2)
    state = run(state, "2 play green-draw2.1")
    assert state.chain == 8 and state.turn == 3
    state = run(state, "3 take")
    assert len(state.hands[3]) == 15 and state.turn == 0


def test_without_chaos_a_draw_four_does_not_answer_a_draw_two():
    state = start([["red-draw2.1"], ["wild4.1"], []])
    state = run(state, "0 play red-draw2.1")
    assert legal(state, 1) == ["1 take"]
    assert refused(state, "1 play wild4.1") == "Pass the draw on with a +2 or Pia, or take 2."


def test_chaos_with_overtime_off_still_passes_draws_on():
    state = start([["red-draw2.1"], ["blue-draw2.1", "wild4.1"], []], chaos=True,
                  overtime=False)
    state = run(state, "0 play red-draw2.1")
    assert legal(state, 1) == ["1 play blue-draw2.1", "1 play wild4.1", "1 take"]


def test_a_colour_choice_names_any_colour_even_the_one_lying():
    state = start([["wild.1"], ["red-7.1", "blue-7.1"]])
    state = run(state, "0 play wild.1")
    assert state.phase == "choose" and state.chain == 0
    state, events = act(state, "0 choose red")
    assert "Ann asks for red." in texts(events)
    assert state.turn == 1 and (state.colour, state.face) == ("red", None)
    assert "1 play red-7.1" in legal(state, 1) and "1 play blue-7.1" not in legal(state, 1)
    assert refused(state, "1 play blue-7.1") == "Blue 7 does not fit: match any red card."


def test_a_draw_by_the_table_s_key_at_a_running_draw_takes_the_cards():
    """Issue 25: D (the table's "draw a card") at "take 2 or pass the draw on" was refused."""
    state = start([["blue-1.1"], ["red-7.1"]], first="red-draw2.1")
    action, why = ENGINE.draw_action(state, 0, state.last_ms)
    assert action is not None and action.kind == "take" and why == ""
    state, _ = ENGINE.apply(state, action)
    assert len(state.hands[0]) == 9 and state.chain == 0
