"""The sweets paid for actions, drawn on their cards where the card can be seen.

In a row of overlapping cards (six or more in the Present) only the left part of a card shows:
the next card lies over the rest. The sweets therefore sit at the foot of the card's picture,
from its left edge, within the part that shows, never over the action strip's words and never
over the next card. A card whose action can be used more than once (00:47) shows one hollow
per use, each filled by the sweet paid for it, so that what is left can be counted.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Mapping, Optional, Sequence

import pygame

from game.finished.data import card_data
from game.finished.view import card_of
from scenes.finished import tokens
from scenes.finished.art import face_geometry
from scenes.table.sprites import PieceSprite


def visible_width(rect: pygame.Rect, next_rect: Optional[pygame.Rect]) -> int:
    """How much of a card drawn at `rect` shows, from its left edge, under the card that
    follows it in its row (drawn at `next_rect`, on top of it)."""
    if next_rect is None or not next_rect.colliderect(rect) or next_rect.left <= rect.left:
        return rect.width
    return next_rect.left - rect.left


def spots(rect: pygame.Rect, shown: int, count: int) -> list[pygame.Rect]:
    """`count` places for sweets on a card drawn at `rect` of which `shown` pixels show: in a
    row along the foot of the picture, from its left, closer together when room is short."""
    if count <= 0:
        return []
    pic, _ = face_geometry(rect.width, rect.height)
    d = max(12, int(rect.width * 0.26))
    d = min(d, max(8, pic.height // 2))
    left = rect.x + pic.x
    right = rect.x + max(pic.x + d, min(shown, rect.width) - 3)
    step = d * 0.8
    if count > 1:
        step = max(d * 0.3, min(step, (right - left - d) / (count - 1)))
    y = rect.y + pic.bottom - d - 2
    return [pygame.Rect(int(left + i * step), y, d, d) for i in range(count)]


@lru_cache(maxsize=16)
def hollow(d: int) -> pygame.Surface:
    """An empty place for a sweet: a dark dish with a light rim."""
    image = pygame.Surface((d, d), pygame.SRCALPHA)
    pygame.draw.circle(image, (20, 16, 12, 150), (d // 2, d // 2), d // 2 - 1)
    pygame.draw.circle(image, (255, 248, 230, 230), (d // 2, d // 2), d // 2 - 1, max(2, d // 12))
    return image


def draw_on_cards(surface: pygame.Surface, sprites: Mapping[str, PieceSprite],
                  rows: Mapping[str, Sequence[str]], sweets_on: Mapping[str, int]) -> None:
    """Every card's sweets (and, for a card used more than once, its empty places), for the
    cards lying in `rows` (zone -> pieces in order, left to right)."""
    data = card_data()
    for pieces in rows.values():
        for i, piece in enumerate(pieces):
            number = card_of(piece)
            sprite = sprites.get(piece)
            if number is None or sprite is None:
                continue
            count = int(sweets_on.get(piece, 0))
            uses = data.action_of(number).uses
            places = max(count, uses if uses > 1 else 0)
            if not places:
                continue
            follower = sprites.get(pieces[i + 1]) if i + 1 < len(pieces) else None
            rect = sprite.rect
            shown = visible_width(rect, follower.rect if follower is not None else None)
            for k, spot in enumerate(spots(rect, shown, places)):
                if k < count:
                    colour = tokens.sweet_colours[(k * 4 + 2) % len(tokens.sweet_colours)]
                    surface.blit(tokens.sweet(spot.width, colour), spot.topleft)
                else:
                    surface.blit(hollow(spot.width), spot.topleft)
