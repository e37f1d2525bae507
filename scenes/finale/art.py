"""Finale's pictures drawn by code at any size; this module is the one the table calls.

A player card is framed in its team's colour. The strength that counts now sits large at the
top (number and balls); the three still to come, in the order a quarter turn brings them up,
sit smaller on the right, bottom and left edges. The position's colour fills the top-left
corner, the card's symbols sit top right, the name and value on a band in the team's colour.
On the smallest cards (numbers only) the photo gives up a third of its height to the band, so
that the surname fits there in 11 px type, written at the card's own size to stay sharp;
cards too small even for that (the "Off" column at 1024x640) leave the name to the hover.
The tactics cards and the large area panel are drawn in tactics_art.py, the pitch, dice and
tokens in pieces.py; both are re-exported here. Same arguments, same Surface (cached):
callers blit it and never draw on it.
"""
from __future__ import annotations

import math
import zlib

import pygame

from game.finale.data import GOALIE, Player, Team, finale_data
from scenes.art._cache import cached
from scenes.art.draw import (apply_mask, canvas, darken, down, finish, ink_for, lighten, mix,
                             rounded_mask, scale_for, vgradient)
from scenes.art.table import card_radius
from scenes.finale import tokens as T
from scenes.art import fonts
from scenes.finale.card_base import (NAME_PX, balls_row, body, player_name,  # noqa: F401
                                     player_of, short_name, surname, tactic_name, team_of,
                                     tier_of)
from scenes.finale.pieces import (ball, chip, die_face, pitch, red_card, referee,  # noqa: F401
                                  yellow_card)
from scenes.finale.tactics_art import area_panel, area_slots, tactic_back, tactic_face  # noqa: F401

__all__ = ["player_face", "player_back", "tactic_face", "tactic_back", "area_panel", "area_slots", "pitch",
           "die_face", "chip", "ball", "yellow_card", "red_card", "referee", "player_name", "tactic_name"]

MARKS = ("", "!", "!!")


# ---------------------------------------------------------------- the player card's picture

SKINS = [(240, 200, 166), (226, 178, 140), (198, 146, 104), (150, 100, 70), (246, 212, 184)]
HAIRS = [(52, 36, 28), (112, 72, 40), (200, 160, 90), (30, 26, 26), (150, 60, 30), (120, 120, 120)]


