"""The main menu: a tile per game, and the ways to everything else."""
from __future__ import annotations

import pygame

from game import __version__
from game.core.registry import DataError, game_ids, game_info
from scenes import widgets as ui
from scenes.art import fonts
from scenes.art.table import felt
from scenes.manager import Scene
from scenes.tiles import tile_card


def menu_games() -> tuple[list, list[str]]:
    """(games in menu order, problems): every registered game; one whose data file says
    `coming: true` shows with a ribbon and does not start yet."""
    games: list = []
    problems: list[str] = []
    for gid in game_ids():
        try:
            games.append(game_info(gid))
        except DataError as exc:
            problems.append(str(exc))
    return games, problems


def is_coming(game) -> bool:
    return bool(game.coming)


class MainMenu(Scene):
    """Game tiles (click: new game), and Continue, Movies, Statistics, Settings, Rules, Quit.

    Tab and Shift+Tab walk every tile and then every button, with a ring on the one that has
    the focus; Enter or Space uses it. Arrows move between the tiles."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.games, self.problems = menu_games()
        self.selected = 0
        self.focus = 0  # tiles first (0 .. n-1), then the buttons
        self.hover = -1
        self.tiles: list[pygame.Rect] = []
        self.buttons = ui.ButtonRow([
            ui.Button("New game", self.new_game, key=pygame.K_n, primary=True,
                      tip="Start the selected game (Enter)"),
            ui.Button("Continue", self.open_continue, key=pygame.K_c, tip="Games in progress (C)"),
            ui.Button("Movies", self.open_movies, key=pygame.K_v, tip="Finished! flip-books (V)"),
            ui.Button("Statistics", self.open_stats, key=pygame.K_s, tip="Your results (S)"),
            ui.Button("Settings", self.open_settings, key=pygame.K_o, tip="Window, sound, look (O)"),
            ui.Button("Rules", self.open_rules, key=pygame.K_r, tip="The rules of every game (R, F1)"),
            ui.Button("Quit", self.app.quit, key=pygame.K_q, tip="Leave finis (Q)"),
        ])
        for problem in self.problems:
            self.app.toast(f"A game could not be loaded: {problem}", 8, "warn")

    # -- actions --------------------------------------------------------------------------

    @property
    def game(self):
        return self.games[self.selected] if self.games else None

    def new_game(self) -> None:
        if not self.game:
            return
        if is_coming(self.game):
            self.app.play("refuse")
            self.app.toast(f"{self.game.title} is coming: it cannot be played yet.", 4)
            return
        from scenes.newgame import NewGameDialog
        self.app.push(NewGameDialog(self.app, self.game.id))

    def open_continue(self) -> None:
        from scenes.resume import ContinueScene
        self.app.push(ContinueScene(self.app))

    def open_movies(self) -> None:
        try:
            from scenes.movies import MoviesScene
        except ImportError:
            self.app.toast("Movies arrive with the flip-book.", 3)
            return
        self.app.push(MoviesScene(self.app))

    def open_stats(self) -> None:
        from scenes.statistics import StatisticsScene
        self.app.push(StatisticsScene(self.app))

    def open_settings(self) -> None:
        from scenes.settings import SettingsScene
        self.app.push(SettingsScene(self.app))

    def open_rules(self) -> None:
        """The rules chooser: every game, the selected one first in line."""
        from scenes.rules import RulesChooser
        self.app.push(RulesChooser(self.app, self.games, self.game.id if self.game else None))

    # -- keyboard focus -------------------------------------------------------------------

    def stop_count(self) -> int:
        return len(self.games) + len(self.buttons.buttons)

    def set_focus(self, index: int) -> None:
        self.focus = index % max(1, self.stop_count())
        if self.focus < len(self.games):
            self.selected = self.focus
        for i, b in enumerate(self.buttons.buttons):
            b.focused = self.focus == len(self.games) + i

    def focused_button(self):
        i = self.focus - len(self.games)
        return self.buttons.buttons[i] if 0 <= i < len(self.buttons.buttons) else None

    # -- layout and events ----------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        base = ui.ui_size(size)
        self.title_h = int(h * 0.17)
        bar_h = int(base * 2.4)
        n = max(1, len(self.games))
        cols = min(n, 3 if n > 4 or w < h * 1.5 else n)
        rows = (n + cols - 1) // cols
        margin = int(w * 0.05)
        top = self.title_h
        avail_h = h - top - bar_h - base * 3
        gap = int(base * 1.1)
        tile_w = min((w - 2 * margin - gap * (cols - 1)) // cols, int(avail_h / rows * 1.2))
        tile_h = min(int(tile_w / 1.2), (avail_h - gap * (rows - 1)) // rows)
        top += max(0, (avail_h - rows * tile_h - (rows - 1) * gap) // 2)
        total_w = cols * tile_w + (cols - 1) * gap
        x0 = (w - total_w) // 2
        self.tiles = []
        for i in range(n):
            r, c = divmod(i, cols)
            row_count = min(cols, n - r * cols)
            row_x0 = x0 + (cols - row_count) * (tile_w + gap) // 2
            self.tiles.append(pygame.Rect(row_x0 + c * (tile_w + gap), top + r * (tile_h + gap),
                                          tile_w, tile_h))
        bw = min(int(base * 7.5), (w - 2 * margin - 6 * 10) // 7)
        total = 7 * bw + 6 * 10
        ui.stack_buttons(self.buttons.buttons, (w - total) // 2, h - bar_h - base, bw, bar_h,
                         gap=10, horizontal=True)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.WINDOWLEAVE:  # nothing is pointed at any more
            changed = self.buttons.handle(event) or self.hover != -1
            self.hover = -1
            return changed
        if self.buttons.handle(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            hover = next((i for i, r in enumerate(self.tiles) if r.collidepoint(event.pos)), -1)
            changed = hover != self.hover
            self.hover = hover
            return changed
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, r in enumerate(self.tiles):
                if r.collidepoint(event.pos):
                    self.set_focus(i)
                    self.new_game()
                    return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                self.set_focus(self.focus + (-1 if event.mod & pygame.KMOD_SHIFT else 1))
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                button = self.focused_button()
                if button is not None:
                    if button.enabled:
                        button.action()
                else:
                    self.new_game()
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
                self.arrow(event.key)
                return True
            if event.key == pygame.K_F1:
                self.open_rules()
                return True
            if event.key == pygame.K_ESCAPE:
                self.app.quit()
                return True
        return False

    def arrow(self, key: int) -> None:
        """Arrows move between tiles; on the buttons, Left/Right move along them and Up goes
        back to the tiles; Down from the last row of tiles goes to the buttons."""
        n = len(self.games)
        if self.focused_button() is not None:
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                first = n
                i = self.focus - first + (1 if key == pygame.K_RIGHT else -1)
                self.set_focus(first + i % len(self.buttons.buttons))
            elif key == pygame.K_UP and n:
                self.set_focus(self.selected)
            return
        if not n:
            return
        cols = self._cols()
        if key == pygame.K_DOWN and self.selected + cols >= n:
            self.set_focus(n)  # below the last row: the buttons
            return
        step = {pygame.K_RIGHT: 1, pygame.K_LEFT: -1, pygame.K_DOWN: cols, pygame.K_UP: -cols}[key]
        self.set_focus((self.selected + step) % n)

    def _cols(self) -> int:
        if len(self.tiles) < 2:
            return 1
        return sum(1 for r in self.tiles if r.top == self.tiles[0].top)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        base = ui.ui_size((w, h))
        title = fonts.render_text("finis", int(self.title_h * 0.55), ui.GOLD, display=True)
        surface.blit(title, title.get_rect(midleft=(int(w * 0.05), int(self.title_h * 0.5))))
        ui.text(surface, "five finishing games on one table", int(base * 1.0),
                (int(w * 0.05) + title.get_width() + base, int(self.title_h * 0.56)),
                colour=ui.DIM, anchor="midleft")
        ui.text(surface, f"v{__version__}", max(12, base - 4), (w - 12, 8), colour=ui.DIM,
                anchor="topright")
        for i, (info, rect) in enumerate(zip(self.games, self.tiles)):
            chosen = i == self.selected
            lift = -4 if (i == self.hover or chosen) else 0
            r = rect.move(0, lift)
            seats = f"{info.min_seats}" if info.min_seats == info.max_seats else \
                f"{info.min_seats}-{info.max_seats}"
            who = "solo" if info.max_seats == 1 else f"{seats} players"
            surface.blit(tile_card(info.id, r.width, r.height, info.colour, base, info.title, who,
                                   info.tagline, is_coming(info)), r.topleft)
            if i == self.focus:
                ui.focus_ring(surface, r, 14)
            elif chosen:  # the game New game and Rules use, while the focus is on a button
                pygame.draw.rect(surface, ui.GOLD, r.inflate(6, 6), 2, border_radius=16)
        self.buttons.draw(surface)
        # the hovered button's tip: it goes when the pointer leaves it, or the window
        tip = next((b.tip for b in self.buttons.buttons if b.hover and b.tip), "")
        if tip:
            ui.text(surface, tip, int(base * 0.8), (w // 2, h - 6), colour=ui.DIM,
                    anchor="midbottom")
