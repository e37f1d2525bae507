"""Scenes pushed over a table: the curtain, the pause menu, a choice, the result."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes import widgets as ui
from scenes.manager import Scene

if TYPE_CHECKING:
    from scenes.table.scene import TableScene


class Curtain(Scene):
    """Hides the whole table until the named person takes the screen."""

    overlay = True

    def __init__(self, app, table: "TableScene", name: str) -> None:
        super().__init__(app)
        self.table = table
        self.name = name
        self.button = ui.ButtonRow([ui.Button(f"I am {name}: show my cards", self.lift,
                                              key=pygame.K_RETURN, primary=True)])

    def lift(self) -> None:
        self.app.pop(self)
        self.table.curtain_lifted()
        self.app.play("flip")

    def resize(self, size):
        super().resize(size)
        base = ui.ui_size(size)
        w, h = size
        bw, bh = int(base * 14), int(base * 2.4)
        self.button.buttons[0].rect = pygame.Rect((w - bw) // 2, h // 2 + base * 2, bw, bh)

    def handle_event(self, event):
        if self.button.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop(self)
            self.table.open_menu()
            self.app.push(self)
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def draw(self, surface):
        w, h = surface.get_size()
        surface.fill((22, 30, 40))
        base = ui.ui_size((w, h))
        for i in range(0, w, max(8, w // 40)):
            pygame.draw.line(surface, (30, 40, 52), (i, 0), (i, h), max(2, w // 160))
        ui.text(surface, f"Pass the screen to {self.name}", int(base * 2.0), (w // 2, h // 2 - base * 2),
                colour=ui.GOLD, bold=True, anchor="center", max_width=w - 40)
        ui.text(surface, "Everyone else, look away: their cards are about to be shown.",
                int(base * 0.9), (w // 2, h // 2), colour=ui.DIM, anchor="center", max_width=w - 40)
        self.button.draw(surface)


class PauseMenu(Scene):
    """Esc during a game: resume, rules, restart, or back to the menu (already saved)."""

    overlay = True

    def __init__(self, app, table: "TableScene") -> None:
        super().__init__(app)
        self.table = table
        self.buttons = ui.ButtonRow([
            ui.Button("Resume", self.resume_game, key=pygame.K_ESCAPE, primary=True),
            ui.Button("Rules", self.rules, key=pygame.K_F1),
            ui.Button("Restart", self.restart, key=pygame.K_r),
            ui.Button("Settings", self.settings, key=pygame.K_o),
            ui.Button("Quit to menu", self.to_menu, key=pygame.K_q),
        ])

    def resume_game(self):
        self.app.pop(self)

    def rules(self):
        from scenes.rules import RulesScene
        self.app.push(RulesScene(self.app, self.table.match.game_id))

    def settings(self):
        from scenes.settings import SettingsScene
        self.app.push(SettingsScene(self.app))

    def restart(self):
        from scenes.tables import start_new_game
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


class ChoicePopup(Scene):
    """When one gesture could mean several actions: pick one, or Esc."""

    overlay = True

    def __init__(self, app, table: "TableScene", actions: list) -> None:
        super().__init__(app)
        self.table = table
        self.buttons = ui.ButtonRow(
            [ui.Button(table.engine.describe(a), lambda a=a: self.pick(a), key=pygame.K_1 + i)
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
    """The game is over: who won, the scores, and what next."""

    overlay = True

    def __init__(self, app, table: "TableScene") -> None:
        super().__init__(app)
        self.table = table
        self.outcome = table.match.outcome()
        buttons = [ui.Button("Play again", self.again, key=pygame.K_RETURN, primary=True),
                   ui.Button("Look at the table", self.look, key=pygame.K_l),
                   ui.Button("Main menu", self.to_menu, key=pygame.K_ESCAPE)]
        extra = table.result_buttons(self)
        self.buttons = ui.ButtonRow(extra + buttons)

    def again(self):
        from scenes.tables import start_new_game
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
        bw, bh = int(base * 10), int(base * 2.2)
        n = len(self.buttons.buttons)
        ui.stack_buttons(self.buttons.buttons, (w - (bw + 12) * n + 12) // 2, int(h * 0.66), bw, bh,
                         gap=12, horizontal=True)

    def handle_event(self, event):
        self.buttons.handle(event)
        return True

    def draw(self, surface):
        ui.dim(surface, 150)
        w, h = surface.get_size()
        base = ui.ui_size((w, h))
        box = pygame.Rect(0, 0, int(w * 0.7), int(h * 0.6))
        box.center = (w // 2, int(h * 0.48))
        ui.panel(surface, box)
        seats = self.table.seats
        winners = self.outcome.winners
        if not winners:
            headline = "Nobody won this time"
        elif len(winners) == 1:
            headline = f"{seats[winners[0]].name} won!" if len(seats) > 1 else "You won!"
        else:
            headline = "Shared win: " + ", ".join(seats[i].name for i in winners)
        if len(seats) == 1 and not winners:
            headline = "Not finished this time"
        ui.text(surface, headline, int(base * 2.0), (w // 2, box.top + base * 2), colour=ui.GOLD,
                bold=True, anchor="center", max_width=box.width - base * 2)
        ui.paragraph(surface, self.outcome.summary, int(base * 1.0),
                     pygame.Rect(box.left + base * 2, box.top + base * 4, box.width - base * 4, base * 5))
        y = box.top + base * 8
        if len(seats) > 1:
            for i, seat in enumerate(seats):
                score = self.outcome.scores[i] if i < len(self.outcome.scores) else ""
                if isinstance(score, float) and score.is_integer():
                    score = int(score)  # 12 points, not 12.0
                mark = "  *" if i in winners else ""
                ui.text(surface, f"{seat.name}: {score}{mark}", int(base * 1.1),
                        (w // 2, y), anchor="center", bold=i in winners)
                y += int(base * 1.6)
        self.buttons.draw(surface)
