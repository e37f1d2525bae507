"""The new-game dialog: seats (human or computer, names), the game's options, a deal number."""
from __future__ import annotations

from typing import Any, Optional

import pygame

from game.core.engine import Seat
from game.core.registry import game_info
from game.core.settings import Settings
from scenes import widgets as ui
from scenes.art import fonts
from scenes.art.table import felt
from scenes.manager import Scene
from scenes.seatkeys import DEFAULT_NAMES, SeatKeys

# Always shown under an option's row (the data's help shows for the row under the pointer or
# the keyboard's focus). What practice does: game.core.session.Match.undo_limit lets every
# action be taken back, and game.core.stats.category_of files the result under practice/.
NOTES = {
    "practice": "Practice: take back any move, even one that showed a new card; its result "
                "and hints are counted apart in Statistics.",
}


NICE_STEPS = (1, 2, 5, 10, 25, 50, 100, 250, 500, 1000)
PHONE = "phone"  # the dialog's seat kind for a person holding their cards on a phone


def option_step(spec: Any) -> int:
    """How far one press of < or > moves a number option: about a twentieth of its range,
    rounded down to a step people count in (a target of 50 to 2000 moves by 50; 1 to 20 by
    1), so any value is a few presses away."""
    span = (spec.maximum if spec.maximum is not None else 100) - (
        spec.minimum if spec.minimum is not None else 0)
    return max(s for s in NICE_STEPS if s <= max(1, span / 20))


