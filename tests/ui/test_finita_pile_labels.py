"""Issue 25, item 4, seen in a play-through: with 67 cards on the discard pile, the edges that
show the pile's thickness were painted over the top of its own "Discards 67" label. Neither
pile (its cards, its thickness) covers its label or the other's, at 1024x640 and 1920x1080,
from a short pile to nearly the whole deck."""
from __future__ import annotations

import pygame
import pytest

from game.finita.view import DISCARD_ZONE, DRAW_ZONE
from scenes.finita import paint
from scenes.table.painting import stack_edges
from tests.ui.test_finita_table import new_table
from tests.ui.text_sizes import resize

SIZES = [(1024, 640), (1920, 1080)]


def labels_drawn(app, table, monkeypatch) -> dict[str, pygame.Rect]:
    """The pile labels as the table paints them in a full redraw: name -> rect."""
    seen: dict[str, pygame.Rect] = {}
    real = paint.ui.text

    def spy(surface, words, *args, **kwargs):
        rect = real(surface, words, *args, **kwargs)
        for name in ("Draw pile", "Discards"):
            if words.startswith(name):
                seen[name] = rect
        return rect

    monkeypatch.setattr(paint.ui, "text", spy)
    table.static = None  # the labels live in the cached background: paint it again
    app.draw()
    monkeypatch.setattr(paint.ui, "text", real)
    return seen


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("discards", [1, 20, 67, 90])
def test_no_pile_covers_a_pile_label(app, monkeypatch, size, discards):
    resize(app, size)
    table = new_table(app, [["red-7.1"], ["blue-2.1"]],
                      kinds=("human", "computer", "computer", "computer"))
    state = table.state
    moved = state.draw[:discards - 1]  # under the card turned up: a long round's discards
    del state.draw[:discards - 1]
    state.discard[:0] = moved
    table.refresh([], animate=False)
    assert len(table.view["zones"][DISCARD_ZONE]) == discards
    labels = labels_drawn(app, table, monkeypatch)
    assert set(labels) == {"Draw pile", "Discards"}, labels
    covers: list[pygame.Rect] = [sprite.rect for sprite in table.sprites.values()
                                 if sprite.zone in (DRAW_ZONE, DISCARD_ZONE)]
    for zid in (DRAW_ZONE, DISCARD_ZONE):
        covers += stack_edges(table.zones[zid], len(table.view["zones"][zid]))
    for name, label in labels.items():
        hit = label.collidelist(covers)
        assert hit < 0, (size, discards, name, label, covers[hit])
        assert pygame.Rect((0, 0), size).contains(label)
