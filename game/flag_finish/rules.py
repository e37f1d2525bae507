"""The automatic steps of Flag Finish: dealing a race, refilling the draw pile, finishing,
scoring, and deciding the match. Each changes the state in place and appends events."""
from __future__ import annotations

from typing import Any, Union

from game.core import Event

from .data import colour_of, is_flag, number_of
from .narrator import NARRATOR, card_words, race_name, seconds
from .state import CHALLENGE, CLOSING, MATCH_OVER, RACE_OVER, RACING, FlagState

Need = Union[int, str]  # a number, NEED_FLAG, or NEED_DONE
NEED_FLAG, NEED_DONE = "flag", "done"
DRAW, DISCARD = "draw", "discard"  # zone ids of the draw pile and the discard pile


def hand_zone(seat: int) -> str:
    """Zone id of a racer's hand."""
    return f"hand{seat}"


def row_zone(seat: int) -> str:
    """Zone id of a racer's row of played cards."""
    return f"row{seat}"


def next_needed(state: FlagState, seat: int) -> Need:
    """The card a racer plays next: a number, NEED_FLAG, or NEED_DONE once finished."""
    played = len(state.rows[seat])
    numbers = state.data.high - state.data.low + 1
    if played < numbers:
        return state.data.low + played
    return NEED_FLAG if played == numbers else NEED_DONE


def need_text(need: Need) -> str:
    """How a need reads in a sentence: ``4`` or ``a flag``."""
    return "a flag" if need == NEED_FLAG else str(need)


def fits(card: str, need: Need) -> bool:
    """Whether `card` is the one a racer needing `need` may play."""
    if need == NEED_FLAG:
        return is_flag(card)
    return not is_flag(card) and number_of(card) == need


def greens(state: FlagState, seat: int) -> int:
    """Cards of the start colour in a racer's row (the same-time tiebreak)."""
    return sum(1 for c in state.rows[seat] if colour_of(c) == state.data.start_colour)


def can_draw(state: FlagState) -> bool:
    """A pile draw is possible: cards in the pile, or discards to shuffle into one."""
    return bool(state.draw) or len(state.discard) >= 2


def shuffled_deck(state: FlagState) -> list[str]:
    """The whole deck shuffled with the state's Rng, top first."""
    order = state.data.deck()
    state.rng.shuffle(order)
    return order


def start_race(state: FlagState, order: list[str], events: list[Event]) -> None:
    """Gather the cards, deal `order` (top first) and flip cards until the first green."""
    state.race += 1
    n, cards = state.seats, state.data
    events.append(NARRATOR.event("phase", "race_begins", {"race": state.race,
                                                          "races": state.races},
                                 value=state.race))
    if state.race > 1:
        _gather(state, events)
    events.append(NARRATOR.event("message", "shuffled", reveals=True))
    pile = list(reversed(order))
    state.hands = [[] for _ in range(n)]
    for seat in range(n):
        for _ in range(cards.hand_size):
            state.hands[seat].append(pile.pop())
            events.append(Event("move", "", "?", DRAW, hand_zone(seat), seat=seat, reveals=True))
    events.append(NARRATOR.event("message", "dealt", {"cards": cards.hand_size}))
    state.draw, state.discard = pile, []
    state.rows = [[] for _ in range(n)]
    state.owes, state.taken = [False] * n, [None] * n
    state.phase, state.last_ms, state.window_end = RACING, 0, None
    state.finishers, state.race_scores, state.race_actions, state.race_turns = [], None, 0, 0
    flipper = first = (state.race - 1) % n
    while state.draw:
        card = state.draw.pop()
        state.discard.append(card)
        first = flipper
        events.append(NARRATOR.event("move", "turned_up", {"seat": flipper,
                                                           "name": state.names[flipper],
                                                           "card": card},
                                     piece=card, source=DRAW, target=DISCARD, seat=flipper,
                                     reveals=True))
        if colour_of(card) == cards.start_colour:
            break
        flipper = (flipper + 1) % n
    state.first_player = state.turn = first
    events.append(NARRATOR.event("phase", "go", {"colour": cards.start_colour,
                                                 "everyone": state.mode == CHALLENGE,
                                                 "seat": first, "name": state.names[first]},
                                 seat=first))


def _gather(state: FlagState, events: list[Event]) -> None:
    for seat in range(state.seats):
        for card in state.rows[seat]:
            events.append(Event("move", "", card, row_zone(seat), DRAW))
        for _ in state.hands[seat]:
            events.append(Event("move", "", "?", hand_zone(seat), DRAW, seat=seat))
    for card in state.discard:
        events.append(Event("move", "", card, DISCARD, DRAW))
    events.append(NARRATOR.event("message", "gathered"))


