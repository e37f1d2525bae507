"""The Finita deck: card ids, what each card is, and the checked data of assets/data/finita.yaml.

Card ids are one word: a face, then a copy number after a dot where the deck holds several
of that face. Faces:

- ``<colour>-<n>`` number cards (``red-0`` .. ``red-10``; 1 to 9 twice: ``red-7.1``, ``red-7.2``)
- ``<colour>-skip``, ``<colour>-reverse``, ``<colour>-draw2`` coloured action cards (``.1``, ``.2``)
- ``wild`` (colour choice) and ``wild4`` (draw four), ``.1`` .. ``.4``
- ``paul``, ``petra``, ``pia``, ``patrick`` superpowers, ``.1`` and ``.2``
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Optional

from game.core.decks import Colour, data_colours, data_int
from game.core.registry import DataError, check_texts, load_data

FILE = "finita.yaml"
NUMBER, SKIP, REVERSE, DRAW2, WILD, WILD4 = "number", "skip", "reverse", "draw2", "wild", "wild4"
PAUL, PETRA, PIA, PATRICK = "paul", "petra", "pia", "patrick"
ACTION_KINDS = (SKIP, REVERSE, DRAW2)
BLACK_KINDS = (WILD, WILD4)
SUPERPOWERS = (PAUL, PETRA, PIA, PATRICK)
LOW, HIGH = 0, 10  # the numbers on number cards


@dataclass(frozen=True)
class Card:
    """What a card id stands for."""

    id: str
    face: str  # the id without its copy number
    kind: str  # number, skip, reverse, draw2, wild, wild4, paul, petra, pia, patrick
    colour: Optional[str]  # None for black cards and superpowers
    number: Optional[int]  # only number cards have one
    points: int  # what it costs in a hand at the end of a round
    mark: Optional[str] = None  # a coloured card's face without its colour ("7", "skip")


@dataclass(frozen=True)
class FinitaData:
    """The deck and the table constants, as the data file gives them."""

    colours: tuple[Colour, ...]
    hand: int
    black: dict[str, int]
    superpowers: dict[str, int]
    action_points: int
    black_points: int
    round_limit: int
    delays: dict[str, int]
    turn_ms: int
    decisions: tuple[str, ...]

    @property
    def colour_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.colours)

    def shape_of(self, colour: str) -> str:
        for c in self.colours:
            if c.id == colour:
                return c.shape
        raise KeyError(colour)

    def rgb_of(self, colour: str) -> tuple[int, int, int]:
        for c in self.colours:
            if c.id == colour:
                return c.rgb
        raise KeyError(colour)


def _copies(face: str, count: int) -> list[str]:
    return [face] if count == 1 else [f"{face}.{i}" for i in range(1, count + 1)]


def deck_ids(d: FinitaData) -> list[str]:
    """Every card id once, in a fixed order (colour by colour, then black, then superpowers)."""
    ids: list[str] = []
    for c in d.colours:
        for n in range(LOW, HIGH + 1):
            ids += _copies(f"{c.id}-{n}", 1 if n in (LOW, HIGH) else 2)
        for kind in ACTION_KINDS:
            ids += _copies(f"{c.id}-{kind}", 2)
    for kind in BLACK_KINDS:
        ids += _copies(kind, d.black[kind])
    for kind in SUPERPOWERS:
        ids += _copies(kind, d.superpowers[kind])
    return ids


def _card(card_id: str, d: FinitaData) -> Card:
    face = card_id.split(".")[0]
    if face in BLACK_KINDS:
        return Card(card_id, face, face, None, None, d.black_points)
    if face in SUPERPOWERS:
        return Card(card_id, face, face, None, None, d.black_points)
    colour, rest = face.split("-", 1)
    if rest in ACTION_KINDS:
        return Card(card_id, face, rest, colour, None, d.action_points, rest)
    return Card(card_id, face, NUMBER, colour, int(rest), int(rest), rest)


def parse_data(data: Any) -> FinitaData:
    """Check the `cards:` and `table:` sections; DataError(file, key, reason) on anything wrong."""
    if not isinstance(data, dict):
        raise DataError(FILE, "(top)", "must be a mapping")
    check_texts(data, FILE)
    for section in ("cards", "table"):
        if not isinstance(data.get(section), dict):
            raise DataError(FILE, section, "is missing or not a mapping")
    cards, table = data["cards"], data["table"]
    taken = {k: f"{k!r} names a card, not a colour" for k in BLACK_KINDS + SUPERPOWERS}
    colours = data_colours(FILE, cards.get("colours"), "cards.colours", taken, count=4)
    black = {k: data_int(FILE, cards.get("black"), k, "cards.black.", 1, 8) for k in BLACK_KINDS}
    supers = {k: data_int(FILE, cards.get("superpowers"), k, "cards.superpowers.", 1, 8) for k in SUPERPOWERS}
    delays = table.get("delays")
    if not isinstance(delays, dict) or not delays:
        raise DataError(FILE, "table.delays", "must map computer strengths to milliseconds")
    decisions = data.get("decisions", [])
    if not isinstance(decisions, list) or not all(isinstance(t, str) for t in decisions):
        raise DataError(FILE, "decisions", "must be a list of sentences")
    return FinitaData(
        colours, hand=data_int(FILE, cards, "hand", "cards.", 1, 12), black=black, superpowers=supers,
        action_points=data_int(FILE, cards.get("points"), "action", "cards.points.", 0, 500),
        black_points=data_int(FILE, cards.get("points"), "black", "cards.points.", 0, 500),
        round_limit=data_int(FILE, table, "round_limit", "table.", 50, 100_000),
        delays={str(k): data_int(FILE, delays, k, "table.delays.", 100, 10_000) for k in delays},
        turn_ms=data_int(FILE, table, "turn_ms", "table.", 0, 20_000),
        decisions=tuple(decisions))


@lru_cache(maxsize=None)
def finita_data() -> FinitaData:
    """The checked data of the shipped data file (read once)."""
    return parse_data(load_data("finita"))


@lru_cache(maxsize=None)
def cards() -> dict[str, Card]:
    """Every card of the deck by id."""
    d = finita_data()
    return {cid: _card(cid, d) for cid in deck_ids(d)}


_KNOWN: dict[str, Card] = {}


def card(card_id: str) -> Card:
    """The card an id names (KeyError for a stranger)."""
    try:
        return _KNOWN[card_id]
    except KeyError:
        _KNOWN.update(cards())
        return _KNOWN[card_id]


def face_of(card_id: str) -> str:
    """The face of a card id: the id without its copy number."""
    return card_id.split(".")[0]


COLOUR_WORDS = {"red": "red", "yellow": "yellow", "green": "green", "blue": "blue"}
KIND_WORDS = {SKIP: "skip", REVERSE: "reverse", DRAW2: "+2", WILD: "colour choice",
              WILD4: "+4", PAUL: "Paul", PETRA: "Petra", PIA: "Pia", PATRICK: "Patrick"}


def card_words(card_id: str) -> str:
    """A card in players' words: "red 7", "blue skip", "a +4", "Pia"."""
    c = card(card_id)
    if c.kind == NUMBER:
        return f"{c.colour} {c.number}"
    if c.colour:
        return f"{c.colour} {KIND_WORDS[c.kind]}"
    if c.kind in SUPERPOWERS:
        return KIND_WORDS[c.kind]
    return f"a {KIND_WORDS[c.kind]}"
