"""A rules page per game, written in our own words in assets/rules/<game>.md."""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.core.paths import resource
from game.core.registry import game_ids, game_info
from scenes import widgets as ui
from scenes.art import fonts
from scenes.art.table import felt
from scenes.listscreen import ListScreen
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
    """Scrollable rules (wheel, arrows, Page Up/Down, Space, Home/End, or drag the scroll bar);
    Esc or F1 closes. Works at any window size: below a readable size it says so."""

    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.blocks = load_rules(game_id)
        self.scroll = 0
        self.page: pygame.Surface | None = None
        self.placed: list[pygame.Rect] = []  # each block's place on the page
        self.too_small = False
        self.dragging: int | None = None  # the pointer's offset into the scroll bar's thumb
        self.base = ui.ui_size(app.size)
        self.box = self.view = pygame.Rect(0, 0, 1, 1)
        self.buttons = ui.ButtonRow([ui.Button("Close", lambda: self.app.pop(self), key=pygame.K_ESCAPE,
                                               primary=True)])

    def resize(self, size):
        super().resize(size)
        w, h = size
        base = ui.ui_size(size)
        self.base = base
        self.box = pygame.Rect(0, 0, max(1, min(w - 40, base * 46)), max(1, h - base * 2))
        self.box.center = (w // 2, h // 2)
        self.view = pygame.Rect(self.box.x + base * 2, self.box.y + base * 1.5,
                                max(0, self.box.width - base * 4), max(0, self.box.height - base * 5.5))
        bw, bh = int(base * 7), int(base * 2.2)
        self.buttons.buttons[0].rect = pygame.Rect(self.box.right - bw - base, self.box.bottom - bh - base, bw, bh)
        # a page narrower than a few words or shorter than three lines is no page to read
        self.too_small = self.view.width < base * 8 or self.view.height < base * 3
        self.page = None if self.too_small else self.render_page(self.view.width)
        self.scroll = max(0, min(self.scroll, self.max_scroll()))

    def render_page(self, width: int) -> pygame.Surface:
        """The whole text as one tall picture; `placed` holds every block's rectangle on it."""
        base = self.base
        parts = []
        for kind, words in self.blocks:
            if kind == "h1":
                parts.append((fonts.wrap_text(words, width, int(base * 1.7), ui.GOLD, bold=True), base))
            elif kind == "h2":
                parts.append((fonts.wrap_text(words, width, int(base * 1.2), ui.GOLD, bold=True), base // 2))
            elif kind == "item":
                parts.append((fonts.wrap_text("\u2022 " + words, max(1, width - base), base, ui.INK), base // 3))
            else:
                parts.append((fonts.wrap_text(words, width, base, ui.INK), base // 2))
        # place first, then size the page to what was placed (headings get room above them)
        self.placed = []
        y = 0
        for i, (surf, gap) in enumerate(parts):
            x = base if self.blocks[i][0] == "item" else 0
            if self.blocks[i][0] in ("h1", "h2") and i:
                y += base // 2
            self.placed.append(pygame.Rect(x, y, surf.get_width(), surf.get_height()))
            y += surf.get_height() + gap
        page = pygame.Surface((width, max(1, y + base)), pygame.SRCALPHA)
        for (surf, _), rect in zip(parts, self.placed):
            page.blit(surf, rect.topleft)
        return page

    def max_scroll(self) -> int:
        return max(0, (self.page.get_height() if self.page else 0) - self.view.height)

    def scroll_to(self, value: float) -> None:
        self.scroll = int(max(0, min(self.max_scroll(), value)))

    def scrollbar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """(track, thumb) beside the text while there is more than one screenful."""
        if not self.page or not self.max_scroll():
            return None
        width = max(6, self.base // 2)
        track = pygame.Rect(self.view.right + (self.box.right - self.view.right - width) // 2,
                            self.view.y, width, self.view.height)
        length = max(self.base * 2, track.height * self.view.height // self.page.get_height())
        length = min(length, track.height)
        top = track.y + round((track.height - length) * self.scroll / self.max_scroll())
        return track, pygame.Rect(track.x, top, width, length)

    def handle_event(self, event):
        bar = self.scrollbar()
        if self.dragging is not None:  # a drag of the bar owns the pointer until released
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                self.dragging = None
                return True
            if event.type == pygame.MOUSEMOTION and bar:
                track, thumb = bar
                room = max(1, track.height - thumb.height)
                self.scroll_to((event.pos[1] - self.dragging - track.y) * self.max_scroll() / room)
                return True
        if self.buttons.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.app.pop(self)
            return True
        if self.too_small:
            return event.type == pygame.KEYDOWN
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and bar:
            track, thumb = bar
            if thumb.inflate(self.base, 0).collidepoint(event.pos):
                self.dragging = event.pos[1] - thumb.y
                return True
            if track.inflate(self.base, 0).collidepoint(event.pos):
                page = self.view.height - self.base
                self.scroll_to(self.scroll + (page if event.pos[1] > thumb.centery else -page))
                return True
        step = ui.scroll_step(event, self.base, self.view.height)
        if step:
            self.scroll_to(self.scroll + step)
            return True
        return event.type == pygame.KEYDOWN

    def draw(self, surface):
        w, h = surface.get_size()
        if self.too_small or not self.page:
            ui.draw_too_small(surface)
            return
        surface.blit(felt((w, h)), (0, 0))
        ui.panel(surface, self.box, 235)
        surface.blit(self.page, self.view.topleft,
                     area=pygame.Rect(0, self.scroll, self.view.width, self.view.height))
        bar = self.scrollbar()
        if bar:
            track, thumb = bar
            fade = min(self.base * 2, self.view.height // 4)
            if self.scroll > 0:
                surface.blit(_fade(self.view.width + self.base, fade, up=True),
                             (self.view.x - self.base // 2, self.view.y))
            if self.scroll < self.max_scroll():
                surface.blit(_fade(self.view.width + self.base, fade, up=False),
                             (self.view.x - self.base // 2, self.view.bottom - fade))
            pygame.draw.rect(surface, (40, 56, 48), track, border_radius=track.width // 2)
            pygame.draw.rect(surface, ui.GOLD if self.dragging is not None else ui.DIM, thumb,
                             border_radius=track.width // 2)
            if self.scroll < self.max_scroll():
                words = "More below: scroll with the wheel, arrows, Page Down or End"
            else:
                words = "The end. Home goes back to the top"
            ui.text(surface, words, int(self.base * 0.75),
                    (self.box.x + self.base * 2, self.buttons.buttons[0].rect.centery),
                    colour=ui.GOLD if self.scroll < self.max_scroll() else ui.DIM, anchor="midleft",
                    max_width=max(1, self.buttons.buttons[0].rect.x - self.box.x - self.base * 3))
        self.buttons.draw(surface)


@lru_cache(maxsize=8)
def _fade(w: int, h: int, up: bool) -> pygame.Surface:
    """A band that fades the panel's colour in over the text: more lies beyond this edge."""
    band = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    for y in range(h):
        t = (h - y) / h if up else (y + 1) / h
        pygame.draw.line(band, (22, 30, 26, int(235 * t ** 1.3)), (0, y), (w, y))
    return band


class RulesChooser(ListScreen):
    """Rules from the menu: every game in a list; Enter (or a second click) opens its page."""

    title = "Rules"
    empty_text = "No game is installed."

    def __init__(self, app, games=None, selected: str | None = None) -> None:
        super().__init__(app)
        if games is None:
            games = [game_info(gid) for gid in game_ids()]
        self.buttons.buttons[:0] = [ui.Button("Read", self.read, key=pygame.K_r, primary=True,
                                              tip="Open this game's rules (Enter)")]
        for info in games:
            coming = bool(info.coming)
            # a game's rules page is assets/rules/<id>.md: a game registered before its page
            # is written (a coming one, say) says so instead of opening an empty page
            unread = not resource("rules", f"{info.id}.md").is_file()
            self.rows.append({
                "title": f"{info.title} (coming)" if coming else info.title,
                "detail": "Its rules arrive with the game." if unread else info.tagline,
                "colour": ui.DIM if coming else ui.INK, "game": info.id, "coming": unread})
        self.selected = next((i for i, r in enumerate(self.rows) if r["game"] == selected), 0)

    def read(self) -> None:
        if self.rows:
            self.activate(self.rows[self.selected])

    def activate(self, row) -> None:
        if row["coming"]:
            self.app.play("refuse")
            self.app.toast(f"The rules of {row['title'].replace(' (coming)', '')} arrive with the game.", 4)
            return
        self.app.push(RulesScene(self.app, row["game"]))

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.app.pop(self)
            return True
        return super().handle_event(event)
