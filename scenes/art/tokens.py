"""Things every table shares: shape emblems, buttons and panels, and the seat colours (each
game's own pieces, such as sweets, counters, a d20 or the flag, are in scenes/<game>/tokens.py).

Every function returns a cached Surface with per-pixel alpha, exactly the asked size,
drawn supersampled so it stays crisp at any size. The drawings include their own soft
contact shadow, so a token dropped on the felt looks like it rests there.
"""
from __future__ import annotations

import zlib
from typing import Sequence

import pygame

from ._cache import cached
from .diskcache import startup_picture
from .draw import (apply_mask, blur, canvas, darken, down, finish, lighten, polygon_points,
                   rounded_mask, scale_for, vgradient)
from .fonts import fit_text

SHAPES = ("circle", "triangle", "square", "diamond", "star", "hexagon")

# Six seat colours after Okabe & Ito's colour-blind-safe palette (their green dropped: it
# vanishes on the felt), each paired with a shape so that no one has to rely on hue alone.
SEAT_COLOURS: list[tuple[int, int, int]] = [
    (222, 84, 44),    # vermilion
    (86, 170, 232),   # sky blue
    (240, 206, 64),   # yellow
    (200, 110, 170),  # reddish purple
    (24, 94, 178),    # deep blue
    (238, 236, 228),  # pearl white
]
SEAT_SHAPES: list[str] = ["circle", "triangle", "square", "diamond", "star", "hexagon"]
SEAT_NAMES: list[str] = ["red", "sky", "yellow", "purple", "blue", "white"]


def _contact_shadow(surf: pygame.Surface, rect: tuple[float, float, float, float], alpha: int, soft: float) -> None:
    """A blurred ellipse under an object, drawn into surf."""
    sh = canvas(*surf.get_size())
    pygame.draw.ellipse(sh, (0, 0, 0, alpha), rect)
    surf.blit(blur(sh, max(1, round(soft))), (0, 0))


# ---------------------------------------------------------------- sweets


# ---------------------------------------------------------------- coffee


# ---------------------------------------------------------------- shapes and counters

@cached(maxsize=256)
def shape_icon(shape: str, d: int, colour: Sequence[int] = (250, 247, 240), outline: bool = True) -> pygame.Surface:
    """A filled emblem (circle, triangle, square, diamond, star, hexagon) with a dark edge."""
    d = max(4, int(d))
    k = scale_for(d, d) * 2
    D = d * k
    surf = canvas(D, D, colour)
    r = D * 0.46
    edge = max(1, round(D * 0.07)) if outline else 0
    if shape == "circle" or shape not in SHAPES:
        if edge:
            pygame.draw.circle(surf, (*darken(colour, 0.55), 255), (D / 2, D / 2), r)
        pygame.draw.circle(surf, (*colour[:3], 255), (D / 2, D / 2), r - edge)
    else:
        rr = r if shape != "square" else r * 1.0
        if edge:
            pts = polygon_points(shape, D / 2, D / 2, rr)
            pygame.draw.polygon(surf, (*darken(colour, 0.55), 255), pts)
        inset = edge * (2.2 if shape in ("triangle", "star") else 1.45)
        pygame.draw.polygon(surf, (*colour[:3], 255), polygon_points(shape, D / 2, D / 2, rr - inset))
    return finish(down(surf, (d, d)))


def _round_joins(surf, colour, pts, r) -> None:
    for p in pts:
        pygame.draw.circle(surf, (*colour[:3], 255), p, r)


# ---------------------------------------------------------------- d20


# ---------------------------------------------------------------- flag


# ---------------------------------------------------------------- buttons and panels

_BUTTON = {
    # state: (top, bottom, border, text)
    "normal": ((250, 244, 230), (226, 214, 190), (120, 92, 64), (52, 38, 26)),
    "primary": ((255, 204, 96), (236, 146, 46), (150, 78, 22), (58, 28, 8)),
    "disabled": ((140, 140, 136), (118, 118, 114), (90, 90, 88), (200, 200, 196)),
}


@cached(maxsize=256, stand_in=("w", "h"))
def button(w: int, h: int, text: str, state: str = "normal", primary: bool = False) -> pygame.Surface:
    """A rounded, slightly raised button; state is normal, hover, pressed or disabled.

    The surface is exactly w x h in every state (pressed sinks the face into its lip), so a
    button never moves its hit box. The first frame's buttons come from the disk cache.
    """
    w, h = max(8, int(w)), max(8, int(h))
    key = f"button-{w}x{h}-{state}-{int(bool(primary))}-{zlib.crc32(text.encode()):08x}"
    return startup_picture(key, lambda: _draw_button(w, h, text, state, primary), _BUTTON_MODULES, keep=64)


_BUTTON_MODULES = ("scenes.art.tokens", "scenes.art.draw", "scenes.art.fonts")


