"""The words of Finished!: every event's sentence, made from its code and data.

The rules tell what happened through a `Story` (story.py) as codes (`finished.scored`) with
plain data (card numbers, counts, the round); `NARRATOR` words them here, and nowhere else.
The codes and their data are listed in docs/events.md.
"""
from __future__ import annotations

from typing import Any, Mapping

from game.core.narration import Narrator
from game.core.text import plural

from .data import card_data, label

Data = Mapping[str, Any]


def _card(d: Data) -> str:
    return label(d["card"])


def _action(card: int) -> str:
    """The name of a card's action (Draw Two, Into the Past, ...)."""
    return card_data().action_of(card).name


def _run_reward(d: Data) -> str:
    paid = f"; the reserve pays {d['paid']}." if d["paid"] < d["earned"] else "."
    return f"A run in order earns {plural(d['earned'], 'sweet')}{paid}"


NARRATOR = Narrator("finished", {
    # the steps of a turn
    "turn_begins": lambda d: f"Turn {d['turn']}, step 1: three cards are drawn.",
    "present_leaves": lambda d: "Step 6: the Present moves to the end of the Past.",
    "past_trimmed": lambda d: "Step 7: the oldest Past cards go under the Draw Stack.",
    "future_returns": lambda d: "Step 8: the oldest Future Area comes back as the Present.",
    # drawing and scoring
    "drew": lambda d: f"Drew {_card(d)}.",
    "drew_from_past": lambda d: f"The Draw Stack is empty: {_card(d)} comes from the Past.",
    "nothing_to_draw": lambda d: "There is no card left to draw.",
    "scored": lambda d: f"{_card(d)} goes onto the Finished! pile.",
    # cards moving between the places
    "to_past": lambda d: f"{_card(d)} moves to the Past.",
    "below_stack": lambda d: f"{_card(d)} goes face down under the Draw Stack.",
    "on_top": lambda d: f"{_card(d)} goes face down on top of the Draw Stack.",
    "from_past": lambda d: f"{_card(d)} comes back from the Past.",
    "from_future": lambda d: f"{_card(d)} comes back from the Future.",
    "into_future": lambda d: f"{_card(d)} moves into a new Future Area.",
    "set_aside": lambda d: f"{_card(d)} is set aside for the next Present.",
    "sorted": lambda d: f"{_card(d)} moved to place {d['place']}.",
    # sweets
    "icon_sweet": lambda d: f"{_card(d)} shows a sweet: one sweet becomes active.",
    "icon_sweet_unpaid": lambda d: f"{_card(d)} shows a sweet, but the reserve is empty.",
    "sweets_back": lambda d: f"{plural(d['count'], 'sweet')} from {_card(d)} back to the reserve.",
    "used": lambda d: f"Used {_card(d)}: {_action(d['card'])}.",
    "run_reward": _run_reward,
    "run_unpaid": lambda d: f"A run in order earns {plural(d['earned'], 'sweet')}, but the "
                            "reserve is empty.",
    # an action waiting for cards
    "picked": lambda d: f"{_card(d)} picked for {_action(d['action_card'])}.",
    "unpicked": lambda d: f"{_card(d)} is no longer picked.",
    "nothing_to_put_back": lambda d: "The Present is empty: there is no card to put back.",
    "cancelled": lambda d: f"{_action(d['card'])} cancelled: the sweet comes back.",
    # rounds and the end
    "coffee": lambda d: f"00:48 goes by: a coffee is drunk ({d['left']} left). "
                        f"Round {d['round']} begins.",
    "won": lambda d: "00:48 is on the pile: Finished! A win.",
    "asleep": lambda d: "00:48 goes by and no coffee is left: asleep. Game lost.",
    "out_of_rounds": lambda d: f"Round {d['round']} was the last one of this level. Game lost.",
})
