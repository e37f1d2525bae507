"""The Flag Finish table: hands, rows, the draw heap, the discard spread, and the race clock.

Warm-up races take turns; the shared table runs them (computer racers think for
`computer_delay` seconds, shortened by the animation-speed setting; the screen passes behind
a curtain between people). Challenge races run on the race clock (clock.py): a countdown,
then the person and the computer racers act at once, every action stamped with its race time
in milliseconds, so the saved match replays exactly. The clock stops whenever something is
opened over the table (menu, rules, settings, score board), and the table is then hidden.

Between races the score board (board.py) opens by itself; the next race is dealt only from
it or from the table's "Next race" button, never by a computer racer.
"""
from __future__ import annotations

import dataclasses
import logging
from typing import Any, Optional

import pygame

from game.core import HIDDEN, Action, Event, IllegalAction
from game.core.players import make_player
from game.core.text import plural
from game.flag_finish.actions import RACE_KINDS, Close
from game.flag_finish.data import colour_of, is_flag, number_of
from game.flag_finish.simulate import reaction_ms
from game.flag_finish.state import CHALLENGE, CLOSING, MATCH_OVER, RACE_OVER, RACING
from scenes import widgets as ui
from scenes.flag_finish import faces, paint
from scenes.flag_finish.board import RaceBoard
from scenes.flag_finish.clock import RaceClock
from scenes.flag_finish.input import FlagInput
from scenes.flag_finish.layout import layout
from scenes.flag_finish.spread import LooseSpread
from scenes.table.scene import TableScene
from scenes.table.sprites import CARDS, DRAGGED
from scenes.table.zones import Zone

log = logging.getLogger("finis.flag_finish")


def hand_order(card: str) -> tuple[int, str]:
    """Your hand reads in sequence order: numbers up, flags last."""
    number = number_of(card)
    return (99 if number is None else number, colour_of(card) or "")


