"""What lights up on the table while a piece is in hand: its targets (the one under the
pointer brighter), the keyboard's focus, the hint, and the lifted piece with its shadow.
A mixin of TableInput (input.py), drawn by the table each frame."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import pygame

from scenes import widgets as ui
from scenes.art import table as table_art
from scenes.table.lift import Lift
from scenes.table.sprites import PieceSprite

if TYPE_CHECKING:
    from scenes.table.port import TablePort

TARGET_GLOW = (250, 214, 110)
HINT_GLOW = (120, 220, 255)


class Lights:
    """Drawing the input's state: a mixin of TableInput (see input.py for its attributes)."""

    # set by TableInput.__init__ (annotations only: input.py gives the values)
    table: "TablePort"
    lift: Optional[Lift]
    hover_target: Optional[str]
    target_focus: int

    if TYPE_CHECKING:  # TableInput's own (for the type checker only: nothing shadows it)
        def focused(self) -> Optional[PieceSprite]: ...

    def target_rect(self, target: str) -> Optional[pygame.Rect]:
        table = self.table
        if target in table.sprites:
            return table.sprites[target].rect.inflate(8, 8)
        zone_id, _, slot = target.partition("#")
        zone = table.zones.get(zone_id)
        if zone is None:
            return None
        if not slot:
            return zone.rect
        index = int(slot) if slot.isdigit() else 0
        if zone.layout == "grid":
            return zone.cell_rect(index).inflate(-4, -4)
        count = len(table.contents.get(zone_id, []))
        spots = zone.positions(max(count, 1))
        w, h = zone.card
        if index < len(spots):
            x = spots[index][0] - w / 2 - 3
        else:
            x = spots[-1][0] + w / 2 + 3 if count else zone.rect.x + 2
        return pygame.Rect(int(x) - 3, int(spots[0][1] - h / 2), 6, h)

    def draw_hover_target(self, surface: pygame.Surface) -> None:
        """Only the lit target under the dragged piece (drawn each frame over a cached picture
        of the table, which holds the other targets: see TableScene.draw)."""
        target = self.hover_target
        if self.lift is None or target is None or target not in self.lift.targets:
            return
        rect = self.target_rect(target)
        if rect is not None:
            glow(surface, rect, TARGET_GLOW, 5)

    def draw_targets(self, surface: pygame.Surface, hover: bool = True) -> None:
        """Lit targets, the keyboard focus and the hint; `hover` False leaves out the target
        under the pointer (drawn on its own by draw_hover_target)."""
        table = self.table
        lift = self.lift
        if lift:
            zones_done: set[str] = set()
            for i, target in enumerate(lift.targets):
                zone_id = target.split("#")[0]
                focus = ((hover and target == self.hover_target)
                         or (not lift.by_pointer and i == self.target_focus))
                if "#" in target and zone_id in table.zones and table.zones[zone_id].layout != "grid":
                    if zone_id not in zones_done:
                        zones_done.add(zone_id)
                        glow(surface, table.zones[zone_id].rect, TARGET_GLOW, 3)
                    if not focus:
                        continue
                rect = self.target_rect(target)
                if rect is None:
                    continue
                glow(surface, rect, TARGET_GLOW, 5 if focus else 3)
        hint = table.hint
        if hint is not None:  # the hint's places; its pieces are marked over the cards
            for g in table.engine.gestures(table.state, hint):
                name = g.target
                if name and name not in table.sprites and name.split("#")[0] in table.zones:
                    rect = self.target_rect(name)
                    if rect is not None:
                        glow(surface, rect, HINT_GLOW, 4)

    def draw_marks(self, surface: pygame.Surface) -> None:
        """Over the pieces, so that no card lying on top hides them: the hint's pieces and
        the keyboard's focus, each an outline that follows the card's own (tilted) shape."""
        table = self.table
        hint = table.hint
        if hint is not None:
            for g in table.engine.gestures(table.state, hint):
                for name in (g.piece, g.target):
                    sprite = self.sprite_of(name, g.source if name == g.piece else None)
                    if sprite is not None:
                        outline(surface, sprite, HINT_GLOW, 3)
        sprite = self.focused() if not self.lift else None
        if sprite is not None:
            outline(surface, sprite, ui.FOCUS, 4)

    def sprite_of(self, name: Optional[str], zone: Optional[str] = None):
        """The sprite a gesture names: a piece by its key, or the top one of a pile's hidden
        cards ('?' in `zone`)."""
        if not name:
            return None
        sprites = self.table.sprites
        if name in sprites:
            return sprites[name]
        found = [s for s in sprites.values() if s.piece == name and not s.remove_when_done
                 and (zone is None or s.zone == zone)]
        return max(found, key=lambda s: s.index) if found else None

    def draw_lifted(self, surface: pygame.Surface) -> None:
        lift = self.lift
        if lift is None:
            return
        sprite = lift.sprite
        if lift.targets:
            shadow = table_art.card_shadow(*sprite.size)
            surface.blit(shadow, shadow.get_rect(center=(sprite.rect.centerx + 6,
                                                         sprite.rect.centery + 10)))
        surface.blit(sprite.image, sprite.rect)
        if not lift.by_pointer:
            outline(surface, sprite, TARGET_GLOW, 3)


_OUTLINES: dict[tuple, pygame.Surface] = {}


def outline(surface: pygame.Surface, sprite, colour, width: int) -> None:
    """A ring around a card that follows its shape (turned with it), with a dark edge so
    that it shows on light cards and on the felt alike."""
    w, h = (int(v) for v in sprite.shown_size())
    angle = round(sprite.angle)
    key = (w, h, angle, tuple(colour), width)
    image = _OUTLINES.get(key)
    if image is None:
        pad = width + 4
        flat = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
        radius = max(4, min(w, h) // 10) + width
        ring = pygame.Rect(pad - width - 1, pad - width - 1, w + 2 * width + 2, h + 2 * width + 2)
        pygame.draw.rect(flat, (20, 24, 20, 230), ring.inflate(2, 2), 1, border_radius=radius + 1)
        pygame.draw.rect(flat, (*colour[:3], 255), ring, width, border_radius=radius)
        image = pygame.transform.rotozoom(flat, angle, 1.0) if angle else flat
        if len(_OUTLINES) > 64:  # a few cards at a few sizes: never a growing pile
            _OUTLINES.clear()
        _OUTLINES[key] = image
    surface.blit(image, image.get_rect(center=sprite.rect.center))


def glow(surface: pygame.Surface, rect: pygame.Rect, colour, width: int) -> None:
    """A glowing outline centred on a target rectangle."""
    image = table_art.highlight(rect.width, rect.height, colour, width)
    surface.blit(image, image.get_rect(center=rect.center))
