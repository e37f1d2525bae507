"""Pieces on the table as sprites that glide, flip and lift; time is given, never read."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Optional

import pygame

# sprite layers, bottom to top
TABLE, ZONES, CARDS, TOKENS, DRAGGED, OVERLAY = range(6)

ImageFn = Callable[[str, bool, tuple[int, int], float], pygame.Surface]


def ease(t: float) -> float:
    """Ease-out cubic: fast start, gentle landing."""
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


@dataclass
class Tween:
    start: tuple[float, float]
    end: tuple[float, float]
    delay: float
    duration: float
    elapsed: float = 0.0

    def at(self) -> tuple[float, float]:
        if self.duration <= 0:
            return self.end
        t = ease((self.elapsed - self.delay) / self.duration) if self.elapsed > self.delay else 0.0
        return (self.start[0] + (self.end[0] - self.start[0]) * t,
                self.start[1] + (self.end[1] - self.start[1]) * t)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration


class PieceSprite(pygame.sprite.Sprite):
    """A card, counter or token. `key` is its piece id (or '?zone:index' for hidden ones)."""

    image: pygame.Surface  # always a picture and its place (set in __init__, never None)
    rect: pygame.Rect

    def __init__(self, key: str, piece: str, zone: str, index: int, face_up: bool,
                 pos: tuple[float, float], size: tuple[int, int], image_fn: ImageFn) -> None:
        super().__init__()
        self.key = key
        self.piece = piece
        self.zone = zone
        self.index = index
        self.face_up = face_up
        self.shown_up = face_up  # what the picture shows (lags behind during a flip)
        self.pos = pos
        self.size = size
        self.angle = 0.0
        self.image_fn = image_fn
        self.tween: Optional[Tween] = None
        self.flip_t = 1.0  # 1 = no flip in progress
        self.flip_delay = 0.0
        self.flip_duration = 0.0
        self.lifted = False
        self.remove_when_done = False
        self.highlight: Optional[tuple[int, int, int]] = None
        self.layer = CARDS
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = self.image.get_rect()
        self.refresh()

    # -- motion ---------------------------------------------------------------------------

    def glide(self, end: tuple[float, float], delay: float, duration: float) -> None:
        if duration <= 0 and delay <= 0:
            self.pos, self.tween = end, None
        elif math.dist(self.pos, end) > 0.5 or delay > 0:
            self.tween = Tween(self.pos, end, delay, max(0.001, duration))

    def flip_to(self, face_up: bool, delay: float, duration: float) -> None:
        if face_up == self.face_up:
            return
        self.face_up = face_up
        if duration <= 0:
            self.shown_up = face_up
            self.flip_t = 1.0
            return
        self.flip_t = 0.0
        self.flip_delay = delay
        self.flip_duration = duration

    @property
    def moving(self) -> bool:
        return self.tween is not None or self.flip_t < 1.0

    def finish(self) -> None:
        """Jump to the end of every animation (a click skips them)."""
        if self.tween:
            self.pos = self.tween.end
            self.tween = None
        self.flip_t = 1.0
        self.shown_up = self.face_up

    def advance(self, dt: float) -> None:
        if self.tween:
            self.tween.elapsed += dt
            self.pos = self.tween.at()
            if self.tween.done:
                self.pos, self.tween = self.tween.end, None
        if self.flip_t < 1.0:
            if self.flip_delay > 0:
                self.flip_delay -= dt
            else:
                self.flip_t = min(1.0, self.flip_t + dt / self.flip_duration)
                if self.flip_t >= 0.5:
                    self.shown_up = self.face_up

    # -- picture --------------------------------------------------------------------------

    def refresh(self) -> None:
        """Rebuild image and rect from position, size, flip and angle."""
        w, h = self.size
        if self.lifted:
            w, h = int(w * 1.06), int(h * 1.06)
        base = self.image_fn(self.piece, self.shown_up, (w, h), self.angle)
        if self.flip_t < 1.0:
            squeeze = abs(math.cos(self.flip_t * math.pi))
            fw = max(1, int(base.get_width() * squeeze))
            base = pygame.transform.smoothscale(base, (fw, base.get_height()))
        self.image = base
        self.rect = base.get_rect(center=(int(self.pos[0]), int(self.pos[1])))

    def shown_size(self) -> tuple[float, float]:
        """The card's own width and height as drawn now (a lifted card is a little larger)."""
        w, h = self.size
        return (w * 1.06, h * 1.06) if self.lifted else (float(w), float(h))

    def contains(self, pos: tuple[int, int]) -> bool:
        """Is `pos` on the card itself: inside its tilted outline, not merely inside the
        upright box around it (a tilted card's corners of empty box lie over its neighbours,
        whose visible parts a click there means)."""
        if not self.rect.collidepoint(pos):
            return False
        w, h = self.shown_size()
        dx = pos[0] + 0.5 - self.rect.centerx
        dy = pos[1] + 0.5 - self.rect.centery
        if self.angle:
            # into the card's own frame: pygame turns pictures anticlockwise on screen
            a = math.radians(self.angle)
            dx, dy = dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a)
        return abs(dx) <= w / 2 and abs(dy) <= h / 2

    def corners(self, grow: float = 0.0) -> list[tuple[float, float]]:
        """The card's outline on screen (its four corners, turned with the card), `grow`
        pixels outside its edges."""
        w, h = self.shown_size()
        hw, hh = w / 2 + grow, h / 2 + grow
        a = math.radians(self.angle)
        c, s = math.cos(a), math.sin(a)
        cx, cy = self.rect.center
        return [(cx + u * c + v * s, cy - u * s + v * c)
                for u, v in ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh))]


class FlyingToken(pygame.sprite.Sprite):
    """A token that flies from one point to another and then disappears (sweets, coffee)."""

    image: pygame.Surface  # always a picture and its place (set in __init__, never None)
    rect: pygame.Rect

    def __init__(self, image: pygame.Surface, start: tuple[float, float], end: tuple[float, float],
                 delay: float, duration: float) -> None:
        super().__init__()
        self.base = image
        self.tween = Tween(start, end, delay, max(0.001, duration))
        self.image = image
        self.rect = image.get_rect(center=(int(start[0]), int(start[1])))
        self.layer = TOKENS
        self.visible_now = delay <= 0

    def advance(self, dt: float) -> bool:
        """Move on; False when it has landed."""
        self.tween.elapsed += dt
        self.visible_now = self.tween.elapsed >= self.tween.delay
        x, y = self.tween.at()
        t = ease((self.tween.elapsed - self.tween.delay) / self.tween.duration)
        arc = math.sin(max(0.0, min(1.0, t)) * math.pi) * 30
        self.rect = self.image.get_rect(center=(int(x), int(y - arc)))
        return not self.tween.done
