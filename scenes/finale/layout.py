"""Where things lie on the Finale table, for any window from 800x500 up.

Bands from the top: the status bar; the scoreboard with the period track between the other
coach's tactics (small backs, deck and used cards) and the tool buttons; the pitch seen from
above with both elevens in their lines (the coach at the screen plays from the left) and a
bench at each side; at the bottom the coach's own deck, used cards and hand, the cards on the
table this period (his and the other's), and the panel of the area being played (its slots
are the drop targets "area#<slot>" of the coach marking).

The pitch and its benches take the width there is: right of the other bench, above the
bottom band, only a strip as narrow as a die stays free of cards, at the right edge; the dice
lie there one over the other and the marking coach's chips stand in a column under them, just
above the panel. (Finale offers at most one action button, Keep, in the bottom right corner:
the panel stops short of it while it is shown, and otherwise runs on to the right edge.)
"""
from __future__ import annotations

from dataclasses import dataclass, field as dc_field

import pygame

from game.finale.data import DEFENCE, GOALIE, MIDFIELD, STRIKER
from scenes import widgets as ui
from scenes.table.buttons import button_column_width
from scenes.table.zones import Zone, fit_card

ASPECT = 0.7  # every card: width / height
GAP = 0.08  # between two cards of a line, of a card's size
LINES = (GOALIE, DEFENCE, MIDFIELD, STRIKER)  # from a team's own goal outwards
AREA = "area"


@dataclass
class Formation(Zone):
    """A team on its half: each card in the column of its line (`lines`, one per content
    index, in content order), the goalie by his goal; `side` is where that goal is. A line
    with more cards than one file holds whole stands in two staggered files (neighbours side
    by side, every second card one under the other), as far apart as the next lines allow;
    `facing` is how many strikers the other team has across the halfway line."""

    lines: tuple = ()
    side: str = "left"
    columns: tuple = dc_field(default_factory=lambda: (0.1, 0.36, 0.64, 0.9))
    facing: int = 0

    def crowded(self, members: int) -> bool:
        """Would `members` cards one under the other overlap?"""
        _, ch = self.card
        return members > 1 and (members - 1) * ch * (1 + GAP) > self.rect.height - ch

    def positions(self, count: int) -> list[tuple[float, float, float]]:
        r = self.rect
        cw, ch = self.card
        lines = list(self.lines[:count]) + [MIDFIELD] * max(0, count - len(self.lines))
        out: list[tuple[float, float, float]] = [(0.0, 0.0, 0.0)] * count
        sizes = [sum(1 for kind in lines if kind == line) for line in LINES]
        xs = [r.x + (frac if self.side == "left" else 1 - frac) * r.width for frac in self.columns]
        halfway = r.right + cw / 4 if self.side == "left" else r.x - cw / 4
        self._room_at_halfway(xs, sizes, halfway)
        for column, line in enumerate(LINES):
            members = [i for i, kind in enumerate(lines) if kind == line]
            if not members:
                continue
            x = xs[column]
            room = r.height - ch
            step = min(ch * (1 + GAP), room / max(1, len(members) - 1)) if len(members) > 1 else 0
            y0 = r.centery - step * (len(members) - 1) / 2
            dx = self._stagger(column, sizes, xs, halfway) if self.crowded(len(members)) else 0.0
            for k, i in enumerate(members):
                out[i] = (x + (dx if k % 2 else -dx), y0 + k * step, 0.0)
        return out

    def _room_at_halfway(self, xs: list[float], sizes: list[int], halfway: float) -> None:
        """Two crowded attacks face each other across the halfway line (four files between
        the two striker columns): ours steps back from it as far as the room of both files
        wants, never nearer the midfield than a crowded line and a single file need."""
        cw, _ = self.card
        gap = cw * GAP
        if not (self.facing and self.crowded(sizes[-1]) and self.crowded(self.facing)):
            return
        toward = 1 if self.side == "left" else -1  # the direction of the halfway line
        back = halfway - toward * (cw + gap)  # both files and a gap short of the line
        inner = next((xs[c] for c in (2, 1, 0) if sizes[c]), xs[0])
        floor = inner + toward * 1.5 * (cw + gap)
        if toward * (xs[-1] - back) > 0:  # too near the line: back, but not past the floor
            wanted = back if toward * (back - floor) >= 0 else floor
            xs[-1] = min(xs[-1], wanted) if toward > 0 else max(xs[-1], wanted)

    def _stagger(self, column: int, sizes: list[int], xs: list[float], halfway: float) -> float:
        """How far each file of a crowded line stands from the line's column: half a card and
        a gap, or less where a neighbouring line (which may be staggered too) is nearer."""
        cw, _ = self.card
        gap = cw * GAP
        want = (cw + gap) / 2
        neighbours = [(abs(xs[column] - xs[c]), sizes[c]) for c in (column - 1, column + 1)
                      if 0 <= c < len(xs) and sizes[c]]
        if column == len(LINES) - 1 and self.facing:  # the other team's strikers, mirrored
            neighbours.append((2 * abs(halfway - xs[column]), self.facing))
        for spacing, members in neighbours:
            share = 0.5 if self.crowded(members) else 1.0
            want = min(want, max(0.0, (spacing - cw - gap) * share))
        return want