def _photo(p: Player, team: Team, w: int, h: int) -> pygame.Surface:
    """The player's picture: head and shoulders against the stands and the grass."""
    surf = canvas(w, h, T.GRASS)
    seed = zlib.crc32(p.id.encode())
    stands = round(h * 0.3)
    surf.blit(vgradient(w, stands, [(0.0, darken(team.rgb, 0.7)), (1.0, darken(team.rgb, 0.45))]), (0, 0))
    rng = seed
    for i in range(int(w * stands / max(1, (h * 0.05) ** 2))):  # the crowd: soft dots of colour
        rng = (rng * 1103515245 + 12345) & 0x7FFFFFFF
        x, y = rng % max(1, w), (rng >> 8) % max(1, stands)
        tone = lighten(team.rgb, 0.3) if rng & 16 else (220, 214, 200)
        pygame.draw.circle(surf, (*mix(tone, darken(team.rgb, 0.6), 0.55), 255), (x, y), max(1, h * 0.012))
    bands = 5
    for i in range(bands):  # mown stripes, narrower toward the stands
        y0 = stands + (h - stands) * (i / bands) ** 1.25
        y1 = stands + (h - stands) * ((i + 1) / bands) ** 1.25
        pygame.draw.rect(surf, (*(T.GRASS if i % 2 else T.GRASS_DARK), 255), (0, y0, w, y1 - y0 + 1))
    pygame.draw.line(surf, (*T.CHALK, 255), (0, stands + 1), (w, stands + 1), max(1, round(h * 0.012)))
    skin, hair = SKINS[seed % len(SKINS)], HAIRS[(seed >> 4) % len(HAIRS)]
    shirt = mix(T.GOALIE_GREY, (40, 44, 50), 0.45) if p.position == GOALIE else team.rgb
    trim = team.rgb if p.position == GOALIE else T.CHALK
    cx, r = w / 2, min(w * 0.2, h * 0.17)
    cy = h * 0.5
    o = max(1, round(r * 0.06))
    sh = pygame.Rect(0, 0, w * 0.84, h * 0.62)
    sh.midtop = (round(cx), round(cy + r * 0.95))
    pygame.draw.ellipse(surf, (*darken(shirt, 0.45), 255), sh.inflate(2 * o, 2 * o))
    pygame.draw.ellipse(surf, (*shirt, 255), sh)
    pygame.draw.ellipse(surf, (*lighten(shirt, 0.18), 255), sh.inflate(-sh.w * 0.5, -sh.h * 0.55).move(-sh.w * 0.12, -sh.h * 0.16))
    neck = pygame.Rect(0, 0, r * 0.8, r * 1.2)
    neck.midtop = (round(cx), round(cy + r * 0.4))
    pygame.draw.rect(surf, (*darken(skin, 0.12), 255), neck)
    collar = [(cx - r * 0.62, sh.top + r * 0.1), (cx + r * 0.62, sh.top + r * 0.1), (cx, sh.top + r * 0.9)]
    pygame.draw.polygon(surf, (*trim, 255), collar)
    pygame.draw.polygon(surf, (*darken(skin, 0.12), 255), [(cx - r * 0.4, sh.top + r * 0.06), (cx + r * 0.4, sh.top + r * 0.06),
                                                          (cx, sh.top + r * 0.62)])
    for side in (-1, 1):
        pygame.draw.circle(surf, (*darken(skin, 0.06), 255), (cx + side * r * 0.96, cy + r * 0.08), r * 0.2)
    pygame.draw.ellipse(surf, (*darken(skin, 0.3), 255), (cx - r - o, cy - r * 1.06 - o, 2 * r + 2 * o, 2.12 * r + 2 * o))
    pygame.draw.ellipse(surf, (*skin, 255), (cx - r, cy - r * 1.06, 2 * r, 2.12 * r))
    style = (seed >> 8) % 4
    if style == 0:  # short crop
        pygame.draw.ellipse(surf, (*hair, 255), (cx - r * 1.02, cy - r * 1.14, 2.04 * r, r * 1.0))
    elif style == 1:  # side parting with a fringe
        pygame.draw.ellipse(surf, (*hair, 255), (cx - r * 1.05, cy - r * 1.18, 2.1 * r, r * 1.1))
        pygame.draw.polygon(surf, (*hair, 255), [(cx - r, cy - r * 0.5), (cx + r * 0.4, cy - r * 0.8), (cx - r * 0.2, cy - r * 0.3)])
    elif style == 2:  # curls
        for i in range(7):
            a = 3.3 + i * 0.48
            pygame.draw.circle(surf, (*hair, 255), (cx + r * 0.82 * math.cos(a), cy - r * 0.35 + r * 0.8 * math.sin(a)), r * 0.34)
    else:  # a quiff swept up at the front
        pygame.draw.ellipse(surf, (*hair, 255), (cx - r * 1.0, cy - r * 1.1, 2.0 * r, r * 0.9))
        pygame.draw.ellipse(surf, (*hair, 255), (cx - r * 0.7, cy - r * 1.38, r * 1.3, r * 0.7))
        pygame.draw.ellipse(surf, (*lighten(hair, 0.2), 255), (cx - r * 0.4, cy - r * 1.3, r * 0.6, r * 0.25))
    ink = (40, 30, 28)
    for side in (-1, 1):
        ex = cx + side * r * 0.36
        pygame.draw.circle(surf, (*ink, 255), (ex, cy + r * 0.02), max(1, r * 0.1))
        pygame.draw.line(surf, (*darken(hair, 0.2), 255), (ex - r * 0.17, cy - r * 0.26), (ex + r * 0.17, cy - r * 0.26 - side * r * 0.03),
                         max(1, round(r * 0.08)))
    pygame.draw.arc(surf, (*darken(skin, 0.5), 255), (cx - r * 0.3, cy + r * 0.12, r * 0.6, r * 0.45), 3.5, 5.9, max(1, round(r * 0.07)))
    return surf


