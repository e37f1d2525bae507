"""A counter's tip stands beside the counter under the pointer (seen with repeat rounds on: the
pointer on a counter at the bottom of the large board, its tip at the top of the window). The
tip stood beside the whole board the counter lies on; the board fills the table's height, so
its tip went to the window's edge, far from the pointer."""
from __future__ import annotations

import pygame
import pytest

from tests.ui.test_finito_table import new_table, play_until
from tests.ui.text_sizes import resize

SIZES = ((1024, 640), (1920, 1080))


def tip_box(app, monkeypatch, table, pos):
    """Hover `pos` and draw: the tip's panel (None: no tip)."""
    import scenes.table.painting as painting
    boxes = []
    real = painting.draw_tip

    def spy(surface, tip, *args, **kwargs):
        box = real(surface, tip, *args, **kwargs)
        boxes.append((tip, box))
        return box

    monkeypatch.setattr(painting, "draw_tip", spy)
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.needs_redraw = True
    app.draw()
    monkeypatch.setattr(painting, "draw_tip", real)
    tips = [b for t, b in boxes if t == table.input.hover_tip]
    return tips[-1] if tips else None


def counters_on(table, seat, squares):
    board = table.view["boards"][seat]
    return [(i, board[i]) for i in squares if board[i] is not None]


def a_table_with_counters_low_and_high(app):
    table = new_table(app, ("human", "computer"), options={"rounds": True, "target": 30})
    cols = table.view["columns"]
    cells = cols * table.view["rows"]
    low, high = range(cells - 2 * cols, cells), range(0, 2 * cols)
    play_until(table, lambda: all(counters_on(table, s, low) and counters_on(table, s, high)
                                  for s in (0, 1)))
    table.skip_animations()
    app.frame(5.0)
    return table, low, high


def near(box, counter, base):
    """The tip touches the counter's top or bottom (a gap of at most a line) and misses it."""
    return (not box.colliderect(counter)
            and (0 <= counter.top - box.bottom <= base * 1.5
                 or 0 <= box.top - counter.bottom <= base * 1.5)
            and box.left <= counter.centerx <= box.right)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seat", (0, 1), ids=("large board", "other board"))
def test_a_counters_tip_stands_beside_it(app, monkeypatch, size, seat):
    table, low, high = a_table_with_counters_low_and_high(app)
    resize(app, size)
    app.frame(0.016)
    base = table.geo.base
    for squares in (low, high):
        square, piece = counters_on(table, seat, squares)[0]
        counter = table.sprites[piece].rect
        box = tip_box(app, monkeypatch, table, counter.center)
        assert box is not None, "a counter has a tip"
        assert near(box, counter, base), (size, square, counter, box)
    resize(app, (1280, 800))
