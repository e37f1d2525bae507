"""The small chooser on the Finita table: the colour of a black card, Paul's number, Petra's
number and side, what Pia names or does, a memory swap. It offers exactly the engine's legal
choices of the person at the screen, as buttons in the middle of the felt with keys: R Y G B
for colours, 0 to 9 (and T for 10) for numbers, Shift with a number for Petra's "lower"; Tab
or the arrows and Enter reach every button. Many swaps are picked in two steps
(scenes/finita/swaps.py).
"""
from __future__ import annotations

from functools import partial
from typing import Any, Callable, Optional

import pygame

from game.finita.actions import Choose, Swap
from scenes import widgets as ui
from scenes.finita import art
from scenes.finita.focus import Focus
from scenes.finita.swaps import SMALL, MemoryRows, SwapGrid
from scenes.table import gestures
from scenes.table.overlays import ChoicePopup

COLOUR_KEYS = {"red": pygame.K_r, "yellow": pygame.K_y, "green": pygame.K_g, "blue": pygame.K_b}
NUMBER_KEYS = [pygame.K_0 + n for n in range(10)] + [pygame.K_t]
TITLES = {"colour": "Name a colour", "paul": "Paul: which number must everyone play?",
          "petra": "Petra: everyone plays higher or lower than...",
          "pia": "Pia: name a colour or a number", "pia answer": "Pia: end it here or pass it on?",
          "swap": "Swap two opponents' memory cards?"}


