"""The Finita score sheet: every round's penalty points, the match totals, and "Next round"
(the shared ScoreBoard in scenes/table/scores.py, in Finita's words). It opens over the table
when a round ends, with every hand lying face up."""
from __future__ import annotations

from typing import Any

from game.core.text import plural
from game.finita.view import MATCH_OVER, ROUND_OVER
from scenes.table.scores import ScoreBoard


def headline(view: dict[str, Any]) -> str:
    """Who went out, or that the round stopped; and what comes next."""
    names = view["names"]
    if not view["history"]:
        return "No round has been scored yet."
    who = view["history"][-1]["winner"]
    lead = (f"{names[who]} went out first." if who is not None
            else "The round stopped with nobody out.")
    if view["phase"] not in (ROUND_OVER, MATCH_OVER):  # opened during a round
        if who is None:  # a name keeps its capital ("David went out first.")
            lead = f"{lead[0].lower()}{lead[1:]}"
        lead = f"Round {view['history'][-1]['round']}: {lead}"
    if view["phase"] == MATCH_OVER:
        low = min(view["totals"])
        winners = [names[s] for s, t in enumerate(view["totals"]) if t == low]
        verb = "share the win" if len(winners) > 1 else "wins the match"
        return f"{lead} {' and '.join(winners)} {verb} with {low}."
    left = view["target"] - max(view["totals"])
    return f"{lead} The match ends at {view['target']}: {plural(left, 'point')} to go for the highest."


class ScoreSheet(ScoreBoard):
    """Round and match scores over the table."""

    look_label = "Look at the hands"

    def __init__(self, app, table: Any, can_deal: bool = True) -> None:
        super().__init__(app, table, can_deal and table.state.phase == ROUND_OVER)

    def title(self) -> str:
        view = self.table.view
        if view["phase"] == MATCH_OVER:
            return "The match is over"
        if view["phase"] == ROUND_OVER:
            return f"Round {view['round']} is over"
        return f"Round {view['round']}: the scores so far"

    def headline(self) -> str:
        return headline(self.table.view)

    def scores(self) -> tuple[list[str], list[list[Any]], list[Any]]:
        view = self.table.view
        history = [list(r["scores"]) for r in view["history"]]
        if view["phase"] not in (ROUND_OVER, MATCH_OVER):
            history.append(["-"] * len(view["names"]))
        return list(view["names"]), history, list(view["totals"])

    def note(self) -> str:
        return "Penalty points: the lowest total wins."

    def deal_next(self) -> None:
        self.table.next_round()
