"""The pieces on the table, as a part of the table scene (a mixin of TableScene).

`refresh` brings the sprites to the engine's view, gliding each piece along the story the
events tell; pictures of faces and backs are cached per size and angle.
"""
from __future__ import annotations

from typing import Optional, cast

import pygame

from game.core import HIDDEN, Event
from scenes.table.buttons import action_buttons
from scenes.table.parts import TableParts, ViewT
from scenes.table.sprites import CARDS, FlyingToken, PieceSprite
from scenes.table.zones import Zone

STACK_SPRITES = 3  # sprites kept for the top of a stack; the rest is drawn as thickness


class Pieces(TableParts[ViewT]):
    """The sprites of the pieces: a mixin of TableScene (see scene.py for its attributes)."""

    def image_for(self, piece: str, face_up: bool, size: tuple[int, int], angle: float) -> pygame.Surface:
        key = (piece if face_up and piece != HIDDEN else "#back", face_up, size, round(angle))
        image = self.images.get(key)
        if image is None:
            base = self.face(piece, size) if face_up and piece != HIDDEN else self.back(piece, size)
            image = pygame.transform.rotate(base, key[3]) if key[3] else base
            if len(self.images) > 800:
                self.images.clear()
            self.images[key] = image
        return image

    def refresh(self, events: list[Event], animate: bool = True) -> None:
        """Bring the sprites to the current view, gliding along the events' story."""
        self.refresh_starts()
        viewer = self.viewer()
        self.shown_viewer = viewer
        self.view = cast(ViewT, self.engine.view(self.state, viewer))  # this game's view
        self.contents = self.zone_contents(self.view)
        self.zones = self.layout_zones(self.size, self.view)
        self.static = self.under = None
        speed = self.speed() if animate else 0.0
        step, duration = 0.2 * speed, 0.34 * speed
        order = self.event_order(events)
        wanted: dict[str, tuple[Zone, int, str, tuple[float, float, float]]] = {}
        for zone in self.zones.values():
            content = self.contents.get(zone.id, [])
            spots = zone.positions(len(content))
            first = max(0, len(content) - STACK_SPRITES) if zone.layout == "stack" else 0
            for index in range(first, len(content)):
                piece = content[index]
                if piece is None:
                    continue
                key = piece if piece != HIDDEN else f"?{zone.id}:{index}"
                if key in wanted:  # fungible tokens share an id: key them by place
                    key = f"{piece}@{zone.id}:{index}"
                wanted[key] = (zone, index, piece, spots[index])
        for key, leaving in list(self.sprites.items()):
            if key in wanted:
                continue
            target = order.get(key, (None, None, 0))
            landing = self.zones.get((target[1] or "").split("#")[0])
            if animate and landing is not None and duration > 0:
                top = landing.positions(len(self.contents.get(landing.id, [])) + 1)[-1]
                leaving.glide(top[:2], target[2] * step, duration)
                leaving.flip_to(landing.face_up, target[2] * step, duration * 0.6)
                leaving.remove_when_done = True
                leaving.size = landing.card
            else:
                self._drop_sprite(key)
        for key, (zone, index, piece, spot) in wanted.items():
            sprite = self.sprites.get(key)
            face_up = piece != HIDDEN and zone.face_up
            if sprite is None:
                source = order.get(key, (None, None, 0))
                start_zone = self.zones.get((source[0] or "").split("#")[0])
                start = spot[:2]
                start_up = face_up
                if animate and start_zone is not None and start_zone is not zone:
                    count = len(self.contents.get(start_zone.id, []))
                    start = start_zone.positions(count + 1)[-1][:2]
                    start_up = start_zone.face_up and piece != HIDDEN
                sprite = PieceSprite(key, piece, zone.id, index, start_up, start, zone.card,
                                     self.image_for)
                self.sprites[key] = sprite
                self.group.add(sprite, layer=CARDS)
            sprite.piece, sprite.zone, sprite.index = piece, zone.id, index
            sprite.size = zone.card
            sprite.angle = spot[2]
            sprite.remove_when_done = False
            delay = order.get(key, (None, None, 0))[2] * step
            sprite.glide(spot[:2], delay, duration)
            sprite.flip_to(face_up, delay, duration * 0.6)
            self.group.change_layer(sprite, CARDS)
        self.restack()
        for i, event in enumerate(events):
            delay = i * step
            if event.kind == "token":
                self._fly_tokens(event, delay, duration)
            elif event.kind == "roll":
                self.on_roll(event, delay)
        for sprite in self.sprites.values():
            sprite.refresh()
        self.input.still_held()  # a held piece that left, or moved away, is put back
        self.buttons = action_buttons(self)
        self.dirty = True
        self.refreshed(events, animate)

    def _replay_opening(self, events: list[Event]) -> None:
        """Start from an empty table and let the opening events glide everything in."""
        for key in list(self.sprites):
            self._drop_sprite(key)
        for event in events:
            if event.text:
                self.log.append(event.text)
        self.refresh(events, animate=True)

    def event_order(self, events: list[Event]) -> dict[str, tuple[Optional[str], Optional[str], float]]:
        """Hook: sprite key -> (first source, last target, place in the gliding order) for the
        events of one change. A game with a face-down pile returns
        scenes.table.draws.hidden_draw_order(events, ...) here (see that module)."""
        return self._event_order(events)

    def _event_order(self, events: list[Event]) -> dict[str, tuple[Optional[str], Optional[str], float]]:
        """piece -> (first source, last target, order of its first move) from move events."""
        order: dict[str, tuple[Optional[str], Optional[str], float]] = {}
        count = 0
        for event in events:
            if event.kind not in ("move", "flip") or not event.piece:
                continue
            if event.piece in order:
                source, _, index = order[event.piece]
                order[event.piece] = (source, event.target, index)
            else:
                order[event.piece] = (event.source, event.target, count)
                count += 1
        return order

    def _fly_tokens(self, event: Event, delay: float, duration: float) -> None:
        start = self.token_anchor(event.source or "")
        end = self.token_anchor(event.target or "")
        if start is None or end is None or duration <= 0:
            return
        d = max(12, int(min(self.size) * 0.035))
        for n in range(min(int(event.value or 1), 6)):
            token = FlyingToken(self.token_image(event.piece or "sweet", d), start, end,
                                delay + n * 0.06, duration * 1.4)
            self.flying.append(token)

    def restack(self) -> None:
        """Layer order follows zone order then index, so later pieces lie on top."""
        zone_rank = {zid: i for i, zid in enumerate(self.zones)}
        ordered = sorted(self.sprites.values(),
                         key=lambda s: (s.remove_when_done, zone_rank.get(s.zone, 99), s.index))
        for sprite in ordered:
            self.group.move_to_front(sprite)

    def _drop_sprite(self, key: str) -> None:
        sprite = self.sprites.pop(key, None)
        if sprite is not None:
            sprite.kill()

    def animating(self) -> bool:
        return (bool(self.flying) or any(s.moving for s in self.sprites.values())
                or self.own_animations())

    def skip_animations(self) -> None:
        for sprite in list(self.sprites.values()):
            sprite.finish()
            if sprite.remove_when_done:
                self._drop_sprite(sprite.key)
            else:
                sprite.refresh()
        self.flying.clear()
        self.animations_skipped()
