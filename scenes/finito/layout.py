"""Where things lie on the Finito! table for a window size and a number of seats.

The seat looking at the screen gets the large board, with its die tray, face-up counters and
face-down heap in a column on its left; the other boards sit, smaller, in the region to the
right, in whichever arrangement (one column or a grid; counters beside or below each board)
makes them largest. Everything stays clear of the status bar, the tool buttons (top right)
and the event log: under the large board, or, where that lets the large board grow without
shrinking the others (a wide window), in the right-hand region under the other boards.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
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
    under the large board, or under the other boards when the large board then grows and the
    others keep nearly their size (the room under a short row of boards is used)."""
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
        rw, rh = w - margin - rx, h - margin - ry
        if log_beside:
            rh -= side_log_h + gap
            out.log = pygame.Rect(rx, h - margin - side_log_h, rw, side_log_h)
            out.log_beside = True
        small_plate = int(base * 1.3)
        best = (0.0, 1, "below")
        n = len(others)
        for cols in range(1, n + 1):
            rows_n = math.ceil(n / cols)
            cw = (rw - (cols - 1) * gap) / cols
            ch = (rh - (rows_n - 1) * gap) / rows_n
            for mode in ("beside", "below"):
                if mode == "beside":
                    ss = min(cw / (span + 1.3), (ch - small_plate) / (rows + FRAMES))
                else:
                    ss = min(cw / span, (ch - small_plate) / (rows + FRAMES + 1.15))
                if ss > best[0] + 0.5:
                    best = (ss, cols, mode)
        ss_f, cols, mode = best
        ss = max(8, int(min(ss_f, s * 0.72)))
        rows_n = math.ceil(n / cols)
        cw = (rw - (cols - 1) * gap) / cols
        ch = (rh - (rows_n - 1) * gap) / rows_n
        f = art.frame_width(ss)
        board_w = columns * ss + 2 * f
        block_w = board_w + (int(ss * 1.3) if mode == "beside" else 0)
        block_h = small_plate + rows * ss + 2 * f + (int(ss * 1.15) if mode == "below" else 0)
        used_h = rows_n * block_h + (rows_n - 1) * gap
        y0 = ry + max(0, (rh - used_h) // 2) if rows_n > 1 or mode == "below" else ry
        sd = int(ss * 0.92)
        for k, seat in enumerate(others):
            c, r = k % cols, k // cols
            in_row = min(cols, n - r * cols)  # a short last row is centred
            shift = (cols - in_row) * (cw + gap) / 2
            x = int(rx + shift + c * (cw + gap) + (cw - block_w) / 2)
            y = int(y0 + r * (block_h + gap))
            p, fr, g = _board_rects(x, y, ss, columns, rows, small_plate)
            if mode == "beside":
                ox = fr.right + int(ss * 0.15)
                offer = pygame.Rect(ox, g.y, ss, 3 * ss)
                heap = pygame.Rect(ox - int(ss * 0.25), g.y + int(3.2 * ss), int(ss * 1.5), g.bottom - g.y - int(3.2 * ss))
                out.seats[seat] = SeatPlace(seat, False, ss, sd, g, fr, p, offer, 1, 3, heap)
            else:
                oy = fr.bottom + int(ss * 0.12)
                offer = pygame.Rect(g.x, oy, 3 * ss, ss)
                heap = pygame.Rect(g.x + int(3.3 * ss), oy, g.right - g.x - int(3.3 * ss), ss)
                out.seats[seat] = SeatPlace(seat, False, ss, sd, g, fr, p, offer, 3, 1, heap)
    board_area = out.seats[big].frame
    out.centre = (w // 2, (board_area.top + board_area.bottom) // 2)
    return out



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
