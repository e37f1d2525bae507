"""Test helpers every game shares: seats, a scenario bound to a game's engine (acting by an
action's text, refusals with their reason and the state left as it was, the legal actions
as text), and a game's table opened from the menu. A game's own helpers (tests/<game>/
helpers.py) add its deals and bind these to its engine; a new game needs no copy of them."""
from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

from game.core import Engine, Event, IllegalAction, Seat, to_json


def seats_of(names: Sequence[str], kinds: Sequence[str] = ("human", "computer"),
             strength: str = "") -> list[Seat]:
    """One seat per kind, named in order; computers at `strength` (the game's default if '')."""
    return [Seat(name, kind, "" if kind == "human" else strength)
            for name, kind in zip(names, kinds)]


class Scenario:
    """A game's engine seen from a test: actions by their text form. `prepare` turns a test's
    short text into the action's full text (a time a clocked game's actions end with, the
    seat a solo game implies)."""

    def __init__(self, engine: Engine[Any], prepare: Callable[[Any, str], str] = lambda s, t: t):
        self.engine = engine
        self.prepare = prepare

    def act(self, state: Any, text: str) -> tuple[Any, list[Event]]:
        """Apply one action given by its text; the new state and its events."""
        return self.engine.apply(state, self.engine.parse_action(self.prepare(state, text)))

    def run(self, state: Any, *texts: str) -> Any:
        """Apply several actions in order; the final state."""
        for text in texts:
            state, _ = self.act(state, text)
        return state

    def play(self, state: Any, *texts: str) -> tuple[Any, list[Event]]:
        """Apply several actions in order; the final state and all their events."""
        events: list[Event] = []
        for text in texts:
            state, more = self.act(state, text)
            events.extend(more)
        return state, events

    def refused(self, state: Any, text: str) -> str:
        """The reason an action is refused (the test fails if it is accepted); the attempt
        leaves the state as it was."""
        before = to_json(self.engine.snapshot(state))
        try:
            self.act(state, text)
        except IllegalAction as exc:
            assert to_json(self.engine.snapshot(state)) == before, "a refusal changed the state"
            return exc.reason
        raise AssertionError(f"{text!r} was accepted")

    def legal_texts(self, state: Any, seat: int) -> list[str]:
        """The seat's legal actions in their text form."""
        return [a.text() for a in self.engine.legal_actions(state, seat)]


def texts(events: list[Event], kind: Optional[str] = None) -> list[str]:
    """The sentences of some events (of one kind), as the log shows them."""
    return [e.text for e in events if e.text and (kind is None or e.kind == kind)]


def open_game_table(app: Any, game_id: str, seats: list[Seat], options: Optional[dict] = None,
                    seed: int = 0, deal: Any = None) -> Any:
    """A game's table opened from the main menu as a new game (with an explicit deal if
    given), after its first frame."""
    from scenes.menu import MainMenu
    from scenes.table.registry import start_new_game
    app.push(MainMenu(app))
    table = start_new_game(app, game_id, seats, options, seed, deal=deal)
    app.frame(0.016)
    return table