def _tab(W: int, H: int, n: int, tier: int, vertical: bool, size: float) -> pygame.Surface:
    """A paper label with a strength that comes later: its number and (large cards) its balls,
    stacked (vertical) or side by side."""
    num = T.text(str(n), size, T.INK)
    pad = size * 0.35
    d = size * 0.62
    balls = tier == 2
    if vertical:
        bw = max(num.get_width(), d if balls else 0) + 2 * pad
        bh = num.get_height() + 2 * pad + ((d * 1.08 * n + pad * 0.5) if balls else 0)
    else:
        bw = num.get_width() + 2 * pad + ((d * 1.08 * n + pad * 0.6) if balls else 0)
        bh = max(num.get_height(), d) + 2 * pad
    if not balls:
        bw = bh = max(bw, bh)
    tab = canvas(bw + 2, bh + 2, T.EDGE)
    o = max(1, round(size * 0.1))
    rad = round(min(bw, bh) / 2)
    pygame.draw.rect(tab, (*T.EDGE, 255), (0, 0, bw, bh), border_radius=rad)
    pygame.draw.rect(tab, (*T.PAPER, 255), (o, o, bw - 2 * o, bh - 2 * o), border_radius=max(1, rad - o))
    if not balls:
        tab.blit(num, num.get_rect(center=(round(bw / 2), round(bh / 2))))
    elif vertical:
        tab.blit(num, num.get_rect(midtop=(round(bw / 2), round(pad))))
        balls_row(tab, n, bw / 2, pad + num.get_height() + pad * 0.5 + d * 1.08 * n / 2, d, vertical=True)
    else:
        tab.blit(num, num.get_rect(midleft=(round(pad), round(bh / 2))))
        balls_row(tab, n, pad + num.get_width() + pad * 0.6 + d * 1.08 * n / 2, bh / 2, d)
    return tab


BAND = 0.145  # the name band's share of a card's height
PHOTO = 0.44  # the photo's, above a plain band
PHOTO_AND_BAND = 0.585  # PHOTO + BAND: what a small card shares out again for a taller band
NAMED_BAND = 0.275  # of a small card's height: room for 11 px type and its descenders
NAME_SHARE = 0.4  # of the band's height: the name's type on a plain band


def small_name_band(w: int, h: int) -> bool:
    """Does a card of this size give its band to the surname? The small ones (numbers only,
    and the next size up, whose band would hold the name in 7 px type) do, where 11 px type
    fits the band's height and four letters or so its width."""
    return (tier_of(w) <= 1 and h * NAMED_BAND >= NAME_PX * 1.4 and w * 0.84 >= NAME_PX * 3.2
            and h * BAND * NAME_SHARE < NAME_PX)


