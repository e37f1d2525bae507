"""The screen between two people at one table: the hand-over bar, where whoever just moved
looks at what the move did (and may take it back) before passing the screen, and the curtain
that hides the table until the next person takes it."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes import widgets as ui
from scenes.art import fonts
from scenes.manager import Scene

if TYPE_CHECKING:
    from scenes.table.port import TablePort


class Curtain(Scene):
    """Hides the whole table until the named person takes the screen."""

    overlay = True

    def __init__(self, app, table: "TablePort", name: str, side: str = "") -> None:
        super().__init__(app)
        self.table = table
        self.name = name
        self.side = side  # what the person plays as, if the game names it ("SV Stollen")
        shown = f"{name} ({side})" if side else name
        self.button = ui.ButtonRow([ui.Button(f"I am {shown}: show my cards", self.lift,
                                              key=pygame.K_RETURN, primary=True)])

    def lift(self) -> None:
        self.app.pop(self)
        self.table.curtain_lifted()
        self.app.play("flip")

    def resize(self, size):
        super().resize(size)
        base = ui.ui_size(size)
        w, h = size
        label = self.button.buttons[0].label  # wide enough for a name and a side
        bw = min(w - base * 2, max(int(base * 14), int(len(label) * base * 0.55) + base * 2))
        bh = int(base * 2.4)
        self.button.buttons[0].rect = pygame.Rect((w - bw) // 2, h // 2 + base * 2, bw, bh)

    def handle_event(self, event):
        if self.button.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.table.open_menu(back=self)  # the menu over the curtain, which comes back
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def draw(self, surface):
        w, h = surface.get_size()
        surface.fill((22, 30, 40))
        base = ui.ui_size((w, h))
        for i in range(0, w, max(8, w // 40)):
            pygame.draw.line(surface, (30, 40, 52), (i, 0), (i, h), max(2, w // 160))
        shown = f"{self.name} ({self.side})" if self.side else self.name
        ui.text(surface, f"Pass the screen to {shown}", int(base * 2.0), (w // 2, h // 2 - base * 2),
                colour=ui.GOLD, bold=True, anchor="center", max_width=w - 40)
        ui.text(surface, "Everyone else, look away: their cards are about to be shown.",
                int(base * 0.9), (w // 2, h // 2), colour=ui.DIM, anchor="center", max_width=w - 40)
        self.button.draw(surface)


MODIFIERS = {pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT,
             pygame.K_RALT, pygame.K_LMETA, pygame.K_RMETA, pygame.K_CAPSLOCK, pygame.K_NUMLOCK}


class HandOver(Scene):
    """Between two people's turns, before the curtain: the one who just moved still sees the
    table from their seat (what the move drew or showed them, and the answers of computer
    seats) and may take the move back; then they pass the screen (Enter) and the curtain comes
    up for the next person. The table under it stands still but for its animations."""

    overlay = True

    def __init__(self, app, table: "TablePort", mover: str, to: str) -> None:
        super().__init__(app)
        self.table = table
        self.mover = mover
        self.to = to
        # "Take it back" only where the match allows it (never in a real-time game, say)
        back, self.no_undo = table.match.undo_span(table.perspective)
        self.buttons = ui.ButtonRow([
            ui.Button(f"Pass the screen to {to}", self.pass_screen, key=pygame.K_RETURN,
                      primary=True)] + ([
            ui.Button("Take it back", self.take_back, tip="Ctrl+Z")] if back else []))
        self.bar = pygame.Rect(0, 0, 0, 0)

    def pass_screen(self) -> None:
        self.app.pop(self)
        self.table.screen_passed()

    def take_back(self) -> None:
        self.app.pop(self)
        before = len(self.table.match.steps)
        self.table.undo()
        if len(self.table.match.steps) == before:  # refused (the table said why): still here
            self.app.push(self)

    def resize(self, size):
        super().resize(size)
        base = ui.ui_size(size)
        w, h = size
        bh = int(base * 2.2)
        # over the status bar and the table's buttons (they do not work meanwhile); the hands
        # stay in view
        tools = [b.rect.bottom for b in self.table.tools.buttons]
        self.bar = pygame.Rect(0, 0, w, max([bh + base] + [b + base // 3 for b in tools]))
        first = max(int(base * 12), fonts.render_text(self.buttons.buttons[0].label, base,
                                                      ui.INK, bold=True).get_width() + base * 2)
        widths = [min(first, w // 2), int(base * 9)][:len(self.buttons.buttons)]
        x = w - base - sum(widths) - base
        for button, bw in zip(self.buttons.buttons, widths):
            button.rect = pygame.Rect(x, self.bar.centery - bh // 2, bw, bh)
            x += bw + base

    def handle_event(self, event):
        if self.buttons.handle(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                if len(self.buttons.buttons) > 1:
                    self.take_back()
                else:
                    self.table.refuse(self.no_undo)
            elif event.key == pygame.K_ESCAPE:
                self.table.open_menu(back=self)
            elif event.key not in MODIFIERS:
                self.say_it_waits()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.say_it_waits()
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def message_area(self, size: tuple[int, int]) -> pygame.Rect:
        """Messages stand where the table puts them (the table stays in view)."""
        return self.table.message_area(size)

    def keep_clear(self) -> list[pygame.Rect]:
        """Nor do they cover what the table keeps clear: the mover's hand, a countdown."""
        return self.table.keep_clear()

    def say_it_waits(self) -> None:
        """A key or a click meant for the table (a real-time key, a card, a button under the
        bar) while it waits: say why nothing happens."""
        self.table.refuse(f"Pass the screen to {self.to} first (Enter): the table waits "
                          "until then.")

    def draw(self, surface):
        w, h = surface.get_size()
        base = ui.ui_size((w, h))
        ui.panel(surface, self.bar, 255)  # opaque: the status and buttons under it are not live
        room = self.buttons.buttons[0].rect.x - base * 2
        ui.text(surface, f"{self.mover}, your turn is done.", int(base * 1.05),
                (base, self.bar.centery - base // 6), colour=ui.GOLD, bold=True,
                anchor="bottomleft", max_width=room)
        ui.text(surface, "Look at what it did, then pass the screen.", int(base * 0.85),
                (base, self.bar.centery + base // 6), colour=ui.DIM, max_width=room)
        self.buttons.draw(surface)


__all__ = ["Curtain", "HandOver"]
