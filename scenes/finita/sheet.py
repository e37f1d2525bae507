"""The Finita score sheet: every round's penalty points, the match totals, and "Next round".

It opens by itself when a round ends, over the table where every hand now lies face up; the
next round is dealt from here or from the table's "Next round" button, never by a computer
seat while a person plays.
"""
from __future__ import annotations

from typing import Any

import pygame

from game.core.text import plural
from game.finita.view import MATCH_OVER, ROUND_OVER
from scenes import widgets as ui
from scenes.manager import Scene
from scenes.table.scores import draw_grid


def headline(view: dict[str, Any]) -> str:
    """Who went out, or that the round stopped; and what comes next."""
    names = view["names"]
    if not view["history"]:
        return "No round has been scored yet."
    last = view["history"][-1]
    who = last["winner"]
    lead = f"{names[who]} went out first." if who is not None else "The round stopped with nobody out."
    if view["phase"] == MATCH_OVER:
        low = min(view["totals"])
        winners = " and ".join(names[s] for s, t in enumerate(view["totals"]) if t == low)
        return f"{lead} {winners} {'win' if ' and ' in winners else 'wins'} the match with {low}."
    top = max(view["totals"])
    return f"{lead} The match ends when someone reaches {view['target']} ({plural(view['target'] - top, 'point')} to go for the highest)."


class ScoreSheet(Scene):
    """Round and match scores over the table."""

    overlay = True

    def __init__(self, app, table: Any, can_deal: bool = True) -> None:
        super().__init__(app)
        self.table = table
        self.can_deal = can_deal and table.state.phase == ROUND_OVER
        buttons = []
        if self.can_deal:
            buttons.append(ui.Button("Next round", self.next_round, key=pygame.K_RETURN,
                                     primary=True, tip="Deal the next round (Enter)"))
            buttons.append(ui.Button("Look at the hands", self.close, key=pygame.K_l,
                                     tip="Close the sheet; the table keeps a Next round button"))
        else:
            buttons.append(ui.Button("Close", self.close, key=pygame.K_ESCAPE, primary=True,
                                     tip="Back to the table (Esc)"))
        self.buttons = ui.ButtonRow(buttons)
        self.box = pygame.Rect(0, 0, 10, 10)

    def next_round(self) -> None:
        self.app.pop(self)
        self.table.next_round()

    def close(self) -> None:
        self.app.pop(self)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        base = ui.ui_size(size)
        rows = len(self.table.seats)
        self.box = pygame.Rect(0, 0, min(w - base * 2, base * 40),
                               min(h - base * 2, int(base * (12.5 + 1.9 * rows))))
        self.box.center = (w // 2, h // 2)
        bw, bh = int(base * 10), int(base * 2.2)
        n = len(self.buttons.buttons)
        ui.stack_buttons(self.buttons.buttons, self.box.centerx - ((bw + 12) * n - 12) // 2,
                         self.box.bottom - bh - base, bw, bh, gap=12, horizontal=True)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_s):
            self.close()
            return True
        self.buttons.handle(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        ui.dim(surface, 140)
        view = self.table.view
        base = ui.ui_size(surface.get_size())
        box = self.box
        ui.panel(surface, box, 235)
        names = list(view["names"])
        history = [list(r["scores"]) for r in view["history"]]
        if view["phase"] not in (ROUND_OVER, MATCH_OVER):
            history.append(["-"] * len(names))
        if view["phase"] == MATCH_OVER:
            title = "The match is over"
        elif view["phase"] == ROUND_OVER:
            title = f"Round {view['round']} is over"
        else:
            title = f"Round {view['round']}: the scores so far"
        ui.text(surface, title, int(base * 1.6), (box.centerx, box.top + base * 1.6),
                colour=ui.GOLD, bold=True, anchor="center", max_width=box.width - base * 2)
        ui.text(surface, headline(view), int(base * 0.9), (box.centerx, box.top + base * 3.3),
                anchor="center", max_width=box.width - base * 2)
        draw_grid(surface, box, base, names, history, view["totals"], self.table.perspective)
        ui.text(surface, "Penalty points: the lowest total wins.", int(base * 0.8),
                (box.centerx, self.buttons.buttons[0].rect.top - base), colour=ui.DIM,
                anchor="midbottom", max_width=box.width - base * 2)
        self.buttons.draw(surface)
