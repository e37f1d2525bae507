"""The Finita log: every move of a round in full, to read and scroll (Ctrl+L or the Log button).

The table's own log shows the last few sentences only, while computer seats take their turns
one after another; this page lists the round's moves from its deal, each with the time it was
made in the round, newest at the bottom. Left and Right page to the rounds before. The table
stands still while it is open (as under any menu), so nothing happens unread.

It tells what the table told: the sentences of the events that tell something (those with a
code), in the narrator's words, which name no hidden card.
"""
from __future__ import annotations

from typing import Any

import pygame

from game.core.actions import time_of_action
from scenes import widgets as ui
from scenes.art import fonts
from scenes.manager import Scene


def rounds_told(match: Any) -> list[list[tuple[int, str]]]:
    """Each round's moves so far as (ms into the round, the move's sentences), from the deal."""
    engine = match.engine
    opening = [e.text for e in engine.opening_events(match.states[0]) if e.code]
    rounds: list[list[tuple[int, str]]] = [[(0, " ".join(opening))] if opening else []]
    start = 0
    for step in match.steps:
        words = " ".join(e.text for e in step.events if e.code)
        ms = time_of_action(step.action)
        if step.action.kind == "next_round":
            rounds.append([])
            start = ms
        if words:
            rounds[-1].append((max(0, ms - start), words))
    return rounds


def clock(ms: int) -> str:
    """A time into the round: 0:07.4, 12:31.0."""
    tenths = ms // 100
    return f"{tenths // 600}:{tenths // 10 % 60:02d}.{tenths % 10}"


class History(Scene):
    """A panel over the table with one round's moves; wheel, arrows, Page Up/Down, Home/End
    scroll it, Left/Right show another round, Esc or Ctrl+L closes it."""

    overlay = True

    def __init__(self, app, table: Any) -> None:
        super().__init__(app)
        self.table = table
        self.rounds = rounds_told(table.match)
        self.shown = len(self.rounds) - 1  # the round on the page
        self.scroll = 10**9  # opens at the newest move
        self.lines: list[pygame.Surface] = []
        self.tops: list[int] = []
        self.box = self.view = pygame.Rect(0, 0, 1, 1)
        self.base = ui.ui_size(app.size)
        self.buttons = ui.ButtonRow([
            ui.Button("Earlier round", lambda: self.show(self.shown - 1), key=pygame.K_LEFT),
            ui.Button("Later round", lambda: self.show(self.shown + 1), key=pygame.K_RIGHT),
            ui.Button("Close", self.close, key=pygame.K_ESCAPE, primary=True,
                      tip="Back to the table (Esc or Ctrl+L)")])

    # -- the page -------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        base = self.base = ui.ui_size(size)
        width = max(base * 12, min(w - base * 2, base * 34))
        self.box = pygame.Rect(0, 0, width, max(base * 10, h - base * 3))
        self.box.midright = (w - base, h // 2)
        bh = int(base * 2.0)
        self.view = pygame.Rect(self.box.x + base, self.box.y + int(base * 3.2),
                                self.box.width - base * 2,
                                max(base * 3, self.box.height - int(base * 3.2) - bh - base * 2))
        widths = [int(base * 7.5), int(base * 7.5), int(base * 5.5)]
        x = self.box.right - base - sum(widths) - base
        for button, bw in zip(self.buttons.buttons, widths):
            button.rect = pygame.Rect(x, self.box.bottom - base - bh, bw, bh)
            x += bw + base // 2
        self.render()

    def render(self) -> None:
        """Wrap the shown round's moves to the page's width (each line once, blitted as needed)."""
        base, width = self.base, self.view.width
        size = max(11, int(base * 0.8))
        stamp = fonts.render_text(clock(0), size, ui.DIM).get_width() + base // 2
        self.lines, self.tops, y = [], [], 0
        for ms, words in self.rounds[self.shown]:
            text = fonts.wrap_text(words, max(base * 4, width - stamp), size, ui.INK)
            line = pygame.Surface((width, text.get_height()), pygame.SRCALPHA)
            line.blit(fonts.render_text(clock(ms), size, ui.DIM), (0, 0))
            line.blit(text, (stamp, 0))
            self.lines.append(line)
            self.tops.append(y)
            y += text.get_height() + base // 4
        self.height = y
        self.scroll = max(0, min(self.scroll, self.max_scroll()))
        self.buttons.buttons[0].enabled = self.shown > 0
        self.buttons.buttons[1].enabled = self.shown < len(self.rounds) - 1

    def max_scroll(self) -> int:
        return max(0, self.height - self.view.height)

    def show(self, index: int) -> None:
        if 0 <= index < len(self.rounds) and index != self.shown:
            self.shown, self.scroll = index, 10**9
            self.render()

    def close(self) -> None:
        self.app.pop(self)

    # -- events and drawing ---------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l \
                and event.mod & pygame.KMOD_CTRL:
            self.close()
            return True
        if self.buttons.handle(event):
            return True
        step = ui.scroll_step(event, self.base, self.view.height)
        if step:
            self.scroll = max(0, min(self.max_scroll(), self.scroll + step))
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface: pygame.Surface) -> None:
        base = self.base
        ui.panel(surface, self.box, 255)  # opaque: the page reads as crisply as the rules
        rounds = len(self.rounds)
        title = (f"Round {self.shown + 1}: every move" if self.shown < rounds - 1
                 else f"Round {self.shown + 1}: every move so far")
        ui.text(surface, title, int(base * 1.2), (self.box.x + base, self.box.y + base),
                colour=ui.GOLD, bold=True, max_width=self.box.width - base * 2)
        ui.text(surface, "Newest at the bottom. Scroll with the wheel or the arrow keys; "
                "Left and Right for other rounds.", max(11, int(base * 0.72)),
                (self.box.x + base, self.box.y + int(base * 2.3)), colour=ui.DIM,
                max_width=self.box.width - base * 2)
        view, top = self.view, self.scroll
        for line, y in zip(self.lines, self.tops):
            if y + line.get_height() <= top:
                continue
            if y - top >= view.height:
                break
            part = pygame.Rect(0, max(0, top - y), view.width,
                               min(line.get_height(), top + view.height - y) - max(0, top - y))
            surface.blit(line, (view.x, view.y + max(0, y - top)), part)
        if not self.lines:
            ui.text(surface, "Nothing has happened in this round yet.", max(11, int(base * 0.8)),
                    view.topleft, colour=ui.DIM)
        if self.max_scroll():
            shown = f"{top * 100 // max(1, self.max_scroll())}%"
            ui.text(surface, "More above" if top else "The start of the round",
                    max(11, int(base * 0.72)), (view.x, view.bottom + base // 4), colour=ui.DIM)
            ui.text(surface, shown, max(11, int(base * 0.72)), (view.right, view.bottom + base // 4),
                    colour=ui.DIM, anchor="topright")
        self.buttons.draw(surface)


__all__ = ["History", "clock", "rounds_told"]
