"""What a play-through of Finita at a real screen turned up (each a bug seen, then mended)."""
from __future__ import annotations

import pygame

from game.finita.actions import Swap
from game.finita.view import CHOOSE, hand_zone, memory_zone
from scenes import widgets as ui
from scenes.table.overlays import ChoicePopup
from tests.finita.helpers import late
from tests.ui.conftest import post_click
from tests.ui.test_finita_table import centre, new_table
from tests.ui.text_sizes import resize

SIZES = ((800, 500), (1024, 640), (1280, 800), (2560, 1440))


def drawn_words(app, table, monkeypatch):
    """Every text the Finita painter draws in one frame, with where it landed (the cached
    background is painted afresh too); a seat's key cap is noted as "key A" and so on."""
    from scenes.finita import paint
    seen: list[tuple[str, pygame.Rect]] = []
    real, real_cap = ui.text, paint.key_cap

    def spy(surface, words, *args, **kwargs):
        rect = real(surface, words, *args, **kwargs)
        seen.append((words, rect))
        return rect

    def cap_spy(surface, letter, *args, **kwargs):
        rect = real_cap(surface, letter, *args, **kwargs)
        seen.append((f"key {letter.upper()}", rect))
        return rect

    monkeypatch.setattr(paint.ui, "text", spy)
    monkeypatch.setattr(paint, "key_cap", cap_spy)
    table.static = None
    app.needs_redraw = True
    app.draw()
    monkeypatch.setattr(paint.ui, "text", real)
    monkeypatch.setattr(paint, "key_cap", real_cap)
    return seen


def test_the_penalty_button_leaves_the_memory_cards_free(app):
    table = new_table(app, [["red-7.1"]], kinds=("human", "computer", "computer"),
                      options={"memory": 1, "penalty": True})
    for size in SIZES:
        resize(app, size)
        memory = table.zones[memory_zone(0)].rect
        assert table.penalty_button.enabled
        assert not table.penalty_button.rect.colliderect(memory), size
        assert not table.react_button.rect.colliderect(memory), size
        assert memory.top >= 0 and table.penalty_button.rect.bottom <= size[1], size


def test_an_uncalled_last_card_is_marked_inside_the_window(app, monkeypatch):
    table = new_table(app, [["red-7.1", "red-8.1"]], kinds=("human", "computer"))
    late(table.state, ["red-7.1", "red-8.1"])
    table.refresh([], animate=False)
    post_click(app, centre(table, "red-7.1"))  # no Finita! call
    assert table.state.unsafe == 0 and table.bottom() == 0
    for size in SIZES:
        resize(app, size)
        marks = [rect for words, rect in drawn_words(app, table, monkeypatch)
                 if words == "one card, no call!"]
        assert marks, size
        assert pygame.Rect((0, 0), size).contains(marks[0]), (size, marks[0])
        hand = table.zones[hand_zone(0)].rect
        assert not marks[0].colliderect(table.react_button.rect), size
        assert marks[0].bottom <= hand.bottom, size


def test_a_running_draw_is_not_shown_as_a_colour_to_play(app, monkeypatch):
    table = new_table(app, [["blue-2.1"]], first="red-draw2.1")  # Anna faces the first +2
    assert table.view["chain"] == 2 and 0 in table.view["to_act"]
    words = [w for w, _ in drawn_words(app, table, monkeypatch)]
    assert "+2" in words
    assert not any(w.startswith("Play ") for w in words), words


def test_penalty_choices_name_the_players(app):
    table = new_table(app, [["red-7.1"]], kinds=("human", "computer", "computer"),
                      options={"penalty": True})
    post_click(app, table.penalty_button.rect.center)
    popup = app.manager.top
    assert isinstance(popup, ChoicePopup)
    labels = [b.label for b in popup.buttons.buttons if b.label != "Cancel"]
    assert len(labels) == 4
    assert not any("seat" in label for label in labels), labels
    assert sum("Ben" in label for label in labels) == 2
    assert sum("Cleo" in label for label in labels) == 2


