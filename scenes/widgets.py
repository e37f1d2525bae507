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


def text(surface: pygame.Surface, words: str, size: int, pos: tuple[float, float],
         colour: Sequence[int] = INK, bold: bool = False, anchor: str = "topleft",
         display: bool = False, max_width: Optional[int] = None,
         min_size: int = 8) -> pygame.Rect:
    """Draw one line of text (shrunk to `max_width`, not below `min_size`, then cut with an
    ellipsis); returns its rectangle."""
    if max_width:
        image = fonts.fit_text(words, max_width, size, colour, bold=bold, display=display,
                               min_size=min_size)
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
    focused: bool = False  # the keyboard's focus (Tab): drawn as a ring, Enter uses it

    def draw(self, surface: pygame.Surface) -> None:
        state = "disabled" if not self.enabled else "pressed" if self.pressed else \
            "hover" if self.hover or self.focused else "normal"
        surface.blit(art.button(self.rect.width, self.rect.height, self.label, state,
                                self.primary), self.rect.topleft)
        if self.focused:
            focus_ring(surface, self.rect)


FOCUS = (255, 226, 140)


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int = 10) -> None:
    """The keyboard focus: a bright outline around a control, with a dark edge so that it
    shows on light buttons and dark panels alike."""
    width = max(3, min(5, rect.height // 12))
    outer = rect.inflate(4 + 2 * width, 4 + 2 * width)
    pygame.draw.rect(surface, (20, 24, 20), outer.inflate(2, 2), 1, border_radius=radius + width + 3)
    pygame.draw.rect(surface, FOCUS, outer, width, border_radius=radius + width + 2)


class ButtonRow:
    """A group of buttons that handles hover, click and keys for them."""

    def __init__(self, buttons: Optional[list[Button]] = None) -> None:
        self.buttons: list[Button] = buttons or []

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.WINDOWLEAVE:  # the pointer left the window: nothing is hovered
            changed = any(b.hover for b in self.buttons)
            for b in self.buttons:
                b.hover = False
            return changed
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
        found = self.tipped_at(pos)
        return found.tip if found is not None else ""

    def tipped_at(self, pos: tuple[int, int]) -> Optional["Button"]:
        """The button with a tip under `pos` (its tip stands beside it), or None."""
        for b in self.buttons:
            if b.rect.collidepoint(pos) and b.tip:
                return b
        return None


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
    """A one-line text box: click or Tab to focus, type, Enter to finish.

    Ctrl+A selects the whole text (so does focusing by keyboard, `focus()`); typing then
    replaces it. A click outside the box ends the editing but is not swallowed: the button
    under it still gets the click.
    """

    def __init__(self, value: str, max_len: int = 24, digits: bool = False) -> None:
        self.value = value
        self.max_len = max_len
        self.digits = digits
        self.focused = False
        self.all_selected = False
        self.rect = pygame.Rect(0, 0, 200, 40)

    def focus(self, select_all: bool = True) -> None:
        """Start editing (from the keyboard: the text is selected, typing replaces it)."""
        if not self.focused:
            pygame.key.start_text_input()
        self.focused = True
        self.all_selected = select_all and bool(self.value)

    def blur(self) -> None:
        """Stop editing."""
        self.focused = False
        self.all_selected = False

    def _replace_selection(self) -> None:
        if self.all_selected:
            self.value = ""
            self.all_selected = False

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.focus(select_all=False)
                return True
            self.blur()
            return False  # the click goes on to whatever is under it
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            typed = [ch for ch in event.text if (ch.isdigit() or not self.digits) and ch.isprintable()]
            if typed:
                self._replace_selection()
            for ch in typed:
                if len(self.value) < self.max_len:
                    self.value += ch
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_a and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.all_selected = bool(self.value)
                return True
            if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
                if self.all_selected:
                    self._replace_selection()
                elif event.key == pygame.K_BACKSPACE:
                    self.value = self.value[:-1]
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self.blur()
                return event.key != pygame.K_ESCAPE
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
                self.all_selected = False  # the caret stays at the end; arrows only unselect
            return True  # typing keys never leak to shortcuts
        return False

    def draw(self, surface: pygame.Surface, size: int) -> None:
        pygame.draw.rect(surface, (18, 30, 24), self.rect, border_radius=8)
        pygame.draw.rect(surface, GOLD if self.focused else (110, 120, 110), self.rect, 2,
                         border_radius=8)
        if self.focused and self.all_selected:
            image = fonts.fit_text(self.value, self.rect.width - 16, size, (16, 24, 20))
            mark = image.get_rect(midleft=(self.rect.x + 10, self.rect.centery)).inflate(6, 4)
            pygame.draw.rect(surface, GOLD, mark, border_radius=4)
            surface.blit(image, image.get_rect(midleft=(self.rect.x + 10, self.rect.centery)))
            return
        shown = self.value + ("|" if self.focused else "")
        text(surface, shown, size, (self.rect.x + 10, self.rect.centery), anchor="midleft",
             max_width=self.rect.width - 16)


def draw_toasts(surface: pygame.Surface, items: list[tuple[str, str]],
                area: Optional[pygame.Rect] = None,
                avoid: Sequence[pygame.Rect] = ()) -> list[pygame.Rect]:
    """Messages stacked upwards from the bottom of `area` (the scene's free space for them:
    a table keeps its buttons and the tip bar clear), each lifted above whatever of `avoid`
    it would cover (the hand of the person to move, a countdown) while there is room. The
    newest is always shown; an older one that would rise above the top of `area` is left out
    (a table keeps the other seats' names and cards above it)."""
    boxes: list[pygame.Rect] = []
    if not items:
        return boxes
    w, h = surface.get_size()
    area = area or pygame.Rect(0, 0, w, h)
    size = max(14, min(22, h // 36))
    y = area.bottom - size * 2
    for words, kind in reversed(items):
        colour = {"warn": WARN, "bad": BAD}.get(kind, INK)
        # wrapped, never shrunk: a long reason stays readable on two lines
        image = fonts.wrap_text(words, max(size * 4, int(area.width * 0.9) - size * 2), size, colour,
                                bold=kind != "info", align="centre")
        box = image.get_rect(midbottom=(area.centerx, y)).inflate(size * 1.6, size * 0.9)
        for _ in range(len(avoid)):
            hit = box.collidelist(list(avoid))
            if hit < 0 or avoid[hit].top - 6 - box.height < 0:
                break
            box.bottom = avoid[hit].top - 6
        if boxes and box.top < area.top:
            break
        panel(surface, box, 225)
        surface.blit(image, image.get_rect(center=box.center))
        y = box.top - 6
        boxes.append(box)
    return boxes


def scroll_step(event: pygame.event.Event, base: int, view_height: int) -> int:
    """How far a wheel turn or a key scrolls a page of text shown `view_height` pixels high
    (lines of about `base` pixels): 0 for any other event. Home and End go all the way."""
    if event.type == pygame.MOUSEWHEEL:
        return -event.y * base * 3
    if event.type != pygame.KEYDOWN:
        return 0
    page = max(base, view_height - base * 2)
    return {pygame.K_DOWN: base * 2, pygame.K_UP: -base * 2, pygame.K_PAGEDOWN: page,
            pygame.K_SPACE: page, pygame.K_PAGEUP: -page, pygame.K_HOME: -10**9,
            pygame.K_END: 10**9}.get(event.key, 0)


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
