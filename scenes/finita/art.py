"""Finita's cards drawn by code at any size: faces, the back, and the chip of the colour in force.

Every card has a white rim and rounded corners. A coloured card is its colour all over with a
tilted white oval in the middle holding its number or symbol; its top-left corner (and, turned,
the bottom-right) shows the number or symbol in white over the colour's shape, so a card stays
readable when only its left edge shows in a fan. The shape is always there; the colour-blind
setting makes it larger and prints a big pale shape behind the middle. Black cards show the
four colours; the superpowers are four characters on a night sky, each with a prop and a colour
of their own. Same arguments, same Surface (cached): callers blit it and never draw on it.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Optional, Sequence

import pygame

from game.core.registry import game_info
from game.finita.data import (DRAW2, NUMBER, REVERSE, SKIP, SUPERPOWERS, WILD, WILD4, Card, cards,
                              face_of, finita_data)
from scenes.art import fonts
from scenes.art._cache import cached
from scenes.art.draw import (apply_mask, canvas, darken, down, finish, lighten, mix, radial,
                             rounded_mask, scale_for, vgradient)
from scenes.art.table import card_radius
from scenes.finita import tokens

WHITE = tokens.WHITE
EDGE = (26, 24, 30)
NIGHT = (28, 26, 36)
GOLD = tokens.GOLD
ACCENTS = {"paul": (244, 132, 34), "petra": (150, 88, 224), "pia": (20, 170, 160), "patrick": (226, 62, 142)}
NAMES = {"paul": "Paul", "petra": "Petra", "pia": "Pia", "patrick": "Patrick"}
WORDS = {SKIP: "skip", REVERSE: "reverse", DRAW2: "+2", WILD: "colour choice", WILD4: "+4"}
TILT = 28  # degrees the middle oval leans


# ---------------------------------------------------------------- what a card is

@lru_cache(maxsize=1)
def _faces() -> dict[str, Card]:
    found: dict[str, Card] = {}
    for c in cards().values():
        found.setdefault(c.face, c)
    return found


def _card(card: str) -> Card:
    """The card a card id or a face names; ValueError with the name for anything else."""
    found = _faces().get(face_of(str(card)))
    if found is None:
        raise ValueError(f"{card!r} is not a Finita card")
    return found


def faces() -> list[str]:
    """Every distinct face of the deck, in deck order."""
    return list(_faces())


def card_name(card: str) -> str:
    """A card as players say it: "red 7", "blue skip", "green +2", "+4", "colour choice", "Pia"."""
    c = _card(card)
    if c.kind == NUMBER:
        return f"{c.colour} {c.number}"
    if c.kind in SUPERPOWERS:
        return NAMES[c.kind]
    if c.colour:
        return f"{c.colour} {WORDS[c.kind]}"
    return WORDS[c.kind]


def colour_rgb(colour: str) -> tuple[int, int, int]:
    """The printed colour of red, yellow, green or blue (ValueError for another word)."""
    try:
        return finita_data().rgb_of(colour)
    except KeyError:
        raise ValueError(f"{colour!r} is not a Finita colour") from None


def _shape(colour: str) -> str:
    return finita_data().shape_of(colour)


def _colours() -> tuple[list[tuple[int, int, int]], list[str]]:
    d = finita_data()
    return [c.rgb for c in d.colours], [c.shape for c in d.colours]


# ---------------------------------------------------------------- pieces of a face

def _body(W: int, H: int, R: int, panel_top: Sequence[int],
          panel_bottom: Sequence[int]) -> tuple[pygame.Surface, pygame.Rect, int]:
    """Dark hairline, white rim, then the panel with a gentle gradient. Returns the panel's rect and radius."""
    surf = canvas(W, H, EDGE)
    pygame.draw.rect(surf, (*EDGE, 255), (0, 0, W, H), border_radius=R)
    e = max(1, round(min(W, H) * 0.012))
    pygame.draw.rect(surf, (*WHITE, 255), (e, e, W - 2 * e, H - 2 * e), border_radius=max(1, R - e))
    rim = max(e + 1, round(min(W, H) * 0.065))
    inner = pygame.Rect(rim, rim, W - 2 * rim, H - 2 * rim)
    ir = max(1, R - rim + round(rim * 0.35))
    if inner.w > 0 and inner.h > 0:
        panel = vgradient(inner.w, inner.h, [(0.0, panel_top), (1.0, panel_bottom)])
        apply_mask(panel, rounded_mask(inner.w, inner.h, ir))
        surf.blit(panel, inner.topleft)
    return surf, inner, ir


