"""Where things lie on the Finale squad and deck builder (scenes/finale/builder.py): the tabs
and buttons, the grid of cards, the pitch and the bench, the tactics colours and the starting
hand; and which card or drop place is under the pointer. A mixin of the Builder scene."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional

import pygame

from game.core import Action
from game.finale.actions import Release, Sign, Switch
from game.finale.data import (COLOURS, DEFENCE, GOALIE, MIDFIELD, STRIKER, WHITE, FinaleData, Player,
                              Team, card_id)
from scenes import widgets as ui
from scenes.manager import Scene

FIELD, BENCH, GRID, HAND = "field", "bench", "grid", "hand"  # where a card lies on this screen
SQUAD, TACTICS = "squad", "tactics"
ALL = "all"
LINES = (GOALIE, DEFENCE, MIDFIELD, STRIKER)  # grid rows, from the goal outwards
FILTERS = ((ALL, "All", pygame.K_a), (GOALIE, "Goalies", pygame.K_g), (DEFENCE, "Defence", pygame.K_d),
           (MIDFIELD, "Midfield", pygame.K_m), (STRIKER, "Strikers", pygame.K_s))
OTHER_COLOURS = tuple(c for c in COLOURS if c != WHITE)
DECK_KEYS = (pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6)
ASPECT = 0.7  # card width / height
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


@dataclass
class Spot:
    """A card on this screen: which one, where it lies and in which part."""

    piece: str
    rect: pygame.Rect
    where: str  # grid, field, bench (squad) or grid, hand (tactics)


@dataclass
class Press:
    """A mouse press on a card: a click if it stays put, a drag once it moves."""

    spot: Spot
    start: tuple[int, int]
    pos: tuple[int, int]
    dragging: bool = False


class BuilderLayout(Scene):
    """The layout half of the Builder scene (see builder.py for its attributes)."""

    # set by Builder.__init__ and refresh (annotations only: builder.py gives the values)
    seat: int
    data: FinaleData
    team: Team
    people: dict[str, Player]
    tab: str
    filter: str
    spots: list[Spot]
    frames: dict[str, pygame.Rect]
    card_size: dict[str, tuple[int, int]]
    size: tuple[int, int]
    view: dict[str, Any]
    legal: set[Action]
    tabs: ui.ButtonRow
    commands: ui.ButtonRow
    filters: ui.ButtonRow
    decks: ui.ButtonRow

    if TYPE_CHECKING:  # the Builder's own (for the type checker only: nothing shadows them)
        @property
        def field(self) -> list[str]: ...

        @property
        def bench(self) -> list[str]: ...

        @property
        def chosen(self) -> list[str]: ...

        def place_of(self, pid: str) -> Optional[str]: ...
        def piece(self, cid: str) -> str: ...
        def final(self) -> str: ...

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.size = size
        self.layout()

    def layout(self) -> None:
        w, h = self.size
        base = ui.ui_size(self.size)
        m = max(8, base // 2)
        bh = int(base * 2.0)
        x = m
        for b in self.tabs.buttons:
            b.rect = pygame.Rect(x, m, int(base * 6), bh)
            b.primary = b.label.lower() == self.tab
            x = b.rect.right + m // 2
        widths = (int(base * 10), int(base * 5.5), int(base * 9.5))
        right = w - m
        for b, bw in reversed(list(zip(self.commands.buttons, widths))):
            b.rect = pygame.Rect(right - bw, m, bw, bh)
            right = b.rect.left - m // 2
        self.frames = {"title": pygame.Rect(x + m, m, max(0, right - x - 2 * m), bh)}
        status = pygame.Rect(m, m + bh + m // 2, w - 2 * m, int(base * 1.5))
        self.frames["status"] = status
        body = pygame.Rect(m, status.bottom + m // 2, w - 2 * m, h - status.bottom - m - m // 2)
        self.frames["body"] = body
        self.spots = []
        if self.tab == SQUAD:
            self._layout_squad(body, base, m)
        else:
            self._layout_tactics(body, base, m)

    def _layout_squad(self, body: pygame.Rect, base: int, m: int) -> None:
        gap = max(4, base // 4)
        label_w = int(base * 2.2)
        # the side is as wide as the upright pitch its height allows; the grid takes the rest
        fh = int(base * 1.7)
        detail_h = int(base * 2.6)
        grid_h = body.height - fh - m // 2 - detail_h
        head_h = int(base * 3.4)
        bench_h = max(int(base * 4.4), int(body.height * 0.2))
        pitch_w = int((body.height - head_h - bench_h - m) * 0.86)  # upright, as tall as it can be
        rw = min(max(pitch_w, int(body.width * 0.3)), int(body.width * 0.5))
        side = pygame.Rect(body.right - rw, body.y, rw, body.height)
        left = pygame.Rect(body.x, body.y, body.width - rw - m, body.height)
        x = left.x
        for b in self.filters.buttons:
            b.rect = pygame.Rect(x, left.y, int(base * 5), fh)
            b.primary = dict((label, f) for f, label, _ in FILTERS)[b.label] == self.filter
            x = b.rect.right + m // 3
        grid = pygame.Rect(left.x, left.y + fh + m // 2, left.width, grid_h)
        self.frames.update(left=left, side=side, grid=grid,
                           detail=pygame.Rect(left.x, grid.bottom + m // 3, left.width, detail_h - m // 3))
        players = [p for p in self.team.players if self.filter in (ALL, p.position)]
        if self.filter == ALL:
            rows = [[p for p in players if p.position == line] for line in LINES]
            cols = max(len(r) for r in rows)
            cw = min((grid.width - label_w) // cols - gap, int((grid.height // len(rows) - gap) * ASPECT))
            ch = int(cw / ASPECT)
            row_h = grid.height // len(rows)
            for r, row in enumerate(rows):
                y = grid.y + r * row_h + (row_h - ch) // 2
                for c, p in enumerate(row):
                    self.spots.append(Spot(p.id, pygame.Rect(grid.x + label_w + c * (cw + gap), y, cw, ch), GRID))
                self.frames[f"row-{LINES[r]}"] = pygame.Rect(grid.x, grid.y + r * row_h, grid.width, row_h)
        else:
            cw, ch, cols = fit_grid(len(players), grid, gap)
            for i, p in enumerate(players):
                r, c = divmod(i, cols)
                self.spots.append(Spot(p.id, pygame.Rect(grid.x + c * (cw + gap), grid.y + r * (ch + gap), cw, ch), GRID))
        self.card_size["grid"] = (cw, ch)
        # the side: the value, the pitch (the field's drop zone), the bench
        head = pygame.Rect(side.x, side.y, side.width, head_h)
        bench = pygame.Rect(side.x, side.bottom - bench_h, side.width, bench_h)
        pitch = pygame.Rect(side.x, head.bottom + m // 2, side.width, bench.top - head.bottom - m)
        if pitch.width > pitch.height * 0.86:  # a pitch stands upright, goal at the bottom
            pitch.width = int(pitch.height * 0.86)
            pitch.centerx = side.centerx
            head.x, head.width = pitch.x, pitch.width
            bench.x, bench.width = pitch.x, pitch.width
        self.frames.update(head=head, pitch=pitch, bench=bench)
        self._layout_pitch(pitch)
        label_h = int(base * 1.3)
        slots = self.data.squad.size - self.data.squad.field
        sh = bench.height - label_h - gap
        sw = min(int(sh * ASPECT), (bench.width - gap * (slots - 1)) // slots)
        sh = int(sw / ASPECT)
        x0 = bench.centerx - (sw * slots + gap * (slots - 1)) // 2
        self.frames["bench-slots"] = pygame.Rect(x0, bench.y + label_h, sw * slots + gap * (slots - 1), sh)
        for i in range(slots):
            rect = pygame.Rect(x0 + i * (sw + gap), bench.y + label_h, sw, sh)
            self.frames[f"bench-{i}"] = rect
            if i < len(self.bench):
                self.spots.append(Spot(self.bench[i], rect, BENCH))
        self.card_size["bench"] = (sw, sh)

    def _layout_pitch(self, pitch: pygame.Rect) -> None:
        """The eleven in their lines, strikers at the top and the goalie by his goal below."""
        lines = {line: [p for p in self.field if p in self.people and self.people[p].position == line]
                 for line in LINES}
        row_h = pitch.height / 4
        widest = max([len(v) for v in lines.values()] + [3])
        room = pitch.width * 0.92
        ch = int(min(row_h * 0.84, room / widest / ASPECT * 0.94))
        cw = int(ch * ASPECT)
        for r, line in enumerate(reversed(LINES)):
            members = lines[line]
            cy = pitch.y + row_h * (r + 0.5)
            step = min(room / max(1, len(members)), cw * 1.35)
            x0 = pitch.centerx - step * (len(members) - 1) / 2
            for k, pid in enumerate(members):
                rect = pygame.Rect(0, 0, cw, ch)
                rect.center = (int(x0 + k * step), int(cy))
                self.spots.append(Spot(pid, rect, FIELD))
        self.card_size["field"] = (cw, ch)

    def _layout_tactics(self, body: pygame.Rect, base: int, m: int) -> None:
        bh = int(base * 1.7)
        x = body.x
        for b in self.decks.buttons:
            b.rect = pygame.Rect(x, body.y, int(base * 7.2), bh)
            x = b.rect.right + m // 3
        self.frames["deck-info"] = pygame.Rect(x + m, body.y, max(0, body.right - x - m), bh)
        free = self.view.get("deck_kind") == "free"
        strip_h = max(int(base * 6.4), int(body.height * 0.24)) if free else int(base * 4.6)
        strip = pygame.Rect(body.x, body.bottom - strip_h, body.width, strip_h)
        grid = pygame.Rect(body.x, body.y + bh + m // 2, body.width, strip.top - body.y - bh - m)
        self.frames.update(grid=grid, strip=strip)
        gap = max(4, base // 4)
        groups = len(COLOURS)
        block_w = (grid.width - gap * 2 * (groups - 1)) // groups
        head_h = int(base * 1.3)
        per = self.data.tactics
        cols, rows = 2, 3
        cw = min((block_w - gap) // cols, int(((grid.height - head_h) // rows - gap) * ASPECT))
        ch = int(cw / ASPECT)
        for g, colour in enumerate(COLOURS):
            bx = grid.x + g * (block_w + gap * 2)
            block = pygame.Rect(bx, grid.y, block_w, grid.height)
            self.frames[f"block-{colour}"] = block
            x0 = block.centerx - (cw * cols + gap) // 2
            cards = [c for c in per if c.colour == colour]
            for i, c in enumerate(cards):
                r, k = divmod(i, cols)
                rect = pygame.Rect(x0 + k * (cw + gap), grid.y + head_h + r * (ch + gap), cw, ch)
                self.spots.append(Spot(self.piece(c.id), rect, GRID))
        self.card_size["grid"] = (cw, ch)
        # the starting hand: the chosen cards, openers raised (free choice only)
        rule_h = int(base * 1.3)
        row = pygame.Rect(strip.x, strip.y + rule_h * 2, strip.width, strip.height - rule_h * 2)
        self.frames["hand-row"] = row
        order = [self.piece(c.id) for c in self.data.tactics]
        hand = sorted((p for p in self.chosen if p != self.final()), key=order.index) if free else []
        if hand:
            label_w = int(base * 6)
            hh = row.height - gap * 4
            hw = min(int(hh * ASPECT), (row.width - label_w) // len(hand) - gap)
            hh = int(hw / ASPECT)
            for i, p in enumerate(hand):
                lift = gap * 2 if card_id(p) in self.view.get("openers", []) else 0
                rect = pygame.Rect(row.x + label_w + i * (hw + gap), row.bottom - hh - gap - lift, hw, hh)
                self.spots.append(Spot(p, rect, HAND))
            self.card_size["hand"] = (hw, hh)

    def message_area(self, size: tuple[int, int]) -> pygame.Rect:
        """Refusals show over the words below the grid (the squad) or over the free-choice rule
        (the tactics), never over the cards just clicked in the hand row."""
        if self.tab == SQUAD and "left" in self.frames:
            left = self.frames["left"]
            return pygame.Rect(left.x, 0, left.width, left.bottom)
        if "hand-row" in self.frames:
            return pygame.Rect(0, 0, size[0], self.frames["hand-row"].y + ui.ui_size(size))
        return super().message_area(size)

    # -- hit tests ---------------------------------------------------------------------------

    def spot_at(self, pos: tuple[int, int]) -> Optional[Spot]:
        for spot in reversed(self.spots):
            if spot.rect.collidepoint(pos):
                return spot
        return None

    def drop_place(self, pos: tuple[int, int]) -> Optional[str]:
        if self.frames.get("pitch") and self.frames["pitch"].collidepoint(pos):
            return FIELD
        if self.frames.get("bench") and self.frames["bench"].collidepoint(pos):
            return BENCH
        if self.frames.get("left") and self.frames["left"].collidepoint(pos):
            return GRID
        return None

    def drop_targets(self, pid: str) -> dict[str, bool]:
        """Where the dragged player may land: place -> legal."""
        s, now = self.seat, self.place_of(pid)
        if now:
            other = BENCH if now == FIELD else FIELD
            return {other: Switch(s, pid) in self.legal, GRID: Release(s, pid) in self.legal}
        return {FIELD: Sign(s, pid, FIELD) in self.legal, BENCH: Sign(s, pid, BENCH) in self.legal}


def fit_grid(count: int, area: pygame.Rect, gap: int) -> tuple[int, int, int]:
    """The largest cards (width, height) and the column count that fit `count` in `area`."""
    best = (0, 0, 1)
    for cols in range(1, max(1, count) + 1):
        rows = -(-count // cols)
        cw = min(area.width // cols - gap, int((area.height // rows - gap) * ASPECT))
        if cw > best[0]:
            best = (cw, int(cw / ASPECT), cols)
    return best