class NewGameDialog(SeatKeys, Scene):
    """Choose who plays and how; Start puts the game on the table."""

    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.info = game_info(game_id)
        self.options: dict[str, Any] = self.remembered_rules(app.settings)
        count = self.info.min_seats if self.info.max_seats == 1 else min(self.info.max_seats, 2)
        self.kinds = ["human"] + ["computer"] * (self.info.max_seats - 1)
        self.strengths = [self.info.default_strength] * self.info.max_seats
        first = app.settings.player_name
        self.names = [ui.TextField(first if i == 0 else f"{DEFAULT_NAMES[i % 6]}")
                      for i in range(self.info.max_seats)]
        self.count = count
        self.narrow = False
        self.keys = list(self.info.keys)  # each seat's real-time key (games that have them)
        self.capture: Optional[int] = None  # the seat whose key the next letter sets
        self.seed = ui.TextField("", max_len=9, digits=True)
        self.rows: list[tuple[str, pygame.Rect, Any]] = []
        self.error = ""
        self.notes: list[tuple[str, pygame.Rect]] = []
        # The keyboard's focus: ("row", index), ("name", seat), ("seed", None) or ("button", i).
        # Tab and Shift+Tab walk every control; Up/Down choose a row, Left/Right change it.
        self.focus: Optional[tuple[str, Any]] = None
        self.help_spec: Optional[Any] = None  # whose help shows: last pointed at or tabbed to
        self.buttons = ui.ButtonRow([
            ui.Button("Start", self.start, key=pygame.K_RETURN, primary=True, tip="Start (Enter)"),
            ui.Button("Rules", self.rules, key=pygame.K_F1, tip="Read the rules first (F1)"),
            ui.Button("Back", lambda: self.app.pop(self), key=pygame.K_ESCAPE, tip="Back (Esc)"),
        ])

    def remembered_rules(self, settings: Settings) -> dict[str, Any]:
        """The game's defaults, with the table rules of its last game wherever they are
        still valid options (a value from an older version or a hand edit is left out)."""
        options = self.info.default_options()
        kept = settings.table_rules.get(self.info.id, {})
        for spec in self.info.options:
            if spec.id in kept:
                try:
                    options[spec.id] = spec.check(kept[spec.id])
                except ValueError:
                    pass
        return options

    def fields(self) -> list[ui.TextField]:
        return self.names[: self.count] + [self.seed]

    # -- keyboard focus -------------------------------------------------------------------

    @property
    def focus_row(self) -> int:
        """The focused row's index, or -1 when the focus is elsewhere (or nowhere)."""
        return self.focus[1] if self.focus and self.focus[0] == "row" else -1

    @focus_row.setter
    def focus_row(self, index: int) -> None:
        self.set_focus(("row", index) if index >= 0 else None)

    def stops(self) -> list[tuple[str, Any]]:
        """Every control in Tab order: rows top to bottom (a seat's name, then who sits
        there), the deal number, then the buttons."""
        order: list[tuple[str, Any]] = []
        for index, (kind, _, data) in enumerate(self.rows):
            if kind == "seat":
                order.append(("name", data))
                if self.key_rect(data) is not None:
                    order.append(("key", data))
                order.append(("row", index))
            elif kind == "seed":
                order.append(("seed", None))
            else:
                order.append(("row", index))
        order += [("button", i) for i in range(len(self.buttons.buttons))]
        return order

    def field_of(self, stop: Optional[tuple[str, Any]]) -> Optional[ui.TextField]:
        if stop and stop[0] == "name":
            return self.names[stop[1]]
        if stop and stop[0] == "seed":
            return self.seed
        return None

    def set_focus(self, stop: Optional[tuple[str, Any]], select_all: bool = True) -> None:
        """Move the keyboard's focus; a text field it lands on starts editing, all selected."""
        self.focus = stop
        target = self.field_of(stop)
        for f in self.names + [self.seed]:
            if f is not target:
                f.blur()
        if target is not None and not target.focused:
            target.focus(select_all)
        for i, b in enumerate(self.buttons.buttons):
            b.focused = stop == ("button", i)
        if stop is not None and stop[0] == "row":
            self.show_help_of(stop[1])

    def show_help_of(self, index: int) -> bool:
        """The help line tells of this row (nothing for a row without help); True if it changed."""
        row = self.rows[index] if 0 <= index < len(self.rows) else None
        spec = row[2] if row is not None and row[0] == "option" and row[2].help else None
        changed, self.help_spec = spec is not self.help_spec, spec
        return changed

    def step_focus(self, step: int) -> None:
        order = self.stops()
        if self.focus in order:
            nxt = order[(order.index(self.focus) + step) % len(order)]
        else:
            nxt = order[0] if step > 0 else order[-1]
        self.set_focus(nxt)

    def start(self) -> None:
        from scenes.table.registry import start_new_game
        chosen = []  # as the dialog shows them: a person at the screen, with a phone, a computer
        for i in range(self.count):
            name = self.names[i].value.strip() or (DEFAULT_NAMES[i % 6])
            strength = self.strengths[i] if self.kinds[i] == "computer" else ""
            chosen.append(Seat(name, self.kinds[i], strength))
        phones = [i for i, kind in enumerate(self.kinds[:self.count]) if kind == PHONE]
        # a person with a phone is a person: where they hold their cards is the table's matter
        seats = [Seat(s.name, "human") if i in phones else s for i, s in enumerate(chosen)]
        if len({s.name for s in seats}) < len(seats):
            self.error = "Two seats have the same name: give each player their own."
        else:
            self.error = self.key_clash(chosen)  # two people at the screen with one key
        if self.error:
            self.app.play("refuse")
            return
        seed = int(self.seed.value) if self.seed.value else None
        if seats[0].is_human and seats[0].name != self.app.settings.player_name:
            self.app.settings.player_name = seats[0].name[:24]
            self.app.save_settings()
        self.app.settings.table_rules = {**self.app.settings.table_rules,
                                         self.info.id: dict(self.options)}
        self.app.save_settings()  # the next game of this kind opens with the same rules
        meta: dict[str, Any] = {}
        if self.info.keys:
            meta["keys"] = {str(i): self.keys[i] for i in range(self.count) if chosen[i].is_human}
        if phones:
            from scenes.table.phones import phone_meta  # the server loads with the table
            meta.update(phone_meta(phones))
        self.app.pop(self)
        try:
            start_new_game(self.app, self.info.id, seats, self.options, seed, meta=meta)
        except ValueError as exc:
            self.app.toast(str(exc), 5, "bad")

    def draw_help(self, surface: pygame.Surface, words: str) -> list[pygame.Rect]:
        """The help of the row pointed at or tabbed to: one line, or two when it is long (never
        smaller than the floor of 11 px), ending where one line would; the rects drawn."""
        base = self.base
        size = max(fonts.READABLE, int(base * 0.8))
        width = self.box.width - base * 4
        lines = fonts.wrap_lines(words, width, size)
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]  # the rest shrinks to fit, or is cut
        step = int(size * 1.3)
        top = self.box.bottom - base * 4.6 - step * (len(lines) - 1)
        return [ui.text(surface, line, size, (self.box.x + base * 2, top + i * step),
                        colour=ui.DIM, max_width=width, min_size=fonts.READABLE)
                for i, line in enumerate(lines)]

    def rules(self) -> None:
        from scenes.rules import RulesScene
        self.app.push(RulesScene(self.app, self.info.id))

    # -- layout ---------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.layout()

    def layout(self) -> None:
        """Rows top to bottom; when they do not fit, the seats stay on the left and the
        options move to a right-hand column, rows growing no taller than there is room."""
        w, h = self.app.size
        base = ui.ui_size((w, h))
        self.base = base
        self.box = pygame.Rect(0, 0, min(w - 40, base * 44), h - base * 3)
        self.box.center = (w // 2, h // 2)
        x = self.box.x + base * 2
        top = self.box.y + base * 4.2
        room = self.box.bottom - base * 6.5 - top
        gap = base * 0.3
        seat_rows = (1 if self.info.max_seats > 1 else 0) + self.count + 1
        option_rows = len(self.info.options) + sum(1 for o in self.info.options if o.id in NOTES)
        full_w = self.box.width - base * 4
        two = (seat_rows + option_rows) * (base * 2.3 + gap) + base > room and option_rows > 3
        self.narrow = two  # seat rows say "1." instead of "Seat 1", leaving the name room
        col_w = (full_w - base * 2) // 2 if two else full_w

        def height(rows: int) -> int:
            return int(max(base * 1.45, min(base * 2.3, room / max(1, rows) - gap)))

        self.rows = []
        row_h = height(seat_rows if two else seat_rows + option_rows)
        y = top
        if self.info.max_seats > 1:
            self.rows.append(("seats", pygame.Rect(x, y, col_w, row_h), None))
            y += row_h + gap
        for i in range(self.count):
            rect = pygame.Rect(x, y, col_w, row_h)
            value = self.value_rect(rect)
            name_x = rect.x + int(base * (1.8 if two else 4.2))
            room_w = value.x - name_x - base - ((row_h + base // 3) if self.info.keys else 0)
            self.names[i].rect = pygame.Rect(name_x, rect.y + 3, min(base * 11, room_w), row_h - 6)
            self.rows.append(("seat", rect, i))
            y += row_h + gap
        seed_y = y + base * 0.2
        if two:
            x, y = x + col_w + base * 2, top
            row_h = height(option_rows)
        else:
            y += base * 0.4
        self.notes = []
        for spec in self.info.options:
            self.rows.append(("option", pygame.Rect(x, y, col_w, row_h), spec))
            y += row_h + gap
            if spec.id in NOTES:
                self.notes.append((NOTES[spec.id], pygame.Rect(x, y - base * 0.2, col_w,
                                                               int(base * 0.9))))
                y += base * 1.0
        if not two:
            seed_y = y + base * 0.4
        seed_row = pygame.Rect(self.box.x + base * 2, seed_y, col_w, height(seat_rows))
        self.seed.rect = self.value_rect(seed_row)
        self.rows.append(("seed", seed_row, None))
        bw, bh = int(base * 8), int(base * 2.3)
        ui.stack_buttons(self.buttons.buttons, self.box.right - (bw + 10) * 3 - base, self.box.bottom - bh - base,
                         bw, bh, gap=10, horizontal=True)

    def message_area(self, size: tuple[int, int]) -> pygame.Rect:
        """Messages stand above the help line and the buttons, never over them."""
        top = self.box.bottom - int(self.base * 4.8)  # the help line's top (see draw)
        return pygame.Rect(0, 0, size[0], max(size[1] // 3, top))

    def value_rect(self, row: pygame.Rect) -> pygame.Rect:
        width = min(self.base * 14, int(row.width * 0.48))
        return pygame.Rect(row.right - width, row.y + 3, width, row.height - 6)

    # -- events ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.key_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            hovered = next((i for i, (_, rect, _) in enumerate(self.rows)
                            if rect.collidepoint(event.pos)), None)
            changed = hovered is not None and self.show_help_of(hovered)
            return self.buttons.handle(event) or changed
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.step_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            # every field hears the click (a field left behind stops editing); a click outside
            # the fields goes on to the buttons, so Start works at the first click
            taken = [f for f in self.fields() if f.handle(event)]
            if taken:
                stop = ("seed", None) if taken[0] is self.seed else ("name", self.names.index(taken[0]))
                self.set_focus(stop, select_all=False)
                return True
            if self.field_of(self.focus) is not None:
                self.set_focus(None)  # the field it left is no longer the focus
        else:
            field = self.field_of(self.focus)
            if field is not None and field in self.fields() and not field.focused and (
                    event.type == pygame.TEXTINPUT or (event.type == pygame.KEYDOWN and (
                        event.key in (pygame.K_BACKSPACE, pygame.K_DELETE) or (
                            event.key == pygame.K_a and event.mod & pygame.KMOD_CTRL)))):
                field.focus(select_all=False)  # typing on a focused field edits it again
            for f in self.fields():
                if f.focused and f.handle(event):
                    if f is self.seed and not f.focused and event.type == pygame.KEYDOWN \
                            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                        self.start()
                    return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_SPACE):
            if self.focus and self.focus[0] == "button":
                self.buttons.buttons[self.focus[1]].action()
                return True
            if event.key == pygame.K_SPACE:
                if 0 <= self.focus_row < len(self.rows):
                    kind, _, data = self.rows[self.focus_row]
                    self.change(kind, data, 1)
                return True
            self.start()  # Enter anywhere else: the dialog's default, Start
            return True
        if self.buttons.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            choices = [i for i, row in enumerate(self.rows) if row[0] != "seed"]
            if choices:
                here = self.focus_row
                if here < 0 and self.focus and self.focus[0] == "name":
                    here = next(i for i, row in enumerate(self.rows)
                                if row[0] == "seat" and row[2] == self.focus[1])
                now = choices.index(here) if here in choices else -1
                step = 1 if event.key == pygame.K_DOWN else -1
                self.focus_row = choices[(now + step) % len(choices)]
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT) \
                and 0 <= self.focus_row < len(self.rows):
            kind, _, data = self.rows[self.focus_row]
            self.change(kind, data, 1 if event.key == pygame.K_RIGHT else -1)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for index, (kind, rect, data) in enumerate(self.rows):
                value = self.value_rect(rect)
                if not value.collidepoint(event.pos):
                    continue
                if kind != "seed":  # the keyboard goes on from the row clicked, not another
                    self.set_focus(("row", index))
                left = event.pos[0] < value.centerx
                self.change(kind, data, -1 if left else 1)
                return True
        return False

    def change(self, kind: str, data: Any, step: int) -> None:
        self.error = ""
        self.app.play("click")
        if kind == "seats":
            focus = self.focus
            self.count = max(self.info.min_seats, min(self.info.max_seats, self.count + step))
            self.layout()
            if focus not in self.stops():
                focus = ("row", 0)  # a seat that went away had it: back to the Players row
            self.set_focus(focus)
        elif kind == "seat":
            i = data
            people = ["human", PHONE] if self.info.max_seats > 1 else ["human"]
            order = people + [f"computer:{s}" for s in self.info.strengths]
            now = self.kinds[i] if self.kinds[i] in people else f"computer:{self.strengths[i]}"
            nxt = order[(order.index(now) + step) % len(order)] if now in order else order[0]
            self.kinds[i], _, strength = nxt.partition(":")
            if strength:
                self.strengths[i] = strength
        elif kind == "option":
            spec = data
            current = self.options[spec.id]
            if spec.type == "bool":
                self.options[spec.id] = not current
            elif spec.type == "choice":
                i = spec.choices.index(current)
                self.options[spec.id] = spec.choices[(i + step) % len(spec.choices)]
            else:
                value = current + step * option_step(spec)
                lo = spec.minimum if spec.minimum is not None else -10**6
                hi = spec.maximum if spec.maximum is not None else 10**6
                self.options[spec.id] = max(lo, min(hi, value))

    # -- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        base = self.base
        ui.panel(surface, self.box)
        ui.text(surface, f"New game: {self.info.title}", int(base * 1.6),
                (self.box.x + base * 2, self.box.y + base * 1.2), colour=ui.GOLD, bold=True)
        ui.text(surface, self.info.tagline, int(base * 0.85),
                (self.box.x + base * 2, self.box.y + base * 3.0), colour=ui.DIM,
                max_width=self.box.width - base * 4)
        for words, where in self.notes:
            ui.text(surface, words, int(base * 0.78), where.topleft, colour=ui.DIM,
                    max_width=where.width)
        for index, (kind, rect, data) in enumerate(self.rows):
            value = self.value_rect(rect)
            if index == self.focus_row:
                pygame.draw.rect(surface, (52, 72, 60), rect.inflate(12, 4), border_radius=8)
                ui.focus_ring(surface, value, 8)
            if kind == "seats":
                self.label(surface, rect, "Players")
                self.value(surface, value, f"{self.count}")
            elif kind == "seat":
                i = data
                self.label(surface, rect, f"{i + 1}." if self.narrow else f"Seat {i + 1}")
                self.names[i].draw(surface, int(base * 0.9))
                self.draw_key_cap(surface, i)
                who = {"human": "Person at this screen", PHONE: "Person with a phone"}.get(
                    self.kinds[i], f"Computer ({self.strengths[i]})")
                if i < len(self.info.sides):  # what the seat plays as (Finale: the team)
                    who += f" · {self.info.sides[i]}"
                self.value(surface, value, who)
            elif kind == "option":
                spec = data
                note = "  (our rule)" if spec.ours else ""
                self.label(surface, rect, spec.label + note)
                self.value(surface, value, spec.label_of(self.options[spec.id]))
            elif kind == "seed":
                self.label(surface, rect, "Deal number (blank: random)")
                self.seed.draw(surface, int(base * 0.9))
        field = self.field_of(self.focus)
        if field is not None:
            ui.focus_ring(surface, field.rect, 8)
        shown = self.help_spec
        if shown is not None and shown.help:
            self.draw_help(surface, shown.help)
        if self.capture is not None:
            self.draw_capture_note(surface)
        elif self.error:
            ui.text(surface, self.error, int(base * 0.9), (self.box.x + base * 2, self.box.bottom - base * 5.8),
                    colour=ui.BAD, max_width=self.box.width - base * 4)
        self.buttons.draw(surface)

    def label(self, surface, rect, words):
        ui.text(surface, words, int(self.base * 0.95), (rect.x, rect.centery), anchor="midleft",
                max_width=rect.width // 2)

    def value(self, surface, rect, words):
        pygame.draw.rect(surface, (24, 40, 32), rect, border_radius=8)
        pygame.draw.rect(surface, (96, 120, 100), rect, 1, border_radius=8)
        ui.text(surface, "<", int(self.base * 0.95), (rect.x + self.base * 0.8, rect.centery),
                colour=ui.GOLD, bold=True, anchor="center")
        ui.text(surface, ">", int(self.base * 0.95), (rect.right - self.base * 0.8, rect.centery),
                colour=ui.GOLD, bold=True, anchor="center")
        ui.text(surface, words, int(self.base * 0.9), rect.center, anchor="center",
                max_width=rect.width - self.base * 3)
