"""Drawing the squad and tactics builder (scenes/finale/builder.py): the bars at the top, the
player grid with the pitch and the bench, the tactics cards by colour with the starting hand.
Reads the builder's layout and view; changes nothing."""
from __future__ import annotations

from typing import Any, Optional

import pygame

from game.finale.data import COLOURS, GOALIE, card_id
from scenes import widgets as ui
from scenes.art.table import card_radius
from scenes.finale import art
from scenes.finale import tokens as T
from scenes.finale.builder_layout import BENCH, FIELD, GRID, HAND, LINES, SQUAD, Spot

BACKDROP = (20, 40, 31)
SHADE = (12, 26, 20)
GOOD = (150, 226, 150)
LIT = (255, 222, 120)
NO = (236, 120, 110)
LINE_WORDS = {GOALIE: "Goalies", "defence": "Defence", "midfield": "Midfield", "striker": "Strikers"}
ONE_LINE = {GOALIE: "goalie", "defence": "defender", "midfield": "midfielder", "striker": "striker"}
SYMBOL_WORDS = {"red_cross": "red cross (may be injured)", "yellow_card": "yellow card (may be booked)",
                "red_card": "red card (may be sent off)"}
FREE_RULE = ("Free choice: any twelve with the Schlusskarte, among the other eleven exactly two "
             "of strength 5, two of 2 and one of 1. You may then pick your three opening cards.")


def draw(b: Any, surface: pygame.Surface) -> None:
    surface.fill(BACKDROP)
    w, h = surface.get_size()
    base = ui.ui_size((w, h))
    _top(b, surface, base)
    if b.tab == SQUAD:
        _squad(b, surface, base)
    else:
        _tactics(b, surface, base)
    _dragged(b, surface)


# -- the bars at the top ------------------------------------------------------------------------

