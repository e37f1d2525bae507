"""Where things lie on the Finito! table for a window size and a number of seats.

The seat looking at the screen gets the large board, with its die tray, face-up counters and
face-down heap in a column on its left; the other boards sit, smaller, in the region to the
right, in whichever arrangement (one column or a grid; counters beside or below each board)
makes them largest. Everything stays clear of the status bar, the tool buttons (top right)
and the event log: under the large board, or, where that lets the large board grow without
shrinking the others (a wide window), in the right-hand region with the other boards: in a
strip under them, in a column beside them (boards stacked in one column leave room at the
side) or in the empty cells of a grid's last row (three boards in a 2 x 2 grid).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Optional
import pygame

from scenes import widgets as ui
from scenes.art import fonts
from scenes.finito import art

FRAMES = 2 * 0.24  # a board's frame, both sides, in squares (art.frame_width)


@dataclass
class SeatPlace:
    """One seat's corner of the table."""

    seat: int
    big: bool
    square: int  # pixels per board square
    counter: int  # counter diameter
    grid: pygame.Rect  # the 6 x 6 squares (the board zone)
    frame: pygame.Rect  # the board with its printed frame
    plate: pygame.Rect  # the name line above the board
    offer: pygame.Rect  # the face-up counters
    offer_cols: int
    offer_rows: int
    heap: pygame.Rect  # the face-down counters


@dataclass
class TableLayout:
    size: tuple[int, int]
    base: int
    seats: dict[int, SeatPlace] = field(default_factory=dict)
    tray: pygame.Rect = field(default_factory=pygame.Rect)  # where the die rests
    centre: tuple[int, int] = (0, 0)  # where the die shows its value
    button: pygame.Rect = field(default_factory=pygame.Rect)  # Keep (in the empty offer column)
    die_big: int = 100
    bar: int = 0  # the status bar's height at the top
    log: pygame.Rect = field(default_factory=pygame.Rect)  # the event log's last lines
    log_beside: bool = False  # the log lies under the other boards, not under the large one
    prompt: pygame.Rect = field(default_factory=pygame.Rect)  # the advice line under the large board


def rosette_smallest(base: int) -> int:
    """The narrowest a winner's rosette is drawn (it is 1.3 times as tall; see winners.py)."""
    return max(60, int(base * 2.4))


def die_line_size(base: int) -> int:
    """Pixel size of the lines under the die's dish (roll no., round)."""
    return max(11, int(base * 0.7))


def label_size(base: int) -> int:
    """Pixel size of the 'Your counters' label over the rack."""
    return int(base * 0.8)


def _board_rects(x: int, y: int, square: int, columns: int, rows: int, plate_h: int):
    f = art.frame_width(square)
    plate = pygame.Rect(x, y, columns * square + 2 * f, plate_h)
    frame = pygame.Rect(x, y + plate_h, columns * square + 2 * f, rows * square + 2 * f)
    grid = pygame.Rect(frame.x + f, frame.y + f, columns * square, rows * square)
    return plate, frame, grid


# the other boards may shrink this much (their squares) so that the log can move beside them
LOG_BESIDE_SHRINK = 0.85


def compute(size: tuple[int, int], seats: int, big: int, columns: int = 6, rows: int = 6) -> TableLayout:
    """The table for a window `size`, `seats` seats, the large board for seat `big`: the log
    under the large board, or with the other boards when the large board then grows and the
    others keep nearly their size (the room under or beside them is used)."""
    under = _compute(size, seats, big, columns, rows, log_beside=False)
    if seats < 2:
        return under
    beside = _compute(size, seats, big, columns, rows, log_beside=True)

    def others(geo: TableLayout) -> int:
        return min(p.square for p in geo.seats.values() if not p.big)

    if beside.seats[big].square > under.seats[big].square and \
            others(beside) >= others(under) * LOG_BESIDE_SHRINK:
        return beside
    return under