@dataclass
class Column(Zone):
    """Cards one under the other, a little apart while there is room (a bench)."""

    def positions(self, count: int) -> list[tuple[float, float, float]]:
        r = self.rect
        cw, ch = self.card
        step = min(ch * 1.06, (r.height - ch) / max(1, count - 1)) if count > 1 else 0
        return [(r.centerx, r.y + ch / 2 + i * step, 0.0) for i in range(count)]


@dataclass
class SlotBoxes(Zone):
    """The marking coach's slots of the area panel as drop targets ("area#<slot>"), each
    where the panel paints it (`boxes`, in slot order): a drop goes into the slot the pointer
    is in, or the nearest one when it falls between them."""

    boxes: tuple = ()

    def slot_at(self, pos: tuple[int, int], count: int) -> int:
        if not self.boxes:
            return 0
        for i, box in enumerate(self.boxes):
            if box.collidepoint(pos):
                return i
        return min(range(len(self.boxes)), key=lambda i: _gap(self.boxes[i], pos))

    def cell_rect(self, index: int) -> pygame.Rect:
        return self.boxes[index].copy() if 0 <= index < len(self.boxes) else super().cell_rect(index)


def _gap(box: pygame.Rect, pos: tuple[int, int]) -> int:
    """How far `pos` lies outside `box` (0 inside), along both axes."""
    dx = max(box.left - pos[0], 0, pos[0] - box.right + 1)
    dy = max(box.top - pos[1], 0, pos[1] - box.bottom + 1)
    return dx * dx + dy * dy


def slot_zone(boxes: list[pygame.Rect]) -> SlotBoxes:
    """The area zone over the painted slots `boxes` of the coach at the screen."""
    rect = boxes[0].unionall(boxes[1:])
    return SlotBoxes(AREA, rect, "grid", boxes[0].size, outline=False, cols=len(boxes), rows=1,
                     slots=True, boxes=tuple(boxes))


@dataclass
class Frames:
    """Rectangles that are not zones: painted by the table."""

    pitch: pygame.Rect
    scoreboard: pygame.Rect
    panel: pygame.Rect  # the area being played, the last outcome, the shoot-out
    info: pygame.Rect  # the band under the status bar
    dice: pygame.Rect  # where the two dice of the last roll lie: in the strip free of cards


def layout(size: tuple[int, int], me: int, lines: dict[int, tuple], marker_slots: int,
           hand_count: int = 3, marking: bool = False,
           buttons: bool = False) -> tuple[dict[str, Zone], Frames]:
    """The zones for a window size. `me` plays from the left with his hand at the bottom;
    `lines[seat]` names the line of each of that seat's field players in content order;
    `marker_slots` is how many slots the coach at the screen has to fill (0: he does not
    mark now). While anyone marks (`marking`) the panel widens over the cards of the period,
    whose names its title repeats; unless action `buttons` are shown, it also runs on to the
    right edge under the column that holds the dice."""
    w, h = max(320, size[0]), max(240, size[1])
    other = 1 - me
    base = ui.ui_size((w, h))
    bar = int(base * 2.1)
    margin = max(6, int(w * 0.012))
    label = int(base * 1.1)
    die = dice_size(base)
    right = w - margin - die  # the strip of the dice and chips at the right edge
    zones: dict[str, Zone] = {}

    # the info band: the other coach's tactics at the left, the scoreboard in the middle
    info = pygame.Rect(0, bar, w, int(base * 2.6))
    tiny = fit_card(w, info.height - 6, ASPECT)
    x = margin
    zones[f"hand{other}"] = Zone(f"hand{other}", pygame.Rect(x, info.y + 3, int(tiny[0] * 2.4), tiny[1]),
                                 "row", tiny, face_up=False, owner=other, outline=False)
    x = zones[f"hand{other}"].rect.right + margin
    for name in ("deck", "played"):
        zid = f"{name}{other}"
        zones[zid] = Zone(zid, pygame.Rect(x, info.y + 3, tiny[0], tiny[1]), "stack", tiny,
                          face_up=name == "played", owner=other, outline=False)
        x += tiny[0] + margin * 2 + base  # its count is painted at its right
    board_w = max(base * 14, min(int(w * 0.36), base * 22))
    scoreboard = pygame.Rect(0, info.y, board_w, info.height)
    scoreboard.centerx = max(x + board_w // 2 + margin, w // 2 - base * 3)

    # the bottom band: deck, used cards, hand, the cards of the period, the area panel
    low_h = max(int(base * 3.4), int(h * 0.2))
    card = fit_card(w * 0.085, low_h - label, ASPECT)
    low_y = h - margin - card[1]
    x = margin
    small = (int(card[0] * 0.8), int(card[1] * 0.8))
    for name in ("deck", "played"):
        zid = f"{name}{me}"
        zones[zid] = Zone(zid, pygame.Rect(x, low_y + card[1] - small[1], small[0], small[1]),
                          "stack", small, face_up=name == "played", owner=me, outline=False,
                          label="Deck" if name == "deck" else "Used")
        x += small[0] + margin
    hand_w = int(card[0] * (1 + 1.08 * (max(3, hand_count) - 1)))
    zones[f"hand{me}"] = Zone(f"hand{me}", pygame.Rect(x + margin, low_y, hand_w, card[1]), "row",
                              card, owner=me, outline=False, label="Your tactics")
    x = zones[f"hand{me}"].rect.right + margin * 2
    shown = (int(card[0] * 0.85), int(card[1] * 0.85))
    for seat in (me, other):  # the cards of this period, the one in force on top
        zid = f"table{seat}"
        rect = pygame.Rect(x, low_y + card[1] - shown[1], int(shown[0] * 1.2), shown[1])
        zones[zid] = Zone(zid, rect, "row", shown, owner=seat, outline=True,
                          label="Yours" if seat == me else "Theirs")
        x = rect.right + margin
    left = zones[f"table{me}"].rect.x if marking else x + margin
    # the buttons stack up from the corner
    edge = w - button_column_width((w, h)) - base - margin if buttons else w - margin
    panel = pygame.Rect(left, low_y - label, max(base * 8, edge - left), card[1] + label)

    # the pitch between the benches
    top = info.bottom + label
    bottom = low_y - label - margin
    pitch_h = max(60, bottom - top)
    player = fit_card(w * 0.06, pitch_h / 5.4, ASPECT)
    bench_w = int(player[0] * 1.3)
    pitch = pygame.Rect(margin + bench_w + margin, top, 0, pitch_h)
    pitch.width = max(base * 10, right - bench_w - margin * 2 - pitch.x)
    half = pitch.width // 2
    for seat, side in ((me, "left"), (other, "right")):
        inset = max(2, pitch.height // 14)  # inside the painted touchlines
        rect = pygame.Rect(pitch.x if side == "left" else pitch.centerx, pitch.y + inset, half,
                           pitch.height - inset * 2)
        rect = rect.inflate(-player[0] // 2, 0)
        zones[f"field{seat}"] = Formation(f"field{seat}", rect, "column", player, owner=seat,
                                          outline=False, lines=lines.get(seat, ()), side=side,
                                          facing=lines.get(1 - seat, ()).count(STRIKER))
        bx = margin if side == "left" else pitch.right + margin
        bench = pygame.Rect(bx, top, bench_w, int(player[1] * 4.4))
        zones[f"bench{seat}"] = Column(f"bench{seat}", bench, "column", player, owner=seat,
                                       outline=True, label="Bench")
        outs = pygame.Rect(bx, bench.bottom + label, bench_w, max(player[1] // 2, bottom - bench.bottom - label))
        mini = (int(player[0] * 0.7), int(player[1] * 0.7))
        zones[f"out{seat}"] = Column(f"out{seat}", outs, "column", mini, owner=seat, outline=False,
                                     label="Off")
    # the strip right of the other bench, free of cards: the marking coach's "!" chips in a
    # column just above the panel, the dice one over the other above them
    chip = min(die, max(14, int(base * 1.3)))
    strip = w - margin - die // 2  # its middle
    chips = pygame.Rect(0, 0, chip, int(chip * (1 + 1.06 * 4)) + 1)  # room for five
    chips.midbottom = (strip, panel.top - base // 3)
    zones[f"chips{me}"] = Column(f"chips{me}", chips, "column", (chip, chip), owner=me,
                                 outline=False)
    dice = pygame.Rect(0, 0, die, int(die * 2.2))
    dice.midbottom = (strip, chips.top - base // 2)
    if marker_slots:
        slots = panel.inflate(-base, -label)
        zones[AREA] = Zone(AREA, slots, "grid", (slots.width // marker_slots, slots.height),
                           outline=False, cols=marker_slots, rows=1, slots=True)
    return zones, Frames(pitch=pitch, scoreboard=scoreboard, panel=panel, info=info, dice=dice)


def dice_size(base: int) -> int:
    """The side of a die on the table for a base text size."""
    return max(16, int(base * 1.7))