@cached(maxsize=512)
def _player_card(pid: str, turn: int, w: int, h: int) -> pygame.Surface:
    p = player_of(pid)
    team = finale_data().team(p.team)
    k = scale_for(w, h)
    W, H = w * k, h * k
    R = card_radius(w, h) * k
    tier = tier_of(w)
    named = small_name_band(w, h)
    surf, inner, ir = body(W, H, R, team.rgb)
    now, later = p.edges[turn % 4], [p.edges[(turn + i) % 4] for i in (1, 2, 3)]
    panel = canvas(inner.w, inner.h, T.PAPER)
    panel.fill((*T.PAPER, 255))
    top_h = round(H * 0.25)
    band_h = round(H * NAMED_BAND) if named else round(H * BAND)
    photo_h = round(H * (PHOTO_AND_BAND - NAMED_BAND)) if named else round(H * PHOTO)
    photo_rect = pygame.Rect(0, top_h, inner.w, photo_h)
    band = pygame.Rect(0, photo_rect.bottom, inner.w, band_h)
    panel.blit(vgradient(inner.w, top_h, [(0.0, T.PAPER), (1.0, darken(T.PAPER, 0.05))]), (0, 0))
    panel.blit(_photo(p, team, photo_rect.w, photo_rect.h), photo_rect)
    pygame.draw.rect(panel, (*darken(team.rgb, 0.15), 255), band)
    pygame.draw.rect(panel, (*darken(team.rgb, 0.45), 255), (0, band.y, band.w, max(1, round(H * 0.006))))
    pygame.draw.rect(panel, (*darken(team.rgb, 0.45), 255), (0, band.bottom - max(1, round(H * 0.006)), band.w, max(1, round(H * 0.006))))
    # the position's corner
    line = T.line_rgb(p.position)
    leg = W * 0.3
    pygame.draw.polygon(panel, (*darken(line, 0.35), 255), [(0, 0), (leg + k, 0), (0, leg + k)])
    pygame.draw.polygon(panel, (*line, 255), [(0, 0), (leg, 0), (0, leg)])
    if tier:
        letter = T.text(T.LETTERS[p.position], leg * 0.3, ink_for(line))
        panel.blit(letter, letter.get_rect(center=(round(leg * 0.3), round(leg * 0.3))))
    # the strength that counts now
    if tier == 0:
        num = T.text(str(now), H * 0.2, T.INK)
        panel.blit(num, num.get_rect(center=(round(inner.w / 2), round(top_h * 0.5))))
    else:
        num = T.text(str(now), H * 0.13, T.INK)
        d = min(H * 0.068, inner.w * 0.74 / 5.4)
        gap = H * 0.014
        block = num.get_height() + gap + d
        y0 = (top_h - block) / 2
        panel.blit(num, num.get_rect(midtop=(round(inner.w / 2), round(y0))))
        balls_row(panel, now, inner.w / 2, y0 + num.get_height() + gap + d / 2, d)
    # the symbols, top right
    s = W * (0.15 if tier else 0.17)
    for i, symbol in enumerate(reversed(p.symbols)):
        icon = T.symbol_art(symbol, s)
        at = (inner.w - s * 0.62 - i * s * 1.02, s * 0.62) if tier else (inner.w - s * 0.6, s * 0.6 + i * s * 1.04)
        panel.blit(icon, icon.get_rect(center=(round(at[0]), round(at[1]))))
    # the name and the value on the band
    disc = 0.0
    if tier:
        disc = min(band.h, H * BAND) * 0.72  # a taller band for the name keeps the disc's size
        dc = (band.right - disc * 0.5 - band.h * 0.16, band.centery)
        pygame.draw.circle(panel, (*T.EDGE, 255), dc, disc / 2)
        pygame.draw.circle(panel, (*T.PAPER, 255), dc, disc / 2 - max(1, disc * 0.07))
        val = T.text(str(p.value), disc * 0.48, T.INK)
        panel.blit(val, val.get_rect(center=(round(dc[0]), round(dc[1]))))
        room = band.w - disc - band.h * 0.5
        left = band.h * 0.22
        words = ink_for(darken(team.rgb, 0.15))
        if tier == 2:
            first = T.text(p.name.rsplit(" ", 1)[0], band.h * 0.2, lighten(words, 0.2) if words[0] < 128 else darken(words, 0.15),
                           max_w=room, display=False, bold=True)
            last = T.text(surname(p.name), band.h * 0.36, words, max_w=room)
            y = (band.h - first.get_height() - last.get_height() - band.h * 0.1) / 2
            panel.blit(first, (round(left), round(band.y + y)))
            panel.blit(last, (round(left), round(band.y + y + first.get_height() + band.h * 0.1)))
        elif not named:
            last = T.text(surname(p.name), band.h * NAME_SHARE, words, max_w=room)
            panel.blit(last, last.get_rect(midleft=(round(left), band.centery)))
    apply_mask(panel, rounded_mask(inner.w, inner.h, ir))
    surf.blit(panel, inner.topleft)
    # the strengths still to come: right, bottom, left (a quarter turn each)
    size = H * (0.07 if tier else 0.1)
    for n, where in zip(later, ("right", "bottom", "left")):
        if where == "bottom":
            tab = _tab(W, H, n, tier, False, size)
            bottom_mid = (inner.centerx, (inner.top + band.bottom + inner.bottom) / 2)
            surf.blit(tab, tab.get_rect(center=(round(bottom_mid[0]), round(bottom_mid[1]))))
        else:
            tab = _tab(W, H, n, tier, True, size)
            cy = inner.top + photo_rect.centery + (H * 0.02 if tier else 0)
            x = inner.right - tab.get_width() / 2 + inner.x * 0.3 if where == "right" else inner.left + tab.get_width() / 2 - inner.x * 0.3
            surf.blit(tab, tab.get_rect(center=(round(x), round(cy))))
    apply_mask(surf, rounded_mask(W, H, R))
    card = down(surf, (w, h))
    if named:  # written at the card's own size: type shrunk from a supersampled card blurs
        room = band.w - (disc + band.h * 0.3 if disc else 0)  # left of the value's disc
        _band_name(card, p.name, pygame.Rect((inner.x + band.x) / k, (inner.y + band.y) / k,
                                             room / k, band.h / k),
                   ink_for(darken(team.rgb, 0.15)))
    return card


