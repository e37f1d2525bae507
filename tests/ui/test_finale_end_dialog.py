"""The Finale end-of-match dialog stands above everything of the table: the cards, the tips and
the messages (toasts) the table said before it opened lie under its dim; what is said while
the dialog is on top stands above it."""
from __future__ import annotations

from game.core import Seat
from scenes.table.overlays import ResultOverlay
from tests.helpers import open_game_table


def to_the_end(app, seed=11):
    """The match of the play-through: computer against computer:good, until the end dialog."""
    table = open_game_table(app, "finale", [Seat("Computer 1", "computer"),
                                            Seat("Computer 2", "computer", "good")], None, seed)
    for _ in range(3000):
        if isinstance(app.manager.top, ResultOverlay):
            break
        table.computer_wait = 0
        app.frame(0.05)
    assert isinstance(app.manager.top, ResultOverlay), "the match ends with its dialog"
    return table


def brightness(colour) -> int:
    return colour[0] + colour[1] + colour[2]


def undimmed(app, step=4) -> list[tuple[int, int]]:
    """Points outside the dialog's box where the window is about as bright as it is with the
    dialog drawn as nothing: something of the table (a card, a tip, a message) drawn over
    the dialog's dim."""
    dialog = app.manager.top
    dialog.draw = lambda surface: None
    app.draw()
    alone = app.screen.copy()
    del dialog.draw
    app.draw()
    shown = app.screen
    found = []
    for y in range(0, app.size[1], step):
        for x in range(0, app.size[0], step):
            if dialog.box.collidepoint(x, y):
                continue
            bright = brightness(alone.get_at((x, y)))
            if bright > 90 and brightness(shown.get_at((x, y))) > bright * 0.7:
                found.append((x, y))
    return found


def test_nothing_of_the_table_stands_over_the_end_dialog_s_dim(app):
    """Seed 11, computer against computer:good: the last area's words and the final whistle
    were still said in messages at the bottom of the window when the dialog opened, drawn
    bright over its dim (over the tactics, the deck and the used pile). Every point outside the
    dialog is dimmed: the table's cards, tips and messages lie under the dialog."""
    from tests.ui.text_sizes import resize
    for size in ((1024, 640), (1920, 1080)):
        resize(app, size)
        app.toasts.items.clear()
        app.manager.stack.clear()
        to_the_end(app)
        said = [words for words, _ in app.toasts.active()]
        assert said, "the table said how the match ended as the dialog opened"
        found = undimmed(app)
        assert not found, (size, len(found), found[:5])


def test_a_message_said_while_the_dialog_is_on_top_stands_above_it(app, monkeypatch):
    """A message the dialog itself brings (or the app, like 'Sound off') is for the person
    looking at the dialog: it is drawn after the dialog, not under its dim."""
    from scenes import widgets
    table = to_the_end(app)
    app.toasts.items.clear()
    order: list[str] = []
    dialog = app.manager.top
    real_draw, real_toasts = dialog.draw, widgets.draw_toasts
    monkeypatch.setattr(dialog, "draw", lambda surface: order.append("dialog") or real_draw(surface))
    monkeypatch.setattr(widgets, "draw_toasts", lambda surface, items, *a, **k: order.extend(
        words for words, _ in items) or real_toasts(surface, items, *a, **k))
    app.toast("Sound off", 2)
    app.draw()
    assert order.index("dialog") < order.index("Sound off"), order
    assert table is not None
