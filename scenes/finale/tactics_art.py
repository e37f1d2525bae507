"""Finale's tactics cards drawn by code at any size, their back, and one area of a card drawn
large for the middle of the table (with where each of its slots sits).

A tactics card is printed in the team's colour under a band of its tactics colour with the big
attack strength and the title; its set-up area sits above its result area as two small green
pitches, the attacker's slots on the left half and the defender's on the right, arrows from a
set-up slot to the result slot its player must fill again. Same arguments, same Surface
(cached): callers blit it and never draw on it.
"""
from __future__ import annotations

import math
from typing import Generator, Sequence

import pygame

from game.finale.data import ATTACK, DEFEND, RESULT, SETUP, SIDES, Tactic
from scenes.art._cache import cached
from scenes.art.draw import (apply_mask, canvas, darken, down, finish, ink_for, lighten, mix,
                             rounded_mask, scale_for, vgradient)
from scenes.art.table import card_radius
from scenes.art import fonts
from scenes.finale import card_title
from scenes.finale import tokens as T
from scenes.finale.card_base import NAME_PX, body, card_of, tactic_of, team_of, tier_of

# ---------------------------------------------------------------- the tactics card

def _slot_xs(n: int, left: float, width: float) -> list[float]:
    """Centres of n slots spread evenly over a half `width` wide from `left`."""
    return [left + width * (i + 0.5) / n for i in range(n)]


def _area_art(surf: pygame.Surface, rect: pygame.Rect, c: Tactic, area: str, s: float,
              stacked: bool) -> dict[tuple[str, int], tuple[float, float]]:
    """One area as a small green pitch, the attacker's slots on the left, the defender's on the
    right (three or four of them in two rows when `stacked`). Returns the centre of each slot."""
    a = c.setup if area == SETUP else c.result
    o = max(1, round(rect.h * 0.04))
    rad = max(1, round(rect.h * 0.14))
    grass = vgradient(rect.w, rect.h, [(0.0, lighten(T.GRASS, 0.06)), (1.0, T.GRASS_DARK)])
    for i in range(6):
        if i % 2:
            pygame.draw.rect(grass, (*mix(T.GRASS, T.GRASS_DARK, 0.5), 255), (rect.w * i / 6, 0, rect.w / 6 + 1, rect.h))
    apply_mask(grass, rounded_mask(rect.w, rect.h, rad))
    pygame.draw.rect(surf, (*T.EDGE, 255), rect.inflate(2 * o, 2 * o), border_radius=rad + o)
    surf.blit(grass, rect)
    if a.empty:
        pygame.draw.rect(surf, (*T.EDGE, 255), rect, border_radius=rad)
        pygame.draw.rect(surf, (*mix(T.GRASS_DARK, T.EDGE, 0.45), 255), rect.inflate(-2 * o, -2 * o), border_radius=rad)
        pygame.draw.rect(surf, (*T.CHALK, 255), (rect.centerx - rect.w * 0.1, rect.centery - rect.h * 0.04, rect.w * 0.2, rect.h * 0.08),
                         border_radius=round(rect.h * 0.04))
        return {}
    lw = max(1, round(rect.h * 0.03))
    pygame.draw.line(surf, (*T.CHALK, 255), (rect.centerx, rect.top + lw), (rect.centerx, rect.bottom - lw), lw)
    for dy in (-1, 1):  # the two small arrows on the halfway line: attacker left, defender right
        y = rect.centery + dy * rect.h * 0.3
        t = rect.h * 0.07
        pygame.draw.polygon(surf, (*T.CHALK, 255), [(rect.centerx - lw, y - t), (rect.centerx - lw, y + t), (rect.centerx - lw - t * 1.3, y)])
        pygame.draw.polygon(surf, (*T.CHALK, 255), [(rect.centerx + lw, y - t), (rect.centerx + lw, y + t), (rect.centerx + lw + t * 1.3, y)])
    centres: dict[tuple[str, int], tuple[float, float]] = {}
    half = rect.w / 2
    for side, left in ((ATTACK, rect.left), (DEFEND, rect.centerx)):
        slots = a.side(side)
        x0 = left + half * (0.05 if side == ATTACK else 0.11)
        if stacked and len(slots) >= 3:
            top = (len(slots) + 1) // 2
            rows = [(range(top), rect.centery - rect.h * 0.21), (range(top, len(slots)), rect.centery + rect.h * 0.21)]
        else:
            rows = [(range(len(slots)), rect.centery)]
        for indices, y in rows:
            for i, x in zip(indices, _slot_xs(len(indices), x0, half * 0.84)):
                T.pawn(surf, slots[i], x, y, s)
                centres[(side, i)] = (x, y)
    return centres


