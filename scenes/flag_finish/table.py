"""The Flag Finish table: hands, rows, the draw heap, the discard spread, and the race clock.

Warm-up races take turns; the shared table runs them (computer racers think for
`computer_delay` seconds, shortened by the animation-speed setting; the screen passes behind
a curtain between people). Challenge races run on the race clock (racing.py): a countdown,
then the person and the computer racers act at once, every action stamped with its race time
in milliseconds, so the saved match replays exactly. The clock stops whenever something is
opened over the table (menu, rules, settings, score board), and the table is then hidden.

Between races the score board (board.py) opens by itself; the next race is dealt only from
it or from the table's "Next race" button, never by a computer racer.
"""
from __future__ import annotations

import logging
from typing import Any, Optional

import pygame

from game.core import HIDDEN, Action, Event, IllegalAction
from game.core.players import make_player
from game.flag_finish.actions import RACE_KINDS
from game.flag_finish.data import colour_of, number_of
from game.flag_finish.view import (CHALLENGE, DISCARD, DRAW, MATCH_OVER, RACE_ON, RACE_OVER,
                                   FlagView, hand_zone)
from scenes import widgets as ui
from scenes.flag_finish import art as faces
from scenes.flag_finish import paint, racing
from scenes.flag_finish.board import RaceBoard
from scenes.flag_finish.discards import DiscardSpread
from scenes.flag_finish.input import FlagInput
from scenes.flag_finish.layout import layout
from scenes.table import gestures
from scenes.table.clock import RaceClock
from scenes.table.draws import hidden_draw_order, new_keys
from scenes.table.phones import phone_seats
from scenes.table.scene import TableScene
from scenes.table.sprites import CARDS, DRAGGED
from scenes.table.zones import Zone

log = logging.getLogger("finis.flag_finish")


def hand_order(card: str) -> tuple[int, str]:
    """Your hand reads in sequence order: numbers up, flags last."""
    number = number_of(card)
    return (99 if number is None else number, colour_of(card) or "")



def seating_problem(match, phones: set[int]) -> str:
    """Why a Flag Finish match cannot be raced with these seats on phones ('' when it can):
    a challenge race runs in real time, so at most one person races at the screen, and with
    phones the screen shows the race to everybody, so then every person holds a phone."""
    if match.options.get("mode") != CHALLENGE:
        return ""
    here = sum(1 for i, s in enumerate(match.seats) if s.is_human and i not in phones)
    if here > 1:
        return ("Challenge races run in real time, so only one person can race at the screen: "
                "make the other seats computer racers, or people with phones.")
    if here and phones:  # everybody watches the screen while racing
        return ("In a challenge race with phones, the screen shows the race to everybody: "
                "put every person on a phone.")
    return ""