def _band_name(card: pygame.Surface, name: str, band: pygame.Rect, ink: tuple) -> None:
    """The surname (or its first letters) centred on a small card's band, 11 px or more."""
    room = band.width - 4
    px = max(NAME_PX, min(int(band.height * 0.62), NAME_PX + 1))  # one size on every card
    while px > NAME_PX and short_name(name, room, px) != surname(name):
        px -= 1  # a whole surname a size smaller reads better than a cut one
    words = short_name(name, room, px)
    image = fonts.render_text(words, px, ink, bold=True)
    if image.get_width() > room:  # narrowed a little: short_name keeps it to CONDENSE
        image = pygame.transform.smoothscale(image, (int(room), image.get_height()))
    card.blit(image, image.get_rect(center=band.center))


@cached(maxsize=512, stand_in=("w", "h"))
def _player_final(pid: str, turn: int, w: int, h: int, marked: str, booked: bool) -> pygame.Surface:
    base = _player_card(pid, turn, w, h)
    if not marked and not booked:
        return finish(base)
    surf = base.copy()
    named = small_name_band(w, h)
    photo_cy = h * 0.25 + h * 0.22
    if named:  # the photo is shorter: the chip on it, the booking in the bottom left corner
        photo_cy = h * (0.25 + (PHOTO_AND_BAND - NAMED_BAND) / 2)
    if booked:
        d = max(8, round(w * 0.3))
        at = (w * 0.03, h - d) if named else (w * 0.2, photo_cy + h * 0.01)
        surf.blit(yellow_card(d), (round(at[0]), round(at[1])))
    if marked:
        d = max(10, round(w * 0.42))
        img = chip(marked, d)
        surf.blit(img, img.get_rect(center=(round(w / 2), round(photo_cy))))
    return finish(surf)


def player_face(pid: str, turns: int, w: int, h: int, marked: str = "", booked: bool = False) -> pygame.Surface:
    """A player card upright at w x h after `turns` quarter turns: the strength that counts now
    large at the top, the next three smaller on the right, bottom and left edges; `marked` ""
    "!" or "!!" puts that chip on him, `booked` a yellow card."""
    player_of(pid)
    if marked not in MARKS:
        raise ValueError(f"{marked!r} is not a marker (\"\", \"!\" or \"!!\")")
    return _player_final(str(pid), int(turns) % 4, max(8, int(w)), max(8, int(h)), marked, bool(booked))


@cached(maxsize=16, stand_in=("w", "h"))
def player_back(team_id: str, w: int, h: int) -> pygame.Surface:
    """A player card face down: the team's colour in broad stripes, a ball in a ring and the
    team's name."""
    team = team_of(team_id)
    w, h = max(8, int(w)), max(8, int(h))
    k = scale_for(w, h)
    W, H = w * k, h * k
    R = card_radius(w, h) * k
    surf, inner, ir = body(W, H, R, T.PAPER, 0.06)
    art = canvas(inner.w, inner.h, team.rgb)
    art.fill((*team.rgb, 255))
    stripe = inner.w / 5
    for i in range(-6, 12, 2):  # diagonal stripes, a shade darker
        x = i * stripe
        pygame.draw.polygon(art, (*darken(team.rgb, 0.14), 255), [(x, 0), (x + stripe, 0), (x + stripe + inner.h * 0.6, inner.h),
                                                               (x + inner.h * 0.6, inner.h)])
    c = (inner.w / 2, inner.h * 0.44)
    r = inner.w * 0.32
    pygame.draw.circle(art, (*T.PAPER, 255), c, r * 1.12)
    pygame.draw.circle(art, (*darken(team.rgb, 0.3), 255), c, r)
    b = T.ball_art(r * 1.5)
    art.blit(b, b.get_rect(center=(round(c[0]), round(c[1]))))
    if w >= 48:
        name = T.outlined(T.text(team.name.upper(), inner.h * 0.06, T.PAPER, max_w=inner.w * 0.84), max(1, W * 0.012),
                          darken(team.rgb, 0.55))
        art.blit(name, name.get_rect(center=(round(inner.w / 2), round(inner.h * 0.82))))
    apply_mask(art, rounded_mask(inner.w, inner.h, ir))
    surf.blit(art, inner.topleft)
    apply_mask(surf, rounded_mask(W, H, R))
    return finish(down(surf, (w, h)))
