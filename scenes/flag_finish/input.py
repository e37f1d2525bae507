"""The shared table input, plus what Flag Finish adds: pushing discards around.

Any discard card can be picked up at any time (drag, click-and-click, or Tab and Enter when it
may be taken). Dropped on your hand it is the engine's take_discard; dropped on free space in
the discard area it just lies there now (a picture-only change, kept in the scene); dropped
anywhere else it glides back with the engine's reason.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import pygame

from game.core import HIDDEN
from game.flag_finish.view import DISCARD, DRAW, hand_zone, row_zone
from scenes import widgets as ui
from scenes.art import fonts
from scenes.table.input import TableInput
from scenes.table.lift import Lift
from scenes.table.lights import glow

if TYPE_CHECKING:
    from scenes.flag_finish.port import FlagTablePort

PROMPT_GLOW = (250, 214, 110)


class FlagInput(TableInput):
    """TableInput with loose discards and a lit discard pile while a discard is owed."""

    table: "FlagTablePort"

    def __init__(self, table: "FlagTablePort") -> None:
        super().__init__(table)
        self.drop_pos: Optional[tuple[int, int]] = None
        self.unlit = False  # the lifted piece has no legal place: light nothing

    def drag_targets(self, piece: str, source: str) -> list[str]:
        targets = super().drag_targets(piece, source)
        if source == DISCARD and self.table.can_arrange() and DISCARD not in targets:
            targets = targets + [DISCARD]
        return targets

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            # the mouse plays now: the keyboard's focus goes, so that no ring is left behind
            # on a card (it used to come back in the hand at the next draw)
            self.focus_key = None
        return super().handle(event)

    def means_a_move(self) -> bool:
        """As at every table, and all the time in a race (some racer's card is nearly always
        on its way; a click before Go says why it waits)."""
        return super().means_a_move() or self.table.race_running()

    def press(self, pos: tuple[int, int]) -> bool:
        self.unlit = False
        sprite = self.sprite_at(pos)
        if sprite is None:
            return False
        if sprite.zone != DISCARD:
            reason = self.table.frozen_reason()
            if reason:
                self.table.refuse(reason)
                return True
        tries = self.tries(sprite.piece, sprite.zone)
        if tries and not self.drag_targets(sprite.piece, sprite.zone) \
                and not self.click_actions(sprite.piece, sprite.zone):
            # a card of yours that cannot go anywhere now still comes up in your hand, so
            # that dropping it somewhere gets the engine's reason ("Play 4 next.")
            self.lift = Lift(sprite, sprite.zone, tries,
                             offset=(sprite.pos[0] - pos[0], sprite.pos[1] - pos[1]),
                             press=pos, home=sprite.pos)
            self.unlit = True
            sprite.finish()
            self._raise(sprite)
            return True
        return super().press(pos)

    def targets_for(self, piece: str, source: str) -> list[str]:
        """The places a held piece may go now, or (held "unlit") the places to try."""
        targets = self.drag_targets(piece, source)
        self.unlit = not targets
        return targets or self.tries(piece, source)

    def tries(self, piece: str, source: str) -> list[str]:
        """Where a person may try to put a piece from `source` (legal or not)."""
        table = self.table
        seat = table.perspective
        if seat is None or table.curtain_up:
            return []
        if source == hand_zone(seat) and piece != HIDDEN:
            return [row_zone(seat), DISCARD]
        if source == DRAW:
            return [hand_zone(seat)]
        return []

    def drop_at(self, pos: tuple[int, int]) -> None:
        self.drop_pos = pos
        try:
            super().drop_at(pos)
        finally:
            self.drop_pos = None

    def drop(self, target: str) -> None:
        lift = self.lift
        if lift is not None and target == lift.source and lift.source != DISCARD:
            self.put_back(glide=True)  # put back where it came from: nothing to say
            return
        if lift is None or lift.source != DISCARD or target != DISCARD:
            super().drop(target)
            return
        sprite = lift.sprite
        if lift.by_pointer:
            centre: Optional[tuple[float, float]] = sprite.pos
        elif self.drop_pos is not None:
            centre = self.drop_pos
        else:  # keyboard: lay it on top where it is
            centre = None
        self.put_back(glide=False)
        self.table.arrange_discard(sprite.piece, centre)

    def draw_lifted(self, surface: pygame.Surface) -> None:
        """The piece in hand; picked up by key, the place Enter puts it is marked in the
        keyboard's colour with a word, over everything (the lit discard pile glows the same
        while a discard is owed, so a lit edge alone does not tell it)."""
        lift = self.lift
        if lift is not None and not lift.by_pointer and not self.unlit \
                and 0 <= self.target_focus < len(lift.targets):
            rect = self.target_rect(lift.targets[self.target_focus])
            if rect is not None:
                self.mark_target(surface, rect, len(lift.targets) > 1)
        super().draw_lifted(surface)

    def mark_target(self, surface: pygame.Surface, rect: pygame.Rect, more: bool) -> None:
        """A ring round `rect` in the keyboard's colour and, at its top, what Enter (and, with
        `more` places to choose from, Tab) does."""
        base = ui.ui_size(surface.get_size())
        glow(surface, rect.inflate(6, 6), ui.FOCUS, 6)
        words = "Enter: put it here" + ("   Tab: another place" if more else "")
        image = fonts.render_text(words, max(14, int(base * 0.8)), ui.INK, bold=True)
        box = image.get_rect(midtop=(rect.centerx, rect.top + 4)).inflate(base, base // 3)
        box.clamp_ip(surface.get_rect())
        ui.panel(surface, box, 225)
        pygame.draw.rect(surface, ui.FOCUS, box, 2, border_radius=6)
        surface.blit(image, image.get_rect(center=box.center))

    def draw_targets(self, surface: pygame.Surface, hover: bool = True) -> None:
        table = self.table
        if self.lift is None and table.view["owes_discard"] and not table.curtain_up \
                and DISCARD in table.zones:
            glow(surface, table.zones[DISCARD].rect, PROMPT_GLOW, 4)
        table.draw_under(surface)
        if self.lift is not None and self.unlit:  # nothing legal to light up
            lift, self.lift = self.lift, None
            try:
                super().draw_targets(surface, hover)
            finally:
                self.lift = lift
            return
        super().draw_targets(surface, hover)
