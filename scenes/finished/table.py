"""The Finished! table: Draw Stack, Present, Past, Future Areas, the Finished! pile, sweets, coffee."""
from __future__ import annotations

from typing import Optional

import pygame

from game.core import Action
from game.finished.data import card_data, label
from game.finished.view import (ACTIVATE, CANCEL, COFFEE, COFFEE_CUP, CONFIRM, DONE, DRAW,
                                FINISHED, MOVE, PAST, PICK, PRESENT, SWEET, SWEETS_ACTIVE,
                                SWEETS_RESERVED, TOKEN_ZONES, UNPICK, FinishedView, card_of,
                                most_tokens, piece_id)
from scenes import widgets as ui
from scenes.finished import sweets, tokens
from scenes.finished.art import card_face, strip_on_card
from scenes.table.gestures import press_button
from scenes.table.lights import glow
from scenes.table.scene import TableScene
from scenes.table.zones import Zone, fit_card

ASPECT = 0.7  # the draggable sweet standing for the active ones is the piece SWEET
# A game the computer plays alone is watched. Each step's cards glide and land before the next
# step begins, then the table rests a moment: longest on a new Present, a little on a picked
# card (nothing glides there), hardly at all after sorting. The glides of a watched game are
# quicker than those of a person's own moves (WATCHED_GLIDES of the time, and the cards of one
# step follow each other closely), so that a whole game (240 to 400 steps) takes about one and
# a half to two minutes at the default speed. The speed setting scales all of it.
WATCHED_GLIDES = 0.55
WATCHED_FOLLOW = 0.2  # the cards of one step start this fraction of the usual gap apart
COMPUTER_PAUSE = {DONE: 0.12, ACTIVATE: 0.06, CONFIRM: 0.06, CANCEL: 0.06, MOVE: 0.04, PICK: 0.18,
                  UNPICK: 0.18}
PICK_GLOW = (140, 220, 255)
SELECT_GLOW = (255, 236, 150)