def _compute(size: tuple[int, int], seats: int, big: int, columns: int, rows: int,
             log_beside: bool) -> TableLayout:
    w, h = size
    base = ui.ui_size(size)
    bar = int(base * 2.1)
    margin = max(10, int(min(w, h) * 0.02))
    log_h = int(base * 0.9) * 4 + 8 + margin // 2
    side_log_h = base * 5 - 8  # as tall as the table's own log area: five short lines
    if log_beside:
        log_h = 0
    tools_bottom = (bar - int(base * 1.5)) // 2 + bar + int(base * 1.5)
    plate_h = int(base * 1.5)
    top = bar + margin
    span = columns + FRAMES
    right_min = w * 0.34 if seats > 1 else 0
    prompt_h = int(base * 1.2)  # one line of advice under the large board
    s_h = (h - log_h - margin - top - plate_h - prompt_h) / (rows + FRAMES)
    s_w = (w - 5 * margin - right_min) / (span + 1.05)
    left_min = base * 4.8
    if s_w * 1.05 < left_min:
        s_w = (w - 5 * margin - right_min - left_min) / span
    s = max(12, int(min(s_h, s_w)))
    left_w = int(max(s * 1.05, left_min))
    out = TableLayout(size, base, bar=bar)

    # the large board and its column
    plate, frame, grid = _board_rects(margin * 2 + left_w, top, s, columns, rows, plate_h)
    d = int(s * 0.92)
    col_x = margin
    die = min(left_w - 6, int(s * 0.95))
    out.tray = pygame.Rect(col_x + (left_w - die) // 2, top + int(base * 1.1), die, die)
    heap_h = int(d * 1.45) + int(base * 1.2)
    heap = pygame.Rect(col_x, frame.bottom - heap_h, left_w, heap_h)
    # under the dish: two lines (roll no., round with repeat rounds), then the rack's label
    lines_h = 2 * fonts.font(die_line_size(base)).get_linesize()
    label_h = fonts.font(label_size(base)).get_linesize()
    offer_top = out.tray.bottom + base // 2 + lines_h + label_h + base // 3 + 2
    offer_h = min(3 * s, heap.top - offer_top - int(base * 0.6))
    offer = pygame.Rect(col_x + (left_w - s) // 2, offer_top + (heap.top - offer_top - offer_h) // 2,
                        s, offer_h)
    out.seats[big] = SeatPlace(big, True, s, d, grid, frame, plate, offer, 1, 3, heap)
    out.button = pygame.Rect(col_x, offer.centery - base, left_w, base * 2)
    out.prompt = pygame.Rect(frame.x, frame.bottom, frame.width, prompt_h)
    # the log under the large board, as the shared table places it, below the prompt line
    log_top = max(h - base * 5, out.prompt.bottom)
    out.log = pygame.Rect(10, log_top, int(w * 0.3), max(base, h - 8 - log_top))
    out.die_big = int(min(w, h) * 0.24)

    # the other boards, as large as the region to the right allows
    others = [i for i in range(seats) if i != big]
    if others:
        gap = margin
        rx = frame.right + margin * 2
        ry = max(top, tools_bottom + margin // 2)
        region = pygame.Rect(rx, ry, w - margin - rx, h - margin - ry)
        small_plate = int(base * 1.3)
        rosette = round(rosette_smallest(base) * 1.3) + 2 * (base // 3) + 8
        room = Room(region, gap, small_plate, columns, rows, side_log_h, base * LOG_MIN_WIDTH,
                    rosette)
        ss_f, cols, mode, spot = room.best(len(others), log_beside)
        ss = max(8, int(min(ss_f, s * 0.72)))
        _place_others(out, room, others, ss, cols, mode, spot)
    board_area = out.seats[big].frame
    out.centre = (w // 2, (board_area.top + board_area.bottom) // 2)
    return out



# the narrowest the event log may be when it stands beside the other boards (in text sizes)
LOG_MIN_WIDTH = 9
SPOTS = ("strip", "column", "cell")  # where the log lies in the right-hand region


@dataclass
class Room:
    """The region right of the large board, where the other boards (and maybe the log) lie."""

    region: pygame.Rect
    gap: int
    plate: int  # a small board's name line
    columns: int
    rows: int
    log_h: int  # the log's height when it lies in a strip under the boards
    log_w: int  # the narrowest the log may be beside them
    rosette: int  # the height a winner's rosette needs under a board (with its gaps)

    def row_gap(self, ss: float, mode: str, spot: str) -> int:
        """The gap between rows of boards. Boards packed to the large board's side (the log
        beside or in a cell) have no short centred row leaving room round them: a winner's
        rosette goes under its board, where the empty rack (counters below) leaves part of
        the room it needs."""
        if spot in ("column", "cell") and mode == "below":
            return max(self.gap, self.rosette - int(ss * 1.15))
        return self.gap

    def cell(self, n: int, cols: int, spot: str, row_gap: Optional[int] = None) -> tuple[float, float]:
        """Width and height of one board's cell for `n` boards in `cols` columns, the log at
        `spot` (strip: under them all; column: right of them all; cell: in the last row's
        empty cells, so nothing is taken from the boards)."""
        rows_n = math.ceil(n / cols)
        rw, rh = self.region.width, self.region.height
        if spot == "strip":
            rh -= self.log_h + self.gap
        elif spot == "column":
            rw -= self.log_w + self.gap
        gap = self.gap if row_gap is None else row_gap
        return (rw - (cols - 1) * self.gap) / cols, (rh - (rows_n - 1) * gap) / rows_n

    def square(self, cw: float, ch: float, mode: str) -> float:
        """The largest square of a small board in a cell, its counters beside it or below it."""
        span = self.columns + FRAMES
        if mode == "beside":
            return min(cw / (span + 1.3), (ch - self.plate) / (self.rows + FRAMES))
        return min(cw / span, (ch - self.plate) / (self.rows + FRAMES + 1.15))

    def fits(self, n: int, cols: int, spot: str) -> bool:
        """Whether the log has room at `spot` (an empty cell must be wide and tall enough)."""
        if spot != "cell":
            return True
        empty = cols * math.ceil(n / cols) - n
        cw, ch = self.cell(n, cols, spot)
        return empty > 0 and empty * cw + (empty - 1) * self.gap >= self.log_w and ch >= self.log_h

    def best(self, n: int, with_log: bool) -> tuple[float, int, str, str]:
        """(square, columns, counters beside/below, where the log goes) that makes the other
        boards largest; the log goes in this region only `with_log`."""
        best = (0.0, 1, "below", "")
        for spot in SPOTS if with_log else ("",):
            for cols in range(1, n + 1):
                if not self.fits(n, cols, spot):
                    continue
                cw, ch = self.cell(n, cols, spot)
                for mode in ("beside", "below"):
                    ss = self.square(cw, ch, mode)
                    if cols < n:  # rows with room for a rosette between them
                        for _ in range(2):
                            ss = self.square(*self.cell(n, cols, spot, self.row_gap(ss, mode, spot)), mode)
                    if ss > best[0] + 0.5:
                        best = (ss, cols, mode, spot)
        return best


def _place_others(out: TableLayout, room: Room, others: list[int], ss: int, cols: int,
                  mode: str, spot: str) -> None:
    """Put the other boards in their cells; the log (when `spot` names where) takes what is
    left of the region beside them, under them or in the last row's empty cells."""
    region, gap, columns, rows = room.region, room.gap, room.columns, room.rows
    n = len(others)
    rows_n = math.ceil(n / cols)
    f = art.frame_width(ss)
    board_w = columns * ss + 2 * f
    block_w = board_w + (int(ss * 1.3) if mode == "beside" else 0)
    block_h = room.plate + rows * ss + 2 * f + (int(ss * 1.15) if mode == "below" else 0)
    row_gap = room.row_gap(ss, mode, spot)
    used_h = rows_n * block_h + (rows_n - 1) * row_gap
    if spot in ("column", "cell"):
        # the boards keep to the large board's side: the log has every pixel left over
        cw, ch = float(block_w), (region.height - (rows_n - 1) * row_gap) / rows_n
    else:
        cw, ch = room.cell(n, cols, spot or "none")
    rh = region.height - (room.log_h + gap if spot == "strip" else 0)
    y0 = region.y + max(0, (rh - used_h) // 2) if rows_n > 1 or mode == "below" else region.y
    sd = int(ss * 0.92)
    for k, seat in enumerate(others):
        c, r = k % cols, k // cols
        in_row = min(cols, n - r * cols)  # a short last row is centred (unless the log is there)
        shift = 0 if spot == "cell" else (cols - in_row) * (cw + gap) / 2
        x = int(region.x + shift + c * (cw + gap) + (cw - block_w) / 2)
        y = int(y0 + r * (block_h + row_gap))
        p, fr, g = _board_rects(x, y, ss, columns, rows, room.plate)
        if mode == "beside":
            ox = fr.right + int(ss * 0.15)
            offer = pygame.Rect(ox, g.y, ss, 3 * ss)
            heap = pygame.Rect(ox - int(ss * 0.25), g.y + int(3.2 * ss), int(ss * 1.5),
                               g.bottom - g.y - int(3.2 * ss))
            out.seats[seat] = SeatPlace(seat, False, ss, sd, g, fr, p, offer, 1, 3, heap)
        else:
            oy = fr.bottom + int(ss * 0.12)
            offer = pygame.Rect(g.x, oy, 3 * ss, ss)
            heap = pygame.Rect(g.x + int(3.3 * ss), oy, g.right - g.x - int(3.3 * ss), ss)
            out.seats[seat] = SeatPlace(seat, False, ss, sd, g, fr, p, offer, 3, 1, heap)
    if not spot:
        return
    out.log_beside = True
    bottom = region.bottom
    if spot == "strip":
        out.log = pygame.Rect(region.x, bottom - room.log_h, region.width, room.log_h)
        return
    boards = [q.plate.union(q.frame).union(q.offer).union(q.heap) for q in out.seats.values()
              if not q.big]
    if spot == "column":
        left = max(b.right for b in boards) + gap
        out.log = pygame.Rect(left, region.y, region.right - left, region.height)
        return
    last_row = [b for k, b in enumerate(boards) if k // cols == rows_n - 1]
    left = max(b.right for b in last_row) + gap
    top = min(b.top for b in last_row)
    out.log = pygame.Rect(left, top, region.right - left, bottom - top)


def ribbon_spots(geo: TableLayout, seat: int, size: tuple[int, int], busy: list[pygame.Rect],
                 gap: int) -> list[pygame.Rect]:
    """Free places of `size` for a winner's rosette beside seat's board (name plate and
    frame): right, left, above or below it, nearest the board's top-right corner first; only
    places inside the window that miss everything in `busy`."""
    place = geo.seats.get(seat)
    if place is None:
        return []
    w, h = size
    block = place.plate.union(place.frame)
    window = pygame.Rect(0, 0, *geo.size)
    step = max(4, geo.base // 3)
    spots: list[tuple[int, int]] = []
    for y in range(block.top - h // 2, block.bottom - h // 2 + 1, step):
        spots += [(block.right + gap, y), (block.left - gap - w, y)]
    for x in range(block.left - w // 2, block.right - w // 2 + 1, step):
        spots += [(x, block.top - gap - h), (x, block.bottom + gap)]
    corner = block.topright

    def distance(spot: tuple[int, int]) -> float:
        return math.hypot(spot[0] + w / 2 - corner[0], spot[1] + h / 2 - corner[1])

    free = [pygame.Rect(x, y, w, h) for x, y in sorted(spots, key=distance)]
    return [r for r in free if window.contains(r) and r.collidelist(busy) < 0]