class Table(TableScene[FlagView]):
    """Two or three racers; you at the bottom, the others across the table."""

    curtain_between_humans = True
    computer_delay = 0.7
    runs_own_clock = True  # challenge races: the race clock with its countdown (racing.py)
    input: FlagInput  # (set in __init__: the shared input, with loose discards)

    def seating_problem(self, phones: set[int]) -> str:
        return seating_problem(self.match, phones)

    def __init__(self, app, match) -> None:
        self.challenge = match.options.get("mode") == CHALLENGE
        problem = seating_problem(match, set(phone_seats(match.meta)))
        if problem:
            raise ValueError(problem)
        self.discards = DiscardSpread()
        self.clock = RaceClock()
        self.board_race = 0  # the race whose score board has been shown
        self.dealt_race = 0  # the race whose deal has finished gliding onto the table
        super().__init__(app, match)
        self.input = FlagInput(self)
        if not match.steps and not self.log:  # the deal and the first green, for the race log
            for event in self.engine.opening_events(self.state):
                if event.code:  # an event that tells something: its sentence goes in the log
                    self.log.append(event.text)
        racing.sync_clock(self)

    # -- seats ----------------------------------------------------------------------------

    def bottom(self) -> int:
        """The seat sitting at the bottom edge: the person whose eyes the table shows."""
        return self.perspective if self.perspective is not None else 0

    def racer(self, seat: int) -> Any:
        if seat not in self.players:
            self.players[seat] = make_player(self.match.game_id, self.seats[seat].strength)
        return self.players[seat]

    def racing(self) -> bool:
        return self.state.phase in RACE_ON

    # -- zones and pictures ---------------------------------------------------------------

    def zone_contents(self, view: FlagView) -> dict[str, list]:
        contents = dict(view["zones"])
        me = view["seat"]
        if me is not None:
            contents[hand_zone(me)] = sorted(contents[hand_zone(me)], key=hand_order)
        if not contents[DRAW] and self.may_draw():
            contents[DRAW] = [HIDDEN]  # the discards, to be turned over into a new pile
        return contents

    def may_draw(self) -> bool:
        """Does the engine let the person draw from the pile now? When the pile has run out
        it still may (the discards become the new pile): one face-down card lies there, to be
        dragged into the hand like any, or nobody at the screen could draw."""
        return any(g.source == DRAW for a in self.legal()
                   for g in self.engine.gestures(self.state, a))

    def layout_zones(self, size: tuple[int, int],
                     view: FlagView) -> dict[str, Zone]:
        zones = layout(size, len(self.seats), self.bottom(), hand_up=not self.hands_hidden())
        self.contents[DISCARD] = self.discards.lay(  # the spread's own stacking order
            zones[DISCARD], self.match.states, self.public_discards, view["zones"][DISCARD])
        return zones

    def public_discards(self, state: Any) -> list[str]:
        """The discard pile of a state, as everybody sees it."""
        return self.engine.view(state, None)["zones"][DISCARD]

    def hands_hidden(self) -> bool:
        """Before Go every racer's cards lie face down, as at a real table (phones too)."""
        return racing.before_go(self)

    def face(self, piece: str, size: tuple[int, int]) -> pygame.Surface:
        return faces.card_face(piece, size[0], size[1], self.app.settings.colour_blind)

    def describe_piece(self, piece: str) -> str:
        return ""

    # -- refreshing while a card is held --------------------------------------------------

    def refresh_starts(self) -> None:
        """A card held by the person stays in hand while others act: where it is held is
        kept across the new picture (see refreshed)."""
        lift = self.input.lift
        self.held_card = (lift, lift.sprite.pos if lift else None)
        if lift:
            self.group.change_layer(lift.sprite, CARDS)

    def refreshed(self, events: list[Event], animate: bool) -> None:
        lift, held = self.held_card
        self.held_card = (None, None)
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

    def event_order(self, events: list[Event]) -> dict[str, tuple[Optional[str], Optional[str], float]]:
        """As the shared table, plus: a hidden card drawn or dealt flies from the heap to the
        new card in the hand, and the cards gathered for a new race fly back all at once."""
        return hidden_draw_order(events, lambda zone: new_keys(self.contents, self.sprites, zone))


    # -- acting ---------------------------------------------------------------------------

    def frozen_reason(self) -> str:
        """Why nobody may act on the table right now ('' when they may)."""
        if racing.before_go(self):
            return "Get ready: the race starts on Go!"
        return ""

    def offered(self, actions: list) -> list:
        """Nothing while the race stands; in challenge the finish closes by itself (no
        button)."""
        if self.frozen_reason():
            return []
        if self.challenge:
            actions = [a for a in actions if a.kind != "close"]
        return actions

    def table_refusal(self, action: Action) -> str:
        """In challenge no race action is taken while the race stands (paused, not yet on)."""
        if self.challenge and action.kind in RACE_KINDS:
            return self.frozen_reason() or ""
        return ""

    def stamped(self, action: Action) -> Action:
        """In challenge a race action carries the race clock's time."""
        if self.challenge and action.kind in RACE_KINDS:
            return self.engine.at_time(action, max(self.clock.now(), self.state.last_ms))
        return super().stamped(action)

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

    def turns_held(self) -> bool:
        """Warm-up turns only: challenge racers run on the clock, and no computer ever deals
        the next race (the person does, from the score board)."""
        return self.challenge or self.state.phase == RACE_OVER or self.dealing()

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

    def inputs_for(self, action: Action) -> Optional[list[pygame.event.Event]]:
        """As the shared table; between races the score board over it deals the next race
        (its Next race button, or Enter)."""
        top = self.app.manager.top
        if isinstance(top, RaceBoard):
            deal = top.buttons.buttons[0] if top.can_deal else None
            return gestures.press_button(deal, len(self.match.steps)) \
                if action.kind == "next_race" else None
        return super().inputs_for(action)

    def can_arrange(self) -> bool:
        """Discards may be pushed around whenever the table is not frozen or hidden."""
        return not self.curtain_up and self.state.phase != MATCH_OVER

    def arrange_discard(self, card: str, centre: Optional[tuple[float, float]]) -> None:
        """Lay a discard somewhere else in the discard area (a picture-only change)."""
        zone = self.zones.get(DISCARD)
        if zone is None or card not in self.contents.get(DISCARD, []):
            return
        self.discards.move(card, zone, centre)
        self.refresh([], animate=False)
        self.app.play("flip")

    # -- the race clock -------------------------------------------------------------------

    def race_running(self) -> bool:
        """The challenge clock runs: a race is on and the table is on top."""
        return (self.challenge and self.racing() and not self.curtain_up
                and self.app.manager.top is self)

    def race_paused(self) -> bool:
        """A challenge race is on, but something is open over the table."""
        manager = self.app.manager
        return (self.challenge and self.racing() and manager.top is not self
                and manager.find(Table) is self)

    # -- frame ----------------------------------------------------------------------------

    def before_frame(self, dt: float) -> None:
        racing.sync_clock(self)
        self.clock.paused = not self.race_running()  # the race stops under a menu or board
        if self.clock.tick(dt):
            racing.on_go(self)

    def after_frame(self, dt: float) -> None:
        if self.race_running() and not self.clock.counting:
            racing.step(self)
        self.maybe_show_board()

    def own_busy(self) -> bool:
        return self.race_running()

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

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s and not self.curtain_up:
            self.open_board()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and paint.info_rect(self).collidepoint(event.pos):
            self.open_board()
            return True
        return False

    # -- drawing --------------------------------------------------------------------------

    def covering(self, surface: pygame.Surface) -> bool:
        """A paused race shows only the felt and the clock."""
        if self.race_paused():
            paint.paused(self, surface)
            return True
        return False

    def draw_over(self, surface: pygame.Surface) -> None:
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
