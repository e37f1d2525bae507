"""The Finito! table: a printed 6 x 6 board per seat, counters in the seats' colours, the d20.

The seat at the screen plays on the large board; the others are drawn smaller on the right.
The engine rolls the die; the table shows the roll (tumbling faces, then the value big in the
middle, then the die in its tray) and lights the squares the seat to act may use. Drag a
face-up counter (placing) or a counter on the board (moving) onto a lit square; click it then
a square, or Tab and Enter, do the same. Keep and Next round are buttons.

This module is the scene: zones, pictures of counters, the story of a change, time and input.
What it paints lives beside it: paint.py (boards, racks, heaps, the die's tray, lit squares),
panels.py (name plates, the round's score sheet), winners.py (glow, rosettes, confetti),
motion.py (the rolling die, the turn banner), layout.py (where everything lies).
"""
from __future__ import annotations

from collections import deque
from typing import Optional

import pygame

from game.core.engine import Event
from game.finito.engine import FinitoEngine
from game.finito.view import (KEEP, NEXT_ROUND, OVER, PLAYING, ROUND_OVER, MOVING, PLACING,
                              FinitoView, board_zone, offer_zone, parse_piece, pool_zone)
from scenes.finito import tokens
from scenes.finito import art, layout, paint, panels, winners
from scenes.finito.motion import Banner, DieRoll
from scenes.finito.winners import PARTY, Rosettes
from scenes.table.scene import TableScene
from scenes.table.zones import Zone


# the log's last sentences kept: as many as a tall log (a column beside the other boards in a
# wide window, see layout.compute) shows; a short one shows the last few that fit
LOG_LINES = 16


