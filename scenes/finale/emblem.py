"""Finale's emblem on its menu tile (the game is coming): a pitch seen from above and a ball.

The menu finds it by name (scenes/tiles.py: scenes.<game>.emblem, function `draw`)."""
from __future__ import annotations

import math

import pygame

from scenes.art.draw import canvas, down

def _ball(d: int) -> pygame.Surface:
    """A leather football: white panels, black pentagons, a soft shade and a shine."""
    k = 4
    D = d * k
    art = canvas(D, D, (40, 40, 40))
    c, r = D / 2, D / 2 - k
    pygame.draw.circle(art, (246, 246, 242, 255), (c, c), r)
    pent = lambda x, y, s: [(x + s * math.cos(math.radians(-90 + 72 * i)),
                             y + s * math.sin(math.radians(-90 + 72 * i))) for i in range(5)]
    pygame.draw.polygon(art, (28, 28, 32, 255), pent(c, c, r * 0.32))
    for i in range(5):
        a = math.radians(-90 + 72 * i + 36)
        x, y = c + r * 0.82 * math.cos(a), c + r * 0.82 * math.sin(a)
        pygame.draw.polygon(art, (28, 28, 32, 255), pent(x, y, r * 0.28))
        inner = (c + r * 0.32 * math.cos(a), c + r * 0.32 * math.sin(a))
        pygame.draw.line(art, (60, 60, 64, 255), inner, (c + r * 0.6 * math.cos(a), c + r * 0.6 * math.sin(a)),
                         max(1, k))
    shade = canvas(D, D)
    pygame.draw.circle(shade, (0, 0, 0, 70), (c + r * 0.28, c + r * 0.3), r * 0.95)
    hole = canvas(D, D)
    pygame.draw.circle(hole, (255, 255, 255, 255), (c - r * 0.12, c - r * 0.14), r * 0.9)
    shade.blit(hole, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    art.blit(shade, (0, 0))
    ring = canvas(D, D)
    pygame.draw.circle(ring, (255, 255, 255, 255), (c, c), r)
    art.blit(ring, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.circle(art, (30, 30, 34, 255), (c, c), r, max(1, k))
    return down(art, (d, d))


def draw(surf: pygame.Surface, area: pygame.Rect) -> None:
    """A striped football pitch seen from above, its lines and goals, and a ball in front."""
    k = 2
    pw, ph = int(area.width * 0.7), int(area.height * 0.68)
    W, H = pw * k, ph * k
    pitch = canvas(W, H, (40, 110, 50))
    stripes = 10
    for i in range(stripes):
        shade = (62, 140, 66) if i % 2 == 0 else (52, 124, 58)
        pygame.draw.rect(pitch, (*shade, 255), (i * W / stripes, 0, W / stripes + 1, H))
    line = (240, 244, 236, 255)
    lw = max(2, int(W * 0.008))
    m = int(W * 0.05)
    field = pygame.Rect(m, m, W - 2 * m, H - 2 * m)
    pygame.draw.rect(pitch, line, field, lw)
    pygame.draw.line(pitch, line, (field.centerx, field.top), (field.centerx, field.bottom), lw)
    pygame.draw.circle(pitch, line, field.center, field.height * 0.2, lw)
    pygame.draw.circle(pitch, line, field.center, lw * 1.2)
    box_w, box_h = field.width * 0.14, field.height * 0.5
    small_w, small_h = field.width * 0.05, field.height * 0.24
    for side in (0, 1):
        x = field.left if side == 0 else field.right - box_w
        pygame.draw.rect(pitch, line, (x, field.centery - box_h / 2, box_w, box_h), lw)
        x = field.left if side == 0 else field.right - small_w
        pygame.draw.rect(pitch, line, (x, field.centery - small_h / 2, small_w, small_h), lw)
        spot = field.left + field.width * 0.1 if side == 0 else field.right - field.width * 0.1
        pygame.draw.circle(pitch, line, (spot, field.centery), lw * 1.1)
        gx = field.left - m * 0.8 if side == 0 else field.right
        goal = pygame.Rect(gx, field.centery - field.height * 0.09, m * 0.8, field.height * 0.18)
        pygame.draw.rect(pitch, (230, 232, 228, 255), goal, lw)
        for j in range(1, 4):
            y = goal.top + goal.height * j / 4
            pygame.draw.line(pitch, (200, 204, 200, 255), (goal.left, y), (goal.right, y), max(1, lw // 2))
    clip = canvas(W, H)
    pygame.draw.rect(clip, (255, 255, 255, 255), (0, 0, W, H), border_radius=int(W * 0.04))
    pitch.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    image = down(pitch, (pw, ph))
    shadow = pygame.Surface((pw, ph), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=int(pw * 0.04))
    at = image.get_rect(center=(area.centerx - int(area.width * 0.05), area.centery + int(area.height * 0.04)))
    surf.blit(shadow, at.move(int(pw * 0.015), int(ph * 0.03)))
    surf.blit(image, at)
    d = int(area.height * 0.34)
    ball = _ball(d)
    ball_at = (at.right - int(pw * 0.1), at.bottom - int(d * 0.25))
    glow = pygame.Surface((d, d // 3), pygame.SRCALPHA)
    pygame.draw.ellipse(glow, (0, 0, 0, 80), glow.get_rect())
    surf.blit(glow, glow.get_rect(center=(ball_at[0] + d * 0.08, ball_at[1] + d * 0.45)))
    surf.blit(ball, ball.get_rect(center=ball_at))
