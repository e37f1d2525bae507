"""Finale's game state: two coaches (`Coach`) and the match between them (`FinaleState`).

Seat 0 coaches the data file's first team (SV Stollen), seat 1 the second (FC Acker).

Explicit deal (`Setup.deal`), plain data, for tests and puzzles: a mapping that may hold
``"decks"``: for each seat a list of tactics card ids, the order the deck is drawn in (first
drawn first; the Schlusskarte last). With a deal the coaches' tactics are those cards and the
hand is the first three; without one the deck is shuffled from the seed. Also ``"dice"``: a
list of die faces the match uses first, in order, before the seeded die takes over (each roll
takes the next face). Both are checked (`check_deal`).
"""
from __future__ import annotations

from typing import Any, Optional

from game.core import Event, Rng

from .data import FinaleData

# phases
DRAFT, PICK, PLAY, SWAP, MARK, REPLACE, SHOOTERS, OVER = (
    "draft", "pick", "play", "swap", "mark", "replace", "shooters", "over")
REGULAR_PERIODS, EXTRA_PERIODS = 6, 2
MINUTES = 15  # a period

OPTION_DEFAULTS: dict[str, Any] = {"lineups": "first", "extra_time": True, "shootout": True,
                                   "cup_tie": False}

# why a player left the field
INJURED, SENT_OFF, SUBBED = "injured", "sent off", "substituted"


class Coach:
    """One coach's squad, tactics and what happened to them."""

    __slots__ = ("team", "field", "bench", "ready", "chosen", "openers", "lineup", "deck",
                 "hand", "table", "played", "turns", "booked", "out", "why", "subs",
                 "goalie_subs", "pick", "goals", "legs", "keeper", "shooters", "used", "kicks", "takers")

    def __init__(self, team: str) -> None:
        self.team = team
        self.field: list[str] = []  # on the pitch, in the order they came
        self.bench: list[str] = []
        self.ready = False
        self.chosen: list[str] = []  # tactics card ids of the deck of twelve (Schlusskarte too)
        self.openers: list[str] = []  # free choice: the cards that start in the hand
        self.lineup: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # field, bench at kick-off
        self.deck: list[str] = []  # face down, the next card last (the Schlusskarte first)
        self.hand: list[str] = []
        self.table: list[str] = []  # cards played this period, the one in force last
        self.played: list[str] = []  # cards used up, face up
        self.turns: dict[str, int] = {}  # quarter turns of each player card (absent: 0)
        self.booked: list[str] = []
        self.out: list[str] = []  # left the match, in order
        self.why: dict[str, str] = {}  # player -> injured, sent off, substituted
        self.subs = 0  # field substitutions used (injury replacements count)
        self.goalie_subs = 0
        self.pick: Optional[str] = None  # the card chosen for the reveal, before it
        self.goals = 0
        self.legs: list[int] = []  # goals of earlier matches (a cup tie's first match)
        self.keeper: Optional[str] = None  # shoot-out
        self.shooters: list[str] = []  # shoot-out: this round's order
        self.used: list[str] = []  # shoot-out: every shooter so far
        self.kicks: list[bool] = []  # shoot-out: scored or not, in order
        self.takers: list[str] = []  # shoot-out: who took each kick ("" for nobody)

    def clone(self) -> "Coach":
        c = Coach.__new__(Coach)
        c.team, c.ready, c.lineup = self.team, self.ready, self.lineup
        c.field, c.bench, c.chosen, c.openers = (self.field[:], self.bench[:], self.chosen[:],
                                                 self.openers[:])
        c.deck, c.hand, c.table, c.played = (self.deck[:], self.hand[:], self.table[:],
                                             self.played[:])
        c.turns, c.booked, c.out, c.why = dict(self.turns), self.booked[:], self.out[:], dict(self.why)
        c.subs, c.goalie_subs, c.pick, c.goals = self.subs, self.goalie_subs, self.pick, self.goals
        c.legs, c.keeper, c.shooters = self.legs[:], self.keeper, self.shooters[:]
        c.used, c.kicks, c.takers = self.used[:], self.kicks[:], self.takers[:]
        return c

    @property
    def squad(self) -> list[str]:
        return self.field + self.bench

    def snapshot(self) -> dict[str, Any]:
        return {k: (list(v) if isinstance(v, tuple) else v) for k in Coach.__slots__
                for v in [getattr(self, k)]}


