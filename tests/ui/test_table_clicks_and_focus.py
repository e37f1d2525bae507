"""Clicks and keys on the shared table, one rule at every table: a click means the card whose
visible part is under the pointer (never a tilted neighbour whose empty corner box lies over
it); the keyboard's focus is always drawn, over the cards and turned with its card; Enter
after a hint makes the hinted move, never a move of some focus nobody sees."""
from __future__ import annotations

import pygame

from game.core import Seat
from game.finita.view import DISCARD_ZONE, hand_zone
from scenes import widgets as ui
from scenes.table.registry import start_new_game
from tests.finita.helpers import deal
from tests.ui.conftest import key, post_click


def finita(app, hand, first="red-5.1", then=()):
    from scenes.menu import MainMenu
    app.push(MainMenu(app))
    seats = [Seat("Anna", "human"), Seat("Ben", "computer", "simple")]
    order = deal([hand, []], first, then)
    table = start_new_game(app, "finita", seats, None, 3, deal={"cards": order, "first": 0})
    table.skip_animations()
    app.frame(0.016)
    return table


def hand_sprites(table):
    return [table.sprites[p] for p in table.contents[hand_zone(0)]]


def shape_only_points(table):
    """(point, card under it, tilted card over it) where the point is on the lower card and
    inside the upright box of the card over it, but not on that card."""
    found = []
    cards = hand_sprites(table)
    for under, over in zip(cards, cards[1:]):
        if not over.angle:
            continue
        box = over.rect.clip(under.rect)
        for x in range(box.left, box.right, 2):
            for y in range(box.top, box.bottom, 2):
                if under.contains((x, y)) and not over.contains((x, y)) and all(
                        not c.contains((x, y)) for c in cards[cards.index(over):]):
                    found.append(((x, y), under, over))
    return found


def test_a_click_means_the_card_whose_visible_part_is_under_the_pointer(app):
    table = finita(app, ["green-8.1", "yellow-7.1", "red-7.1", "green-6.1", "yellow-4.1",
                         "green-3.1", "yellow-2.1"])
    spots = shape_only_points(table)
    assert spots, "the hand's tilted cards leave no corner of box over a neighbour"
    for point, under, over in spots:
        assert table.input.sprite_at(point) is under, (point, under.piece, over.piece)
    # one click on such a corner plays the card seen there, not the one lying over it
    red = table.sprites["red-7.1"]
    on_red = [p for p, under, _ in spots if under is red]
    assert on_red, "no box corner of a neighbour lies over the red 7"
    post_click(app, on_red[0])
    assert table.state.discard[-1] == "red-7.1"


def test_the_focus_is_drawn_over_the_cards_and_turned_with_its_card(app):
    table = finita(app, ["red-7.1", "red-8.1", "green-6.1", "yellow-4.1", "green-3.1",
                         "yellow-2.1", "green-2.1"])
    while table.input.focused() is None or table.input.focused().piece != "red-7.1":
        key(app, pygame.K_TAB)
    sprite = table.input.focused()
    assert sprite.angle, "the first card of a fan is tilted"
    app.draw()
    screen = app.screen
    corners = sprite.corners(grow=3)
    # the middle of each edge of the tilted outline is lit, the edge to the right too, where
    # the next card lies over it (the ring is drawn over the cards)
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1]):
        x, y = int((x1 + x2) / 2), int((y1 + y2) / 2)
        near = [screen.get_at((x + dx, y + dy))[:3] for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        assert any(close(c, ui.FOCUS) for c in near), ((x, y), near[4])
    # and an upright box's corner, off the tilted card, is not
    r = sprite.rect
    box_corner = (r.left + 2, r.top + 2) if not sprite.contains((r.left + 2, r.top + 2)) \
        else (r.right - 3, r.top + 2)
    assert not sprite.contains(box_corner)
    assert not close(screen.get_at(box_corner)[:3], ui.FOCUS)


def close(colour, target, tolerance=40):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, target))


def test_enter_after_a_hint_makes_the_hinted_move_not_the_unseen_focus(app):
    """The person tabbed onto the draw pile, then asked for a hint ('Play red 7'): Enter
    played the hint's card (it drew a card from the focused pile)."""
    table = finita(app, ["red-7.1", "green-8.1", "yellow-8.1", "green-6.1", "yellow-4.1",
                         "green-3.1", "yellow-2.1"])
    for _ in range(12):
        key(app, pygame.K_TAB)
        if table.input.focused() is not None and table.input.focused().zone != hand_zone(0):
            break
    assert table.input.focused() is not None and table.input.focused().zone != hand_zone(0)
    key(app, pygame.K_h)
    hint = table.hint
    assert hint is not None and table.engine.describe(hint) == "Play red 7"
    assert table.input.focused() is None, "a hint takes the focus off the pile"
    hand = len(table.state.hands[0])
    key(app, pygame.K_RETURN)
    assert table.state.discard[-1] == "red-7.1" and len(table.state.hands[0]) == hand - 1
    assert table.hint is None


def test_a_focus_whose_card_left_is_gone_and_enter_does_nothing_unseen(app):
    table = finita(app, ["red-7.1", "red-8.1", "green-6.1", "yellow-4.1", "green-3.1",
                         "yellow-2.1", "green-2.1"])
    while table.input.focused() is None or table.input.focused().piece != "red-7.1":
        key(app, pygame.K_TAB)
    post_click(app, centre_of(table, "red-7.1"))  # played by the mouse
    assert table.state.discard[-1] == "red-7.1"
    for _ in range(60):  # Ben's turn, then Anna's again
        app.frame(0.5)
        table.skip_animations()
        if table.my_turn():
            break
    assert table.my_turn() and table.input.focusables()
    assert table.input.focused() is None, "the focus went on to a card nobody chose"
    steps = len(table.match.steps)
    key(app, pygame.K_RETURN)
    assert len(table.match.steps) == steps


def centre_of(table, piece):
    sprite = table.sprites[piece]
    x, y = sprite.pos
    return int(x - sprite.size[0] * 0.32), int(y)


def test_a_pile_offers_one_focus_its_top_card(app):
    table = finita(app, ["green-8.1", "yellow-8.1", "green-6.1", "yellow-4.1", "green-3.1",
                         "yellow-2.1", "green-2.1"])  # nothing fits: only the pile to draw
    items = table.input.focusables()
    piles = [s for s in items if s.zone != hand_zone(0)]
    assert len(piles) == 1, [s.key for s in piles]
    top = max((s for s in table.sprites.values() if s.zone == piles[0].zone), key=lambda s: s.index)
    assert piles[0] is top
    assert DISCARD_ZONE in table.zones
