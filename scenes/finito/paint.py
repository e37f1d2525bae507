"""What the Finito! table paints around its counters, as plain functions of the layout and
the view: the printed boards with their name plates, racks and face-down heaps, the die's dish
and its line, the lit squares, the ring round the chosen square and the prompt line.

The table scene (table.py) decides when each is drawn; nothing here keeps state.
"""
from __future__ import annotations

from typing import Optional, Sequence

import pygame

from game.finito.view import PLACING, PLAYING, FinitoView, board_zone, parse_square
from scenes import widgets as ui
from scenes.finito import tokens
from scenes.finito import art, layout, panels
from scenes.finito.layout import SeatPlace, TableLayout
from scenes.finito.motion import DIE_TINT
from scenes.table.zones import Zone


def paint_boards(surface: pygame.Surface, geo: TableLayout, view: FinitoView,
                 humans: Sequence[bool], watching: Optional[int], big_seat: int) -> None:
    """Every seat's printed board with its name plate, rack and heap; the die's dish; the
    label over the large board's counters. `humans[seat]` says whether a person plays it."""
    base = geo.base
    layout_numbers = tuple(view["layout"])
    columns = view["columns"]
    for place in geo.seats.values():
        seat = place.seat
        image = art.board(place.square, tokens.seat_colour(seat), layout_numbers, columns)
        pad = art.shadow_pad(place.square)
        surface.blit(image, (place.frame.x - pad, place.frame.y - pad))
        panels.draw_plate(surface, place, view, base, humans[seat], watching)
        paint_rack(surface, place, view)
        paint_heap(surface, place, int(view["pool_counts"][seat]), base)
    tray = geo.tray
    dish = tray.inflate(int(tray.width * 0.22), int(tray.width * 0.22))
    pygame.draw.ellipse(surface, (18, 52, 34), dish)
    pygame.draw.ellipse(surface, (12, 36, 24), dish, max(2, base // 7))
    pygame.draw.ellipse(surface, (70, 110, 80), dish.inflate(-base // 3, -base // 3), 1)
    ui.text(surface, "The die", int(base * 0.8), (tray.centerx, dish.top - 2), colour=ui.DIM,
            anchor="midbottom")
    big = geo.seats[big_seat]
    if view["offers"][big.seat]:
        label = "Your counters" if humans[big.seat] and watching == big.seat else "Face up"
        ui.text(surface, label, layout.label_size(base), (big.offer.centerx, big.offer.top - base // 3),
                colour=ui.DIM, anchor="midbottom", max_width=geo.tray.width * 2)


def paint_rack(surface: pygame.Surface, place: SeatPlace, view: FinitoView) -> None:
    """A wooden rack with a hollow for each face-up counter."""
    rect = place.offer
    if not view["offers"][place.seat] and view.get("phase") != PLACING:
        return
    rack = rect.inflate(int(place.square * 0.16), int(place.square * 0.16))
    wood = art.board_colour(tokens.seat_colour(place.seat))
    shade = pygame.Surface(rack.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (*wood, 150), shade.get_rect(), border_radius=max(4, place.square // 4))
    pygame.draw.rect(shade, (0, 0, 0, 90), shade.get_rect(), max(1, place.square // 24),
                     border_radius=max(4, place.square // 4))
    surface.blit(shade, rack.topleft)
    for i in range(3):
        col, row = (0, i) if place.offer_cols == 1 else (i, 0)
        cell = pygame.Rect(rect.x + col * rect.width // place.offer_cols,
                           rect.y + row * rect.height // place.offer_rows,
                           rect.width // place.offer_cols, rect.height // place.offer_rows)
        r = int(place.counter * 0.5)
        pygame.draw.circle(surface, (30, 22, 16), cell.center, r)
        pygame.draw.circle(surface, (90, 70, 52), cell.center, r, max(1, place.square // 30))


def paint_heap(surface: pygame.Surface, place: SeatPlace, count: int, base: int) -> None:
    """The face-down counters still to come, as a small heap with their number."""
    if count <= 0:
        return
    d = int(place.counter * (0.72 if place.big else 0.6))
    heap = art.heap(d, tokens.seat_colour(place.seat), tokens.seat_shape(place.seat), count)
    rect = place.heap
    if place.big:
        spot = heap.get_rect(midtop=(rect.centerx, rect.top))
        surface.blit(heap, spot)
        ui.text(surface, f"{count} face down", max(11, int(base * 0.8)),
                (rect.centerx, spot.bottom + 2),
                colour=ui.DIM, anchor="midtop")
    else:
        spot = heap.get_rect(midleft=(rect.x, rect.centery)) if place.offer_cols == 3 else \
            heap.get_rect(midtop=(rect.centerx, rect.top))
        surface.blit(heap, spot)
        size = max(11, int(base * 0.75))
        where = (spot.right + 2, spot.centery) if place.offer_cols == 3 else (spot.centerx, spot.bottom)
        anchor = "midleft" if place.offer_cols == 3 else "midtop"
        ui.text(surface, str(count), size, where, colour=ui.DIM, bold=True, anchor=anchor)


def draw_lit(surface: pygame.Surface, view: FinitoView, zones: dict[str, Zone]) -> None:
    """The squares a seat to act may use (the view's targets), lit on its board: the board of
    the person the table is drawn for when they are to act, else of the first seat to act."""
    acting = view.get("to_act") or []
    if view.get("phase") not in PLAYING or not acting:
        return
    seat = view.get("seat")
    lit = seat if seat in acting else acting[0]
    zone = zones.get(board_zone(lit))
    targets = view.get("targets") or []
    if zone is None or lit >= len(targets):
        return
    for square in targets[lit]:
        cell = zone.cell_rect(square)
        image = art.lit_square(min(cell.width, cell.height))
        surface.blit(image, image.get_rect(center=cell.center))


def draw_ring(surface: pygame.Surface, zones: dict[str, Zone], target: str) -> None:
    """A white ring round the square a target like 'board0#14' names."""
    square = parse_square(target)
    zone = zones.get(board_zone(square[0])) if square else None
    if square and zone is not None:
        cell = zone.cell_rect(square[1]).inflate(-2, -2)
        pygame.draw.rect(surface, (255, 255, 255), cell, max(3, cell.width // 14),
                         border_radius=max(3, cell.width // 8))


def draw_resting_die(surface: pygame.Surface, geo: TableLayout, view: FinitoView) -> None:
    """The die in its tray once it has landed, with the roll number (and round) under it."""
    base = geo.base
    if view.get("roll"):
        image = tokens.die_d20(geo.tray.width, int(view["roll"]), DIE_TINT)
        surface.blit(image, image.get_rect(center=geo.tray.center))
    rolls = view.get("rolls", 0)
    size, y = layout.die_line_size(base), geo.tray.bottom + base // 2
    lines = [f"roll no. {rolls}"]
    if view.get("rounds"):
        lines.append(f"round {view['round']}")
    for words in lines:  # one short line each: they never shrink below 11 px
        y = ui.text(surface, words, size, (geo.tray.centerx, y), colour=ui.DIM,
                    anchor="midtop").bottom


def draw_prompt(surface: pygame.Surface, geo: TableLayout, place: SeatPlace, phase: str) -> None:
    """One line under the large board: what to do now."""
    if phase == PLACING:
        words = "Drag a face-up counter onto a lit square"
    else:
        words = "Move a counter onto a lit square, or Keep"
    ui.text(surface, words, int(geo.base * 0.85), (place.frame.centerx, place.frame.bottom + 4),
            colour=ui.GOLD, anchor="midtop", max_width=place.frame.width)
