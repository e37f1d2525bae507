"""Finale's computer coaches. Each sees only its own view (and the printed cards, which are
public: `finale_data()`).

- `RandomPlayer`: any legal action; before the match it builds a random squad within the rules
  and a random white-and-colour deck.
- `SimplePlayer`: the first-game squad and deck, the strongest card in hand, the strongest free
  player in every slot, no substitutions.
- `GoodPlayer` (good.py): weighs the score, the clock, the marks it sees, its cards' edges and
  substitutions.
"""
from __future__ import annotations

from typing import Any, Optional, Sequence

from game.core import Action, Rng

from .actions import DeckOf, Keep, Keeper, Mark, Pick, Play, Ready, Replace, Shooter, Sign, Swap
from .actions import FirstGame
from .data import COLOURS, GOALIE, WHITE, FinaleData, card_id, finale_data
from .good import GoodPlayer
from .state import DRAFT
from game.core.players import DELAY_MS


def random_squad(data: FinaleData, seat: int, rng: Rng) -> tuple[list[str], list[str]]:
    """(field, bench): a random squad that keeps every rule (value, goalies, sizes)."""
    team = data.teams[seat]
    rules = data.squad
    bench_size = rules.size - rules.field
    while True:
        pool = list(team.players)
        rng.shuffle(pool)
        keepers = [p for p in pool if p.position == GOALIE][:2]
        others = [p for p in pool if p.position != GOALIE]
        squad = list(keepers)
        budget = rules.max_value - sum(p.value for p in keepers)
        need = rules.size - len(squad)
        for p in others:
            if need == 0:
                break
            rest = sorted(q.value for q in others if q not in squad and q is not p)[:need - 1]
            if p.value + sum(rest) <= budget:
                squad.append(p)
                budget -= p.value
                need -= 1
        if need == 0:
            break
    field_players = [p.id for p in squad[2:]]
    rng.shuffle(field_players)
    field = [keepers[0].id] + field_players[:rules.field - 1]
    bench = [keepers[1].id] + field_players[rules.field - 1:rules.field - 1 + bench_size - 1]
    return field, bench


__all__ = ["GoodPlayer", "RandomPlayer", "SimplePlayer", "random_squad"]


class RandomPlayer:
    """Uniform among the legal actions, with a random squad and deck built before the match."""

    delay_ms = DELAY_MS  # only a table on a clock asks (none here)

    def __init__(self) -> None:
        self.plan: Optional[list[Action]] = None

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action], rng: Rng) -> Action:
        legal = list(legal_actions)
        if view["phase"] == DRAFT:
            return self._draft(view, legal, rng)
        return rng.choice(legal)

    def _draft(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        seat = view["seat"]
        if self.plan is None:
            field, bench = random_squad(finale_data(), seat, rng)
            colour = rng.choice([c for c in COLOURS if c != WHITE])
            self.plan = ([Sign(seat, p, "field") for p in field] + [Sign(seat, p, "bench") for p in bench]
                         + [DeckOf(seat, colour), Ready(seat)])
        while self.plan:
            step = self.plan.pop(0)
            if step in legal:
                return step
        return next((a for a in legal if isinstance(a, FirstGame)), legal[-1])


class SimplePlayer:
    """Greedy: the first-game line-up, the strongest card, the strongest free players."""

    delay_ms = DELAY_MS  # only a table on a clock asks (none here)

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action], rng: Rng) -> Action:
        legal = list(legal_actions)
        data = finale_data()
        players = data.players_by_id
        strengths: dict[str, int] = view["strengths"]
        first = legal[0]
        if view["phase"] == DRAFT:
            return next(a for a in legal if isinstance(a, FirstGame))
        cards = data.tactics_by_id
        if isinstance(first, (Pick, Play)):
            picks = [a for a in legal if isinstance(a, (Pick, Play))]
            return max(picks, key=lambda a: (cards[card_id(a.card)].strength, a.card))
        if isinstance(first, (Swap, Keep)):
            return next(a for a in legal if isinstance(a, Keep))
        if isinstance(first, Mark):
            return max(legal, key=lambda a: (strengths.get(a.player, 0), -a.slot))
        if isinstance(first, (Replace, Keeper)):
            return max(legal, key=lambda a: (sum(players[a.player].edges), a.player))
        if isinstance(first, Shooter):
            return max(legal, key=lambda a: (players[a.player].edges[0], a.player))
        return legal[0]
