"""Finished! turn steps, from the rulebook's examples and the clarifications."""
from __future__ import annotations

from tests.finished.helpers import mid, moves, new, play, rest_of, texts, total_sweets
from game.finished import ENGINE


def test_scoring_0001_draws_a_replacement():
    """Example of step 3: 00:01 is scored and a replacement is drawn at once."""
    state = new([20, 30, 31, 1, 40, 41, 42])
    state, events = play(state, "done")
    assert state.finished == [1]
    assert sorted(state.present) == [40, 41, 42]
    drawn = [m for m in moves(events) if m[1] == "draw" and m[2] == "present"]
    assert [m[0] for m in drawn] == ["c1", "c40", "c41", "c42"]
    order = moves(events)
    assert order.index(("c1", "present", "finished")) < order.index(("c42", "draw", "present"))
    replacement = [e for e in events if e.kind == "move" and e.piece == "c42"][0]
    assert replacement.reveals


def test_scoring_at_set_up_and_chains():
    state = new([2, 1, 30, 3, 40, 4])
    # 1 scores, replacement 3; 2 scores, replacement 40; 3 scores, replacement 4; 4 scores...
    assert state.finished == [1, 2, 3, 4]
    assert len(state.present) == 3


def test_a_drawn_sweet_card_takes_a_sweet_from_the_reserve():
    """Example of steps 1 and 2: 00:28 brings one sweet from the reserve to the active stash."""
    state = new([20, 30, 40, 28, 41, 42])
    assert (state.sweets_active, state.sweets_reserved) == (7, 3)
    state, events = play(state, "done")
    assert (state.sweets_active, state.sweets_reserved) == (8, 2)
    sweet = [e for e in events if e.kind == "token"]
    assert sweet and sweet[0].source == "sweets_reserved" and sweet[0].target == "sweets_active"
    # step 2 comes after the three draws of step 1
    kinds = [(e.kind, e.piece) for e in events]
    assert kinds.index(("move", "c42")) < kinds.index(("token", "sweet"))


def test_no_sweet_when_the_reserve_is_empty():
    state = mid(draw=[28, 41, 42] + rest_of([28, 41, 42, 20, 30, 40], [48]) + [48],
                present=[20, 30, 40], sweets_active=10, sweets_reserved=0)
    state, events = play(state, "done")
    assert (state.sweets_active, state.sweets_reserved) == (10, 0)
    assert any("reserve is empty" in t for t in texts(events, "message"))


def test_the_present_goes_to_the_end_of_the_past_in_its_sorted_order():
    state = new([40, 20, 30, 7, 44, 9])
    state, events = play(state, "move 20 0", "move 30 1", "done")
    assert state.past == [20, 30, 40]
    to_past = [m for m in moves(events) if m[2] == "past"]
    assert to_past == [("c20", "present", "past"), ("c30", "present", "past"),
                       ("c40", "present", "past")]


def test_the_past_is_trimmed_from_six_to_three_oldest_first():
    """Example of step 7: 00:20, 00:28 and 00:12 go under the Draw Stack, in that order."""
    state = new([20, 28, 12, 30, 31, 35, 40, 41, 43])
    assert state.present == [20, 28, 12]  # kept in this order
    state, _ = play(state, "done")
    assert state.past == [20, 28, 12]
    state, events = play(state, "done")
    assert state.past == [30, 31, 35]
    assert state.draw[-4:] == [48, 20, 28, 12]
    under = [m for m in moves(events) if m[1] == "past" and m[2] == "draw"]
    assert under == [("c20", "past", "draw"), ("c28", "past", "draw"), ("c12", "past", "draw")]
    assert ENGINE.view(state, 0)["below_count"] == 3


