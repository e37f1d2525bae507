"""The rules again, for the computer player's look-ahead only: no story, no checks, no Pending.

`search.children` meets tens of thousands of positions a game; going through
`engine.apply_action` with its story and its Pending bookkeeping cost most of its time. These
functions change a `State` exactly as `rules` does (tests/finished/test_search_speedups.py
plays them against the real rules), except for what no rule and no forecast reads: the turn
number and the counters kept for the table (`top_known`, `fresh`, `went_below`), which stay as
they were. A whole choice (an action and its picks) is one call.

They raise `rules.GameEnded` like the rules, with `phase` and `result` set.
"""
from __future__ import annotations

from .data import LAST
from .rules import ACTION_OF, DRAWING, ICON, PAST_KEPT, USES, GameEnded, run_reward
from .state import ACT, ASLEEP, OUT_OF_ROUNDS, OVER, WON, State

_NEW = object.__new__


def copy(s: State) -> State:
    """A copy of an ACT state for the look-ahead: the lists are new; the random generator is
    shared (the look-ahead never draws from it) and there is no Pending."""
    new = _NEW(State)
    new.level, new.practice, new.max_rounds, new.rng = s.level, s.practice, s.max_rounds, s.rng
    new.draw, new.present, new.past = s.draw[:], s.present[:], s.past[:]
    new.aside, new.finished = s.aside[:], s.finished[:]
    new.futures = [area[:] for area in s.futures] if s.futures else []
    new.sweets_active, new.sweets_reserved = s.sweets_active, s.sweets_reserved
    new.sweets_on = s.sweets_on.copy()
    new.coffee, new.round, new.turn, new.phase = s.coffee, s.round, s.turn, s.phase
    new.pending, new.result = None, s.result
    new.top_known, new.fresh, new.went_below = s.top_known, s.fresh, s.went_below
    return new


def usable(s: State, card: int) -> bool:
    """`reasons.activation_problem(s, card) is None` for a Present card of an ACT state."""
    uses = USES[card]
    if uses == 0 or s.sweets_on.get(card, 0) >= uses or s.sweets_active <= 0:
        return False
    action = ACTION_OF[card]
    if action == "into_past":
        return len(s.present) >= 2
    if action == "from_past":
        return bool(s.past)
    if action in DRAWING:
        return bool(s.draw) or bool(s.past)
    return True


def _draw(s: State) -> int:
    """rules.draw_one without step 2."""
    if s.draw:
        card = s.draw.pop(0)
    elif s.past:
        card = s.past.pop(0)
    else:
        return 0
    s.present.append(card)
    return card


def _icon(s: State, card: int) -> None:
    if ICON[card] and s.sweets_reserved > 0:
        s.sweets_reserved -= 1
        s.sweets_active += 1


def _return(s: State, cards: list[int] | tuple[int, ...]) -> None:
    on = s.sweets_on
    if on:
        for card in cards:
            count = on.pop(card, 0)
            if count:
                s.sweets_reserved += count


def _settle(s: State) -> None:
    present, finished = s.present, s.finished
    while len(finished) + 1 in present:
        card = len(finished) + 1
        present.remove(card)
        finished.append(card)
        _return(s, (card,))
        if card == LAST:
            s.result, s.phase = WON, OVER
            raise GameEnded
        card = _draw(s)
        if card:
            _icon(s, card)


def _draw_cards(s: State, count: int) -> None:
    for _ in range(count):
        card = _draw(s)
        if not card:
            break
        _icon(s, card)
        _settle(s)


def _leave(s: State, row: list[int], reward: bool) -> None:
    _return(s, row)
    if LAST in row:
        if s.coffee <= 0:
            s.result, s.phase = ASLEEP, OVER
            raise GameEnded
        if s.round >= s.max_rounds:
            s.result, s.phase = OUT_OF_ROUNDS, OVER
            raise GameEnded
        s.coffee -= 1
        s.round += 1
    if reward:
        earned = run_reward(row)
        if earned:
            paid = min(earned, s.sweets_reserved)
            s.sweets_reserved -= paid
            s.sweets_active += paid


def _trim_and_next(s: State) -> None:
    """Steps 7 and 8 (and 1 to 3 of a new turn)."""
    past = s.past
    if len(past) > PAST_KEPT:
        cut = len(past) - PAST_KEPT
        s.draw.extend(past[:cut])
        del past[:cut]
    present = s.present
    if s.aside:
        present.extend(s.aside)
        s.aside = []
    if s.futures:
        present.extend(s.futures.pop(0))
    else:
        drawn = [_draw(s), _draw(s), _draw(s)]
        for card in drawn:
            if card:
                _icon(s, card)
    _settle(s)
    s.phase = ACT


def end(s: State) -> None:
    """Sort the Present and end the turn (steps 6 to 8)."""
    row = sorted(s.present)
    s.present = []
    if row:
        s.past.extend(row)
        _leave(s, row, True)
    _trim_and_next(s)


def activate(s: State, card: int) -> None:
    """Use `card`'s action, one without a choice (or Exchange Cards up to its choice)."""
    action = ACTION_OF[card]
    s.sweets_active -= 1
    s.sweets_on[card] = s.sweets_on.get(card, 0) + 1
    if action == "draw_one" or action == "draw_thrice" or action == "exchange":
        _draw_cards(s, 1)
    elif action == "draw_two":
        _draw_cards(s, 2)
    elif action == "from_past":
        taken = s.past[-2:]
        del s.past[-2:]
        s.present.extend(taken)
        _settle(s)
    elif action == "all_future":
        s.futures.append(s.present)
        s.present = []
        _draw_cards(s, 3)
    elif action == "remove_sweets":
        waiting = [c for area in s.futures for c in area]
        _return(s, [c for c in s.present + s.aside + waiting if c != card])


def into_past(s: State, first: int, second: int) -> None:
    """Cards into the Past (its sweet already paid): `first` then `second` go to the Past."""
    s.present.remove(first)
    s.present.remove(second)
    s.past.append(first)
    s.past.append(second)
    _leave(s, [first, second], False)
    _draw_cards(s, 2)


def one_future(s: State, card: int) -> None:
    """1 Card into the Future (its sweet already paid)."""
    s.present.remove(card)
    s.aside.append(card)


def exchange(s: State, card: int) -> None:
    """The choice of Exchange Cards (after its draw): `card` goes on top of the Draw Stack."""
    s.present.remove(card)
    s.draw.insert(0, card)
    _return(s, (card,))


def below_stack(s: State, row: list[int]) -> None:
    """Below the Stack (its sweet already paid) with the Present in the order `row`."""
    s.present = []
    s.draw.extend(row)
    _leave(s, row, True)
    _trim_and_next(s)


__all__ = ["activate", "below_stack", "copy", "end", "exchange", "into_past", "one_future",
           "usable"]