def refill_draw_pile(state: FlagState, events: list[Event]) -> None:
    """The draw pile is empty: every discard but the newest is shuffled into a new one."""
    rest, newest = state.discard[:-1], state.discard[-1]
    for card in rest:  # in the discard order: the new pile's order stays secret
        events.append(Event("move", "", card, DISCARD, DRAW))
    state.draw = list(rest)
    state.rng.shuffle(state.draw)
    state.discard = [newest]
    events.append(NARRATOR.event("message", "pile_refilled", {"count": len(rest)},
                                 reveals=True))


def end_turn(state: FlagState, seat: int, events: list[Event]) -> None:
    """A racer completed a turn (a discard, or a play that did not finish): count it, stop
    a race that has run too long, and in warm-up mode pass the turn on."""
    state.race_turns += 1
    if state.phase == RACING and state.race_turns >= state.data.turn_limit * state.seats:
        events.append(NARRATOR.event("message", "race_stopped",
                                     {"turns": state.data.turn_limit}))
        close_race(state, events)
        return
    if state.mode == CHALLENGE:
        return
    state.turn = (seat + 1) % state.seats
    events.append(NARRATOR.event("phase", "turn", {"seat": state.turn,
                                                   "name": state.names[state.turn]},
                                 seat=state.turn))


def finish(state: FlagState, seat: int, events: list[Event]) -> None:
    """`seat` has just laid its flag: end the race, or open the same-time window. The time
    is the event's value; only a challenge race, which runs on a clock, says it in words."""
    state.finishers.append(seat)
    events.append(NARRATOR.event("message", "crossed", {"seat": seat, "name": state.names[seat],
                                                        "ms": state.last_ms,
                                                        "clocked": state.mode == CHALLENGE},
                                 seat=seat, value=state.last_ms))
    if state.mode != CHALLENGE:
        close_race(state, events)
        return
    if state.phase == RACING:
        state.phase = CLOSING
        state.window_end = state.last_ms + state.data.same_time_ms
        events.append(NARRATOR.event("phase", "tie_window", {"until": state.window_end},
                                     value=state.window_end))
    if len(state.finishers) == state.seats or state.data.same_time_ms == 0:
        close_race(state, events)


def close_race(state: FlagState, events: list[Event]) -> None:
    """Score the race (same-time tiebreak first) and decide whether the match goes on."""
    crossed = list(state.finishers)
    if len(crossed) > 1:
        best = max(greens(state, s) for s in crossed)
        for seat in [s for s in crossed if greens(state, s) < best]:
            flag = state.rows[seat].pop()
            state.hands[seat].append(flag)
            crossed.remove(seat)
            events.append(NARRATOR.event("move", "flag_back",
                                         {"seat": seat, "name": state.names[seat],
                                          "colour": state.data.start_colour, "card": flag},
                                         piece=flag, source=row_zone(seat),
                                         target=hand_zone(seat), seat=seat))
    scores = []
    for seat in range(state.seats):
        left = len(state.hands[seat])
        points = (2 * left) if seat in crossed else left
        scores.append(points)
        events.append(NARRATOR.event("score", "scored", {"seat": seat, "name": state.names[seat],
                                                         "points": points},
                                     seat=seat, value=points))
    state.race_scores = scores
    state.match_scores = [a + b for a, b in zip(state.match_scores, scores)]
    state.history.append(scores)
    state.action_counts.append(state.race_actions)
    state.window_end = None
    _decide_match(state, events)


def _decide_match(state: FlagState, events: list[Event]) -> None:
    low = min(state.match_scores)
    leaders = [s for s, total in enumerate(state.match_scores) if total == low]
    done = state.race >= state.races and (
        len(leaders) == 1 or state.race >= state.races + state.data.extra_races)
    if not done:
        state.phase = RACE_OVER
        events.append(NARRATOR.event("phase", "race_over",
                                     {"race": state.race, "left": state.races - state.race,
                                      "tied": extra_race_next(state)}))
        return
    state.phase, state.winners = MATCH_OVER, leaders
    events.append(NARRATOR.event("end", "match_won", match_won(state)))


def match_won(state: FlagState) -> dict[str, Any]:
    """The data of the match's end: the winners (seats and names), their total, the races."""
    winners = list(state.winners or [])
    return {"winners": winners, "names": [state.names[s] for s in winners],
            "points": state.match_scores[winners[0]], "races": state.race}


def match_summary(state: FlagState) -> str:
    """One sentence on how the match ended."""
    if not state.winners:
        return "The match is still on."
    return NARRATOR.say("match_won", match_won(state))


def extra_race_next(state: FlagState) -> bool:
    """Between races: the set races are run and the lowest total is tied, so one more follows."""
    return state.phase == RACE_OVER and state.race >= state.races


def crossed_the_line(state: FlagState) -> list[int]:
    """Racers whose row ends with a flag (after a race: those who kept their finish)."""
    return [s for s in range(state.seats) if next_needed(state, s) == NEED_DONE]
