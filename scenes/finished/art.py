"""Finished! card faces: 00:MM, the flip-book frame as the picture, the action's icon and name."""
from __future__ import annotations

import math
from typing import Optional

import pygame

from game.core.paths import resource
from game.finished.data import card_data, label
from scenes.art import fonts
from scenes.art._cache import cached
from scenes.finished import tokens
from scenes.art.draw import mix
from scenes.art.table import card_blank

INK = (52, 44, 38)
ACCENTS = {  # one colour per kind of action, so a glance tells the families apart
    "first": (200, 150, 40), "last": (120, 80, 50), "take_sweets": (214, 80, 130),
    "draw_one": (60, 120, 190), "draw_two": (60, 120, 190), "draw_thrice": (60, 120, 190),
    "below_stack": (110, 90, 170), "into_past": (190, 110, 50), "from_past": (190, 110, 50),
    "one_future": (50, 150, 130), "all_future": (50, 150, 130), "exchange": (90, 140, 60),
    "remove_sweets": (200, 70, 70),
}


def flipbook_picture(name: str) -> pygame.Surface:
    """A picture of assets/flipbook/ as a 24-bit surface (they are shipped with a palette of
    256 colours, which smoothscale does not take). Raises pygame.error or FileNotFoundError."""
    loaded = pygame.image.load(str(resource("flipbook", name)))
    if loaded.get_bitsize() >= 24:
        return loaded
    rgb = pygame.Surface(loaded.get_size(), 0, 24)
    rgb.blit(loaded, (0, 0))
    return rgb


@cached(maxsize=12)  # 2 MB each: the faces of a table are drawn from a dozen at a time
def _frame_original(number: int) -> Optional[pygame.Surface]:
    try:
        return flipbook_picture(f"frame_{number:02d}.png")
    except (pygame.error, FileNotFoundError):
        return None


