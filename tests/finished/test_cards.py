"""Each of the 13 card behaviours of Finished!, and scoring in the middle of an action."""
from __future__ import annotations

import pytest

from tests.finished.helpers import mid, moves, new, play, rest_of, total_sweets
from game.core import IllegalAction
from game.finished import ENGINE


def drawn(events):
    return [e.piece for e in events if e.kind == "move" and e.target == "present"
            and e.source == "draw"]


def test_0001_is_scored_as_soon_as_it_is_drawn():
    state = new([1, 20, 30, 40])
    assert state.finished == [1] and sorted(state.present) == [20, 30, 40]


def test_take_sweets_icon_pays_when_drawn_even_before_scoring():
    state = mid(draw=[3, 40, 41] + rest_of([1, 2, 3, 40, 41, 42, 43, 44], [48]) + [48],
                present=[42, 44, 43], finished=[1, 2])
    state, _ = play(state, "done")
    assert 3 in state.finished  # scored at once...
    assert (state.sweets_active, state.sweets_reserved) == (8, 2)  # ...after paying its sweet


def test_draw_two_cards():
    state = new([2, 30, 40, 41, 42, 43])
    state, events = play(state, "activate 2")
    assert drawn(events) == ["c41", "c42"] and all(
        e.reveals for e in events if e.kind == "move" and e.source == "draw")
    assert state.present == [2, 30, 40, 41, 42]
    assert state.sweets_on == {2: 1} and state.sweets_active == 6


def test_draw_a_card_and_its_single_use():
    state = new([9, 30, 40, 41, 42])
    state, events = play(state, "activate 9")
    assert drawn(events) == ["c41"] and state.present == [9, 30, 40, 41]
    with pytest.raises(IllegalAction, match="already used its action"):
        play(state, "activate 9")


def test_0047_draws_up_to_three_times():
    state = new([47, 30, 40, 41, 42, 43, 44])
    state, _ = play(state, "activate 47", "activate 47", "activate 47")
    assert state.present == [47, 30, 40, 41, 42, 43]
    assert state.sweets_on == {47: 3} and state.sweets_active == 4
    with pytest.raises(IllegalAction, match="all 3"):
        play(state, "activate 47")


def test_below_the_stack_in_the_picked_order_then_step_7_and_a_new_turn():
    state = mid(draw=rest_of([29, 33, 34, 35, 40, 41, 42, 43], [48]) + [48],
                present=[35, 29, 33, 34], past=[40, 41, 42, 43], sweets_on={34: 0})
    state, _ = play(state, "activate 29")
    assert state.phase == "choose" and ENGINE.view(state, 0)["pending"]["target"] == "draw"
    state, events = play(state, "pick 29", "confirm")  # 29 first, then 35 33 34 as they lie
    under = [m[0] for m in moves(events) if m[2] == "draw"]
    assert under[:4] == ["c29", "c35", "c33", "c34"]
    assert under[4:] == ["c40"]  # step 7: the Past is trimmed to 3
    assert state.turn == 6 and len(state.present) == 3  # step 8: a new turn began
    back = [e for e in events if e.kind == "token" and e.source == "c29"]
    assert back and back[0].target == "sweets_reserved" and state.sweets_on == {}


def test_below_the_stack_pays_a_run_after_its_sweet_came_back():
    state = mid(draw=rest_of([7, 8, 9, 10], [48]) + [48], present=[10, 7, 8, 9],
                sweets_active=0, sweets_reserved=10)
    with pytest.raises(IllegalAction, match="No sweets"):
        play(state, "activate 7")
    state = mid(draw=rest_of([7, 8, 9, 10], [48]) + [48], present=[10, 7, 8, 9],
                sweets_active=1, sweets_reserved=9)
    state, events = play(state, "activate 7", "pick 7", "pick 8", "pick 9", "pick 10", "confirm")
    assert state.sweets_active >= 3  # the run 7 8 9 10 earned 3
    assert total_sweets(state) == 10


