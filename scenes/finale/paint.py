"""Drawing the Finale table's own things: the pitch, the scoreboard with the period track and
the referee, the team names, the panel of the area being played (slots of both sides, who
stands in them, what is still open, the sums), the dice, the shoot-out, and the words a
hovered card tells. Functions of the table; they change nothing.
"""
from __future__ import annotations

from typing import Any

import pygame

from game.finale.data import ATTACK, DEFEND, SETUP, card_id, finale_data
from scenes import widgets as ui
from scenes.art import fonts
from scenes.finale import art
from scenes.table.lights import glow

LINE_WORDS = {"goalie": "goalie", "defence": "defender", "midfield": "midfielder",
              "striker": "striker", "?": "any field player"}
TURN = (250, 214, 110)
OPEN = (255, 226, 140)


def _team_rgb(seat: int) -> tuple[int, int, int]:
    return finale_data().teams[seat].rgb


def pitch(table: Any, surface: pygame.Surface, base: int) -> None:
    rect = table.frames.pitch
    surface.blit(art.pitch(rect.width, rect.height), rect.topleft)


def team_labels(table: Any, surface: pygame.Surface, base: int) -> None:
    """Each team's name over its half, its coach and the changes left."""
    view = table.view
    rect = table.frames.pitch
    me = table.bottom()
    size = max(11, int(base * 0.8))
    for seat in (0, 1):
        left = seat == me
        x = rect.x + base // 2 if left else rect.right - base // 2
        anchor = "bottomleft" if left else "bottomright"
        field, goalie = view["subs_left"][seat]
        words = (f"{view['teams'][seat]} ({table.seats[seat].name})  ·  changes left: {field}"
                 + (" + goalie" if goalie else ""))
        acting = seat in view["to_act"]
        ui.text(surface, words, size, (x, rect.y - 2), colour=TURN if acting else ui.INK,
                bold=acting, anchor=anchor, max_width=rect.width // 2 - base)


def choosable(table: Any, surface: pygame.Surface, base: int) -> None:
    """Only what may be chosen now lights up: the players who fit an open slot, the bench
    players who may come on, the penalty takers, the cards that may be played."""
    if table.input.lift is not None or table.curtain_up:
        return
    pieces = set()
    for action in table.legal():
        if action.kind in ("mark", "replace", "shooter", "keeper"):
            pieces.add(action.player)
        elif action.kind in ("pick", "play"):
            pieces.add(action.card)
    for piece in pieces:
        sprite = table.sprites.get(piece)
        if sprite is not None and not sprite.moving:
            glow(surface, sprite.rect.inflate(6, 6), OPEN, 3)


def taker_order(table: Any, surface: pygame.Surface, base: int) -> None:
    """In a shoot-out, each named taker's place in the order on his card."""
    shoot = table.view.get("shootout")
    if not shoot or table.view["phase"] != "shooters":
        return
    size = max(12, int(base * 0.9))
    for seat in (0, 1):
        for n, pid in enumerate(shoot["shooters"][seat], 1):
            sprite = table.sprites.get(pid)
            if sprite is None:
                continue
            badge = pygame.Rect(0, 0, size + 6, size + 6)
            badge.center = sprite.rect.midtop
            pygame.draw.ellipse(surface, (250, 214, 110), badge)
            pygame.draw.ellipse(surface, (30, 30, 30), badge, 2)
            ui.text(surface, str(n), size, badge.center, colour=(30, 30, 30), bold=True,
                    anchor="center")


EDGES = (6, 12)  # how far a tall pile's painted thickness reaches right and down
LIFT = 6  # how far the top cards of a pile stand above it


def pile_badges(table: Any, surface: pygame.Surface, base: int) -> None:
    """How many cards each deck and used pile holds, on a badge beside the pile, clear of its
    cards and its thickness: at the right end of its label line (the coach's own piles), or
    at its right (the other coach's, in the band at the top)."""
    size = max(11, int(base * 0.75))
    for seat in (0, 1):
        for name in ("deck", "played"):
            zone = table.zones.get(f"{name}{seat}")
            if zone is None:
                continue
            count = len(table.contents.get(zone.id, []))
            image = fonts.render_text(str(count), size, ui.INK, bold=True)
            badge = image.get_rect().inflate(size // 2 + 2, 2)
            if zone.label:
                badge.bottomright = (zone.rect.right + EDGES[0], zone.rect.y - LIFT)
            else:
                badge.midleft = (zone.rect.right + EDGES[0] + 2, zone.rect.centery)
            pygame.draw.rect(surface, (30, 40, 34), badge, border_radius=badge.height // 2)
            surface.blit(image, image.get_rect(center=badge.center))


def scoreboard(table: Any, surface: pygame.Surface, base: int) -> None:
    """The score, the period track from 15' to 90' (105' and 120' in extra time) and the
    referee on the period being played."""
    view = table.view
    box = table.frames.scoreboard
    ui.panel(surface, box, 200)
    size = max(12, int(box.height * 0.36))
    me = table.bottom()
    left, right = me, 1 - me
    goals = view["goals"]
    line = f"{view['teams'][left]}  {goals[left]} : {goals[right]}  {view['teams'][right]}"
    ui.text(surface, line, size, (box.centerx, box.y + box.height * 0.3), bold=True,
            anchor="center", max_width=box.width - base)
    periods = view["last_period"]
    track = pygame.Rect(box.x + base // 2, int(box.y + box.height * 0.62), box.width - base,
                        int(box.height * 0.3))
    step = track.width / periods
    small = max(11, int(track.height * 0.8))
    for i in range(periods):
        cell = pygame.Rect(int(track.x + i * step) + 1, track.y, int(step) - 2, track.height)
        now = i + 1 == view["period"]
        done = i + 1 < view["period"] or view["phase"] == "over"
        colour = (64, 120, 72) if done else ((150, 120, 40) if now else (46, 52, 48))
        pygame.draw.rect(surface, colour, cell, border_radius=3)
        scored = [e["seat"] for e in view["history"] if e["area"] == "result" and e["ok"]
                  and e["period"] == i + 1 and e["match"] == view["match"]]
        d = max(6, track.height - 4)
        x = cell.x + 2
        if now and view["phase"] != "over":  # the referee, then the minute; goals at the right
            ref = art.referee(max(8, track.height - 2))
            x = surface.blit(ref, ref.get_rect(midleft=(x, cell.centery))).right + 1
        label = f"{(i + 1) * 15}'"
        if scored or (now and view["phase"] != "over"):
            ui.text(surface, label, small, (x, cell.centery), colour=ui.INK if now else ui.DIM,
                    anchor="midleft")
        else:
            ui.text(surface, label, small, cell.center, colour=ui.DIM, anchor="center")
        for k, seat in enumerate(scored):  # the ball on the score track, in the scorer's ring
            spot = (cell.right - 3 - d // 2 - k * (d + 1), cell.centery)
            pygame.draw.circle(surface, _team_rgb(seat), spot, d // 2 + 2)
            surface.blit(art.ball(d), art.ball(d).get_rect(center=spot))


def panel(table: Any, surface: pygame.Surface, base: int) -> None:
    """The area being played: the card, the slots of both sides with who stands in them, the
    open slots lit for the coach marking; or the shoot-out; or who attacks and how often."""
    view = table.view
    rect = table.frames.panel
    if view.get("shootout"):
        shootout(table, surface, base, rect)
        return
    if view["phase"] != "mark" or not view["card"]:
        summary(table, surface, base, rect)
        return
    me = table.bottom()
    att, dfn = view["att"], view["dfn"]
    card = view["card"]
    area = view["area"]
    title = (f"{'Counter-attack' if view['counter'] else 'Attack ' + str(view['attack_no'])} · "
             f"{art.tactic_name(finale_data().teams[att].id + '-' + card)} · "
             f"{'set-up' if area == SETUP else 'finish'}")
    ui.panel(surface, rect.inflate(base // 2, base // 4), 235)  # over the period's cards
    size = max(11, int(base * 0.8))
    bonus = (f"+{view['bonus']} bonus" if view["counter"] and view["bonus"] and area == SETUP
             else "")
    room = rect.width - (fonts.render_text(bonus, size, TURN, bold=True).get_width() + base
                         if bonus else 0)
    ui.text(surface, title, size, (rect.x, rect.y), colour=ui.GOLD, bold=True,
            max_width=max(base * 4, room))
    if bonus:
        ui.text(surface, bonus, size, (rect.right, rect.y), colour=TURN, bold=True,
                anchor="topright")
    body = panel_body(rect, base)
    image = art.area_panel(card, area, _team_rgb(att), _team_rgb(dfn), body.width, body.height)
    surface.blit(image, body.topleft)
    where = art.area_slots(card, area, body.width, body.height)
    marker = view["marker"]
    open_slots = set()
    if marker == me and me in table.humans() and not table.curtain_up:
        open_slots = {a.slot for a in table.legal() if a.kind == "mark"}
    for seat, side in ((att, ATTACK), (dfn, DEFEND)):
        for i, pid in enumerate(view["marks"][seat]):
            slot = where.get((side, i))
            if slot is None:
                continue
            slot = slot.move(body.topleft)
            if pid:  # the player's surname and his strength now, on a box over the slot
                pygame.draw.rect(surface, (236, 232, 220), slot.inflate(-2, -2), border_radius=6)
                pygame.draw.rect(surface, _team_rgb(seat), slot.inflate(-2, -2), 2, border_radius=6)
                name = art.player_name(pid).split()[-1]
                ui.text(surface, name, max(11, int(slot.height * 0.26)),
                        (slot.centerx, slot.bottom - 3), colour=(24, 28, 26), bold=True,
                        anchor="midbottom", max_width=slot.width - 6)
                strength = view["strengths"].get(pid)
                if strength is not None:
                    d = max(14, int(slot.height * 0.42))
                    badge = pygame.Rect(0, 0, d, d)
                    badge.topright = (slot.right - 3, slot.y + 3)
                    pygame.draw.ellipse(surface, (24, 28, 26), badge)
                    ui.text(surface, str(strength), max(11, int(d * 0.7)), badge.center,
                            colour=TURN, bold=True, anchor="center")
            elif seat == marker and i in open_slots:
                pygame.draw.rect(surface, OPEN, slot, 3, border_radius=6)


def panel_body(rect: pygame.Rect, base: int) -> pygame.Rect:
    """The part of the area panel `rect` under its title line: the picture of the area."""
    title = int(max(11, int(base * 0.8)) * 1.5)
    return pygame.Rect(rect.x, rect.y + title, rect.width, rect.height - title)


def slot_boxes(view: Any, rect: pygame.Rect, base: int, seat: int) -> list[pygame.Rect]:
    """Where `seat`'s slots of the area in play are painted in the panel `rect`, in slot
    order, on the screen: a drop there goes into that slot."""
    if view["phase"] != "mark" or not view["card"] or view["area"] not in (SETUP, "result"):
        return []
    body = panel_body(rect, base)
    where = art.area_slots(view["card"], view["area"], body.width, body.height)
    side = ATTACK if seat == view["att"] else DEFEND
    return [where[(side, i)].move(body.topleft) for i in range(len(view["slots"][seat]))
            if (side, i) in where]


def kept_panel(table: Any, surface: pygame.Surface, base: int) -> None:
    """`panel`, blitted from a picture while the table stands still (`table.panel_cache`:
    key, image, where, and the view it shows, kept alive so no other view takes its id)."""
    if table.animating() or table.input.lift is not None:  # things move: paint on the frame
        panel(table, surface, base)
        return
    key = (surface.get_size(), id(table.view), table.last_result, table.kicks_shown,
           table.curtain_up, table.perspective, tuple(table.frames.panel))
    if table.panel_cache is None or table.panel_cache[0] != key:
        # painted onto a layer of black at alpha 1 (pygame copies onto alpha 0 rather than
        # blending), each pixel comes out premultiplied by its alpha, which the blit's flag
        # expects; what was not painted darkens the frame by 1/255
        # the layer is kept (fresh memory of a window's size costs 10 to 15 ms at 2560x1440)
        # and only the panel's room is painted and searched (the panel reaches under a third
        # of `base` past its frame; the clip keeps anything else off)
        layer = table.__dict__.get("panel_layer")
        if layer is None or layer.get_size() != surface.get_size():
            layer = table.panel_layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        room = table.frames.panel.inflate(base * 2, base * 2).clip(layer.get_rect())
        layer.set_clip(room)
        layer.fill((0, 0, 0, 1))
        panel(table, layer, base)
        layer.set_clip(None)
        area = layer.subsurface(room).get_bounding_rect(min_alpha=2).move(room.topleft)
        table.panel_cache = (key, layer.subsurface(area).copy(), area.topleft, table.view)
    _, image, where, _ = table.panel_cache
    surface.blit(image, where, special_flags=pygame.BLEND_PREMULTIPLIED)


def summary(table: Any, surface: pygame.Surface, base: int, rect: pygame.Rect) -> None:
    """Between areas: who attacks this period and how many attacks are left, then what the
    last area came to; wrapped, at the largest size from which all of it fits (11 px at least)."""
    view = table.view
    head = ""
    if view["attacker"] is not None and view["phase"] not in ("pick", "over", "draft"):
        last = view["attack_no"] + view["attacks"] - 1
        head = (f"{view['teams'][view['attacker']]} attack: attack {view['attack_no']} of {last}"
                + ("  (tied reveal: no counter bonus)" if view["tied"] else ""))
    said = table.last_result if view["phase"] != "draft" else ""  # the last area's outcome
    if not head and not said:
        return
    size = fitting_size([(head, True), (said, False)], rect, int(base * 0.85))
    y = rect.y
    if head:
        y += ui.paragraph(surface, head, size, pygame.Rect(rect.x, y, rect.width, rect.bottom - y),
                          colour=ui.GOLD, bold=True) + size // 3
    if said and y < rect.bottom:
        ui.paragraph(surface, said, size, pygame.Rect(rect.x, y, rect.width, rect.bottom - y))


def fitting_size(parts: list[tuple[str, bool]], rect: pygame.Rect, largest: int,
                 smallest: int = 11) -> int:
    """The largest text size from `largest` down to `smallest` at which the (words, bold)
    paragraphs, one under the other a third of a line apart, fit in rect."""
    size = max(smallest, largest)
    while size > smallest:
        height = sum(fonts.wrap_text(words, rect.width, size, bold=bold).get_height() + size // 3
                     for words, bold in parts if words)
        if height - size // 3 <= rect.height:
            break
        size -= 1
    return size


def shown_kicks(table: Any) -> list[list[int]]:
    """Per seat, the indices of the kicks told so far (the table tells them one by one, the
    first shooter's side first in every pair)."""
    return _told(table.view["shootout"], table.kicks_shown)


def _told(info: dict[str, Any], n: int) -> list[list[int]]:
    """Per seat, the indices of the first `n` kicks in the order they were taken."""
    first = info["first"]
    counts = {first: (n + 1) // 2, 1 - first: n // 2}
    return [list(range(min(counts[s], len(info["kicks"][s])))) for s in (0, 1)]


def shootout(table: Any, surface: pygame.Surface, base: int, rect: pygame.Rect) -> None:
    """Penalties: each side's kicks as balls (scored) and crosses (missed), told one by one,
    the tally so far, the last kick in words, the takers named for this round. The two sides
    share the height between the tally and the last kick, each on its own band."""
    view = table.view
    info = view["shootout"]
    me = table.bottom()
    shown = shown_kicks(table)
    tally = [sum(info["kicks"][s][i] for i in shown[s]) for s in (0, 1)]
    size = max(11, int(base * 0.8))
    small = max(11, int(size * 0.85))
    ui.panel(surface, rect, 190)
    inner = rect.inflate(-base, -8)
    top = ui.text(surface, f"Penalties, round {info['round']}: {tally[me]} : {tally[1 - me]}",
                  size, inner.topleft, colour=ui.GOLD, bold=True, max_width=inner.width).bottom
    bottom = inner.bottom
    last = _last_kick(table, shown)
    if last:
        bottom = ui.text(surface, last, small, inner.bottomleft, colour=ui.INK, anchor="bottomleft",
                         max_width=inner.width).top
    settled = _settled(table)
    if settled:
        bottom = ui.text(surface, settled, small, (inner.x, bottom), colour=TURN,
                         anchor="bottomleft", max_width=inner.width).top
    band = max(1, (bottom - top) // 2)
    note = fonts.font(small).get_height()
    d = max(10, min(int(base * 1.3), band - note - 4))  # the balls as large as the band allows
    line = max(fonts.font(size, True).get_height(), d)
    label_w = min(base * 7, inner.width // 3)
    room = max(1, (inner.width - label_w) // (d + 4))
    for row, seat in enumerate((me, 1 - me)):
        named = [art.player_name(p).split()[-1] for p in info["shooters"][seat]]
        naming = bool(named) and view["phase"] == "shooters"
        y = top + row * band + max(0, (band - line - (note if naming else 0)) // 2)
        mid = y + line // 2
        ui.text(surface, view["teams"][seat], size, (inner.x, mid), colour=ui.INK, bold=True,
                anchor="midleft", max_width=label_w - 4)
        x = inner.x + label_w
        for i in shown[seat][-room:]:  # the latest that fit
            spot = pygame.Rect(x, mid - d // 2, d, d)
            if info["kicks"][seat][i]:
                surface.blit(art.ball(d), spot)
            else:
                a, b = spot.inflate(-6, -6).topleft, spot.inflate(-6, -6).bottomright
                pygame.draw.line(surface, (220, 80, 70), a, b, 3)
                pygame.draw.line(surface, (220, 80, 70), (a[0], b[1]), (b[0], a[1]), 3)
            x += d + 4
        if naming:
            ui.text(surface, "Next: " + ", ".join(named), small, (inner.x, y + line),
                    colour=ui.DIM, max_width=inner.width)


def _settled(table: Any) -> str:
    """From the kick on which one side led by more than the other still had kicks to come
    (while some were still to come), the words that say so: the rules have every taker shoot
    all the same, so the kicks after it are no mistake."""
    info = table.view["shootout"]
    total = sum(len(k) for k in info["kicks"])
    for n in range(1, min(table.kicks_shown, total - 1) + 1):
        shown = _told(info, n)
        tally = [sum(info["kicks"][s][i] for i in shown[s]) for s in (0, 1)]
        left = [len(info["kicks"][s]) - len(shown[s]) for s in (0, 1)]
        for seat in (0, 1):
            if tally[seat] > tally[1 - seat] + left[1 - seat]:
                return (f"{table.view['teams'][seat]} can no longer be caught; by the rules the "
                        f"rest still shoot.")
    return ""


def _last_kick(table: Any, shown: list[list[int]]) -> str:
    info = table.view["shootout"]
    n = table.kicks_shown
    if not n:
        return ""
    seat = info["first"] if n % 2 else 1 - info["first"]
    if not shown[seat]:
        return ""
    i = shown[seat][-1]
    taker = info["takers"][seat][i] if i < len(info["takers"][seat]) else ""
    who = art.player_name(taker) if taker else "Nobody"
    return f"{table.view['teams'][seat]}: {who} {'scores' if info['kicks'][seat][i] else 'is stopped'}."


def dice(table: Any, surface: pygame.Surface, base: int) -> None:
    """The two dice of the last roll, tumbling for a moment, one over the other: the coach at
    the screen's below (nearer his hand), the other's above. They lie in the strip right of
    the other bench, above the panel, where no card goes."""
    if not table.dice:
        return
    rect = table.frames.dice
    size = rect.width
    me = table.bottom()
    for seat, (face, left) in table.dice.items():
        shown = face if left <= 0 else int(left * 37) % 6
        image = art.die_face(shown, size, _team_rgb(seat))
        y = rect.bottom - size if seat == me else rect.y
        surface.blit(image, (rect.x, y))


def describe(table: Any, piece: str) -> str:
    """What hovering a card tells: a player's strengths to come, value and symbols; a tactics
    card's strength and idea."""
    view = table.view
    people = table.people
    if piece in people:
        p = people[piece]
        turns = view.get("turns", {}).get(piece, 0)
        order = [p.edges[(turns + k) % 4] for k in range(4)]
        symbols = ", ".join(s.replace("_", " ") for s in p.symbols) or "no symbols"
        return (f"{p.name}, {LINE_WORDS[p.position]}: {order[0]} now, then "
                f"{order[1]}, {order[2]}, {order[3]}. Value {p.value}; {symbols}.")
    try:
        c = finale_data().tactic(card_id(piece))
    except KeyError:
        return ""
    return f"{c.name} ({c.strength}): {c.text}"