class Table(TableScene):
    """Two or three racers; you at the bottom, the others across the table."""

    curtain_between_humans = True
    computer_delay = 0.7

    def __init__(self, app, match) -> None:
        self.challenge = match.options.get("mode") == CHALLENGE
        if self.challenge and sum(1 for s in match.seats if s.is_human) > 1:
            raise ValueError("Challenge races run in real time, so only one person can race at "
                             "the screen: make the other seats computer racers.")
        self.spread = LooseSpread()
        self.spread_race: Any = None  # the race the spread shows
        self.spread_seen = 0  # how many of the match's states the spread has followed
        self.spread_last: Any = None  # the last state it followed (an undo replaces it)
        self.spread_frame: tuple = ()  # the discard area and card size it was laid for
        self.clock = RaceClock()
        self.board_race = 0  # the race whose score board has been shown
        self.dealt_race = 0  # the race whose deal has finished gliding onto the table
        self.looks = (app.settings.colour_blind, app.settings.card_back)
        super().__init__(app, match)
        self.input = FlagInput(self)
        if not match.steps and not self.log:  # the deal and the first green, for the race log
            for event in self.engine.opening_events(self.state):
                if event.text:
                    self.log.append(event.text)
        self.sync_clock()

    # -- seats ----------------------------------------------------------------------------

    def bottom(self) -> int:
        """The seat sitting at the bottom edge: the person whose eyes the table shows."""
        return self.perspective if self.perspective is not None else 0

    def racer(self, seat: int) -> Any:
        if seat not in self.players:
            self.players[seat] = make_player(self.match.game_id, self.seats[seat].strength)
        return self.players[seat]

    def racing(self) -> bool:
        return self.state.phase in (RACING, CLOSING)

    # -- zones and pictures ---------------------------------------------------------------

    def zone_contents(self, view: dict[str, Any]) -> dict[str, list]:
        contents = dict(view["zones"])
        me = view.get("seat")
        if me is not None:
            contents[f"hand{me}"] = sorted(contents[f"hand{me}"], key=hand_order)
        return contents

    def layout_zones(self, size: tuple[int, int], view: dict[str, Any]) -> dict[str, Zone]:
        zones = layout(size, len(self.seats), self.bottom(), hand_up=not self.hand_hidden())
        discard = zones["discard"]
        self.follow_discards(discard.rect, discard.card)
        pile = self.spread.sync(list(view["zones"]["discard"]))
        order, spots = self.spread.spots(discard.rect, discard.card, pile)
        self.contents["discard"] = order  # the spread's own stacking order
        discard.extra["spots"] = spots
        return zones

    def follow_discards(self, rect: pygame.Rect, card: tuple[int, int]) -> None:
        """Bring the discard spread up to the match's last state, pile by pile, as the actions
        left it; rebuilt from the race's first state after an undo, on a resumed table and
        for a new window size, so the same actions always lie the same way."""
        states = self.match.states
        frame = (tuple(rect), tuple(card))
        seen = self.spread_seen
        if frame != self.spread_frame or seen > len(states) or (
                seen and states[seen - 1] is not self.spread_last):
            start = len(states) - 1
            race = states[-1].race
            while start > 0 and states[start - 1].race == race:
                start -= 1
            old, self.spread = self.spread, LooseSpread()
            self.spread_race, self.spread_frame, seen = race, frame, start
            self._follow(states[start:], rect, card)
            self.spread.keep_moved(old, list(states[-1].discard))
        else:
            self._follow(states[seen:], rect, card)
        self.spread_seen, self.spread_last = len(states), states[-1]

    def _follow(self, states: list, rect: pygame.Rect, card: tuple[int, int]) -> None:
        for state in states:
            if state.race != self.spread_race:  # a new race: a new pile on the table
                self.spread, self.spread_race = LooseSpread(), state.race
            self.spread.follow([self.engine.view(state, None)["zones"]["discard"]], rect, card)

    def hand_hidden(self) -> bool:
        """Before Go your cards lie face down, as at a real table."""
        return self.challenge and self.racing() and (
            self.clock.counting or self.clock.race != self.state.race)

    def face(self, piece: str, size: tuple[int, int]) -> pygame.Surface:
        return faces.card_face(piece, size[0], size[1], self.app.settings.colour_blind)

    def describe_piece(self, piece: str) -> str:
        return ""

    def resume(self) -> None:
        super().resume()
        looks = (self.app.settings.colour_blind, self.app.settings.card_back)
        if looks != self.looks:  # the settings changed the cards' pictures
            self.looks = looks
            self.images.clear()
            self.refresh([], animate=False)

    # -- refreshing while a card is held --------------------------------------------------

    def refresh(self, events: list[Event], animate: bool = True) -> None:
        """As the shared table; a card held by the person stays in hand while others act."""
        lift = getattr(getattr(self, "input", None), "lift", None)
        held = lift.sprite.pos if lift else None
        if lift:
            self.group.change_layer(lift.sprite, CARDS)
        super().refresh(events, animate)
        if self.frozen_reason():
            self.view["status"] = self.frozen_reason()
        if self.challenge:
            self.tools.buttons[1].enabled = False  # no undo in a real-time race
        if lift is None:
            return
        sprite = lift.sprite
        if self.sprites.get(sprite.key) is not sprite or sprite.zone != lift.source:
            self.input.lift = None  # someone else took it
            self.input.hover_target = None
            sprite.lifted = False
            sprite.refresh()
            return
        lift.home = sprite.tween.end if sprite.tween else sprite.pos
        sprite.tween = None
        sprite.pos = held if lift.by_pointer and held else lift.home
        lift.targets = self.input.targets_for(sprite.piece, lift.source)
        self.group.change_layer(sprite, DRAGGED)
        sprite.refresh()

    def _event_order(self, events: list[Event]) -> dict[str, tuple[Optional[str], Optional[str], float]]:
        """As the shared table, plus: a hidden card drawn or dealt flies from the heap to the
        new card in the hand, and the cards gathered for a new race fly back all at once."""
        order: dict[str, tuple[Optional[str], Optional[str], float]] = {}
        arrivals: dict[str, list[str]] = {}
        count = 0.0
        for event in events:
            if event.kind not in ("move", "flip") or not event.piece:
                continue
            if event.piece == HIDDEN:
                if event.target and event.target != "draw":
                    if event.target not in arrivals:
                        arrivals[event.target] = self._new_keys(event.target)
                    if arrivals[event.target]:
                        key = arrivals[event.target].pop(0)
                        order[key] = (event.source, event.target, count)
                        count += 0.25
                continue
            if event.piece in order:
                source, _, index = order[event.piece]
                order[event.piece] = (source, event.target, index)
            elif event.target == "draw":
                order[event.piece] = (event.source, event.target, count)
            else:
                order[event.piece] = (event.source, event.target, count)
                count += 1
        return order

    def _new_keys(self, zone: str) -> list[str]:
        keys = []
        for index, piece in enumerate(self.contents.get(zone, [])):
            key = piece if piece != HIDDEN else f"?{zone}:{index}"
            if key not in self.sprites:
                keys.append(key)
        return keys

    # -- acting ---------------------------------------------------------------------------

    def frozen_reason(self) -> str:
        """Why nobody may act on the table right now ('' when they may)."""
        if self.challenge and self.racing() and (self.clock.counting
                                                 or self.clock.race != self.state.race):
            return "Get ready: the race starts on Go!"
        return ""

    def legal(self) -> list:
        """What the person may do; in challenge the finish closes by itself (no button)."""
        if self.frozen_reason():
            return []
        actions = super().legal()
        if self.challenge:
            actions = [a for a in actions if a.kind != "close"]
        return actions

    def act(self, action: Action) -> bool:
        """As the shared table; in challenge a race action carries the race clock's time."""
        if self.challenge and action.kind in RACE_KINDS:
            reason = self.frozen_reason()
            if reason:
                self.refuse(reason)
                return False
            stamp = max(self.clock.now(), self.state.last_ms)
            action = dataclasses.replace(action, ms=stamp)  # type: ignore[call-arg]
        return super().act(action)

    def act_for_table(self, action: Action) -> bool:
        """A computer racer's or the table's own action: problems go to the log, not a toast."""
        try:
            events = self.match.act(action)
        except IllegalAction as exc:
            log.warning("refused %s: %s", action.text(), exc.reason)
            return False
        self.app.play("drop" if not any(e.reveals for e in events) else "deal")
        self.after_change(events)
        return True

    def undo(self) -> None:
        if self.challenge:
            self.refuse("A real-time race has no taking back.")
            return
        super().undo()

    def computer_pending(self) -> bool:
        """Warm-up turns only: challenge racers run on the clock, and no computer ever deals
        the next race (the person does, from the score board)."""
        if self.challenge or self.state.phase == RACE_OVER or self.dealing():
            return False
        return super().computer_pending()

    def dealing(self) -> bool:
        """The cards of a new race are still gliding out: computer racers wait for them."""
        if self.dealt_race == self.state.race:
            return False
        if self.animating():
            return True
        self.dealt_race = self.state.race
        return False

    def next_race(self) -> None:
        """Deal the next race (from the score board or the table's button)."""
        seat = self.bottom()
        for action in self.engine.legal_actions(self.state, seat):
            if action.kind == "next_race":
                super().act(action)
                return

    def can_arrange(self) -> bool:
        """Discards may be pushed around whenever the table is not frozen or hidden."""
        return not self.curtain_up and self.state.phase != MATCH_OVER

    def arrange_discard(self, card: str, centre: Optional[tuple[float, float]]) -> None:
        """Lay a discard somewhere else in the discard area (a picture-only change)."""
        zone = self.zones.get("discard")
        if zone is None or card not in self.contents.get("discard", []):
            return
        self.spread.move(card, zone.rect, zone.card, centre)
        self.refresh([], animate=False)
        self.app.play("flip")

    # -- the race clock -------------------------------------------------------------------

    def sync_clock(self) -> None:
        """A challenge race that has not been counted in yet gets its countdown."""
        if self.challenge and self.racing() and self.clock.race != self.state.race:
            self.clock.start(self.state.race, self.state.last_ms)

    def race_running(self) -> bool:
        """The challenge clock runs: a race is on and the table is on top."""
        return (self.challenge and self.racing() and not self.curtain_up
                and self.app.manager.top is self)

    def race_paused(self) -> bool:
        """A challenge race is on, but something is open over the table."""
        manager = self.app.manager
        return (self.challenge and self.racing() and manager.top is not self
                and manager.find(Table) is self)

    def on_go(self) -> None:
        now = self.clock.now()
        for seat, info in enumerate(self.seats):
            if not info.is_human:
                self.clock.due[seat] = now + reaction_ms(self.racer(seat), self.ai_rng)
        self.app.play("flip")
        self.refresh([], animate=True)

    def challenge_step(self) -> None:
        """Let every computer racer whose time has come act, and close an ended finish."""
        for _ in range(8):
            if not self._challenge_once():
                return

    def _challenge_once(self) -> bool:
        state, now = self.state, self.clock.now()
        if not self.racing():
            return False
        if state.phase == CLOSING and state.window_end is not None and now >= state.window_end:
            return self.act_for_table(Close(self.bottom(), max(state.window_end, state.last_ms)))
        ready = sorted((due, seat) for seat, due in self.clock.due.items() if due <= now)
        for due, seat in ready:
            legal = self.engine.legal_actions(state, seat)
            if not legal:
                self.clock.due[seat] = now + 250
                continue
            player = self.racer(seat)
            choice = player.choose(self.engine.view(state, seat), legal, self.ai_rng)
            if choice.kind not in RACE_KINDS or choice.kind == "close":
                self.clock.due[seat] = max(due + 50, state.window_end or now + 250)
                continue
            action = dataclasses.replace(choice, ms=max(due, state.last_ms))  # type: ignore[call-arg]
            if self.act_for_table(action):
                self.clock.due[seat] = action.ms + reaction_ms(player, self.ai_rng)  # type: ignore[attr-defined]
                return True
            self.clock.due[seat] = now + reaction_ms(player, self.ai_rng)
        return False

    # -- frame ----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.sync_clock()
        if self.race_running() and self.clock.tick(dt):
            self.on_go()
        super().update(dt)
        if self.race_running() and not self.clock.counting:
            self.challenge_step()
        self.maybe_show_board()

    def busy(self) -> bool:
        return super().busy() or self.race_running()

    def maybe_show_board(self) -> None:
        state = self.state
        if state.phase != RACE_OVER or self.board_race == state.race:
            return
        if self.animating() or self.curtain_up or self.app.manager.top is not self \
                or self.input.lift is not None:
            return
        self.board_race = state.race
        scores = state.race_scores or []
        best = [s for s, p in enumerate(scores) if p == min(scores)] if scores else []
        self.app.play("win" if any(s in self.humans() for s in best) else "token")
        self.app.push(RaceBoard(self.app, self))

    def open_board(self) -> None:
        """The score board on request (S); between races it can deal the next one."""
        self.input.cancel()
        self.app.push(RaceBoard(self.app, self, can_deal=self.state.phase == RACE_OVER))

    def result_buttons(self, overlay) -> list:
        """The match result can show the race-by-race board."""
        return [ui.Button("Race by race", lambda: self.app.push(RaceBoard(self.app, self, False)),
                          key=pygame.K_b)]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s and not self.curtain_up:
            self.open_board()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and paint.info_rect(self).collidepoint(event.pos):
            self.open_board()
            return True
        return super().handle_event(event)

    # -- words for the board --------------------------------------------------------------

    def race_headline(self) -> str:
        view = self.view
        names = [s.name for s in self.seats]
        scores = view.get("race_scores")
        if scores is None:
            return f"Race {view.get('race', 1)} is on."
        crossed = [s for s in range(len(names))
                   if view["zones"][f"row{s}"] and is_flag(view["zones"][f"row{s}"][-1])]
        if not crossed:
            first = "Nobody crossed the line: the race was stopped."
        elif len(crossed) == 1:
            first = f"{names[crossed[0]]} crossed the line."
        else:
            first = " and ".join(names[s] for s in crossed) + " crossed the line together."
        low = min(scores)
        best = [names[s] for s, p in enumerate(scores) if p == low]
        return f"{first} Best race: {' and '.join(best)} with {low}."

    def match_note(self) -> str:
        view = self.view
        race, races = int(view.get("race", 1)), int(view.get("races", 1))
        if view.get("phase") == MATCH_OVER:
            return str(self.view.get("status", "The lowest total wins."))
        if view.get("phase") != RACE_OVER:
            return "The race goes on when you close this board."
        if race >= races:
            return "The lowest total is tied, so an extra race decides."
        left = races - race
        return f"{plural(left, 'race')} to go. The lowest total wins the match."

    # -- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.race_paused():
            paint.paused(self, surface)
            return
        super().draw(surface)
        paint.banner(self, surface)

    def log_area(self, size: tuple[int, int]) -> Optional[pygame.Rect]:
        """None: the race log has its own panel here (paint.race_log)."""
        return None

    def draw_under(self, surface: pygame.Surface) -> None:
        """Below the cards, drawn each frame: nothing now (see draw_static_extras)."""

    def draw_static_extras(self, surface: pygame.Surface) -> None:
        """What changes only with the view, painted into the cached background: the rows'
        next cards, name lines, pile labels and the race log."""
        base = ui.ui_size(surface.get_size())
        paint.placeholders(self, surface)
        for seat in range(len(self.seats)):
            paint.seat_line(self, surface, base, seat)
        paint.pile_labels(self, surface, base)
        paint.race_log(self, surface, base)

    def draw_extras(self, surface: pygame.Surface) -> None:
        base = ui.ui_size(surface.get_size())
        paint.race_line(self, surface, base)
        for seat in range(len(self.seats)):
            paint.hand_count(self, surface, base, seat)


__all__ = ["Table"]