def test_cards_into_the_past_then_two_draws():
    """Example of step 4: two cards go to the end of the Past, then two are drawn."""
    state = new([5, 30, 40, 20, 41, 42])
    state, events = play(state, "activate 5")
    assert state.phase == "choose"
    state, _ = play(state, "pick 30", "pick 5")
    state, events = play(state, "confirm")
    assert state.past == [30, 5]
    assert state.present == [40, 20, 41]
    assert drawn(events) == ["c20", "c41"]
    back = [e for e in events if e.kind == "token" and e.source == "c5"]
    assert back and back[0].target == "sweets_reserved"  # its sweet went back with it
    assert moves(events).index(("c5", "present", "past")) < moves(events).index(
        ("c20", "draw", "present"))


def test_cards_into_the_past_can_be_cancelled_before_confirming():
    state = new([5, 30, 40, 20])
    state, _ = play(state, "activate 5", "pick 30")
    state, events = play(state, "cancel")
    assert state.phase == "act" and state.sweets_active == 7 and state.sweets_on == {}
    assert not any(e.reveals for e in events)


def test_cards_from_the_past_takes_the_two_newest():
    state = new([8, 30, 40, 20, 21, 22])
    state, _ = play(state, "done")
    assert state.past == [8, 30, 40]
    state = mid(draw=rest_of([18, 44, 45, 30, 31, 32], [48]) + [48], present=[18, 44, 45],
                past=[30, 31, 32])
    state, events = play(state, "activate 18")
    assert state.present == [18, 44, 45, 31, 32] and state.past == [30]
    assert not any(e.reveals for e in events)


def test_cards_from_the_past_scores_a_returning_card_with_a_replacement():
    state = mid(draw=[40, 41] + rest_of([1, 2, 3, 4, 5, 44, 7, 40, 41], [48]) + [48],
                present=[44, 7], past=[5, 4], finished=[1, 2, 3])
    state, events = play(state, "activate 44")
    assert state.finished[-2:] == [4, 5]
    assert drawn(events) == ["c40", "c41"]  # a replacement for each


def test_one_card_into_the_future_joins_the_next_turn():
    state = new([12, 30, 40, 20, 21, 22])
    state, _ = play(state, "activate 12")
    assert ENGINE.view(state, 0)["pending"]["target"] == "future"
    state, events = play(state, "pick 40", "confirm")
    assert state.aside == [40] and state.present == [12, 30]
    assert not any(e.reveals for e in events)
    assert ENGINE.view(state, 0)["zones"]["future"] == ["c40"]
    state, _ = play(state, "done")
    assert state.aside == [] and sorted(state.present) == [20, 21, 22, 40]
    assert state.past == [12, 30]


def test_one_card_into_the_future_joins_a_returning_future_area():
    state = new([12, 16, 40, 20, 21, 22, 41, 42, 43])
    state, _ = play(state, "activate 12", "pick 40", "confirm", "activate 16")
    assert state.futures == [[12, 16]] and state.present == [20, 21, 22]
    state, _ = play(state, "done")
    assert sorted(state.present) == [12, 16, 40]
    assert state.sweets_on == {12: 1, 16: 1}  # sweets came back with the cards
    with pytest.raises(IllegalAction, match="already used"):
        play(state, "activate 12")


def test_all_cards_into_the_future_several_areas_first_in_first_out():
    state = new([16, 30, 40, 24, 31, 41, 42, 43, 44])
    state, _ = play(state, "activate 16")
    assert state.futures == [[16, 30, 40]] and state.present == [24, 31, 41]
    state, _ = play(state, "activate 24")
    assert state.futures == [[16, 30, 40], [24, 31, 41]] and state.present == [42, 43, 44]
    view = ENGINE.view(state, 0)
    assert view["zones"]["future0"] == ["c16", "c30", "c40"]
    assert view["zones"]["future1"] == ["c24", "c31", "c41"]
    state, _ = play(state, "done")
    assert state.present == [16, 30, 40] and state.futures == [[24, 31, 41]]
    state, _ = play(state, "done")
    assert state.present == [24, 31, 41] and state.futures == []
    assert state.past == [16, 30, 40]  # 42 43 44 went to the Past first, then under


