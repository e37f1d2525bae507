"""The shared card table: every game's table scene is a TableScene with its own zones and art.

The table asks the engine what is legal, turns drags, clicks and keys into gestures and
actions, and animates the events the engine reports. It holds no rules of its own.
"""
from __future__ import annotations

import logging
import time
from collections import deque
from typing import Any, Optional, cast

import pygame

from game.core import Event, IllegalAction
from game.core.players import make_player
from game.core.referee import Referee
from game.core.registry import game_info
from game.core.rng import Rng
from game.core.session import Match
from scenes import widgets as ui
from scenes.art import table as table_art
from scenes.art._cache import steps as pictures
from scenes.manager import Scene
from scenes.table import input as table_input
from scenes.table.buttons import UNDO_TIP, button_column_width
from scenes.table.firstdraw import FirstDraw
from scenes.table.hand import HandFan
from scenes.table.painting import Painting
from scenes.table.parts import ViewT
from scenes.table.phones import PORT, TablePhones, phone_meta, phone_seats
from scenes.table.pieces import Pieces
from scenes.table.seating import Seating
from scenes.table.sprites import FlyingToken, PieceSprite
from scenes.table.store import MatchStore
from scenes.table.zones import Zone

log = logging.getLogger("finis.table")


PHONE_STRIP_EVERY = 0.5  # seconds between looks at the phones' round trips for the status bar


