"""The mechanics of Finita: dealing, matching, every card's effect, the reactions, scoring.

Functions here change a state in place and append `Event`s; the engine (engine.py) checks
that an action is legal before it calls them. Decisions where the rulebook is silent are
the `decisions:` lines of assets/data/finita.yaml, shown on the rules page.
"""
from __future__ import annotations

from typing import Optional

from game.core.text import plural
from game.core import Event

from .data import (DRAW2, HIGH, LOW, NUMBER, PATRICK, PAUL, PETRA, PIA, REVERSE, SKIP, WILD,
                   WILD4, card, deck_ids)
from .narrator import NARRATOR, seat_data
from .state import (ANSWER, CHOOSE, CLAP, COLOUR, DEMAND, DRAWN, HIDE, MATCH_OVER,
                    NUMBER_DEMAND, PATRICK as PATRICK_PHASE, PIA_ANSWER, PIA_NAME,
                    RANGE_DEMAND, ROUND_OVER, SWAP, TURN, FinitaState)

DRAW_ZONE, DISCARD_ZONE = "draw", "discard"
DRAW_KINDS = (DRAW2, WILD4)


def hand_zone(seat: int) -> str:
    return f"hand{seat}"


def memory_zone(seat: int) -> str:
    return f"memory{seat}"


def compare_zone(seat: int) -> str:
    return f"compare{seat}"


def memory_piece(state: FinitaState, seat: int, index: int) -> str:
    """A memory card as its owner sees it: its id if the owner knows it, else face down."""
    return state.memory[seat][index] if state.known[seat][index] else "?"


# -- matching -----------------------------------------------------------------------------

def matches(colour: Optional[str], face: Optional[str], card_id: str) -> bool:
    """Whether a card goes on a pile whose colour and face in force are these: black cards
    and superpowers always; others share the colour or the face (anything after a free Pia).
    Computer players ask it with the colour and face of their view."""
    c = card(card_id)
    if c.colour is None or (colour is None and face is None):
        return True
    return c.colour == colour or c.mark == face


def fits(state: FinitaState, card_id: str) -> bool:
    """Whether a card may go on the pile on an ordinary turn."""
    return matches(state.colour, state.face, card_id)


def answers_chain(state: FinitaState, card_id: str) -> bool:
    """Whether a card passes the running draw on (Overtime: its own kind; Chaos: either)."""
    kind = card(card_id).kind
    if kind not in DRAW_KINDS:
        return False
    if state.options["chaos"]:
        return True
    return state.options["overtime"] and kind == state.chain_kind


def answers_demand(state: FinitaState, card_id: str) -> bool:
    """Whether a card answers Paul's or Petra's demand (number cards of any colour)."""
    demand, c = state.demand, card(card_id)
    if demand is None or c.kind != NUMBER:
        return False
    if demand["kind"] == PAUL:
        return c.number == demand["number"]
    if demand["dir"] == "higher":
        return c.number > demand["number"]
    return c.number < demand["number"]


def identical(a: str, b: str) -> bool:
    """Two number cards of the same colour and number."""
    ca, cb = card(a), card(b)
    return ca.kind == NUMBER and ca.face == cb.face and a != b


def poker_sets(state: FinitaState, hand: list[str]) -> list[tuple[str, ...]]:
    """Every Poker the hand allows now: five numbers in a row of one colour, or one number in
    four colours, the first card laid fitting the pile (one ordering per first/last card)."""
    numbers = [c for c in hand if card(c).kind == NUMBER]
    by_key: dict[tuple, str] = {}
    for c in sorted(numbers):
        by_key.setdefault((card(c).colour, card(c).number), c)
    found: list[tuple[str, ...]] = []
    colours = state.data.colour_ids
    for colour in colours:
        for low in range(LOW, HIGH - 3):
            run = [by_key.get((colour, n)) for n in range(low, low + 5)]
            if all(run):
                for order in (tuple(run), tuple(reversed(run))):
                    if fits(state, order[0]):
                        found.append(order)  # type: ignore[arg-type]
    for n in range(LOW, HIGH + 1):
        group = [by_key.get((colour, n)) for colour in colours]
        if all(group):
            for first in group:
                if not fits(state, first):  # type: ignore[arg-type]
                    continue
                for last in group:
                    if last != first:
                        middle = [g for g in group if g not in (first, last)]
                        found.append((first, *middle, last))  # type: ignore[arg-type]
    return found


