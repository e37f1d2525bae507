"""What is drawn over the table never hides what a person must see or act on: a tip leaves
with the pointer (and under a menu there is none), tips, messages and the hint's words keep
off the hand of the person to move, and the hint's words go when the turn ends."""
from __future__ import annotations

import pygame

import scenes.table.painting as painting
from game.core import Seat
from game.finita.view import hand_zone
from scenes import widgets
from scenes.table.registry import start_new_game
from tests.finita.helpers import deal
from tests.ui.conftest import key, post_click

HAND = ["red-7.1", "green-8.1", "yellow-8.1", "green-6.1", "yellow-4.1", "green-3.1", "yellow-2.1"]


def finita(app):
    from scenes.menu import MainMenu
    app.push(MainMenu(app))
    seats = [Seat("Anna", "human"), Seat("Ben", "computer", "simple")]
    table = start_new_game(app, "finita", seats, None, 3,
                           deal={"cards": deal([HAND, []]), "first": 0})
    table.skip_animations()
    app.frame(0.016)
    return table


def the_hand(table) -> pygame.Rect:
    """The person's hand on screen: its zone and every card in it."""
    zone = table.zones[hand_zone(0)]
    rect = zone.rect.copy()
    for piece in table.contents[zone.id]:
        rect.union_ip(table.sprites[piece].rect)
    return rect


def record_tips(monkeypatch) -> list:
    shown: list = []
    real = painting.draw_tip

    def spy(surface, tip, base, **kw):
        box = real(surface, tip, base, **kw)
        shown.append((tip, box))
        return box

    monkeypatch.setattr(painting, "draw_tip", spy)
    return shown


def move(app, pos):
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(0.016)


def card_point(table, piece):
    sprite = table.sprites[piece]
    return int(sprite.pos[0] - sprite.size[0] * 0.32), int(sprite.pos[1])


def test_a_buttons_tip_leaves_with_the_pointer_out_of_the_window(app, monkeypatch):
    """SDL keeps telling the last position after the pointer left: the tip stayed."""
    table = finita(app)
    hint = table.tools.buttons[2]
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: hint.rect.center)
    shown = record_tips(monkeypatch)
    move(app, hint.rect.center)
    app.draw()
    assert shown and "good player" in shown[-1][0]
    shown.clear()
    app.dispatch(pygame.event.Event(pygame.WINDOWLEAVE))
    app.draw()
    assert shown == [], "a tip stayed after the pointer left the window"
    assert not hint.hover


def test_no_tip_of_the_table_under_a_menu(app, monkeypatch):
    table = finita(app)
    shown = record_tips(monkeypatch)
    move(app, card_point(table, "green-8.1"))
    app.draw()
    assert shown, "hovering a card shows its tip"
    key(app, pygame.K_ESCAPE)  # the pause menu over the table
    assert app.manager.top is not table
    shown.clear()
    app.draw()
    assert shown == []


def test_a_tip_keeps_off_the_hand_of_the_person_to_move(app, monkeypatch):
    table = finita(app)
    shown = record_tips(monkeypatch)
    here = [(0, 0)]
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: here[0])  # SDL's idea of the pointer
    for button in table.tools.buttons:  # tips without a card of their own
        here[0] = button.rect.center
        move(app, button.rect.center)
        app.draw()
        assert shown, button.label
        assert not shown[-1][1].colliderect(the_hand(table)), (button.label, shown[-1][1])
    here[0] = card_point(table, "green-8.1")
    move(app, here[0])  # a card's tip: beside its hand, not on it
    app.draw()
    assert not shown[-1][1].colliderect(the_hand(table))


def test_messages_keep_off_the_hand_of_the_person_to_move(app, monkeypatch):
    table = finita(app)
    boxes: list = []
    real = widgets.draw_toasts

    def spy(*args, **kw):
        found = real(*args, **kw)
        boxes.extend(found)
        return found

    monkeypatch.setattr(widgets, "draw_toasts", spy)
    for words in ("Green 8 does not fit on red 5: play red or 5, or draw.",
                  "A second message, just as long as the first one, to stack two of them.",
                  "And a third."):
        app.toast(words, 5, "bad")
    app.draw()
    assert len(boxes) == 3
    for box in boxes:
        assert not box.colliderect(the_hand(table)), box


def test_the_hint_is_said_in_the_status_bar_not_over_the_hand_and_goes_with_the_turn(app, monkeypatch):
    """The hint was a message over the hand and the log for five seconds, after the turn too."""
    table = finita(app)
    said: list = []
    real = widgets.text

    def spy(surface, words, size, pos, *args, **kw):
        rect = real(surface, words, size, pos, *args, **kw)
        said.append((words, rect))
        return rect

    monkeypatch.setattr(widgets, "text", spy)
    key(app, pygame.K_h)
    app.draw()
    lines = [rect for words, rect in said if words == "Hint: Play red 7"]
    assert lines, "the hint's words are on the table"
    bar = pygame.Rect(0, 0, app.size[0], int(widgets.ui_size(app.size) * 2.1))
    assert bar.contains(lines[-1]) and not lines[-1].colliderect(the_hand(table))
    assert not any("Hint" in words for words, _ in app.toasts.active()), "no banner over the hand"
    post_click(app, card_point(table, "red-7.1"))  # the move is made: the turn ends
    assert table.state.discard[-1] == "red-7.1"
    said.clear()
    app.draw()
    assert table.hint is None and not any(w.startswith("Hint:") for w, _ in said)


def test_the_menus_button_tip_leaves_with_the_pointer(app, monkeypatch):
    from scenes.menu import MainMenu
    menu = MainMenu(app)
    app.push(menu)
    app.frame(0.016)
    button = menu.buttons.buttons[1]
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: button.rect.center)  # SDL's last word
    move(app, button.rect.center)
    said: list = []
    real = widgets.text
    monkeypatch.setattr(widgets, "text", lambda s, words, *a, **k: (said.append(words),
                                                                     real(s, words, *a, **k))[1])
    app.draw()
    assert button.tip in said
    said.clear()
    app.dispatch(pygame.event.Event(pygame.WINDOWLEAVE))
    app.draw()
    assert button.tip not in said, "the tip stayed after the pointer left the window"