@cached(maxsize=512, stand_in=("w", "h"))
def _tactic_card(team_id: str, cid: str, w: int, h: int) -> pygame.Surface:
    team, c = team_of(team_id), card_of(cid)
    k = scale_for(w, h)
    W, H = w * k, h * k
    R = card_radius(w, h) * k
    tier = tier_of(w)
    colour = T.tactics_rgb(c.colour)
    surf, inner, ir = body(W, H, R, T.PAPER, 0.045)
    panel = vgradient(inner.w, inner.h, [(0.0, lighten(team.rgb, 0.08)), (1.0, darken(team.rgb, 0.22))])
    band = pygame.Rect(0, 0, inner.w, round(H * (0.2 if tier else 0.24)))
    plain = band.h  # the band of a short title: the disc's size and the areas' come from it
    title = None
    if tier:  # the title at the card's own size (11 px at least), in a band that holds it
        title = card_title.plan(c.name, (c.german or "") if tier == 2 else "", inner.w / k, band.h / k,
                                card_title.title_px(h))
        if title is not None:
            band.h = max(band.h, round(title.height * k))
    panel.blit(vgradient(band.w, band.h, [(0.0, lighten(colour, 0.16)), (1.0, darken(colour, 0.08))]), band)
    line = max(1, round(k * (1.5 if tier == 2 else 1)))  # a white rule keeps a blue band off a blue card
    pygame.draw.rect(panel, (*T.PAPER, 255), (0, band.bottom, band.w, line))
    pygame.draw.rect(panel, (*darken(colour, 0.5), 255), (0, band.bottom - line, band.w, line))
    # the big attack strength in a disc of the team's colour
    d = plain * 0.84
    dc = (plain * 0.55 if tier else band.w / 2, plain / 2)
    pygame.draw.circle(panel, (*T.EDGE, 255), dc, d / 2)
    pygame.draw.circle(panel, (*darken(team.rgb, 0.1), 255), dc, d / 2 - max(1, d * 0.06))
    num = T.text(str(c.strength), d * 0.56, T.PAPER)
    panel.blit(num, num.get_rect(center=(round(dc[0]), round(dc[1]))))
    # the two areas and the arrows between them (shorter where the title took more band)
    m = round(inner.w * 0.06)
    ah = round(H * (0.245 if tier == 2 else 0.285)) - (band.h - plain + 1) // 2
    gap = round(H * 0.075)
    top = band.bottom + round(H * (0.035 if tier else 0.03))
    setup = pygame.Rect(m, top, inner.w - 2 * m, ah)
    result = pygame.Rect(m, setup.bottom + gap, inner.w - 2 * m, ah)
    most = max(2, *(len(x.side(sd)) for x in (c.setup, c.result) for sd in SIDES))
    stacked = tier < 2 and most >= 3  # small cards: three or four slots in two rows, bigger
    per_row = (most + 1) // 2 if stacked else most
    s = min(ah * (0.4 if stacked else 0.66), setup.w / 2 * 0.84 / per_row * 0.92)
    starts = _area_art(panel, setup, c, SETUP, s, stacked)
    ends = _area_art(panel, result, c, RESULT, s, stacked)
    for arrow in c.arrows:
        a, b = starts[(arrow.side, arrow.setup)], ends[(arrow.side, arrow.result)]
        T.arrow(panel, (a[0], a[1] + s * 0.55), (b[0], b[1] - s * 0.6), max(k, s * 0.16), (255, 232, 120))
    halves = _halves_label(h, (inner.h - result.bottom) / k, result.w / k / 2) if tier == 2 else 0
    if halves:  # who plays which half
        y = result.bottom + (inner.h - result.bottom) / 2
        pygame.draw.line(panel, (*lighten(team.rgb, 0.4), 255), (inner.w / 2, y - H * 0.02), (inner.w / 2, y + H * 0.02), max(1, k))
    apply_mask(panel, rounded_mask(inner.w, inner.h, ir))
    surf.blit(panel, inner.topleft)
    apply_mask(surf, rounded_mask(W, H, R))
    card = down(surf, (w, h))
    if title is not None:  # written at the card's own size: type shrunk with the card blurs
        words = ink_for(colour)
        card_title.write(card, title, inner.x / k, inner.y / k, words, mix(words, colour, 0.3))
    if halves:
        y = (inner.y + result.bottom + (inner.h - result.bottom) / 2) / k
        for word, cx in (("ATTACK", result.left + result.w * 0.25), ("DEFENCE", result.left + result.w * 0.75)):
            label = fonts.render_text(word, halves, lighten(team.rgb, 0.7), bold=True)
            card.blit(label, label.get_rect(center=(round((inner.x + cx) / k), round(y))))
    return finish(card)


