"""The Finale table: a pitch seen from above with both elevens in their lines, the benches at
its sides, the scoreboard and the period track above, the tactics at the bottom.

A period: substitutions (drag a bench card onto a field card), then each coach chooses a
card in secret (drag it onto the table, or click it; between two people behind the curtain).
The two cards turn together and the attacker is announced. In each area of an attack the panel
at the bottom right shows the slots of both sides; the coach marking clicks a player (he goes
into the slot of his line) or drags him onto a slot. Dice, symbol rolls and goals follow on the
table. Squads and decks are picked in their own screen before the kick-off (scenes/finale/builder.py).
"""
from __future__ import annotations

from typing import Any, Optional

import pygame

from game.core import HIDDEN, Event
from game.core.narration import told
from game.finale.actions import DRAFT
from game.finale.data import SETUP, card_id, finale_data
from game.finale.view import CHIP, FinaleView
from scenes import widgets as ui
from scenes.finale import art, paint
from scenes.finale.layout import AREA, LINES, Frames, layout, slot_zone
from scenes.table import gestures
from scenes.table.scene import TableScene
from scenes.table.sprites import PieceSprite
from scenes.table.zones import Zone


TURN_SECONDS = 0.35  # a marked card's quarter turn
GOAL, SUMS = "finale.goal", "finale.area_sums"
#: the events said in large (a toast) beside the log; the goal is said in the report's words
ANNOUNCED = frozenset({
    SUMS, "finale.setup_result", "finale.no_goal",  # what an area came to
    "finale.injury", "finale.sent_off", "finale.booked", "finale.man_short",  # the symbol rolls
    "finale.attacker", "finale.roll_off", "finale.roll_off_won",  # the reveal: who attacks
    "finale.counter_attack", "finale.end"})
#: who attacks this period: said, but not kept on the table as what the last area came to
WHO_ATTACKS = frozenset({"finale.attacker", "finale.roll_off"})
KICK_SECONDS = 0.7  # between two penalties told in the panel