class Table(TableScene[FinitoView]):
    """Finito! for 2 to 4 seats: hot-seat without a curtain (nothing is hidden from anyone)."""

    curtain_between_humans = False
    computer_delay = 0.9
    engine: FinitoEngine  # (match.engine: this table is only ever made for a Finito! match)

    def __init__(self, app, match) -> None:
        self.geo: Optional[layout.TableLayout] = None
        self.die = DieRoll()
        self.banner = Banner()
        self.party: Optional[float] = None  # seconds since the winner was celebrated
        self.rosettes = Rosettes()  # where the winners' rosettes lie
        self.was_busy = False  # the last frame had something moving (see after_frame)
        super().__init__(app, match)
        if self.log.maxlen != LOG_LINES:  # a tall log beside the other boards shows more
            told = list(self.log)
            self.log = deque(maxlen=LOG_LINES)
            self.log.extend(self.story_so_far() if match.steps else told)
        if match.outcome() is None:
            if not match.steps:
                self.die.start(self.view["roll"], 0.3 * self.speed(), self.speed(), self.view["faces"])
                app.play("roll")
            if len(self.humans()) > 1 and self.perspective is not None:
                self.turn_passed(self.perspective)

    # -- whose board is large ---------------------------------------------------------------

    def next_perspective(self) -> Optional[int]:
        """The people at the screen take each roll in seat order: the first of them still to
        act on it, so a new roll goes back to the first person (the table's usual choice kept
        the person who acted last, who is still to act on the new roll)."""
        acting = [s for s in self.engine.to_act(self.state) if s in self.humans()]
        return acting[0] if acting else super().next_perspective()

    # -- zones ----------------------------------------------------------------------------

    def big_seat(self) -> int:
        """Whose board is drawn large: the person at the screen (seat 0 when only computers play)."""
        return self.perspective if self.perspective is not None else 0

    def zone_contents(self, view: FinitoView) -> dict[str, list]:
        contents: dict[str, list] = dict(view["zones"])
        for seat in range(len(view["names"])):
            contents[pool_zone(seat)] = []  # the face-down heap is drawn, not a pile of sprites
        return contents

    def layout_zones(self, size: tuple[int, int], view: FinitoView) -> dict[str, Zone]:
        columns, rows = view["columns"], view["rows"]
        self.geo = layout.compute(size, len(view["names"]), self.big_seat(), columns, rows)
        zones: dict[str, Zone] = {}
        places = sorted(self.geo.seats.values(), key=lambda p: p.seat)
        for p in places:
            zones[board_zone(p.seat)] = Zone(board_zone(p.seat), p.grid, "grid", (p.counter, p.counter),
                                           owner=p.seat, cols=columns, rows=rows, slots=True,
                                           outline=False)
        for p in places:
            zones[offer_zone(p.seat)] = Zone(offer_zone(p.seat), p.offer, "grid", (p.counter, p.counter),
                                           owner=p.seat, cols=p.offer_cols, rows=p.offer_rows,
                                           outline=False)
            zones[pool_zone(p.seat)] = Zone(pool_zone(p.seat), p.heap, "stack", (p.counter, p.counter),
                                          face_up=False, owner=p.seat, outline=False)
        return zones

    def log_area(self, size: tuple[int, int]) -> Optional[pygame.Rect]:
        """The event log: under the large board's prompt line, or under the other boards in a
        wide window (where the layout put it, see layout.compute)."""
        if self.geo is not None and self.geo.size == tuple(size):
            return self.geo.log
        return super().log_area(size)

    def message_area(self, size: tuple[int, int]) -> pygame.Rect:
        """Refusals and hints show under the large board, in its column: never over the other
        seats' boards or face-up counters. With the log on the right the large board reaches
        further down, and so do the messages: they stand on its prompt line, not its squares."""
        area = super().message_area(size)
        if self.geo is None or self.geo.size != tuple(size):
            return area
        frame = self.geo.seats[self.big_seat()].frame
        bottom = area.bottom
        if self.geo.log_beside:
            bottom = max(bottom, min(size[1], frame.bottom + int(self.geo.base * 2.2)))
        return pygame.Rect(0, 0, min(area.right, frame.right + self.geo.base // 2), bottom)

    # -- pictures -------------------------------------------------------------------------

    def face(self, piece: str, size: tuple[int, int]) -> pygame.Surface:
        parsed = parse_piece(piece)
        if parsed is None:
            return art.counter_back(size[0])
        seat, number = parsed
        return art.counter(size[0], tokens.seat_colour(seat), number, tokens.seat_shape(seat),
                           self.colour_blind)

    def back(self, piece: str, size: tuple[int, int]) -> pygame.Surface:
        return art.counter_back(size[0])

    def describe_piece(self, piece: str) -> str:
        parsed = parse_piece(piece)
        if parsed is None or not self.view:
            return ""
        seat, number = parsed
        name = self.view["names"][seat]
        owner = "Your" if seat == self.perspective and self.seats[seat].is_human else f"{name}'s"
        board = self.view["boards"][seat]
        if piece in board:
            where = self.engine.square_label(self.state, board.index(piece))
            text = f"{owner} counter {number}, on {where}."
            if self.my_turn() and seat == self.perspective and self.view["phase"] == MOVING:
                text += " Drag it onto a lit square to move it."
            return text
        text = f"{owner} counter {number}, face up, waiting to be placed."
        if self.my_turn() and seat == self.perspective and self.view["phase"] == PLACING:
            text = f"{owner} counter {number}: drag it onto a lit square of your board."
        return text

    def tip_anchor(self, sprite) -> Optional[pygame.Rect]:
        """A counter on a board has its tip beside the counter itself, above it or below it
        (a board fills the table's height: a tip kept off the whole board went to the window's
        top edge while the pointer was at the board's bottom); a face-up counter's stands
        beside its rack, as at every table."""
        if sprite.zone in {board_zone(seat) for seat in range(len(self.seats))}:
            return sprite.rect.copy()
        return super().tip_anchor(sprite)

    # -- the story of a change ------------------------------------------------------------

    def on_roll(self, event: Event, delay: float) -> None:
        self.die.start(int(event.value or 0), delay, self.speed(), self.view["faces"])
        self.app.play("roll")

    def turn_passed(self, seat: int) -> None:
        """No curtain in Finito!: a banner says whose turn it is, once the die has landed."""
        name = self.seats[seat].name
        words = "Your turn" if name.lower() == "you" else f"{name}, your turn"
        self.banner.show(words, tokens.seat_colour(seat),
                         tokens.seat_shape(seat))

    def changed(self, events: list[Event], animate: bool) -> None:
        if self.view.get("phase") == ROUND_OVER:
            self.computer_wait = max(self.computer_wait, 3.0 * self.speed())  # time to read the sheet

    def refreshed(self, events: list[Event], animate: bool) -> None:
        self.place_buttons()
        if self.input.hover_tip:  # the counter under the pointer may have changed its story
            sprite = self.input.sprite_at(pygame.mouse.get_pos())
            self.input.hover_tip = self.describe_piece(sprite.piece) if sprite else ""

    def place_buttons(self) -> None:
        """Keep goes where the face-up counters were; Next round on the score sheet."""
        if self.geo is None:
            return
        actions = [a for a in self.legal() if not self.engine.gestures(self.state, a)]
        base = self.geo.base
        for button, action in zip(self.buttons.buttons, actions):
            if action.kind == KEEP:
                button.label = "Keep"
                button.tip = "Keep the board as it is for this roll (1)"
                button.rect = self.geo.button.copy()
            elif action.kind == NEXT_ROUND:
                button.label = "Next round"
                button.tip = "Start the next round (1 or Enter)"
                button.key = pygame.K_RETURN
                button.rect = panels.panel_button(self.size, len(self.seats), base)

    @property
    def colour_blind(self) -> bool:
        """Counters carry their number's shape as well (a setting)."""
        return bool(self.app.settings.colour_blind)

    def looks(self) -> tuple:
        return (self.colour_blind,)

    # -- time -----------------------------------------------------------------------------

    def own_animations(self) -> bool:
        return self.die.busy

    def animations_skipped(self) -> None:
        self.die.finish()

    def own_busy(self) -> bool:
        celebrating = self.party is not None and self.party < PARTY
        return self.die.busy or self.banner.active or celebrating

    def before_frame(self, dt: float) -> None:
        self.was_busy = self.busy()
        self.die.advance(dt)
        if self.die.busy:
            # a computer seat waits for the die to land before it starts thinking
            self.computer_wait = max(self.computer_wait, self.computer_delay * self.speed())
        else:
            self.banner.advance(dt)
        if self.party is not None:
            self.party += dt

    def after_frame(self, dt: float) -> None:
        if self.party is None and self.ended_shown:
            self.party = 0.0
        if self.was_busy and not self.busy():
            self.app.needs_redraw = True  # the frame after the last move: lit squares, labels

    # -- input ----------------------------------------------------------------------------

    def on_event(self, event: pygame.event.Event) -> bool:
        lift = self.input.lift
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and lift is not None
                and not lift.by_pointer and lift.sprite.contains(event.pos)):
            self.input.cancel()  # a second click on the picked-up counter puts it down again
            return True
        return False

    # -- drawing --------------------------------------------------------------------------

    def paint_background(self, static: pygame.Surface) -> None:
        """Printed boards, name plates, racks and heaps (rebuilt on every change)."""
        self.paint_table(static)

    def draw_on_felt(self, surface: pygame.Surface) -> None:
        """The lit squares of the seat to act, once the die has landed."""
        if not self.die.busy:
            paint.draw_lit(surface, self.view, self.zones)

    def paint_table(self, surface: pygame.Surface) -> None:
        """The printed boards and everything round them (see paint.paint_boards)."""
        if self.geo is None:
            return
        humans = [seat.is_human for seat in self.seats]
        paint.paint_boards(surface, self.geo, self.view, humans, self.perspective, self.big_seat())

    def draw_chosen(self, surface: pygame.Surface) -> None:
        """A white ring round the lit square the counter in hand would go to now."""
        lift = self.input.lift
        if lift is None:
            return
        chosen = self.input.hover_target
        if not lift.by_pointer and 0 <= self.input.target_focus < len(lift.targets):
            chosen = lift.targets[self.input.target_focus]
        if chosen not in lift.targets:
            return
        paint.draw_ring(surface, self.zones, chosen)

    def draw_extras(self, surface: pygame.Surface) -> None:
        geo, view = self.geo, self.view
        if geo is None:
            return
        base = geo.base
        self.draw_chosen(surface)
        if not self.die.draw(surface, geo.centre, geo.tray, geo.die_big):
            paint.draw_resting_die(surface, geo, view)
        phase = view.get("phase")
        if phase in PLAYING and self.my_turn() and not self.die.busy and not self.app.toasts.active():
            # a refusal or a hint stands where the prompt is: one message there at a time
            paint.draw_prompt(surface, geo, geo.seats[self.big_seat()], view["phase"])
        if phase == OVER:
            self.draw_winners(surface)
        if phase == ROUND_OVER:
            starter = view["to_act"][0] if view.get("to_act") else 0
            panels.draw_round_over(surface, view, base, self.seats[starter].is_human)
        else:  # the score sheet says who starts the next round: no banner across it
            self.banner.draw(surface, geo.centre, base)

    def draw_hud(self, surface: pygame.Surface, base: int) -> None:
        """Buttons and tips; a counter's tip (under the board) waits while a message stands
        there, so that the two are never drawn over each other."""
        if not (self.input.hover_tip and self.app.toasts.active()):
            super().draw_hud(surface, base)
            return
        tip, self.input.hover_tip = self.input.hover_tip, ""
        try:
            super().draw_hud(surface, base)
        finally:
            self.input.hover_tip = tip

    def busy_rects(self) -> list[pygame.Rect]:
        """Everything on the table a rosette must not cover (see winners.busy_rects)."""
        if self.geo is None:
            return []
        buttons = [b.rect for b in self.tools.buttons + self.buttons.buttons if b.rect]
        return winners.busy_rects(self.geo, self.view, buttons, self.log_area(self.geo.size))

    def winner_ribbons(self, seats: list[int]) -> dict[int, pygame.Rect]:
        """Where each winner's rosette lies: beside its board, as large as a free place
        allows (a winner with no free place gets only the glow round the board)."""
        if self.geo is None:
            return {}
        return self.rosettes.places(self.geo, seats, self.busy_rects())

    def draw_winners(self, surface: pygame.Surface) -> None:
        """A glow round the winners' boards, a rosette beside each (never over a board, a
        name plate or a counter), and confetti for a while."""
        if self.geo is None:  # (drawn from draw_extras, which has a layout)
            return
        ribbons = self.winner_ribbons(self.view.get("winners", []))
        winners.draw_winners(surface, self.geo, self.view, ribbons, self.party,
                             seed=len(self.match.steps))
