"""The shared card table: every game's table scene is a TableScene with its own zones and art.

The table asks the engine what is legal, turns drags, clicks and keys into gestures and
actions, and animates the events the engine reports. It holds no rules of its own.
"""
from __future__ import annotations

import logging
from collections import deque
from typing import Any, Optional

import pygame

from game.core import HIDDEN, Event, Gesture, IllegalAction
from game.core.players import make_player
from game.core.registry import game_info
from game.core.rng import Rng
from game.core.session import Match
from scenes import widgets as ui
from scenes.art import fonts
from scenes.art import table as table_art
from scenes.manager import Scene
from scenes.table import input as table_input
from scenes.table.sprites import CARDS, DRAGGED, FlyingToken, PieceSprite, Tween
from scenes.table.store import MatchStore
from scenes.table.zones import Zone

log = logging.getLogger("finis.table")
STACK_SPRITES = 3  # sprites kept for the top of a stack; the rest is drawn as thickness


class TableScene(Scene):
    """A game on the table. Subclasses give zones (`layout_zones`) and pictures (`face`)."""

    curtain_between_humans = True  # a game with hidden hands passes the screen behind a curtain
    computer_delay = 0.8  # seconds a computer seat "thinks" at normal speed

    def __init__(self, app, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.engine = match.engine
        self.info = game_info(match.game_id)
        self.store = MatchStore(app, match)
        self.sprites: dict[str, PieceSprite] = {}
        self.group = pygame.sprite.LayeredUpdates()
        self.flying: list[FlyingToken] = []
        self.zones: dict[str, Zone] = {}
        self.view: dict[str, Any] = {}
        self.contents: dict[str, list] = {}
        self.log: deque[str] = deque(maxlen=6)
        self.images: dict[tuple, pygame.Surface] = {}
        self.static: Optional[pygame.Surface] = None
        self.under: Optional[pygame.Surface] = None  # what lies under a dragged card
        self.under_key: tuple = ()
        self.size = app.size
        self.perspective: Optional[int] = None
        self.curtain_up = False
        self.shown_viewer: Optional[int] = None  # whose private view the picture shows now
        self.computer_wait = 0.0
        self.ai_rng = Rng(match.setup.seed * 31 + 7)
        self.players: dict[int, Any] = {}
        self.ended_shown = False
        self.hint: Optional[Any] = None
        self.input = table_input.TableInput(self)
        self.buttons = ui.ButtonRow()
        self.tools = ui.ButtonRow([
            ui.Button("Menu", self.open_menu, tip="Pause menu (Esc)"),
            ui.Button("Undo", self.undo, tip="Take back your last move (Ctrl+Z)"),
            ui.Button("Hint", self.show_hint, key=pygame.K_h, tip="What would a good player do? (H)"),
            ui.Button("Rules", self.open_rules, key=pygame.K_F1, tip="Rules of this game (F1)"),
        ])
        self.perspective = self.next_perspective()
        if match.steps:  # resumed: the log tells the same last moves it told before
            self.log.extend(self.story_so_far())
        opening = self.engine.opening_events(self.state) if not match.steps else []
        self.refresh(events=[], animate=False)
        if opening:  # deal the first cards before the person's eyes
            self._replay_opening(opening)

    def story_so_far(self) -> list[str]:
        """The log's sentences rebuilt from the record: the opening deal, then every action's
        events (the same words the table showed while the game was played)."""
        keep = self.log.maxlen or 6
        texts: list[str] = []
        for step in reversed(self.match.steps):  # from the end: a long game costs no more
            texts[:0] = [e.text for e in step.events if e.text]
            if len(texts) >= keep:
                return texts[-keep:]
        opening = self.engine.opening_events(self.match.states[0])
        return ([e.text for e in opening if e.text] + texts)[-keep:]

    # -- hooks for each game --------------------------------------------------------------

    def layout_zones(self, size: tuple[int, int], view: dict[str, Any]) -> dict[str, Zone]:
        """The zones for this window size and view."""
        raise NotImplementedError

    def zone_contents(self, view: dict[str, Any]) -> dict[str, list]:
        """What lies in each zone (a game may add token piles to the engine's zones)."""
        return view["zones"]

    def face(self, piece: str, size: tuple[int, int]) -> pygame.Surface:
        """The face of a piece at a size."""
        raise NotImplementedError

    def back(self, piece: str, size: tuple[int, int]) -> pygame.Surface:
        """The back of a face-down piece."""
        return table_art.card_back(size[0], size[1], self.app.settings.card_back)

    def token_image(self, kind: str, diameter: int) -> pygame.Surface:
        """A token (sweet, coffee, ...) for flying animations and token zones."""
        from scenes.art import tokens
        return tokens.sweet(diameter, tokens.sweet_colours[0])

    def describe_piece(self, piece: str) -> str:
        """What hovering a piece tells."""
        return ""

    def click_means_action(self, sprite: PieceSprite, pos: tuple[int, int]) -> bool:
        """Does a click here mean the piece's own action (rather than picking it up)?

        Games whose pieces carry an action area (Finished!: the lower strip) say where it is.
        """
        return False

    def draw_extras(self, surface: pygame.Surface) -> None:
        """Game-specific things on top of the pieces (token counts, boards, scores)."""

    def draw_static_extras(self, surface: pygame.Surface) -> None:
        """Game-specific things under the pieces that change only with the view (labels,
        name lines, panels): painted once into the cached background, not every frame."""

    def token_anchor(self, name: str) -> Optional[tuple[float, float]]:
        """Where a token event's source or target is on screen."""
        if name in self.sprites:
            return self.sprites[name].pos
        zone = self.zones.get(name.split("#")[0])
        return zone.rect.center if zone else None

    def log_area(self, size: tuple[int, int]) -> Optional[pygame.Rect]:
        """Where the last few event sentences are shown (None: nowhere)."""
        w, h = size
        base = ui.ui_size(size)
        return pygame.Rect(10, h - base * 5, int(w * 0.3), base * 5 - 8)

    def message_area(self, size: tuple[int, int]) -> pygame.Rect:
        """Toasts stack above the tip bar and left of the button column (End turn, Confirm)."""
        w, h = size
        base = ui.ui_size(size)
        right = w - table_input.button_column_width(size) - base * 2
        return pygame.Rect(0, 0, max(base * 10, right), h - base * 4)

    def on_roll(self, event: Event, delay: float) -> None:
        """A die was rolled (games with dice animate it)."""

    # -- seats and perspective ------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.match.state

    @property
    def seats(self):
        return self.match.seats

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def next_perspective(self) -> Optional[int]:
        """Whose eyes the table shows: the human to act, else the last human."""
        humans = self.humans()
        if not humans:
            return None
        acting = [s for s in self.engine.to_act(self.state) if s in humans]
        if acting:
            return acting[0] if self.perspective not in acting else self.perspective
        return self.perspective if self.perspective in humans else humans[0]

    def shared_screen(self) -> bool:
        """Several people look at the table together: the game is over, or more than one
        of them may act at once (between two races, say)."""
        humans = self.humans()
        if len(humans) < 2:
            return False
        if self.match.outcome() is not None:
            return True
        return sum(1 for s in self.engine.to_act(self.state) if s in humans) > 1

    def viewer(self) -> Optional[int]:
        """Whose eyes the picture is drawn for: nobody's behind the curtain, and nobody's
        while several people share the screen in a game with hidden hands."""
        if self.curtain_up or (self.curtain_between_humans and self.shared_screen()):
            return None
        return self.perspective

    def my_turn(self) -> bool:
        return (self.perspective is not None and not self.curtain_up
                and self.perspective in self.engine.to_act(self.state))

    def legal(self) -> list:
        if not self.my_turn():
            return []
        return self.engine.legal_actions(self.state, self.perspective)

    # -- acting ---------------------------------------------------------------------------

    def act(self, action) -> bool:
        """Apply an action for a seat; on refusal show the reason. True if it was applied."""
        try:
            events = self.match.act(action, hinted=self.follows_hint(action))
        except IllegalAction as exc:
            self.refuse(exc.reason)
            return False
        self.hint = None
        self.app.play("drop" if not any(e.reveals for e in events) else "deal")
        self.after_change(events)
        return True

    def follows_hint(self, action) -> bool:
        """Is this the move the hint proposed (told apart by its words: times may differ)?"""
        return (self.hint is not None and self.seats[action.seat].is_human
                and self.engine.describe(action) == self.engine.describe(self.hint))

    def refuse(self, reason: str) -> None:
        self.app.toast(reason, 3.5, "bad")
        self.app.play("refuse")

    def after_change(self, events: list[Event], animate: bool = True) -> None:
        """Refresh the picture, then see whether the screen must pass or the game ended."""
        for event in events:
            if event.text:
                self.log.append(event.text)
        new = self.next_perspective()
        # the screen passes when another person takes it, and also when one person's hand is
        # about to be shown after everybody looked at the table together
        was_shared = self.shown_viewer is None and self.perspective is not None
        passing = (new is not None and self.perspective is not None
                   and len(self.humans()) > 1 and self.match.outcome() is None
                   and (new != self.perspective
                        or (was_shared and self.curtain_between_humans and not self.shared_screen())))
        if passing and self.curtain_between_humans:
            self.perspective = new
            self.show_curtain()
        elif passing:
            self.perspective = new
            self.turn_passed(new)
        else:
            self.perspective = new
        self.refresh(events, animate)
        self.computer_wait = self.computer_delay * self.speed()

    def turn_passed(self, seat: int) -> None:
        """The screen passed to another person without a curtain: say whose turn it is."""
        self.app.toast(f"{self.seats[seat].name}, your turn", 2.0)

    def enter(self) -> None:
        """Several people share the screen and hands are hidden: nobody sees a hand before
        its owner has taken the screen, from the first move on (and when a game resumes)."""
        if (self.curtain_between_humans and len(self.humans()) > 1 and self.perspective is not None
                and self.match.outcome() is None and not self.curtain_up):
            self.show_curtain()

    def show_curtain(self) -> None:
        from scenes.table.overlays import Curtain
        self.curtain_up = True
        self.input.cancel()
        self.refresh([], animate=False)  # behind the curtain the table shows no hand at all
        self.app.push(Curtain(self.app, self, self.seats[self.perspective].name))

    def curtain_lifted(self) -> None:
        self.curtain_up = False
        self.refresh([], animate=False)

    def speed(self) -> float:
        return self.app.settings.speed_factor()

    def undo(self) -> None:
        """Take back moves down to (and including) this person's last one, where honest.

        The match decides how far (`Match.undo_span`): never past another person's move, so
        an undo at a shared screen never shows somebody else's hand."""
        if self.curtain_up:
            return
        back, reason = self.match.undo_span(self.perspective)
        if back == 0:
            self.refuse(reason)
            return
        for _ in range(back):
            self.match.undo()
        self.input.cancel()
        self.perspective = self.next_perspective()
        self.log.append("Undone.")
        self.refresh([], animate=True)
        self.app.play("click")

    def show_hint(self) -> None:
        legal = self.legal()
        if not legal:
            self.refuse("Nothing to do for you right now.")
            return
        player = make_player(self.match.game_id, self.info.default_strength)
        action = player.choose(self.engine.view(self.state, self.perspective), legal,
                               Rng(len(self.match.steps) + 17))
        self.hint = action
        self.match.meta["hints"] = int(self.match.meta.get("hints", 0)) + 1
        self.store.save()
        self.app.toast(f"Hint: {self.engine.describe(action)}", 5)

    def open_menu(self) -> None:
        from scenes.table.overlays import PauseMenu
        self.input.cancel()
        self.app.push(PauseMenu(self.app, self))

    def open_rules(self) -> None:
        from scenes.rules import RulesScene
        self.app.push(RulesScene(self.app, self.match.game_id))

    # -- picture of the state -------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if tuple(size) == tuple(self.size) and self.zones:
            return  # pushed at the size it was built for: keep the animations going
        self.size = size
        self.images.clear()
        self.refresh([], animate=False)

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
        viewer = self.viewer()
        self.shown_viewer = viewer
        self.view = self.engine.view(self.state, viewer)
        self.contents = self.zone_contents(self.view)
        self.zones = self.layout_zones(self.size, self.view)
        self.static = self.under = None
        speed = self.speed() if animate else 0.0
        step, duration = 0.2 * speed, 0.34 * speed
        order = self._event_order(events)
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
        for key, sprite in list(self.sprites.items()):
            if key in wanted:
                continue
            target = order.get(key, (None, None, 0))
            zone = self.zones.get((target[1] or "").split("#")[0])
            if animate and zone is not None and duration > 0:
                top = zone.positions(len(self.contents.get(zone.id, [])) + 1)[-1]
                sprite.glide(top[:2], target[2] * step, duration)
                sprite.flip_to(zone.face_up, target[2] * step, duration * 0.6)
                sprite.remove_when_done = True
                sprite.size = zone.card
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
        self._restack()
        for i, event in enumerate(events):
            delay = i * step
            if event.kind == "token":
                self._fly_tokens(event, delay, duration)
            elif event.kind == "roll":
                self.on_roll(event, delay)
        for sprite in self.sprites.values():
            sprite.refresh()
        self.buttons = table_input.action_buttons(self)
        self.dirty = True

    def _replay_opening(self, events: list[Event]) -> None:
        """Start from an empty table and let the opening events glide everything in."""
        for key in list(self.sprites):
            self._drop_sprite(key)
        for event in events:
            if event.text:
                self.log.append(event.text)
        self.refresh(events, animate=True)

    def _event_order(self, events: list[Event]) -> dict[str, tuple[Optional[str], Optional[str], int]]:
        """piece -> (first source, last target, order of its first move) from move events."""
        order: dict[str, tuple[Optional[str], Optional[str], int]] = {}
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

    def _restack(self) -> None:
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
        return bool(self.flying) or any(s.moving for s in self.sprites.values())

    def skip_animations(self) -> None:
        for sprite in list(self.sprites.values()):
            sprite.finish()
            if sprite.remove_when_done:
                self._drop_sprite(sprite.key)
            else:
                sprite.refresh()
        self.flying.clear()

    # -- frame ----------------------------------------------------------------------------

    def busy(self) -> bool:
        return self.animating() or self.computer_pending() or self.input.dragging

    def computer_pending(self) -> bool:
        if self.curtain_up or self.match.outcome() is not None:
            return False
        to_act = self.engine.to_act(self.state)
        humans = self.humans()
        return bool(to_act) and not any(s in humans for s in to_act)

    def update(self, dt: float) -> None:
        for sprite in list(self.sprites.values()):
            if sprite.moving:
                sprite.advance(dt)
                if not sprite.moving and sprite.remove_when_done:
                    self._drop_sprite(sprite.key)
                    continue
                sprite.refresh()
        self.flying = [t for t in self.flying if t.advance(dt)]
        was_failing = self.store.failed
        self.store.retry(dt)
        if was_failing != self.store.failed:
            self.app.needs_redraw = True
        if self.input.rehover():
            self.app.needs_redraw = True
        if self.app.manager.top is not self:
            return  # paused under a menu, the rules or a curtain: nobody moves, nothing ends
        if self.computer_pending() and not self.input.dragging:
            self.computer_wait -= dt
            if self.computer_wait <= 0:
                self.computer_move()
        self.check_end()

    def computer_move(self) -> None:
        to_act = [s for s in self.engine.to_act(self.state) if not self.seats[s].is_human]
        if not to_act:
            return
        seat = to_act[0]
        if seat not in self.players:
            self.players[seat] = make_player(self.match.game_id, self.seats[seat].strength)
        legal = self.engine.legal_actions(self.state, seat)
        action = self.players[seat].choose(self.engine.view(self.state, seat), legal, self.ai_rng)
        self.act(action)

    def check_end(self) -> None:
        if self.ended_shown or self.match.outcome() is None or self.animating():
            return
        self.ended_shown = True
        self.store.finish()
        self.on_game_over()
        self.app.play("win" if any(w in self.humans() for w in self.match.outcome().winners)
                      or not self.humans() else "refuse")
        self.show_result()

    def result_buttons(self, overlay) -> list:
        """Extra buttons for the result overlay (Finished!: watch the movie)."""
        return []

    def on_game_over(self) -> None:
        """The game just ended (statistics are recorded); games add their own keepsakes."""

    def show_result(self) -> None:
        from scenes.table.overlays import ResultOverlay
        self.app.push(ResultOverlay(self.app, self))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.input.cancel():
                    return True
                self.open_menu()
                return True
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()
                return True
        if self.buttons.handle(event) or self.tools.handle(event):
            return True
        return self.input.handle(event)

    # -- drawing --------------------------------------------------------------------------

    def draw_static(self, surface: pygame.Surface) -> None:
        """Felt, zone outlines and labels: cached until the layout changes."""
        if self.static is None or self.static.get_size() != surface.get_size():
            static = table_art.felt(surface.get_size()).copy()
            base = ui.ui_size(surface.get_size())
            for zone in self.zones.values():
                if zone.outline:
                    static.blit(table_art.zone_outline(zone.rect.width, zone.rect.height, ""),
                                zone.rect.topleft)
                if zone.label:
                    ui.text(static, zone.label, max(11, int(base * 0.72)),
                            (zone.rect.x + 4, zone.rect.y - 4), colour=ui.DIM, anchor="bottomleft")
            self.draw_static_extras(static)
            self.paint_stack_edges(static)
            self.paint_status(static)
            self.static = static.convert() if pygame.display.get_surface() else static
        surface.blit(self.static, (0, 0))

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
            count = len(self.contents.get(zone.id, []))
            if zone.layout == "stack" and count > STACK_SPRITES:
                thickness = min(12, count // 4)
                for i in range(thickness, 0, -2):
                    r = pygame.Rect(0, 0, *zone.card)
                    r.center = (zone.rect.centerx + i * 0.5, zone.rect.centery + i)
                    pygame.draw.rect(surface, (40, 34, 30), r, border_radius=max(3, zone.card[0] // 12))
                    pygame.draw.rect(surface, (235, 228, 214), r.inflate(-2, -2),
                                     border_radius=max(3, zone.card[0] // 12))

    def paint_status(self, surface: pygame.Surface) -> None:
        """The status bar and the event log: they change only with the view, so they are
        painted into the cached background (`draw_static`)."""
        w, h = surface.get_size()
        base = ui.ui_size((w, h))
        status = str(self.view.get("status", ""))
        bar = pygame.Rect(0, 0, w, int(base * 2.1))
        ui.panel(surface, bar, 170)
        ui.text(surface, f"{self.info.title}", int(base * 0.95), (base, bar.centery),
                colour=ui.GOLD, bold=True, anchor="midleft")
        ui.text(surface, status, int(base * 0.95), (w // 2, bar.centery), anchor="center",
                max_width=int(w * 0.55))
        # the deal number rebuilds every hidden card: among several people it waits for the end
        secret = len(self.humans()) > 1 and self.match.outcome() is None
        right = "Deal shown at the end" if secret else f"Deal {self.match.setup.seed}"
        if self.match.practice:
            right = f"Practice - {right}"
        if self.perspective is not None and len(self.humans()) > 1:
            right = f"Playing: {self.seats[self.perspective].name} - {right}"
        ui.text(surface, right, int(base * 0.8), (w - base, bar.centery), colour=ui.DIM,
                anchor="midright")
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
        """Buttons, the hover tip and, while saving fails, a band that says so."""
        if self.store.failed:
            draw_unsaved(surface, self.store.problem, base)
        self.tools.draw(surface)
        self.buttons.draw(surface)
        tip = self.tools.tip_at(pygame.mouse.get_pos()) or self.buttons.tip_at(pygame.mouse.get_pos()) \
            or self.input.hover_tip
        if tip:
            draw_tip(surface, tip, base)


def draw_unsaved(surface: pygame.Surface, problem: str, base: int) -> None:
    """A red band under the status bar for as long as the game cannot be saved."""
    w = surface.get_width()
    band = pygame.Rect(0, int(base * 2.1), w, int(base * 1.6))
    pygame.draw.rect(surface, (120, 30, 30), band)
    ui.text(surface, f"Not saved: {problem}. Free some disk space; finis keeps trying.",
            max(11, int(base * 0.8)), band.center, colour=ui.INK, bold=True, anchor="center",
            max_width=w - base * 2)


def draw_tip(surface: pygame.Surface, tip: str, base: int) -> None:
    """A wrapped explanation in a panel near the bottom centre."""
    from scenes.art import fonts
    w, h = surface.get_size()
    width = min(int(w * 0.5), base * 34)
    image = fonts.wrap_text(tip, width, int(base * 0.85), ui.INK)
    box = image.get_rect(midbottom=(w // 2, h - base // 2)).inflate(base * 1.4, base * 0.9)
    ui.panel(surface, box, 235)
    surface.blit(image, image.get_rect(center=box.center))
