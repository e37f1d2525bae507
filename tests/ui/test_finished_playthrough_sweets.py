"""Found by playing Finished! in a real window: with six or more overlapping Present cards a
sweet paid for an action lay at the right end of its card, on the next card and over the action
words; 00:47's three use marks stayed empty after each use; a card's tip covered the order
badges of Cards into the Past; a button's tip stayed on the table under the pause menu."""
from __future__ import annotations

import pygame
import pytest

from game.core import Seat
from scenes import widgets as ui
from scenes.finished import sweets as sweets_module
from scenes.finished.art import strip_on_card
from scenes.table.overlays import PauseMenu
from scenes.table.registry import start_new_game
from tests.finished.helpers import make_deal
from tests.ui.text_sizes import resize

SWEET_MARK = (255, 0, 255)
HOLLOW_MARK = (0, 255, 255)
SIZES = ((1024, 640), (1280, 800), (1920, 1080))


def present_after(app, *moves: str):
    """A deal that opens with 00:02 (Draw 2 Cards), 00:47 (Draw a Card, up to 3 times) and
    00:30, then `moves`."""
    from scenes.menu import MainMenu
    app.push(MainMenu(app))
    table = start_new_game(app, "finished", [Seat("You")], {"level": "very-easy"}, 1,
                           deal=make_deal([2, 47, 30, 3, 33, 20, 41, 40, 39]))
    app.frame(0.016)
    for text in moves:
        assert table.act(table.engine.parse_action(f"0 {text}")), text
        table.skip_animations()
    app.frame(0.016)
    return table


def seven_present(app, *moves: str):
    """00:02 used once and 00:47 twice: seven Present cards, each lying over the right part
    of the one before it."""
    return present_after(app, "activate 2", "activate 47", "activate 47", *moves)


