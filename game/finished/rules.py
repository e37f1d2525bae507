"""The mechanics of Finished!: drawing, sweets, scoring, coffee, the card actions, steps 6-8.

Every function changes a `State` in place and tells what happened to a `Story`. When the
game ends (00:48 scored, or a coffee needed and none left) they raise `GameEnded`; the engine
catches it, so a rule never has to check whether the game is still running.

Decisions of ours (also in the YAML `rules_notes`):
- A round ends each time 00:48 leaves the Present for the Past or the bottom of the Draw Stack
  (Step 6, Cards into the Past, Below the Stack), and that costs a coffee. No coffee left at
  that moment: asleep, lost. A round ending beyond the level's last round also loses (checked
  after the coffee); with the levels' numbers (coffee = rounds - 1) both happen together.
- Sweets on a card that is scored or put on top of the Draw Stack go back to the reserve.
"""
from __future__ import annotations

from typing import Iterable

from .data import LAST, card_data
from .state import ACT, ASLEEP, CHOOSE, OUT_OF_ROUNDS, OVER, WON, Pending, State
from .story import Story, cid

_DATA = card_data()
ACTION_OF: dict[int, str] = {n: c.action for n, c in _DATA.cards.items()}
ICON: dict[int, bool] = {n: c.sweet for n, c in _DATA.cards.items()}
USES: dict[int, int] = {n: _DATA.actions[c.action].uses for n, c in _DATA.cards.items()}
DRAWING = ("draw_one", "draw_two", "draw_thrice", "exchange")
CHOICES = ("into_past", "below_stack", "one_future", "exchange")
PAST_KEPT = 3  # face-up cards left in the Past by step 7
TURN_DRAW = 3


class GameEnded(Exception):
    """Raised inside the rules when the game is won or lost; the state says which."""


def name_of(card: int) -> str:
    """The action name of a card."""
    return _DATA.actions[ACTION_OF[card]].name


# -- drawing, sweets, scoring ---------------------------------------------------------------

def can_draw(s: State) -> bool:
    """Is there a card to draw (Draw Stack, or the Past when the stack is empty)?"""
    return bool(s.draw) or bool(s.past)


def draw_one(s: State, out: Story, sweets: bool = True) -> int:
    """Draw the top card (or the oldest Past card if the stack is empty) into the Present.

    Returns the card, or 0 when nothing is left. `sweets`: do step 2 for it at once.
    """
    if s.draw:
        card = s.draw.pop(0)
        if s.top_known:
            s.top_known -= 1
        elif s.fresh:
            s.fresh -= 1
        source = "draw"
    elif s.past:
        card = s.past.pop(0)
        source = "past"
    else:
        out.message("nothing_to_draw")
        return 0
    s.present.append(card)
    out.drawn(card, source)
    if sweets:
        sweet_for_icon(s, card, out)
    return card


def sweet_for_icon(s: State, card: int, out: Story) -> None:
    """Step 2: a drawn sweet-icon card moves one sweet from the reserve to the active stash."""
    if not ICON[card]:
        return
    if s.sweets_reserved > 0:
        s.sweets_reserved -= 1
        s.sweets_active += 1
        out.icon_sweet(card)
    else:
        out.message("icon_sweet_unpaid", {"card": card})


def draw_cards(s: State, count: int, out: Story) -> None:
    """Draw `count` cards one by one; each may be scored at once (scoring interrupts)."""
    for _ in range(count):
        if not draw_one(s, out):
            break
        settle(s, out)


def settle(s: State, out: Story) -> None:
    """Step 3: score every scoreable Present card, each followed by a replacement draw."""
    while s.needed in s.present:
        card = s.needed
        s.present.remove(card)
        s.finished.append(card)
        out.scored(card)
        return_sweets(s, (card,), out)
        if card == LAST:
            s.result, s.phase, s.pending = WON, OVER, None
            out.end("won")
            raise GameEnded
        draw_one(s, out)


def return_sweets(s: State, cards: Iterable[int], out: Story) -> None:
    """Sweets on these cards go back to the Reserved Stash."""
    for card in cards:
        count = s.sweets_on.pop(card, 0)
        if count:
            s.sweets_reserved += count
            out.returned(card, count)


