"""Pointer and keyboard on the table: drag and drop, click-to-move, Tab and Enter.

Every drag has two other ways to be done: click the piece then click the target, or Tab to
the piece, Enter to pick it up, Tab to the target, Enter to drop. Space does a piece's click
action (where it has one).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

import pygame

from game.core import Gesture, IllegalAction
from scenes.table.lift import Lift
from scenes.table.lights import Lights
from scenes.table.sprites import CARDS, DRAGGED, PieceSprite
from scenes.widgets import ui_size

if TYPE_CHECKING:
    from scenes.table.port import TablePort

CLICK_SLOP = 6  # pixels a press may move and still be a click


class TableInput(Lights):
    """The table's hands: what is lifted, what is focused, what is lit."""

    def __init__(self, table: "TablePort") -> None:
        self.table = table
        self.lift: Optional[Lift] = None
        self.focus_key: Optional[str] = None  # the focused piece's sprite key (keyboard)
        self.target_focus = -1
        self.hover_tip = ""
        self.hover_rect: Optional[pygame.Rect] = None  # the card the tip tells of
        self.hover_target: Optional[str] = None
        self.pointer: Optional[tuple[int, int]] = None  # where the mouse is over the table
        self._gestures: list[tuple[Gesture, object]] = []
        self._gesture_key: tuple = ()

    @property
    def dragging(self) -> bool:
        return self.lift is not None and self.lift.by_pointer

    # -- what the engine allows -----------------------------------------------------------

    def gestures(self) -> list[tuple[Gesture, object]]:
        """(gesture, action) for every legal action of the person at the screen, kept until
        the state or the seat changes (draw asks every frame)."""
        table = self.table
        key = (id(table.state), table.perspective, table.curtain_up, len(table.match.steps))
        if self._gesture_key != key:
            out = []
            for action in table.legal():
                for g in table.engine.gestures(table.state, action):
                    out.append((g, action))
            self._gestures, self._gesture_key = out, key
        return self._gestures

    def drag_targets(self, piece: str, source: str) -> list[str]:
        seen: list[str] = []
        for g, _ in self.gestures():
            if g.piece == piece and g.source == source and g.target and g.target not in seen:
                seen.append(g.target)
        return seen

    def click_actions(self, piece: str, source: str) -> list:
        return [a for g, a in self.gestures() if g.piece == piece and g.source == source
                and g.target is None]

    def focusables(self) -> list[PieceSprite]:
        """Pieces that some legal gesture starts from, in zone and index order; of a pile's
        cards that look alike (hidden ones) only the top one, which is the one seen."""
        starts = {(g.piece, g.source) for g, _ in self.gestures()}
        order = {zid: i for i, zid in enumerate(self.table.zones)}
        top: dict[tuple[str, str], PieceSprite] = {}
        for s in self.table.sprites.values():
            if (s.piece, s.zone) in starts and not s.remove_when_done:
                seen = top.get((s.piece, s.zone))
                if seen is None or s.index > seen.index:
                    top[(s.piece, s.zone)] = s
        return sorted(top.values(), key=lambda s: (order.get(s.zone, 99), s.index))

    # -- pointer --------------------------------------------------------------------------

    def sprite_at(self, pos: tuple[int, int]) -> Optional[PieceSprite]:
        for sprite in reversed(self.table.group.get_sprites_from_layer(CARDS)):
            if isinstance(sprite, PieceSprite) and not sprite.remove_when_done \
                    and sprite.contains(pos):
                return sprite
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        table = self.table
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = event.pos  # a click says where the pointer is, as a motion does
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if table.animating():
                table.skip_animations()
                if not self.means_a_move():
                    return self.press_after_glides(event.pos)
            if self.lift and not self.lift.by_pointer:
                self.drop_at(event.pos)
                return True
            return self.press(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return self.cancel()
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            return self.motion(event.pos)
        if event.type == pygame.WINDOWLEAVE:
            self.pointer = None
            changed, self.hover_tip = bool(self.hover_tip), ""
            return changed
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            return self.release(event.pos)
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        return False

    def press(self, pos: tuple[int, int]) -> bool:
        sprite = self.sprite_at(pos)
        if sprite is None:
            return False
        targets = self.drag_targets(sprite.piece, sprite.zone)
        clicks = self.click_actions(sprite.piece, sprite.zone)
        if not targets and not clicks:
            reason = self.table.engine.refuse(self.table.state, self._seat(),
                                              Gesture(sprite.piece, sprite.zone, None)) \
                if self.table.perspective is not None else "Watching: nothing to do here."
            self.table.refuse(reason)
            return True
        self.lift = Lift(sprite, sprite.zone, targets, offset=(sprite.pos[0] - pos[0],
                                                               sprite.pos[1] - pos[1]),
                         press=pos, home=sprite.pos)
        self.hover_tip = ""  # a card in hand shows its places, not its words over them
        sprite.finish()
        if targets:
            self._raise(sprite)
        return True

    def means_a_move(self) -> bool:
        """Is a click while pieces glide meant to move a piece rather than to hurry the table
        along? Yes while a piece is picked up by a click (the second click of click-and-click
        puts it down), and whenever the person at the screen may act: then the click ends the
        glides and does what it does on a still table (picks up, puts down, or says why not),
        instead of being used up by the glides without a word."""
        if self.lift is not None and not self.lift.by_pointer:
            return True
        table = self.table
        return table.perspective is not None and bool(table.legal())

    def press_after_glides(self, pos: tuple[int, int]) -> bool:
        """A press while pieces glide ends the glides. On a piece that may be dragged it
        also takes hold of it, so that a drag begun then is not lost (in a race the others'
        cards are nearly always on their way); let go where it was pressed, it only ended
        the glides, as a click to hurry the table along always did."""
        if self.lift is not None:
            return True
        sprite = self.sprite_at(pos)
        if sprite is None or not self.drag_targets(sprite.piece, sprite.zone):
            return True
        self.press(pos)
        if self.lift is not None:
            self.lift.hurried = True
        return True

    def _seat(self) -> int:
        return self.table.perspective if self.table.perspective is not None else 0

    def _raise(self, sprite: PieceSprite) -> None:
        sprite.lifted = True
        self.table.group.change_layer(sprite, DRAGGED)
        sprite.refresh()

    def motion(self, pos: tuple[int, int]) -> bool:
        lift = self.lift
        if lift and lift.by_pointer:
            if abs(pos[0] - lift.press[0]) + abs(pos[1] - lift.press[1]) > CLICK_SLOP:
                lift.moved = True
            if lift.targets:
                lift.sprite.pos = (pos[0] + lift.offset[0], pos[1] + lift.offset[1])
                lift.sprite.refresh()
                self.hover_target = self.target_at(pos, lift)
            return True
        sprite = self.sprite_at(pos)
        tip = self.table.describe_piece(sprite.piece) if sprite else ""
        changed = tip != self.hover_tip
        self.hover_tip = tip
        self.hover_rect = self.tip_anchor(sprite)
        return changed

    def tip_anchor(self, sprite: Any) -> Optional[pygame.Rect]:
        """Where a card's tip stands beside and must not cover: the table's answer (a game
        whose areas are large keeps the tip beside the card itself)."""
        if sprite is None:
            return None
        return self.table.tip_anchor(sprite)

    def zone_anchor(self, sprite: Any) -> pygame.Rect:
        """The card, the area it lies in (a whole hand) and the line of words over that area
        (its label, the owner's name): where a card's tip must not go at most tables."""
        zone = self.table.zones.get(sprite.zone)
        if zone is None:
            return sprite.rect.copy()
        line = int(ui_size(self.table.size) * 1.5)
        return sprite.rect.union(zone.rect).union(zone.rect.move(0, -line))

    def rehover(self) -> bool:
        """The tip follows what lies under the pointer now: a card that glided away, or left
        the table, takes its tip with it. True if the tip changed."""
        if self.lift is not None and self.lift.by_pointer:
            return False
        sprite = self.sprite_at(self.pointer) if self.pointer is not None else None
        tip = self.table.describe_piece(sprite.piece) if sprite else ""
        changed = tip != self.hover_tip
        self.hover_tip = tip
        self.hover_rect = self.tip_anchor(sprite)
        return changed

    def release(self, pos: tuple[int, int]) -> bool:
        lift = self.lift
        assert lift is not None
        if not lift.moved and lift.hurried:
            self.put_back(glide=False)  # a click that hurried the glides, nothing more
            return True
        if not lift.moved:
            clicks = self.click_actions(lift.sprite.piece, lift.source)
            wants_action = clicks and (not lift.targets or
                                       self.table.click_means_action(lift.sprite, pos))
            if wants_action:
                self.put_back(glide=False)
                self.choose_and_act(clicks)
                return True
            if not clicks and self.table.click_means_action(lift.sprite, pos):
                self.put_back(glide=False)  # a click on a spent action: say why, don't lift
                self.table.refuse(self.table.engine.refuse(
                    self.table.state, self._seat(), Gesture(lift.sprite.piece, lift.source, None)))
                return True
            lift.by_pointer = False  # click-to-move: the piece stays picked up
            lift.sprite.pos = lift.home
            lift.sprite.refresh()
            self.target_focus = -1
            return True
        self.drop_at(pos)
        return True

    def target_at(self, pos: tuple[int, int], lift: Lift) -> Optional[str]:
        """The drop target under the pointer, in the engine's words (zone, zone#slot, piece)."""
        for target in lift.targets:
            if target in self.table.sprites and self.table.sprites[target].contains(pos):
                return target
        piece_targets = any(t in self.table.sprites for t in lift.targets)
        if piece_targets:
            under = self.sprite_at(pos)
            if under is not None and under is not lift.sprite:
                return under.piece
        for zone in reversed(list(self.table.zones.values())):
            if zone.hit(pos, margin=8):
                if zone.slots or any(t.startswith(zone.id + "#") for t in lift.targets):
                    count = len(self.table.contents.get(zone.id, []))
                    if zone.id == lift.source and zone.layout != "grid":
                        count -= 1  # the lifted piece leaves its own row
                        slot = self._slot_without(zone, pos, lift)
                    else:
                        slot = zone.slot_at(pos, count)
                    return f"{zone.id}#{slot}"
                return zone.id
        return None

    def _slot_without(self, zone, pos, lift: Lift) -> int:
        content = [p for p in self.table.contents.get(zone.id, []) if p != lift.sprite.piece]
        return zone.slot_at(pos, len(content))

    def drop_at(self, pos: tuple[int, int]) -> None:
        lift = self.lift
        if lift is None:
            return
        target = self.target_at(pos, lift)
        if target is None:
            if lift.by_pointer:
                self.table.refuse("Drop it on one of the lit places.")
            self.put_back(glide=True)
            return
        self.drop(target)

    def drop(self, target: str) -> None:
        lift = self.lift
        assert lift is not None
        table = self.table
        gesture = Gesture(lift.sprite.piece, lift.source, target)
        try:
            actions = table.engine.action_for(table.state, self._seat(), gesture)
        except IllegalAction as exc:
            self.put_back(glide=True)
            table.refuse(exc.reason)
            return
        self.put_back(glide=False)
        self.choose_and_act(actions)

    def choose_and_act(self, actions: list) -> None:
        if len(actions) == 1:
            self.table.act(actions[0])
            return
        from scenes.table.overlays import ChoicePopup
        self.table.app.push(ChoicePopup(self.table.app, self.table, actions))

    def put_back(self, glide: bool) -> None:
        lift = self.lift
        if lift is None:
            return
        sprite = lift.sprite
        sprite.lifted = False
        self.lift = None
        if not self.table.group.has(sprite):  # the piece left the table meanwhile
            self.hover_target = None
            self.target_focus = -1
            return
        self.table.group.change_layer(sprite, CARDS)
        self.table.restack()
        speed = self.table.speed()
        sprite.glide(lift.home, 0.0, 0.25 * speed if glide else 0.0)
        sprite.refresh()
        self.hover_target = None
        self.target_focus = -1

    def cancel(self) -> bool:
        if self.lift is None:
            return False
        self.put_back(glide=True)
        return True

    def still_held(self) -> None:
        """After the picture changed under a held piece (a computer's move in real time):
        the hold goes on while the piece still lies where it was picked up (its place there
        may have moved); a piece the change took away is let go where the change sends it."""
        lift = self.lift
        if lift is None:
            return
        sprite = self.table.sprites.get(lift.sprite.key)
        if sprite is not lift.sprite or sprite.zone != lift.source or sprite.remove_when_done:
            self.lift = None  # it goes where the change sends it, not back to the hand
            self.hover_target = None
            self.target_focus = -1
            lift.sprite.lifted = False
            if self.table.group.has(lift.sprite):
                self.table.group.change_layer(lift.sprite, CARDS)
                lift.sprite.refresh()
            return
        lift.home = sprite.tween.end if sprite.tween is not None else sprite.pos
        if lift.by_pointer:
            sprite.tween = None  # it stays under the pointer; its place in the hand moved
        if sprite.lifted:
            self.table.group.change_layer(sprite, DRAGGED)  # refresh laid it among the cards

    def held_key(self, event: pygame.event.Event) -> bool:
        """A key while a piece is held: Tab and Enter act on the held piece (picked by key
        or click: choose its place, put it there); every other key waits until it is put
        down, so nothing changes the table under it (Esc, which puts it back, is the
        table's)."""
        if event.key in (pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.lift is not None and not self.lift.by_pointer:
            return self.key(event)
        return True

    # -- keyboard -------------------------------------------------------------------------

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            if self.lift and self.lift.targets:
                self.target_focus = (self.target_focus + step) % len(self.lift.targets)
                return True
            items = self.focusables()
            if items:
                here = self.focused()
                if here in items:
                    self.focus_key = items[(items.index(here) + step) % len(items)].key
                else:
                    self.focus_key = items[0 if step > 0 else -1].key
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.lift and not self.lift.by_pointer:
                if 0 <= self.target_focus < len(self.lift.targets):
                    self.drop(self.lift.targets[self.target_focus])
                return True
            sprite = self.focused()
            if sprite is None:
                # no piece has the (always visible) focus: Enter makes the hinted move
                return self.table.play_hint() if self.table.hint is not None else False
            targets = self.drag_targets(sprite.piece, sprite.zone)
            if targets:
                self.lift = Lift(sprite, sprite.zone, targets, by_pointer=False, home=sprite.pos)
                self.target_focus = 0
                return True
            clicks = self.click_actions(sprite.piece, sprite.zone)
            if clicks:
                self.choose_and_act(clicks)
            return True
        if event.key == pygame.K_SPACE:
            sprite = self.focused()
            if sprite is not None:
                clicks = self.click_actions(sprite.piece, sprite.zone)
                if clicks:
                    self.choose_and_act(clicks)
                    return True
        return False

    def focused(self) -> Optional[PieceSprite]:
        """The piece with the keyboard's focus, while it can still be moved (a focus that
        lost its piece is gone: Enter never acts on something no ring shows)."""
        if self.focus_key is None:
            return None
        for sprite in self.focusables():
            if sprite.key == self.focus_key:
                return sprite
        return None

    # -- drawing --------------------------------------------------------------------------