def choice_words(state: FinitaState) -> list[str]:
    """The words a CHOOSE phase accepts."""
    colours = list(state.data.colour_ids)
    numbers = [str(n) for n in range(LOW, HIGH + 1)]
    if state.choice == COLOUR:
        return colours
    if state.choice == NUMBER_DEMAND:
        return numbers
    if state.choice == RANGE_DEMAND:
        return [f"higher-{n}" for n in numbers] + [f"lower-{n}" for n in numbers]
    if state.choice == PIA_NAME:
        return colours + numbers
    if state.choice == PIA_ANSWER:
        return ["end", "pass"]
    if state.choice == SWAP:
        return ["keep"]
    return []


def swap_options(state: FinitaState) -> list[tuple[int, int, int, int]]:
    """(seat, index, seat, index) pairs of opponents' memory cards that may be swapped."""
    others = [s for s in range(state.seats) if s != state.chooser and state.memory[s]]
    found = []
    for i, a in enumerate(others):
        for b in others[i + 1:]:
            for ia in range(len(state.memory[a])):
                for ib in range(len(state.memory[b])):
                    found.append((a, ia, b, ib))
    return found


def can_draw(state: FinitaState) -> bool:
    return bool(state.draw) or len(state.discard) > 1


def may_call(state: FinitaState, seat: int) -> bool:
    """A "Finita!" call is due: one card left and no call yet, or two when the seat is about
    to lay one (its turn, a card just drawn, a draw to pass on, a demand or a skip to answer)."""
    if state.called[seat] or len(state.hands[seat]) > 2 or state.phase in (
            ROUND_OVER, MATCH_OVER, HIDE):
        return False
    held = state.total(seat)
    return held == 1 or (held == 2 and state.turn == seat
                         and state.phase in (TURN, DRAWN, DEMAND, ANSWER))


def throw_card(state: FinitaState, seat: int) -> Optional[str]:
    """The card of `seat` identical to the top card, if the seat holds one."""
    if not state.discard:
        return None
    top = state.discard[-1]
    return next((c for c in state.hands[seat] if identical(c, top)), None)


def may_throw(state: FinitaState, seat: int) -> bool:
    """A throw window is open for this seat (it is neither the seat to act nor the one who
    laid the top card)."""
    return (state.options["throws"] and state.throw_until is not None and state.phase == TURN
            and state.chain == 0 and seat != state.turn and seat != state.laid_by)


# -- drawing and laying ---------------------------------------------------------------------

def refill(state: FinitaState, events: list[Event]) -> bool:
    """Shuffle the discards under the top card into a new draw pile; False if none."""
    if len(state.discard) <= 1:
        return False
    state.draw = state.discard[:-1]
    state.discard = state.discard[-1:]
    state.rng.shuffle(state.draw)
    events.append(NARRATOR.event("message", "shuffle", {"count": len(state.draw)},
                                 source=DISCARD_ZONE, target=DRAW_ZONE, value=len(state.draw)))
    return True


def give(state: FinitaState, seat: int, count: int, events: list[Event], why: str = "") -> int:
    """`seat` draws `count` cards (fewer if the pile and the discards run dry); `why` is one
    of narrator.DRAW_REASONS ("" for an ordinary draw, "penalty", "patrick", ...)."""
    got = 0
    for _ in range(count):
        if not state.draw and not refill(state, events):
            events.append(NARRATOR.event("message", "pile_empty", seat_data(state.names, seat),
                                         seat=seat))
            break
        state.hands[seat].append(state.draw.pop())
        got += 1
        events.append(Event("move", "", "?", DRAW_ZONE, hand_zone(seat), seat=seat, reveals=True))
    if got:
        state.called[seat] = False
        if state.unsafe == seat:
            state.unsafe = None  # more than one card again: nothing left to catch
        events.append(NARRATOR.event("message", "draw", seat_data(state.names, seat, count=got,
                                                                  why=why),
                                     seat=seat, value=got))
    return got


