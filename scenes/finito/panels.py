"""Words on the Finito! table: the name plate over each board, the round's score sheet."""
from __future__ import annotations

from typing import Optional

import pygame

from game.core.text import plural, score_text
from game.finito.view import PLAYING, FinitoView, HistoryEntry
from scenes import widgets as ui
from scenes.art import fonts
from scenes.finito import tokens
from scenes.finito.layout import SeatPlace

GOOD = (150, 220, 140)


def draw_plate(surface: pygame.Surface, place: SeatPlace, view: FinitoView, base: int,
               human: bool, watching: Optional[int]) -> None:
    """Name, emblem and standing of one seat, over its board; the seat to act is lit."""
    seat = place.seat
    names = view["names"]
    rect = place.plate
    size = int(base * (1.05 if place.big else 0.85))
    acting = seat in view.get("to_act", []) and view.get("phase") in PLAYING
    colour = tokens.seat_colour(seat)
    emblem = tokens.shape_icon(tokens.seat_shape(seat), int(size * 1.15), colour)
    y = rect.centery - base // 8
    surface.blit(emblem, emblem.get_rect(midleft=(rect.x + 2, y)))
    x = rect.x + emblem.get_width() + int(size * 0.45)
    name = names[seat] + ("" if human else "  (computer)") if place.big else names[seat]
    right = _standing(view, seat)
    right_img = fonts.render_text(right, max(11, int(size * 0.85)), ui.DIM)
    room = rect.right - x - right_img.get_width() - base
    name_img = fonts.fit_text(name, max(20, room), max(11, size), ui.GOLD if acting else ui.INK,
                              bold=True, min_size=11)
    surface.blit(name_img, name_img.get_rect(midleft=(x, y)))
    surface.blit(right_img, right_img.get_rect(midright=(rect.right - 2, y)))
    if acting:
        note = "your turn" if human and seat == watching else ("thinking..." if not human else "to play")
        tag = fonts.render_text(note, max(11, int(size * 0.8)), (30, 22, 10), bold=True)
        box = tag.get_rect(midleft=(x + name_img.get_width() + int(base * 0.6), y)).inflate(base * 0.8, base * 0.25)
        if box.right < rect.right - right_img.get_width() - base // 2:
            pygame.draw.rect(surface, ui.GOLD, box, border_radius=box.height // 2)
            surface.blit(tag, tag.get_rect(center=box.center))
        line = pygame.Rect(rect.x, rect.bottom - 3, rect.width, 3)
        pygame.draw.rect(surface, ui.GOLD, line, border_radius=2)
    elif view.get("acted") and view["acted"][seat] and view.get("phase") in PLAYING:
        tick = fonts.render_text("done", max(11, int(size * 0.8)), GOOD, bold=True)
        left = x + name_img.get_width() + int(base * 0.6)
        if left + tick.get_width() < rect.right - right_img.get_width() - base // 2:
            surface.blit(tick, tick.get_rect(midleft=(left, y)))


def _standing(view: FinitoView, seat: int) -> str:
    run = view["runs"][seat]
    words = f"run {run}"
    if view.get("rounds"):
        words += f"   {score_text(view['scores'][seat])} / {view['target_score']} pts"
    return words


def panel_rect(size: tuple[int, int], seats: int, base: int) -> pygame.Rect:
    """The round's score sheet, in the middle of the table."""
    w, h = size
    width = min(int(w * 0.6), base * 34)
    height = int(base * (10.5 + 2.0 * seats))
    rect = pygame.Rect(0, 0, width, height)
    rect.center = (w // 2, int(h * 0.52))
    return rect


def panel_button(size: tuple[int, int], seats: int, base: int) -> pygame.Rect:
    """The Next round button, at the foot of the score sheet."""
    sheet = panel_rect(size, seats, base)
    button = pygame.Rect(0, 0, base * 10, int(base * 2.2))
    button.midbottom = (sheet.centerx, sheet.bottom - base)
    return button


def draw_round_over(surface: pygame.Surface, view: FinitoView, base: int,
                    starter_is_human: bool) -> None:
    """Who ran longest this round, the running totals, and what the target is."""
    seats = len(view["names"])
    rect = panel_rect(surface.get_size(), seats, base)
    ui.dim(surface, 70)
    ui.panel(surface, rect, 240)
    last: HistoryEntry = view["history"][-1] if view.get("history") else {
        "round": view["round"], "rolls": view["max_rolls"], "points": view["runs"], "finished": []}
    title = f"Round {view['round']} is over"
    ui.text(surface, title, int(base * 1.6), (rect.centerx, rect.top + base * 1.6),
            colour=ui.GOLD, bold=True, anchor="center", max_width=rect.width - base * 2)
    finished = last.get("finished") or []
    if finished:
        names = [view["names"][s] for s in finished]
        who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        line = f"{who} called Finito!"
    else:
        line = (f"No Finito! within {plural(last.get('rolls', view['max_rolls']), 'roll')}: "
                "the longest runs count.")
    ui.text(surface, line, int(base * 0.9), (rect.centerx, rect.top + base * 3.3), colour=ui.DIM,
            anchor="center", max_width=rect.width - base * 2)
    cols = (rect.x + base * 2, rect.x + int(rect.width * 0.58), rect.right - base * 2)
    y = rect.top + int(base * 5.0)
    small = int(base * 0.8)
    ui.text(surface, "Longest run", small, (cols[1], y), colour=ui.DIM, anchor="center")
    ui.text(surface, f"Total (target {view['target_score']})", small, (cols[2], y), colour=ui.DIM,
            anchor="midright")
    y += int(base * 1.6)
    for seat in range(seats):
        colour = tokens.seat_colour(seat)
        lead = seat in view["leaders"]
        emblem = tokens.shape_icon(tokens.seat_shape(seat), int(base * 1.1), colour)
        surface.blit(emblem, emblem.get_rect(midleft=(cols[0], y)))
        ui.text(surface, view["names"][seat], int(base * 1.05), (cols[0] + int(base * 1.6), y),
                colour=ui.GOLD if lead else ui.INK, bold=lead, anchor="midleft",
                max_width=cols[1] - cols[0] - base * 5)
        ui.text(surface, f"+{score_text(last['points'][seat])}", int(base * 1.1), (cols[1], y),
                colour=GOOD, bold=True, anchor="center")
        ui.text(surface, score_text(view["scores"][seat]), int(base * 1.2), (cols[2], y),
                colour=ui.GOLD if lead else ui.INK, bold=True, anchor="midright")
        y += int(base * 2.0)
    starter = view["names"][view["to_act"][0]] if view.get("to_act") else ""
    if not starter_is_human and starter:
        ui.text(surface, f"{starter} starts round {view['round'] + 1}...", int(base * 0.9),
                (rect.centerx, rect.bottom - base * 2), colour=ui.DIM, anchor="center")
