"""Small UI pieces shared by the menus and tables: buttons, fields, toasts, messages."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence

import pygame

from scenes.art import fonts
from scenes.art import tokens as art

INK = (245, 240, 228)
DIM = (190, 184, 170)
WARN = (255, 196, 120)
BAD = (255, 150, 140)
GOLD = (240, 200, 110)


def text(surface: pygame.Surface, words: str, size: int, pos: tuple[int, int],
         colour: Sequence[int] = INK, bold: bool = False, anchor: str = "topleft",
         display: bool = False, max_width: Optional[int] = None) -> pygame.Rect:
    """Draw one line of text; returns its rectangle."""
    if max_width:
        image = fonts.fit_text(words, max_width, size, colour, bold=bold, display=display)
    else:
        image = fonts.render_text(words, size, colour, bold=bold, display=display)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def paragraph(surface: pygame.Surface, words: str, size: int, rect: pygame.Rect,
              colour: Sequence[int] = INK, bold: bool = False) -> int:
    """Wrapped text inside rect; returns the height used."""
    image = fonts.wrap_text(words, rect.width, size, colour, bold=bold)
    surface.blit(image, rect.topleft, area=pygame.Rect(0, 0, rect.width, rect.height))
    return image.get_height()


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 215) -> None:
    surface.blit(art.panel(rect.width, rect.height, alpha), rect.topleft)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((8, 12, 10, alpha))
    surface.blit(shade, (0, 0))


@dataclass
class Button:
    """A clickable button with an optional key; `action` runs on click or key."""

    label: str
    action: Callable[[], Any]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 160, 44))
    key: Optional[int] = None
    enabled: bool = True
    primary: bool = False
    tip: str = ""
    hover: bool = False
    pressed: bool = False

    def draw(self, surface: pygame.Surface) -> None:
        state = "disabled" if not self.enabled else "pressed" if self.pressed else \
            "hover" if self.hover else "normal"
        surface.blit(art.button(self.rect.width, self.rect.height, self.label, state,
                                self.primary), self.rect.topleft)


class ButtonRow:
    """A group of buttons that handles hover, click and keys for them."""

    def __init__(self, buttons: Optional[list[Button]] = None) -> None:
        self.buttons: list[Button] = buttons or []

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            changed = False
            for b in self.buttons:
                inside = b.rect.collidepoint(event.pos)
                changed |= inside != b.hover
                b.hover = inside
            return changed
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.enabled and b.rect.collidepoint(event.pos):
                    b.pressed = True
                    return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = None
            for b in self.buttons:
                if b.pressed and b.rect.collidepoint(event.pos) and b.enabled:
                    hit = b
                b.pressed = False
            if hit:
                hit.action()
                return True
        if event.type == pygame.KEYDOWN:
            for b in self.buttons:
                if b.enabled and b.key is not None and event.key == b.key:
                    b.action()
                    return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface)

    def tip_at(self, pos: tuple[int, int]) -> str:
        for b in self.buttons:
            if b.rect.collidepoint(pos) and b.tip:
                return b.tip
        return ""


def stack_buttons(buttons: list[Button], x: int, y: int, width: int, height: int,
                  gap: int = 12, horizontal: bool = False) -> pygame.Rect:
    """Place buttons in a column (or row) from (x, y); returns the covered area."""
    area = pygame.Rect(x, y, 0, 0)
    for i, b in enumerate(buttons):
        if horizontal:
            b.rect = pygame.Rect(x + i * (width + gap), y, width, height)
        else:
            b.rect = pygame.Rect(x, y + i * (height + gap), width, height)
        area.union_ip(b.rect)
    return area


class TextField:
    """A one-line text box: click or Tab to focus, type, Enter to finish."""

    def __init__(self, value: str, max_len: int = 24, digits: bool = False) -> None:
        self.value = value
        self.max_len = max_len
        self.digits = digits
        self.focused = False
        self.rect = pygame.Rect(0, 0, 200, 40)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            was = self.focused
            self.focused = self.rect.collidepoint(event.pos)
            if self.focused:
                pygame.key.start_text_input()
            return self.focused or was
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            for ch in event.text:
                if len(self.value) < self.max_len and (ch.isdigit() or not self.digits) \
                        and ch.isprintable():
                    self.value += ch
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self.focused = False
                return event.key != pygame.K_ESCAPE
            return True  # typing keys never leak to shortcuts
        return False

    def draw(self, surface: pygame.Surface, size: int) -> None:
        pygame.draw.rect(surface, (18, 30, 24), self.rect, border_radius=8)
        pygame.draw.rect(surface, GOLD if self.focused else (110, 120, 110), self.rect, 2,
                         border_radius=8)
        shown = self.value + ("|" if self.focused else "")
        text(surface, shown, size, (self.rect.x + 10, self.rect.centery), anchor="midleft",
             max_width=self.rect.width - 16)


def draw_toasts(surface: pygame.Surface, items: list[tuple[str, str]]) -> None:
    """Messages stacked above the bottom edge."""
    if not items:
        return
    w, h = surface.get_size()
    size = max(14, min(22, h // 36))
    y = h - size * 3
    for words, kind in reversed(items):
        colour = {"warn": WARN, "bad": BAD}.get(kind, INK)
        image = fonts.fit_text(words, int(w * 0.8), size, colour, bold=kind != "info")
        box = image.get_rect(midbottom=(w // 2, y)).inflate(size * 1.6, size * 0.9)
        panel(surface, box, 225)
        surface.blit(image, image.get_rect(center=box.center))
        y = box.top - 6


def draw_too_small(surface: pygame.Surface) -> None:
    surface.fill((20, 40, 30))
    w, h = surface.get_size()
    size = max(8, min(18, w // 24))
    text(surface, "Window too small", size, (w // 2, h // 2 - size), bold=True, anchor="center")
    text(surface, "Make it larger to play", max(7, size - 4), (w // 2, h // 2 + size),
         colour=DIM, anchor="center")


def draw_crash(surface: pygame.Surface, message: str) -> None:
    surface.fill((40, 20, 20))
    w, h = surface.get_size()
    y = h // 3
    for line in message.splitlines():
        text(surface, line, 20, (w // 2, y), anchor="center", max_width=w - 40)
        y += 34
    text(surface, "Press any key to close.", 16, (w // 2, y + 20), colour=DIM, anchor="center")


def ui_size(surface_size: tuple[int, int]) -> int:
    """The base text size for a window: readable from 1024x640 to 2560x1440."""
    w, h = surface_size
    return max(14, min(30, int(min(w / 56, h / 34))))
