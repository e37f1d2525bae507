"""Continue's line under a long list says which rows show and asks to scroll only where more
rows are: down at the top, up or down in the middle, up at the end (it said "scroll for more"
at the end of the list, with nothing more to scroll to)."""
from __future__ import annotations

import re

import pygame

from game.core.saves import write_save
from tests.ui.test_continue import open_continue, played, texts_drawn

POSITION = re.compile(r"^(\d+)-(\d+) of (\d+)")


def position_line(app, monkeypatch) -> str:
    lines = [t for t in texts_drawn(app, monkeypatch) if POSITION.match(t)]
    assert len(lines) == 1, lines
    return lines[0]


def wheel(app, y: int) -> None:
    app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                                    precise_y=float(y)))
    app.frame(0.016)


def test_scroll_words_at_the_top_the_middle_and_the_end(app, monkeypatch):
    for n in range(16):
        write_save(played("finito", 2, seed=n))
    scene = open_continue(app)
    shown = scene.visible_count()
    assert len(scene.rows) == 16 and shown < 15, "the list must be longer than the window"

    top = position_line(app, monkeypatch)
    assert top.startswith(f"1-{shown} of 16")
    assert "scroll down for more" in top and "up" not in top

    wheel(app, -1)  # one row down: rows above and below
    middle = position_line(app, monkeypatch)
    assert middle.startswith(f"2-{shown + 1} of 16")
    assert "scroll up or down for more" in middle

    wheel(app, -20)  # to the end
    end = position_line(app, monkeypatch)
    assert end.startswith(f"{17 - shown}-16 of 16")
    assert "down" not in end, end
    assert "scroll up for more" in end

    for _ in range(16):  # the arrow keys walk back to the first row: the top again
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode="",
                                        scancode=0))
    app.frame(0.016)
    assert scene.scroll == 0
    assert position_line(app, monkeypatch) == top
