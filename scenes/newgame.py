"""The new-game dialog: seats (human or computer, names), the game's options, a deal number."""
from __future__ import annotations

from typing import Any

import pygame

from game.core.engine import Seat
from game.core.registry import game_info
from scenes import widgets as ui
from scenes.art.table import felt
from scenes.manager import Scene

DEFAULT_NAMES = ["Anna", "Ben", "Clara", "David", "Eva", "Felix"]


class NewGameDialog(Scene):
    """Choose who plays and how; Start puts the game on the table."""

    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.info = game_info(game_id)
        self.options: dict[str, Any] = self.info.default_options()
        count = self.info.min_seats if self.info.max_seats == 1 else min(self.info.max_seats, 2)
        self.kinds = ["human"] + ["computer"] * (self.info.max_seats - 1)
        self.strengths = [self.info.default_strength] * self.info.max_seats
        first = app.settings.player_name
        self.names = [ui.TextField(first if i == 0 else f"{DEFAULT_NAMES[i % 6]}")
                      for i in range(self.info.max_seats)]
        self.count = count
        self.seed = ui.TextField("", max_len=9, digits=True)
        self.rows: list[tuple[str, pygame.Rect, Any]] = []
        self.error = ""
        self.focus_row = -1  # keyboard: Up/Down choose a row, Left/Right change it
        self.buttons = ui.ButtonRow([
            ui.Button("Start", self.start, key=pygame.K_RETURN, primary=True, tip="Start (Enter)"),
            ui.Button("Rules", self.rules, key=pygame.K_F1, tip="Read the rules first (F1)"),
            ui.Button("Back", lambda: self.app.pop(self), key=pygame.K_ESCAPE, tip="Back (Esc)"),
        ])

    def fields(self) -> list[ui.TextField]:
        return self.names[: self.count] + [self.seed]

    def start(self) -> None:
        from scenes.tables import start_new_game
        seats = []
        for i in range(self.count):
            name = self.names[i].value.strip() or (DEFAULT_NAMES[i % 6])
            strength = self.strengths[i] if self.kinds[i] == "computer" else ""
            seats.append(Seat(name, self.kinds[i], strength))
        if len({s.name for s in seats}) < len(seats):
            self.error = "Two seats have the same name: give each player their own."
            self.app.play("refuse")
            return
        seed = int(self.seed.value) if self.seed.value else None
        if seats[0].is_human and seats[0].name != self.app.settings.player_name:
            self.app.settings.player_name = seats[0].name[:24]
            self.app.save_settings()
        self.app.pop(self)
        try:
            start_new_game(self.app, self.info.id, seats, self.options, seed)
        except ValueError as exc:
            self.app.toast(str(exc), 5, "bad")

    def rules(self) -> None:
        from scenes.rules import RulesScene
        self.app.push(RulesScene(self.app, self.info.id))

    # -- layout ---------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.layout()

    def layout(self) -> None:
        w, h = self.app.size
        base = ui.ui_size((w, h))
        self.base = base
        self.box = pygame.Rect(0, 0, min(w - 40, base * 44), h - base * 3)
        self.box.center = (w // 2, h // 2)
        x = self.box.x + base * 2
        y = self.box.y + base * 4.2
        row_h = int(base * 2.3)
        self.rows = []
        if self.info.max_seats > 1:
            self.rows.append(("seats", pygame.Rect(x, y, self.box.width - base * 4, row_h), None))
            y += row_h + base * 0.4
        for i in range(self.count):
            rect = pygame.Rect(x, y, self.box.width - base * 4, row_h)
            self.names[i].rect = pygame.Rect(rect.x + base * 5, rect.y + 3, base * 11, row_h - 6)
            self.rows.append(("seat", rect, i))
            y += row_h + base * 0.3
        y += base * 0.6
        for spec in self.info.options:
            self.rows.append(("option", pygame.Rect(x, y, self.box.width - base * 4, row_h), spec))
            y += row_h + base * 0.3
        y += base * 0.4
        seed_row = pygame.Rect(x, y, self.box.width - base * 4, row_h)
        self.seed.rect = pygame.Rect(seed_row.right - base * 14, seed_row.y + 3, base * 14, row_h - 6)
        self.rows.append(("seed", seed_row, None))
        bw, bh = int(base * 8), int(base * 2.3)
        ui.stack_buttons(self.buttons.buttons, self.box.right - (bw + 10) * 3 - base, self.box.bottom - bh - base,
                         bw, bh, gap=10, horizontal=True)

    def value_rect(self, row: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(row.right - self.base * 14, row.y + 3, self.base * 14, row.height - 6)

    # -- events ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        for f in self.fields():
            if f.handle(event):
                if f is self.seed and not f.focused and event.type == pygame.KEYDOWN \
                        and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                    self.start()
                return True
        if self.buttons.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            choices = [i for i, row in enumerate(self.rows) if row[0] != "seed"]
            if choices:
                now = choices.index(self.focus_row) if self.focus_row in choices else -1
                step = 1 if event.key == pygame.K_DOWN else -1
                self.focus_row = choices[(now + step) % len(choices)]
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT) \
                and 0 <= self.focus_row < len(self.rows):
            kind, _, data = self.rows[self.focus_row]
            self.change(kind, data, 1 if event.key == pygame.K_RIGHT else -1)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for kind, rect, data in self.rows:
                value = self.value_rect(rect)
                if not value.collidepoint(event.pos):
                    continue
                left = event.pos[0] < value.centerx
                self.change(kind, data, -1 if left else 1)
                return True
        return False

    def change(self, kind: str, data: Any, step: int) -> None:
        self.error = ""
        self.app.play("click")
        if kind == "seats":
            self.count = max(self.info.min_seats, min(self.info.max_seats, self.count + step))
            self.layout()
        elif kind == "seat":
            i = data
            order = ["human"] + [f"computer:{s}" for s in self.info.strengths]
            now = "human" if self.kinds[i] == "human" else f"computer:{self.strengths[i]}"
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
                jump = 5 if (spec.maximum or 100) - (spec.minimum or 0) > 40 else 1
                value = current + step * jump
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
        for index, (kind, rect, data) in enumerate(self.rows):
            value = self.value_rect(rect)
            if index == self.focus_row:
                pygame.draw.rect(surface, (52, 72, 60), rect.inflate(12, 4), border_radius=8)
            if kind == "seats":
                self.label(surface, rect, "Players")
                self.value(surface, value, f"{self.count}")
            elif kind == "seat":
                i = data
                self.label(surface, rect, f"Seat {i + 1}")
                self.names[i].draw(surface, int(base * 0.9))
                who = "Person at this screen" if self.kinds[i] == "human" else \
                    f"Computer ({self.strengths[i]})"
                self.value(surface, value, who)
            elif kind == "option":
                spec = data
                note = "  (our rule)" if spec.ours else ""
                self.label(surface, rect, spec.label + note)
                self.value(surface, value, spec.label_of(self.options[spec.id]))
            elif kind == "seed":
                self.label(surface, rect, "Deal number (blank: random)")
                self.seed.draw(surface, int(base * 0.9))
        mouse = pygame.mouse.get_pos()
        for kind, rect, data in self.rows:
            if kind == "option" and rect.collidepoint(mouse) and data.help:
                ui.text(surface, data.help, int(base * 0.8), (self.box.x + base * 2,
                        self.box.bottom - base * 4.6), colour=ui.DIM, max_width=self.box.width - base * 4)
        if self.error:
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
