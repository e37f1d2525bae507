"""The shared table pieces (scenes/table/: hand fan, heap, slot row, loose spread, race clock,
hidden-draw order) used on their own, with made-up cards and no game's code."""
from __future__ import annotations

import math

import pygame
import pytest

from game.core import HIDDEN, Event
from scenes.table.clock import RaceClock
from scenes.table.draws import hidden_draw_order, new_keys
from scenes.table.hand import HandFan
from scenes.table.heap import Heap
from scenes.table.slots import SlotRow
from scenes.table.spread import LooseSpread, SpreadZone

CARD = (60, 88)
SEVEN = ["k7", "b2", "z9", "a1", "m4", "q3", "c8"]  # made-up ids, deliberately not sorted


def bounds(spot, card=CARD) -> pygame.Rect:
    """The rectangle a card at (x, y, angle) covers, tilt included."""
    x, y, angle = spot
    r = math.radians(angle)
    w = card[0] * abs(math.cos(r)) + card[1] * abs(math.sin(r))
    h = card[0] * abs(math.sin(r)) + card[1] * abs(math.cos(r))
    return pygame.Rect(round(x - w / 2), round(y - h / 2), round(w), round(h))


@pytest.mark.parametrize("upside_down", [False, True])
def test_a_hand_fan_of_seven_lies_inside_its_zone_and_keeps_its_order(upside_down):
    rect = pygame.Rect(100, 300, 470, int(CARD[1] * 1.3))
    fan = HandFan("hand", rect, "fan", CARD, upside_down=upside_down)
    spots = fan.positions(len(SEVEN))
    assert len(spots) == 7
    for spot in spots:
        assert rect.contains(bounds(spot)), (spot, rect)
    xs = [x for x, _, _ in spots]
    assert xs == sorted(xs) and len(set(xs)) == 7, "left to right in the content's order"
    angles = [a for _, _, a in spots]
    assert angles[3] == pytest.approx(0) and angles[0] == pytest.approx(-angles[6])
    ys = [y for _, y, _ in spots]
    # the ends dip towards the edge the hand is held at: the bottom, or the top when upside down
    assert (ys[0] < ys[3]) == upside_down and ys[0] == pytest.approx(ys[6])
    assert (angles[0] > 0) != upside_down


def test_a_heap_gives_every_card_a_steady_place_inside_it():
    rect = pygame.Rect(20, 200, 180, 150)
    heap = Heap("pile", rect, "grid", CARD, face_up=False)
    ten = heap.positions(10)
    assert heap.positions(4) == ten[:4], "cards coming and going never move the others"
    assert heap.positions(10) == ten
    assert len({(x, y) for x, y, _ in ten}) == 10
    for x, y, angle in ten:
        assert rect.collidepoint(x, y) and abs(angle) <= heap.tilt
    other = Heap("pile", rect, "grid", CARD, face_up=False, salt="other")
    assert other.positions(10) != ten


def test_a_slot_row_keeps_a_fixed_place_for_every_card():
    rect = pygame.Rect(50, 400, 600, CARD[1])
    row = SlotRow("row", rect, "row", CARD, places=12)
    full = row.positions(12)
    assert row.positions(3) == full[:3], "the row never shifts as it grows"
    assert full[0][0] == rect.x + CARD[0] / 2 and full[-1][0] == rect.right - CARD[0] / 2
    steps = {round(b[0] - a[0], 6) for a, b in zip(full, full[1:])}
    assert len(steps) == 1 and all(y == rect.centery and a == 0 for _, y, a in full)
    five = SlotRow("row", rect, "row", CARD, places=5).positions(5)
    assert five[-1][0] == rect.right - CARD[0] / 2 and five[1][0] > full[1][0]


def test_a_loose_spread_keeps_a_moved_card_where_it_was_put():
    rect = pygame.Rect(200, 150, 500, 260)
    spread = LooseSpread()
    cards = ["c1", "c2", "c3", "c4", "c5"]
    order, spots = spread.spots(rect, CARD, spread.sync(cards))
    assert sorted(order) == sorted(cards) and len(spots) == len(cards) + 1, "one more: the next"
    before = dict(zip(order, spots))
    spread.move("c2", rect, CARD, (rect.right - 40.0, rect.bottom - 50.0))
    order, spots = spread.spots(rect, CARD, spread.sync(cards))
    moved = dict(zip(order, spots))["c2"]
    assert order[-1] == "c2", "a moved card lies on top"
    assert moved[:2] == (rect.right - 40.0, rect.bottom - 50.0)
    # another card leaves, a new one arrives: the moved card and the others keep their places
    cards = ["c1", "c2", "c3", "c5", "c6"]
    order, spots = spread.spots(rect, CARD, spread.sync(cards))
    now = dict(zip(order, spots))
    assert now["c2"] == moved and order[-1] == "c2"
    assert all(now[c] == before[c] for c in ("c1", "c3", "c5"))
    assert "c4" not in now and rect.collidepoint(now["c6"][:2])
    # a card dropped at the very edge is pulled inside, so it never hangs off the area
    spread.move("c6", rect, CARD, (rect.right + 500.0, rect.y - 500.0))
    x, y, _ = dict(zip(*spread.spots(rect, CARD, spread.sync(cards))))["c6"]
    assert rect.x < x - CARD[0] / 2 < x + CARD[0] / 2 < rect.right
    assert rect.y < y - CARD[1] / 2


