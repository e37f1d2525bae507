"""The Finita table: up to six seats round the felt, the draw heap and the discard pile in the
middle with what is in force beside them, and the hand of the seat at the screen fanned at the
bottom, sorted (by colour, or by number: O switches).

Cards are dragged onto the discard pile, or clicked, or picked with Tab and Enter; a click on
the draw pile draws. Black cards and superpowers ask their choice in a small chooser on the
felt. Every person at the screen has one key for the real-time rules (Finita!, catch, throw,
clap, by what is happening), shown beside their name; the big button does the same for the
person whose eyes the table shows. Rounds run on the table's clock (the referee, with the
computer seats' reaction times), which stops under any menu, so a saved match replays exactly.
"""
from __future__ import annotations

from typing import Any, Optional

import pygame

from game.core import HIDDEN, Event
from game.core.narration import told as narrated
from game.finita.actions import REACTIONS, Call, Catch, Choose, Clap, Penalty, Swap, Throw, Wait
from game.finita.data import finita_data
from game.finita.engine import FinitaEngine
from game.finita.referee import FinitaReferee
from game.finita.view import (CHOOSE, CLAP, DISCARD_ZONE, DRAW_ZONE, MATCH_OVER, ROUND_OVER,
                              FinitaView, hand_zone, memory_zone)
from scenes import widgets as ui
from scenes.finita import areas, art, paint
from scenes.finita.chooser import Chooser, PenaltyPopup
from scenes.finita.history import History
from scenes.finita.keys import RESERVED, by_colour, by_number, seat_keys
from scenes.finita.layout import layout
from scenes.finita.reveal import Reveal
from scenes.finita.swaps import memory_rows
from scenes.table import gestures
from scenes.table.curtain import HandOver
from scenes.table.draws import hidden_draw_order, new_keys
from scenes.table.scene import TableScene
from scenes.table.sprites import PieceSprite
from scenes.table.zones import Zone

SAID_ALOUD = ("catch", "throw", "clap", "close", "penalty")  # reactions shown in large, too
KEYED = (Call, Catch, Throw, Clap)  # the reactions a person's one key makes, by the moment
KEY_WORDS = {"finita": "Finita!", "catch": "Catch!", "throw": "Throw!", "clap": "Clap!"}