class Table(TableScene[FinaleView]):
    """Finale for two coaches; the coach at the screen plays from the left."""

    curtain_between_humans = True
    computer_delay = 0.7
    seed_word = "Match"  # "Match 12" in the status bar: a football match is not dealt

    def __init__(self, app, match) -> None:
        self.frames: Optional[Frames] = None
        self.dice: dict[int, tuple[int, float]] = {}  # seat -> (face, seconds left rolling)
        self.people = finale_data().players_by_id
        self.builder_open = False
        self.builder_dismissed = False
        self.last_result = ""  # what the last area came to, kept on the table until the next
        self.banner = ""  # the words of the last announcement: the next one takes its place
        self.turning: dict[str, float] = {}  # player -> seconds left of his card's quarter turn
        self.kicks_shown = 0  # penalties shown so far: the panel tells them one by one
        self.kick_clock = 0.0
        # the area panel as a picture while the table stands still (an idle frame blits it
        # instead of painting it again): (key, image, where, the view it shows)
        self.panel_cache: Optional[tuple[tuple, pygame.Surface, tuple[int, int], Any]] = None
        self.squad_button = ui.Button("Squad and deck", self.open_builder, primary=True,
                                      tip="Pick your squad and your tactics deck (B)")
        self.squad_row = ui.ButtonRow([self.squad_button])
        super().__init__(app, match)

    # -- seats ----------------------------------------------------------------------------

    def bottom(self) -> int:
        return self.perspective if self.perspective is not None else 0

    def shared_screen(self) -> bool:
        """Both coaches choose at the same moment (squads, a period's card, penalty takers),
        but each in secret: the screen passes from one to the other behind the curtain."""
        return len(self.humans()) > 1 and self.match.outcome() is not None

    # -- zones and pictures ---------------------------------------------------------------

    def zone_contents(self, view: FinaleView) -> dict[str, list]:
        """The view's zones; the field in line order; a face-down tactics card shows its
        team's back ("?acker")."""
        contents = dict(view["zones"])
        for seat in (0, 1):
            zid = f"field{seat}"
            contents[zid] = sorted(contents.get(zid, []), key=self._line_order)
            back = f"?{view['team_ids'][seat]}"
            for name in ("deck", "hand", "table"):
                zid = f"{name}{seat}"
                contents[zid] = [back if p == HIDDEN else p for p in contents.get(zid, [])]
        return contents

    def _line_order(self, pid: str) -> tuple:
        p = self.people.get(pid)
        return (LINES.index(p.position) if p else 9, pid)

    def layout_zones(self, size: tuple[int, int],
                     view: FinaleView) -> dict[str, Zone]:
        me = self.bottom()
        lines = {seat: tuple(self.people[p].position for p in self.contents.get(f"field{seat}", [])
                             if p in self.people) for seat in (0, 1)}
        marking = (view["phase"] == "mark" and view["marker"] == me and me in self.humans()
                   and not self.curtain_up)
        slots = len(view["slots"][me]) if marking else 0
        zones, self.frames = layout(size, me, lines, slots, max(3, view["hand_counts"][me]),
                                    marking=view["phase"] == "mark",
                                    buttons=bool(self.button_actions()))
        boxes = paint.slot_boxes(view, self.frames.panel, ui.ui_size(size), me) if slots else []
        if boxes:  # a drop goes into the slot painted under the pointer
            zones[AREA] = slot_zone(boxes)
        return zones

    def image_for(self, piece: str, face_up: bool, size: tuple[int, int], angle: float) -> pygame.Surface:
        """Player cards change with the match (turns, marks, bookings): their pictures are
        keyed by those too."""
        if face_up and piece in self.people:
            turns, marked, booked = self.player_state(piece)
            key: tuple = (piece, turns % 4, marked, booked, size, round(angle))
            image = self.images.get(key)
            if image is None:
                image = art.player_face(piece, turns, size[0], size[1], marked, booked)
                if key[5]:
                    image = pygame.transform.rotate(image, key[5])
                if len(self.images) > 800:
                    self.images.clear()
                self.images[key] = image
            return image
        if piece == CHIP:  # "!" in a set-up, "!!" in a finish
            kind = "!" if self.view.get("area") == SETUP else "!!"
            key = (piece, kind, size)
            image = self.images.get(key)
            if image is None:
                image = self.images[key] = art.chip(kind, min(size))
            return image
        if piece.startswith("?") and len(piece) > 1:  # a team's tactics back
            key = (piece, size, round(angle))
            image = self.images.get(key)
            if image is None:
                image = art.tactic_back(piece[1:], size[0], size[1])
                if key[2]:
                    image = pygame.transform.rotate(image, key[2])
                self.images[key] = image
            return image
        return super().image_for(piece, face_up, size, angle)

    def player_state(self, pid: str) -> tuple[int, str, bool]:
        view = self.view
        turns = view.get("turns", {}).get(pid, 0)
        marked = ""
        on_field = any(pid in view.get("zones", {}).get(f"field{s}", []) for s in (0, 1))
        for seat in (0, 1) if on_field else ():  # a player who went off carries no chip
            if pid in (view.get("marks") or [[], []])[seat]:
                marked = "!" if view.get("area") == SETUP else "!!"
            elif pid in (view.get("setup_marks") or [[], []])[seat] and view.get("area") != SETUP:
                marked = marked or "!"
        booked = any(pid in b for b in view.get("booked", []))
        return turns, marked, booked

    def face(self, piece: str, size: tuple[int, int]) -> pygame.Surface:
        if piece in self.people:
            turns, marked, booked = self.player_state(piece)
            return art.player_face(piece, turns, size[0], size[1], marked, booked)
        return art.tactic_face(piece, size[0], size[1])

    def describe_piece(self, piece: str) -> str:
        if piece.startswith("?"):
            return ""
        return paint.describe(self, piece)

    def tip_anchor(self, sprite: PieceSprite) -> Optional[pygame.Rect]:
        """A card's words stand beside that card: its area is the whole pitch, a bench or the
        tactics row, and a tip kept off all of it stood far from the card, always in the same
        spot. The hand of the coach at the screen stays clear all the same (`mover_hand`)."""
        return sprite.rect.copy()

    def mover_hand(self) -> list[pygame.Rect]:
        """The tactics hand of the coach whose eyes the table shows: no tip or message covers
        it (Finale's hand is a row, not a fan, so the shared table does not find it)."""
        viewer = self.shown_viewer
        zone = self.zones.get(f"hand{viewer}") if viewer is not None else None
        if zone is None:
            return super().mover_hand()
        rect = zone.rect.copy()
        for sprite in self.sprites.values():
            if sprite.zone == zone.id and not sprite.remove_when_done:
                rect.union_ip(sprite.rect)
        return [rect]

    def click_means_action(self, sprite: PieceSprite, pos: tuple[int, int]) -> bool:
        me = self.bottom()
        return sprite.zone in (f"hand{me}", f"table{me}", f"field{me}", f"bench{me}")

    # -- acting ---------------------------------------------------------------------------

    def refreshed(self, events: list[Event], animate: bool) -> None:
        self.announce(events)
        self.finish_turns()  # a turn still under way ends where the new picture begins
        if animate and self.speed() > 0 and not self.view.get("shootout"):
            for event in events:  # a marked card turns a quarter before the eyes
                if event.kind == "flip" and event.piece in self.people:
                    self.turning[event.piece] = TURN_SECONDS * self.speed()
        shootout = self.view.get("shootout")
        kicks = sum(len(k) for k in shootout["kicks"]) if shootout else 0
        if not animate or kicks < self.kicks_shown:
            self.kicks_shown = kicks
        self.kick_clock = 0.0
        base = ui.ui_size(self.size)
        self.squad_button.rect = pygame.Rect(0, 0, base * 11, int(base * 2.4))
        self.squad_button.rect.center = (self.size[0] // 2, self.size[1] // 2)
        if not self.picking():
            self.builder_dismissed = False

    def button_actions(self) -> list:
        """Squads and decks are picked in the builder, not with buttons on the table."""
        if self.view.get("phase") == "draft":
            return []
        return super().button_actions()

    def announce(self, events: list[Event]) -> None:
        """What an action came to, said in large, not only in the log: the reveal's attacker,
        each area's sums and outcome with the cards, injuries and sendings-off it brought, a
        goal, the final whistle. The last area's outcome stays on the table (`last_result`).
        Decided by the events' codes alone; their sentences are only shown."""
        said: list[tuple[str, str]] = []  # (code, words)
        goal = False
        if self.view.get("shootout"):  # the panel tells the kicks one by one, the result the end
            return
        for event in events:
            if event.code == GOAL:
                said.append((event.code, self.goal_words()))
                goal = True
            elif event.code in ANNOUNCED:
                said.append((event.code, told(event)))
        if not said:
            return
        if any(e.code == SUMS for e in events):
            self.last_result = " ".join(words for code, words in said if code not in WHO_ATTACKS)
        # one announcement at a time: above the players there is room for one at every size
        # (what an area came to stays in the panel, and everything in the log)
        if self.banner:
            self.app.toasts.drop(self.banner)
        self.banner = " ".join(words for _, words in said)
        self.app.toast(self.banner, 4.0 if goal else 3.2, "good" if goal else "info")
        if goal:
            self.app.play("win")

    def goal_words(self) -> str:
        """The latest goal with its one scorer, worded as the match report words it, and the
        score it makes."""
        from scenes.finale.report import last_goal, scored
        view = self.view
        entry = last_goal(view)
        teams, goals = view["teams"], view["goals"]
        score = f"{teams[0]} {goals[0]}, {teams[1]} {goals[1]}."
        return f"Goal! {scored(view, entry)}. {score}" if entry else f"Goal! {score}"

    def message_area(self, size: tuple[int, int]) -> pygame.Rect:
        """Toasts (an area's result, a goal, a refusal) stand above the players on the pitch,
        over its top edge, the team names and the scoreboard band, stacking upwards: never
        over a player card (a line of five fills the pitch's height, so nowhere on it is a
        band free of cards), the hand or the panel below."""
        if self.frames is None:
            return super().message_area(size)
        pitch = self.frames.pitch
        tops = [sprite.rect.top for sprite in self.sprites.values()
                if sprite.zone.startswith("field") and not sprite.remove_when_done]
        if not tops:  # before the players are laid out: where the lines may reach
            tops = [zone.rect.top for zid, zone in self.zones.items() if zid.startswith("field")]
        top = min(tops, default=pitch.y) - max(3, ui.ui_size(size) // 5)
        return pygame.Rect(pitch.x, 0, pitch.width, max(top, self.frames.info.y + 1))

    def on_roll(self, event: Event, delay: float) -> None:
        if event.seat is not None and isinstance(event.value, int):
            self.dice[event.seat] = (event.value, 0.45 * self.speed() + delay)

    def picking(self) -> bool:
        """The coach at the screen still has to pick his squad and deck."""
        view = self.view
        return (view.get("phase") == "draft" and not self.curtain_up
                and self.perspective is not None and self.perspective in view["to_act"])

    def maybe_open_builder(self) -> None:
        """Before the kick-off the coach at the screen picks his squad and deck in their own
        screen (behind the curtain when two people share it), once, by itself; after "Back to
        the table" the button (or B) opens it again."""
        if (self.builder_open or self.builder_dismissed or self.app.manager.top is not self
                or not self.picking()):
            return
        self.open_builder()

    def open_builder(self) -> None:
        if not self.picking():
            self.refuse("Squads and decks are picked before the kick-off.")
            return
        from scenes.finale.builder import Builder
        self.input.cancel()
        self.builder_open = True
        seat = self.perspective
        assert seat is not None  # (picking() says a coach is at the screen)
        self.app.push(Builder(self.app, self, seat))

    def inputs_for(self, action: Any) -> Optional[list[pygame.event.Event]]:
        """As the shared table; squads and decks are picked in the builder (the button or B
        opens it again if it was left)."""
        from scenes.finale.builder import Builder
        top = self.app.manager.top
        if isinstance(top, Builder):
            return top.inputs_for(action)
        if isinstance(action, DRAFT):
            if not self.picking() or top is not self:
                return None
            return gestures.press_button(self.squad_button, len(self.match.steps))
        return super().inputs_for(action)

    def builder_closed(self) -> None:
        self.builder_open = False
        self.builder_dismissed = self.picking()  # left with Esc: not again by itself

    def finish_turns(self) -> None:
        for pid in self.turning:
            sprite = self.sprites.get(pid)
            if sprite is not None:
                sprite.angle = 0.0
                sprite.refresh()
        self.turning.clear()

    def own_animations(self) -> bool:
        return bool(self.turning) or self.kicks_waiting()

    def kicks_waiting(self) -> bool:
        shoot = self.view.get("shootout") if self.view else None
        if not shoot:
            return False
        return self.kicks_shown < sum(len(k) for k in shoot["kicks"])

    def animations_skipped(self) -> None:
        self.finish_turns()
        shoot = self.view.get("shootout")
        if shoot:
            self.kicks_shown = sum(len(k) for k in shoot["kicks"])

    def before_frame(self, dt: float) -> None:
        if self.kicks_waiting():  # one penalty after the other
            self.kick_clock += dt
            if self.kick_clock >= KICK_SECONDS * max(self.speed(), 0.05):
                self.kick_clock = 0.0
                self.kicks_shown += 1
                self.app.play("flip")
            self.app.needs_redraw = True
        for pid, left in list(self.turning.items()):
            left -= dt
            sprite = self.sprites.get(pid)
            if left <= 0 or sprite is None:
                del self.turning[pid]
                left = 0.0
            else:
                self.turning[pid] = left
            if sprite is not None:  # the new top edge comes round from the right
                sprite.angle = -90.0 * max(0.0, left) / (TURN_SECONDS * max(self.speed(), 1e-6))
                sprite.refresh()
            self.app.needs_redraw = True
        rolling = False
        for seat, (face, left) in list(self.dice.items()):
            if left > 0:
                self.dice[seat] = (face, left - dt)
                rolling = True
        if rolling:
            self.app.needs_redraw = True

    def after_frame(self, dt: float) -> None:
        if self.app.manager.top is self:
            self.maybe_open_builder()

    def own_busy(self) -> bool:
        return any(left > 0 for _, left in self.dice.values()) or bool(self.turning)

    def result_scene(self):
        from scenes.finale.report import result_overlay
        return result_overlay(self.app, self)

    def result_buttons(self, overlay) -> list:
        from scenes.finale.report import Report
        return [ui.Button("Match report", lambda: self.app.push(Report(self.app, self)),
                          key=pygame.K_m)]

    def on_event(self, event: pygame.event.Event) -> bool:
        if self.picking():
            if self.squad_row.handle(event):
                return True
            if event.type == pygame.KEYDOWN and event.key == pygame.K_b:
                self.open_builder()
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m and not self.curtain_up:
            from scenes.finale.report import Report
            self.input.cancel()
            self.app.push(Report(self.app, self))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.animating():
            # a click while cards still turn or glide ends that at once and still counts: the
            # person aims at what he sees (field cards and the hand stay where they are)
            self.skip_animations()
        return False

    # -- drawing --------------------------------------------------------------------------

    def log_area(self, size: tuple[int, int]) -> Optional[pygame.Rect]:
        """The last moves, in the panel while it shows no area, dice or shoot-out."""
        if self.frames is None or self.view.get("phase") in ("mark", "shooters", "over") \
                or self.view.get("shootout") or self.last_result:
            return None
        return self.frames.panel.inflate(-ui.ui_size(size), -ui.ui_size(size) // 2)

    def draw_static_extras(self, surface: pygame.Surface) -> None:
        if self.frames is None:
            return
        base = ui.ui_size(surface.get_size())
        paint.pitch(self, surface, base)
        paint.scoreboard(self, surface, base)
        paint.team_labels(self, surface, base)
        paint.pile_badges(self, surface, base)

    def draw_extras(self, surface: pygame.Surface) -> None:
        if self.frames is None:
            return
        base = ui.ui_size(surface.get_size())
        paint.choosable(self, surface, base)
        paint.taker_order(self, surface, base)
        paint.kept_panel(self, surface, base)
        paint.dice(self, surface, base)
        if self.picking():
            self.squad_button.draw(surface)


__all__ = ["Table", "card_id"]
