"""The Finale match report over the table (M, or from the result): the score, every goal with
its period and its scorer, the bookings, sendings-off, injuries and changes, and how many
attacks each side had in each period. It reads only the public view.

A goal has one scorer: of the attacking players in the finish, the one whose strength counted
most, the first slot's on a tie (game/finale/attack.py, `scorer`). `scored` words him the same
way for the toast, the panel and this report."""
from __future__ import annotations

from typing import Any, Mapping

import pygame

from game.finale.data import finale_data
from scenes import widgets as ui
from scenes.manager import Scene

WHAT = {"booked": "booked", "second yellow": "second yellow, sent off", "sent off": "red card",
        "injured": "injured", "replaced": "replaced by", "substituted": "off for"}


def minute(period: int) -> str:
    return f"{period * 15}'"


SCORER_NOTE = "A goal goes to the attacker whose strength counted most in the finish."


def scored(view: Mapping[str, Any], entry: dict[str, Any]) -> str:
    """A goal in words, the same everywhere: "Sven Abseits scores for SV Stollen"."""
    team = view["teams"][entry["seat"]]
    scorer = entry.get("scorer")
    return f"{_name(scorer)} scores for {team}" if scorer else f"{team} score"


def last_goal(view: Mapping[str, Any]) -> dict[str, Any] | None:
    """The history entry of the latest goal (None before the first)."""
    return next((e for e in reversed(view["history"]) if e["area"] == "result" and e["ok"]), None)


def goals(view: dict[str, Any]) -> list[str]:
    """One line per goal: when, who scored, with which card."""
    lines = []
    for entry in view["history"]:
        if entry["area"] == "result" and entry["ok"]:
            replay = " (replay)" if entry["match"] == 2 else ""
            card = finale_data().tactics_by_id.get(entry["card"])
            kind = "counter-attack" if entry["counter"] else (card.name if card else entry["card"])
            lines.append(f"{minute(entry['period'])}{replay}  {scored(view, entry)} ({kind})")
    return lines


def _name(pid: str) -> str:
    found = finale_data().players_by_id.get(pid)
    return found.name if found is not None else pid


def incidents(view: dict[str, Any]) -> list[str]:
    lines = []
    for item in view["incidents"]:
        what = WHAT.get(item["what"], item["what"])
        by = f" {_name(item['by'])}" if item.get("by") else ""
        replay = " (replay)" if item.get("match") == 2 else ""
        lines.append(f"{minute(item['period'])}{replay}  {view['teams'][item['seat']]}: "
                     f"{_name(item['player'])} {what}{by}")
    return lines


def penalties(view: dict[str, Any]) -> list[str]:
    """One line a side: each taker and whether he scored."""
    shoot = view.get("shootout")
    if not shoot:
        return []
    lines = []
    for seat in (shoot["first"], 1 - shoot["first"]):
        kicks = ", ".join(f"{_name(t).split()[-1] if t else 'nobody'} {'scored' if ok else 'missed'}"
                          for t, ok in zip(shoot["takers"][seat], shoot["kicks"][seat]))
        lines.append(f"{view['teams'][seat]} {shoot['tally'][seat]}: {kicks or 'no kick yet'}")
    return lines


def attacks(view: dict[str, Any]) -> list[list[int]]:
    """Per period of the last match played: the attacks each side made (counter-attacks too)."""
    last = max((e["match"] for e in view["history"]), default=1)
    periods = max((e["period"] for e in view["history"] if e["match"] == last), default=0)
    seen: set[tuple] = set()
    rows = [[0, 0] for _ in range(periods)]
    for e in view["history"]:
        key = (e["period"], e["seat"], e["attack"], e["counter"])
        if e["match"] == last and key not in seen:
            seen.add(key)
            rows[e["period"] - 1][e["seat"]] += 1
    return rows


