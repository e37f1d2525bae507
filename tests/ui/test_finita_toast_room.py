"""Issue 25, item 4, seen in a play-through: announcements ("Nothing to do for you right
now", "Ben catches ...") stacked four deep over another seat's hand, memory cards and name.
They stand under the other seats: never over another seat's name plate, cards or memory
cards; the newest always shows, and older ones that do not fit below the seats above are
left out. At 1024x640 and 1920x1080, with two to six seats, with and without memory cards."""
from __future__ import annotations

import pygame
import pytest

from scenes import widgets as ui
from tests.ui.test_finita_cover import REDS
from tests.ui.test_finita_table import new_table
from tests.ui.text_sizes import resize

SIZES = [(1024, 640), (1920, 1080)]
SAID = ["Nothing to do for you right now.",
        "Ben catches Anna: she forgot to call Finita! and takes two cards.",
        "Pass the draw on with a +2 or Pia, or take 4.",
        "You hold blue 10, which answers a 10: lay it. Only a player who cannot answer draws "
        "a card."]


def others(table) -> list[pygame.Rect]:
    """What of the other seats an announcement must not cover: cards, memory, name plates."""
    me = table.bottom()
    found = [plate for seat, plate in table.plates.items() if seat != me]
    found += [s.rect for s in table.sprites.values() if not s.remove_when_done
              and getattr(table.zones.get(s.zone), "owner", None) not in (None, me)]
    return found


@pytest.mark.parametrize("memory", [False, True])
@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_announcements_keep_off_the_other_seats(app, monkeypatch, seats, memory):
    for size in SIZES:
        resize(app, size)
        options = {"memory": 3} if memory else None
        table = new_table(app, [[c] for c in REDS[:seats]], kinds=("human",) + ("computer",) * (seats - 1),
                          options=options)
        while table.state.phase == "hide":  # every seat lays its memory cards
            table.match.act(table.engine.legal_actions(table.state, table.state.turn)[0])
        table.refresh([], animate=False)
        table.static = None
        app.draw()  # the seats' plates are painted
        assert len(table.plates) == seats
        avoid = others(table)
        names = [plate for seat, plate in table.plates.items() if seat != table.bottom()]
        for count in range(1, len(SAID) + 1):
            items = [(words, "bad") for words in SAID[:count]]
            boxes = ui.draw_toasts(app.screen, items, table.message_area(size), table.keep_clear())
            where = (size, seats, count, boxes)
            assert boxes, where
            for i, box in enumerate(boxes):
                hit = box.collidelist(names)
                assert hit < 0, ("a name", where, names[hit])
                hit = box.collidelist(avoid)
                assert hit < 0 or i == 0, ("an older one over cards", where, avoid[hit])
                assert box.collidelist(table.keep_clear()) < 0, where
                assert pygame.Rect((0, 0), size).contains(box), where