class Table(TableScene[FinitaView]):
    """Finita for 2 to 6 seats; the person at the screen at the bottom."""

    curtain_between_humans = True
    computer_delay = 0.6
    round_pause = 4.0  # seconds a table of computers alone shows a finished round
    reserved_keys = RESERVED  # the table's own shortcuts and the chooser's letters
    engine: FinitaEngine  # (match.engine: this table is only ever made for a Finita match)
    table_referee: Optional[FinitaReferee]  # (made by make_referee below)

    def seats_moved(self) -> None:
        """A seat moved between a phone and the screen: a person at the screen has a key, a
        phone has its own buttons."""
        self.keys = seat_keys(self.match)

    def __init__(self, app, match) -> None:
        self.sort_by_number = False
        self.chooser = Chooser()
        self.reveal = Reveal()
        self.keys = seat_keys(match)
        self.sheet_round = 0
        self.panel_ink: Optional[pygame.Rect] = None  # where the panel by the pile wrote
        self.plates: dict[int, pygame.Rect] = {}  # seat -> where its name and counts stand
        self.react_button = ui.Button("Finita!", self.react_here, primary=True,
                                      tip="Finita!, catch, throw or clap, by what happens")
        self.penalty_button = ui.Button("Penalty", self.open_penalty,
                                        tip="Give a penalty for a needless question or a suggestion")
        self.reactions = ui.ButtonRow([self.react_button, self.penalty_button])
        self.log_button = ui.Button("Log", self.open_history,
                                    tip="Every move of the round, to read and scroll (Ctrl+L)")
        self.log_row = ui.ButtonRow([self.log_button])
        super().__init__(app, match)
        self.sheet_round = self.state.round if self.state.phase in (ROUND_OVER, MATCH_OVER) else 0

    # -- seats ----------------------------------------------------------------------------

    def bottom(self) -> int:
        return self.perspective if self.perspective is not None else 0

    # -- zones and pictures ---------------------------------------------------------------

    def zone_contents(self, view: FinitaView) -> dict[str, list]:
        contents = dict(view["zones"])
        for seat in range(len(self.seats)):
            zone = hand_zone(seat)
            if HIDDEN not in contents[zone]:
                contents[zone] = sorted(contents[zone],
                                        key=by_number if self.sort_by_number else by_colour)
        return contents

    def layout_zones(self, size: tuple[int, int],
                     view: FinitaView) -> dict[str, Zone]:
        me = self.bottom()
        content = self.contents.get(hand_zone(me), [])
        playable = self.playable(view)
        raised = frozenset(i for i, c in enumerate(content) if c in playable)
        return layout(size, len(self.seats), me, int(view["options"]["memory"]),
                      len(content), raised, view["phase"] in (ROUND_OVER, MATCH_OVER),
                      patrick=view["phase"] == "patrick",
                      penalty=bool(view["options"].get("penalty")))

    def playable(self, view: FinitaView) -> set[str]:
        """The cards of the person at the screen that may go on the pile now (a strict
        table allows any card, at a price: the view's misfits do not stand up)."""
        if view["seat"] is None or self.curtain_up:
            return set()
        misfits = set(view["misfits"])
        return {action.card for action in self.legal() if action.kind == "compare"
                or (action.kind == "play" and action.card not in misfits)}

    def face(self, piece: str, size: tuple[int, int]) -> pygame.Surface:
        return art.card_face(piece, size[0], size[1], self.app.settings.colour_blind)

    def back(self, piece: str, size: tuple[int, int]) -> pygame.Surface:
        return art.card_back(size[0], size[1])

    def describe_piece(self, piece: str) -> str:
        if piece == HIDDEN:
            return ""
        try:
            return art.card_name(piece)
        except ValueError:
            return ""

    def event_order(self, events: list[Event]) -> dict[str, tuple[Optional[str], Optional[str], float]]:
        """Hidden cards drawn or dealt fly from the heap to the new card in the hand."""
        return hidden_draw_order(events, lambda zone: new_keys(self.contents, self.sprites, zone))

    def click_means_action(self, sprite: PieceSprite, pos: tuple[int, int]) -> bool:
        """One click on a card in your hand plays it; one click on the draw pile draws; a
        click on a card that cannot be played says why. A card that may go somewhere but not
        by one click (a memory card to lay face down as a round starts) is picked up, as at
        every table, and a click on its lit place puts it there."""
        if sprite.zone not in (hand_zone(self.bottom()), DRAW_ZONE, memory_zone(self.bottom())):
            return False
        return bool(self.input.click_actions(sprite.piece, sprite.zone)) or not \
            self.input.drag_targets(sprite.piece, sprite.zone)

    def resumed(self) -> None:
        judge = self.table_referee
        if judge is not None:  # the speed setting may have changed under the menu
            judge.pace_ms = self.turn_pace()

    # -- acting ---------------------------------------------------------------------------

    def offered(self, actions: list) -> list:
        """The person's turn actions (reactions go by key or the big button)."""
        return [a for a in actions if not isinstance(a, REACTIONS + (Wait,))]

    def button_actions(self) -> list:
        """Buttons for what has no gesture, except the choices (the chooser asks those), one
        for each thing said: two identical cards laid in either order are one button."""
        found: dict[str, Any] = {}
        for a in super().button_actions():
            if not isinstance(a, (Choose, Swap)):
                found.setdefault(self.engine.describe(a), a)
        return list(found.values())

    def everything_legal(self) -> list:
        if self.perspective is None or self.curtain_up:
            return []
        return self.engine.legal_actions(self.state, self.perspective)

    def now_ms(self) -> int:
        clock = self.clock_ms if self.clock_ms is not None else self.engine.time_of(self.state)
        return max(int(clock), self.engine.time_of(self.state))

    def react(self, seat: int) -> None:
        """A person's real-time key: what it means now, by the engine."""
        if self.curtain_up or self.match.outcome() is not None:
            return
        action = self.engine.key_action(self.state, seat, self.now_ms())
        if action is None:  # nothing changes; the engine says why
            self.refuse(self.engine.key_refusal(self.state, seat))
            return
        self.act(action)

    def acted(self, action, events: list[Event]) -> None:
        """What a reaction did (a catch, a throw, a clap's outcome, a penalty) is also said in
        large on the table, not only in the log: the first three events that tell something
        (they have a code), in the narrator's words."""
        if action.kind in SAID_ALOUD:
            told = [e for e in events if e.code][:3]
            if told:
                self.app.toast(" ".join(narrated(e) for e in told), 3.0)

    def inputs_for(self, action: Any) -> Optional[list[pygame.event.Event]]:
        """How a person makes `action` here: a reaction by the seat's own key (or, for the
        person whose eyes the table shows, the big button), a penalty by the Penalty button
        and then the popup's line, a choice by the chooser's button or key, the next round
        from the score sheet, D to draw now and then; the rest as the shared table (drags,
        clicks, the button column), never pressing where this table's own buttons lie."""
        turn = len(self.match.steps)
        top = self.app.manager.top
        from scenes.finita.sheet import ScoreSheet
        if isinstance(top, ScoreSheet):
            deal = top.buttons.buttons[0] if top.can_deal else None
            return gestures.press_button(deal, turn) if action.kind == "next_round" else None
        if top is not self:
            return gestures.table_inputs(self, action)  # the penalty's popup
        if isinstance(action, KEYED):
            if action != self.keyed(action.seat):
                return None
            button = None
            if action.seat == self.perspective and turn % 2:
                button = gestures.press_button(self.react_button, 0)
            return button or gestures.key(pygame.key.key_code(self.keys[action.seat]))
        if isinstance(action, Penalty):
            return gestures.press_button(self.penalty_button, 0)
        if isinstance(action, (Choose, Swap)):
            return self.chooser.inputs_for(action, turn)
        avoid = [b.rect for b in (self.react_button, self.penalty_button, self.log_button)]
        found = gestures.table_inputs(self, action, avoid + [self.chooser.rect])
        drawing = self.engine.draw_action(self.state, action.seat, self.now_ms())[0]
        if action == drawing and (found is None or turn % 3 == 0):
            return gestures.key(pygame.K_d)  # D draws even when the pile has run out
        return found

    def unoffered(self, action: Any) -> str:
        """Why a person is never offered a legal reaction ('' when they are): one key does
        one thing at a time, the most pressing first (a clap in its window, Finita!, a catch,
        a throw), and never claps outside a clap window, though the rules make such a clap
        legal at the price of a card (issue 25: nobody pays for a stray key); off the Strict
        table it never throws without the twin of the top card, which costs a card too."""
        if not isinstance(action, KEYED) or action == self.keyed(action.seat):
            return ""
        if isinstance(action, Clap) and self.view.get("phase") != CLAP:
            return "the key never claps at nothing"
        if isinstance(action, Throw) and self.keyed(action.seat) is None:
            return self.engine.key_refusal(self.state, action.seat)  # no twin in hand
        return "the key does what is more pressing first"

    def table_refusal(self, action: Any) -> str:
        """A card taken against a demand by a seat that holds an answer: the engine still
        replays it in saves from before that reading (DECISIONS.md), and offers it to nobody;
        the table refuses it from anyone (a phone too), with the engine's reason."""
        if action.kind == "take" and action not in self.engine.legal_actions(self.state,
                                                                             action.seat):
            return self.engine.explain(self.state, action)
        return ""

    def keyed(self, seat: int) -> Any:
        """What the seat's key (or the big button) does now, by the engine."""
        return self.engine.key_action(self.state, seat, self.now_ms())

    def react_here(self) -> None:
        if self.perspective is not None:
            self.react(self.perspective)

    def open_penalty(self) -> None:
        giver = self.perspective if self.perspective is not None else 0
        actions = [a for a in self.engine.legal_actions(self.state, giver) if a.kind == "penalty"]
        if not actions:
            self.refuse("No penalty can be given now.")
            return
        self.app.push(PenaltyPopup(self.app, self, actions, self.action_words))

    def action_words(self, action: Any) -> str:
        """An action's words on a button, with the players' names where the engine's words
        know the seats by number only (a penalty, a catch, a memory swap)."""
        names = [s.name for s in self.seats]
        if isinstance(action, Penalty):
            why = "a suggestion" if action.reason == "suggestion" else "a needless question"
            return f"{names[action.target]}, for {why}"
        if isinstance(action, Catch):
            return f"Catch {names[action.target]}"
        if isinstance(action, Swap):
            first, second = names[action.first], names[action.second]
            if int(self.view["options"]["memory"]) > 1:  # which of their cards, too
                return (f"{first}'s card {action.first_index + 1} for "
                        f"{second}'s card {action.second_index + 1}")
            return f"Swap {first}'s and {second}'s"
        return self.engine.describe(action)

    def turns_held(self) -> bool:
        """Rounds run on the clock (the shared run_clock); between rounds the engine says who
        deals (a person, while one is at the table)."""
        return self.engine.clocked(self.state)

    def turn_pace(self) -> int:
        """How long a computer seat's own turn takes at least, in ms: the data file's pace
        scaled by the speed setting (reactions keep their own, human-like times)."""
        return int(finita_data().turn_ms * self.speed())

    def make_referee(self, computers: dict) -> FinitaReferee:
        """Finita's referee paces the computers' own turns."""
        return FinitaReferee(self.engine, computers, self.ai_rng, self.turn_pace())

    def changed(self, events: list[Event], animate: bool) -> None:
        """A table of computers alone shows a finished round a while."""
        if self.state.phase == ROUND_OVER and not self.humans():
            self.computer_wait = self.round_pause * self.speed()

    def refreshed(self, events: list[Event], animate: bool) -> None:
        self.reveal.take(events, self.speed() if animate else 0.0)
        self.place_controls()

    def place_controls(self) -> None:
        view = self.view
        legal = self.everything_legal()
        area = pygame.Rect(0, 0, int(self.size[0] * 0.62), int(self.size[1] * 0.42))
        area.center = self.zones[DISCARD_ZONE].rect.center
        self.chooser.update(legal if view.get("phase") == CHOOSE else [], view.get("choice", ""),
                            area, self.size, self.act, self.action_words, memory_rows(self))
        self.react_button.rect = self.zones[hand_zone(self.bottom())].extra["react"].copy()
        # the button offers what the person's key does now (the key asks the engine the same)
        action = (self.engine.key_action(self.state, self.perspective, self.now_ms())
                  if self.perspective is not None else None)
        self.react_button.label = KEY_WORDS.get(action.kind, "Finita!") if action else "Finita!"
        # between two people's turns the table waits until the screen is passed (its clock too)
        waiting = self.curtain_up or isinstance(self.app.manager.top, HandOver)
        self.react_button.enabled = action is not None and not waiting
        self.penalty_button.rect = self.zones[hand_zone(self.bottom())].extra["penalty"].copy()
        self.penalty_button.enabled = bool(view["options"].get("penalty"))
        self.log_button.rect = areas.log_button(self.log_area(self.size), self.size)

    # -- rounds ---------------------------------------------------------------------------

    def before_frame(self, dt: float) -> None:
        """Patrick's reveal counts down while the table is on top."""
        if self.app.manager.top is self and self.reveal.tick(dt):
            self.app.needs_redraw = True

    def after_frame(self, dt: float) -> None:
        """An open window's bar shrinks every frame; a finished round shows its sheet."""
        if self.app.manager.top is self and (self.view.get("throw_until")
                                             or self.view.get("clap_until")):
            self.app.needs_redraw = True
        self.maybe_show_sheet()

    def clock_stands(self) -> bool:
        """The round's clock stands while cards glide: a window (a clap after a 9, a throw)
        and everyone's reaction start when the card has landed."""
        return self.animating()

    def own_busy(self) -> bool:
        return self.reveal.active() or (
            self.engine.clocked(self.state) and self.app.manager.top is self)

    def maybe_show_sheet(self) -> None:
        """A finished round ends on the score sheet while a person is at the table (a table
        of computers alone goes on by itself: S shows the sheet)."""
        state = self.state
        if state.phase != ROUND_OVER or self.sheet_round == state.round or not self.humans():
            return
        if self.animating() or self.curtain_up or self.app.manager.top is not self \
                or self.input.lift is not None:
            return
        self.sheet_round = state.round
        from scenes.finita.sheet import ScoreSheet
        self.app.push(ScoreSheet(self.app, self, can_deal=True))

    def next_round(self) -> None:
        seat = self.bottom()
        for action in self.engine.legal_actions(self.state, seat):
            if action.kind == "next_round":
                self.act(action)
                return

    def open_history(self) -> None:
        """The round's moves in full (Ctrl+L, the Log button); the table waits meanwhile."""
        self.input.cancel()
        self.app.push(History(self.app, self))

    def result_buttons(self, overlay) -> list:
        from scenes.finita.sheet import ScoreSheet
        return [ui.Button("Score sheet", lambda: self.app.push(ScoreSheet(self.app, self, False)),
                          key=pygame.K_b)]

    # -- keys -----------------------------------------------------------------------------

    def on_event(self, event: pygame.event.Event) -> bool:
        if self.reveal.active() and event.type == pygame.MOUSEBUTTONDOWN:
            self.reveal.clear()
            return True
        if self.chooser.handle(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.reactions.handle(event)  # hover only: the motion goes on to the cards
            self.log_row.handle(event)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                and (self.reactions.handle(event) or self.log_row.handle(event)):
            return True  # the big button, the penalty button, the log (keys are the seats' own)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l \
                and event.mod & pygame.KMOD_CTRL:
            self.open_history()
            return True
        if event.type == pygame.KEYDOWN and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            name = pygame.key.name(event.key)
            for seat, key in self.keys.items():
                if name == key:
                    self.react(seat)
                    return True
            if event.key == pygame.K_o and not self.curtain_up:
                self.sort_by_number = not self.sort_by_number
                self.app.toast("Hand sorted by " + ("number" if self.sort_by_number else "colour"), 2)
                self.refresh([], animate=True)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.enter_alone():
                return True
            if event.key == pygame.K_d and not self.curtain_up and self.perspective is not None:
                action, why = self.engine.draw_action(self.state, self.perspective, self.now_ms())
                self.act(action) if action is not None else self.refuse(why)
                return True
            if event.key == pygame.K_s and not self.curtain_up:
                from scenes.finita.sheet import ScoreSheet
                self.input.cancel()
                self.app.push(ScoreSheet(self.app, self, self.state.phase == ROUND_OVER))
                return True
        return False

    def enter_alone(self) -> bool:
        """Enter with no card picked, no card in the keyboard's ring and no hint standing
        (issue 25: at "take 4 or pass the draw on" it did nothing): the one thing the person
        may do now, or, when there are several, which keys do what. Never silence. False
        when Enter has its meaning elsewhere (a held or ringed card, a hint to play)."""
        if (self.curtain_up or self.perspective is None or self.input.lift is not None
                or self.input.focused() is not None or self.hint is not None
                or self.match.outcome() is not None or self.app.manager.top is not self):
            return False
        offered = self.legal()
        distinct = {self.engine.describe(a): a for a in offered}
        if len(distinct) == 1:
            self.act(next(iter(distinct.values())))
            return True
        self.app.toast(self.enter_words(offered), 5.0, "warn")
        self.app.play("refuse")
        return True

    def enter_words(self, offered: list) -> str:
        """What each key does now, for the person at the screen, from what the engine offers
        (said when Enter alone cannot tell which of several moves is meant)."""
        seat = self.perspective
        keyed = self.keyed(seat) if seat is not None else None
        key = f"{self.keys[seat].upper()}: {KEY_WORDS.get(keyed.kind, '')}" \
            if keyed is not None and seat in self.keys else ""
        if not offered:
            return "Nothing to do for you right now." + (f" ({key})" if key else "")
        parts = []
        cards = [a for a in offered if a.kind in ("play", "compare", "hide", "hidden")]
        if cards:
            which = "a card that stands up" if self.playable(self.view) else "a card"
            parts.append(f"click {which} (or Tab, Enter)")
        if any(isinstance(a, (Choose, Swap)) for a in offered):
            parts.append(self.chooser.key_hint() or "choose in the box by the pile")
        drawing = self.engine.draw_action(self.state, seat, self.now_ms())[0] \
            if seat is not None else None
        drawn_by_key = drawing is not None and drawing in offered
        for i, button in enumerate(self.buttons.buttons[:9]):
            if button.enabled:
                also = " or D" if drawn_by_key and button.label == \
                    self.engine.describe(drawing) else ""
                drawn_by_key = drawn_by_key and not also
                parts.append(f"{i + 1}{also}: {button.label}")
        if drawn_by_key and drawing is not None:
            parts.append(f"D: {self.engine.describe(drawing)}")
        if key:
            parts.append(key)
        parts.append("H, then Enter: the hinted move")
        return "\n".join(["Enter alone picks no move here:"] + parts)

    # -- drawing --------------------------------------------------------------------------

    def log_area(self, size: tuple[int, int]) -> Optional[pygame.Rect]:
        return areas.log_area(self, size)

    def draw_static_extras(self, surface: pygame.Surface) -> None:
        base = ui.ui_size(surface.get_size())
        for seat in range(len(self.seats)):
            paint.seat_plate(self, surface, base, seat)
        paint.pile_labels(self, surface, base)
        self.panel_ink = paint.force_panel(self, surface, base)
        paint.direction_ring(self, surface, base)

    def draw_extras(self, surface: pygame.Surface) -> None:
        base = ui.ui_size(surface.get_size())
        paint.acting_glow(self, surface, base)
        if self.log_button.rect.width:
            self.log_button.draw(surface)
        if self.match.outcome() is None and self.perspective is not None:
            self.react_button.draw(surface)
            if self.penalty_button.enabled:
                self.penalty_button.draw(surface)  # (the row's draw would show it greyed)
        self.chooser.draw(surface, self.app.settings.colour_blind)
        self.reveal.draw(surface, [s.name for s in self.seats],
                         self.zones[DISCARD_ZONE].rect.center, self.app.settings.colour_blind)

    def draw_hud(self, surface: pygame.Surface, base: int) -> None:
        """As the shared table, then an open window's countdown on top of everything: no
        tip or button ever hides the time left to throw or clap."""
        super().draw_hud(surface, base)
        paint.windows(self, surface, base)

    def countdown_rects(self) -> list[pygame.Rect]:
        """Where an open window's countdown stands (its bar and its word)."""
        found = paint.window_rect(self, ui.ui_size(self.size))
        return [found] if found is not None else []

    def message_area(self, size: tuple[int, int]) -> pygame.Rect:
        return areas.message_area(self, size) or super().message_area(size)

    def keep_clear(self) -> list[pygame.Rect]:
        """As every table (the hand of the person to move, the countdown), and the words of
        the panel by the pile: what is to be played, and the round."""
        return super().keep_clear() + ([self.panel_ink] if self.panel_ink is not None else [])


__all__ = ["Table", "by_colour", "by_number", "seat_keys"]