def _halves_label(h: int, strip: float, half: float) -> int:
    """The type size of "ATTACK" and "DEFENCE" under a big card's areas: 11 px at least,
    where the strip under them and each half hold it; else 0 (not written)."""
    px = max(NAME_PX, round(h * 0.036))
    if strip < px or fonts.font(px, True).size("DEFENCE")[0] > half * 0.94:
        return 0
    return px


def tactic_face(piece: str, w: int, h: int) -> pygame.Surface:
    """A tactics card of a team ("stollen-pressing") at w x h pixels."""
    team, c = tactic_of(piece)
    return _tactic_card(team.id, c.id, max(8, int(w)), max(8, int(h)))


@cached(maxsize=16, stand_in=("w", "h"))
def tactic_back(team_id: str, w: int, h: int) -> pygame.Surface:
    """A tactics card face down: a coach's chalkboard in a frame of the team's colour, noughts,
    crosses and a curling arrow."""
    team = team_of(team_id)
    w, h = max(8, int(w)), max(8, int(h))
    k = scale_for(w, h)
    W, H = w * k, h * k
    R = card_radius(w, h) * k
    surf, inner, ir = body(W, H, R, team.rgb, 0.08)
    board = vgradient(inner.w, inner.h, [(0.0, (46, 74, 60)), (1.0, (28, 48, 40))])
    chalk = (*mix(T.CHALK, (46, 74, 60), 0.15), 255)
    lw = max(1, round(W * 0.025))
    cw, ch = inner.w, inner.h
    pygame.draw.rect(board, chalk, (cw * 0.08, ch * 0.06, cw * 0.84, ch * 0.88), max(1, lw // 2), border_radius=round(lw))
    pygame.draw.line(board, chalk, (cw * 0.08, ch / 2), (cw * 0.92, ch / 2), max(1, lw // 2))
    for x, y in ((0.3, 0.24), (0.7, 0.3), (0.5, 0.72)):
        r = cw * 0.08
        pygame.draw.circle(board, chalk, (cw * x, ch * y), r, lw)
    for x, y in ((0.28, 0.64), (0.72, 0.8), (0.5, 0.4)):
        r = cw * 0.07
        pygame.draw.line(board, chalk, (cw * x - r, ch * y - r), (cw * x + r, ch * y + r), lw)
        pygame.draw.line(board, chalk, (cw * x - r, ch * y + r), (cw * x + r, ch * y - r), lw)
    pts = [(cw * (0.3 + 0.38 * t), ch * (0.34 + 0.3 * t) - ch * 0.12 * math.sin(math.pi * t)) for t in [i / 16 for i in range(17)]]
    pygame.draw.lines(board, (*lighten(team.rgb, 0.55), 255), False, pts, lw)
    T.arrow(board, pts[-3], (pts[-1][0] + (pts[-1][0] - pts[-3][0]) * 0.6, pts[-1][1] + (pts[-1][1] - pts[-3][1]) * 0.6),
            lw, lighten(team.rgb, 0.55), lighten(team.rgb, 0.55))
    apply_mask(board, rounded_mask(inner.w, inner.h, ir))
    surf.blit(board, inner.topleft)
    apply_mask(surf, rounded_mask(W, H, R))
    return finish(down(surf, (w, h)))


# ---------------------------------------------------------------- one area drawn large

def _panel_layout(c: Tactic, area: str, w: int, h: int) -> dict[tuple[str, int], pygame.Rect]:
    a = c.setup if area == SETUP else c.result
    pad = max(4, round(min(w, h) * 0.06))
    head = round(h * 0.2)
    found: dict[tuple[str, int], pygame.Rect] = {}
    half = w / 2
    for side, left in ((ATTACK, 0.0), (DEFEND, half)):
        slots = a.side(side)
        n = len(slots)
        if not n:
            continue
        cols = n if n <= 2 else 2
        rows = (n + cols - 1) // cols
        room = pygame.Rect(round(left + pad * (1 if side == ATTACK else 0.6)), head + pad,
                           round(half - pad * 1.6), h - head - 2 * pad)
        gap = max(2, round(pad * 0.6))
        bw = min((room.w - gap * (cols - 1)) / cols, room.w * 0.6)
        bh = min((room.h - gap * (rows - 1)) / rows, bw * 0.62)
        top = room.top + (room.h - bh * rows - gap * (rows - 1)) / 2
        for i in range(n):
            row, col = divmod(i, cols)
            in_row = min(cols, n - row * cols)
            x0 = room.left + (room.w - in_row * bw - (in_row - 1) * gap) / 2
            found[(side, i)] = pygame.Rect(round(x0 + col * (bw + gap)), round(top + row * (bh + gap)), round(bw), round(bh))
    return found


def area_slots(card_id: str, area: str, w: int, h: int) -> dict[tuple[str, int], pygame.Rect]:
    """Where each slot of one area sits in area_panel(card_id, area, ..., w, h): {("attack", i):
    rect, ("defend", i): rect} in the panel's own coordinates (empty for an empty set-up)."""
    c = card_of(card_id)
    if area not in (SETUP, RESULT):
        raise ValueError(f"{area!r} is not an area (setup or result)")
    return {key: r.copy() for key, r in _panel_layout(c, area, max(40, int(w)), max(30, int(h))).items()}


@cached(maxsize=32, stand_in=("w", "h"), parts=True)
def _area_panel(cid: str, area: str, att: tuple, dfd: tuple, w: int,
                h: int) -> Generator[None, None, pygame.Surface]:
    """Drawn in parts (a generator: the memo returns the picture; scenes/art/_cache.py)."""
    c = card_of(cid)
    a = c.setup if area == SETUP else c.result
    k = scale_for(w, h)
    W, H = w * k, h * k
    R = max(2, round(min(w, h) * 0.08)) * k
    surf = canvas(W, H, T.EDGE)
    pygame.draw.rect(surf, (*T.EDGE, 255), (0, 0, W, H), border_radius=R)
    e = max(k, round(min(W, H) * 0.015))
    inner = pygame.Rect(e, e, W - 2 * e, H - 2 * e)
    grass = canvas(inner.w, inner.h, T.GRASS)
    grass.fill((*T.GRASS, 255))
    for i in range(10):
        if i % 2:
            pygame.draw.rect(grass, (*T.GRASS_DARK, 255), (inner.w * i / 10, 0, inner.w / 10 + 1, inner.h))
    head = round(H * 0.2)
    for side, rgb, x in ((ATTACK, att, 0), (DEFEND, dfd, inner.w // 2)):
        strip = vgradient(inner.w - inner.w // 2 if x else inner.w // 2, head, [(0.0, lighten(rgb, 0.1)), (1.0, darken(rgb, 0.2))])
        grass.blit(strip, (x, 0))
        kind = "set-up" if area == SETUP else "result"
        word = T.text(f"{'Attack' if side == ATTACK else 'Defence'} {kind}", head * 0.42, ink_for(rgb),
                      max_w=inner.w * 0.44, display=False, bold=True)
        grass.blit(word, word.get_rect(center=(round(x + inner.w / 4), round(head / 2))))
    lw = max(k, round(H * 0.012))
    pygame.draw.line(grass, (*T.CHALK, 255), (inner.w / 2, head), (inner.w / 2, inner.h), lw)
    pygame.draw.circle(grass, (*T.CHALK, 255), (inner.w / 2, head + (inner.h - head) / 2), (inner.h - head) * 0.3, lw)
    if a.empty:
        note = T.text("No set-up: straight on to the result", H * 0.09, T.CHALK, max_w=inner.w * 0.86, display=False, bold=True)
        shade = canvas(note.get_width() + H * 0.1, note.get_height() + H * 0.08, T.EDGE)
        pygame.draw.rect(shade, (*T.EDGE, 170), shade.get_rect(), border_radius=round(H * 0.04))
        centre = (inner.w / 2, head + (inner.h - head) / 2)
        grass.blit(shade, shade.get_rect(center=centre))
        grass.blit(note, note.get_rect(center=centre))
    apply_mask(grass, rounded_mask(inner.w, inner.h, max(1, R - e)))
    yield
    surf.blit(grass, inner.topleft)
    del grass
    yield
    bound = {(ar.side, ar.setup if area == SETUP else ar.result) for ar in c.arrows}
    for (side, i), r in _panel_layout(c, area, w, h).items():
        box = pygame.Rect(r.x * k, r.y * k, r.w * k, r.h * k)
        slot = a.side(side)[i]
        rgb = att if side == ATTACK else dfd
        rad = round(min(box.w, box.h) * 0.18)
        pygame.draw.rect(surf, (*T.EDGE, 255), box.inflate(2 * e, 2 * e), border_radius=rad + e)
        pygame.draw.rect(surf, (*mix(T.PAPER, rgb, 0.08), 235), box, border_radius=rad)
        line = T.line_rgb(slot) if slot != "?" else (120, 128, 120)
        pygame.draw.rect(surf, (*line, 255), (box.x, box.y, box.w, max(k, round(box.h * 0.12))),
                         border_top_left_radius=rad, border_top_right_radius=rad)
        icon = min(box.h * 0.42, box.w * 0.3)
        T.pawn(surf, slot, box.x + icon * 0.75, box.y + box.h * 0.22 + icon * 0.5, icon)
        badge = (side, i) in bound
        words = max(icon * 0.4, min(box.h * 0.3, T.READABLE * k))  # 11 px type where it fits
        label = T.text(T.WORDS[slot], words, darken(rgb, 0.35) if slot != "?" else T.INK,
                       max_w=box.w - icon * (2.4 if badge else 1.6), display=False, bold=True)
        surf.blit(label, label.get_rect(midleft=(round(box.x + icon * 1.4), round(box.y + box.h * 0.22 + icon * 0.5))))
        if badge:  # this slot's player plays both areas: a small arrow badge
            ac = (box.right - icon * 0.45, box.y + box.h * 0.22 + icon * 0.5)
            pygame.draw.circle(surf, (*T.EDGE, 255), ac, icon * 0.36)
            pygame.draw.circle(surf, (255, 232, 120, 255), ac, icon * 0.3)
            T.arrow(surf, (ac[0], ac[1] - icon * 0.18), (ac[0], ac[1] + icon * 0.2), icon * 0.08, T.INK, T.INK)
        yield
    apply_mask(surf, rounded_mask(W, H, R))
    yield
    return finish(down(surf, (w, h)))


def area_panel(card_id: str, area: str, att_rgb: Sequence[int], def_rgb: Sequence[int], w: int, h: int) -> pygame.Surface:
    """One area ("setup" or "result") of a tactics card drawn large and wide: the attacker's slots
    left, the defender's right, each a labelled box (area_slots says where). A slot whose player
    plays both areas along an arrow carries a small arrow badge at its right."""
    card_of(card_id)
    if area not in (SETUP, RESULT):
        raise ValueError(f"{area!r} is not an area (setup or result)")
    return _area_panel(str(card_id), area, tuple(att_rgb[:3]), tuple(def_rgb[:3]), max(40, int(w)), max(30, int(h)))
