"""Things on the Finito! table that move with time: the rolling d20 and the turn banner.

Both are plain objects advanced by `advance(dt)` and drawn from their own state, so the
table's draw stays free of side effects and tests can drive them with any dt.
"""
from __future__ import annotations

import math
import random
from typing import Sequence

import pygame

from scenes import widgets as ui
from scenes.art import fonts
from scenes.finito import tokens

DIE_TINT = (58, 60, 78)  # onyx: no seat's colour, so the die belongs to everyone
TUMBLE = 0.8  # seconds of tumbling faces at normal speed
SHOW = 0.6  # the value, big, in the middle of the table
SETTLE = 0.35  # then it goes to its tray


def ease(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


class DieRoll:
    """The d20's roll: tumbling faces, then the value big in the middle, then to the tray."""

    def __init__(self) -> None:
        self.value = 0
        self.elapsed = 0.0
        self.delay = 0.0
        self.tumble = self.show = self.settle = 0.0
        self.faces: list[int] = []
        self.count = 0

    def start(self, value: int, delay: float, speed: float, faces: Sequence[int]) -> None:
        """A new roll showing `value`, beginning after `delay` seconds; speed scales it. The
        tumble shows random faces of the die (`faces`, from the view), never one twice running."""
        self.count += 1
        self.value = int(value)
        self.elapsed = 0.0
        self.delay = max(0.0, delay)
        self.tumble, self.show, self.settle = TUMBLE * speed, SHOW * speed, SETTLE * speed
        rng = random.Random(self.count * 7919 + self.value)
        shown: list[int] = []
        for _ in range(24):
            face = rng.choice(faces)
            while shown and face == shown[-1] and len(set(faces)) > 1:
                face = rng.choice(faces)
            shown.append(face)
        self.faces = shown
        if self.total() <= 0:
            self.elapsed = self.delay

    def total(self) -> float:
        return self.tumble + self.show + self.settle

    @property
    def busy(self) -> bool:
        return self.elapsed < self.delay + self.total()

    def remaining(self) -> float:
        return max(0.0, self.delay + self.total() - self.elapsed)

    def advance(self, dt: float) -> None:
        if self.busy:
            self.elapsed += dt

    def finish(self) -> None:
        self.elapsed = self.delay + self.total()

    def landed(self) -> bool:
        """True once the die shows its value (from the end of the tumbling on)."""
        return self.elapsed >= self.delay + self.tumble

    def draw(self, surface: pygame.Surface, centre: tuple[int, int], tray: pygame.Rect,
             big: int) -> bool:
        """Draw the roll in progress; False when there is nothing to draw (the tray shows it)."""
        if not self.busy or self.elapsed < self.delay:
            return False
        t = self.elapsed - self.delay
        small = tray.width
        if t < self.tumble:
            u = t / max(1e-6, self.tumble)
            # from the tray, bouncing across to the middle, spinning and slowing down
            start = (tray.centerx, tray.centery)
            x = start[0] + (centre[0] - start[0]) * ease(u)
            hop = abs(math.sin(u * math.pi * 3)) * (1 - u) * big * 0.9
            y = start[1] + (centre[1] - start[1]) * ease(u) - hop
            size = round(small + (big - small) * ease(u))
            face = self.faces[min(len(self.faces) - 1, int(u * len(self.faces) * (1 - 0.45 * u)))]
            angle = (1 - ease(u)) * 720 * (1 if self.count % 2 else -1)
            image = pygame.transform.rotate(tokens.die_d20(size, face, DIE_TINT), angle)
            surface.blit(image, image.get_rect(center=(round(x), round(y))))
            return True
        if t < self.tumble + self.show:
            u = (t - self.tumble) / max(1e-6, self.show)
            pop = 1 + 0.12 * math.sin(min(1.0, u * 3) * math.pi)
            size = round(big * pop)
            halo = pygame.Surface((size * 2, size * 2), pygame.SRCALPHA)
            for i in range(8, 0, -1):
                pygame.draw.circle(halo, (255, 220, 120, 14), (size, size), size * (0.55 + i * 0.06))
            surface.blit(halo, halo.get_rect(center=centre))
            image = tokens.die_d20(size, self.value, DIE_TINT)
            surface.blit(image, image.get_rect(center=centre))
            words = fonts.render_text(f"The die shows {self.value}", max(14, big // 6), ui.GOLD, bold=True)
            spot = words.get_rect(midtop=(centre[0], centre[1] + size // 2 + 6))
            ui.panel(surface, spot.inflate(spot.height, spot.height // 3), 200)
            surface.blit(words, spot)
            return True
        u = (t - self.tumble - self.show) / max(1e-6, self.settle)
        x = centre[0] + (tray.centerx - centre[0]) * ease(u)
        y = centre[1] + (tray.centery - centre[1]) * ease(u)
        size = round(big + (small - big) * ease(u))
        image = tokens.die_d20(size, self.value, DIE_TINT)
        surface.blit(image, image.get_rect(center=(round(x), round(y))))
        return True


class Banner:
    """'Anna, your turn': a ribbon across the table for a moment, after the die has landed."""

    DURATION = 1.6

    def __init__(self) -> None:
        self.text = ""
        self.colour: tuple[int, int, int] = (240, 200, 110)
        self.shape = "circle"
        self.age = self.DURATION

    def show(self, text: str, colour: tuple[int, int, int], shape: str) -> None:
        self.text, self.colour, self.shape = text, colour, shape
        self.age = 0.0

    @property
    def active(self) -> bool:
        return self.age < self.DURATION

    def advance(self, dt: float) -> None:
        if self.active:
            self.age += dt

    def alpha(self) -> int:
        a = self.age
        if a < 0.15:
            return int(255 * a / 0.15)
        if a > self.DURATION - 0.35:
            return int(255 * max(0.0, (self.DURATION - a) / 0.35))
        return 255

    def draw(self, surface: pygame.Surface, centre: tuple[int, int], base: int) -> None:
        if not self.active or not self.text:
            return
        w = surface.get_width()
        size = int(base * 2.0)
        words = fonts.render_text(self.text, size, ui.INK, display=True)
        badge = tokens.counter(int(size * 1.5), self.colour, None, self.shape, True)
        height = int(size * 2.2)
        width = min(w, words.get_width() + badge.get_width() + base * 6)
        ribbon = pygame.Surface((width, height), pygame.SRCALPHA)
        slide = (1 - ease(min(1.0, self.age / 0.2))) * base * 2
        body = pygame.Rect(0, 0, width, height)
        pygame.draw.rect(ribbon, (22, 28, 26, 225), body, border_radius=height // 4)
        pygame.draw.rect(ribbon, (*self.colour, 255), body, max(2, base // 6), border_radius=height // 4)
        pygame.draw.line(ribbon, (*self.colour, 160), (height // 3, height - base // 3),
                         (width - height // 3, height - base // 3), 2)
        x = (width - words.get_width() - badge.get_width() - base) // 2
        ribbon.blit(badge, badge.get_rect(midleft=(x, height // 2)))
        ribbon.blit(words, words.get_rect(midleft=(x + badge.get_width() + base, height // 2)))
        ribbon.set_alpha(self.alpha())
        surface.blit(ribbon, ribbon.get_rect(center=(centre[0], round(centre[1] - slide))))
