"""The Finito! table: a printed 6 x 6 board per seat, counters in the seats' colours, the d20.

The seat at the screen plays on the large board; the others are drawn smaller on the right.
The engine rolls the die; the table shows the roll (tumbling faces, then the value big in the
middle, then the die in its tray) and lights the squares the seat to act may use. Drag a
face-up counter (placing) or a counter on the board (moving) onto a lit square; click it then
a square, or Tab and Enter, do the same. Keep and Next round are buttons.
"""
from __future__ import annotations

from typing import Any, Optional

import pygame

from game.core.engine import Event
from scenes import widgets as ui
from scenes.art import table as table_art, tokens
from scenes.finito import art, layout, panels
from scenes.finito.motion import DIE_TINT, Banner, DieRoll
from scenes.table.scene import TableScene
from scenes.table.zones import Zone

PARTY = 7.0  # seconds of confetti for the winner


def parse_piece(piece: str) -> Optional[tuple[int, int]]:
    """(seat, number) of a counter id like 'p1-7'; None for anything else."""
    if not piece.startswith("p") or "-" not in piece:
        return None
    seat, _, number = piece[1:].partition("-")
    if not (seat.isdigit() and number.isdigit()):
        return None
    return int(seat), int(number)


class Table(TableScene):
    """Finito! for 2 to 4 seats: hot-seat without a curtain (nothing is hidden from anyone)."""

    curtain_between_humans = False
    computer_delay = 0.9

    def __init__(self, app, match) -> None:
        self.geo: Optional[layout.TableLayout] = None
        self.die = DieRoll()
        self.banner = Banner()
        self.party: Optional[float] = None  # seconds since the winner was celebrated
        self._ribbons: tuple = (None, {})  # the rosettes' places and what they were found for
        self.colour_blind = bool(app.settings.colour_blind)
        super().__init__(app, match)
        if match.outcome() is None:
            if not match.steps:
                self.die.start(self.view["roll"], 0.3 * self.speed(), self.speed())
                app.play("roll")
            if len(self.humans()) > 1 and self.perspective is not None:
                self.turn_passed(self.perspective)

    # -- zones ----------------------------------------------------------------------------

    def big_seat(self) -> int:
        """Whose board is drawn large: the person at the screen (seat 0 when only computers play)."""
        return self.perspective if self.perspective is not None else 0

    def zone_contents(self, view: dict[str, Any]) -> dict[str, list]:
        contents = dict(view["zones"])
        for seat in range(len(view["names"])):
            contents[f"pool{seat}"] = []  # the face-down heap is drawn, not a pile of sprites
        return contents

    def layout_zones(self, size: tuple[int, int], view: dict[str, Any]) -> dict[str, Zone]:
        columns = int(view.get("columns", 6))
        rows = len(view["layout"]) // columns
        self.geo = layout.compute(size, len(view["names"]), self.big_seat(), columns, rows)
        zones: dict[str, Zone] = {}
        places = sorted(self.geo.seats.values(), key=lambda p: p.seat)
        for p in places:
            zones[f"board{p.seat}"] = Zone(f"board{p.seat}", p.grid, "grid", (p.counter, p.counter),
                                           owner=p.seat, cols=columns, rows=rows, slots=True,
                                           outline=False)
        for p in places:
            zones[f"offer{p.seat}"] = Zone(f"offer{p.seat}", p.offer, "grid", (p.counter, p.counter),
                                           owner=p.seat, cols=p.offer_cols, rows=p.offer_rows,
                                           outline=False)
            zones[f"pool{p.seat}"] = Zone(f"pool{p.seat}", p.heap, "stack", (p.counter, p.counter),
                                          face_up=False, owner=p.seat, outline=False)
        return zones

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
            if self.my_turn() and seat == self.perspective and self.view["phase"] == "moving":
                text += " Drag it onto a lit square to move it."
            return text
        text = f"{owner} counter {number}, face up, waiting to be placed."
        if self.my_turn() and seat == self.perspective and self.view["phase"] == "placing":
            text = f"{owner} counter {number}: drag it onto a lit square of your board."
        return text

    # -- the story of a change ------------------------------------------------------------

    def on_roll(self, event: Event, delay: float) -> None:
        self.die.start(int(event.value or 0), delay, self.speed())
        self.app.play("roll")

    def turn_passed(self, seat: int) -> None:
        """No curtain in Finito!: a banner says whose turn it is, once the die has landed."""
        name = self.seats[seat].name
        words = "Your turn" if name.lower() == "you" else f"{name}, your turn"
        self.banner.show(words, tokens.seat_colour(seat),
                         tokens.seat_shape(seat))

    def after_change(self, events: list[Event], animate: bool = True) -> None:
        super().after_change(events, animate)
        if self.view.get("phase") == "round over":
            self.computer_wait = max(self.computer_wait, 3.0 * self.speed())  # time to read the sheet

    def refresh(self, events: list[Event], animate: bool = True) -> None:
        super().refresh(events, animate)
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
            if action.kind == "keep":
                button.label = "Keep"
                button.tip = "Keep the board as it is for this roll (1)"
                button.rect = self.geo.button.copy()
            elif action.kind == "next":
                button.label = "Next round"
                button.tip = "Start the next round (1 or Enter)"
                button.key = pygame.K_RETURN
                button.rect = panels.panel_button(self.size, len(self.seats), base)

    def resume(self) -> None:
        super().resume()
        if bool(self.app.settings.colour_blind) != self.colour_blind:
            self.colour_blind = bool(self.app.settings.colour_blind)
            self.images.clear()
            self.refresh([], animate=False)

    # -- time -----------------------------------------------------------------------------

    def animating(self) -> bool:
        return super().animating() or self.die.busy

    def skip_animations(self) -> None:
        super().skip_animations()
        self.die.finish()

    def busy(self) -> bool:
        celebrating = self.party is not None and self.party < PARTY
        return super().busy() or self.die.busy or self.banner.active or celebrating

    def update(self, dt: float) -> None:
        was_busy = self.busy()
        self.die.advance(dt)
        if self.die.busy:
            # a computer seat waits for the die to land before it starts thinking
            self.computer_wait = max(self.computer_wait, self.computer_delay * self.speed())
        else:
            self.banner.advance(dt)
        if self.party is not None:
            self.party += dt
        super().update(dt)
        if self.party is None and self.ended_shown:
            self.party = 0.0
        if was_busy and not self.busy():
            self.app.needs_redraw = True  # the frame after the last move: lit squares, labels

    # -- input ----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        lift = self.input.lift
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and lift is not None
                and not lift.by_pointer and lift.sprite.contains(event.pos)):
            self.input.cancel()  # a second click on the picked-up counter puts it down again
            return True
        return super().handle_event(event)

    # -- drawing --------------------------------------------------------------------------

    def draw_static(self, surface: pygame.Surface) -> None:
        """Felt, printed boards, name plates, racks and heaps (rebuilt on every change); then
        the lit squares of the seat to act, once the die has landed."""
        if self.static is None or self.static.get_size() != surface.get_size():
            static = table_art.felt(surface.get_size()).copy()
            self.paint_table(static)
            self.paint_status(static)
            self.static = static.convert() if pygame.display.get_surface() else static
        surface.blit(self.static, (0, 0))
        self.draw_lit(surface)

    def paint_table(self, surface: pygame.Surface) -> None:
        view, geo = self.view, self.geo
        if geo is None:
            return
        base = geo.base
        layout_numbers = tuple(view["layout"])
        columns = int(view.get("columns", 6))
        for place in geo.seats.values():
            seat = place.seat
            image = art.board(place.square, tokens.seat_colour(seat), layout_numbers, columns)
            pad = art.shadow_pad(place.square)
            surface.blit(image, (place.frame.x - pad, place.frame.y - pad))
            panels.draw_plate(surface, place, view, base, self.seats[seat].is_human, self.perspective)
            self.paint_rack(surface, place)
            self.paint_heap(surface, place, int(view["pool_counts"][seat]))
        tray = geo.tray
        dish = tray.inflate(int(tray.width * 0.22), int(tray.width * 0.22))
        pygame.draw.ellipse(surface, (18, 52, 34), dish)
        pygame.draw.ellipse(surface, (12, 36, 24), dish, max(2, base // 7))
        pygame.draw.ellipse(surface, (70, 110, 80), dish.inflate(-base // 3, -base // 3), 1)
        ui.text(surface, "The die", int(base * 0.8), (tray.centerx, dish.top - 2), colour=ui.DIM,
                anchor="midbottom")
        big = geo.seats[self.big_seat()]
        if view["offers"][big.seat]:
            label = "Your counters" if self.seats[big.seat].is_human and \
                self.perspective == big.seat else "Face up"
            ui.text(surface, label, int(base * 0.8), (big.offer.centerx, big.offer.top - base // 3),
                    colour=ui.DIM, anchor="midbottom", max_width=geo.tray.width * 2)

    def paint_rack(self, surface: pygame.Surface, place: layout.SeatPlace) -> None:
        """A wooden rack with a hollow for each face-up counter."""
        rect = place.offer
        if not self.view["offers"][place.seat] and self.view.get("phase") != "placing":
            return
        rack = rect.inflate(int(place.square * 0.16), int(place.square * 0.16))
        wood = art.board_colour(tokens.seat_colour(place.seat))
        shade = pygame.Surface(rack.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (*wood, 150), shade.get_rect(), border_radius=max(4, place.square // 4))
        pygame.draw.rect(shade, (0, 0, 0, 90), shade.get_rect(), max(1, place.square // 24),
                         border_radius=max(4, place.square // 4))
        surface.blit(shade, rack.topleft)
        for i in range(3):
            col, row = (0, i) if place.offer_cols == 1 else (i, 0)
            cell = pygame.Rect(rect.x + col * rect.width // place.offer_cols,
                               rect.y + row * rect.height // place.offer_rows,
                               rect.width // place.offer_cols, rect.height // place.offer_rows)
            r = int(place.counter * 0.5)
            pygame.draw.circle(surface, (30, 22, 16), cell.center, r)
            pygame.draw.circle(surface, (90, 70, 52), cell.center, r, max(1, place.square // 30))

    def paint_heap(self, surface: pygame.Surface, place: layout.SeatPlace, count: int) -> None:
        """The face-down counters still to come, as a small heap with their number."""
        if count <= 0:
            return
        d = int(place.counter * (0.72 if place.big else 0.6))
        heap = art.heap(d, tokens.seat_colour(place.seat), tokens.seat_shape(place.seat), count)
        rect = place.heap
        base = self.geo.base if self.geo else 16
        if place.big:
            spot = heap.get_rect(midtop=(rect.centerx, rect.top))
            surface.blit(heap, spot)
            ui.text(surface, f"{count} face down", max(11, int(base * 0.8)),
                    (rect.centerx, spot.bottom + 2),
                    colour=ui.DIM, anchor="midtop")
        else:
            spot = heap.get_rect(midleft=(rect.x, rect.centery)) if place.offer_cols == 3 else \
                heap.get_rect(midtop=(rect.centerx, rect.top))
            surface.blit(heap, spot)
            size = max(11, int(base * 0.75))
            where = (spot.right + 2, spot.centery) if place.offer_cols == 3 else (spot.centerx, spot.bottom)
            anchor = "midleft" if place.offer_cols == 3 else "midtop"
            ui.text(surface, str(count), size, where, colour=ui.DIM, bold=True, anchor=anchor)

    def draw_lit(self, surface: pygame.Surface) -> None:
        """The squares the seat to act may use, lit on its board."""
        view = self.view
        if self.die.busy or view.get("phase") not in ("placing", "moving") or not view.get("to_act"):
            return
        zone = self.zones.get(f"board{view['to_act'][0]}")
        if zone is None:
            return
        for square in view.get("targets", []):
            cell = zone.cell_rect(square)
            image = art.lit_square(min(cell.width, cell.height))
            surface.blit(image, image.get_rect(center=cell.center))


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
        zone_id, _, slot = chosen.partition("#")
        if slot.isdigit() and zone_id in self.zones:
            cell = self.zones[zone_id].cell_rect(int(slot)).inflate(-2, -2)
            pygame.draw.rect(surface, (255, 255, 255), cell, max(3, cell.width // 14),
                             border_radius=max(3, cell.width // 8))

    def draw_extras(self, surface: pygame.Surface) -> None:
        geo, view = self.geo, self.view
        if geo is None:
            return
        base = geo.base
        self.draw_chosen(surface)
        if not self.die.draw(surface, geo.centre, geo.tray, geo.die_big):
            if view.get("roll"):
                image = tokens.die_d20(geo.tray.width, int(view["roll"]), DIE_TINT)
                surface.blit(image, image.get_rect(center=geo.tray.center))
            rolls = view.get("rolls", 0)
            size, y = max(11, int(base * 0.7)), geo.tray.bottom + base // 2
            lines = [f"roll no. {rolls}"]
            if view.get("rounds"):
                lines.append(f"round {view['round']}")
            for words in lines:  # one short line each: they never shrink below 11 px
                y = ui.text(surface, words, size, (geo.tray.centerx, y), colour=ui.DIM,
                            anchor="midtop").bottom
        phase = view.get("phase")
        if phase in ("placing", "moving") and self.my_turn() and not self.die.busy:
            self.draw_prompt(surface)
        if phase == "over":
            self.draw_winners(surface)
        if phase == "round over":
            starter = view["to_act"][0] if view.get("to_act") else 0
            panels.draw_round_over(surface, view, base, self.seats[starter].is_human)
        self.banner.draw(surface, geo.centre, base)

    def draw_prompt(self, surface: pygame.Surface) -> None:
        """One line under the large board: what to do now."""
        geo = self.geo
        place = geo.seats[self.big_seat()]
        if self.view["phase"] == "placing":
            words = "Drag a face-up counter onto a lit square"
        else:
            words = "Move a counter onto a lit square, or Keep"
        ui.text(surface, words, int(geo.base * 0.85), (place.frame.centerx, place.frame.bottom + 4),
                colour=ui.GOLD, anchor="midtop", max_width=place.frame.width)

    def busy_rects(self) -> list[pygame.Rect]:
        """Everything on the table a rosette must not cover: boards with their name plates,
        counters, the die and its line, buttons, the status bar and the event log."""
        geo = self.geo
        if geo is None:
            return []
        busy = [pygame.Rect(0, 0, geo.size[0], geo.bar)]
        view = self.view
        for place in geo.seats.values():
            busy.append(place.plate.union(place.frame))
            if view["offers"][place.seat] or view.get("phase") == "placing":  # a rack is drawn
                busy.append(place.offer.inflate(place.square // 6, place.square // 6))
            if int(view["pool_counts"][place.seat]) > 0:
                busy.append(place.heap)
        dish = geo.tray.inflate(int(geo.tray.width * 0.3), int(geo.tray.width * 0.3))
        busy.append(dish.union(pygame.Rect(dish.x, geo.bar, dish.width,
                                           geo.tray.bottom + geo.base * 2 - geo.bar)))
        busy += [b.rect for b in self.tools.buttons + self.buttons.buttons if b.rect]
        area = self.log_area(geo.size)
        if area is not None:
            busy.append(area)
        return [r.inflate(4, 4) for r in busy]

    def winner_ribbons(self, winners: list[int]) -> dict[int, pygame.Rect]:
        """Where each winner's rosette lies: beside its board, as large as a free place
        allows (a winner with no free place gets only the glow round the board)."""
        geo = self.geo
        if geo is None:
            return {}
        busy = self.busy_rects()
        key = (geo.size, tuple(winners), tuple(tuple(r) for r in busy))
        if self._ribbons[0] == key:
            return dict(self._ribbons[1])
        seats = [s for s in winners if s in geo.seats]
        smallest = max(60, int(geo.base * 3))
        d = max([smallest] + [int(min(geo.seats[s].frame.width * 0.42, geo.base * 6.5))
                              for s in seats])
        spots: dict[int, pygame.Rect] = {}
        while True:  # one size for every rosette: the largest at which all of them fit
            spots = self._assign_ribbons(seats, (d, round(d * 1.3)), busy)
            if len(spots) == len(seats) or d <= smallest:
                break
            d = max(smallest, int(d * 0.9))
        self._ribbons = (key, dict(spots))
        return spots

    def _assign_ribbons(self, seats: list[int], size: tuple[int, int],
                        busy: list[pygame.Rect]) -> dict[int, pygame.Rect]:
        """A place for each seat's rosette; the seat with the fewest free places chooses
        first, so one winner's rosette never takes another's only place."""
        gap = self.geo.base // 3
        options = {s: layout.ribbon_spots(self.geo, s, size, busy, gap) for s in seats}
        taken: list[pygame.Rect] = []
        spots: dict[int, pygame.Rect] = {}
        for seat in sorted(seats, key=lambda s: (len(options[s]), s)):
            for rect in options[seat]:
                if rect.inflate(4, 4).collidelist(taken) < 0:
                    spots[seat] = rect
                    taken.append(rect)
                    break
        return spots

    def draw_winners(self, surface: pygame.Surface) -> None:
        """A glow round the winners' boards, a rosette beside each (never over a board, a
        name plate or a counter), and confetti for a while."""
        view, geo = self.view, self.geo
        history = view.get("history") or [{}]
        finished = history[-1].get("finished") or []
        ribbons = self.winner_ribbons(view.get("winners", []))
        for seat in view.get("winners", []):
            place = geo.seats.get(seat)
            if place is None:
                continue
            glow = table_art.highlight(place.frame.width, place.frame.height, (255, 214, 90),
                                       max(3, geo.base // 4))
            surface.blit(glow, glow.get_rect(center=place.frame.center))
            if seat in ribbons:
                rect = ribbons[seat]
                image = art.rosette(rect.width, "Finito!" if seat in finished else "Winner")
                surface.blit(image, rect)
        if self.party is not None and self.party < PARTY:
            art.confetti(surface, self.party, seed=len(self.match.steps))