def test_a_run_of_four_pays_three_sweets_after_old_sweets_go_back():
    """Example of the Sequence Rule with 00:33 to 00:36; clarification 3 on the order."""
    state = new([34, 33, 35, 36, 40, 41, 42])
    state, _ = play(state, "activate 34")  # Draw a Card: draws 00:36 (a sweet icon)
    assert sorted(state.present) == [33, 34, 35, 36]
    assert (state.sweets_active, state.sweets_reserved, state.sweets_on) == (7, 2, {34: 1})
    state, _ = play(state, "move 33 0")
    state, events = play(state, "done")
    assert state.past == [34, 35, 36] and state.draw[-1] == 33  # step 7 trimmed 33
    tokens = [e for e in events if e.kind == "token"]
    back = [e for e in tokens if e.source == "c34"]
    reward = [e for e in tokens if e.source == "sweets_reserved" and e.value == 3]
    assert back and reward and tokens.index(back[0]) < tokens.index(reward[0])
    # the old sweet came back first, so the reserve (2 + 1) could pay all 3
    assert state.sweets_active == 10 and total_sweets(state) == 10


def test_two_runs_in_one_row_both_pay():
    state = mid(draw=[44, 43, 42] + rest_of([5, 6, 7, 20, 21, 22, 23, 44, 43, 42], [48]) + [48],
                present=[5, 6, 7, 20, 21, 22, 23], sweets_active=3, sweets_reserved=7)
    state, events = play(state, "done")
    assert state.sweets_active == 3 + 2 + 3  # runs of 3 and 4


def test_sweets_never_exceed_ten_a_reward_the_reserve_cannot_pay_is_lost():
    state = mid(draw=rest_of([33, 34, 35, 36], [48]) + [48], present=[33, 34, 35, 36],
                sweets_active=9, sweets_reserved=1)
    state, events = play(state, "done")
    assert (state.sweets_active, state.sweets_reserved) == (10, 0)
    assert total_sweets(state) == 10
    assert any("reserve pays 1" in t for t in texts(events))


def test_empty_draw_stack_draws_the_oldest_past_card():
    """Example: Draw a Card with an empty Draw Stack takes 00:42, the oldest Past card."""
    waiting = rest_of([46, 42, 44, 45])
    state = mid(draw=[], present=[46], past=[42, 44, 45], futures=[waiting])
    state, events = play(state, "activate 46")
    assert state.present == [46, 42]
    assert state.past == [44, 45]
    drawn = [e for e in events if e.kind == "move" and e.piece == "c42"][0]
    assert (drawn.source, drawn.target, drawn.reveals) == ("past", "present", False)


def test_a_new_turn_draws_from_the_past_when_the_stack_runs_out():
    finished = list(range(1, 10))
    aside = rest_of(finished, [10, 30, 42, 43])
    state = mid(draw=[30], present=[10], past=[42, 43], finished=finished, aside=aside)
    state, events = play(state, "done")
    drawn = [(e.piece, e.source, e.reveals) for e in events
             if e.kind == "move" and e.target == "present" and e.source in ("draw", "past")]
    assert drawn == [("c30", "draw", True), ("c42", "past", False), ("c43", "past", False)]
    assert state.draw == [] and state.past == [10]
    assert sorted(state.present) == sorted(aside + [30, 42, 43])


def test_future_area_returns_and_the_turn_goes_on_at_step_3():
    state = new([16, 40, 41, 1, 42, 43, 44, 45, 46])
    state, events = play(state, "activate 16")  # All Cards into the Future
    assert state.futures == [[16, 40, 41]]
    assert state.finished == [1]  # the first new card was scored at once, with a replacement
    assert sorted(state.present) == [42, 43, 44]
    turn = state.turn
    state, events = play(state, "done")
    assert state.futures == [] and state.present == [16, 40, 41]
    assert state.turn == turn  # no new turn: no 3-card draw
    assert not any(e.reveals for e in events)
    assert state.sweets_on == {16: 1}  # its sweet stayed on it
    state, events = play(state, "done")
    assert state.turn == turn + 1 and len(state.present) == 3
