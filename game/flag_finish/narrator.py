"""The words of Flag Finish: every event's sentence, made from its code and data.

The rules tell what happened as codes (`flag-finish.played`) with plain data (seats, names,
card ids, numbers, milliseconds); `NARRATOR` words them here, and nowhere else. The codes and
their data are listed in docs/events.md.
"""
from __future__ import annotations

from typing import Any, Mapping

from game.core.narration import Narrator
from game.core.text import plural

from .data import colour_of, is_flag, number_of

Data = Mapping[str, Any]


def card_words(card: str) -> str:
    """A card as racers name it in a sentence: ``red 4``, or ``a flag``."""
    return "a flag" if is_flag(card) else f"{colour_of(card)} {number_of(card)}"


def seconds(ms: int) -> str:
    """A race time for people, to the millisecond: ``12.840 s``."""
    return f"{ms / 1000:.3f} s"


def race_name(race: int, races: int) -> str:
    """A race as the table names it: ``Race 2 of 6``, or ``Extra race 7`` after a tie."""
    return f"Race {race} of {races}" if race <= races else f"Extra race {race}"


def _race_begins(d: Data) -> str:
    label = race_name(d["race"], d["races"])
    return label + (": the match is tied." if d["race"] > d["races"] else ".")


def _go(d: Data) -> str:
    go = "Everyone races!" if d["everyone"] else f"{d['name']} goes first."
    return f"{d['colour'].capitalize()}! {go}"


def _pile_refilled(d: Data) -> str:
    verb = "is" if d["count"] == 1 else "are"
    return f"The draw pile is empty: {plural(d['count'], 'discard')} {verb} shuffled into a new one."


def _crossed(d: Data) -> str:
    when = f" at {seconds(d['ms'])}" if d["clocked"] else ""
    return f"{d['name']} crosses the line{when}!"


def _race_over(d: Data) -> str:
    more = ("the lowest total is tied, so another race follows" if d["tied"]
            else f"{plural(d['left'], 'race')} to go")
    return f"Race {d['race']} is over: {more}."


def _match_won(d: Data) -> str:
    names = " and ".join(d["names"])
    verb = "wins" if len(d["names"]) == 1 else "share the win"
    return f"{names} {verb} with {plural(d['points'], 'point')} after {plural(d['races'], 'race')}."


NARRATOR = Narrator("flag-finish", {
    # dealing a race
    "race_begins": _race_begins,
    "gathered": lambda d: "All the cards are gathered for the next race.",
    "shuffled": lambda d: "The cards are shuffled.",
    "dealt": lambda d: f"Each racer takes {d['cards']} face-down cards.",
    "turned_up": lambda d: f"{d['name']} turns up {card_words(d['card'])}.",
    "go": _go,
    # a racer's actions
    "drew": lambda d: f"{d['name']} draws from the pile.",
    "took_discard": lambda d: f"{d['name']} takes {card_words(d['card'])} from the discards.",
    "discarded": lambda d: f"{d['name']} discards {card_words(d['card'])}.",
    "played": lambda d: f"{d['name']} plays {card_words(d['card'])}.",
    "pile_refilled": _pile_refilled,
    "turn": lambda d: f"{d['name']}'s turn.",
    "race_stopped": lambda d: f"Nobody has finished after {d['turns']} turns each: "
                              "the race is stopped.",
    # the finish and the scores
    "crossed": _crossed,
    "tie_window": lambda d: f"A finish before {seconds(d['until'])} ties it.",
    "finish_closed": lambda d: "The finish is closed.",
    "flag_back": lambda d: f"{d['name']} finished with fewer {d['colour']} cards: "
                           f"{card_words(d['card'])} goes back.",
    "scored": lambda d: f"{d['name']} scores {d['points']}.",
    "race_over": _race_over,
    "match_won": _match_won,
})