class TableScene(Seating[ViewT], FirstDraw[ViewT], Pieces[ViewT], Painting[ViewT], Scene):
    """A game on the table. Subclasses give zones (`layout_zones`) and pictures (`face`)."""

    curtain_between_humans = True  # a game with hidden hands passes the screen behind a curtain
    computer_delay = 0.8  # seconds a computer seat "thinks" at normal speed
    runs_own_clock = False  # a game that times its rounds itself (Flag Finish's race clock)
    seed_word = "Deal"  # what the status bar calls the seed ("Match" at Finale's table)
    reserved_keys = ""  # letters the table keeps for its own shortcuts (no person's key)

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
        self.view = cast(ViewT, {})  # nothing seen yet: `refresh` below gives the view
        self.contents: dict[str, list] = {}
        self.log: deque[str] = deque(maxlen=6)
        self.images: dict[tuple, pygame.Surface] = {}
        self.pictures_seen = pictures.generation  # the step drawing's count these are from
        self.static: Optional[pygame.Surface] = None
        self.under: Optional[pygame.Surface] = None  # what lies under a dragged card
        self.under_key: tuple = ()
        self.size = app.size
        self.perspective: Optional[int] = None
        self.curtain_up = False
        self.shown_viewer: Optional[int] = None  # whose private view the picture shows now
        self.computer_wait = 0.0
        self.clock_ms: Optional[float] = None  # the table's clock while a game's time runs
        self.ai_rng = Rng(match.setup.seed * 31 + 7)
        self.players: dict[int, Any] = {}
        self.table_referee: Optional[Referee] = None  # made when first needed (`referee`)
        self.ended_shown = False
        self.hint: Optional[Any] = None
        self.shown_looks: tuple = ()  # the settings the pictures were drawn with (`looks`)
        self.legal_memo: tuple = ()  # the engine's legal actions for (state, seat, curtain)
        self.input = table_input.TableInput(self)
        self.buttons = ui.ButtonRow()
        phones = phone_seats(match.meta) if len(match.seats) > 1 else {}
        self.phone_seats = frozenset(phones)
        self.phones: Optional[TablePhones] = None
        self.panel_pointer: Optional[tuple[int, int]] = None  # the pointer over the join panel
        self.phone_strip = ""  # the phones' line in the status bar, as last painted
        self.phone_strip_due = 0.0  # when to look at the phones' round trips again
        if phones:
            self.phones = TablePhones(self, phones, port=int(match.meta.get("phone_port", PORT)))
        self.tools = ui.ButtonRow([
            ui.Button("Menu", self.open_menu, tip="Pause menu (Esc)"),
            ui.Button("Undo", self.undo, tip=UNDO_TIP),
            ui.Button("Hint", self.show_hint, key=pygame.K_h, tip="What would a good player do? (H)"),
            ui.Button("Rules", self.open_rules, key=pygame.K_F1, tip="Rules of this game (F1)"),
        ])
        self.perspective = self.next_perspective()
        self.shown_looks = self.looks()
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

    def layout_zones(self, size: tuple[int, int], view: ViewT) -> dict[str, Zone]:
        """The zones for this window size and view."""
        raise NotImplementedError

    def zone_contents(self, view: ViewT) -> dict[str, list]:
        """What lies in each zone (a game may add token piles to the engine's zones)."""
        return view["zones"]

    def face(self, piece: str, size: tuple[int, int]) -> pygame.Surface:
        """The face of a piece at a size."""
        raise NotImplementedError

    def back(self, piece: str, size: tuple[int, int]) -> pygame.Surface:
        """The back of a face-down piece."""
        return table_art.card_back(size[0], size[1], self.app.settings.card_back)

    def token_image(self, kind: str, diameter: int) -> pygame.Surface:
        """A token for flying animations (a game with tokens, like Finished!'s sweets and
        coffee, draws its own): a plain gold disc."""
        image = pygame.Surface((diameter, diameter), pygame.SRCALPHA)
        pygame.draw.circle(image, ui.GOLD, (diameter // 2, diameter // 2), diameter // 2)
        return image

    def describe_piece(self, piece: str) -> str:
        """What hovering a piece tells."""
        return ""

    def tip_anchor(self, sprite: PieceSprite) -> Optional[pygame.Rect]:
        """What a card's tip stands beside and never covers: the card, the area it lies in and
        that area's label (a game whose areas are large, like Finale's pitch, names less)."""
        return self.input.zone_anchor(sprite)

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

    def countdown_rects(self) -> list[pygame.Rect]:
        """Where a countdown stands on screen now (a game with timed windows names them):
        nothing is ever drawn over it."""
        return []

    def mover_hand(self) -> list[pygame.Rect]:
        """The cards of the person whose eyes the table shows: their hand's zone (a HandFan
        they own) and the cards in it, whose tilted corners may reach past it."""
        viewer = self.shown_viewer
        if viewer is None:
            return []
        found = []
        for zone in self.zones.values():
            if isinstance(zone, HandFan) and zone.owner == viewer:
                rect = zone.rect.copy()
                for sprite in self.sprites.values():
                    if sprite.zone == zone.id and not sprite.remove_when_done:
                        rect.union_ip(sprite.rect)
                found.append(rect)
        return found

    def keep_clear(self) -> list[pygame.Rect]:
        """What no tip, message or hint may cover: the hand of the person to move and every
        countdown."""
        return self.mover_hand() + self.countdown_rects()

    def message_area(self, size: tuple[int, int]) -> pygame.Rect:
        """Toasts stack above the tip bar and left of the button column (End turn, Confirm)."""
        w, h = size
        base = ui.ui_size(size)
        right = w - button_column_width(size) - base * 2
        return pygame.Rect(0, 0, max(base * 10, right), h - base * 4)

    def on_roll(self, event: Event, delay: float) -> None:
        """A die was rolled (games with dice animate it)."""

    def inputs_for(self, action: Any) -> Optional[list[pygame.event.Event]]:
        """How a person makes `action` now: the events of its gesture, button or key, from the
        layout as it stands (one step of it, if it takes several); None if nothing on screen
        makes it. A game with controls of its own adds them (scenes/table/gestures.py)."""
        from scenes.table.gestures import table_inputs
        return table_inputs(self, action)

    def unoffered(self, action: Any) -> str:
        """Hook: why this table never offers a person a legal action ('' when it does)."""
        return ""

    # -- the game's part in the table's life (the shared table calls these; a game's table
    # implements the ones it needs and never overrides the lifecycle itself: docs/table.md) --

    def on_event(self, event: pygame.event.Event) -> bool:
        """Hook: the game's own controls and keys see each input event first; True when one
        of them used it (it then goes no further)."""
        return False

    def before_frame(self, dt: float) -> None:
        """Hook: the game's own clocks and animations advance, before the shared frame."""

    def after_frame(self, dt: float) -> None:
        """Hook: after the shared frame (a board or sheet the game opens by itself)."""

    def own_animations(self) -> bool:
        """Hook: something of the game's own is still moving (a die, a turning card): the
        table counts it as animating (a click skips it; the end waits for it)."""
        return False

    def own_busy(self) -> bool:
        """Hook: the game keeps the frames coming for something else of its own (a clock, a
        reveal on show)."""
        return False

    def animations_skipped(self) -> None:
        """Hook: the shared animations were brought to their end: end the game's own too."""

    def refresh_starts(self) -> None:
        """Hook: the pieces are about to follow a new view."""

    def refreshed(self, events: list[Event], animate: bool) -> None:
        """Hook: the pieces follow the new view (`self.view`); the game places its own
        controls and takes what the events show (a reveal, an announcement)."""

    def changed(self, events: list[Event], animate: bool) -> None:
        """Hook: a change was shown and the screen passed where it must (a game may lengthen
        the computers' pause)."""

    def looks(self) -> tuple:
        """Hook: the settings the pieces' pictures depend on: when one changed under a menu,
        the pictures are drawn afresh."""
        return (self.app.settings.colour_blind, self.app.settings.card_back)

    def resumed(self) -> None:
        """Hook: the table is on top again (after a menu, the rules, a board)."""

    def offered(self, actions: list) -> list:
        """Hook: of the person's legal actions, those the table offers as moves (a game whose
        reactions go by keys leaves those out)."""
        return actions

    def table_refusal(self, action: Any) -> str:
        """Hook: why the table itself refuses an action now, before the rules see it (a
        paused race); '' when it does not."""
        return ""

    def acted(self, action: Any, events: list[Event]) -> None:
        """Hook: an action was applied through the table (a game says some aloud)."""

    def turns_held(self) -> bool:
        """Hook: the computers' turns wait now for something only the game knows (a race on
        its own clock, a deal a person makes)."""
        return False

    def hands_hidden(self) -> bool:
        """Hook: every hand lies face down for everybody just now (Flag Finish before Go):
        the phones show their seat no card and take no move until it is over."""
        return False

    def make_referee(self, computers: dict[int, Any]) -> Referee:
        """Hook: the referee of the computer seats (a game may pace it its own way)."""
        return Referee(self.engine, computers, self.ai_rng)

    def clock_stands(self) -> bool:
        """Hook: the table's clock stands for now though the game's time runs (Finita: while
        cards glide, so a window opens when its card has landed)."""
        return False

    def result_scene(self) -> Scene:
        """Hook: what shows the result at the end (default: the shared result overlay)."""
        from scenes.table.overlays import ResultOverlay
        return ResultOverlay(self.app, self)

    def covering(self, surface: pygame.Surface) -> bool:
        """Hook: draw something in place of the whole table (a paused race shows only the
        felt); True when it did."""
        return False

    def draw_over(self, surface: pygame.Surface) -> None:
        """Hook: drawn over everything else of the table (a countdown banner)."""

    # -- seats and perspective ------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.match.state

    @property
    def seats(self):
        return self.match.seats

    # -- acting ---------------------------------------------------------------------------

    def act(self, action) -> bool:
        """Apply an action for a seat; on refusal show the reason. True if it was applied."""
        reason = self.apply(self.stamped(action), hinted=self.follows_hint(action))
        if reason:
            self.refuse(reason)
        return not reason

    def apply_from_phone(self, seat: int, action) -> Optional[str]:
        """A move sent by the phone of `seat` (stamped on arrival by the phones' host): applied
        as a move at the screen is; the reason it was refused goes back to that phone only.
        The table stands still under a menu or a curtain, for phones too."""
        if seat not in self.phone_seats or action.seat != seat:
            return "That seat is not this phone's."
        if self.app.manager.top is not self:
            return "The table is paused on the big screen: wait a moment."
        if self.hands_hidden():
            return "Wait for the start: every hand still lies face down."
        return self.apply(action, hinted=False) or None

    def apply(self, action, hinted: bool = False) -> str:
        """Apply an action with everything that follows it (the log, the pictures, the
        computers' answer); '' when done, else the reason it was refused."""
        refusal = self.table_refusal(action)
        if refusal:
            return refusal
        before = self.state
        try:
            events = self.match.act(action, hinted=hinted)
        except IllegalAction as exc:
            return exc.reason
        judge = self.table_referee
        if judge is not None and self.seats[action.seat].is_human:
            judge.applied(before, action, self.state)  # computer seats react to a person too
        if self.hint is not None and (action.seat == self.hint.seat
                                      or self.hinted_move() is None):
            self.hint = None  # made, or no longer possible (another seat's move may leave it)
            self.static = None
        self.app.play("drop" if not any(e.reveals for e in events) else "deal")
        self.after_change(events)
        self.acted(action, events)
        return ""

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
                   and len(self.person_seats()) > 1 and self.match.outcome() is None
                   and (new != self.perspective
                        or (was_shared and self.curtain_between_humans and not self.shared_screen())))
        if passing and new is not None and self.curtain_between_humans and self.phone_seats:
            # the people with phones watch the screen: a hand there shows only behind its
            # owner's curtain, once it is that person's move (no hand-over: nobody may see
            # the mover's hand after the move)
            self.perspective = new
            if self.viewer() is not None:
                self.show_curtain()
        elif passing and new is not None and self.curtain_between_humans:
            if new != self.perspective and not was_shared:
                self.hand_over(new)  # the mover sees the result first, then passes the screen
            else:
                self.perspective = new
                self.show_curtain()
        elif passing and new is not None:
            self.perspective = new
            self.turn_passed(new)
        else:
            self.perspective = new
        self.refresh(events, animate)
        self.computer_wait = self.computer_delay * self.speed()
        self.changed(events, animate)

    def speed(self) -> float:
        return self.app.settings.speed_factor()

    def show_hint(self) -> None:
        legal = self.legal()
        if not legal:
            self.refuse("Nothing to do for you right now.")
            return
        player = make_player(self.match.game_id, self.info.default_strength)
        action = player.choose(self.engine.view(self.state, self.perspective), legal,
                               Rng(len(self.match.steps) + 17))
        self.hint = action  # shown until the move is made or the turn ends (act, undo)
        self.input.focus_key = None  # Enter now plays the hint: no focus left anywhere unseen
        self.match.meta["hints"] = int(self.match.meta.get("hints", 0)) + 1
        self.store.save()
        self.static = None  # the status bar says the hint (painting.paint_status)
        self.app.needs_redraw = True

    @property
    def hint_words(self) -> str:
        """The hint in words (said in the status bar while it stands)."""
        return self.engine.describe(self.hint) if self.hint is not None else ""

    def hinted_move(self):
        """The legal move the standing hint names, or None. A move of a game on a clock
        carries its time, which moves on with every action: the hint names the move, not the
        moment, so it is compared without its time."""
        hint = self.hint
        if hint is None:
            return None
        engine = self.engine
        wanted = engine.at_time(hint, 0)
        return next((a for a in self.legal() if engine.at_time(a, 0) == wanted), None)

    def play_hint(self) -> bool:
        """Enter after a hint: make the hinted move. False if there is none to make."""
        move = self.hinted_move()
        if move is None:
            self.hint, self.static = None, None
            return False
        return self.act(move)

    def open_menu(self, back: Optional[Scene] = None) -> None:
        """The pause menu; `back`, a scene over the table that Esc came from (the curtain),
        steps aside for it and comes back with Resume."""
        from scenes.table.overlays import PauseMenu
        self.input.cancel()
        if back is not None:
            self.app.pop(back)
        self.app.push(PauseMenu(self.app, self, back))

    def pause(self) -> None:
        """Something opens over the table: a card in hand goes back where it lay (nothing
        changes the table under a held card, and no drag outlives the table's turn on top)."""
        super().pause()
        self.input.cancel()

    def open_rules(self) -> None:
        from scenes.rules import RulesScene
        self.app.push(RulesScene(self.app, self.match.game_id))

    # -- picture of the state -------------------------------------------------------------

    def resume(self) -> None:
        super().resume()
        looks = self.looks()
        if looks != self.shown_looks:  # the settings changed the pieces' pictures
            self.shown_looks = looks
            self.images.clear()
            self.refresh([], animate=False)
        self.resumed()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if tuple(size) == tuple(self.size) and self.zones:
            return  # pushed at the size it was built for: keep the animations going
        self.size = size
        self.images.clear()
        # pictures at a new size are drawn in steps (scenes/art/_cache.py): once the frame's
        # budget is spent, the last size's picture stands in, scaled, and `update` swaps the
        # real ones in as they come
        with pictures.frame(new_size=True):
            self.refresh([], animate=False)
        self.pictures_seen = pictures.generation

    def draw(self, surface: pygame.Surface) -> None:
        if self.covering(surface):
            return
        self.draw_pictures(surface, super().draw)  # in steps (firstdraw.py)
        self.draw_over(surface)
        if self.phones is not None:
            self.draw_phones(surface)

    def panel_takes(self, event: pygame.event.Event) -> bool:
        """While the join panel shows, the table under it takes no move: only the panel's
        keys (F2, Esc, a seat's number), its buttons, the rules (F1) and the tool buttons
        (Menu, Rules) work."""
        phones = self.phones
        assert phones is not None
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_F2, pygame.K_ESCAPE):
                self.toggle_phones()
                return True
            if pygame.K_1 <= event.key <= pygame.K_9:
                seat = phones.seat_of_key(event.key - pygame.K_0)
                if seat is not None:
                    self.move_seat(seat)
                return True
            return not (event.key == pygame.K_F1)
        if event.type == pygame.MOUSEMOTION:
            self.panel_pointer = event.pos
            self.app.needs_redraw = True
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                seat = phones.button_at(self.app.screen.get_size(), event.pos)
                if seat is not None:
                    self.move_seat(seat)
                    return True
            self.tools.handle(event)
            return True
        return False

    def can_move_seats(self) -> bool:
        """Whether people may move between phones and this screen here: a game of several
        seats with a person in one, not over."""
        return (len(self.seats) > 1 and bool(self.person_seats())
                and self.match.outcome() is None)

    def move_seat(self, seat: int) -> None:
        """A person's seat goes from a phone to this screen, or from this screen to a phone
        (the join panel's button or number key), kept in the save at once. A seat taken back
        loses its address (its phone can no longer act); a seat given to a phone gets a new
        one. The game may refuse a seating it cannot be played with (`seating_problem`)."""
        if seat not in self.person_seats() or not self.can_move_seats():
            return
        phones = dict(phone_seats(self.match.meta))
        to_screen = seat in phones
        after = set(phones) - {seat} if to_screen else set(phones) | {seat}
        problem = self.seating_problem(after)
        if problem:
            self.refuse(problem)
            return
        if to_screen:  # (the panel shows the change: its code goes or comes; no toast
            # is laid over the codes being scanned)
            del phones[seat]
            if self.phones is not None:
                self.phones.remove(seat)
        else:
            phones[seat] = phone_meta([seat])["phones"][str(seat)]
            self.open_phones().add(seat, phones[seat])
        self.match.meta["phones"] = {str(s): secret for s, secret in sorted(phones.items())}
        self.phone_seats = frozenset(phones)
        self.store.save()
        self.seats_moved()
        self.static = None  # the background painted with the old seating is painted afresh
        self.input.cancel()
        self.perspective = self.next_perspective()
        self.refresh([], animate=False)
        self.app.needs_redraw = True

    def seating_problem(self, phones: set[int]) -> str:
        """Why this game cannot be played with the people of `phones` on phones and the
        other people at the screen ('' when it can). A game with rules of its own says so."""
        return ""

    def seats_moved(self) -> None:
        """A seat moved between a phone and the screen (games with keys per seat remap)."""

    def draw_phones(self, surface: pygame.Surface) -> None:
        """The join panel while it is open; else, while a phone seat must act and its phone
        is away, a line saying the table waits for it."""
        phones = self.phones
        assert phones is not None
        if phones.panel_open:
            phones.draw_panel(surface, self.panel_pointer)
            return
        lines = []
        waiting = phones.waiting_for()
        if waiting:
            names = " and ".join(self.seats[s].name for s in waiting)
            lines.append(f"Waiting for {names}'s phone to join (F2 shows how)")
        slow = phones.slow_seats()
        slow = slow if slow and self.engine.clocked(self.state) else []
        if slow:  # a race is on: a slow phone presses late through no fault of its holder
            names = " and ".join(self.seats[s].name for s in slow)
            lines.append(f"{names}'s phone answers slowly: races may not be fair")
        w = surface.get_width()
        base = max(11, min(surface.get_size()) // 45)
        top = int(base * 2.6)
        for words in lines:
            box = pygame.Rect(0, 0, min(w - 2 * base, base * 34), int(base * 2.2))
            box.midtop = (w // 2, top)
            ui.panel(surface, box, 225)
            ui.text(surface, words, base, box.center, colour=ui.WARN, anchor="center",
                    max_width=box.width - base)
            top = box.bottom + base // 3

    # -- frame ----------------------------------------------------------------------------

    def busy(self) -> bool:
        return (self.animating() or self.computer_pending() or self.input.dragging
                or self.pictures_busy() or self.own_busy())

    def enter(self) -> None:
        if self.phones is not None and self.phones.server is None:
            self.phones.begin()  # the phones may join from the moment the table shows
        super().enter()

    def exit(self) -> None:
        if self.phones is not None:
            self.phones.stop()
        super().exit()

    def open_phones(self) -> TablePhones:
        """The table's phones, their server opened now at a table that had none yet (on the
        port the save remembers, if any)."""
        if self.phones is None:
            self.phones = TablePhones(self, {}, port=int(self.match.meta.get("phone_port", PORT)))
            self.phones.begin()
        return self.phones

    def toggle_phones(self) -> None:
        """F2: the join panel shows or goes (while it shows, nobody's hand does). At a table
        with no phones yet, it opens the phones' server first, so a person at the screen may
        move to a phone."""
        if self.phones is None:
            if not self.can_move_seats():
                return
            self.open_phones().panel_open = False  # (opened just below)
        assert self.phones is not None
        self.phones.panel_open = not self.phones.panel_open
        if self.phones.panel_open:
            self.input.cancel()
            self.refresh([], animate=False)
        else:
            self.phones_panel_closed()
        self.app.needs_redraw = True

    def phones_panel_closed(self) -> None:
        """The join panel went: the table shows again, behind the curtain of the person at
        the screen when it is that person's move and others look on. With no phone seat
        left, the phones' server closes."""
        if self.phones is not None and not self.phone_seats:
            self.phones.stop()
            self.phones = None
        self.refresh([], animate=False)
        if (self.viewer() is not None and self.curtain_between_humans
                and len(self.person_seats()) > 1 and self.match.outcome() is None):
            self.show_curtain()

    def update(self, dt: float) -> None:
        if self.phones is not None:
            was_open = self.phones.panel_open
            if self.phones.poll(still=not (self.animating() or self.input.dragging)):
                self.app.needs_redraw = True
            now = time.monotonic()
            strip = self.phone_strip
            if self.phones is not None and now >= self.phone_strip_due:  # a few looks a second
                self.phone_strip_due = now + PHONE_STRIP_EVERY
                strip = self.phones.strip()
            if strip != self.phone_strip:  # the status bar (a cached picture) tells it
                self.phone_strip = strip
                self.static = None
                self.app.needs_redraw = True
            if was_open and not self.phones.panel_open:  # every phone joined
                self.phones_panel_closed()
        self.before_frame(dt)
        self.settle_pictures()
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
        if self.app.manager.top is self:  # under a menu, the rules or a curtain nobody moves
            if not self.runs_own_clock:
                self.run_clock(0.0 if self.clock_stands() else dt)
            if self.computer_pending() and not self.input.dragging:
                self.computer_wait -= dt
                if self.computer_wait <= 0:
                    self.computer_move()
            self.check_end()
        self.after_frame(dt)

    def check_end(self) -> None:
        outcome = self.match.outcome()
        if self.ended_shown or outcome is None or self.animating():
            return
        self.ended_shown = True
        self.store.finish()
        self.on_game_over()
        self.app.play("win" if any(w in self.person_seats() for w in outcome.winners)
                      or not self.person_seats() else "refuse")
        self.show_result()

    def result_buttons(self, overlay) -> list:
        """Extra buttons for the result overlay (Finished!: watch the movie)."""
        return []

    def on_game_over(self) -> None:
        """The game just ended (statistics are recorded); games add their own keepsakes."""

    def show_result(self) -> None:
        self.app.push(self.result_scene())

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.phones is not None and self.phones.panel_open and self.panel_takes(event):
            return True
        if self.on_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F2 and (self.phones is not None or self.can_move_seats()):
                self.toggle_phones()
                return True
            if event.key == pygame.K_ESCAPE:
                if self.input.cancel():
                    return True
                if self.phones is not None and self.phones.panel_open:
                    self.toggle_phones()  # Esc closes the join panel first
                    return True
                self.open_menu()
                return True
            if self.input.lift is not None:
                return self.input.held_key(event)
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()
                return True
        if self.input.lift is not None and event.type in (pygame.MOUSEBUTTONDOWN,
                                                          pygame.MOUSEBUTTONUP):
            return self.input.handle(event)  # a held card takes the click: put down or back
        if event.type in (pygame.MOUSEMOTION, pygame.WINDOWLEAVE):
            moved = self.buttons.handle(event) | self.tools.handle(event)
            return self.input.handle(event) or moved  # the tip follows the pointer anywhere
        if self.buttons.handle(event) or self.tools.handle(event):
            return True
        return self.input.handle(event)

    # -- drawing --------------------------------------------------------------------------

