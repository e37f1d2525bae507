"""`finis --game <id>`: the window shows a cover at once and the game's table comes after the
same warm-up the menu gives a table while it stands idle (scenes/warmup.py).

Opening a table the first time imports its modules (0.2 to 0.4 s: its art, its panels, the
shared table). From the menu they were imported ahead, one module a step, while nothing moved;
a start straight into a game imported them all before its first frame. Now the first frame is
this cover (what the menu's first frame costs, or less), then each frame imports the table's
modules a step at a time within a few milliseconds, and the table takes the cover's place,
its own cover ("Setting the table...") looking the same while its pictures come.
"""
from __future__ import annotations

import time
from typing import Any, Callable

import pygame

from scenes import widgets as ui
from scenes.manager import Scene
from scenes.warmup import Warmup

COVER = (24, 78, 52)  # the felt's colour, plain: the table's own cover (scenes/table/firstdraw.py)
STEP_BUDGET = 0.012  # seconds of warm-up a frame, at most one module's import past it


class Opening(Scene):
    """The cover over the menu while the table of a game asked for on the command line is
    warmed up; then `start()` opens the table in its place."""

    def __init__(self, app, title: str, modules: list[str], start: Callable[[], Any]) -> None:
        super().__init__(app)
        self.title = title
        self.start = start
        self.warmup = Warmup(modules)  # the table's module first, then what opens it
        self.steps = 0  # warm-up steps taken (a step imports at most one module)
        self.opened = False

    def busy(self) -> bool:
        return not self.opened  # frames keep coming until the table is open

    def handle_event(self, event: pygame.event.Event) -> bool:
        return True  # nothing under the cover takes input meanwhile

    def update(self, dt: float) -> None:
        if self.opened or not self.app.frames:
            return  # the first frame (this cover) is shown before any warm-up
        began = time.perf_counter()
        while self.warmup.step():
            self.steps += 1
            if time.perf_counter() - began >= STEP_BUDGET:
                return
        self.opened = True
        self.app.pop(self)
        self.start()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(COVER)
        base = ui.ui_size((w, h))
        ui.text(surface, self.title, int(base * 1.6), (w // 2, h // 2 - base * 2),
                colour=ui.GOLD, bold=True, anchor="center")
        ui.text(surface, "Setting the table...", int(base * 0.95), (w // 2, h // 2),
                colour=ui.INK, anchor="center")