def test_memory_swaps_name_the_players_and_tell_the_cards_apart(app, monkeypatch):
    table = new_table(app, [["red-7.1"]], kinds=("human", "computer", "computer"),
                      options={"memory": 2, "memory_swap": True})
    swaps = [Swap(0, 1, i, 2, j) for i in range(2) for j in range(2)]
    monkeypatch.setattr(table, "everything_legal", lambda: swaps)  # as after Anna's 0
    table.view["phase"], table.view["choice"] = CHOOSE, "swap"
    table.place_controls()
    labels = {b.label for b in table.chooser.buttons.buttons}
    assert len(labels) == 4, labels
    assert all("Ben" in label and "Cleo" in label and "seat" not in label for label in labels)


def test_the_pile_labels_keep_clear_of_the_name_under_them(app, monkeypatch):
    table = new_table(app, [["red-7.1"]], kinds=("human", "computer", "computer"),
                      options={"memory": 1})  # memory rows up top: a low middle
    for extra in (0, 6, 9):
        state = table.state
        state.hands[0] += state.draw[:extra]
        del state.draw[:extra]
        table.refresh([], animate=False)
        for size in SIZES:
            resize(app, size)
            drawn = drawn_words(app, table, monkeypatch)
            labels = [r for w, r in drawn if w.startswith(("Draw pile", "Discards"))]
            plate = [r for w, r in drawn if w in ("key A", "Anna", "Anna (you)")
                     or w.startswith(f"{len(state.hands[0])} cards")]
            assert len(labels) == 2 and len(plate) >= 2, (size, drawn)
            for label in labels:
                assert label.collidelist(plate) == -1, (size, len(state.hands[0]), label, plate)


def test_a_round_over_no_longer_asks_for_a_card(app, monkeypatch):
    table = new_table(app, [["red-7.1"]])
    late(table.state, ["red-7.1"])
    table.state.called[0] = True
    table.refresh([], animate=False)
    post_click(app, centre(table, "red-7.1"))
    assert table.state.phase == "round over"
    if app.manager.top is not table:
        app.manager.pop()  # the score sheet: look at the hands
    words = [w for w, _ in drawn_words(app, table, monkeypatch)]
    assert not any(w.startswith("Play ") for w in words), words


def test_the_log_keeps_clear_of_the_buttons_at_the_left(app):
    table = new_table(app, [["red-7.1"]], kinds=("human", "computer", "computer"),
                      options={"penalty": True})
    for size in SIZES:
        resize(app, size)
        log = table.log_area(size)
        if log is None:
            continue
        assert not log.colliderect(table.penalty_button.rect), (size, log)
        assert not log.colliderect(table.react_button.rect), (size, log)


def test_at_a_table_of_six_every_penalty_has_its_line(app):
    """Five other players and two reasons make ten penalties: each has its line in the
    popup (the first nine with their number key), and the tenth is given by a click on it
    (the popup used to stop at nine, so nobody could fine the last player for a suggestion)."""
    from game.core import Seat
    from scenes.menu import MainMenu
    from scenes.table.registry import start_new_game
    app.push(MainMenu(app))
    seats = [Seat("Anna")] + [Seat(name, "computer", "simple")
                              for name in ("Ben", "Cleo", "Dan", "Eve", "Finn")]
    table = start_new_game(app, "finita", seats, {"penalty": True}, 3)
    app.frame(0.016)
    post_click(app, table.penalty_button.rect.center)
    popup = app.manager.top
    assert isinstance(popup, ChoicePopup)
    lines = [b for b in popup.buttons.buttons if b.label != "Cancel"]
    assert len(lines) == 10 and popup.buttons.buttons[-1].label == "Cancel"
    assert [b.key for b in lines[:9]] == [pygame.K_1 + i for i in range(9)]
    assert all(popup.buttons.buttons[-1].rect.bottom <= table.size[1] and b.rect.top >= 0
               for b in lines)
    assert sum("Finn" in b.label for b in lines) == 2
    steps = len(table.match.steps)
    post_click(app, lines[-1].rect.center)
    assert len(table.match.steps) == steps + 1
    given = table.match.actions[-1]
    assert (given.kind, given.target, given.reason) == ("penalty", 5, "suggestion")
