"""The words of Finita: every event's sentence, made from its code and data.

The rules tell what happened as codes (`finita.caught`) with plain data (seats, names, card
ids, counts); `NARRATOR` words them here, and nowhere else. A table decides what to show from
the codes and the data; the codes and their data are listed in docs/events.md.

Data never holds a card its event does not show to everyone: a card picked for Patrick, a
memory card laid, a card drawn or kept are told without it.
"""
from __future__ import annotations

from typing import Any, Mapping

from game.core.narration import Narrator
from game.core.text import capital

from .data import card_words

Data = Mapping[str, Any]

#: why a seat draws, as the sentence ends ("Ann draws 2 cards as a penalty.")
DRAW_REASONS = {"": "", "penalty": " as a penalty", "patrick": " for Patrick",
                "missed_call": " for the missed call", "cannot_answer": " and cannot answer"}
#: why a penalty is given (the penalty button's two reasons)
PENALTY_REASONS = {"question": "a needless question", "suggestion": "a suggestion"}


def _draws(d: Data) -> str:
    what = "a card" if d["count"] == 1 else f"{d['count']} cards"
    return f"{d['name']} draws {what}{DRAW_REASONS[d['why']]}."


def _petra(d: Data) -> str:
    return f"{d['name']} (Petra) asks everyone for a number {d['dir']} than {d['number']}."


def _penalty(d: Data) -> str:
    return (f"{d['giver_name']} gives {d['target_name']} a penalty for "
            f"{PENALTY_REASONS[d['reason']]}.")


def _match_over(d: Data) -> str:
    return f"The match is over: {' and '.join(d['names'])} with the fewest points."


NARRATOR = Narrator("finita", {
    # a round begins
    "turned_up": lambda d: f"{capital(card_words(d['card']))} is turned up.",
    "back_in_pile": lambda d: f"{capital(card_words(d['card']))} goes back into the pile.",
    "round_start": lambda d: f"Round {d['round']}: {d['name']} starts.",
    "first_reverse": lambda d: "The first card turns the direction of play.",
    "memory_laid": lambda d: f"{d['name']} lays a memory card face down.",
    # cards laid and drawn
    "play": lambda d: f"{d['name']} plays {card_words(d['card'])}.",
    "answer": lambda d: f"{d['name']} answers with {card_words(d['card'])}.",
    "thrown": lambda d: f"{d['name']} throws in {card_words(d['card'])}.",
    "taken_back": lambda d: f"{capital(card_words(d['card']))} does not fit: "
                            f"{d['name']} takes it back.",
    "draw": _draws,
    "kept": lambda d: f"{d['name']} keeps the card.",
    "nothing_to_draw": lambda d: f"{d['name']} has nothing to draw and passes.",
    "shuffle": lambda d: "The discards are shuffled into a new draw pile.",
    "pile_empty": lambda d: "There is no card left to draw.",
    # what the cards do
    "skipped": lambda d: f"{d['name']} is skipped.",
    "reverse": lambda d: "The direction of play turns round.",
    "colour_named": lambda d: f"{d['name']} asks for {d['colour']}.",
    "paul_asks": lambda d: f"{d['name']} (Paul) asks everyone for a {d['number']}.",
    "petra_asks": _petra,
    "pia_number": lambda d: f"{d['name']} (Pia) asks for a {d['number']}.",
    "pia_colour": lambda d: f"{d['name']} (Pia) asks for {d['colour']}.",
    "pia_ended": lambda d: f"{d['name']} ends it with Pia and plays on.",
    "pia_passed": lambda d: f"{d['name']} passes it on with Pia.",
    "patrick_begins": lambda d: "Patrick: everyone picks a number card face down.",
    "picked": lambda d: f"{d['name']} picks a card face down.",
    "shown": lambda d: f"{d['name']} shows {card_words(d['card'])}.",
    "patrick_sat_out": lambda d: f"{d['name']} sits Patrick out.",
    # memory cards
    "memory_turned": lambda d: f"{d['name']} turns a memory card: "
                               f"{capital(card_words(d['card']))}.",
    "memory_misfit": lambda d: f"{capital(card_words(d['card']))} does not fit and goes to "
                               "the hand.",
    "swapped": lambda d: f"{d['name']} swaps memory cards of {d['first_name']} and "
                         f"{d['second_name']}.",
    # reactions
    "called": lambda d: f"{d['name']} calls Finita!",
    "caught": lambda d: f"{d['catcher_name']} catches {d['caught_name']}: no Finita call!",
    "throw_without_card": lambda d: f"{d['name']} throws without the card.",
    "clap_window": lambda d: "A 9! Everyone claps.",
    "clapped": lambda d: f"{d['name']} claps.",
    "clap_last": lambda d: f"{d['name']} clapped last.",
    "no_clap": lambda d: f"{d['name']} did not clap.",
    "clap_at_nothing": lambda d: f"{d['name']} claps at nothing.",
    "penalty": _penalty,
    # a round ends
    "round_won": lambda d: f"{d['name']} is out and wins round {d['round']}.",
    "round_stopped": lambda d: f"Round {d['round']} stops with nobody out.",
    "stuck": lambda d: "The round is stuck and stops here.",
    "points": lambda d: f"{d['name']}: {d['points']} points.",
    "match_over": _match_over,
})


def seat_data(names: list[str], seat: int, **more: Any) -> dict[str, Any]:
    """The data of an event about one seat: its number and its name (and `more`)."""
    return {"seat": seat, "name": names[seat], **more}


__all__ = ["DRAW_REASONS", "NARRATOR", "PENALTY_REASONS", "seat_data"]