def frame_image(number: int, w: int, h: int) -> pygame.Surface:
    """Frame `number` of the movie at a size (a soft placeholder if the file is missing)."""
    original = _frame_original(number)
    if original is not None:
        return pygame.transform.smoothscale(original, (w, h))
    surf = pygame.Surface((w, h))
    for y in range(h):
        surf.fill(mix((250, 220, 170), (120, 150, 190), y / max(1, h)), (0, y, w, 1))
    pygame.draw.circle(surf, (255, 240, 200), (w // 2, h // 2), min(w, h) // 4)
    return surf


def _arrow(surf, colour, start, end, width) -> None:
    pygame.draw.line(surf, colour, start, end, width)
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    size = width * 2.6
    left = (end[0] - size * math.cos(angle - 0.5), end[1] - size * math.sin(angle - 0.5))
    right = (end[0] - size * math.cos(angle + 0.5), end[1] - size * math.sin(angle + 0.5))
    pygame.draw.polygon(surf, colour, [end, left, right])


def _mini_card(surf, colour, rect, width) -> None:
    pygame.draw.rect(surf, (255, 255, 255), rect, border_radius=max(1, rect.width // 5))
    pygame.draw.rect(surf, colour, rect, width, border_radius=max(1, rect.width // 5))


@cached(maxsize=128)
def action_icon(action: str, d: int) -> pygame.Surface:
    """A round badge with a glyph for each behaviour (drawn 3x, scaled down)."""
    k = 3
    D = d * k
    surf = pygame.Surface((D, D), pygame.SRCALPHA)
    accent = ACCENTS.get(action, INK)
    pygame.draw.circle(surf, accent, (D // 2, D // 2), D // 2)
    pygame.draw.circle(surf, mix(accent, (255, 255, 255), 0.25), (D // 2, D // 2), D // 2 - k * 2, k)
    white = (255, 255, 255)
    u = D / 10
    w = max(2, int(u * 0.7))
    c = D / 2
    card = pygame.Rect(0, 0, int(u * 3), int(u * 4))
    if action in ("draw_one", "draw_two", "draw_thrice"):
        count = {"draw_one": 1, "draw_two": 2, "draw_thrice": 1}[action]
        for i in range(count):
            card.center = (int(c - u * 1.2 + i * u * 1.3), int(c - i * u * 0.5))
            _mini_card(surf, accent, card, w)
        plus = "+3" if action == "draw_thrice" else "+"
        img = fonts.render_text(plus, int(u * 3.6), white, bold=True)
        surf.blit(img, img.get_rect(center=(c + u * 2.2, c + u * 1.6)))
    elif action == "below_stack":
        card.center = (int(c), int(c - u * 1.5))
        _mini_card(surf, accent, card, w)
        _arrow(surf, white, (c, c), (c, c + u * 3.6), w)
    elif action in ("into_past", "from_past"):
        a, b = (c + u * 3, c - u * 3) if action == "into_past" else (c - u * 3, c + u * 3)
        _arrow(surf, white, (a, c - u * 1.2), (b, c - u * 1.2), w)
        img = fonts.render_text("2", int(u * 3.4), white, bold=True)
        surf.blit(img, img.get_rect(center=(c, c + u * 2.2)))
    elif action in ("one_future", "all_future"):
        _arrow(surf, white, (c - (u * 1.5 if action == "all_future" else 0), c + u * 3),
               (c - (u * 1.5 if action == "all_future" else 0), c - u * 3), w)
        if action == "all_future":
            _arrow(surf, white, (c + u * 1.5, c + u * 3), (c + u * 1.5, c - u * 3), w)
    elif action == "exchange":
        _arrow(surf, white, (c - u * 3, c - u * 1.3), (c + u * 3, c - u * 1.3), w)
        _arrow(surf, white, (c + u * 3, c + u * 1.3), (c - u * 3, c + u * 1.3), w)
    elif action in ("take_sweets", "remove_sweets"):
        candy = tokens.sweet(int(u * 6), (255, 230, 240))
        surf.blit(candy, candy.get_rect(center=(c, c)))
        if action == "remove_sweets":
            pygame.draw.line(surf, white, (c - u * 3.4, c + u * 3.4), (c + u * 3.4, c - u * 3.4), w + 2)
    elif action == "last":
        cup = tokens.coffee_cup(int(u * 7))
        surf.blit(cup, cup.get_rect(center=(c, c)))
    else:  # first
        points = []
        for i in range(10):
            r = u * 3.6 if i % 2 == 0 else u * 1.5
            a = -math.pi / 2 + i * math.pi / 5
            points.append((c + r * math.cos(a), c + r * math.sin(a)))
        pygame.draw.polygon(surf, white, points)
    return pygame.transform.smoothscale(surf, (d, d))


LABEL_MIN = 11  # no words on the table smaller than this, at any window size
SHORT_NAMES = {  # the strip's words when a card is too small for the action's whole name
    "first": "First", "last": "Last", "take_sweets": "Sweets", "draw_two": "Draw 2",
    "draw_one": "Draw 1", "draw_thrice": "Draw 1 x3", "below_stack": "Below",
    "into_past": "To Past", "from_past": "From Past", "one_future": "1 to Future",
    "all_future": "All to Future", "exchange": "Exchange", "remove_sweets": "No Sweets",
}


def face_geometry(w: int, h: int) -> tuple[pygame.Rect, pygame.Rect]:
    """(picture, action strip) of a w x h card face, in the face's own pixels."""
    pad = max(3, int(w * 0.07))
    pic = pygame.Rect(pad, int(h * 0.22), w - 2 * pad, int((w - 2 * pad) * 0.75))
    pic.height = min(pic.height, int(h * 0.5))
    strip = pygame.Rect(pad // 2, pic.bottom + pad // 2, w - pad, h - pic.bottom - pad)
    return pic, strip


def strip_on_card(card: pygame.Rect) -> pygame.Rect:
    """The action strip of a card drawn at `card` on the screen."""
    return face_geometry(card.width, card.height)[1].move(card.topleft)


def _icon_size(strip: pygame.Rect, w: int) -> int:
    return max(8, min(strip.height - 4, int(w * 0.26)))


def label_choice(action_id: str, w: int, h: int) -> tuple[str, int]:
    """What the action strip of a w x h card says, and at which size in pixels.

    The action's name if it fits the strip at LABEL_MIN or more, else its short name, else
    ("", 0): the card is too small for readable words and shows only the action's symbol.
    """
    action = card_data().actions[action_id]
    _, strip = face_geometry(w, h)
    room = strip.width - _icon_size(strip, w) - 10
    size = max(LABEL_MIN, int(h * 0.062))
    for words in (action.name, SHORT_NAMES.get(action_id, "")):
        if words and _fits(words, room, strip.height - 4, size):
            return words, size
    return "", 0


def _fits(words: str, width: int, height: int, size: int) -> bool:
    if width <= 0:
        return False
    f = fonts.font(size, bold=True)
    lines = fonts.wrap_lines(words, width, size, bold=True)
    if any(f.size(line)[0] > width for line in lines):
        return False
    step = round(f.get_linesize() * 1.15)
    return step * (len(lines) - 1) + f.get_height() <= height


def title_size(w: int, h: int) -> int:
    """The size of a card's number (00:MM): never under LABEL_MIN."""
    return max(LABEL_MIN, int(h * 0.15))


@cached(maxsize=160, stand_in=("w", "h"))
def card_face(number: int, w: int, h: int) -> pygame.Surface:
    """The whole face of card 00:number at w x h pixels."""
    data = card_data()
    action = data.action_of(number)
    card = data.cards[number]
    accent = ACCENTS.get(action.id, INK)
    face = card_blank(w, h).copy()
    pad = max(3, int(w * 0.07))
    big = title_size(w, h)
    title = fonts.render_text(label(number), big, INK, display=True)
    face.blit(title, (pad, int(pad * 0.7)))
    if card.sweet:
        room = w - pad * 1.6 - title.get_width() - 1  # a narrow card: the candy never hides the number
        candy = tokens.sweet(max(6, min(int(big * 1.05), int(room))), tokens.sweet_colours[number % len(tokens.sweet_colours)])
        face.blit(candy, candy.get_rect(topright=(w - pad * 0.6, pad * 0.5)))
    pic, strip = face_geometry(w, h)
    face.blit(frame_image(number, pic.width, pic.height), pic.topleft)
    pygame.draw.rect(face, mix(INK, (255, 255, 255), 0.4), pic, max(1, w // 90))
    pygame.draw.rect(face, mix(accent, (255, 255, 255), 0.82), strip, border_radius=max(2, w // 20))
    words, size = label_choice(action.id, w, h)
    if words:
        d = _icon_size(strip, w)
        face.blit(action_icon(action.id, d), (strip.x + 3, strip.centery - d // 2))
        name = fonts.wrap_text(words, strip.width - d - 10, size, INK, bold=True)
        face.blit(name, name.get_rect(midleft=(strip.x + d + 7, strip.centery)))
    else:  # too small for words: the symbol alone, as large as the strip allows
        d = max(8, min(strip.height - 2, strip.width - 4))
        icon = action_icon(action.id, d)
        face.blit(icon, icon.get_rect(center=strip.center))
    return face  # the places for the sweets of a card used more than once: see sweets.py
