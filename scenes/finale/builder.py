"""Before the kick-off: the coach at the screen picks a squad of fifteen and a deck of twelve
tactics cards, in a screen of its own over the Finale table.

Two tabs. Squad: the team's thirty player cards in a grid (a row per line, or one line at a
time); a click signs a player (onto the field, or the bench once the field is full) or lets a
signed one go; a drag puts him on the pitch or the bench, moves him between the two, or back
into the grid. The pitch at the right shows the eleven as they will stand. Tactics: the thirty
cards in their colours; a click takes a card into the deck or out of it, a button builds the
white six with another colour's six, and a free choice of cards picks its starting hand in the
row at the bottom.

Nothing is decided here: every change goes through `table.act`, which asks the engine, and a
gesture that matches no legal action is explained in the engine's words (`engine.explain` for
the action the person meant). Nothing is final before Ready; Esc goes back to the table.
Drawing is in scenes/finale/builder_paint.py.
"""
from __future__ import annotations

from functools import partial
from typing import Any, Optional

import pygame

from game.core import Action
from game.finale.actions import (DeckOf, Exclude, FirstGame, Include, Opener, Ready, Release, Sign,
                                 Switch)
from game.finale.data import card_id, finale_data
from scenes import widgets as ui
from scenes.manager import Scene
from scenes.table import gestures
from scenes.finale import builder_paint
from scenes.finale.builder_layout import (ALL, ARROWS, BENCH, DECK_KEYS, FIELD, FILTERS, GRID, HAND,
                                          OTHER_COLOURS, SQUAD, TACTICS, BuilderLayout, Press, Spot)