def _draw_button(w: int, h: int, text: str, state: str, primary: bool) -> pygame.Surface:
    k = scale_for(w, h)
    W, H = w * k, h * k
    key = "disabled" if state == "disabled" else "primary" if primary else "normal"
    top, bottom, border, ink = _BUTTON[key]
    if state == "hover":
        top, bottom = lighten(top, 0.35), lighten(bottom, 0.18)
    elif state == "pressed":
        top, bottom = darken(top, 0.10), darken(bottom, 0.06)
    lip = max(k, round(h * 0.08) * k)
    r = min(H // 2, round(min(w, h) * 0.28) * k)
    surf = canvas(W, H, border)
    face_h = H - lip
    dy = lip if state == "pressed" else 0
    pygame.draw.rect(surf, (*darken(border, 0.2), 255), (0, lip, W, face_h), border_radius=r)
    bw = max(k, round(k * max(1.0, h * 0.03)))
    pygame.draw.rect(surf, (*border, 255), (0, dy, W, face_h), border_radius=r)
    face = vgradient(W - 2 * bw, face_h - 2 * bw, [(0.0, top), (1.0, bottom)])
    apply_mask(face, rounded_mask(W - 2 * bw, face_h - 2 * bw, max(0, r - bw)))
    surf.blit(face, (bw, dy + bw))
    # a glossy line along the top inside edge
    gloss = canvas(W, H, (255, 255, 255))
    pygame.draw.rect(gloss, (255, 255, 255, 110 if state != "disabled" else 40),
                     (bw * 2, dy + bw * 1.5, W - bw * 4, max(k, face_h * 0.42)), border_radius=max(0, r - bw * 2))
    g2 = canvas(W, H)
    pygame.draw.rect(g2, (255, 255, 255, 255), (bw * 2, dy + bw * 1.5 + max(k, face_h * 0.42) * 0.35, W, H))
    gloss.blit(g2, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    surf.blit(gloss, (0, 0))
    out = down(surf, (w, h))
    if text:
        size = max(8, round((h - lip / k) * 0.46))
        img = fit_text(text, w - 2 * max(6, round(h * 0.35)), size, ink, bold=True)
        rect = img.get_rect(center=(w // 2, round((dy / k) + (face_h / k) / 2)))
        if state != "disabled":
            glow = fit_text(text, w - 2 * max(6, round(h * 0.35)), size, lighten(top, 0.6), bold=True).copy()
            glow.set_alpha(120)
            out.blit(glow, rect.move(0, 1))
        out.blit(img, rect)
    if state == "disabled":
        out.fill((255, 255, 255, 175), special_flags=pygame.BLEND_RGBA_MULT)
    return finish(out)


@cached(maxsize=64, stand_in=("w", "h"))
def panel(w: int, h: int, alpha: int = 200, radius: int | None = None) -> pygame.Surface:
    """A dark translucent rounded panel for menus, dialogs and score sheets."""
    w, h = max(4, int(w)), max(4, int(h))
    alpha = max(0, min(255, int(alpha)))
    r = round(min(w, h) * 0.06) if radius is None else int(radius)
    r = max(2, min(r, 22))
    k = 2 if max(w, h) < 1200 else 1
    edge = r + 4  # the corners and the frame's side lines lie within this of each side
    if w <= 2 * edge + 8:
        return finish(_panel(w, h, alpha, r, k))
    # every column between the sides is the same: a wide panel is drawn narrow and its middle
    # column repeated (pixel for pixel what the whole width gives; a dialog of 1190 px took
    # 90 ms at twice the size)
    narrow = _panel(2 * edge + 1, h, alpha, r, k)
    out = canvas(w, h)
    copy = pygame.BLEND_RGBA_MAX  # onto (0, 0, 0, 0): the pixels themselves, not blended
    out.blit(narrow, (0, 0), (0, 0, edge, h), special_flags=copy)
    middle = pygame.transform.scale(narrow.subsurface((edge, 0, 1, h)), (w - 2 * edge, h))
    out.blit(middle, (edge, 0), special_flags=copy)
    out.blit(narrow, (w - edge, 0), (edge + 1, 0, edge, h), special_flags=copy)
    return finish(out)


def _panel(w: int, h: int, alpha: int, r: int, k: int) -> pygame.Surface:
    W, H = w * k, h * k
    surf = canvas(W, H, (20, 24, 28))
    body = vgradient(W, H, [(0.0, (34, 40, 44)), (1.0, (16, 19, 22))], alpha)
    apply_mask(body, rounded_mask(W, H, r * k))
    surf.blit(body, (0, 0))
    pygame.draw.rect(surf, (255, 244, 220, min(255, alpha // 3)), (0, 0, W, H), max(1, k), border_radius=r * k)
    pygame.draw.rect(surf, (255, 255, 255, min(255, alpha // 8)), (k * 2, k * 2, W - k * 4, H - k * 4), max(1, k),
                     border_radius=max(0, (r - 2) * k))
    return down(surf, (w, h))


def seat_colour(seat: int) -> tuple[int, int, int]:
    """The colour of seat number `seat` (0-based; wraps around)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_shape(seat: int) -> str:
    """The emblem shape of seat number `seat` (0-based; wraps around)."""
    return SEAT_SHAPES[seat % len(SEAT_SHAPES)]