def _gloss(surf: pygame.Surface, inner: pygame.Rect, ir: int) -> None:
    """A faint diagonal sheen across the panel's upper left."""
    sheen = canvas(inner.w, inner.h, WHITE)
    pygame.draw.polygon(sheen, (*WHITE, 34), [(0, 0), (inner.w * 0.75, 0), (0, inner.h * 0.48)])
    apply_mask(sheen, rounded_mask(inner.w, inner.h, ir))
    surf.blit(sheen, inner.topleft)


def _oval(surf: pygame.Surface, W: int, H: int, fill: Sequence[int], ring: Optional[Sequence[int]] = None,
          width: float = 0.7, height: float = 0.76, angle: float = -TILT) -> pygame.Rect:
    """The tilted oval in the middle; returns the untilted rect it was drawn from (centred)."""
    rect = pygame.Rect(0, 0, max(2, round(W * width)), max(2, round(H * height)))
    o = canvas(rect.w, rect.h, fill)
    pygame.draw.ellipse(o, (*fill[:3], 255), o.get_rect())
    if ring is not None:
        pygame.draw.ellipse(o, (*ring[:3], 255), o.get_rect(), max(1, round(min(W, H) * 0.018)))
    o = pygame.transform.rotate(o, angle)
    surf.blit(o, o.get_rect(center=(W // 2, H // 2)))
    rect.center = (W // 2, H // 2)
    return rect


def _text(text: str, size: int, colour: Sequence[int], max_w: Optional[int] = None) -> pygame.Surface:
    """Heavy type cut to its ink, about `size` pixels tall (digits), squeezed to max_w if wider.

    Rendered afresh rather than through fonts.render_text: type at supersampled card sizes is
    big, and the finished face is cached anyway."""
    img = tokens.trimmed(fonts.font(max(6, round(size / 0.72)), display=True).render(text, True, colour[:3]))
    if max_w and img.get_width() > max_w:
        img = pygame.transform.smoothscale(img, (max(1, int(max_w)), img.get_height()))
    return img


def _underlined(img: pygame.Surface, label: str, colour: Sequence[int]) -> pygame.Surface:
    """6 and 9 get a bar under them, so a card upside down cannot fool anyone."""
    if label not in ("6", "9"):
        return img
    w, h = img.get_size()
    bar = max(1, round(h * 0.1))
    out = canvas(w, h + bar * 2, colour)
    out.blit(img, (0, 0))
    pygame.draw.rect(out, (*colour[:3], 255), (round(w * 0.1), h + bar, round(w * 0.8), bar), border_radius=bar // 2)
    return out


def _symbol(c: Card, d: int, fill: Sequence[int], detail: Sequence[int]) -> pygame.Surface:
    """The card's own mark about d pixels tall: a symbol for skip, reverse and superpowers,
    else its number or +2 / +4."""
    if c.kind == SKIP:
        return tokens.skip_icon(d, fill)
    if c.kind == REVERSE:
        return tokens.reverse_icon(d, fill)
    if c.kind in SUPERPOWERS:
        return tokens.PROPS[c.kind](d, fill, detail)
    label = {DRAW2: "+2", WILD4: "+4"}.get(c.kind, str(c.number))
    size = round(d * (1.0 if len(label) == 1 else 0.9))
    return _underlined(_text(label, size, fill, max_w=round(d * 1.3)), label, fill)


def _corner_box(c: Card, W: int, H: int, colour_blind: bool) -> pygame.Surface:
    """The corner index: the mark in white over the colour's shape (or what stands in for it)."""
    bw, bh = round(W * 0.3), round(H * 0.4)
    box = canvas(bw, bh, EDGE)
    outline = max(1, round(W * 0.018))
    room = bw - 2 * outline - 2
    ink = darken(_rgb(c), 0.62) if c.colour else EDGE
    below = outline
    if c.kind != WILD:
        if c.kind == NUMBER or c.kind in (DRAW2, WILD4):
            mark = _symbol(c, round(H * 0.165), WHITE, WHITE)
        else:
            mark = _symbol(c, min(room, round(H * 0.18)), WHITE, ACCENTS.get(c.kind, EDGE))
        if mark.get_width() > room:
            mark = pygame.transform.smoothscale(mark, (room, mark.get_height()))
        top = tokens.stamp(box, mark, (bw / 2, outline + 1 + mark.get_height() / 2), outline, ink)
        below = top.bottom + round(H * 0.025)
    if c.colour:
        r = W * (0.115 if colour_blind else 0.078)
        icon = canvas(round(r * 2.2), round(r * 2.2), WHITE)
        tokens.shape(icon, _shape(c.colour), r * 1.1, r * 1.1, r, WHITE)
        tokens.stamp(box, icon, (bw / 2, below + outline + r * 1.1), outline, ink)
    elif c.kind in (WILD, WILD4):
        r = W * (0.1 if c.kind == WILD else 0.075)
        rgbs, shapes = _colours()
        rect = pygame.Rect(0, 0, round(r * 2), round(r * 2))
        rect.center = (round(bw / 2), round(below + outline + r))
        pygame.draw.circle(box, (*WHITE, 255), rect.center, r + outline)
        tokens.quartered(box, rect, rgbs, [], 0, outline * 0.8)
    return box


def _corners(surf: pygame.Surface, box: pygame.Surface, W: int, H: int) -> None:
    x, y = round(W * 0.035), round(H * 0.03)
    surf.blit(box, (x, y))
    surf.blit(pygame.transform.rotate(box, 180), (W - x - box.get_width(), H - y - box.get_height()))


def _rgb(c: Card) -> tuple[int, int, int]:
    if c.colour:
        return colour_rgb(c.colour)
    return ACCENTS.get(c.kind, NIGHT)


# ---------------------------------------------------------------- the faces

def _coloured(c: Card, W: int, H: int, R: int, colour_blind: bool) -> pygame.Surface:
    rgb = colour_rgb(str(c.colour))
    surf, inner, ir = _body(W, H, R, lighten(rgb, 0.14), darken(rgb, 0.16))
    _gloss(surf, inner, ir)
    oval = _oval(surf, W, H, WHITE)
    deep = darken(rgb, 0.62)
    if colour_blind:
        d = round(W * 0.66)
        pale = canvas(d, d, WHITE)
        tokens.shape(pale, _shape(str(c.colour)), d / 2, d / 2, d * 0.5, mix(rgb, WHITE, 0.62))
        surf.blit(pale, pale.get_rect(center=oval.center))
    if c.kind == DRAW2:
        fan = tokens.card_fan(round(H * 0.36), [rgb, rgb], spread=22)
        tokens.stamp(surf, fan, (oval.centerx, oval.centery - oval.h * 0.04), 0, deep, shadow=W * 0.012)
        plus = _text("+2", round(H * 0.15), WHITE)
        tokens.stamp(surf, plus, (oval.centerx + W * 0.02, oval.centery + oval.h * 0.18), max(1, round(W * 0.024)), deep,
                     shadow=W * 0.02)
    else:
        mark = _symbol(c, round(H * (0.3 if c.kind == NUMBER else 0.4)), rgb, deep)
        if mark.get_width() > oval.w * 0.86:
            mark = pygame.transform.smoothscale(mark, (round(oval.w * 0.86), mark.get_height()))
        tokens.stamp(surf, mark, oval.center, max(1, round(W * 0.03)), deep, shadow=W * 0.028)
    _corners(surf, _corner_box(c, W, H, colour_blind), W, H)
    return surf


def _black(c: Card, W: int, H: int, R: int) -> pygame.Surface:
    surf, inner, ir = _body(W, H, R, (52, 50, 58), (14, 13, 18))
    _gloss(surf, inner, ir)
    rgbs, shapes = _colours()
    if c.kind == WILD:
        rect = _oval(surf, W, H, WHITE, width=0.74, height=0.8)
        rect = rect.inflate(-round(W * 0.06), -round(W * 0.06))
        tokens.quartered(surf, rect, rgbs, shapes, -TILT, W * 0.03)
    else:
        _oval(surf, W, H, (36, 34, 42), ring=WHITE)
        fan = tokens.card_fan(round(H * 0.34), rgbs, spread=15)
        tokens.stamp(surf, fan, (W / 2, H / 2 - H * 0.02), 0, EDGE, shadow=W * 0.012)
        plus = _text("+4", round(H * 0.15), WHITE)
        tokens.stamp(surf, plus, (W / 2 + W * 0.02, H / 2 + H * 0.09), max(1, round(W * 0.024)), EDGE, shadow=W * 0.02)
    _corners(surf, _corner_box(c, W, H, False), W, H)
    return surf


def _superpower(c: Card, W: int, H: int, R: int) -> pygame.Surface:
    accent = ACCENTS[c.kind]
    surf, inner, ir = _body(W, H, R, mix(accent, NIGHT, 0.62), mix(accent, NIGHT, 0.86))
    centre = (W / 2, H * 0.4)
    rays = tokens.burst(round(max(W, H) * 1.6), (*lighten(accent, 0.1),), rays=18)
    rays.set_alpha(70)
    glow = canvas(inner.w, inner.h)
    glow.blit(rays, rays.get_rect(center=(centre[0] - inner.x, centre[1] - inner.y)))
    halo = radial(round(W * 0.95), [(0.0, (*lighten(accent, 0.5), 150)), (1.0, (*accent, 0))])
    glow.blit(halo, halo.get_rect(center=(centre[0] - inner.x, centre[1] - inner.y)))
    apply_mask(glow, rounded_mask(inner.w, inner.h, ir))
    surf.blit(glow, inner.topleft)
    d = round(W * 0.64)
    pygame.draw.circle(surf, (*EDGE, 255), centre, d / 2 + W * 0.04)
    pygame.draw.circle(surf, (*GOLD, 255), centre, d / 2 + W * 0.028)
    surf.blit(tokens.portrait(d, c.kind, accent), (round(centre[0] - d / 2), round(centre[1] - d / 2)))
    # the name on a ribbon
    bw, bh = round(W * 0.78), round(H * 0.115)
    ribbon = pygame.Rect(0, 0, bw, bh)
    ribbon.center = (W // 2, round(H * 0.72))
    for side in (-1, 1):
        tail = [(W / 2 + side * bw * 0.4, ribbon.top + bh * 0.25), (W / 2 + side * bw * 0.58, ribbon.top + bh * 0.25),
                (W / 2 + side * bw * 0.5, ribbon.top + bh * 0.72), (W / 2 + side * bw * 0.58, ribbon.bottom + bh * 0.2),
                (W / 2 + side * bw * 0.4, ribbon.bottom + bh * 0.2)]
        pygame.draw.polygon(surf, (*darken(accent, 0.35), 255), tail)
    pygame.draw.rect(surf, (*EDGE, 255), ribbon.inflate(round(W * 0.02), round(W * 0.02)), border_radius=round(bh * 0.25))
    pygame.draw.rect(surf, (*accent, 255), ribbon, border_radius=round(bh * 0.22))
    pygame.draw.rect(surf, (*lighten(accent, 0.3), 255), (ribbon.x, ribbon.y, ribbon.w, max(1, bh // 3)),
                     border_top_left_radius=round(bh * 0.22), border_top_right_radius=round(bh * 0.22))
    name = _text(NAMES[c.kind].upper(), round(bh * 0.5), WHITE, max_w=round(bw * 0.86))
    tokens.stamp(surf, name, ribbon.center, max(1, round(W * 0.012)), darken(accent, 0.5))
    prop = tokens.PROPS[c.kind](round(W * 0.32), WHITE, accent)
    tokens.stamp(surf, prop, (W * 0.78, H * 0.57), max(1, round(W * 0.022)), EDGE, shadow=W * 0.015)
    _corners(surf, _corner_box(c, W, H, False), W, H)
    return surf


@cached(maxsize=512, stand_in=("w", "h"))
def _face(face: str, w: int, h: int, colour_blind: bool) -> pygame.Surface:
    c = _card(face)
    k = scale_for(w, h)
    W, H = w * k, h * k
    R = card_radius(w, h) * k
    if c.colour:
        surf = _coloured(c, W, H, R, colour_blind)
    elif c.kind in SUPERPOWERS:
        surf = _superpower(c, W, H, R)
    else:
        surf = _black(c, W, H, R)
    apply_mask(surf, rounded_mask(W, H, R))
    return finish(down(surf, (w, h)))


def card_face(card: str, w: int, h: int, colour_blind: bool = False) -> pygame.Surface:
    """The face of a card (an id such as "red-7.2", or a face such as "red-7") at w x h pixels.

    Black cards and superpowers look the same with colour_blind: they carry no colour."""
    c = _card(card)
    w, h = max(4, int(w)), max(4, int(h))
    return _face(c.face, w, h, bool(colour_blind) and c.colour is not None)


# ---------------------------------------------------------------- the back and the chip

@cached(maxsize=32, stand_in=("w", "h"))
def card_back(w: int, h: int) -> pygame.Surface:
    """Finita's back: a wine-red panel with sun rays, the four colours' shapes in its corners and
    the name across a black oval."""
    w, h = max(4, int(w)), max(4, int(h))
    k = scale_for(w, h)
    W, H = w * k, h * k
    R = card_radius(w, h) * k
    wine = game_info("finita").colour
    surf, inner, ir = _body(W, H, R, lighten(wine, 0.08), darken(wine, 0.3))
    art = canvas(inner.w, inner.h)
    rays = tokens.burst(round(max(W, H) * 1.5), lighten(wine, 0.16), rays=24)
    art.blit(rays, rays.get_rect(center=(inner.w // 2, inner.h // 2)))
    rgbs, shapes = _colours()
    r = min(inner.w, inner.h) * 0.07
    spots = [(0.2, 0.14), (0.8, 0.14), (0.8, 0.86), (0.2, 0.86)]  # the four colours, a corner each
    for (u, v), rgb, name in zip(spots, rgbs, shapes):
        x, y = inner.w * u, inner.h * v
        pygame.draw.circle(art, (*darken(wine, 0.4), 255), (x, y), r * 1.75)
        pygame.draw.circle(art, (*WHITE, 255), (x, y), r * 1.55)
        tokens.shape(art, name, x, y, r, rgb)
    apply_mask(art, rounded_mask(inner.w, inner.h, ir))
    surf.blit(art, inner.topleft)
    pygame.draw.rect(surf, (*lighten(wine, 0.45), 255), inner.inflate(-round(W * 0.05), -round(W * 0.05)),
                     max(1, round(W * 0.012)), border_radius=max(1, ir - round(W * 0.025)))
    oval = _oval(surf, W, H, EDGE, ring=GOLD, width=0.86, height=0.36, angle=TILT)
    word = _text("Finita", round(H * 0.1), (255, 214, 96))
    if w >= 24:
        word = pygame.transform.rotozoom(word, TILT, 1)
        if word.get_width() > oval.w * 0.92:
            f = oval.w * 0.92 / word.get_width()
            word = pygame.transform.smoothscale(word, (round(word.get_width() * f), round(word.get_height() * f)))
        tokens.stamp(surf, word, oval.center, max(1, round(W * 0.018)), (120, 24, 40), shadow=W * 0.02)
    apply_mask(surf, rounded_mask(W, H, R))
    return finish(down(surf, (w, h)))


@cached(maxsize=64)
def colour_badge(colour: str, size: int, colour_blind: bool = False) -> pygame.Surface:
    """A round chip in a Finita colour with its shape in white, for the colour in force."""
    rgb = colour_rgb(colour)
    size = max(4, int(size))
    k = scale_for(size, size)
    D = size * k
    surf = canvas(D, D, EDGE)
    c = D / 2
    pygame.draw.circle(surf, (*EDGE, 255), (c, c), D / 2)
    pygame.draw.circle(surf, (*WHITE, 255), (c, c), D / 2 - max(1, D * 0.03))
    face = radial(round(D * 0.84), [(0.0, lighten(rgb, 0.25)), (0.7, rgb), (1.0, darken(rgb, 0.2))])
    surf.blit(face, face.get_rect(center=(round(c), round(c))))
    for i in range(12):  # notches round the rim, like a casino chip
        a = 2 * math.pi * i / 12
        x, y = c + D * 0.455 * math.cos(a), c + D * 0.455 * math.sin(a)
        pygame.draw.circle(surf, (*rgb, 255), (x, y), D * 0.035)
    r = D * (0.27 if colour_blind else 0.19)
    icon = canvas(round(r * 2.4), round(r * 2.4), WHITE)
    tokens.shape(icon, _shape(colour), r * 1.2, r * 1.2, r, WHITE)
    tokens.stamp(surf, icon, (c, c), max(1, round(D * 0.025)), darken(rgb, 0.6))
    return finish(down(surf, (size, size)))