class Table(TableScene[FinishedView]):
    """Solo table; the engine's zones plus a draggable sweet on the active stash."""

    curtain_between_humans = False
    computer_delay = 0.28  # before the first step; then COMPUTER_PAUSE after each kind
    selected: Optional[int] = None  # the card whose action strip was clicked once (not used yet)
    selected_tip = ""  # what using it would do (worked out once, when it is selected)

    # -- zones ----------------------------------------------------------------------------

    def zone_contents(self, view: FinishedView) -> dict[str, list]:
        contents = dict(view["zones"])
        contents[SWEETS_ACTIVE] = [SWEET] if contents[SWEETS_ACTIVE] else []  # one stands for all
        contents.pop(SWEETS_RESERVED, None)  # drawn as piles by draw_extras
        contents.pop(COFFEE, None)
        return contents

    def layout_zones(self, size: tuple[int, int], view: FinishedView) -> dict[str, Zone]:
        return layout(size, view)

    # -- pictures -------------------------------------------------------------------------

    def face(self, piece: str, size: tuple[int, int]) -> pygame.Surface:
        if piece == SWEET:
            return tokens.sweet(size[0], tokens.sweet_colours[0])
        number = card_of(piece)
        assert number is not None, f"no face for piece {piece!r}"
        return card_face(number, size[0], size[1])

    def token_image(self, kind: str, diameter: int) -> pygame.Surface:
        if kind.startswith(COFFEE_CUP):
            return tokens.coffee_cup(diameter)
        return tokens.sweet(diameter, tokens.sweet_colours[diameter % 7])

    def describe_piece(self, piece: str) -> str:
        if piece == SWEET:
            return "Drag a sweet onto a Present card to use its action."
        number = card_of(piece)
        if number is None:
            return ""
        action = card_data().action_of(number)
        words = f"{label(number)} - {action.name}: {action.text}"
        if action.uses > 1 and piece in self.view["zones"][PRESENT]:
            used = int(self.view["sweets_on"].get(piece, 0))
            words += f" Used {used} of {action.uses} times."
        if self.view.get("pending") is None and any(
                a.kind == ACTIVATE and a.card == number for a in self.legal()):
            words += " Click its lower strip (or drop a sweet on it) to use it."
        return words

    def click_means_action(self, sprite, pos) -> bool:
        """Clicking the action strip (lower part) selects the action; the rest picks the card up.

        While an action waits for cards, a click anywhere on a Present card picks (or unpicks)
        it, the same as dragging it to where the action sends it."""
        if self.view.get("pending") is not None:
            return True
        return on_strip(resting(sprite), pos)

    # -- the action strip: one click selects, the second (or Enter) uses -------------------

    def on_event(self, event: pygame.event.Event) -> bool:
        if self.selected is not None and self._selection_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            lift = self.input.lift
            if lift is not None and lift.by_pointer and not lift.moved \
                    and on_strip(resting(lift.sprite), event.pos):
                activation = self._activation(lift.sprite.piece, lift.source)
                if activation is not None:
                    self.input.put_back(glide=False)  # a click, not a drag: the card stays
                    if self.selected == activation.card:
                        self.use_selected()
                    else:
                        self.select(activation.card)
                    return True
        return False

    def inputs_for(self, action: Action) -> Optional[list[pygame.event.Event]]:
        """As the shared table; while an action waits for cards, Confirm and Cancel are the
        two buttons `finished_buttons` lays out (1 and 2)."""
        if self.view.get("pending") is not None and action.kind in (CONFIRM, CANCEL):
            buttons = self.buttons.buttons
            index = 0 if action.kind == CONFIRM else 1
            return press_button(buttons[index] if index < len(buttons) else None,
                                len(self.match.steps))
        return super().inputs_for(action)

    def _selection_event(self, event: pygame.event.Event) -> bool:
        """Esc and Enter for a selected action; a click anywhere else drops the selection."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.deselect()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.use_selected()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            assert self.selected is not None  # (asked only while a card is selected: on_event)
            sprite = self.sprites.get(piece_id(self.selected))
            if event.button == 1 and sprite is not None and on_strip(sprite.rect, event.pos):
                return False  # the second click: its release uses the action
            self.deselect()
            return self.input.sprite_at(event.pos) is None and not any(
                b.rect.collidepoint(event.pos) for b in self.buttons.buttons + self.tools.buttons)
        return False

    def _activation(self, piece: str, source: str) -> Optional[Action]:
        for action in self.input.click_actions(piece, source):
            if action.kind == ACTIVATE:
                return action
        return None

    def selected_action(self) -> Optional[Action]:
        """The selected card's action if it may still be used, else None."""
        if self.selected is None:
            return None
        return next((a for a in self.legal() if a.kind == ACTIVATE and a.card == self.selected),
                    None)

    def select(self, card: int) -> None:
        """Light a card's action strip and say what a second click would do."""
        self.selected = card
        self.selected_tip = self.selection_tip()
        self.dirty = True
        self.app.play("click")

    def deselect(self) -> None:
        self.selected, self.selected_tip = None, ""
        self.dirty = True

    def use_selected(self) -> None:
        action = self.selected_action()
        self.deselect()
        if action is not None:
            self.act(action)

    def selection_tip(self) -> str:
        """What the selected action will do, and how to use it or let it be."""
        action = self.selected_action()
        if action is None:
            return ""
        info = card_data().action_of(action.card)
        words = (f"{info.name} ({label(action.card)}): {info.text} "
                 "Click the strip again or press Enter to use it for one sweet; "
                 "Esc or a click elsewhere lets it be.")
        if not self.match.could_take_back(action):
            words += " It shows new cards, so it cannot be undone."
        return words

    def changed(self, events, animate: bool) -> None:
        if self.match.actions:
            pause = COMPUTER_PAUSE.get(self.match.actions[-1].kind, self.computer_delay)
            self.computer_wait = self.glides_left() + pause * self.app.settings.speed_factor()

    def glides_left(self) -> float:
        """Seconds until every card and token that glides now has landed."""
        left = [t.delay + t.duration - t.elapsed
                for t in [s.tween for s in self.sprites.values()] + [f.tween for f in self.flying]
                if t is not None]
        left += [s.flip_delay + (1.0 - s.flip_t) * s.flip_duration
                 for s in self.sprites.values() if s.flip_t < 1.0]
        return max([0.0] + left)

    def watched(self) -> bool:
        """The computer plays this game alone and a person watches."""
        return not self.humans()

    def speed(self) -> float:
        return super().speed() * (WATCHED_GLIDES if self.watched() else 1.0)

    def event_order(self, events):
        order = super().event_order(events)
        if self.watched():
            order = {k: (a, b, n * WATCHED_FOLLOW) for k, (a, b, n) in order.items()}
        return order

    def refreshed(self, events, animate: bool) -> None:
        if self.selected is not None:  # the card may have left, or its action become impossible
            self.selected_tip = self.selection_tip()
            if not self.selected_tip:
                self.selected = None
        self.buttons = finished_buttons(self, self.buttons)
        if self.watched():  # the sweets of one step fly as closely after each other as its cards
            for token in self.flying:
                token.tween.delay *= WATCHED_FOLLOW

    def draw_hud(self, surface: pygame.Surface, base: int) -> None:
        """A selected action's tip stands where the hover tip would (buttons' tips still win).
        While an action waits for cards, a card's tip keeps clear of the order badges over
        the Present as well as of the card."""
        hover, near = self.input.hover_tip, self.input.hover_rect
        if self.selected is not None and self.selected_tip:
            self.input.hover_tip = self.selected_tip
        badges = self.badge_band(base)
        if near is not None and badges is not None and near.colliderect(self.zones[PRESENT].rect):
            self.input.hover_rect = near.union(badges)
        try:
            super().draw_hud(surface, base)
        finally:
            self.input.hover_tip, self.input.hover_rect = hover, near

    def badge_band(self, base: int) -> Optional[pygame.Rect]:
        """Where the order badges of the cards picked for a waiting action stand (None when
        no action waits)."""
        pending = self.view.get("pending")
        if pending is None or PRESENT not in self.zones:
            return None
        row = self.zones[PRESENT].rect
        cards = [s.rect for p in self.contents.get(PRESENT, []) if (s := self.sprites.get(p))]
        top = min([r.top for r in cards] + [row.top])
        return pygame.Rect(row.x, badge_rect(pygame.Rect(row.x, top, 1, 1), base).top,
                           row.width, 1)

    def token_anchor(self, name: str) -> Optional[tuple[float, float]]:
        if name in TOKEN_ZONES and name in self.zones:
            return self.zones[name].rect.midleft[0] + self.zones[name].card[0], self.zones[name].rect.centery
        return super().token_anchor(name)

    # -- extras: token piles, sweets on cards, round and coffee ----------------------------

    def draw_extras(self, surface: pygame.Surface) -> None:
        view = self.view
        base = ui.ui_size(surface.get_size())
        for zone_id, title in ((COFFEE, "Coffee"), (SWEETS_ACTIVE, "Sweets"),
                               (SWEETS_RESERVED, "Reserve")):
            count = len(view["zones"][zone_id])  # one piece per token
            zone = self.zones[zone_id]
            d = zone.card[0]
            ui.text(surface, f"{title}: {count}", int(base * 0.85), (zone.rect.x, zone.rect.y - 4),
                    colour=ui.GOLD if count else ui.BAD, bold=True, anchor="bottomleft")
            per_row = max(1, int((zone.rect.width - d) // (d * 0.72)) + 1)
            for i in range(count):
                if zone_id == SWEETS_ACTIVE and i == 0:
                    continue  # the draggable sweet sprite stands there
                row, col = divmod(i, per_row)
                x = zone.rect.x + col * d * 0.72
                y = zone.rect.y + row * d * 0.8
                if zone_id == COFFEE:
                    image = tokens.coffee_cup(d)
                else:
                    image = tokens.sweet(d, tokens.sweet_colours[(i * 3) % len(tokens.sweet_colours)])
                surface.blit(image, (x, y))
        rows = {z: self.contents.get(z, []) for z in [PRESENT, *view["future_zones"]]}
        sweets.draw_on_cards(surface, self.sprites, rows, view["sweets_on"])
        past = self.zones[PAST]
        info = (f"Round {view['round']} of {view['max_rounds']}   "
                f"Cards under the stack: {view['below_count']}")
        ui.text(surface, info, int(base * 0.85), (past.rect.right + base, past.rect.centery),
                colour=ui.DIM, anchor="midleft")
        selected = self.sprites.get(piece_id(self.selected)) if self.selected is not None else None
        if selected is not None:
            strip = strip_on_card(selected.rect)
            shade = pygame.Surface(strip.size, pygame.SRCALPHA)
            shade.fill((*SELECT_GLOW, 40))
            surface.blit(shade, strip.topleft)
            glow(surface, strip.inflate(6, 6), SELECT_GLOW, max(4, base // 5))
        pending = view["pending"]
        if pending is not None:
            for action in self.legal():  # the cards the action may still take, softly lit
                if action.kind == PICK:
                    sprite = self.sprites.get(piece_id(action.card))
                    if sprite is not None:
                        glow(surface, sprite.rect, PICK_GLOW, 3)
            for order, piece in enumerate(pending["picked"], start=1):
                sprite = self.sprites.get(piece)
                if sprite is None:
                    continue
                pygame.draw.rect(surface, ui.GOLD, sprite.rect.inflate(8, 8), 4,
                                 border_radius=max(6, sprite.rect.width // 10))
                badge = badge_rect(sprite.rect, base)
                pygame.draw.ellipse(surface, ui.GOLD, badge)
                ui.text(surface, str(order), int(base * 1.1), badge.center, colour=(40, 30, 20),
                        bold=True, anchor="center")

    def log_area(self, size: tuple[int, int]) -> Optional[pygame.Rect]:
        """The story of the last moves, in the free column under the Finished! pile."""
        pile = self.zones.get(FINISHED)
        if pile is None:
            return super().log_area(size)
        base = ui.ui_size(size)
        top = pile.rect.bottom + base * 3
        width = size[0] - pile.rect.x + pile.rect.width // 2 - 12
        x = size[0] - width - 10
        bottom = size[1] - base * 2 * 3 - 40
        past = self.zones.get(PAST)
        if past is not None:  # keep clear of the round line beside the Past
            bottom = min(bottom, past.rect.centery - base)
        return pygame.Rect(x, top, width, max(0, bottom - top))

    def on_game_over(self) -> None:
        """Every Finished! game, won or lost, leaves its movie in the gallery."""
        from game.finished.movies import save_match_movie
        try:
            save_match_movie(self.match)
        except (OSError, ValueError) as exc:
            self.app.toast(f"The movie could not be kept: {exc}", 5, "warn")

    def result_buttons(self, overlay) -> list:
        """The movie of the Finished! pile opens from the result (flip-book player)."""
        from scenes.flipbook.player import open_player_for
        return [ui.Button("Watch the movie", lambda: open_player_for(self.app, self.match, overlay),
                          key=pygame.K_m, primary=True)]


def badge_rect(card: pygame.Rect, base: int) -> pygame.Rect:
    """The order badge of a card picked for a waiting action: a disc over its top edge."""
    badge = pygame.Rect(0, 0, base * 2, base * 2)
    badge.center = (card.centerx, card.top - base // 3)
    return badge


def resting(sprite) -> pygame.Rect:
    """Where a card lies: a pressed card is drawn a little larger, but its strip must not
    slip from under the pointer between the press and the release."""
    rect = pygame.Rect(0, 0, int(sprite.size[0]), int(sprite.size[1]))
    rect.center = sprite.rect.center
    return rect


def on_strip(card: pygame.Rect, pos: tuple[int, int]) -> bool:
    """Is `pos` on the action strip of a card drawn at `card` (down to the card's edge)?"""
    return card.collidepoint(pos) and pos[1] >= strip_on_card(card).top


def finished_buttons(table: Table, generic: ui.ButtonRow) -> ui.ButtonRow:
    """The table's buttons; while an action waits for cards, Confirm keeps the place and the
    key (1) that End turn has on every other turn, greyed until enough cards are picked, and
    Cancel (2) stands beside it, so a player used to that place never cancels by mistake."""
    pending = table.view["pending"]
    if pending is None or not generic.buttons:
        return generic
    slot = max((b.rect for b in generic.buttons), key=lambda r: r.bottom).copy()  # End turn's
    legal = table.legal()
    confirm = next((a for a in legal if a.kind == CONFIRM), None)
    cancel = next((a for a in legal if a.kind == CANCEL), None)
    missing = pending["missing"]
    tip = (f"Carry out {pending['name']} with the cards picked (1)" if confirm is not None else
           f"Pick {missing} more card{'s' if missing != 1 else ''} first, then confirm (1)")
    buttons = [ui.Button("Confirm", lambda: confirm is not None and table.act(confirm),
                         slot, key=pygame.K_1, enabled=confirm is not None, primary=True, tip=tip)]
    if cancel is not None:
        buttons.append(ui.Button("Cancel", lambda: table.act(cancel),
                                 slot.move(-(slot.width + slot.height // 3), 0), key=pygame.K_2,
                                 tip=f"Give up {pending['name']}: its sweet comes back (2)"))
    return ui.ButtonRow(buttons)


def future_rows(view: FinishedView) -> list[str]:
    """The Future rows to show, in the order they come back. The row of cards set aside by
    1 Card into the Future is left out while it is empty, Future Areas wait and nothing is
    being set aside: it would only take room from the Future Areas."""
    futures = list(view["future_zones"])
    aside, areas = futures[0], futures[1:]
    pending = view["pending"]
    if areas and not view["zones"][aside] and \
            (pending is None or pending["target"] != aside):
        return areas
    return futures


def future_label(zone_id: str, view: FinishedView) -> str:
    """The label of a Future row: Future Areas are numbered in the order they come back."""
    futures = view["future_zones"]
    aside, areas = futures[0], futures[1:]
    if zone_id == aside:
        return "Future" if not areas and not view["zones"][aside] else \
            "Future: joins the next Present"
    number = areas.index(zone_id) + 1
    return f"Future Area {number}" + (" (returns next)" if number == 1 else "")


def layout(size: tuple[int, int], view: FinishedView) -> dict[str, Zone]:
    """Zones of the Finished! table for a window size (also used by the end-to-end test)."""
    w, h = size
    base = ui.ui_size(size)
    top = int(base * 2.1) * 2 + base
    margin = max(10, int(w * 0.025))
    futures = future_rows(view)  # in the order they come back: the first returns next
    small = fit_card(w * 0.11, (h - top) * 0.2, ASPECT)
    big = fit_card(w * 0.16, (h - top) * 0.34, ASPECT)
    side_w = small[0] + margin * 2
    left, right = margin + side_w, w - margin - side_w
    zones: dict[str, Zone] = {}
    label_gap = int(base * 1.2)
    zones[DRAW] = Zone(DRAW, pygame.Rect(margin, top + label_gap, small[0] + 8, small[1] + 12),
                         "stack", small, face_up=False, label="Draw Stack", show_count=True)
    zones[FINISHED] = Zone(FINISHED, pygame.Rect(w - margin - small[0] - 8, top + label_gap,
                                                     small[0] + 8, small[1] + 12),
                             "stack", small, label="Finished!", show_count=True)
    # the Future rows share the room above the lowest place the Present may start, each row
    # with its label, so that no row (nor the Present's label) lies over another
    present_floor = h - big[1] - small[1] - label_gap * 3 - base * 2
    rows = max(1, len(futures))
    room = min((present_floor - top - label_gap) / rows, (h - top) * 0.32 / rows) - label_gap
    fut_card = small if small[1] <= room else fit_card(w, room, ASPECT)
    y = top + label_gap
    for fid in reversed(futures):
        zones[fid] = Zone(fid, pygame.Rect(left + margin, y, right - left - 2 * margin, fut_card[1]),
                          "row", fut_card, label=future_label(fid, view))
        y += fut_card[1] + label_gap
    present_y = max(y, int(top + (h - top) * 0.36))
    present_y = min(present_y, present_floor)
    zones[PRESENT] = Zone(PRESENT, pygame.Rect(left + margin, present_y,
                                                   right - left - 2 * margin, big[1] + 8),
                            "row", big, label="Present: use actions, then sort", slots=True,
                            align="center")
    past_y = present_y + big[1] + 8 + label_gap + base // 2
    zones[PAST] = Zone(PAST, pygame.Rect(left + margin, past_y, right - left - 2 * margin - base * 9,
                                             small[1]), "row", small, label="Past")
    d = max(18, int(small[0] * 0.36))
    col_w = left - margin * 2
    per_row = max(1, int((col_w - d) // (d * 0.72)) + 1)
    y = zones[DRAW].rect.bottom + base * 2 + label_gap
    for zone_id, most in most_tokens().items():  # room for the most each pile can hold
        rows = (most + per_row - 1) // per_row
        height = int(d + (rows - 1) * d * 0.8)
        zones[zone_id] = Zone(zone_id, pygame.Rect(margin, y, col_w, height), "stack", (d, d),
                              outline=False)
        zones[zone_id].extra["anchor"] = (margin + d // 2, y + d // 2)
        y += height + label_gap + base // 2
    return zones
