"""Drawing the table, as a part of the table scene (a mixin of TableScene).

What changes only with the view (felt, zone outlines and labels, stack edges, status bar, log)
is painted once into a cached background; each frame adds the pieces, the game's extras, the
lifted piece and the buttons. While a card is dragged, everything under it is one picture.
"""
from __future__ import annotations

from typing import Any, Optional, Sequence

import pygame

from scenes import widgets as ui
from scenes.art import fonts
from scenes.art import table as table_art
from scenes.art.draw import opaque
from scenes.table.lights import HINT_GLOW as HINT_WORDS
from scenes.table.parts import TableParts, ViewT
from scenes.table.pieces import STACK_SPRITES
from scenes.table.zones import Zone


class Painting(TableParts[ViewT]):
    """The frame: a mixin of TableScene (see scene.py for its attributes)."""

    def draw_static(self, surface: pygame.Surface) -> None:
        """Felt, zone outlines and labels: cached until the layout changes."""
        if self.static is None or self.static.get_size() != surface.get_size():
            felt = table_art.felt(surface.get_size())
            static = self.__dict__.get("static_buffer")
            if static is None or static.get_size() != felt.get_size():
                static = felt.copy()  # then kept: fresh memory of a window's size costs
            else:  # more than painting it (10 to 15 ms at 2560x1440)
                static.blit(felt, (0, 0))
            self.paint_background(static)
            self.paint_status(static)
            self.static = self.static_buffer = opaque(static)
        surface.blit(self.static, (0, 0))
        self.draw_on_felt(surface)

    def paint_background(self, static: pygame.Surface) -> None:
        """Hook: what the cached background holds on the felt, under the status bar: the
        zones' outlines and labels, the game's static extras and the stacks' edges (a game
        with a printed board paints that instead)."""
        base = ui.ui_size(static.get_size())
        for zone in self.zones.values():
            if zone.outline:
                static.blit(table_art.zone_outline(zone.rect.width, zone.rect.height, ""),
                            zone.rect.topleft)
            if zone.label:
                ui.text(static, zone.label, max(11, int(base * 0.72)),
                        (zone.rect.x + 4, zone.rect.y - 4), colour=ui.DIM, anchor="bottomleft")
        self.draw_static_extras(static)
        self.paint_stack_edges(static)

    def draw_on_felt(self, surface: pygame.Surface) -> None:
        """Hook: drawn every frame on the background, under the pieces (lit squares)."""

    def draw(self, surface: pygame.Surface) -> None:
        base = ui.ui_size(surface.get_size())
        lift = self.input.lift
        if lift is not None and lift.by_pointer and not self.animating():
            # a card follows the pointer and nothing else moves: everything under it is one
            # picture; the target under the pointer is lit on top of it each frame
            key = (surface.get_size(), len(self.sprites), len(lift.targets))
            if self.under is None or self.under_key != key:
                self.draw_static(surface)
                self.under = surface.copy()
                self.draw_pieces(self.under, base, skip=lift.sprite)
                self.under_key = key
            surface.blit(self.under, (0, 0))
            self.input.draw_hover_target(surface)
        else:
            self.under = None
            self.draw_static(surface)
            self.draw_pieces(surface, base)
            self.input.draw_marks(surface)
        self.draw_extras(surface)
        for token in self.flying:
            if token.visible_now:
                surface.blit(token.image, token.rect)
        self.input.draw_lifted(surface)
        self.draw_hud(surface, base)

    def draw_pieces(self, surface: pygame.Surface, base: int, skip: Any = None) -> None:
        """Lit targets, the pieces (all but `skip`) and the pile counts."""
        self.input.draw_targets(surface, hover=skip is None)
        if skip is None:
            self.group.draw(surface)
        else:
            for sprite in self.group.sprites():
                if sprite is not skip:
                    surface.blit(sprite.image, sprite.rect)
        for zone in self.zones.values():
            if zone.show_count:
                count = len(self.contents.get(zone.id, []))
                ui.text(surface, str(count), max(12, int(base * 0.9)),
                        (zone.rect.centerx, zone.rect.bottom + 4), colour=ui.INK, bold=True,
                        anchor="midtop")

    def paint_stack_edges(self, surface: pygame.Surface) -> None:
        """The thickness of tall stacks under their top cards (part of the cached background)."""
        for zone in self.zones.values():
            for r in stack_edges(zone, len(self.contents.get(zone.id, []))):
                pygame.draw.rect(surface, (40, 34, 30), r, border_radius=max(3, zone.card[0] // 12))
                pygame.draw.rect(surface, (235, 228, 214), r.inflate(-2, -2),
                                 border_radius=max(3, zone.card[0] // 12))

    def paint_status(self, surface: pygame.Surface) -> None:
        """The status bar and the event log: they change only with the view, so they are
        painted into the cached background (`draw_static`)."""
        w, h = surface.get_size()
        base = ui.ui_size((w, h))
        status, colour = str(self.view.get("status", "")), ui.INK
        if self.hint is not None and self.hint_words:  # until the move is made or the turn ends
            status, colour = f"Hint: {self.hint_words}", HINT_WORDS
        bar = pygame.Rect(0, 0, w, int(base * 2.1))
        ui.panel(surface, bar, 170)
        title = ui.text(surface, f"{self.info.title}", int(base * 0.95), (base, bar.centery),
                        colour=ui.GOLD, bold=True, anchor="midleft")
        # the deal number rebuilds every hidden card: among several people it waits for the end
        secret = len(self.person_seats()) > 1 and self.match.outcome() is None
        word = self.seed_word
        right = f"{word} shown at the end" if secret else f"{word} {self.match.setup.seed}"
        if self.match.practice:
            right = f"Practice - {right}"
        if self.perspective is not None and len(self.humans()) > 1:
            right = f"Playing: {self.seats[self.perspective].name} - {right}"
        if self.phones is not None and self.phone_seats:  # each phone's round trip
            right = self.phones.strip()
        said = ui.text(surface, right, int(base * 0.8), (w - base, bar.centery), colour=ui.DIM,
                       anchor="midright", max_width=int(w * 0.3))
        # the status in the window's middle when it fits there, else in the middle of what is
        # left between the title and the right-hand words (never over either)
        size = int(base * 0.95)
        room = pygame.Rect(title.right + base, 0, max(1, said.left - title.right - base * 2), 1)
        half = fonts.render_text(status, size, colour).get_width() // 2
        middle = w // 2 if room.left <= w // 2 - half and w // 2 + half <= room.right \
            else room.centerx
        ui.text(surface, status, size, (middle, bar.centery), colour=colour, anchor="center",
                max_width=room.width)
        area = self.log_area((w, h))
        if self.log and area is not None:
            size = max(11, int(base * 0.72))
            y = area.bottom
            for line in reversed(list(self.log)):
                image = fonts.wrap_text(line, area.width, size, ui.DIM)
                if y - image.get_height() < area.top:
                    break
                y -= image.get_height() + 4
                surface.blit(image, (area.x, y))

    def draw_hud(self, surface: pygame.Surface, base: int) -> None:
        """Buttons, the hover tip and, while saving fails, a band that says so. Tips are the
        pointer's: none while the pointer is off the table or a scene lies over it (a tip
        leaves with the pointer)."""
        if self.store.failed:
            draw_unsaved(surface, self.store.problem, base)
        self.tools.draw(surface)
        self.buttons.draw(surface)
        clear = self.keep_clear()
        pointer = self.input.pointer
        if pointer is None or self.app.manager.top is not self:
            return
        button = self.tools.tipped_at(pointer) or self.buttons.tipped_at(pointer)
        if button is not None:
            draw_tip(surface, button.tip, base, near=button.rect, avoid=clear)
        elif self.input.hover_tip:
            draw_tip(surface, self.input.hover_tip, base, near=self.input.hover_rect, avoid=clear)


def stack_edges(zone: Zone, count: int) -> list[pygame.Rect]:
    """The edges painted under a tall stack's top cards for its thickness (bottom first; none
    for a short stack): a label under the stack keeps below them."""
    if zone.layout != "stack" or count <= STACK_SPRITES:
        return []
    out = []
    for i in range(min(12, count // 4), 0, -2):
        r = pygame.Rect(0, 0, *zone.card)
        r.center = (zone.rect.centerx + i * 0.5, zone.rect.centery + i)
        out.append(r)
    return out


def draw_unsaved(surface: pygame.Surface, problem: str, base: int) -> None:
    """A red band under the status bar for as long as the game cannot be saved."""
    w = surface.get_width()
    band = pygame.Rect(0, int(base * 2.1), w, int(base * 1.6))
    pygame.draw.rect(surface, (120, 30, 30), band)
    ui.text(surface, f"Not saved: {problem}. Free some disk space; finis keeps trying.",
            max(11, int(base * 0.8)), band.center, colour=ui.INK, bold=True, anchor="center",
            max_width=w - base * 2)


def draw_tip(surface: pygame.Surface, tip: str, base: int,
             near: Optional[pygame.Rect] = None,
             avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """A wrapped explanation in a panel near the bottom centre, or, for a card (`near`),
    beside it: above a card in the lower half of the window, below one in the upper half,
    so that the tip never covers the card or the hand it lies in. It keeps off `avoid`
    (the hand of the person to move, a countdown) wherever the window leaves room. Returns
    the tip's panel."""
    w, h = surface.get_size()
    size = int(base * 0.85)
    # as wide as the words need (a short tip is a short bar), at most half the window
    width = min(int(w * 0.5), base * 34, fonts.render_text(tip, size, ui.INK).get_width() + 4)
    image = fonts.wrap_text(tip, width, size, ui.INK)
    box = image.get_rect(midbottom=(w // 2, h - base // 2)).inflate(base * 1.4, base * 0.9)
    gap = base // 3
    places: list[pygame.Rect] = []
    if near is not None:
        above, below = box.copy(), box.copy()
        above.midbottom = (near.centerx, near.top - gap)
        below.midtop = (near.centerx, near.bottom + gap)
        places += [above, below] if near.centery > h // 2 else [below, above]
        avoid = [r for r in avoid if not r.colliderect(near)] + [near]
    else:
        places.append(box.copy())
    for rect in list(avoid):  # else just above or below each place to keep clear
        above, below = box.copy(), box.copy()
        above.midbottom = (places[0].centerx, rect.top - gap)
        below.midtop = (places[0].centerx, rect.bottom + gap)
        places += [above, below]
    screen = surface.get_rect()
    for place in places:
        place.clamp_ip(screen)
    box = free_place(places, avoid) or places[0]
    ui.panel(surface, box, 235)
    surface.blit(image, image.get_rect(center=box.center))
    return box


def free_place(places: Sequence[pygame.Rect], avoid: Sequence[pygame.Rect]) -> Optional[pygame.Rect]:
    """The first of `places` that covers none of `avoid` (None: every one does)."""
    for place in places:
        if place.collidelist(list(avoid)) < 0:
            return place
    return None