class Report(Scene):
    """The match so far, or the whole match once it is over."""

    overlay = True

    def __init__(self, app, table: Any) -> None:
        super().__init__(app)
        self.table = table
        self.buttons = ui.ButtonRow([ui.Button("Close", self.close, key=pygame.K_ESCAPE,
                                               primary=True, tip="Back to the table (Esc)")])
        self.box = pygame.Rect(0, 0, 10, 10)

    def close(self) -> None:
        self.app.pop(self)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        base = ui.ui_size(size)
        self.box = pygame.Rect(0, 0, min(w - base * 2, base * 44), h - base * 2)
        self.box.center = (w // 2, h // 2)
        bw, bh = int(base * 8), int(base * 2.0)
        ui.stack_buttons(self.buttons.buttons, self.box.centerx - bw // 2,
                         self.box.bottom - bh - base // 2, bw, bh, gap=12, horizontal=True)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m:
            self.close()
            return True
        self.buttons.handle(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        view = self.table.view
        ui.dim(surface, 150)
        base = ui.ui_size(surface.get_size())
        box = self.box
        ui.panel(surface, box, 240)
        g = view["goals"]
        title = f"{view['teams'][0]} {g[0]} : {g[1]} {view['teams'][1]}"
        ui.text(surface, title, int(base * 1.4), (box.centerx, box.top + base * 1.4),
                colour=ui.GOLD, bold=True, anchor="center", max_width=box.width - base * 2)
        sub = view["status"]
        shoot = view.get("shootout")
        if shoot and view["phase"] != "over":  # once over, the status says it winner first
            teams, tally = view["teams"], shoot["tally"]
            sub = f"Penalties: {teams[0]} {tally[0]}, {teams[1]} {tally[1]}.  " + sub
        ui.text(surface, sub, int(base * 0.85), (box.centerx, box.top + base * 2.9),
                colour=ui.DIM, anchor="center", max_width=box.width - base * 2)
        size = max(11, int(base * 0.8))
        left = pygame.Rect(box.x + base, box.y + base * 4, box.width // 2 - base * 2,
                           self.buttons.buttons[0].rect.top - box.y - base * 5)
        right = left.move(box.width // 2, 0)
        over = view["phase"] == "over"
        y_left = self._list(surface, left, "Goals", goals(view) or
                            ["No goals." if over else "No goals yet."], size)
        if goals(view) and y_left + size < left.bottom:  # how a goal finds its scorer
            y_left += ui.paragraph(surface, SCORER_NOTE, max(11, int(size * 0.9)),
                                   pygame.Rect(left.x, y_left, left.width, left.bottom - y_left),
                                   colour=ui.DIM) + size // 3
        if view.get("legs") and view["legs"][0]:
            legs = view["legs"]
            y_left = self._list(surface, pygame.Rect(left.x, y_left + base // 2, left.width,
                                                     left.bottom - y_left - base // 2),
                                "Cup tie", [f"First match {legs[0][0]} : {legs[1][0]}, then the replay."],
                                size)
        shots = penalties(view)
        if shots:
            y_left = self._list(surface, pygame.Rect(left.x, y_left + base // 2, left.width,
                                                     left.bottom - y_left - base // 2),
                                "Penalties", shots, size)
        y = self._list(surface, right, "Cards, injuries and changes",
                       incidents(view) or ["Nothing." if over else "Nothing yet."], size)
        # attacks per period where there is more room: under the goals, or under the cards
        if left.bottom - y_left >= right.bottom - y:
            table = pygame.Rect(left.x, y_left + base // 2, left.width, left.bottom - y_left - base // 2)
        else:
            table = pygame.Rect(right.x, y + base, right.width, right.bottom - y - base)
        rows = attacks(view)
        if rows and table.height > size * 3:
            ui.text(surface, "Attacks per period (counter-attacks too)", size, table.topleft,
                    colour=ui.GOLD, bold=True, max_width=table.width)
            y = table.y + int(size * 1.6)
            for i, (a, b) in enumerate(rows):
                if y + size > table.bottom:
                    break
                ui.text(surface, f"{minute(i + 1)}   {view['teams'][0]} {a}  ·  {view['teams'][1]} {b}",
                        size, (table.x, y), colour=ui.INK)
                y += int(size * 1.35)
        self.buttons.draw(surface)

    @staticmethod
    def _list(surface: pygame.Surface, rect: pygame.Rect, heading: str, lines: list[str],
              size: int) -> int:
        ui.text(surface, heading, size, rect.topleft, colour=ui.GOLD, bold=True)
        y = rect.y + int(size * 1.6)
        for line in lines:  # long lines wrap, at one size
            if y + size > rect.bottom:
                ui.text(surface, "...", size, (rect.x, y - 2), colour=ui.DIM)
                break
            y += ui.paragraph(surface, line, size, pygame.Rect(rect.x, y, rect.width,
                                                               rect.bottom - y)) + size // 3
        return y


def result_overlay(app: Any, table: Any) -> Any:
    """The shared result, whose score lines give each side's penalties beside its goals (two
    equal goal counts and one 'winner' looked like a mistake)."""
    from scenes.table.overlays import ResultOverlay

    class FinaleResult(ResultOverlay):
        def score_lines(self) -> list[tuple[str, bool]]:
            lines = super().score_lines()
            shoot = table.view.get("shootout")
            if not shoot or len(lines) != 2:
                return lines
            out = []
            for seat, (words, won) in enumerate(lines):
                name, _, rest = words.partition("  - ")
                out.append((f"{name}, {shoot['tally'][seat]} on penalties"
                            + (f"  - {rest}" if rest else ""), won))
            return out

    return FinaleResult(app, table)
