"""Finale's card words stand beside the card under the pointer (not in one fixed spot below
the pitch or over the tactics label), inside the window, off the hand of the coach at the
screen, and they leave with the pointer: at a small and a large window."""
from __future__ import annotations

import pygame
import pytest

import scenes.table.painting as painting
from scenes import widgets as ui
from tests.helpers import open_game_table, seats_of


def record_tips(monkeypatch) -> list:
    shown: list = []
    real = painting.draw_tip

    def spy(surface, tip, base, **kw):
        box = real(surface, tip, base, **kw)
        shown.append((tip, box))
        return box

    monkeypatch.setattr(painting, "draw_tip", spy)
    return shown


def move(app, pos, monkeypatch):
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pos)  # SDL's idea of the pointer
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(0.016)
    app.draw()


def gap(a: pygame.Rect, b: pygame.Rect) -> int:
    """How far apart two rects stand (0 when they touch or overlap)."""
    dx = max(b.left - a.right, a.left - b.right, 0)
    dy = max(b.top - a.bottom, a.top - b.bottom, 0)
    return max(dx, dy)


def seen_point(table, sprite):
    """A point of the card that the pointer finds (not under another card), or None."""
    r = sprite.rect
    for fx, fy in ((0.5, 0.5), (0.5, 0.25), (0.5, 0.75), (0.25, 0.5), (0.75, 0.5)):
        pos = (int(r.x + r.width * fx), int(r.y + r.height * fy))
        if table.input.sprite_at(pos) is sprite:
            return pos
    return None


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_a_cards_words_stand_beside_it_and_leave_with_the_pointer(app, monkeypatch, size):
    table = open_game_table(app, "finale", seats_of(("Anna", "Ben"), ("human", "computer"), "simple"),
                            {"lineups": "first"}, seed=4)
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.frame(0.016)
    table.skip_animations()
    app.frame(0.016)
    assert table.size == size
    base = ui.ui_size(size)
    screen = pygame.Rect((0, 0), size)
    me = table.bottom()
    hand = table.mover_hand()
    assert hand and hand[0].colliderect(table.zones[f"hand{me}"].rect)
    shown = record_tips(monkeypatch)
    tried = set()
    for zone in (f"field{me}", f"field{1 - me}", f"bench{me}", f"bench{1 - me}", f"hand{me}"):
        for piece in table.contents.get(zone, []):
            sprite = table.sprites.get(piece)
            if sprite is None or not table.describe_piece(piece):
                continue
            pos = seen_point(table, sprite)
            if pos is None:
                continue
            shown.clear()
            move(app, pos, monkeypatch)
            assert shown, f"no tip over {piece}"
            tip, box = shown[-1]
            assert tip == table.describe_piece(piece)
            assert screen.contains(box), (piece, box)
            assert gap(box, sprite.rect) < base, f"the tip of {piece} stands away from it: {box} {sprite.rect}"
            assert not box.colliderect(sprite.rect), f"the tip covers {piece}"
            assert not box.colliderect(hand[0]), f"the tip of {piece} covers the hand"
            tried.add(zone)
    assert tried == {f"field{me}", f"field{1 - me}", f"bench{me}", f"bench{1 - me}", f"hand{me}"}
    # off every card (the middle of the pitch between the teams' lines), the tip is gone
    empty = next((x, y) for y in range(size[1] // 5, size[1] * 4 // 5, 7)
                 for x in range(size[0] // 4, size[0] * 3 // 4, 7)
                 if table.input.sprite_at((x, y)) is None
                 and not any(b.rect.collidepoint((x, y)) for b in table.tools.buttons + table.buttons.buttons))
    shown.clear()
    move(app, empty, monkeypatch)
    assert shown == [], "a card's tip stayed after the pointer left the card"
    piece = table.contents[f"field{me}"][0]
    move(app, seen_point(table, table.sprites[piece]), monkeypatch)
    assert shown
    shown.clear()
    app.dispatch(pygame.event.Event(pygame.WINDOWLEAVE))
    app.draw()
    assert shown == [], "a card's tip stayed after the pointer left the window"
