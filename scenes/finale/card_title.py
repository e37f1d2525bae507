"""A tactics card's title written at the card's own size, never under 11 px.

Type drawn on a card's big (supersampled) picture shrinks with it: on the cards of the hand at
1024x640 a title came out about 7 px. Here the title is planned in the card's own pixels:
beside the strength disc at the top left of the band, then under it across the whole band,
on as few lines as do (at most three, a hyphenated word breaking after its hyphen, a line
narrowed to CONDENSE at most). The band grows to hold the lines; a title that cannot be
written so is not written at all (the hover tip and the area panel name the card).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import pygame

from scenes.art import fonts
from scenes.finale.card_base import CONDENSE, NAME_PX

MOST_LINES = 3
TITLE_SHARE = 0.07  # of a card's height: the largest title type, where the band holds it
SUBTITLE_SHARE = 0.65  # the German title's type, of the title's, where it reads (11 px up)


@dataclass(frozen=True)
class Line:
    words: str
    px: int
    x: float  # from the band's left, in the card's own pixels
    y: float  # from the band's top
    room: float  # the width it may take


@dataclass(frozen=True)
class Title:
    lines: tuple[Line, ...]
    height: float  # the band's height that holds them (at least the plain band's)


def title_px(h: int) -> int:
    """The title's type size on a card h pixels tall."""
    return max(NAME_PX, round(h * TITLE_SHARE))


def plan(name: str, german: str, band_w: float, band_h: float, px: int) -> Optional[Title]:
    """Where the title's lines go in a band `band_w` wide whose plain height `band_h` holds
    the strength disc at its left, at `px` or the largest size under it that fits the plain
    band (11 px may make the band taller); None when not even 11 px can be written."""
    for size in range(max(px, NAME_PX), NAME_PX - 1, -1):
        for squeeze in (1.0, CONDENSE):
            found = _wrap(name, band_w, band_h, size, squeeze)
            if found is not None and (size == NAME_PX or found.height <= band_h):
                return _with_german(found, german, name, band_w, band_h, size)
    return None


def _wrap(name: str, band_w: float, band_h: float, px: int, squeeze: float) -> Optional[Title]:
    font = fonts.font(px, True)
    pad = max(1.0, band_h * 0.06)
    beside_x, full_x = band_h * 1.09, band_h * 0.12
    disc_bottom = band_h * 0.92
    step = px + 1

    def room(y: float) -> tuple[float, float]:
        x = beside_x if y < disc_bottom else full_x
        return x, band_w - x - band_h * 0.08

    def fits(words: str, y: float) -> bool:
        return font.size(words)[0] * squeeze <= room(y)[1]

    tokens = name.split()
    lines: list[tuple[str, float]] = []
    current, y = "", pad
    while tokens:
        token = tokens.pop(0)
        joined = f"{current}{'' if current.endswith('-') or not current else ' '}{token}"
        if fits(joined, y):
            current = joined
            continue
        if current:  # the line is full: the token starts the next one
            lines.append((current, y))
            current, y = "", y + step
            tokens.insert(0, token)
            continue
        head, dash, tail = token.partition("-")
        if dash and tail and not token.endswith("-"):
            tokens[:0] = [head + "-", tail]  # a hyphenated word breaks after its hyphen
            continue
        if y < disc_bottom:  # too long to stand beside the disc: under it
            y = max(y + step, disc_bottom)
            tokens.insert(0, token)
            continue
        return None
    if current:
        lines.append((current, y))
    if not lines or len(lines) > MOST_LINES:
        return None
    height = lines[-1][1] + px + pad
    shift = (band_h - height) / 2 if height < band_h else 0.0  # a short title sits centred
    placed = []
    for words, y in lines:
        x, width = room(y)
        placed.append(Line(words, px, x, y + shift, width))
    return Title(tuple(placed), max(band_h, height))


def _with_german(title: Title, german: str, name: str, band_w: float, band_h: float,
                 px: int) -> Title:
    """The German title under a one-line title, where its type reads and the band has room."""
    sub = round(px * SUBTITLE_SHARE)
    if not german or german == name or len(title.lines) != 1 or sub < NAME_PX:
        return title
    line = title.lines[0]
    if fonts.font(sub, False).size(german)[0] * CONDENSE > line.room:
        return title
    top = max(1.0, (band_h - px - sub - 2) / 2)
    if top + px + 2 + sub > band_h:
        return title
    first = Line(line.words, px, line.x, top, line.room)
    second = Line(german, sub, line.x, top + px + 2, line.room)
    return Title((first, second), title.height)


def write(card: pygame.Surface, title: Title, band_x: float, band_y: float, ink: tuple,
          soft: tuple) -> None:
    """Blit the planned lines onto the card picture (the title bold in `ink`, the German
    title in `soft`), each narrowed to its room where it must be."""
    for i, line in enumerate(title.lines):
        bold = i == 0 or line.px == title.lines[0].px
        image = fonts.render_text(line.words, line.px, ink if bold else soft, bold=bold)
        if image.get_width() > line.room:
            image = pygame.transform.smoothscale(image, (max(1, int(line.room)), image.get_height()))
        card.blit(image, (round(band_x + line.x), round(band_y + line.y)))