def test_a_rebuilt_spread_lays_the_same_piles_the_same_way():
    rect = pygame.Rect(0, 0, 400, 240)
    piles = [["a"], ["a", "b"], ["a", "b", "c"], ["a", "c"], ["a", "c", "d"]]
    first, second = LooseSpread(), LooseSpread()
    first.follow(piles, rect, CARD)
    second.follow(piles, rect, CARD)
    first.move("c", rect, CARD, (300.0, 200.0))
    second.keep_moved(first, ["a", "c", "d"])
    pile = ["a", "c", "d"]
    assert first.spots(rect, CARD, first.sync(pile)) == second.spots(rect, CARD, second.sync(pile))


def test_a_spread_zone_puts_its_cards_on_the_given_spots():
    zone = SpreadZone("open", pygame.Rect(0, 0, 300, 200), "grid", CARD)
    assert zone.positions(2) == [(150, 100, 0.0), (150, 100, 0.0)], "no spots yet: the middle"
    zone.extra["spots"] = [(10.0, 20.0, 1.0), (30.0, 40.0, -2.0), (50.0, 60.0, 0.0)]
    assert zone.positions(2) == [(10.0, 20.0, 1.0), (30.0, 40.0, -2.0)]


def test_a_race_clock_counts_down_then_runs_and_pauses():
    clock = RaceClock()
    assert not clock.counting and clock.banner() == "" and clock.round == 0
    clock.start(1, 0)
    clock.due[2] = 500
    assert clock.counting and clock.banner() == "3"
    assert clock.tick(1.0) is False and clock.banner() == "2" and clock.now() == 0
    assert clock.tick(1.5) is False and clock.banner() == "1"
    assert clock.tick(0.75) is True, "Go, once"
    assert not clock.counting and clock.banner() == "Go!" and clock.now() == 250
    assert clock.tick(0.5) is False and clock.now() == 750
    clock.paused = True
    assert clock.tick(10.0) is False and clock.now() == 750 and clock.banner() == "Go!"
    clock.paused = False
    clock.tick(1.0)
    assert clock.banner() == "" and clock.now() == 1750 and clock.text() == "0:01.7"
    clock.tick(65.0)
    assert clock.text() == "1:06.7"
    clock.start(2, 4200)  # the next round, or a resumed one from its last action's time
    assert clock.counting and clock.round == 2 and clock.now() == 4200 and clock.due == {}
    quick = RaceClock(countdown=1.0, go_shown=0.2)
    quick.start(1, 0)
    assert quick.tick(1.0) is True and quick.banner() == "Go!"
    quick.tick(0.25)
    assert quick.banner() == ""


def test_hidden_draws_fly_to_the_new_cards_in_the_hand():
    contents = {"hand0": ["x1", "x2", "x3", "x4"], "hand1": [HIDDEN, HIDDEN, HIDDEN]}
    sprites = {"x1": 1, "x2": 2, "?hand1:0": 3}
    assert new_keys(contents, sprites, "hand0") == ["x3", "x4"]
    assert new_keys(contents, sprites, "hand1") == ["?hand1:1", "?hand1:2"]
    events = [
        Event("move", piece=HIDDEN, source="draw", target="hand1"),
        Event("move", piece=HIDDEN, source="draw", target="hand0"),
        Event("move", piece=HIDDEN, source="draw", target="hand1"),
        Event("move", piece=HIDDEN, source="draw", target="hand1"),  # no new card left there
        Event("message", text="Go!"),
        Event("move", piece="r5", source="hand0", target="discard"),
        Event("flip", piece="r5", source="discard", target="discard"),
        Event("move", piece="p1", source="row0", target="draw"),
        Event("move", piece="p2", source="row1", target="draw"),
        Event("move", piece="r6", source="hand0", target="row0"),
    ]
    order = hidden_draw_order(events, lambda zone: new_keys(contents, sprites, zone))
    assert order == {
        "?hand1:1": ("draw", "hand1", 0.0),
        "x3": ("draw", "hand0", 0.25),
        "?hand1:2": ("draw", "hand1", 0.5),
        "r5": ("hand0", "discard", 0.75),
        "p1": ("row0", "draw", 1.75),  # gathered onto the pile: all at once
        "p2": ("row1", "draw", 1.75),
        "r6": ("hand0", "row0", 1.75),
    }
