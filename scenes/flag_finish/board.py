"""The score board between races: every race's points, the match totals, and "Next race"
(the shared ScoreBoard in scenes/table/scores.py, in Flag Finish's words)."""
from __future__ import annotations

from typing import Any

import pygame

from game.flag_finish.view import MATCH_OVER, RACE_ON, RACE_OVER, FlagView
from scenes.flag_finish import tokens
from scenes.table.scores import ScoreBoard


def match_note(view: FlagView) -> str:
    """The line under the board: what comes next in the match (the engine's words), or,
    while a race is on, that closing the board goes back to it."""
    return view["match_note"] or "The race goes on when you close this board."


class RaceBoard(ScoreBoard):
    """Race and match scores over the frozen table."""

    round_word = "race"

    def title(self) -> str:
        view = self.table.view
        name, phase = view["race_name"], view["phase"]
        if phase == MATCH_OVER:
            return "The match is over"
        if phase == RACE_OVER:
            return f"{name} is over"
        return f"{name}: the scores so far"

    def headline(self) -> str:
        return self.table.view["headline"]

    def scores(self) -> tuple[list[str], list[list[Any]], list[Any]]:
        view = self.table.view
        history = [list(r) for r in view["history"]]
        if view["phase"] in RACE_ON:  # the race on now, not scored yet
            history.append(["-"] * len(self.table.seats))
        return [s.name for s in self.table.seats], history, list(view["match_scores"])

    def note(self) -> str:
        return match_note(self.table.view)

    def chip(self, seat: int, size: int) -> pygame.Surface:
        return tokens.shape_icon(tokens.seat_shape(seat), size, tokens.seat_colour(seat))

    def deal_next(self) -> None:
        self.table.next_race()