def stand_ins(monkeypatch, dot: bool):
    """Sweets and empty places drawn as plain colours (whole squares, or a dot in the middle
    of each, so that neighbours stay apart and can be counted)."""
    def square(colour):
        def make(d, *args):
            image = pygame.Surface((d, d), pygame.SRCALPHA)
            if dot:
                pygame.draw.rect(image, colour, (d // 2 - 1, d // 2 - 1, 2, 2))
            else:
                image.fill(colour)
            return image
        return make
    monkeypatch.setattr(sweets_module.tokens, "sweet", square(SWEET_MARK))
    monkeypatch.setattr(sweets_module, "hollow", square(HOLLOW_MARK))


def drawn(app, table, colour) -> pygame.mask.Mask:
    """Where `colour` was drawn on the Present row (the stash's sweets at the left are the
    same pictures, and are left out)."""
    table.static = None
    app.needs_redraw = True
    app.draw()
    found = pygame.mask.from_threshold(app.screen, colour, (1, 1, 1, 255))
    row = table.zones["present"].rect.inflate(0, table.zones["present"].rect.height)
    return found.overlap_mask(region_mask(app.screen.get_size(), [row]), (0, 0))


def shown_part(table, piece) -> pygame.Rect:
    """The part of a Present card that shows (the next card lies over the rest), without its
    action strip."""
    row = table.contents["present"]
    rect = table.sprites[piece].rect
    i = row.index(piece)
    right = table.sprites[row[i + 1]].rect.left if i + 1 < len(row) else rect.right
    strip = strip_on_card(rect)
    return pygame.Rect(rect.left, rect.top, min(rect.right, right) - rect.left,
                       strip.top - rect.top)


def region_mask(size, rects) -> pygame.mask.Mask:
    mask = pygame.mask.Mask(size)
    for rect in rects:
        mask.draw(pygame.mask.Mask(rect.size, fill=True), rect.topleft)
    return mask


def count_in(mask: pygame.mask.Mask, rect: pygame.Rect) -> int:
    return sum(1 for r in mask.get_bounding_rects() if rect.contains(r))


@pytest.mark.parametrize("size", SIZES)
def test_sweets_lie_on_the_part_of_their_card_that_shows(app, monkeypatch, size):
    table = seven_present(app)
    resize(app, size)
    assert table.view["sweets_on"] == {"c2": 1, "c47": 2}
    row = table.contents["present"]
    assert table.sprites[row[1]].rect.left < table.sprites[row[0]].rect.right, "cards overlap"
    stand_ins(monkeypatch, dot=False)
    sweets = drawn(app, table, SWEET_MARK)
    hollows = drawn(app, table, HOLLOW_MARK)
    own = region_mask(size, [shown_part(table, "c2"), shown_part(table, "c47")])
    assert sweets.count() and hollows.count()
    assert sweets.overlap_area(own, (0, 0)) == sweets.count(), "a sweet lies on another card"
    assert hollows.overlap_area(own, (0, 0)) == hollows.count()
    for piece in row:  # no sweet over any card's action words
        strip = strip_on_card(table.sprites[piece].rect)
        words = region_mask(size, [strip])
        assert sweets.overlap_area(words, (0, 0)) == 0, piece
    resize(app, (1280, 800))


@pytest.mark.parametrize("uses", [1, 2, 3])
def test_00_47_shows_how_many_uses_are_left(app, monkeypatch, uses):
    """One place per use: each use fills one with its sweet, the rest stay empty; the tip
    says it in words."""
    table = present_after(app, "activate 2", *["activate 47"] * uses)
    assert table.view["sweets_on"]["c47"] == uses
    stand_ins(monkeypatch, dot=True)
    card = shown_part(table, "c47")
    assert count_in(drawn(app, table, SWEET_MARK), card) == uses
    assert count_in(drawn(app, table, HOLLOW_MARK), card) == 3 - uses
    assert f"Used {uses} of 3 times." in table.describe_piece("c47")


def test_a_single_use_card_shows_no_empty_place(app, monkeypatch):
    table = seven_present(app)
    stand_ins(monkeypatch, dot=True)
    hollows = drawn(app, table, HOLLOW_MARK)
    for piece in table.contents["present"]:
        if piece != "c47":
            assert count_in(hollows, table.sprites[piece].rect) == 0, piece


def tips_drawn(app, monkeypatch) -> list[pygame.Rect]:
    """The boxes of the tips drawn in one frame (the panel blitted for each)."""
    import scenes.table.painting as painting
    boxes: list[pygame.Rect] = []
    real = painting.ui.panel

    def spy(surface, rect, *args, **kwargs):
        boxes.append(pygame.Rect(rect))
        return real(surface, rect, *args, **kwargs)

    real_tip = painting.draw_tip

    def tip(*args, **kwargs):
        monkeypatch.setattr(painting.ui, "panel", spy)
        try:
            return real_tip(*args, **kwargs)
        finally:
            monkeypatch.setattr(painting.ui, "panel", real)

    monkeypatch.setattr(painting, "draw_tip", tip)
    app.needs_redraw = True
    app.draw()
    monkeypatch.setattr(painting, "draw_tip", real_tip)
    return boxes


def drawn_badges(app, monkeypatch) -> list[pygame.Rect]:
    """The gold discs drawn in one frame: the order badges of the picked cards."""
    seen: list[pygame.Rect] = []
    real = pygame.draw.ellipse

    def spy(surface, colour, rect, *args, **kwargs):
        if tuple(colour)[:3] == tuple(ui.GOLD)[:3] and surface is app.screen:
            seen.append(pygame.Rect(rect))
        return real(surface, colour, rect, *args, **kwargs)

    monkeypatch.setattr(pygame.draw, "ellipse", spy)
    app.needs_redraw = True
    app.draw()
    monkeypatch.setattr(pygame.draw, "ellipse", real)
    return seen


def hover(app, pos):
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(0.016)


@pytest.mark.parametrize("size", SIZES)
def test_a_cards_tip_keeps_off_the_order_badges(app, monkeypatch, size):
    """Cards into the Past waits for two cards: each picked card wears its order badge; the
    tip of the card under the pointer stands clear of them."""
    table = seven_present(app, "activate 41", "pick 30", "pick 3")
    resize(app, size)
    assert table.view["pending"]["picked"] == ["c30", "c3"]
    badges = drawn_badges(app, monkeypatch)
    assert len(badges) == 2
    for piece in ("c3", "c33", "c30"):
        hover(app, table.sprites[piece].rect.center)
        assert table.input.hover_tip
        boxes = tips_drawn(app, monkeypatch)
        assert boxes, piece
        for box in boxes:
            assert box.collidelist(badges) == -1, (size, piece, box, badges)
    resize(app, (1280, 800))


def test_no_button_tip_stays_under_the_pause_menu(app, monkeypatch):
    from tests.ui.test_finished_table import new_table
    table = new_table(app)
    end_turn = table.buttons.buttons[-1]
    hover(app, end_turn.rect.center)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: end_turn.rect.center)
    assert tips_drawn(app, monkeypatch), "the button's tip shows while the table is on top"
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                    scancode=0))
    app.frame(0.016)
    assert isinstance(app.manager.top, PauseMenu)
    assert tips_drawn(app, monkeypatch) == []
