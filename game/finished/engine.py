"""The Finished! rules engine: set-up, legal actions, applying them, and the table's view."""
from __future__ import annotations

from typing import Any, Optional

from game.core import Action, Engine, Event, Gesture, Outcome, Rng, Seat, Setup
from game.core.text import plural

from . import rules
from .actions import ACTIONS, Activate, Cancel, Confirm, Done, Move, Pick, Unpick
from .data import CARD_COUNT, LAST, card_data
from .reasons import activation_problem, describe_action, explain_action, gestures_for, refuse_gesture
from .state import ASLEEP, CHOOSE, OVER, WON, State
from .story import Story, cid
from .view import FinishedView, build_view


def check_deal(deal: Any) -> list[int]:
    """An explicit deal: the 48 card numbers from the top of the Draw Stack down, 48 last."""
    if not isinstance(deal, (list, tuple)):
        raise ValueError("a Finished! deal is a list of the 48 card numbers, top card first")
    cards = list(deal)
    if len(cards) != CARD_COUNT or any(not isinstance(c, int) or isinstance(c, bool)
                                       for c in cards):
        raise ValueError(f"a Finished! deal lists {CARD_COUNT} card numbers, "
                         f"got {len(cards)} items")
    if sorted(cards) != list(range(1, CARD_COUNT + 1)):
        missing = sorted(set(range(1, CARD_COUNT + 1)) - set(cards))
        raise ValueError(f"a Finished! deal needs each of 1..48 once; missing {missing}")
    if cards[-1] != LAST:
        raise ValueError("00:48 must be the bottom (last) card of a Finished! deal")
    return cards


def shuffled_deal(rng: Rng) -> list[int]:
    """47 shuffled cards with 00:48 at the bottom."""
    cards = list(range(1, CARD_COUNT))
    rng.shuffle(cards)
    return cards + [LAST]


class FinishedEngine(Engine[State]):
    """Rules of the solo game Finished!."""

    name = "finished"
    actions = ACTIONS
    tokens = frozenset({"sweet", "coffee"})

    # -- set-up ---------------------------------------------------------------------------

    def new_game(self, setup: Setup, options: dict[str, Any], seats: list[Seat]) -> State:
        """Deal (or use the explicit deal) and play the first turn's steps 1 to 3."""
        if len(seats) != 1:
            raise ValueError("Finished! is a solo game: exactly one seat")
        data = card_data()
        level_id = options.get("level", "very-easy")
        if level_id not in data.levels:
            raise ValueError(f"unknown Finished! level {level_id!r}")
        level = data.levels[level_id]
        rng = Rng(setup.seed)
        deal = check_deal(setup.deal) if setup.deal is not None else shuffled_deal(rng)
        state = State(level=level_id, practice=bool(options.get("practice", False)),
                      max_rounds=level.rounds, rng=rng, draw=deal,
                      sweets_active=level.sweets_active, sweets_reserved=level.sweets_reserved,
                      coffee=level.coffee, fresh=len(deal))
        try:
            rules.start_turn(state, Story(), first=True)
        except rules.GameEnded:  # not possible with 48 cards, but keep the contract
            pass
        return state

    # -- the protocol ---------------------------------------------------------------------

    def to_act(self, state: State) -> list[int]:
        """Seat 0 while the game runs."""
        return [] if state.phase == OVER else [0]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every action seat 0 may take now: activations, sorting moves and Done (or picks)."""
        if seat != 0 or state.phase == OVER:
            return []
        if state.phase == CHOOSE:
            return self._choice_actions(state)
        result: list[Action] = [Activate(0, c) for c in state.present
                                if activation_problem(state, c) is None]
        n = len(state.present)
        for i, card in enumerate(state.present):
            result.extend(Move(0, card, j) for j in range(n) if j != i)
        result.append(Done(0))
        return result

    def _choice_actions(self, state: State) -> list[Action]:
        pending = state.pending
        assert pending is not None
        result: list[Action] = []
        if len(pending.picked) < rules.max_picks(state):
            result.extend(Pick(0, c) for c in state.present if c not in pending.picked)
        result.extend(Unpick(0, c) for c in pending.picked)
        if len(pending.picked) >= rules.need_picks(state):
            result.append(Confirm(0))
        if not pending.revealed:
            result.append(Cancel(0))
        return result

    def _apply(self, state: State, action: Action, events: list[Event]) -> None:
        out = Story(events)
        try:
            apply_action(state, action, out)
        except rules.GameEnded:
            pass

    def outcome(self, state: State) -> Optional[Outcome]:
        """Won or lost, with the Finished! pile as the score; None while playing."""
        if state.phase != OVER:
            return None
        won = state.result == WON
        count = len(state.finished)
        if won:
            summary = f"Finished! All 48 cards sorted in round {state.round}, " \
                      f"{plural(state.coffee, 'coffee')} left."
        elif state.result == ASLEEP:
            summary = f"Fell asleep in round {state.round} with {plural(count, 'card')} finished."
        else:
            summary = (f"Ran out of rounds after round {state.round} with "
                       f"{plural(count, 'card')} finished.")
        return Outcome(winners=[0] if won else [], scores=[count], summary=summary,
                       details={"won": won, "finished_pile": list(state.finished),
                                "level": state.level, "rounds": state.round,
                                "coffee_left": state.coffee, "result": state.result})

    def snapshot(self, state: State) -> dict[str, Any]:
        """The whole state as plain data."""
        return state.snapshot()

    def hidden_pieces(self, state: State, seat: Optional[int]) -> set[str]:
        """Every card in the Draw Stack: its order is never shown."""
        return {cid(c) for c in state.draw}

    def explain(self, state: State, action: Action) -> str:
        """Why an action is refused, in plain words."""
        return explain_action(state, action)

    def describe(self, action: Action) -> str:
        """A short label for a button or the log."""
        return describe_action(action)

    def gestures(self, state: State, action: Action) -> list[Gesture]:
        """The drags and clicks that perform an action."""
        return gestures_for(state, action)

    def refuse(self, state: State, seat: int, gesture: Gesture) -> str:
        """The drags and clicks that perform an action."""
        return refuse_gesture(state, seat, gesture)

    # -- the view -------------------------------------------------------------------------

    def view(self, state: State, seat: Optional[int]) -> FinishedView:
        """The table as the player sees it (the Draw Stack face down); see `view.py`."""
        return build_view(state, self.to_act(state))


def apply_action(state: State, action: Action, out: Story) -> None:
    """Carry out a legal action (the rules' entry point, also used by the computer player)."""
    if isinstance(action, Activate):
        rules.activate(state, action.card, out)
    elif isinstance(action, Pick):
        assert state.pending is not None
        state.pending.picked.append(action.card)
        out.message("picked", {"card": action.card, "action_card": state.pending.card})
    elif isinstance(action, Unpick):
        assert state.pending is not None
        state.pending.picked.remove(action.card)
        out.message("unpicked", {"card": action.card})
    elif isinstance(action, Confirm):
        rules.confirm(state, out)
    elif isinstance(action, Cancel):
        rules.cancel(state, out)
    elif isinstance(action, Move):
        rules.move(state, action.card, action.index, out)
    elif isinstance(action, Done):
        rules.end_turn(state, out)
    else:
        raise TypeError(f"not a Finished! action: {action!r}")
