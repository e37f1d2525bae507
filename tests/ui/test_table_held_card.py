"""While a card is held (by the mouse, or picked up by a click or Enter), a key acts on it
or waits: nothing else changes the table under it. Found by random input: End turn by key
was taken while a Present card of Finished! hung on the pointer, the card's sprite left the
table, and putting it back raised ValueError (list.remove) in input.put_back."""
from __future__ import annotations

import pygame

from game.core import Seat
from scenes.table.registry import start_new_game
from tests.ui.conftest import key


def finished_table(app, seed=7):
    from scenes.menu import MainMenu
    app.push(MainMenu(app))
    table = start_new_game(app, "finished", [Seat("You")], None, seed)
    app.frame(0.016)
    return table


def hold(app, sprite, by=(30, 12)):
    """Press on a card and move the pointer with the button down: the card hangs on it."""
    x, y = sprite.rect.center
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + by[0], y + by[1]), rel=by,
                                    buttons=(1, 0, 0)))
    app.frame(0.016)


def test_end_turn_by_key_waits_while_a_present_card_is_held(app):
    table = finished_table(app)
    steps = len(table.match.steps)
    card = table.sprites[table.view["zones"]["present"][-1]]
    hold(app, card)
    assert table.input.dragging
    key(app, pygame.K_1)  # End turn (the first button) ...
    key(app, pygame.K_1)
    assert len(table.match.steps) == steps, "a key changed the table under the held card"
    assert table.input.dragging and table.group.has(card)
    key(app, pygame.K_ESCAPE)  # ... and Esc puts the card back (it raised ValueError)
    assert table.input.lift is None and table.group.has(card)
    assert app.manager.top is table, "Esc with a card in hand only puts it back"
    key(app, pygame.K_1)  # with nothing held, the key does its job again
    assert len(table.match.steps) == steps + 1


def test_a_card_picked_by_click_takes_the_next_click_not_the_buttons(app):
    table = finished_table(app)
    steps = len(table.match.steps)
    card = table.sprites[table.view["zones"]["present"][0]]
    x, y = card.rect.centerx, card.rect.top + 8  # the picture, not the action strip
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))
    app.frame(0.016)
    assert table.input.lift is not None and not table.input.lift.by_pointer
    end_turn = table.buttons.buttons[0]
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=end_turn.rect.center, button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end_turn.rect.center, button=1))
    app.frame(0.016)
    assert len(table.match.steps) == steps, "the click on End turn only put the card back"
    assert table.input.lift is None and table.group.has(card)


def test_a_held_card_whose_sprite_left_the_table_is_let_go_quietly(app):
    table = finished_table(app)
    card = table.sprites[table.view["zones"]["present"][-1]]
    hold(app, card)
    table._drop_sprite(card.key)  # as a change of the picture under it would
    table.input.cancel()  # raised ValueError: list.remove(x)
    assert table.input.lift is None


def test_the_table_going_under_a_menu_puts_the_held_card_back(app):
    table = finished_table(app)
    card = table.sprites[table.view["zones"]["present"][-1]]
    hold(app, card)
    key(app, pygame.K_F1)  # the rules open over the table: waits while the card is held
    assert app.manager.top is table
    table.open_rules()  # opened some other way: the card goes back first
    assert table.input.lift is None and table.group.has(card)


def flag_table(app, seed=5):
    from scenes.menu import MainMenu
    app.push(MainMenu(app))
    seats = [Seat("Anna", "human"), Seat("Ben", "computer", "steady")]
    return start_new_game(app, "flag-finish", seats, {"mode": "warm-up", "races": 1}, seed)


def test_flag_finish_a_discard_held_while_the_computer_takes_it_is_let_go(app):
    """Discards may be picked up at any time; Ben (seed 5) opens by taking green 3 from the
    pile while Anna holds it by a click: the card goes to Ben, Anna's hold ends quietly."""
    table = flag_table(app)
    table.skip_animations()
    card = table.sprites["green-3"]
    x, y = card.rect.center
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))
    assert table.input.lift is not None and table.input.lift.sprite is card
    for _ in range(20):
        app.frame(0.5)
        table.skip_animations()
        if table.match.steps:
            break
    assert table.match.steps and "green-3" not in table.contents.get("discard", [])
    key(app, pygame.K_ESCAPE)  # raised ValueError: list.remove(x) in put_back
    assert table.input.lift is None
    table.skip_animations()
    app.frame(0.016)
