"""The computer player of Finished! ("good"), and the Hint key.

It sees only views. It remembers the Draw Stack's order as a table player would (`Belief`)
and fills in the cards it has not seen yet with a guess. On that picture it runs a beam
search over this turn and the next (`search.beam`), using the rules (through `quick`: the
same rules without their story), and judges the positions it reaches with `forecast.value`.
It then plays this turn's part of the best plan action by action, and searches again as soon
as the table differs from what it expected (a drawn card was not the guessed one).
"""
from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

from game.core import Action, Rng

from .actions import Cancel, Done, Move
from .belief import Belief, card_no, state_from_view
from .forecast import value
from .search import END, Step, Table, beam, completions, first_steps, run
from .state import ACT, CHOOSE, State
from game.core.players import DELAY_MS

SEARCH = {"turns": 2, "width": 10, "per_turn": 4}


class GoodPlayer:
    """Plans two turns ahead on its memory of the Draw Stack."""

    delay_ms = DELAY_MS  # only a table on a clock asks (none here)

    def __init__(self, search: Optional[dict[str, int]] = None) -> None:
        self.search = dict(search or SEARCH)
        self.belief: Optional[Belief] = None
        self.last_view: Optional[dict[str, Any]] = None
        self.last_action: Optional[Action] = None
        self.queue: list[Step] = []  # the rest of this turn's plan
        self.expected: Optional[tuple] = None  # how the table should look at the next call
        self.table = Table()  # positions already searched (the next search meets them again)

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action], rng: Rng) -> Action:
        """The action to take now (always one of `legal_actions`)."""
        legal = list(legal_actions)
        self.belief = self._remember(view)
        action = self._decide(view, legal, rng)
        if action not in legal:  # never expected; stay safe rather than stuck
            self.queue, self.expected = [], None
            action = next((a for a in legal if isinstance(a, Done)), legal[-1])
        self.last_view, self.last_action = view, action
        return action

    # -- memory -----------------------------------------------------------------------------

    def _remember(self, view: dict[str, Any]) -> Belief:
        before, action = self.last_view, self.last_action
        if (self.belief is None or before is None or action is None
                or view.get("turn", 0) < before.get("turn", 0)
                or view.get("finished_count", 0) < before.get("finished_count", 0)
                or view.get("level") != before.get("level")):
            self.queue, self.expected = [], None
            self.table = Table()
            return Belief.fresh(view)
        return self.belief.follow(before, action, view)

    # -- deciding ---------------------------------------------------------------------------

    def _decide(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        assert self.belief is not None
        guess = state_from_view(view, self.belief.sample(rng))
        unknown = self.belief.unknown
        if self.queue and self.expected == signature_of_view(view):
            return self._next_from_plan(view, guess)
        self.queue, self.expected = [], None
        if view["phase"] == ACT:
            _, plan = beam(guess, unknown, table=self.table, **self.search)
            self.queue = first_steps(plan)
            return self._next_from_plan(view, guess)
        if view["phase"] == CHOOSE:
            return self._finish_choice(guess, unknown, legal)
        return legal[-1]

    def _finish_choice(self, guess: State, unknown: set[int], legal: list[Action]) -> Action:
        """A choice this player did not plan (a hint in the middle of someone's action)."""
        options: list[list[Step]] = [list(c) for c in completions(guess)]
        if Cancel(0) in legal:
            options.append([Cancel(0)])
        scored = [(value(run(guess, o), unknown), i) for i, o in enumerate(options)]
        _, best = max(scored)
        first = options[best][0]
        return first if isinstance(first, Action) else legal[-1]

    def _next_from_plan(self, view: dict[str, Any], guess: State) -> Action:
        """The next action of the cached plan; remembers what the table should look like."""
        step = self.queue[0]
        if step == END:
            action = sort_or_end(view)
            if isinstance(action, Done):
                self.queue.pop(0)
                self.expected = None
            else:
                self.expected = signature_of_view(view)
            return action
        self.queue.pop(0)
        self.expected = signature_of_state(run(guess, [step])) if self.queue else None
        assert isinstance(step, Action)
        return step


def sort_or_end(view: dict[str, Any]) -> Action:
    """One move towards ascending order, or the end of the turn once sorted."""
    present = [card_no(p) for p in view["zones"]["present"]]
    for i, card in enumerate(sorted(present)):
        if present[i] != card:
            return Move(0, card, i)
    return Done(0)


def signature_of_view(view: dict[str, Any]) -> tuple:
    """What must match for a cached plan to go on (the Present's order does not count)."""
    zones = view["zones"]
    futures = tuple(tuple(zones[z]) for z in sorted(zones) if z.startswith("future"))
    return (view["phase"], tuple(sorted(zones["present"])), tuple(zones["past"]), futures,
            view["sweets_active"], view["finished_count"],
            tuple((view.get("pending") or {}).get("picked", ())))


def signature_of_state(s: State) -> tuple:
    """`signature_of_view` of the view a state would give."""
    zones = {"future": [f"c{c}" for c in s.aside]}
    for i, area in enumerate(s.futures):
        zones[f"future{i}"] = [f"c{c}" for c in area]
    futures = tuple(tuple(zones[z]) for z in sorted(zones))
    picked = tuple(f"c{c}" for c in s.pending.picked) if s.pending else ()
    return (s.phase, tuple(sorted(f"c{c}" for c in s.present)),
            tuple(f"c{c}" for c in s.past), futures, s.sweets_active, len(s.finished), picked)


def hint(view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
    """What the good player would do now (for the Hint key); it has no memory of the game."""
    return GoodPlayer().choose(view, legal, rng)


def strength_table() -> dict[str, Callable[[], Any]]:
    """Strength name -> factory of a computer player (the package's PLAYERS)."""
    from game.core.players import RandomPlayer
    return {"random": RandomPlayer, "good": GoodPlayer}