def run_reward(row: list[int]) -> int:
    """Sweets earned by a moved row: each run of n >= 3 consecutive numbers gives n - 1."""
    total, length = 0, 1
    for i in range(1, len(row) + 1):
        if i < len(row) and row[i] == row[i - 1] + 1:
            length += 1
            continue
        if length >= 3:
            total += length - 1
        length = 1
    return total


def pay_reward(s: State, row: list[int], out: Story) -> None:
    """The Sequence Rule, paid from the reserve as far as it goes."""
    earned = run_reward(row)
    if not earned:
        return
    paid = min(earned, s.sweets_reserved)
    s.sweets_reserved -= paid
    s.sweets_active += paid
    if paid:
        out.sweets(paid, "sweets_reserved", "sweets_active", "run_reward",
                   {"earned": earned, "paid": paid})
    else:
        out.message("run_unpaid", {"earned": earned})


def drink_coffee(s: State, out: Story) -> None:
    """00:48 left the Present for the Past or the Draw Stack: a round ends."""
    if s.coffee <= 0:
        s.result, s.phase, s.pending = ASLEEP, OVER, None
        out.end("asleep")
        raise GameEnded
    if s.round >= s.max_rounds:
        s.result, s.phase, s.pending = OUT_OF_ROUNDS, OVER, None
        out.end("out_of_rounds", {"round": s.round})
        raise GameEnded
    s.coffee -= 1
    s.round += 1
    out.coffee(s.coffee, s.round)


def leave_present(s: State, row: list[int], out: Story, reward: bool) -> None:
    """After `row` left the Present for the Past or under the stack: sweets, coffee, reward."""
    return_sweets(s, row, out)
    if LAST in row:
        drink_coffee(s, out)
    if reward:
        pay_reward(s, row, out)


# -- steps 6, 7, 8 and the start of a turn --------------------------------------------------

def end_turn(s: State, out: Story) -> None:
    """Steps 6 to 8 after the player is done."""
    row, s.present = s.present, []
    if row:
        out.phase("present_leaves")
        for card in row:
            s.past.append(card)
            out.moved(card, "present", "past", "to_past")
        leave_present(s, row, out, reward=True)
    trim_past(s, out)
    next_present(s, out)


def trim_past(s: State, out: Story) -> None:
    """Step 7: the oldest Past cards go face down under the Draw Stack until 3 are left."""
    if len(s.past) > PAST_KEPT:
        out.phase("past_trimmed")
    while len(s.past) > PAST_KEPT:
        card = s.past.pop(0)
        s.draw.append(card)
        s.went_below += 1
        out.moved(card, "past", "draw", "below_stack")


def join_aside(s: State, out: Story) -> None:
    """Cards set aside by 1 Card into the Future join the Present being formed."""
    for card in s.aside:
        s.present.append(card)
        out.moved(card, "future", "present", "from_future")
    s.aside = []


def next_present(s: State, out: Story) -> None:
    """Step 8: the oldest Future Area comes back (continue at step 3), or a new turn starts."""
    if s.futures:
        area = s.futures.pop(0)
        out.phase("future_returns")
        join_aside(s, out)
        for card in area:
            s.present.append(card)
            out.moved(card, "future0", "present", "from_future")
        settle(s, out)
    else:
        start_turn(s, out, first=False)
    s.phase = ACT


def start_turn(s: State, out: Story, first: bool) -> None:
    """Steps 1 to 3 of a new turn."""
    if not first:
        s.turn += 1
    out.phase("turn_begins", {"turn": s.turn})
    join_aside(s, out)
    drawn = [draw_one(s, out, sweets=False) for _ in range(TURN_DRAW)]
    for card in drawn:
        if card:
            sweet_for_icon(s, card, out)
    settle(s, out)
    s.phase = ACT


# -- the card actions -----------------------------------------------------------------------