class Chooser:
    """Buttons for the Choose and Swap actions of one seat; empty when nothing is asked. A
    few swaps are one button each; more are picked in two steps (`SwapGrid`). Tab, Shift+Tab
    and the arrow keys move a ring over the buttons, Enter or Space presses the ringed one."""

    def __init__(self) -> None:
        self.actions: list[Any] = []
        self.row = ui.ButtonRow()
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.title = ""
        self.key: tuple = ()
        self.ordered: list[Any] = []
        self.grid: Optional[SwapGrid] = None
        self.focus = Focus()

    @property
    def buttons(self) -> ui.ButtonRow:
        """The buttons shown now (the grid's change with its step)."""
        return ui.ButtonRow(self.grid.buttons()) if self.grid is not None else self.row

    def active(self) -> bool:
        return bool(self.actions)

    def update(self, legal: list[Any], choice: str, area: pygame.Rect, size: tuple[int, int],
               act: Callable[[Any], bool], words_of: Callable[[Any], str],
               rows: Optional[MemoryRows] = None) -> None:
        """Rebuild the buttons for these legal actions (cheap when nothing changed). `rows`:
        the seats' names and where their memory cards lie, for a swap in two steps."""
        actions = [a for a in legal if isinstance(a, (Choose, Swap))]
        places = tuple(sorted((c, tuple(r)) for c, r in rows.places.items())) if rows else ()
        key = (tuple(a.text() for a in actions), tuple(area), tuple(size), places)
        if key == self.key:
            return
        self.key, self.actions = key, actions
        self.title = TITLES.get(choice, "Choose")
        self.grid = None
        self.focus = Focus()
        swaps = [a for a in actions if isinstance(a, Swap)]
        if len(swaps) > SMALL:
            self.grid = SwapGrid(swaps, [a for a in actions if isinstance(a, Choose)], act,
                                 words_of, rows or MemoryRows())
            self.grid.place(area, size)
            self.row, self.ordered, self.rect = ui.ButtonRow(), [], self.grid.rect
            return
        if not actions:
            self.row, self.ordered = ui.ButtonRow(), []
            return
        base = ui.ui_size(size)
        bh = int(base * 2.0)
        rows_ = self._rows(actions)
        self.ordered = [a for row in rows_ for a in row]  # the buttons' actions, in order
        widest = max(len(r) for r in rows_)
        cell = max(bh, min(int(base * 7), (area.width - base) // max(1, widest) - 6))
        if any(isinstance(a, Swap) or a.word in ("end", "pass", "keep") for r in rows_ for a in r):
            cell = min(int(base * 12), (area.width - base) // max(1, widest) - 6)
        title_h = int(base * 1.6)
        height = title_h + len(rows_) * (bh + 6) + base
        self.rect = pygame.Rect(0, 0, min(area.width, widest * (cell + 6) + base), height)
        self.rect.center = area.center
        buttons = []
        y = self.rect.y + title_h + base // 2
        for row in rows_:
            x = self.rect.centerx - (len(row) * (cell + 6) - 6) // 2
            for action in row:
                label, hot = self._label(action, words_of)
                b = ui.Button(label, partial(act, action), key=hot,
                              primary=isinstance(action, Choose) and action.word in COLOUR_KEYS,
                              tip=words_of(action))
                b.rect = pygame.Rect(x, y, cell, bh)
                buttons.append(b)
                x += cell + 6
            y += bh + 6
        self.row = ui.ButtonRow(buttons)

    def _rows(self, actions: list[Any]) -> list[list[Any]]:
        chooses = [a for a in actions if isinstance(a, Choose)]
        colours = [a for a in chooses if a.word in COLOUR_KEYS]
        numbers = [a for a in chooses if a.word.isdigit()]
        higher = [a for a in chooses if a.word.startswith("higher-")]
        lower = [a for a in chooses if a.word.startswith("lower-")]
        rest = [a for a in chooses if a not in colours + numbers + higher + lower]
        swaps = [a for a in actions if isinstance(a, Swap)]  # a few (more go to the grid)
        rows = [r for r in (colours, numbers, higher, lower) if r]
        if swaps:
            rows += [swaps[i:i + 2] for i in range(0, len(swaps), 2)]
        if rest:
            rows.append(rest)
        return rows
    def _label(self, action: Any, words_of: Callable[[Any], str]) -> tuple[str, Optional[int]]:
        if isinstance(action, Swap):
            return words_of(action), None
        word = action.word
        if word in COLOUR_KEYS:
            return word.capitalize(), COLOUR_KEYS[word]
        if word.isdigit():
            return word, NUMBER_KEYS[int(word)]
        if "-" in word:
            side, n = word.split("-")
            return (f"> {n}" if side == "higher" else f"< {n}"), None
        return words_of(action), None

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.actions:
            return False
        if self.grid is not None:
            return self._grid_handle(self.grid, event)
        if event.type == pygame.KEYDOWN and event.key in NUMBER_KEYS:
            n = NUMBER_KEYS.index(event.key)
            side = "lower" if event.mod & pygame.KMOD_SHIFT else "higher"
            for b, a in zip(self.buttons.buttons, self.ordered):
                if isinstance(a, Choose) and a.word in (f"{side}-{n}",):
                    b.action()
                    return True
        return self.focus.handle(event, self.row.buttons) or self.row.handle(event)

    def _grid_handle(self, grid: SwapGrid, event: pygame.event.Event) -> bool:
        picked = grid.picked
        if event.type == pygame.MOUSEMOTION:  # the buttons' hover, then the table's cards
            moved = self.buttons.handle(event)
            used = grid.handle(event) or moved
        else:
            used = (grid.handle(event) or self.focus.handle(event, grid.buttons())
                    or self.buttons.handle(event))
        if grid is self.grid and grid.picked != picked and self.focus.on is not None:
            # the keys go on from where the step leaves them: the first card that may go
            # with the one picked, or back on the card picked before
            shown = grid.buttons()
            again = grid.cells.get(picked) if picked is not None else None
            ahead = [b for c, b in grid.cells.items() if b.enabled and c != grid.picked]
            self.focus.put(again if grid.picked is None else ahead[0] if ahead else None, shown)
        return used

    def inputs_for(self, action: Any, turn: int) -> Optional[list[pygame.event.Event]]:
        """The events that make `action` (a choice or a swap) now: a click on its button, or
        (on odd turns) its key, or Tab to it and Enter; in the two-step swap one step at a
        time, by the panel's buttons, the keys, or the memory cards on the table."""
        grid = self.grid
        if grid is not None:
            step = grid.next_press(action, turn)
            if step is None:
                return None
            button, cell = step
            if turn % 3 == 1:
                if button is grid.back_button:
                    return gestures.key(pygame.K_ESCAPE)
                return self._keys(button, grid.buttons())
            place = grid.places.get(cell) if cell is not None else None
            if turn % 3 == 2 and place is not None and grid.card_at(place.center) == cell:
                return gestures.click(place.center)
            return gestures.press_button(button, 0)
        if action not in self.ordered:
            return None
        button = self.row.buttons[self.ordered.index(action)]
        if button.key is None and turn % 2:
            return self._keys(button, self.row.buttons)
        return gestures.press_button(button, turn)

    def _keys(self, button: ui.Button, shown: list) -> Optional[list[pygame.event.Event]]:
        keys = self.focus.keys_to(button, shown)
        return [e for k in keys for e in gestures.key(k)] if keys is not None else None

    def key_hint(self) -> str:
        """The keys of these choices, in a line under the buttons."""
        if self.grid is not None:
            return self.grid.hint()
        words = {a.word for a in self.actions if isinstance(a, Choose)}
        parts = []
        if words & set(COLOUR_KEYS):
            parts.append("keys R, Y, G, B")
        if any(w.isdigit() for w in words):
            parts.append("0 to 9, T for 10")
        if any(w.startswith("higher-") for w in words):
            parts.append("a number for higher, Shift with it for lower")
        return "Keys: " + "; ".join(parts).replace("keys ", "") if parts else ""

    def draw(self, surface: pygame.Surface, colour_blind: bool) -> None:
        if not self.actions:
            return
        base = ui.ui_size(surface.get_size())
        ui.panel(surface, self.rect.inflate(base // 2, base // 2), 235)
        if self.grid is not None:
            self._draw_grid(self.grid, surface, base)
            return
        ui.text(surface, self.title, max(12, int(base * 0.95)),
                (self.rect.centerx, self.rect.y + base // 3), colour=ui.GOLD, bold=True,
                anchor="midtop", max_width=self.rect.width - base)
        hint = self.key_hint()
        if hint:
            ui.text(surface, hint, max(11, int(base * 0.7)),
                    (self.rect.centerx, self.rect.bottom + base // 5), colour=ui.DIM,
                    anchor="midbottom", max_width=self.rect.width)
        self.buttons.draw(surface)
        for b, a in zip(self.buttons.buttons, self.ordered):
            if isinstance(a, Choose) and a.word in COLOUR_KEYS:
                d = max(10, b.rect.height - 10)
                chip = art.colour_badge(a.word, d, colour_blind)
                surface.blit(chip, chip.get_rect(midleft=(b.rect.x + 5, b.rect.centery)))


    def _draw_grid(self, grid: SwapGrid, surface: pygame.Surface, base: int) -> None:
        ui.text(surface, grid.title(), max(12, int(base * 0.95)),
                (self.rect.centerx, self.rect.y + base // 3), colour=ui.GOLD, bold=True,
                anchor="midtop", max_width=self.rect.width - base)
        self.buttons.draw(surface)
        ui.text(surface, grid.hint(), max(11, int(base * 0.7)), grid.hint_at, colour=ui.DIM,
                anchor="midtop", max_width=self.rect.width)
        grid.draw(surface, base)


class PenaltyPopup(ChoicePopup):
    """The Penalty button's choices: who, and for what, by the players' names."""

    def __init__(self, app, table: Any, actions: list, words_of: Callable[[Any], str]) -> None:
        super().__init__(app, table, actions)
        # every penalty its line (at a table of six there are ten: five players, two
        # reasons), the first nine with their number key; Cancel stays last
        self.actions = list(actions)
        cancel = self.buttons.buttons[-1]
        self.buttons = ui.ButtonRow(
            [ui.Button(words_of(a), partial(self.pick, a),
                       key=pygame.K_1 + i if i < 9 else None) for i, a in enumerate(actions)]
            + [cancel])

    def draw(self, surface: pygame.Surface) -> None:
        ui.dim(surface, 120)
        base = ui.ui_size(surface.get_size())
        area = self.buttons.buttons[0].rect.unionall([b.rect for b in self.buttons.buttons])
        ui.panel(surface, area.inflate(base * 3, base * 5).move(0, -base))
        ui.text(surface, "Penalty: who, and why?", int(base * 1.2),
                (area.centerx, area.top - base * 1.6), colour=ui.GOLD, bold=True,
                anchor="center", max_width=area.width + base * 2)
        self.buttons.draw(surface)