def _top(b: Any, surface: pygame.Surface, base: int) -> None:
    b.tabs.draw(surface)
    b.commands.draw(surface)
    title = b.frames["title"]
    if title.width > base * 4:
        who = b.view["names"][b.seat]
        ui.text(surface, f"{b.team.name}: {who} picks", int(base * 1.05), (title.x, title.centery),
                colour=ui.GOLD, bold=True, anchor="midleft", max_width=title.width)
    status = b.frames["status"]
    problem = b.view.get("problem")
    size = int(base * 0.85)
    if problem:
        lead = ui.text(surface, "Not ready:", size, (status.x, status.centery), anchor="midleft",
                       colour=ui.WARN, bold=True)
        ui.text(surface, problem, size, (lead.right + size // 2, status.centery), anchor="midleft",
                colour=ui.INK, max_width=max(10, status.right - lead.right - size // 2))
    else:
        ui.text(surface, "Squad and deck are complete: press Ready (R) to wait for the kick-off.",
                size, (status.x, status.centery), anchor="midleft", colour=GOOD, bold=True,
                max_width=status.width)
    for row in (b.tabs, b.commands):
        tip = row.tip_at(pygame.mouse.get_pos()) if pygame.mouse.get_focused() else ""
        if tip:
            ui.text(surface, tip, int(base * 0.8), (status.right, status.centery), anchor="midright",
                    colour=ui.DIM, max_width=status.width // 2)


# -- cards --------------------------------------------------------------------------------------

def _veil(surface: pygame.Surface, rect: pygame.Rect, alpha: int) -> None:
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (*SHADE, alpha), shade.get_rect(), border_radius=card_radius(*rect.size))
    surface.blit(shade, rect.topleft)


def _ring(surface: pygame.Surface, rect: pygame.Rect, colour, width: int) -> None:
    r = card_radius(*rect.size)
    pygame.draw.rect(surface, colour, rect.inflate(width * 2 + 2, width * 2 + 2), width,
                     border_radius=r + width)


def _tag(surface: pygame.Surface, rect: pygame.Rect, words: str, colour, size: int) -> None:
    image = ui.fonts.render_text(words, size, (20, 20, 20), bold=True)
    box = image.get_rect(center=(rect.centerx, rect.y + int(rect.height * 0.56)))
    box.inflate_ip(size // 2 + 4, 2)
    pygame.draw.rect(surface, colour, box, border_radius=box.height // 2)
    surface.blit(image, image.get_rect(center=box.center))


def _face(b: Any, piece: str, size: tuple[int, int]) -> pygame.Surface:
    if piece in b.people:
        return art.player_face(piece, 0, size[0], size[1])
    return art.tactic_face(piece, size[0], size[1])


def _card(b: Any, surface: pygame.Surface, spot: Spot, base: int, veil: int = 0,
          tag: Optional[tuple[str, Any]] = None) -> None:
    lifted = b.press is not None and b.press.dragging and b.press.spot.piece == spot.piece \
        and b.press.spot.where == spot.where
    if lifted:  # the hole it left while it is dragged
        pygame.draw.rect(surface, SHADE, spot.rect, 0, border_radius=card_radius(*spot.rect.size))
        return
    surface.blit(_face(b, spot.piece, spot.rect.size), spot.rect.topleft)
    if veil:
        _veil(surface, spot.rect, veil)
    if tag:
        _tag(surface, spot.rect, tag[0], tag[1], max(9, min(int(base * 0.7), spot.rect.width // 5)))
    if spot.piece == b.hover and spot.rect.collidepoint(pygame.mouse.get_pos()):
        _ring(surface, spot.rect, (250, 250, 240), 2)
    if spot.piece == b.focus and spot.where == b.focus_where:
        ui.focus_ring(surface, spot.rect, card_radius(*spot.rect.size))


def _dragged(b: Any, surface: pygame.Surface) -> None:
    press = b.press
    if press is None or not press.dragging:
        return
    w, h = press.spot.rect.size
    scale = max(1.0, b.card_size.get("grid", (w, h))[0] / max(1, w))
    size = (int(w * scale * 1.08), int(h * scale * 1.08))
    rect = pygame.Rect((0, 0), size)
    rect.center = press.pos
    shadow = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=card_radius(*size))
    surface.blit(shadow, rect.move(5, 7).topleft)
    surface.blit(_face(b, press.spot.piece, size), rect.topleft)


# -- the squad ----------------------------------------------------------------------------------

def _squad(b: Any, surface: pygame.Surface, base: int) -> None:
    b.filters.draw(surface)
    grid = b.frames["grid"]
    if b.filter == "all":
        for line in LINES:
            row = b.frames[f"row-{line}"]
            colour = T.line_rgb(line)
            chip = pygame.Rect(row.x, row.y + row.height // 2 - base, int(base * 1.8), base * 2)
            pygame.draw.rect(surface, colour, chip, border_radius=base // 2)
            ui.text(surface, T.LETTERS[line], int(base * 1.1), chip.center, colour=(24, 24, 24),
                    bold=True, anchor="center")
            ui.text(surface, LINE_WORDS[line], max(9, int(base * 0.6)), (chip.centerx, chip.bottom + 2),
                    colour=ui.DIM, anchor="midtop", max_width=int(base * 2.2))
    places = {FIELD: ("field", GOOD), BENCH: ("bench", (150, 190, 240))}
    for spot in b.spots:
        if spot.where != GRID:
            continue
        place = b.place_of(spot.piece)
        if place:
            _card(b, surface, spot, base, veil=120, tag=places[place])
        else:
            signable = any(a.kind == "sign" and a.player == spot.piece for a in b.legal)
            _card(b, surface, spot, base, veil=0 if signable else 150)
    _detail(b, surface, base)
    _side(b, surface, base)
    if not any(s.where == GRID for s in b.spots):
        ui.text(surface, "No players of this line.", base, grid.center, colour=ui.DIM, anchor="center")


def _detail(b: Any, surface: pygame.Surface, base: int) -> None:
    """The pointed or focused card in words, and what a click on it would do."""
    rect = b.frames["detail"]
    ui.panel(surface, rect, 170)
    pid = b.hover or b.focus
    size = max(11, int(base * 0.8))
    inner = rect.inflate(-base, -base // 3)
    if pid not in b.people:
        keys = ("Click a card to sign it (field first, then bench); drag it onto the pitch or the "
                "bench; click a signed card to let him go. Keys: arrows, Enter, B for the bench.")
        ui.paragraph(surface, keys, size, inner, colour=ui.DIM)
        return
    p = b.people[pid]
    symbols = ", ".join(SYMBOL_WORDS.get(s, s) for s in p.symbols) or "no symbols"
    first = ui.text(surface, f"{p.name}", int(size * 1.1), inner.topleft, colour=ui.GOLD, bold=True)
    ui.text(surface, f"{ONE_LINE[p.position]}, worth {p.value}. Strength {p.edges[0]} now, then "
            f"{', '.join(str(e) for e in p.edges[1:])}. {symbols.capitalize()}.",
            size, (first.right + base // 2, first.centery), anchor="midleft", colour=ui.INK,
            max_width=max(10, inner.right - first.right - base // 2))
    place = b.place_of(pid)
    if place:
        hint, colour = f"On the {place}: click to let him go, drag to move him.", ui.DIM
    else:
        places = [a.place for a in b.legal if a.kind == "sign" and a.player == pid]
        if places:
            where = "the field" if FIELD in places else "the bench"
            hint, colour = f"Click to sign him: he goes to {where}.", GOOD
        else:
            hint, colour = _sign_reason(b, pid), ui.WARN
    ui.text(surface, hint, size, (inner.x, first.bottom + size // 3), colour=colour,
            max_width=inner.width)


def _sign_reason(b: Any, pid: str) -> str:
    """Why no click can sign `pid`: the engine's words for the place a click would mean."""
    from game.finale.actions import Sign
    table = b.table
    place = BENCH if len(b.field) >= b.data.squad.field else FIELD
    return table.engine.explain(table.state, Sign(b.seat, pid, place))


def _side(b: Any, surface: pygame.Surface, base: int) -> None:
    squad = b.data.squad
    head, pitch, bench = b.frames["head"], b.frames["pitch"], b.frames["bench"]
    worth = b.view["value"]
    over = worth > squad.max_value
    big = ui.text(surface, f"Worth {worth}", int(base * 1.5), (head.x, head.y), bold=True,
                  colour=NO if over else ui.GOLD)
    ui.text(surface, f" of {squad.max_value}", int(base * 1.0), (big.right, big.bottom - base // 5),
            anchor="bottomleft", colour=ui.INK)
    keepers = sum(1 for p in b.field + b.bench if b.people[p].position == GOALIE)
    on_field = sum(1 for p in b.field if b.people[p].position == GOALIE)
    counts = [(f"Field {len(b.field)}/{squad.field}", len(b.field) == squad.field),
              (f"Bench {len(b.bench)}/{squad.size - squad.field}", len(b.bench) == squad.size - squad.field),
              (f"Goalies {keepers}/{squad.min_goalies}", keepers >= squad.min_goalies and on_field == 1)]
    x = head.x
    for words, done in counts:
        r = ui.text(surface, words, int(base * 0.85), (x, big.bottom + base // 3),
                    colour=GOOD if done else ui.INK, bold=done)
        x = r.right + base
    # the pitch, upright, goal at the bottom
    field_img = pygame.transform.rotate(art.pitch(pitch.height, pitch.width), 90)
    surface.blit(field_img, pitch.topleft)
    dragging = b.press.spot.piece if b.press is not None and b.press.dragging else None
    targets = b.drop_targets(dragging) if dragging else {}
    if FIELD in targets:
        _ring(surface, pitch, LIT if targets[FIELD] else NO, 3)
    lines = [sum(1 for p in b.field if b.people[p].position == line) for line in LINES[1:]]
    if any(lines):
        shape = "-".join(str(n) for n in lines)
        ui.text(surface, shape, int(base * 1.3), (head.right, big.bottom), anchor="bottomright",
                colour=ui.INK, bold=True)
    if not b.field:
        ui.text(surface, "Drop players here", int(base * 1.0), pitch.center,
                colour=(240, 246, 236), anchor="center", bold=True)
    for spot in b.spots:
        if spot.where == FIELD:
            _card(b, surface, spot, base)
    # the bench
    ui.text(surface, f"Bench ({len(b.bench)} of {squad.size - squad.field}): a second goalie sits here",
            int(base * 0.8), (bench.x, bench.y), colour=ui.INK, max_width=bench.width)
    for i in range(squad.size - squad.field):
        slot = b.frames[f"bench-{i}"]
        pygame.draw.rect(surface, SHADE, slot, 0, border_radius=card_radius(*slot.size))
        pygame.draw.rect(surface, (70, 96, 80), slot, 2, border_radius=card_radius(*slot.size))
    for spot in b.spots:
        if spot.where == BENCH:
            _card(b, surface, spot, base)
    if BENCH in targets:
        _ring(surface, b.frames["bench-slots"], LIT if targets[BENCH] else NO, 3)
    if GRID in targets:
        _ring(surface, b.frames["grid"], LIT if targets[GRID] else NO, 3)


# -- the tactics --------------------------------------------------------------------------------

DECK_WORDS = {"lilac": "white and lilac: the first-game deck", "red": "white and red: leans on the strikers",
              "yellow": "white and yellow: leans on the defence", "blue": "white and blue: leans on the midfield",
              "free": "a free choice"}


def _tactics(b: Any, surface: pygame.Surface, base: int) -> None:
    b.decks.draw(surface)
    info = b.frames["deck-info"]
    size = b.data.deck_size
    kind = b.view.get("deck_kind")
    count = len(b.chosen)
    words = f"Deck {count}/{size}"
    r = ui.text(surface, words, int(base * 1.2), (info.x, info.centery), anchor="midleft", bold=True,
                colour=GOOD if kind else ui.GOLD)
    detail = DECK_WORDS.get(kind, kind) if kind else "not yet a deck you may play"
    ui.text(surface, f"  {detail}", int(base * 0.85), (r.right, info.centery), anchor="midleft",
            colour=GOOD if kind else ui.WARN, max_width=max(10, info.right - r.right))
    for colour in COLOURS:
        block = b.frames[f"block-{colour}"]
        rgb = T.tactics_rgb(colour)
        bar = pygame.Rect(block.x, block.y, block.width, max(4, base // 4))
        pygame.draw.rect(surface, rgb, bar, border_radius=bar.height // 2)
        n = sum(1 for p in b.chosen if b.tactic(p).colour == colour)
        ui.text(surface, f"{colour.capitalize()}  {n}/6", int(base * 0.8), (block.x, bar.bottom + 2),
                colour=ui.INK, bold=True)
    final = b.final()
    for spot in b.spots:
        if spot.where != GRID:
            continue
        if spot.piece in b.chosen:
            _card(b, surface, spot, base)
            _ring(surface, spot.rect, ui.GOLD if spot.piece == final else GOOD, 3)
        else:
            _card(b, surface, spot, base, veil=140)
    _hand(b, surface, base)
    _tactic_detail(b, surface, base)


def _hand(b: Any, surface: pygame.Surface, base: int) -> None:
    strip, row = b.frames["strip"], b.frames["hand-row"]
    ui.panel(surface, strip, 170)
    size = max(11, int(base * 0.8))
    inner = strip.inflate(-base, 0)
    ui.text(surface, FREE_RULE, size, (inner.x, strip.y + base // 4), colour=ui.DIM, max_width=inner.width)
    spots = [s for s in b.spots if s.where == HAND]
    if not spots:
        words = ("The starting hand is dealt from the shuffled deck. "
                 "With a free choice of cards you may pick it here.")
        ui.text(surface, words, size, (inner.x, row.centery), anchor="midleft", colour=ui.INK,
                max_width=inner.width)
        return
    openers = b.view.get("openers", [])
    label = f"Starting hand {len(openers)}/{b.data.hand}"
    ui.text(surface, label, size, (inner.x, row.y + base // 3), colour=ui.GOLD, bold=True,
            max_width=int(base * 5.5))
    ui.text(surface, "click to pick (O)" if len(openers) < b.data.hand else "or none: dealt",
            max(9, int(size * 0.85)), (inner.x, row.y + base // 3 + int(size * 1.5)), colour=ui.DIM,
            max_width=int(base * 5.5))
    for spot in spots:
        chosen = card_id(spot.piece) in openers
        _card(b, surface, spot, base, veil=0 if chosen else 70)
        if chosen:
            _ring(surface, spot.rect, ui.GOLD, 3)


def _tactic_detail(b: Any, surface: pygame.Surface, base: int) -> None:
    """The pointed or focused card in words (or how to use this tab), under the rule line."""
    strip = b.frames["strip"]
    size = max(11, int(base * 0.8))
    at = (strip.x + base // 2, strip.y + base // 4 + int(size * 1.4))
    piece = b.hover or b.focus
    c = None
    if piece and piece not in b.people:
        try:
            c = b.tactic(piece)
        except KeyError:
            c = None
    if c is None:
        ui.text(surface, "Click a card to put it in the deck or take it out. Keys: arrows, Enter; "
                "3 to 6 for the colour decks; O for an opening card.", size, at, colour=ui.DIM,
                max_width=strip.width - base)
        return
    where = ("always in the deck" if piece == b.final() else
             "in the deck" if piece in b.chosen else "not in the deck")
    ui.text(surface, f"{c.name} ({c.colour}, strength {c.strength}, {where}): {c.text}", size, at,
            colour=ui.INK, max_width=strip.width - base)
