"""Drawing the Finita table's words and signs: each seat's name plate (cards, key, total,
calls), the pile labels, the panel of what is in force (colour, running draw, demand,
direction) and the bars of open windows. Functions of the table; they change nothing.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from game.core.text import plural
from game.finita.view import (CLAP, DISCARD_ZONE, DRAW_ZONE, MATCH_OVER, ROUND_OVER,
                              compare_zone, hand_zone, memory_zone)
from scenes import widgets as ui
from scenes.art import fonts
from scenes.art.draw import lighten
from scenes.finita import art
from scenes.table.painting import stack_edges

TURN = (250, 214, 110)
ALERT = (255, 120, 100)


def key_cap(surface: pygame.Surface, letter: str, size: int, pos: tuple[int, int],
            lit: bool = False) -> pygame.Rect:
    """A keyboard key with its letter (the seat's real-time key)."""
    rect = pygame.Rect(0, 0, size, size)
    rect.midleft = pos
    pygame.draw.rect(surface, (250, 236, 190) if lit else (226, 222, 210), rect, border_radius=4)
    pygame.draw.rect(surface, (60, 56, 50), rect, 1, border_radius=4)
    ui.text(surface, letter.upper(), max(11, int(size * 0.7)), rect.center, colour=(30, 30, 30),
            bold=True, anchor="center")
    return rect


def seat_plate(table: Any, surface: pygame.Surface, base: int, seat: int) -> None:
    """Name, key, cards held, total and calls of one seat, by its hand (where it wrote is
    kept in `table.plates`: announcements keep off it)."""
    view = table.view
    zone = table.zones.get(hand_zone(seat))
    if zone is None:
        return
    mine = seat == table.bottom()
    acting = seat in view["to_act"] and view["phase"] != ROUND_OVER
    size = max(11, int(base * (0.95 if mine else 0.8)))
    x, anchor = zone.rect.left, "bottomleft"
    # above the cards' tops: playable cards of the hand stand up, the others' fans tilt up
    y = zone.rect.top - int(zone.card[1] * (0.12 if mine else 0.18))
    name = table.seats[seat].name
    if mine and table.seats[seat].is_human and len(table.humans()) == 1 and name != "You":
        name += " (you)"
    if table.seats[seat].is_human and table.keys.get(seat):
        cap = key_cap(surface, table.keys[seat], int(size * 1.25),
                      (x, y - int(size * 0.62)))
        x = cap.right + size // 3
    rect = ui.text(surface, name, size, (x, y), colour=TURN if acting else ui.INK, bold=True,
                   anchor=anchor)
    held = view["hand_counts"][seat] + view["memory_counts"][seat]
    parts = [plural(held, "card"), f"{view['totals'][seat]} pts"]
    if view["called"][seat] and held <= 2:
        parts.append("Finita!")
    line = "  ·  ".join(parts)
    said = ui.text(surface, line, max(11, int(size * 0.8)), (rect.right + size // 2, y),
                   colour=TURN if acting else ui.DIM, anchor="bottomleft",
                   max_width=max(base * 4, zone.rect.width))
    plate = rect.union(said)
    if table.seats[seat].is_human and table.keys.get(seat):
        plate.union_ip(cap)
    table.plates[seat] = plate


def pile_labels(table: Any, surface: pygame.Surface, base: int) -> None:
    """Each pile's name and count under it, below the edges that show a tall pile's
    thickness (a long round's discards reach past the pile's own place)."""
    view = table.view
    size = max(11, int(base * 0.78))
    for zid, name in ((DRAW_ZONE, "Draw pile"), (DISCARD_ZONE, "Discards")):
        zone, count = table.zones[zid], len(view["zones"][zid])
        bottom = max([zone.rect.bottom] + [r.bottom for r in stack_edges(zone, count)])
        ui.text(surface, f"{name}  {count}", size, (zone.rect.centerx, bottom + 2),
                colour=ui.DIM, bold=True, anchor="midtop")


def force_panel(table: Any, surface: pygame.Surface, base: int) -> "pygame.Rect | None":
    """What the next card must be, in large type: colour chip, running draw, demand; then
    the round, as room allows. Returns where it wrote (None: nothing), which announcements
    keep clear of."""
    view = table.view
    rect = table.zones[DISCARD_ZONE].extra.get("panel")
    if rect is None:
        return None
    ink: list[pygame.Rect] = []
    x, y = rect.x, rect.y
    blind = table.app.settings.colour_blind
    small = max(11, int(base * 0.8))
    lines: list[tuple[str, Any]] = []
    if view["colour"]:
        d = int(min(base * 2.2, rect.height * 0.3))
        chip = art.colour_badge(view["colour"], d, blind)
        ink.append(surface.blit(chip, (x, y)))
        ink.append(ui.text(surface, view["colour"].capitalize(), int(base * 1.1),
                           (x + d + base // 3, y + d // 2),
                           colour=lighten(art.colour_rgb(view["colour"]), 0.35), bold=True,
                           anchor="midleft", max_width=rect.width - d - base // 2))
        y += d + base // 4
    playing = view["phase"] not in (ROUND_OVER, MATCH_OVER)
    # (under a demand or a running draw only that counts)
    if playing and not view["demand_text"] and not view["chain"]:
        ink.append(ui.text(surface, f"Play {view['force_text']}", max(11, int(base * 0.85)),
                           (x, y), colour=ui.INK, max_width=rect.width))
        y += int(base * 1.2)
    if view["chain"]:
        ink.append(ui.text(surface, "A draw is running", small, (x, y), colour=ui.DIM,
                           max_width=rect.width))
        y += int(small * 1.3)
        big = int(min(base * 2.6, max(base, rect.bottom - y - small * 2)))
        ink.append(ui.text(surface, f"+{view['chain']}", big, (x, y), colour=ALERT, bold=True,
                           display=True))
        y += int(big * 1.05)
    if view["demand_text"]:
        who = view["names"][view["demand"]["by"]] if view["demand"] else ""
        kind = "Paul" if view["demand"] and view["demand"]["kind"] == "paul" else "Petra"
        ink.append(ui.text(surface, f"{kind} ({who}) asks for", small, (x, y), colour=ui.DIM,
                           max_width=rect.width))
        y += int(small * 1.3)
        big = int(min(base * 2.0, max(base, rect.bottom - y - small)))
        ink.append(ui.text(surface, view["demand_text"], big, (x, y), colour=TURN, bold=True,
                           display=True, max_width=rect.width))
        y += int(big * 1.1)
    lines.append((f"Round {view['round']} · match to {view['target']}", ui.DIM))
    for words, colour in lines:
        if y + small > rect.bottom:
            break
        ink.append(ui.text(surface, words, small, (x, y), colour=colour, max_width=rect.width))
        y += int(small * 1.3)
    return ink[0].unionall(ink[1:]) if ink else None


def direction_ring(table: Any, surface: pygame.Surface, base: int) -> None:
    """Arrows round the discard pile, turning the way play goes."""
    zone = table.zones[DISCARD_ZONE]
    cx, cy = zone.rect.center
    r = max(zone.rect.width, zone.rect.height) * 0.62
    step = 1 if table.view["direction"] == 1 else -1
    colour = (240, 220, 160)
    for i in range(3):
        a0 = math.radians(i * 120 + 20)
        a1 = a0 + math.radians(70) * step
        pts = [(cx + r * math.cos(a0 + (a1 - a0) * t / 8), cy + r * 0.8 * math.sin(a0 + (a1 - a0) * t / 8))
               for t in range(9)]
        pygame.draw.lines(surface, colour, False, pts, max(2, base // 8))
        tip = pts[-1]
        back = pts[-2]
        ang = math.atan2(tip[1] - back[1], tip[0] - back[0])
        s = base * 0.45
        head = [tip, (tip[0] - s * math.cos(ang - 0.5), tip[1] - s * math.sin(ang - 0.5)),
                (tip[0] - s * math.cos(ang + 0.5), tip[1] - s * math.sin(ang + 0.5))]
        pygame.draw.polygon(surface, colour, head)


def window_rect(table: Any, base: int) -> "pygame.Rect | None":
    """Where an open throw or clap window's countdown stands (its bar and its word over the
    discard pile), or None while no window is open."""
    view = table.view
    if table.clock_ms is None or not view or DISCARD_ZONE not in table.zones:
        return None
    if (view["clap_until"] if view["phase"] == CLAP else view["throw_until"]) is None:
        return None
    zone = table.zones[DISCARD_ZONE]
    bar = pygame.Rect(zone.rect.x, zone.rect.y - base // 2, zone.rect.width, max(4, base // 4))
    word = max(11, int(base * 0.8))
    return pygame.Rect(bar.x, bar.y - 2 - int(word * 1.3), bar.width, bar.height + 2 + int(word * 1.3))


def windows(table: Any, surface: pygame.Surface, base: int) -> None:
    """A shrinking bar while a throw or clap window is open (drawn every frame)."""
    view, now = table.view, table.clock_ms
    if window_rect(table, base) is None:
        return
    until = view["clap_until"] if view["phase"] == CLAP else view["throw_until"]
    window = max(1, int(view["options"]["window"]))
    left = max(0.0, min(1.0, (until - now) / window))
    zone = table.zones[DISCARD_ZONE]
    bar = pygame.Rect(zone.rect.x, zone.rect.y - base // 2, zone.rect.width, max(4, base // 4))
    pygame.draw.rect(surface, (30, 30, 30), bar, border_radius=3)
    fill = bar.copy()
    fill.width = int(bar.width * left)
    pygame.draw.rect(surface, ALERT if view["phase"] == CLAP else TURN, fill, border_radius=3)
    word = "Clap!" if view["phase"] == CLAP else "Throw window"
    ui.text(surface, word, max(11, int(base * 0.8)), (bar.centerx, bar.y - 2),
            colour=ALERT if view["phase"] == CLAP else TURN, bold=True, anchor="midbottom")


def acting_glow(table: Any, surface: pygame.Surface, base: int) -> None:
    """A soft ring round the hand of each seat to act, and a mark on an uncalled last card."""
    view = table.view
    for seat in view["to_act"]:
        zone = table.zones.get(hand_zone(seat))
        if zone is None or view["phase"] == ROUND_OVER:
            continue
        pygame.draw.rect(surface, TURN, zone.rect.inflate(base // 2, base // 3), 2,
                         border_radius=base // 2)
    spot = no_call_rect(table, base)
    if spot is not None:
        ui.text(surface, NO_CALL, max(11, int(base * 0.8)), spot.topleft, colour=ALERT,
                bold=True)


NO_CALL = "one card, no call!"


def no_call_rect(table: Any, base: int) -> "pygame.Rect | None":
    """Where the mark of a seat that holds one card and did not call stands, or None: by the
    seat, over nothing a person must see (issue 25, item 4). The first of these places that
    covers no card, no countdown, no pile and not the panel of what is in force: over the
    seat's hand where it holds no card (its last card is a memory card), under its cards
    (memory row, or hand with no memory row), then beside its hand, right or left; at the
    bottom seat, above the right end of its hand. None while no seat is to be caught."""
    view = table.view
    seat = view["unsafe"]
    zone = table.zones.get(hand_zone(seat)) if seat is not None else None
    if zone is None:
        return None
    size = max(11, int(base * 0.8))
    w, h = fonts.render_text(NO_CALL, size, ALERT, bold=True).get_size()
    mark = pygame.Rect(0, 0, w, h)
    mine = seat == table.bottom()
    memory = table.zones.get(memory_zone(seat))
    places: list[tuple[str, tuple[int, int]]] = []
    if mine:
        places.append(("bottomright", (zone.rect.right, zone.rect.top - 2)))
        places.append(("bottomleft", (zone.rect.right + base, zone.rect.top - 2)))
    else:
        if not view["hand_counts"][seat]:
            places.append(("center", zone.rect.center))
        under = memory.rect.bottom if memory is not None and view["memory_counts"][seat] \
            else zone.rect.bottom
        places.append(("midtop", (zone.rect.centerx, under + 2)))
        if memory is not None and view["memory_counts"][seat]:
            places.append(("midtop", (zone.rect.centerx, zone.rect.bottom + 2)))
        right = zone.rect.right
        cmp = table.zones.get(compare_zone(seat))
        if cmp is not None:
            right = max(right, cmp.rect.right)
        places.append(("midleft", (right + base // 2, zone.rect.centery)))
        places.append(("midright", (zone.rect.left - base // 2, zone.rect.centery)))
    avoid = [s.rect for s in table.sprites.values() if not s.remove_when_done]
    avoid += table.keep_clear()
    avoid += [z.rect for key, z in table.zones.items()
              if key in (DRAW_ZONE, DISCARD_ZONE) or z.owner not in (None, seat)]
    panel = table.zones[DISCARD_ZONE].extra.get("panel") if DISCARD_ZONE in table.zones else None
    if panel is not None:
        avoid.append(panel)
    window = pygame.Rect((0, 0), table.size)
    first = None
    for anchor, pos in places:
        spot = mark.copy()
        setattr(spot, anchor, pos)
        spot.clamp_ip(window)
        if first is None:
            first = spot
        if spot.collidelist(avoid) < 0:
            return spot
    return first