def test_exchange_draws_then_puts_a_card_on_top():
    state = new([13, 30, 40, 20, 21, 22, 23])
    state, events = play(state, "activate 13")
    assert drawn(events) == ["c20"] and state.phase == "choose"
    assert Cancel_not_offered(state)
    with pytest.raises(IllegalAction, match="cannot be cancelled"):
        play(state, "cancel")
    state, events = play(state, "pick 30", "confirm")
    assert state.present == [13, 40, 20] and state.draw[0] == 30
    assert ("c30", "present", "draw") in moves(events)
    state, events = play(state, "done")
    assert sorted(state.present) == [21, 22, 30]


def Cancel_not_offered(state) -> bool:
    return "0 cancel" not in {a.text() for a in ENGINE.legal_actions(state, 0)}


def test_exchange_returns_the_sweet_of_the_card_put_on_top():
    state = new([13, 30, 40, 20, 21])
    state, _ = play(state, "activate 13", "pick 13", "confirm")
    assert state.draw[0] == 13 and state.sweets_on == {} and state.sweets_reserved == 4


def test_remove_sweets_frees_other_actions():
    state = new([37, 9, 14, 20, 22, 23, 16, 41, 42])
    state, _ = play(state, "activate 9", "activate 14")
    assert state.sweets_on == {9: 1, 14: 1}
    state, events = play(state, "activate 37")
    assert state.sweets_on == {37: 1}
    assert state.sweets_reserved == 3 + 2
    state, _ = play(state, "activate 9")  # usable again
    assert state.sweets_on == {37: 1, 9: 1}
    with pytest.raises(IllegalAction, match="already used"):
        play(state, "activate 37")


def test_remove_sweets_reaches_future_cards():
    state = mid(draw=rest_of([37, 9, 30, 12, 16], [48]) + [48], present=[37, 30],
                futures=[[12, 16]], aside=[9], sweets_on={12: 1, 16: 1, 9: 1},
                sweets_active=4, sweets_reserved=3)
    state, _ = play(state, "activate 37")
    assert state.sweets_on == {37: 1} and state.sweets_reserved == 6


def test_0048_has_no_action():
    state = mid(draw=rest_of([48, 20, 30]), present=[48, 20, 30])
    with pytest.raises(IllegalAction, match="no action"):
        play(state, "activate 48")


# -- scoring interrupts an action (clarification 2) ----------------------------------------

def test_draw_two_scoring_interrupts_between_the_draws():
    state = mid(draw=[1, 40, 41] + rest_of([1, 2, 40, 41, 30], [48]) + [48], present=[2, 30])
    state, events = play(state, "activate 2")
    story = [(e.piece, e.target) for e in events if e.kind == "move"]
    # 1 drawn, scored, 2 scored too, replacements drawn, then the action's second card
    assert story[:6] == [("c1", "present"), ("c1", "finished"), ("c40", "present"),
                         ("c2", "finished"), ("c41", "present"), (story[5][0], "present")]
    assert state.finished == [1, 2]
    assert state.sweets_on == {} and state.sweets_reserved == 4  # 2's sweet left with it


def test_cards_into_the_past_scoring_interrupts_the_second_draw():
    finished = [1, 2, 3, 4, 5, 6]
    state = mid(draw=[7, 40, 41] + rest_of(finished, [7, 40, 41, 11, 30, 31], [48]) + [48],
                present=[11, 30, 31], finished=finished)
    state, events = play(state, "activate 11", "pick 30", "pick 31", "confirm")
    story = [(e.piece, e.target) for e in events if e.kind == "move" and e.target != "past"]
    assert story[:4] == [("c7", "present"), ("c7", "finished"), ("c40", "present"),
                         ("c41", "present")]
    assert state.present == [11, 40, 41]


def test_exchange_scoring_happens_before_the_choice():
    state = mid(draw=[1, 40] + rest_of([1, 13, 30, 40], [48]) + [48], present=[13, 30])
    state, events = play(state, "activate 13")
    assert state.finished == [1] and state.present == [13, 30, 40]
    assert state.phase == "choose"


def test_exchange_with_nothing_left_to_put_back_ends_by_itself():
    finished = list(range(1, 12))
    state = mid(draw=[12], present=[13], finished=finished,
                futures=[rest_of(finished, [12, 13])])
    state, events = play(state, "activate 13")
    assert state.finished[-2:] == [12, 13] and state.present == []
    assert state.phase == "act" and state.pending is None
    assert any("no card to put back" in e.text for e in events)
