"""A rules page per game, written in our own words in assets/rules/<game>.md."""
from __future__ import annotations

import pygame

from game.core.paths import resource
from game.core.registry import game_info
from scenes import widgets as ui
from scenes.art import fonts
from scenes.art.table import felt
from scenes.manager import Scene


def load_rules(game_id: str) -> list[tuple[str, str]]:
    """(kind, text) blocks: 'h1', 'h2', 'item', 'para'. A missing file says so."""
    path = resource("rules", f"{game_id}.md")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return [("h1", game_info(game_id).title), ("para", f"The rules page could not be read ({exc}).")]
    blocks: list[tuple[str, str]] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(("para", " ".join(para)))
            para.clear()

    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            flush()
        elif stripped.startswith("## "):
            flush()
            blocks.append(("h2", stripped[3:]))
        elif stripped.startswith("# "):
            flush()
            blocks.append(("h1", stripped[2:]))
        elif stripped.startswith(("- ", "* ")):
            flush()
            blocks.append(("item", stripped[2:]))
        elif blocks and blocks[-1][0] == "item" and not para and line.startswith("  "):
            blocks[-1] = ("item", blocks[-1][1] + " " + stripped)
        else:
            para.append(stripped)
    flush()
    return blocks


class RulesScene(Scene):
    """Scrollable rules (wheel, arrows, Page Up/Down); Esc or F1 closes."""

    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.blocks = load_rules(game_id)
        self.scroll = 0
        self.page: pygame.Surface | None = None
        self.buttons = ui.ButtonRow([ui.Button("Close", lambda: self.app.pop(self), key=pygame.K_ESCAPE,
                                               primary=True)])

    def resize(self, size):
        super().resize(size)
        w, h = size
        base = ui.ui_size(size)
        self.base = base
        self.box = pygame.Rect(0, 0, min(w - 40, base * 46), h - base * 2)
        self.box.center = (w // 2, h // 2)
        self.view = pygame.Rect(self.box.x + base * 2, self.box.y + base * 1.5,
                                self.box.width - base * 4, self.box.height - base * 5.5)
        bw, bh = int(base * 7), int(base * 2.2)
        self.buttons.buttons[0].rect = pygame.Rect(self.box.right - bw - base, self.box.bottom - bh - base, bw, bh)
        self.page = self.render_page(self.view.width)
        self.scroll = min(self.scroll, self.max_scroll())

    def render_page(self, width: int) -> pygame.Surface:
        base = self.base
        parts = []
        for kind, words in self.blocks:
            if kind == "h1":
                parts.append((fonts.wrap_text(words, width, int(base * 1.7), ui.GOLD, bold=True), base))
            elif kind == "h2":
                parts.append((fonts.wrap_text(words, width, int(base * 1.2), ui.GOLD, bold=True), base // 2))
            elif kind == "item":
                parts.append((fonts.wrap_text("\u2022 " + words, width - base, base, ui.INK), base // 3))
            else:
                parts.append((fonts.wrap_text(words, width, base, ui.INK), base // 2))
        height = sum(s.get_height() + gap for s, gap in parts) + base
        page = pygame.Surface((width, max(1, height)), pygame.SRCALPHA)
        y = 0
        for i, (surf, gap) in enumerate(parts):
            x = base if self.blocks[i][0] == "item" else 0
            if self.blocks[i][0] in ("h1", "h2") and i:
                y += base // 2
            page.blit(surf, (x, y))
            y += surf.get_height() + gap
        return page

    def max_scroll(self) -> int:
        return max(0, (self.page.get_height() if self.page else 0) - self.view.height)

    def handle_event(self, event):
        if self.buttons.handle(event):
            return True
        step = 0
        if event.type == pygame.MOUSEWHEEL:
            step = -event.y * self.base * 3
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F1:
                self.app.pop(self)
                return True
            step = {pygame.K_DOWN: self.base * 2, pygame.K_UP: -self.base * 2,
                    pygame.K_PAGEDOWN: self.view.height - self.base, pygame.K_SPACE: self.view.height - self.base,
                    pygame.K_PAGEUP: -(self.view.height - self.base), pygame.K_HOME: -10**6,
                    pygame.K_END: 10**6}.get(event.key, 0)
        if step:
            self.scroll = max(0, min(self.max_scroll(), self.scroll + step))
            return True
        return event.type == pygame.KEYDOWN

    def draw(self, surface):
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        ui.panel(surface, self.box, 235)
        if self.page:
            surface.blit(self.page, self.view.topleft,
                         area=pygame.Rect(0, self.scroll, self.view.width, self.view.height))
        if self.max_scroll():
            frac = self.scroll / self.max_scroll()
            bar = pygame.Rect(self.box.right - self.base, self.view.y + int(frac * (self.view.height - 40)), 6, 40)
            pygame.draw.rect(surface, ui.DIM, bar, border_radius=3)
            ui.text(surface, "Scroll with the wheel or arrow keys", int(self.base * 0.75),
                    (self.box.x + self.base * 2, self.box.bottom - self.base * 2), colour=ui.DIM)
        self.buttons.draw(surface)