class FinaleState:
    """A match in progress; `clone` copies it by hand."""

    __slots__ = ("names", "options", "data", "rng", "coaches", "phase", "period", "extra",
                 "match", "attacker", "attacks", "attack_no", "tied", "counter_used", "counter",
                 "bonus", "att", "dfn", "card", "area", "marks", "setup_marks", "marker",
                 "pending", "after", "revealed", "dice", "shoot_round", "shoot_first",
                 "history", "incidents", "plays", "winner", "opening")

    def __init__(self, names: list[str], options: dict[str, Any], data: FinaleData,
                 rng: Rng) -> None:
        self.names = names
        self.options = options
        self.data = data
        self.rng = rng
        self.coaches = [Coach(t.id) for t in data.teams]
        self.phase = DRAFT
        self.period = 0  # 1..6, 7..8 in extra time
        self.extra = False  # extra time is being played
        self.match = 1  # 2: the replay of a cup tie
        self.attacker: Optional[int] = None  # the period's attacker
        self.attacks = 0  # attacks left this period, the one under way included
        self.attack_no = 0
        self.tied = False  # the reveal was a tie (one attack, no counter-attack bonus)
        self.counter_used = False
        self.counter = False  # the attack under way is a counter-attack
        self.bonus = 0  # the counter-attacker's bonus in its set-up
        self.att = 0  # the coach attacking in the attack under way
        self.dfn = 1
        self.card: Optional[str] = None  # the tactics card whose areas are in play
        self.area = ""  # setup or result
        self.marks: list[list[Optional[str]]] = [[], []]  # per seat, per slot of the area
        self.setup_marks: list[list[Optional[str]]] = [[], []]  # the set-up's marks (arrows)
        self.marker: Optional[int] = None  # the seat marking now
        self.pending: list[tuple[int, str]] = []  # injured players waiting for a replacement
        self.after = ""  # what follows once the pending replacements are made
        self.revealed: list[Optional[str]] = [None, None]  # the cards revealed this period
        self.dice: list[int] = []  # faces the deal fixes, used before the seeded die
        self.shoot_round = 0
        self.shoot_first = 0
        self.history: list[dict[str, Any]] = []  # one entry per area played, for the log and stats
        # bookings, sendings-off, injuries and changes: match, period, seat, player, what, by
        self.incidents: list[dict[str, Any]] = []
        self.plays: list[tuple[int, str]] = []  # (seat, tactics card) for every card revealed or played
        self.winner: Optional[int] = None
        self.opening: list[Event] = []

    def clone(self) -> "FinaleState":
        s = FinaleState.__new__(FinaleState)
        for key in FinaleState.__slots__:
            setattr(s, key, getattr(self, key))
        s.rng = self.rng.copy()
        s.coaches = [c.clone() for c in self.coaches]
        s.marks = [m[:] for m in self.marks]
        s.setup_marks = [m[:] for m in self.setup_marks]
        s.pending, s.revealed, s.dice = self.pending[:], self.revealed[:], self.dice[:]
        s.history = self.history[:]  # entries are never changed once written
        s.plays = self.plays[:]
        s.incidents = self.incidents[:]  # entries are never changed once written
        return s

    # The seats and card of the attack under way, in the phases that have one (play, swap,
    # marking, the areas): a phase without one asking for them is a bug, said at once.

    @property
    def attacking(self) -> int:
        """The period's attacker."""
        assert self.attacker is not None, "no period under way"
        return self.attacker

    @property
    def marking(self) -> int:
        """The seat marking now."""
        assert self.marker is not None, "nobody is marking"
        return self.marker

    @property
    def in_play(self) -> str:
        """The tactics card whose areas are in play."""
        assert self.card is not None, "no card is in play"
        return self.card

    def other(self, seat: int) -> int:
        return 1 - seat


def check_deal(deal: Any, data: FinaleData) -> tuple[Optional[list[list[str]]], list[int]]:
    """(decks per seat or None, dice) from an explicit deal; ValueError if it is wrong."""
    if not isinstance(deal, dict):
        raise ValueError("a Finale deal is a mapping with decks and/or dice")
    unknown = set(deal) - {"decks", "dice"}
    if unknown:
        raise ValueError(f"a Finale deal has no {', '.join(sorted(unknown))}")
    decks = deal.get("decks")
    if decks is not None:
        if not isinstance(decks, list) or len(decks) != 2:
            raise ValueError("deal.decks must list two decks, one per seat")
        known = {c.id for c in data.tactics}
        for seat, deck in enumerate(decks):
            if not isinstance(deck, list) or len(deck) != data.deck_size:
                raise ValueError(f"deal.decks[{seat}] must list {data.deck_size} cards")
            if not all(isinstance(c, str) and c in known for c in deck) or len(set(deck)) != len(deck):
                raise ValueError(f"deal.decks[{seat}] must list different tactics card ids")
            if deck[-1] != data.schlusskarte.id:
                raise ValueError(f"deal.decks[{seat}] must end with the Schlusskarte")
    dice = deal.get("dice", [])
    if not isinstance(dice, list) or not all(
            isinstance(d, int) and not isinstance(d, bool) and d in data.die_faces for d in dice):
        raise ValueError("deal.dice must list faces of the die")
    return decks, list(dice)
