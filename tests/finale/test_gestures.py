"""How Finale's actions are done on the table: the gestures the engine names for them, and
the reasons it gives for a drag or click that matches nothing."""
from __future__ import annotations

import pytest

from game.core import Gesture, IllegalAction
from game.finale import ENGINE, rules
from game.finale.data import GOALIE

from .helpers import DATA, act, start


def test_a_hand_card_is_dragged_onto_the_table_or_clicked_to_choose_it():
    s = start([["eckball", "flanke", "einwurf"], ["elfmeter"]])
    (pick,) = ENGINE.action_for(s, 0, Gesture("stollen-flanke", "hand0", "table0"))
    assert pick.text() == "0 pick stollen-flanke"
    assert ENGINE.action_for(s, 0, Gesture("stollen-flanke", "hand0", None)) == [pick]


def test_a_click_marks_a_player_into_his_own_lines_slot_and_a_drag_names_the_slot():
    s = start([["offener-schlagabtausch"], ["elfmeter"]])
    s = act(act(s, "0 pick stollen-offener-schlagabtausch"), "1 pick acker-elfmeter")
    kinds = rules.slots(s, 0)
    defender = next(p for p in s.coaches[0].field if DATA.player(p).position == "defence")
    (mark,) = ENGINE.action_for(s, 0, Gesture(defender, "field0", None))
    assert kinds[mark.slot] == "defence"
    if "midfield" in kinds:
        slot = kinds.index("midfield")
        mid = next(p for p in s.coaches[0].field if DATA.player(p).position == "midfield")
        (drag,) = ENGINE.action_for(s, 0, Gesture(mid, "field0", f"area#{slot}"))
        assert drag.slot == slot and drag.player == mid


def test_a_player_who_fits_no_open_slot_is_refused_with_the_reason():
    s = start([["alleingang"], ["elfmeter"]])  # one striker slot for the attacker
    s = act(act(s, "0 pick stollen-alleingang"), "1 pick acker-elfmeter")
    assert rules.slots(s, 0) == ("striker",)
    keeper = next(p for p in s.coaches[0].field if DATA.player(p).position == GOALIE)
    with pytest.raises(IllegalAction) as info:
        ENGINE.action_for(s, 0, Gesture(keeper, "field0", None))
    assert "goalie" in info.value.reason


def test_a_bench_player_dragged_onto_a_field_player_comes_on_for_him():
    s = start()
    out = next(p for p in s.coaches[0].field if DATA.player(p).position == "striker")
    into = next(p for p in s.coaches[0].bench if DATA.player(p).position != GOALIE)
    (sub,) = ENGINE.action_for(s, 0, Gesture(into, "bench0", out))
    assert sub.text() == f"0 sub {out} {into}"
    keeper = next(p for p in s.coaches[0].bench if DATA.player(p).position == GOALIE)
    with pytest.raises(IllegalAction) as info:
        ENGINE.action_for(s, 0, Gesture(keeper, "bench0", out))
    assert "reserve goalie only comes on for the goalie" in info.value.reason


def test_a_bench_player_dragged_on_during_an_attack_is_told_when_changes_are_made():
    s = start([["offener-schlagabtausch"], ["elfmeter"]])
    s = act(act(s, "0 pick stollen-offener-schlagabtausch"), "1 pick acker-elfmeter")
    assert s.phase != "pick"  # the period's cards are chosen: the attack is under way
    out = next(p for p in s.coaches[0].field if DATA.player(p).position == "striker")
    into = next(p for p in s.coaches[0].bench if DATA.player(p).position != GOALIE)
    with pytest.raises(IllegalAction) as info:
        ENGINE.action_for(s, 0, Gesture(into, "bench0", out))
    assert "start of a period" in info.value.reason