def activate(s: State, card: int, out: Story) -> None:
    """Place a sweet on `card` and carry out its action (or wait for the player's choice)."""
    action = ACTION_OF[card]
    s.sweets_active -= 1
    s.sweets_on[card] = s.sweets_on.get(card, 0) + 1
    out.used(card)
    if action in ("draw_one", "draw_thrice"):
        draw_cards(s, 1, out)
    elif action == "draw_two":
        draw_cards(s, 2, out)
    elif action == "from_past":
        taken = s.past[-2:]
        del s.past[-2:]
        for c in taken:
            s.present.append(c)
            out.moved(c, "past", "present", "from_past")
        settle(s, out)
    elif action == "all_future":
        area, s.present = s.present, []
        s.futures.append(area)
        zone = f"future{len(s.futures) - 1}"
        for c in area:
            out.moved(c, "present", zone, "into_future", area=len(s.futures) - 1)
        draw_cards(s, 3, out)
    elif action == "remove_sweets":
        waiting = [c for area in s.futures for c in area]
        return_sweets(s, [c for c in s.present + s.aside + waiting if c != card], out)
    elif action == "exchange":
        s.pending = Pending(card, action, revealed=True)
        s.phase = CHOOSE
        draw_cards(s, 1, out)
        if not s.present:
            s.pending, s.phase = None, ACT
            out.message("nothing_to_put_back")
    elif action in CHOICES:
        s.pending = Pending(card, action)
        s.phase = CHOOSE


def below_order(s: State) -> list[int]:
    """The order Below the Stack would use: the picks first, then the rest as they lie."""
    picked = s.pending.picked if s.pending else []
    return list(picked) + [c for c in s.present if c not in picked]


def confirm(s: State, out: Story) -> None:
    """Carry out the waiting action with the player's picks."""
    pending = s.pending
    assert pending is not None
    row = below_order(s) if pending.action == "below_stack" else []
    s.pending, s.phase = None, ACT
    if pending.action == "into_past":
        for c in pending.picked:
            s.present.remove(c)
            s.past.append(c)
            out.moved(c, "present", "past", "to_past")
        leave_present(s, pending.picked, out, reward=False)
        draw_cards(s, 2, out)
    elif pending.action == "one_future":
        c = pending.picked[0]
        s.present.remove(c)
        s.aside.append(c)
        out.moved(c, "present", "future", "set_aside")
    elif pending.action == "exchange":
        c = pending.picked[0]
        s.present.remove(c)
        s.draw.insert(0, c)
        s.top_known += 1
        out.moved(c, "present", "draw", "on_top")
        return_sweets(s, (c,), out)
    elif pending.action == "below_stack":
        s.present = []
        for c in row:
            s.draw.append(c)
            s.went_below += 1
            out.moved(c, "present", "draw", "below_stack")
        leave_present(s, row, out, reward=True)
        trim_past(s, out)
        next_present(s, out)


def cancel(s: State, out: Story) -> None:
    """Give up the waiting action; its sweet goes back to the active stash."""
    pending = s.pending
    assert pending is not None
    s.pending, s.phase = None, ACT
    left = s.sweets_on.get(pending.card, 0) - 1
    if left > 0:
        s.sweets_on[pending.card] = left
    else:
        s.sweets_on.pop(pending.card, None)
    s.sweets_active += 1
    out.sweets(1, cid(pending.card), "sweets_active", "cancelled", {"card": pending.card})


def move(s: State, card: int, index: int, out: Story) -> None:
    """Sort: put `card` at place `index` of the Present."""
    s.present.remove(card)
    s.present.insert(index, card)
    out.moved(card, "present", f"present#{index}", "sorted", place=index + 1)


def need_picks(s: State) -> int:
    """How many picks the waiting action needs before it can be confirmed."""
    p = s.pending
    if p is None:
        return 0
    if p.action == "into_past":
        return 2
    if p.action == "below_stack":
        return 0  # any time: the rest follow in their Present order
    return 1


def max_picks(s: State) -> int:
    """How many cards the waiting action may take."""
    p = s.pending
    if p is None:
        return 0
    if p.action == "below_stack":
        return len(s.present)
    return 2 if p.action == "into_past" else 1


def used_up(s: State, card: int) -> bool:
    """Has the card used all its activations (its sweets are still on it)?"""
    return s.sweets_on.get(card, 0) >= USES[card]