def lay(state: FinitaState, seat: int, card_id: str, events: list[Event], told: str = "play",
        source: Optional[str] = None) -> None:
    """Move a card from the seat's hand (or `source`) onto the discard pile; `told` is the
    event's code: play, answer (to a demand or with Pia) or thrown."""
    if source is None:
        state.hands[seat].remove(card_id)
    if state.unsafe is not None and state.unsafe != seat:
        state.unsafe = None  # another card was played: too late to catch a missed call
    state.discard.append(card_id)
    state.laid_by = seat
    state.passes = 0
    events.append(NARRATOR.event("move", told, seat_data(state.names, seat, card=card_id),
                                 piece=card_id, source=source or hand_zone(seat),
                                 target=DISCARD_ZONE, seat=seat))


def set_force(state: FinitaState, card_id: str) -> None:
    c = card(card_id)
    state.colour, state.face = c.colour, c.mark


def after_lay(state: FinitaState, seat: int, events: list[Event]) -> bool:
    """Bookkeeping once a seat's card(s) landed: the round may end; a missing call makes the
    seat catchable. True when the round ended."""
    if state.total(seat) == 0:
        end_round(state, seat, events)
        return True
    if state.total(seat) == 1 and not state.called[seat]:
        state.unsafe = seat
    return False


def advance(state: FinitaState, seat: int, steps: int = 1) -> None:
    """The turn goes `steps` seats on from `seat`. A call made ahead by a seat that laid no
    card after all (it kept a drawn card, or took a skip) lapses."""
    if state.total(seat) > 1:
        state.called[seat] = False
    state.turn = state.next_seat(seat, steps)
    state.phase = TURN
    state.turns += 1


def open_windows(state: FinitaState, ms: int, events: list[Event]) -> None:
    """After a card landed on an ordinary turn: a 9 opens the clap window (Clap), a number
    card the throw window (Throws)."""
    top = card(state.discard[-1])
    if state.options["clap"] and top.kind == NUMBER and top.number == 9:
        state.resume, state.phase = state.phase, CLAP
        state.clap_until, state.clapped = ms + state.options["window"], []
        events.append(NARRATOR.event("message", "clap_window", {"until": state.clap_until},
                                     value=state.clap_until))
        return
    if state.options["throws"] and top.kind == NUMBER and state.phase == TURN and not state.chain:
        state.throw_until = ms + state.options["window"]


# -- effects --------------------------------------------------------------------------------

def aim_skip(state: FinitaState, target: int, events: list[Event]) -> None:
    """A skip aimed at `target`: answered with Pia if the seat holds one, else served."""
    if any(card(c).kind == PIA for c in state.hands[target]):
        state.phase, state.skip_target, state.turn = ANSWER, target, target
        return
    events.append(NARRATOR.event("message", "skipped", seat_data(state.names, target),
                                 seat=target))
    advance(state, target)


def play_card(state: FinitaState, seat: int, card_id: str, ms: int, events: list[Event],
              source: Optional[str] = None) -> None:
    """An ordinary play (or a passed-on draw) and its effect."""
    c = card(card_id)
    before = (state.colour, state.face)
    lay(state, seat, card_id, events, source=source)
    if after_lay(state, seat, events):
        return
    if c.colour is not None:
        set_force(state, card_id)
    kind = c.kind
    if kind == NUMBER:
        if c.number == 0 and state.options["memory_swap"] and swap_partners(state, seat):
            ask(state, seat, SWAP)
            return
        advance(state, seat)
        open_windows(state, ms, events)
    elif kind == SKIP:
        aim_skip(state, state.next_seat(seat), events)
    elif kind == REVERSE:
        state.direction = -state.direction
        events.append(NARRATOR.event("message", "reverse", {"direction": state.direction}))
        if state.seats == 2:
            aim_skip(state, state.next_seat(seat), events)
        else:
            advance(state, seat)
    elif kind == DRAW2:
        state.chain, state.chain_kind = state.chain + 2, DRAW2
        advance(state, seat)
    elif kind == WILD:
        ask(state, seat, COLOUR)
    elif kind == WILD4:
        state.pending_chain = state.chain + 4
        ask(state, seat, COLOUR)
    elif kind == PAUL:
        state.demand = {"before": before}
        ask(state, seat, NUMBER_DEMAND)
    elif kind == PETRA:
        state.demand = {"before": before}
        ask(state, seat, RANGE_DEMAND)
    elif kind == PIA:
        ask(state, seat, PIA_NAME)
    elif kind == PATRICK:
        start_patrick(state, seat, before, events)


def swap_partners(state: FinitaState, seat: int) -> bool:
    return sum(1 for s in range(state.seats) if s != seat and state.memory[s]) >= 2


def ask(state: FinitaState, seat: int, what: str) -> None:
    state.phase, state.choice, state.chooser, state.turn = CHOOSE, what, seat, seat


def choose(state: FinitaState, word: str, ms: int, events: list[Event]) -> None:
    """Carry out a named choice (the engine checked it is one of `choice_words`)."""
    seat, what = state.chooser, state.choice
    state.choice = ""
    if what == COLOUR:
        state.colour, state.face = word, None
        events.append(NARRATOR.event("message", "colour_named",
                                     seat_data(state.names, seat, colour=word),
                                     seat=seat, value=word))
        if state.pending_chain:
            state.chain, state.chain_kind, state.pending_chain = state.pending_chain, WILD4, 0
        advance(state, seat)
    elif what in (NUMBER_DEMAND, RANGE_DEMAND):
        before = state.demand["before"] if state.demand else (state.colour, state.face)
        if what == NUMBER_DEMAND:
            number, direction = int(word), ""
            events.append(NARRATOR.event("message", "paul_asks",
                                         seat_data(state.names, seat, number=number),
                                         seat=seat, value=word))
        else:
            direction, number_text = word.split("-")
            number = int(number_text)
            events.append(NARRATOR.event("message", "petra_asks",
                                         seat_data(state.names, seat, number=number,
                                                   dir=direction),
                                         seat=seat, value=word))
        queue = [state.next_seat(seat, i) for i in range(1, state.seats)]
        state.demand = {"kind": PAUL if what == NUMBER_DEMAND else PETRA, "number": number,
                        "dir": direction, "by": seat, "queue": queue, "before": before,
                        "answered": False}
        state.phase, state.turn = DEMAND, queue[0]
    elif what == PIA_NAME:
        if word.isdigit():
            state.colour, state.face = None, word
            events.append(NARRATOR.event("message", "pia_number",
                                         seat_data(state.names, seat, number=int(word)),
                                         seat=seat, value=word))
        else:
            state.colour, state.face = word, None
            events.append(NARRATOR.event("message", "pia_colour",
                                         seat_data(state.names, seat, colour=word),
                                         seat=seat, value=word))
        advance(state, seat)
    elif what == PIA_ANSWER:
        pia_answer(state, seat, word, events)
    elif what == SWAP:  # "keep": no swap
        advance(state, seat)
        open_windows(state, ms, events)


def pia_answer(state: FinitaState, seat: int, word: str, events: list[Event]) -> None:
    """After Pia answered a draw or a skip: end the effect here, or pass it on whole."""
    against = state.answering
    state.answering = ""
    told = seat_data(state.names, seat, against=against)
    if word == "end":
        if against == "draw":
            state.chain, state.chain_kind = 0, ""
        events.append(NARRATOR.event("message", "pia_ended", told, seat=seat))
        state.phase, state.turn = TURN, seat
        return
    events.append(NARRATOR.event("message", "pia_passed", told, seat=seat))
    if against == "draw":
        advance(state, seat)
    else:
        aim_skip(state, state.next_seat(seat), events)


def play_pia_answer(state: FinitaState, seat: int, card_id: str, ms: int,
                    events: list[Event], source: Optional[str] = None) -> None:
    """Pia laid against an effect aimed at its holder (from the hand, or a memory card)."""
    lay(state, seat, card_id, events, told="answer", source=source)
    state.colour = state.face = None  # anything may follow a Pia
    if after_lay(state, seat, events):
        return
    if state.phase == TURN and state.chain:
        state.answering = "draw"
        ask(state, seat, PIA_ANSWER)
    elif state.phase == ANSWER:
        state.skip_target = None
        state.answering = "skip"
        ask(state, seat, PIA_ANSWER)
    elif state.phase == DEMAND:
        next_in_demand(state, events)
    elif state.phase == PATRICK_PHASE:
        assert state.patrick is not None
        state.patrick["queue"].remove(seat)
        events.append(NARRATOR.event("message", "patrick_sat_out", seat_data(state.names, seat),
                                     seat=seat))
        next_in_patrick(state, events)


# -- Paul and Petra ---------------------------------------------------------------------------

def answer_demand(state: FinitaState, seat: int, card_id: str, ms: int, events: list[Event],
                  source: Optional[str] = None) -> None:
    assert state.demand is not None
    lay(state, seat, card_id, events, told="answer", source=source)
    set_force(state, card_id)
    state.demand["answered"] = True
    if after_lay(state, seat, events):
        return
    next_in_demand(state, events)
    open_windows(state, ms, events)


def next_in_demand(state: FinitaState, events: list[Event]) -> None:
    """The demand moves to the next seat, or play goes on after the seat that made it."""
    demand = state.demand
    assert demand is not None
    demand["queue"].pop(0)
    if demand["queue"]:
        state.phase, state.turn = DEMAND, demand["queue"][0]
        return
    state.demand = None
    top = card(state.discard[-1])
    if top.kind in (PAUL, PETRA):  # nobody answered: play goes on on the card below
        state.colour, state.face = demand["before"]
    advance(state, demand["by"])


# -- Patrick ------------------------------------------------------------------------------------

def start_patrick(state: FinitaState, seat: int, before: tuple, events: list[Event]) -> None:
    queue = [state.next_seat(seat, i) for i in range(1, state.seats + 1)]
    queue = [s for s in queue if any(card(c).kind == NUMBER for c in state.hands[s])]
    state.patrick = {"by": seat, "queue": queue, "chosen": {}, "before": before}
    events.append(NARRATOR.event("message", "patrick_begins", seat_data(state.names, seat),
                                 seat=seat))
    next_in_patrick(state, events)


def next_in_patrick(state: FinitaState, events: list[Event]) -> None:
    patrick = state.patrick
    assert patrick is not None
    if patrick["queue"]:
        state.phase, state.turn = PATRICK_PHASE, patrick["queue"][0]
        return
    resolve_patrick(state, events)


def compare(state: FinitaState, seat: int, card_id: str, events: list[Event]) -> None:
    patrick = state.patrick
    assert patrick is not None
    state.hands[seat].remove(card_id)
    patrick["chosen"][seat] = card_id
    patrick["queue"].remove(seat)
    events.append(NARRATOR.event("move", "picked", seat_data(state.names, seat), piece="?",
                                 source=hand_zone(seat), target=compare_zone(seat), seat=seat))
    next_in_patrick(state, events)


def resolve_patrick(state: FinitaState, events: list[Event]) -> None:
    """Show the chosen cards; the highest and every shared number draw 3; cards go back."""
    patrick = state.patrick
    assert patrick is not None
    chosen: dict[int, str] = patrick["chosen"]
    numbers = {s: card(c).number for s, c in chosen.items()}
    losers: list[int] = []
    if numbers:
        high = max(numbers.values())  # type: ignore[type-var]
        for s, n in numbers.items():
            shared = sum(1 for m in numbers.values() if m == n) > 1
            if n == high or shared:
                losers.append(s)
    for s, c in sorted(chosen.items()):  # value: whether this seat draws three
        events.append(NARRATOR.event("flip", "shown",
                                     seat_data(state.names, s, card=c, draws=s in losers),
                                     piece=c, source=compare_zone(s), target=compare_zone(s),
                                     value=s in losers, seat=s, reveals=True))
    for s, c in sorted(chosen.items()):
        state.hands[s].append(c)
        events.append(Event("move", "", c, compare_zone(s), hand_zone(s), seat=s))
    state.patrick = None
    for s in sorted(losers):
        give(state, s, 3, events, "patrick")
    if card(state.discard[-1]).kind == PATRICK:
        state.colour, state.face = patrick["before"]
    advance(state, patrick["by"])


# -- reactions ----------------------------------------------------------------------------------

def call(state: FinitaState, seat: int, events: list[Event]) -> None:
    state.called[seat] = True
    if state.unsafe == seat:
        state.unsafe = None
    events.append(NARRATOR.event("message", "called", seat_data(state.names, seat), seat=seat))


def catch(state: FinitaState, seat: int, target: int, events: list[Event]) -> None:
    cost = 1 if state.options["punish"] else 2
    state.unsafe = None
    events.append(NARRATOR.event("message", "caught", {
        "catcher": seat, "catcher_name": state.names[seat], "caught": target,
        "caught_name": state.names[target], "cards": cost}, seat=seat, value=target))
    give(state, target, cost, events, "missed_call")
    state.called[target] = False


def throw(state: FinitaState, seat: int, ms: int, events: list[Event]) -> None:
    found = throw_card(state, seat)
    if found is None:
        events.append(NARRATOR.event("message", "throw_without_card",
                                     seat_data(state.names, seat), seat=seat))
        give(state, seat, 1, events, "penalty")
        return
    state.throw_until = None
    lay(state, seat, found, events, told="thrown")
    set_force(state, found)
    if after_lay(state, seat, events):
        return
    advance(state, seat)
    open_windows(state, ms, events)


def clap(state: FinitaState, seat: int, ms: int, events: list[Event]) -> None:
    if state.phase != CLAP:
        events.append(NARRATOR.event("message", "clap_at_nothing", seat_data(state.names, seat),
                                     seat=seat))
        give(state, seat, 1, events, "penalty")
        return
    state.clapped.append(seat)
    events.append(NARRATOR.event("message", "clapped", seat_data(state.names, seat), seat=seat))
    if len(state.clapped) == state.seats:
        last = state.clapped[-1]
        events.append(NARRATOR.event("message", "clap_last", seat_data(state.names, last),
                                     seat=last))
        give(state, last, 1, events)
        end_clap(state, ms, events)


def close(state: FinitaState, ms: int, events: list[Event]) -> None:
    """A window's time ran out: the clap window (whoever did not clap draws) or a throw."""
    if state.phase == CLAP:
        for s in range(state.seats):
            if s not in state.clapped:
                events.append(NARRATOR.event("message", "no_clap", seat_data(state.names, s),
                                             seat=s))
                give(state, s, 1, events)
        end_clap(state, ms, events)
    else:
        state.throw_until = None


def end_clap(state: FinitaState, ms: int, events: list[Event]) -> None:
    state.phase, state.resume = state.resume, ""
    state.clap_until, state.clapped = None, []
    if state.options["throws"] and state.phase == TURN and not state.chain:
        state.throw_until = ms + state.options["window"]


def penalty(state: FinitaState, seat: int, target: int, reason: str, events: list[Event]) -> None:
    reason = "suggestion" if reason == "suggestion" else "question"
    count = 2 if reason == "suggestion" else 1
    events.append(NARRATOR.event("message", "penalty", {
        "giver": seat, "giver_name": state.names[seat], "target": target,
        "target_name": state.names[target], "reason": reason, "cards": count},
        seat=seat, value=target))
    give(state, target, count, events, "penalty")


# -- rounds -----------------------------------------------------------------------------------

def start_round(state: FinitaState, events: list[Event], order: Optional[list[str]] = None,
                first: Optional[int] = None) -> None:
    """Deal a round: 7 cards each, a first card turned up (black cards and superpowers go
    back), the memory cards if that rule is on, then the first card's effect."""
    n = state.seats
    state.round += 1
    if order is None:
        order = deck_ids(state.data)
        state.rng.shuffle(order)
    pile = list(reversed(order))  # top last
    state.hands = [[] for _ in range(n)]
    for seat in range(n):
        for _ in range(state.data.hand):
            state.hands[seat].append(pile.pop())
            events.append(Event("move", "", "?", DRAW_ZONE, hand_zone(seat), seat=seat))
    state.draw, state.discard = pile, []
    state.memory = [[] for _ in range(n)]
    state.known = [[] for _ in range(n)]
    state.called, state.clapped = [False] * n, []
    for field_name in ("unsafe", "laid_by", "throw_until", "clap_until", "skip_target",
                       "demand", "patrick", "drawn", "round_winner"):
        setattr(state, field_name, None)
    state.direction, state.chain, state.chain_kind, state.pending_chain = 1, 0, "", 0
    state.turns = state.passes = 0
    state.choice = state.answering = state.resume = ""
    while True:
        top = state.draw.pop()
        state.discard.append(top)
        events.append(NARRATOR.event("move", "turned_up", {"card": top}, piece=top,
                                     source=DRAW_ZONE, target=DISCARD_ZONE, reveals=True))
        if card(top).colour is not None:
            break
        state.discard.pop()
        state.draw.insert(state.rng.randrange(len(state.draw) + 1), top)
        events.append(NARRATOR.event("move", "back_in_pile", {"card": top}, piece=top,
                                     source=DISCARD_ZONE, target=DRAW_ZONE))
    set_force(state, state.discard[-1])
    state.starter = first if first is not None else state.rng.randrange(n)
    events.append(NARRATOR.event("phase", "round_start",
                                 seat_data(state.names, state.starter, round=state.round),
                                 seat=state.starter))
    if state.options["memory"]:
        state.phase, state.turn = HIDE, 0
        return
    begin_play(state, events)


def hide(state: FinitaState, seat: int, card_id: str, events: list[Event]) -> None:
    state.hands[seat].remove(card_id)
    state.memory[seat].append(card_id)
    state.known[seat].append(True)
    events.append(NARRATOR.event("move", "memory_laid", seat_data(state.names, seat),
                                 piece="?", source=hand_zone(seat), target=memory_zone(seat),
                                 seat=seat))
    waiting = [s for s in range(state.seats) if len(state.memory[s]) < state.options["memory"]]
    if waiting:
        state.turn = waiting[0]
    else:
        begin_play(state, events)


def begin_play(state: FinitaState, events: list[Event]) -> None:
    """The first card's effect on the first player."""
    starter, top = state.starter, card(state.discard[-1])
    state.turn, state.phase = starter, TURN
    if top.kind == SKIP:
        aim_skip(state, starter, events)
    elif top.kind == REVERSE:
        state.direction = -1
        events.append(NARRATOR.event("message", "first_reverse", {"direction": -1}))
        if state.seats == 2:
            aim_skip(state, starter, events)
    elif top.kind == DRAW2:
        state.chain, state.chain_kind = 2, DRAW2


def play_hidden(state: FinitaState, seat: int, index: int, ms: int, events: list[Event]) -> None:
    """Memory: a face-down card played blind. If it fits it acts as played; if not, it goes
    to the hand with a penalty card and the turn (or the answer) is over."""
    card_id = state.memory[seat].pop(index)
    state.known[seat].pop(index)
    events.append(NARRATOR.event("flip", "memory_turned",
                                 seat_data(state.names, seat, card=card_id), piece=card_id,
                                 source=memory_zone(seat), target=memory_zone(seat), seat=seat,
                                 reveals=True))
    if state.phase == DEMAND:
        if card(card_id).kind == PIA:
            play_pia_answer(state, seat, card_id, ms, events, source=memory_zone(seat))
            return
        if answers_demand(state, card_id):
            answer_demand(state, seat, card_id, ms, events, source=memory_zone(seat))
            return
        misplaced_hidden(state, seat, card_id, events)
        next_in_demand(state, events)
        return
    if fits(state, card_id):
        play_card(state, seat, card_id, ms, events, source=memory_zone(seat))
        return
    misplaced_hidden(state, seat, card_id, events)
    advance(state, seat)


def misplaced_hidden(state: FinitaState, seat: int, card_id: str, events: list[Event]) -> None:
    state.hands[seat].append(card_id)
    events.append(NARRATOR.event("move", "memory_misfit",
                                 seat_data(state.names, seat, card=card_id), piece=card_id,
                                 source=memory_zone(seat), target=hand_zone(seat), seat=seat))
    give(state, seat, 1, events, "penalty")


def swap(state: FinitaState, seat: int, a: int, ia: int, b: int, ib: int, ms: int,
         events: list[Event]) -> None:
    state.memory[a][ia], state.memory[b][ib] = state.memory[b][ib], state.memory[a][ia]
    state.known[a][ia] = state.known[b][ib] = False
    events.append(NARRATOR.event("message", "swapped", seat_data(
        state.names, seat, first=a, first_name=state.names[a], second=b,
        second_name=state.names[b]), seat=seat))
    state.choice = ""
    advance(state, seat)
    open_windows(state, ms, events)


def points(state: FinitaState, seat: int) -> int:
    held = list(state.hands[seat]) + list(state.memory[seat])
    if state.patrick and seat in state.patrick["chosen"]:
        held.append(state.patrick["chosen"][seat])
    return sum(card(c).points for c in held)


def end_round(state: FinitaState, winner: Optional[int], events: list[Event]) -> None:
    """Score every hand; the match ends once someone reaches the target."""
    scores = [0 if s == winner else points(state, s) for s in range(state.seats)]
    for s in range(state.seats):
        state.totals[s] += scores[s]
    state.round_winner = winner
    state.history.append({"round": state.round, "winner": winner, "scores": scores,
                          "totals": list(state.totals), "turns": state.turns})
    state.unsafe = state.throw_until = state.clap_until = None
    state.demand = state.patrick = None
    state.chain, state.pending_chain = 0, 0
    if winner is None:
        events.append(NARRATOR.event("end", "round_stopped",
                                     {"round": state.round, "scores": list(scores)}, value=scores))
    else:
        events.append(NARRATOR.event("end", "round_won", seat_data(
            state.names, winner, round=state.round, scores=list(scores)), seat=winner,
            value=scores))
    for s in range(state.seats):
        if s != winner:
            events.append(NARRATOR.event("score", "points",
                                         seat_data(state.names, s, points=scores[s]), seat=s,
                                         value=scores[s]))
    if max(state.totals) >= state.options["target"]:
        low = min(state.totals)
        state.winners = [s for s in range(state.seats) if state.totals[s] == low]
        state.phase = MATCH_OVER
        events.append(NARRATOR.event("end", "match_over", {
            "winners": list(state.winners), "names": [state.names[s] for s in state.winners],
            "totals": list(state.totals)}, value=list(state.totals)))
    else:
        state.phase = ROUND_OVER


def match_summary(state: FinitaState) -> str:
    if not state.winners:
        return ""
    names = " and ".join(state.names[s] for s in state.winners)
    verb = "share the win" if len(state.winners) > 1 else "wins"
    return (f"{names} {verb} with {plural(min(state.totals), 'point')} after "
            f"{plural(len(state.history), 'round')}.")


def stop_if_stuck(state: FinitaState, events: list[Event]) -> None:
    """A round that runs past its turn limit, or in which every seat in a row could neither
    play nor draw, stops; everyone scores what they hold."""
    if state.phase in (ROUND_OVER, MATCH_OVER):
        return
    if state.turns >= state.data.round_limit or state.passes >= state.seats:
        events.append(NARRATOR.event("message", "stuck"))
        end_round(state, None, events)
