"""Scenes pushed over a table: the pause menu, a choice, the result (the curtain and the
hand-over between people are in curtain.py)."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Optional

import pygame

from game.core.registry import game_info
from game.core.text import plural, score_text
from scenes import widgets as ui
from scenes.art import fonts
from scenes.manager import Scene

if TYPE_CHECKING:
    from scenes.table.port import TablePort


class PauseMenu(Scene):
    """Esc during a game: resume, rules, restart, or back to the menu (already saved)."""

    overlay = True

    def __init__(self, app, table: "TablePort", back: Optional[Scene] = None) -> None:
        super().__init__(app)
        self.table = table
        self.back = back  # a scene over the table (the curtain) that Resume puts back
        self.buttons = ui.ButtonRow([
            ui.Button("Resume", self.resume_game, key=pygame.K_ESCAPE, primary=True),
            ui.Button("Rules", self.rules, key=pygame.K_F1),
            ui.Button("Restart", self.restart, key=pygame.K_r),
            ui.Button("Settings", self.settings, key=pygame.K_o),
            ui.Button("Quit to menu", self.to_menu, key=pygame.K_q),
        ])

    def resume_game(self):
        self.app.pop(self)
        if self.back is not None:
            self.app.push(self.back)

    def rules(self):
        from scenes.rules import RulesScene
        self.app.push(RulesScene(self.app, self.table.match.game_id))

    def settings(self):
        from scenes.settings import SettingsScene
        self.app.push(SettingsScene(self.app))

    def restart(self):
        """Starting the same deal again throws this game away: ask first."""
        moves = len(self.table.match.steps)
        self.app.push(Confirm(self.app, "Restart this deal?",
                              f"The game so far ({plural(moves, 'move')}) is thrown away and the "
                              "same deal starts again from its first card.",
                              "Restart", self.restart_now, "Keep playing"))

    def restart_now(self):
        from scenes.table.registry import start_new_game
        match = self.table.match
        self.app.pop(self)
        self.app.pop(self.table)
        start_new_game(self.app, match.game_id, match.seats, match.options, match.setup.seed,
                       deal=match.setup.deal)

    def to_menu(self):
        self.app.pop(self)
        self.app.pop(self.table)
        self.app.toast("Your game is saved: find it under Continue.", 3)

    def resize(self, size):
        super().resize(size)
        base = ui.ui_size(size)
        w, h = size
        bw, bh = int(base * 11), int(base * 2.3)
        n = len(self.buttons.buttons)
        ui.stack_buttons(self.buttons.buttons, (w - bw) // 2, h // 2 - (bh + 12) * n // 2 + base,
                         bw, bh)

    def handle_event(self, event):
        self.buttons.handle(event)
        return True

    def draw(self, surface):
        ui.dim(surface, 160)
        w, h = surface.get_size()
        base = ui.ui_size((w, h))
        area = self.buttons.buttons[0].rect.unionall([b.rect for b in self.buttons.buttons])
        ui.panel(surface, area.inflate(base * 4, base * 6).move(0, -base))
        ui.text(surface, "Paused", int(base * 1.6), (w // 2, area.top - base * 2),
                colour=ui.GOLD, bold=True, anchor="center")
        self.buttons.draw(surface)


class Confirm(Scene):
    """A question before something that cannot be taken back: Y or Enter goes ahead,
    N or Esc keeps things as they are."""

    overlay = True

    def __init__(self, app, title: str, message: str, yes: str, on_yes, no: str = "Cancel") -> None:
        super().__init__(app)
        self.title, self.message = title, message
        self.on_yes = on_yes
        self.buttons = ui.ButtonRow([
            ui.Button(no, self.decline, key=pygame.K_ESCAPE, primary=True),
            ui.Button(yes, self.accept, key=pygame.K_y)])
        self.box = pygame.Rect(0, 0, 0, 0)

    def accept(self):
        self.app.pop(self)
        self.on_yes()

    def decline(self):
        self.app.pop(self)

    def resize(self, size):
        super().resize(size)
        base = ui.ui_size(size)
        w, h = size
        self.box = pygame.Rect(0, 0, min(w - base * 2, base * 30), min(h - base, base * 12))
        self.box.center = (w // 2, h // 2)
        bw = min(base * 11, (self.box.width - base * 3) // 2)
        bh = int(base * 2.2)
        ui.stack_buttons(self.buttons.buttons, self.box.centerx - bw - base // 2,
                         self.box.bottom - bh - base, bw, bh, gap=base, horizontal=True)

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_n:
            self.decline()
            return True
        self.buttons.handle(event)
        return True

    def draw(self, surface):
        ui.dim(surface, 140)
        base = ui.ui_size(surface.get_size())
        box = self.box
        ui.panel(surface, box, 240)
        ui.text(surface, self.title, int(base * 1.4), (box.centerx, box.top + base * 1.8),
                colour=ui.GOLD, bold=True, anchor="center", max_width=box.width - base * 2)
        ui.paragraph(surface, self.message, int(base * 0.95),
                     pygame.Rect(box.left + base * 1.5, box.top + base * 3.4,
                                 box.width - base * 3, base * 4.5))
        self.buttons.draw(surface)


class ChoicePopup(Scene):
    """When one gesture could mean several actions: pick one, or Esc."""

    overlay = True

    def __init__(self, app, table: "TablePort", actions: list) -> None:
        super().__init__(app)
        self.table = table
        self.actions = list(actions[:9])  # the button of each, in order (Cancel comes last)
        self.buttons = ui.ButtonRow(
            [ui.Button(table.engine.describe(a), partial(self.pick, a), key=pygame.K_1 + i)
             for i, a in enumerate(actions[:9])]
            + [ui.Button("Cancel", lambda: self.app.pop(self), key=pygame.K_ESCAPE)])

    def pick(self, action):
        self.app.pop(self)
        self.table.act(action)

    def resize(self, size):
        super().resize(size)
        base = ui.ui_size(size)
        w, h = size
        bw, bh = int(base * 14), int(base * 2.1)
        n = len(self.buttons.buttons)
        ui.stack_buttons(self.buttons.buttons, (w - bw) // 2, h // 2 - (bh + 10) * n // 2, bw, bh, gap=10)

    def handle_event(self, event):
        self.buttons.handle(event)
        return True

    def draw(self, surface):
        ui.dim(surface, 120)
        base = ui.ui_size(surface.get_size())
        area = self.buttons.buttons[0].rect.unionall([b.rect for b in self.buttons.buttons])
        ui.panel(surface, area.inflate(base * 3, base * 5).move(0, -base))
        ui.text(surface, "Which one?", int(base * 1.2), (area.centerx, area.top - base * 1.6),
                colour=ui.GOLD, bold=True, anchor="center")
        self.buttons.draw(surface)


class ResultOverlay(Scene):
    """The game is over: who won, the scores, and what next.

    Its buttons wake up a moment after it appears, so keys still being pressed for the last
    moves of the game (1 for End turn, Enter) cannot skip past the result unseen."""

    overlay = True
    ARMING = 0.7  # seconds before the buttons take clicks and keys

    def __init__(self, app, table: "TablePort") -> None:
        super().__init__(app)
        self.table = table
        self.outcome = table.match.outcome()
        self.by_person = table.match.played_by_person()
        self.waiting = self.ARMING
        buttons = [ui.Button("Play again", self.again, key=pygame.K_a, primary=True),
                   ui.Button("Look at the table", self.look, key=pygame.K_l),
                   ui.Button("Main menu", self.to_menu, key=pygame.K_ESCAPE)]
        extra = table.result_buttons(self)
        if any(b.primary for b in extra):  # a game's own main button (watch the movie)
            buttons[0].primary = False
        self.buttons = ui.ButtonRow(extra + buttons)
        for button in self.buttons.buttons:
            button.enabled = False
        self.box = pygame.Rect(0, 0, 0, 0)
        self.lines: list[tuple[str, bool]] = []

    def headline(self) -> tuple[str, str]:
        """The big line and, when it needs one, a line that explains it."""
        seats = self.table.seats
        winners = self.outcome.winners
        humans = [i for i, s in enumerate(seats) if s.is_human]
        names = [seats[i].name for i in winners]
        if not humans:
            note = "Played by the computer: kept apart from your statistics."
            if len(seats) == 1:
                return (f"{seats[0].name} finished" if winners else
                        f"{seats[0].name} did not finish"), note
            return (f"{' and '.join(names)} won" if winners else "Nobody won"), note
        note = "" if self.by_person else \
            "Nobody at the screen made a move, so this game is kept apart from your statistics."
        if len(seats) == 1:
            return ("You won!" if winners else "Not finished this time"), note
        if not winners:
            return "Nobody won this time", note
        if len(winners) == 1:
            return f"{names[0]} won!", note
        return "Shared win: " + ", ".join(names), note

    def score_lines(self) -> list[tuple[str, bool]]:
        """One line a seat with its score; the winners' lines say so in words."""
        seats = self.table.seats
        if len(seats) < 2:
            return []
        lines = []
        for i, seat in enumerate(seats):
            score = self.outcome.scores[i] if i < len(self.outcome.scores) else None
            words = seat.name if score is None else f"{seat.name}: {score_text(score)}"
            won = i in self.outcome.winners
            lines.append((words + ("  - winner" if won else ""), won))
        return lines

    def again(self):
        from scenes.table.registry import start_new_game
        match = self.table.match
        self.app.pop(self)
        self.app.pop(self.table)
        start_new_game(self.app, match.game_id, match.seats, match.options, None)

    def look(self):
        self.app.pop(self)

    def to_menu(self):
        self.app.pop(self)
        self.app.pop(self.table)

    def resize(self, size):
        super().resize(size)
        base = ui.ui_size(size)
        w, h = size
        self.lines = self.score_lines()
        n = len(self.buttons.buttons)
        box_w = min(w - base * 2, max(int(w * 0.7), base * 30))
        inner = box_w - base * 2
        gap = max(6, base // 2)
        per_row = n
        while per_row > 1 and (inner - gap * (per_row - 1)) // per_row < base * 8:
            per_row -= 1  # too narrow for them side by side: two rows (or more)
        bw = min(base * 11, (inner - gap * (per_row - 1)) // per_row)
        bh = int(base * 2.2)
        rows = -(-n // per_row)
        note = self.headline()[1]
        text_h = (base * 8 + (int(base * 1.6) if note else 0) + (int(base * 1.5) if self.lines else 0)
                  + int(base * 1.6) * len(self.lines) + base // 2)
        box_h = min(h - base, text_h + rows * (bh + gap) + base)
        self.box = pygame.Rect(0, 0, box_w, box_h)
        self.box.center = (w // 2, h // 2)
        top = self.box.bottom - base - rows * (bh + gap) + gap
        for row in range(rows):
            row_buttons = self.buttons.buttons[row * per_row:(row + 1) * per_row]
            width = len(row_buttons) * (bw + gap) - gap
            ui.stack_buttons(row_buttons, self.box.centerx - width // 2, top + row * (bh + gap),
                             bw, bh, gap=gap, horizontal=True)

    def update(self, dt):
        if self.waiting > 0:
            self.waiting -= dt
            if self.waiting <= 0:
                for button in self.buttons.buttons:
                    button.enabled = True
                self.app.needs_redraw = True

    def busy(self):
        return self.waiting > 0

    def handle_event(self, event):
        if self.waiting > 0:
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            main = next((b for b in self.buttons.buttons if b.primary and b.enabled), None)
            if main is not None:  # Enter: the main button, whichever it is
                main.action()
                return True
        self.buttons.handle(event)
        return True

    def draw(self, surface):
        ui.dim(surface, 150)
        w, h = surface.get_size()
        base = ui.ui_size((w, h))
        box = self.box
        ui.panel(surface, box)
        headline, note = self.headline()
        ui.text(surface, headline, int(base * 2.0), (w // 2, box.top + base * 2), colour=ui.GOLD,
                bold=True, anchor="center", max_width=box.width - base * 2)
        summary = fonts.wrap_text(self.outcome.summary, box.width - base * 4, int(base * 1.0),
                                  ui.INK, align="centre")
        used = min(summary.get_height(), base * 3)
        surface.blit(summary, summary.get_rect(midtop=(w // 2, box.top + base * 4)),
                     area=pygame.Rect(0, 0, summary.get_width(), used))
        y = box.top + base * 4 + used + base
        if note:
            ui.text(surface, note, max(11, int(base * 0.85)), (w // 2, y), colour=ui.DIM,
                    anchor="midtop", max_width=box.width - base * 2)
            y += int(base * 1.6)
        if self.lines:
            better = game_info(self.table.match.game_id).better
            ui.text(surface, f"Final scores ({better} is better)", max(11, int(base * 0.85)),
                    (w // 2, y), colour=ui.DIM, anchor="midtop")
            y += int(base * 1.5)
        for words, won in self.lines:
            ui.text(surface, words, int(base * 1.1), (w // 2, y), anchor="midtop", bold=won,
                    colour=ui.GOLD if won else ui.INK, max_width=box.width - base * 2)
            y += int(base * 1.6)
        self.buttons.draw(surface)
