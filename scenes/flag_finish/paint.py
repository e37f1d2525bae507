"""Drawing the Flag Finish table's words and signs: the race line, each racer's name line,
the pile labels and prompts, the race log, the faint next card of every row, and the
3-2-1-Go banner. Functions of the table; they change nothing.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.text import plural
from game.flag_finish.view import DISCARD, DRAW, NEED_DONE, hand_zone, need_text, row_zone
from scenes import widgets as ui
from scenes.art import fonts
from scenes.flag_finish import tokens
from scenes.art.table import felt
from scenes.flag_finish import art as faces

if TYPE_CHECKING:
    from scenes.flag_finish.port import FlagTablePort

TURN = (250, 214, 110)


def paused(table: "FlagTablePort", surface: pygame.Surface) -> None:
    """Bare felt while a challenge race is paused: the clock stands still, so do the eyes."""
    surface.blit(felt(surface.get_size()), (0, 0))
    base = ui.ui_size(surface.get_size())
    w, h = surface.get_size()
    ui.text(surface, f"Race paused at {table.clock.text()}", int(base * 1.4),
            (w // 2, int(h * 0.2)), colour=ui.GOLD, bold=True, anchor="center")


def info_rect(table: "FlagTablePort") -> pygame.Rect:
    """The race line under the status bar (click it for the score board)."""
    base = ui.ui_size(table.size)
    bar = int(base * 2.1)
    width = table.size[0] - 4 * (int(base * 4.2) + 6) - base * 2
    return pygame.Rect(base // 2, bar + 2, max(base * 10, width), bar - 4)


def placeholders(table: "FlagTablePort", surface: pygame.Surface) -> None:
    """Below the cards: the faint next card of every row."""
    for seat, need in enumerate(table.view["next_needed"]):
        zone = table.zones.get(row_zone(seat))
        if zone is None or need == NEED_DONE:
            continue
        count = len(table.contents.get(zone.id, []))
        x, y, _ = zone.positions(count + 1)[-1]
        image = faces.placeholder(str(need), zone.card[0], zone.card[1])
        surface.blit(image, image.get_rect(center=(int(x), int(y))))


def race_line(table: "FlagTablePort", surface: pygame.Surface, base: int) -> None:
    view = table.view
    rect = info_rect(table)
    x = ui.text(surface, view["race_name"], int(base * 1.0),
                (rect.x + base // 2, rect.centery), colour=ui.GOLD, bold=True,
                anchor="midleft").right
    mode = "Challenge: everyone at once" if table.challenge else "Warm-up: take turns"
    x = ui.text(surface, mode, small_size(base), (x + base, rect.centery), colour=ui.DIM,
                anchor="midleft").right
    if table.challenge:
        x = ui.text(surface, table.clock.text(), int(base * 1.15), (x + base, rect.centery),
                    colour=ui.INK, bold=True, anchor="midleft").right
    ui.text(surface, "S: scores", small_size(base), (x + base, rect.centery), colour=ui.DIM,
            anchor="midleft")


def small_size(base: int) -> int:
    """The table's smallest words (seat lines, the discard hint, the race log, "S: scores",
    the names, the pile labels): 14 px at 1024x640, growing with the window, and 14 px in a
    smaller window too (at 800x500 the labels were 11 px, their letters about 9 px tall)."""
    return max(14, int(base * 0.78))


def seat_line(table: "FlagTablePort", surface: pygame.Surface, base: int, seat: int) -> None:
    view = table.view
    row, hand = table.zones[row_zone(seat)], table.zones[hand_zone(seat)]
    mine = seat == table.bottom()
    left = row.rect.left if mine else hand.rect.left
    y = (row.rect.top if mine else min(row.rect.top, hand.rect.top)) - max(3, base // 5)
    size = max(small_size(base), int(base * (0.95 if mine else 0.85)))
    chip = tokens.shape_icon(tokens.seat_shape(seat), size, tokens.seat_colour(seat))
    surface.blit(chip, chip.get_rect(bottomleft=(left, y - 1)))
    acting = (view["turn"] == seat and table.racing()) if not table.challenge else False
    name = table.seats[seat].name
    if mine and len(table.humans()) == 1 and table.seats[seat].is_human and name != "You":
        name += " (you)"
    x = ui.text(surface, name, size, (left + size + base // 3, y), colour=TURN if acting else ui.INK,
                bold=True, anchor="bottomleft").right
    need = view["next_needed"][seat]
    parts = [plural(view["match_scores"][seat], "point"), f"greens {view['greens_played'][seat]}",
             "finished" if need == NEED_DONE else f"needs {need_text(need)}"]
    if acting:
        parts.append("to play" if table.seats[seat].is_human else "thinking...")
    # the line may run on past the row, up to the next racer's corner across the table (or
    # the window's edge): it never has to shrink below the table's smallest size
    lefts = [] if mine else [table.zones[hand_zone(s)].rect.left for s in range(len(table.seats))
                             if s not in (seat, table.bottom())]
    end = min([x for x in lefts if x > left + base] + [surface.get_width()]) - base
    legible_line(surface, "  ·  ".join(p for p in parts if p), small_size(base),
                 (x + base // 2, y - 1), TURN if acting else ui.DIM, "bottomleft",
                 max(base * 4, end - x - base // 2), min_size=small_size(base))



def hand_count(table: "FlagTablePort", surface: pygame.Surface, base: int, seat: int) -> None:
    """The number of cards in a hidden hand, on top of its fan (drawn every frame)."""
    hand = table.zones[hand_zone(seat)]
    count = len(table.contents.get(hand.id, []))
    if seat != table.bottom() and count:
        size = max(small_size(base), int(base * 0.85))
        d = max(int(base * 1.5), int(size * 1.6))
        cx, cy = hand.rect.centerx, hand.rect.bottom - d // 3
        pygame.draw.circle(surface, (20, 24, 28), (cx, cy), d // 2)
        pygame.draw.circle(surface, ui.GOLD, (cx, cy), d // 2, 2)
        ui.text(surface, str(count), size, (cx, cy), colour=ui.INK, bold=True,
                anchor="center")


def pile_labels(table: "FlagTablePort", surface: pygame.Surface, base: int) -> None:
    view = table.view
    draw, discard = table.zones[DRAW], table.zones[DISCARD]
    size = small_size(base)
    ui.text(surface, f"Draw pile  {view['draw_count']}", size,
            (draw.rect.x, draw.rect.y - 3), colour=ui.DIM, bold=True, anchor="bottomleft")
    cards = len(table.contents.get(DISCARD, []))
    label = ui.text(surface, f"Discard pile  {cards}", size,
                    (discard.rect.x, discard.rect.y - 3), colour=ui.DIM, bold=True,
                    anchor="bottomleft")
    room = discard.rect.right - label.right - base  # the hint runs up to the label
    if view["owes_discard"] and not table.curtain_up:
        legible_line(surface, "Discard now: drag a card from your hand here",
                     max(small_size(base), int(base * 0.9)), (discard.rect.right,
                                                              discard.rect.y - 3), ui.GOLD,
                     "bottomright", room, bold=True,
                     min_size=small_size(base))
    elif cards > 1:
        legible_line(surface, "drag discards aside to see them", small_size(base),
                     (discard.rect.right, discard.rect.y - 3), ui.DIM, "bottomright",
                     room, min_size=small_size(base))


def race_log(table: "FlagTablePort", surface: pygame.Surface, base: int) -> None:
    rect = table.zones[DISCARD].extra.get("log")
    if rect is None:
        return
    ui.panel(surface, rect, 120)
    size = small_size(base)
    y = rect.y + base // 2
    ui.text(surface, "Race log", small_size(base), (rect.x + base // 2, y), colour=ui.GOLD,
            bold=True)
    y += int(base * 1.3)
    lines: list[pygame.Surface] = []
    for entry in reversed(table.log):
        image = fonts.wrap_text(entry, rect.width - base, size, ui.INK)
        if y + sum(i.get_height() + 4 for i in lines) + image.get_height() > rect.bottom - base // 3:
            break
        lines.append(image)
    for i, image in enumerate(reversed(lines)):
        if i < len(lines) - 1:
            image = image.copy()
            image.set_alpha(170)
        surface.blit(image, (rect.x + base // 2, y))
        y += image.get_height() + 4


def banner(table: "FlagTablePort", surface: pygame.Surface) -> None:
    """3, 2, 1, Go! in the middle of the table."""
    if not (table.challenge and table.racing()):
        return
    words = table.clock.banner() if table.clock.round == table.state.race else "3"
    if not words:
        return
    base = ui.ui_size(surface.get_size())
    zone = table.zones[DISCARD]
    d = int(min(zone.rect.height * 0.9, base * 7))
    disc = pygame.Surface((d, d), pygame.SRCALPHA)
    pygame.draw.circle(disc, (14, 18, 22, 215), (d // 2, d // 2), d // 2)
    colour = (120, 220, 120) if words == "Go!" else ui.GOLD
    pygame.draw.circle(disc, colour, (d // 2, d // 2), d // 2, max(2, d // 40))
    surface.blit(disc, disc.get_rect(center=zone.rect.center))
    centre = (zone.rect.centerx, zone.rect.centery - (0 if words == "Go!" else d // 14))
    ui.text(surface, words, int(d * (0.36 if words == "Go!" else 0.5)), centre,
            colour=colour, bold=True, anchor="center", display=True)
    if words != "Go!":
        ui.text(surface, "Get ready", max(small_size(base), int(d * 0.09)),
                (zone.rect.centerx, zone.rect.centery + int(d * 0.3)), colour=ui.INK,
                bold=True, anchor="center")


def legible_line(surface: pygame.Surface, words: str, size: int, pos: tuple[int, int],
                 colour, anchor: str, max_width: int, bold: bool = False,
                 min_size: int = 11) -> pygame.Rect:
    """One line that shrinks to fit `max_width` but never below `min_size` (11 px at least; it
    is cut short with an ellipsis instead): no text on the table is smaller than that."""
    image = fonts.fit_text(words, max(1, int(max_width)), max(11, size), colour, bold=bold,
                           min_size=max(11, min_size))
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect
