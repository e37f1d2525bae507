"""Shared helpers for the Finita scenarios: explicit deals, acting by text, and checks."""
from __future__ import annotations

import dataclasses
from typing import Any, Optional, Sequence

from game.core import Seat, Setup, to_json
from game.finita import ENGINE
from game.finita.data import card, deck_ids, finita_data
from game.finita.state import FinitaState
from tests.helpers import Scenario
from tests.helpers import texts as shared_texts

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
DECK = deck_ids(finita_data())
# Hand fillers: high numbers of green and yellow, in an order that spreads colours, so that a
# filled hand rarely fits a red or blue pile by accident.
_ORDER = (8, 7, 6, 4, 3, 2, 1, 10, 0, 9, 5)
FILLERS = sorted((c for c in DECK if card(c).kind == "number"
                  and card(c).colour in ("green", "yellow")),
                 key=lambda c: (_ORDER.index(card(c).number), c[-1], card(c).colour))


def deal(hands: Sequence[Sequence[str]], first: str = "red-5.1", then: Sequence[str] = (),
         fill: bool = True) -> list[str]:
    """A whole deck, top first: each hand (topped up to 7 with fillers when `fill`), the card
    turned up first, the next cards of the draw pile (`then`, the first drawn first), and every
    other card after them in deck order (numbers of blue first, so that a refill or a long draw
    is predictable but still ordinary)."""
    used = {c for hand in hands for c in hand} | {first} | set(then)
    assert len(used) == sum(len(h) for h in hands) + 1 + len(then), "a card is named twice"
    spare = [c for c in FILLERS if c not in used]
    order: list[str] = []
    for hand in hands:
        hand = list(hand)
        while fill and len(hand) < 7:
            hand.append(spare.pop(0))
        assert len(hand) == 7, f"a hand must hold 7 cards: {hand}"
        order += hand
    order += [first, *then]
    rest = [c for c in DECK if c not in order]
    rest.sort(key=lambda c: not c.startswith("blue-") or card(c).kind != "number")
    return order + rest


def start(hands: Sequence[Sequence[str]], first: str = "red-5.1", then: Sequence[str] = (),
          starter: int = 0, seats: Optional[int] = None, seed: int = 3, fill: bool = True,
          **options: Any) -> FinitaState:
    """A new match from an explicit deal; `starter` opens round 1; options by keyword."""
    count = seats or len(hands)
    hands = list(hands) + [[] for _ in range(count - len(hands))]
    order = deal(hands, first, then, fill)
    return ENGINE.new_game(Setup(seed=seed, deal={"cards": order, "first": starter}), options,
                           [Seat(NAMES[i]) for i in range(count)])


def late(state: FinitaState, *hands: Sequence[str]) -> FinitaState:
    """The same deal later in a round: each seat keeps only the cards listed for it (in that
    order); the others go under the draw pile, so every card is still somewhere."""
    for seat, keep in enumerate(hands):
        assert set(keep) <= set(state.hands[seat]), f"seat {seat} was not dealt {keep}"
        state.draw[:0] = [c for c in state.hands[seat] if c not in keep]
        state.hands[seat] = list(keep)
    return state


def act(state: FinitaState, text: str) -> tuple[FinitaState, list]:
    """Apply one action given in its text form; without its time it takes the table's."""
    return SCENARIO.act(state, text)


def _has_time(text: str) -> bool:
    """Whether the text already ends with its ms (every kind takes ms as the last word)."""
    words = text.split()
    kind = words[1]
    cls = ENGINE.actions[kind]
    return len(words) - 2 == len(dataclasses.fields(cls)) - 1


#: Actions by their text; one written without its time takes the table's (the last action's).
SCENARIO = Scenario(ENGINE, lambda state, text: text if _has_time(text) else f"{text} {state.last_ms}")


def run(state: FinitaState, *texts: str) -> FinitaState:
    """Apply several actions in order; the final state."""
    return SCENARIO.run(state, *texts)


def refused(state: FinitaState, text: str) -> str:
    """The reason an action is refused (fails the test if it is accepted); the state is
    unchanged by the attempt."""
    return SCENARIO.refused(state, text)


def legal(state: FinitaState, seat: int) -> list[str]:
    """The seat's legal actions as text without their time, Wait left out."""
    return [" ".join(a.text().split()[:-1]) for a in ENGINE.legal_actions(state, seat)
            if a.kind != "wait"]


def texts(events: list) -> list[str]:
    """The log sentences of some events."""
    return shared_texts(events)


def assert_hidden(state: FinitaState) -> None:
    """No view (any seat, the spectator) names a card that viewer may not know."""
    for viewer in [*range(state.seats), None]:
        text = to_json(ENGINE.view(state, viewer))
        for piece in ENGINE.hidden_pieces(state, viewer):
            assert f'"{piece}"' not in text, f"seat {viewer} sees hidden {piece}"


__all__ = ["DECK", "ENGINE", "NAMES", "act", "assert_hidden", "deal", "late", "legal", "refused",
           "run", "start", "texts"]