class Builder(BuilderLayout, Scene):
    """Squad and tactics for seat `seat`, acting only through `table.act`."""

    overlay = False

    def __init__(self, app, table: Any, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.data = finale_data()
        self.team = self.data.teams[seat]
        self.people = {p.id: p for p in self.team.players}
        self.tab = SQUAD
        self.filter = ALL
        self.focus: Optional[str] = None  # the keyboard's card
        self.focus_where = GRID  # a tactics card is in the grid and may be in the hand row too
        self.hover: Optional[str] = None
        self.press: Optional[Press] = None
        self.spots: list[Spot] = []
        self.frames: dict[str, pygame.Rect] = {}
        self.card_size: dict[str, tuple[int, int]] = {}
        self.size = app.size
        self.closed = False
        self.view: dict[str, Any] = {}
        self.legal: set[Action] = set()
        self._seen: Any = None
        self.tabs = ui.ButtonRow([
            ui.Button("Squad", lambda: self.show(SQUAD), key=pygame.K_1, tip="The players (1)"),
            ui.Button("Tactics", lambda: self.show(TACTICS), key=pygame.K_2, tip="The deck (2)")])
        self.ready_button = ui.Button("Ready", self.ready, key=pygame.K_r, primary=True,
                                      tip="The squad and the deck are complete (R)")
        self.commands = ui.ButtonRow([
            ui.Button("First-game line-up", self.first_game, key=pygame.K_f,
                      tip="The rulebook's first-game squad and the white and lilac deck, and ready (F)"),
            self.ready_button,
            ui.Button("Back to the table", self.close, key=pygame.K_ESCAPE,
                      tip="Leave this screen; your picks stay as they are, nothing is final before Ready (Esc)")])
        self.filters = ui.ButtonRow([ui.Button(label, partial(self.set_filter, f), key=k,
                                               tip=f"Show {label.lower()} ({pygame.key.name(k).upper()})")
                                     for f, label, k in FILTERS])
        self.decks = ui.ButtonRow([ui.Button(f"White + {c.capitalize()}", partial(self.deck_of, c),
                                             key=k, tip=f"The white six and the {c} six ({pygame.key.name(k)})")
                                   for c, k in zip(OTHER_COLOURS, DECK_KEYS)])
        self.refresh()

    # -- what the engine says ---------------------------------------------------------------

    def refresh(self) -> None:
        """Read the view and the legal actions again and lay the cards out; once this coach has
        nothing left to pick (he is ready, or both are and the match has started, when the
        engine hides his deck again) the screen closes instead."""
        table = self.table
        self._seen = table.state
        self.view = table.engine.view(table.state, self.seat)
        if self.view.get("phase") != "draft" or self.seat not in self.view["to_act"]:
            self.close()
            return
        self.legal = set(table.engine.legal_actions(table.state, self.seat))
        self.ready_button.enabled = Ready(self.seat) in self.legal
        self.layout()

    @property
    def zones(self) -> dict[str, list[str]]:
        return self.view["zones"]

    @property
    def field(self) -> list[str]:
        return self.zones[f"field{self.seat}"]

    @property
    def bench(self) -> list[str]:
        return self.zones[f"bench{self.seat}"]

    @property
    def chosen(self) -> list[str]:
        return self.zones[f"deck{self.seat}"]

    def place_of(self, pid: str) -> Optional[str]:
        return FIELD if pid in self.field else BENCH if pid in self.bench else None

    def piece(self, cid: str) -> str:
        return f"{self.team.id}-{cid}"

    def tactic(self, piece: str):
        return self.data.tactic(card_id(piece))

    def final(self) -> str:
        return self.piece(self.data.schlusskarte.id)

    # -- acting -----------------------------------------------------------------------------

    def act(self, action: Action) -> bool:
        """Hand the action to the table (it shows any refusal); close once the coach is ready."""
        ok = self.table.act(action)
        if not self.closed:
            self.refresh()  # closes once nothing is left to pick
        return ok

    def attempt(self, choices: list[Action], meant: Action) -> bool:
        """The first legal one of `choices`; when none is legal, the reason `meant` is refused."""
        for action in choices:
            if action in self.legal:
                return self.act(action)
        self.table.refuse(self.table.engine.explain(self.table.state, meant))
        return False

    def sign_or_release(self, pid: str) -> bool:
        """A click on a player: sign him (the field first, the bench when the field is full or
        will not take him) or let a signed one go."""
        s = self.seat
        if self.place_of(pid):
            return self.attempt([Release(s, pid)], Release(s, pid))
        field_full = len(self.field) >= self.data.squad.field
        meant = Sign(s, pid, BENCH if field_full else FIELD)
        return self.attempt([Sign(s, pid, FIELD), Sign(s, pid, BENCH)], meant)

    def to_place(self, pid: str, place: str) -> bool:
        """A player dropped on the field, the bench or back in the grid."""
        s, now = self.seat, self.place_of(pid)
        if place == GRID:
            return self.attempt([Release(s, pid)], Release(s, pid)) if now else False
        if now == place:
            return False  # put back where it was: nothing to do
        if now:
            return self.attempt([Switch(s, pid)], Switch(s, pid))
        return self.attempt([Sign(s, pid, place)], Sign(s, pid, place))

    def bench_key(self, pid: str) -> bool:
        """B: the bench for an unsigned player, the other place for a signed one."""
        if self.place_of(pid):
            return self.attempt([Switch(self.seat, pid)], Switch(self.seat, pid))
        return self.to_place(pid, BENCH)

    def toggle_card(self, piece: str) -> bool:
        s = self.seat
        if piece in self.chosen:
            return self.attempt([Exclude(s, piece)], Exclude(s, piece))
        return self.attempt([Include(s, piece)], Include(s, piece))

    def toggle_opener(self, piece: str) -> bool:
        return self.attempt([Opener(self.seat, piece)], Opener(self.seat, piece))

    def deck_of(self, colour: str) -> None:
        self.attempt([DeckOf(self.seat, colour)], DeckOf(self.seat, colour))

    def first_game(self) -> None:
        self.attempt([FirstGame(self.seat)], FirstGame(self.seat))

    def ready(self) -> None:
        if Ready(self.seat) in self.legal:
            self.act(Ready(self.seat))
        else:
            self.table.refuse(self.view.get("problem") or
                              self.table.engine.explain(self.table.state, Ready(self.seat)))

    def close(self) -> None:
        """Back to the table: nothing changes that was not already done."""
        if self.closed:
            return
        self.closed = True
        self.press = None
        self.app.pop(self)
        self.table.builder_closed()

    # -- tabs, filters, focus ----------------------------------------------------------------

    def show(self, tab: str) -> None:
        if tab != self.tab:
            self.tab, self.focus, self.press = tab, None, None
            self.layout()

    def set_filter(self, line: str) -> None:
        self.filter = line
        if self.focus and self.focus in self.people and line not in (ALL, self.people[self.focus].position):
            self.focus = None
        self.layout()

    def focusable(self) -> list[Spot]:
        return [s for s in self.spots if s.where in (GRID, HAND)]

    def move_focus(self, dx: int, dy: int) -> None:
        """The nearest card in the arrow's direction (any grid shape, and the hand row below)."""
        spots = self.focusable()
        if not spots:
            return
        here = next((s for s in spots if s.piece == self.focus and
                     (self.tab == SQUAD or s.where == self.focus_where)), None)
        if here is None:
            self.set_focus(spots[0])
            return
        cx, cy = here.rect.center
        best, best_cost = None, None
        for s in spots:
            if s is here:
                continue
            ox, oy = s.rect.centerx - cx, s.rect.centery - cy
            along, across = ox * dx + oy * dy, abs(ox * dy) + abs(oy * dx)
            if along <= here.rect.width // 4 and along <= here.rect.height // 4:
                continue
            cost = along + across * 3
            if best_cost is None or cost < best_cost:
                best, best_cost = s, cost
        if best is not None:
            self.set_focus(best)

    def set_focus(self, spot: Spot) -> None:
        self.focus, self.focus_where = spot.piece, spot.where

    def use_focus(self) -> None:
        """Enter or Space: what a click on the focused card does."""
        if self.focus is None:
            spots = self.focusable()
            if spots:
                self.set_focus(spots[0])
            return
        if self.tab == SQUAD:
            self.sign_or_release(self.focus)
        elif self.focus_where == HAND:
            self.toggle_opener(self.focus)
        else:
            self.toggle_card(self.focus)

    # -- layout ------------------------------------------------------------------------------

    # -- events ------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if not self.closed and self.table.state is not self._seen:
            self.refresh()
            self.app.needs_redraw = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.closed:
            return True
        if self.press is not None and self._drag_event(event):
            return True
        if event.type == pygame.KEYDOWN and self._key(event):
            return True
        if self._ready_refused(event):
            return True
        for row in self._rows():
            if row.handle(event):
                if event.type == pygame.MOUSEMOTION:
                    continue
                return True
        if event.type == pygame.MOUSEMOTION:
            spot = self.spot_at(event.pos)
            piece = spot.piece if spot else None
            if piece != self.hover:
                self.hover = piece
                self.app.needs_redraw = True
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            spot = self.spot_at(event.pos)
            if spot is not None:
                self.press = Press(spot, event.pos, event.pos)
                self.set_focus(spot)
            return True
        return True  # the table underneath never sees this screen's input

    def _rows(self) -> list[ui.ButtonRow]:
        return [self.tabs, self.commands, self.filters if self.tab == SQUAD else self.decks]

    def _ready_refused(self, event: pygame.event.Event) -> bool:
        """Ready looks greyed out until the squad and deck are complete; a click on it (or R)
        still says what is missing."""
        if self.ready_button.enabled:
            return False
        hit = (event.type == pygame.MOUSEBUTTONUP and event.button == 1
               and self.ready_button.rect.collidepoint(event.pos))
        if hit or (event.type == pygame.KEYDOWN and event.key == pygame.K_r):
            self.ready()
            return True
        return False

    def _drag_event(self, event: pygame.event.Event) -> bool:
        press = self.press
        assert press is not None
        if event.type == pygame.MOUSEMOTION:
            press.pos = event.pos
            far = max(abs(event.pos[0] - press.start[0]), abs(event.pos[1] - press.start[1]))
            if not press.dragging and far > max(6, ui.ui_size(self.size) // 3) and self.tab == SQUAD:
                press.dragging = True
            self.app.needs_redraw = True
            return True
        cancel = ((event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)
                  or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 3))
        if cancel:
            self.press = None  # the card goes back: nothing happened
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.press = None
            spot = press.spot
            if press.dragging:
                place = self.drop_place(event.pos)
                if place is not None and place != spot.where:
                    self.to_place(spot.piece, place)
            elif spot.rect.collidepoint(event.pos):
                self.click(spot)
            return True
        return event.type == pygame.KEYDOWN

    def click(self, spot: Spot) -> None:
        if self.tab == SQUAD:
            self.sign_or_release(spot.piece)
        elif spot.where == HAND:
            self.toggle_opener(spot.piece)
        else:
            self.toggle_card(spot.piece)

    def _key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k == pygame.K_TAB:
            self.show(TACTICS if self.tab == SQUAD else SQUAD)
            return True
        if k in ARROWS:
            self.move_focus(*ARROWS[k])
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.use_focus()
            return True
        if k == pygame.K_b and self.tab == SQUAD and self.focus:
            self.bench_key(self.focus)
            return True
        if k == pygame.K_o and self.tab == TACTICS and self.focus:
            self.toggle_opener(self.focus)
            return True
        return False

    # -- how a person does each thing here (the table's inputs_for asks) --------------------

    def inputs_for(self, action: Action) -> Optional[list[pygame.event.Event]]:
        """The events that make a draft action on this screen now: one step of it (its tab
        first, or the filter that shows the player); None if nothing here makes it."""
        turn = len(self.table.match.steps)
        if isinstance(action, FirstGame):
            return gestures.press_button(self.commands.buttons[0], turn)
        if isinstance(action, Ready):
            return gestures.press_button(self.ready_button, turn)
        squad = isinstance(action, (Sign, Release, Switch))
        if self.tab != (SQUAD if squad else TACTICS):
            return gestures.press_button(self.tabs.buttons[0 if squad else 1], turn)
        if isinstance(action, DeckOf):
            colour = OTHER_COLOURS.index(action.colour)
            return gestures.press_button(self.decks.buttons[colour], turn)
        if isinstance(action, (Include, Exclude, Opener)):
            where = HAND if isinstance(action, Opener) else GRID
            spot = self.spot_of(action.card, where)
            return gestures.click(spot.rect.center) if spot else None
        if not squad:
            return None
        pid = action.player
        if self.filter not in (ALL, self.people[pid].position):
            return gestures.press_button(self.filters.buttons[0], turn)  # All
        grid, placed = self.spot_of(pid, GRID), self.spot_of(pid, self.place_of(pid) or "")
        if isinstance(action, Sign):
            first = next((a for a in (Sign(action.seat, pid, FIELD), Sign(action.seat, pid, BENCH))
                          if a in self.legal), None)
            if grid is None:
                return None
            if action == first and turn % 2 == 0:
                return gestures.click(grid.rect.center)  # a click signs where he fits first
            return gestures.drag(grid.rect.center, self.drop_frame(action.place).center)
        if placed is None:
            return None
        if isinstance(action, Release):
            if turn % 2:
                return gestures.drag(placed.rect.center, self.drop_frame(GRID).center)
            return gestures.click(placed.rect.center)
        other = BENCH if placed.where == FIELD else FIELD
        return gestures.drag(placed.rect.center, self.drop_frame(other).center)

    def drop_frame(self, place: str) -> pygame.Rect:
        """Where a card is dropped to go to the field (the pitch), the bench or the grid."""
        return self.frames[{FIELD: "pitch", BENCH: "bench"}.get(place, "left")]

    def spot_of(self, piece: str, where: str) -> Optional[Spot]:
        return next((s for s in self.spots if s.piece == piece and s.where == where), None)

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        builder_paint.draw(self, surface)


__all__ = ["Builder"]
