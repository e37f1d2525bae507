"""Finita's computer players. Each sees only its own view and the legal actions.

- random: any legal turn action; now and then a useful reaction, very rarely a pointless one
  (a clap at nothing, a penalty), as a beginner might.
- simple: a matcher. It calls Finita, catches, claps in a clap window and throws when it holds
  the identical card (one reaction in eight comes late: it was not looking); plays
  the first card that fits (numbers before action cards before black cards), names its
  commonest colour, always passes a draw on when it can.
- good: counts the cards it has seen (its hand, its known memory cards, the discards), sheds
  expensive cards when someone is close to going out, keeps skips, draws and black cards for
  the seat about to finish, makes demands nobody can answer, picks low and unshared numbers
  for Patrick, swaps opponents' memory cards, and calls Finita before laying its second last
  card.

None of them ever claps at nothing or hands out penalties except the random player, rarely;
simple and good throw only when they hold the identical card. Reaction times (`delay_ms`) come
from the data file's `table.delays`; their own turns take the table's pace (referee.py).
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Optional, Sequence

from game.core import Action, HIDDEN, Rng

from .actions import (Call, Catch, Choose, Clap, Compare, Draw, Hidden, Hide, Keep, Pair,
                      Penalty, Play, Poker, Swap, Take, Throw, Wait)
from .data import (DRAW2, HIGH, LOW, NUMBER, PATRICK, PAUL, PETRA, PIA, REVERSE, SKIP, WILD,
                   WILD4, Card, cards, finita_data)
from .matching import matches
from .state import ANSWER, CHOOSE, CLAP, DEMAND, DRAWN, HIDE, PATRICK as PATRICK_PHASE

REACTION_KINDS = (Call, Catch, Throw, Clap, Penalty)
ATTACKS = (SKIP, DRAW2, WILD4)


def _delay(strength: str) -> int:
    return finita_data().delays.get(strength, 1500)


def _sorted_kinds(legal: Sequence[Action]) -> dict[type, list[Action]]:
    """The legal actions by their class, in the order given."""
    found: dict[type, list[Action]] = {}
    for a in legal:
        found.setdefault(type(a), []).append(a)
    return found


def _hand(view: dict[str, Any]) -> list[str]:
    return [c for c in view["zones"][f"hand{view['seat']}"] if c != HIDDEN]


def _holds_identical(view: dict[str, Any], deck: dict[str, Card]) -> bool:
    """The seat holds a number card identical to the top card (what a throw needs)."""
    discard = view["zones"]["discard"]
    if not discard:
        return False
    top = deck[discard[-1]]
    return top.kind == NUMBER and any(
        c != top.id and deck[c].face == top.face for c in _hand(view))


def _to_act(view: dict[str, Any]) -> bool:
    return view["seat"] in view["to_act"]


class RandomPlayer:
    """Any legal turn action; reactions only now and then."""

    delay_ms = _delay("random")

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        useful = [a for a in legal if isinstance(a, (Call, Catch))
                  or (isinstance(a, Throw) and _holds_identical(view, cards()))
                  or (isinstance(a, Clap) and view["phase"] == CLAP)]
        if useful and rng.randrange(3) == 0:
            return rng.choice(useful)
        pointless = [a for a in legal if isinstance(a, (Penalty, Clap)) and a not in useful]
        if pointless and rng.randrange(500) == 0:
            return rng.choice(pointless)
        turn = [a for a in legal if not isinstance(a, REACTION_KINDS + (Wait,))]
        if _to_act(view) and view["phase"] == CLAP:
            turn = [a for a in legal if isinstance(a, Clap)]
        if turn and _to_act(view):
            return rng.choice(turn)
        return next((a for a in legal if isinstance(a, Wait)), legal[0])


class SimplePlayer:
    """Matches what it can, in a plain order of preference."""

    delay_ms = _delay("simple")
    looks_away = 8  # one reaction in this many comes late: it was not looking (referee.py)

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        deck = cards()
        by_kind = _sorted_kinds(legal)
        found = self.reaction(view, by_kind, deck)
        if found is not None:
            return found
        if not _to_act(view):
            return (by_kind.get(Wait) or list(legal))[0]
        return self.turn(view, by_kind, deck, rng)

    def reaction(self, view: dict[str, Any], by_kind: dict[type, list[Action]],
                 deck: dict[str, Card]) -> Optional[Action]:
        """Finita, a catch, a clap in the window, a throw with the card in hand; else None."""
        if Call in by_kind and self.lays_next(view, by_kind):
            return by_kind[Call][0]
        if Catch in by_kind:
            return by_kind[Catch][0]
        if Clap in by_kind and view["phase"] == CLAP:
            return by_kind[Clap][0]
        if Throw in by_kind and _holds_identical(view, deck):
            return by_kind[Throw][0]
        return None

    def lays_next(self, view: dict[str, Any], by_kind: dict[type, list[Action]]) -> bool:
        """A call is worth making: one card is left, or the seat is about to lay its second
        last (it holds a card that goes now); calling and then drawing would only lapse."""
        seat = view["seat"]
        if view["hand_counts"][seat] + view["memory_counts"][seat] <= 1:
            return True
        plays = by_kind.get(Play, [])
        if view["phase"] in (DEMAND, DRAWN, ANSWER) or view["chain"]:
            return bool(plays)
        colour, face = view["colour"], view["face"]
        return any(matches(colour, face, a.card) for a in plays)

    # -- turn decisions ----------------------------------------------------------------------

    def turn(self, view: dict[str, Any], by_kind: dict[type, list[Action]],
             deck: dict[str, Card], rng: Rng) -> Action:
        phase = view["phase"]
        if phase == HIDE:
            return self.hide(view, by_kind[Hide], deck)
        if phase == CHOOSE:
            return self.name(view, by_kind, deck, rng)
        if phase == PATRICK_PHASE:
            return self.patrick(view, by_kind, deck)
        plays = by_kind.get(Play, [])
        if phase not in (DEMAND, DRAWN, ANSWER) and not view["chain"]:
            # with Strict on every card is offered: a card that does not fit costs one
            colour, face = view["colour"], view["face"]
            plays = [a for a in plays if matches(colour, face, a.card)]
        several = by_kind.get(Poker, []) + by_kind.get(Pair, [])
        if several or plays:
            return self.pick_play(view, several + plays, deck, rng)
        if Hidden in by_kind:
            return self.hidden(view, by_kind[Hidden], deck)
        for kind in (Keep, Take, Draw):
            if kind in by_kind:
                return by_kind[kind][0]
        for other, found in by_kind.items():  # the next round, or nothing better
            if other not in REACTION_KINDS and other is not Wait:
                return found[0]
        return (by_kind.get(Wait) or [a for v in by_kind.values() for a in v])[0]

    def pick_play(self, view: dict[str, Any], plays: list[Action], deck: dict[str, Card],
                  rng: Rng) -> Action:
        """Poker, then a pair, then the first card: numbers, action cards, black cards."""
        order = {NUMBER: 0, SKIP: 1, REVERSE: 1, DRAW2: 1, WILD: 2, WILD4: 2}

        def rank(a: Action) -> tuple:
            if isinstance(a, Poker):
                return (-2, "")
            if isinstance(a, Pair):
                return (-1, a.card)
            return (order.get(deck[a.card].kind, 3), a.card)
        return min(plays, key=rank)

    def hidden(self, view: dict[str, Any], hidden: list[Action], deck: dict[str, Card]) -> Action:
        return hidden[0]

    def patrick(self, view: dict[str, Any], by_kind: dict[type, list[Action]],
                deck: dict[str, Card]) -> Action:
        compares = by_kind.get(Compare, [])
        if compares:
            return min(compares, key=lambda a: deck[a.card].number or 0)
        return by_kind[Play][0]  # only Pia: sit Patrick out

    def hide(self, view: dict[str, Any], hides: list[Action], deck: dict[str, Card]) -> Action:
        black = [a for a in hides if deck[a.card].colour is None]
        return black[0] if black else hides[0]

    def colours(self, view: dict[str, Any], deck: dict[str, Card]) -> Counter:
        return Counter(deck[c].colour for c in _hand(view) if deck[c].colour)

    def name(self, view: dict[str, Any], by_kind: dict[type, list[Action]],
             deck: dict[str, Card], rng: Rng) -> Action:
        words = {a.word: a for a in by_kind.get(Choose, [])}
        choice = view["choice"]
        colours = self.colours(view, deck)
        best = max(sorted(colours), key=lambda c: colours[c]) if colours else None
        if choice in ("colour", "pia") and best in words:
            return words[best]
        if choice == "pia answer":
            return words["pass"]
        if choice == "swap":
            return words["keep"]
        return rng.choice(list(words.values()))


class GoodPlayer(SimplePlayer):
    """Counts cards, saves action cards for the right moment, names what hurts most."""

    delay_ms = _delay("good")
    looks_away = 0  # always looking

    # -- what it knows -------------------------------------------------------------------

    def seen(self, view: dict[str, Any], deck: dict[str, Card]) -> Counter:
        """Faces this seat can see: its hand, the discards, its known memory cards."""
        zones = view["zones"]
        found: Counter = Counter()
        for zone in ("discard", f"hand{view['seat']}", f"memory{view['seat']}",
                     f"compare{view['seat']}"):
            for c in zones.get(zone, []):
                if c != HIDDEN:
                    found[deck[c].face] += 1
        return found

    def unseen_numbers(self, view: dict[str, Any], deck: dict[str, Card]) -> dict[int, int]:
        """For each number, how many of its cards may still be in others' hands or the pile."""
        seen = self.seen(view, deck)
        colours = finita_data().colour_ids
        left = {}
        for n in range(LOW, HIGH + 1):
            copies = 1 if n in (LOW, HIGH) else 2
            left[n] = sum(copies - seen.get(f"{c}-{n}", 0) for c in colours)
        return left

    def counts(self, view: dict[str, Any]) -> list[int]:
        """Cards each seat holds (hand and memory)."""
        return [h + m for h, m in zip(view["hand_counts"], view["memory_counts"])]

    def seats_around(self, view: dict[str, Any]) -> tuple[int, int]:
        seat, n, step = view["seat"], len(view["names"]), view["direction"]
        return (seat + step) % n, (seat - step) % n

    # -- turn decisions -------------------------------------------------------------------

    def pick_play(self, view: dict[str, Any], plays: list[Action], deck: dict[str, Card],
                  rng: Rng) -> Action:
        seat, hand, counts = view["seat"], _hand(view), self.counts(view)
        seats = len(counts)
        nxt, prev = self.seats_around(view)
        least = min(counts[s] for s in range(seats) if s != seat)
        danger = least <= 2  # somebody may go out soon: what stays in hand costs
        mine = counts[seat]
        phase = view["phase"]
        answering = phase in (DEMAND, ANSWER) or view["chain"] > 0

        def score(a: Action) -> float:
            if isinstance(a, Poker):
                laid = list(a.cards)
            elif isinstance(a, Pair):
                laid = [a.card, a.other]
            else:
                laid = [a.card]
            c = deck[laid[-1]]
            rest = [r for r in hand if r not in laid]
            value = sum(deck[x].points for x in laid) * (1.0 if danger else 0.25)
            value += 25 * (len(laid) - 1)
            if not rest:
                return 10_000.0  # going out
            if c.colour is not None:  # how well the rest follows this card
                face = c.face.split("-", 1)[1]
                value += 4 * sum(1 for r in rest if deck[r].colour in (None, c.colour)
                                 or deck[r].face.split("-", 1)[-1] == face)
            else:
                shades = Counter(deck[r].colour for r in rest if deck[r].colour)
                value += 4 * (max(shades.values()) if shades else len(rest))
            kind = c.kind
            if answering:
                if kind == PIA and not danger:
                    value -= 10  # a number answer keeps Pia for later
                return value
            attack = kind in ATTACKS or (kind == REVERSE and seats == 2)
            if attack:
                if counts[nxt] <= 2:
                    value += 60
                elif not danger and mine > 2:
                    value -= 25  # keep it for when it hurts
            if kind == REVERSE and seats > 2:
                value += 30 if counts[nxt] < counts[prev] and counts[nxt] <= 3 else 0
            if kind in (WILD, WILD4) and not danger and mine > 2:
                value -= 45  # it fits anything: keep it as a way out
            if kind in (PAUL, PETRA):
                value += 40  # everyone else draws unless they hold Pia
            if kind == PATRICK:
                low = min((deck[r].number or 0 for r in rest if deck[r].kind == NUMBER), default=None)
                value += 30 if low is not None and low <= 3 else -30
            if kind == PIA and not danger and mine > 2:
                value -= 50  # the only answer to draws, skips and demands
            return value

        return max(plays, key=score)

    def hidden(self, view: dict[str, Any], hidden: list[Action], deck: dict[str, Card]) -> Action:
        """A known memory card that fits, else one it does not know, else any."""
        memory = view["zones"][f"memory{view['seat']}"]
        colour, face, demand = view["colour"], view["face"], view["demand"]

        def fits(c: str) -> bool:
            if demand is not None and view["phase"] == DEMAND:
                d = deck[c]
                if d.kind == PIA:
                    return True
                if d.kind != NUMBER or d.number is None:
                    return False
                if demand["kind"] == PAUL:
                    return d.number == demand["number"]
                return (d.number > demand["number"]) if demand["dir"] == "higher" else (
                    d.number < demand["number"])
            return matches(colour, face, c)

        def rank(a: Action) -> int:
            c = memory[a.index]
            return 0 if c != HIDDEN and fits(c) else (1 if c == HIDDEN else 2)
        return min(hidden, key=rank)

    def patrick(self, view: dict[str, Any], by_kind: dict[type, list[Action]],
                deck: dict[str, Card]) -> Action:
        """Low and unlikely to be shared; Pia sits it out when every number is high."""
        compares = by_kind.get(Compare, [])
        pias = by_kind.get(Play, [])
        left = self.unseen_numbers(view, deck)

        def risk(a: Action) -> float:
            n = deck[a.card].number or 0
            return n + 0.5 * left[n]
        if compares:
            best = min(compares, key=risk)
            if pias and (deck[best.card].number or 0) >= 5:
                return pias[0]
            return best
        return pias[0]

    def hide(self, view: dict[str, Any], hides: list[Action], deck: dict[str, Card]) -> Action:
        """Cards that fit anything, so the blind play at the end never misses."""
        def rank(a: Action) -> tuple:
            c = deck[a.card]
            return (c.colour is not None, c.kind not in (WILD, WILD4), c.kind == PIA, c.points)
        return min(hides, key=rank)

    def name(self, view: dict[str, Any], by_kind: dict[type, list[Action]],
             deck: dict[str, Card], rng: Rng) -> Action:
        words = {a.word: a for a in by_kind.get(Choose, [])}
        choice = view["choice"]
        if choice == "paul":  # the number others are least likely to hold
            left = self.unseen_numbers(view, deck)
            best = min(left, key=lambda n: (left[n], -n))
            return words[str(best)]
        if choice == "petra":  # nobody has a number above the highest
            return words.get(f"higher-{HIGH}") or words.get(f"lower-{LOW}") or rng.choice(
                list(words.values()))
        if choice == "pia answer":  # pass a draw on; after a skip play on at once
            return words["pass"] if view["chain"] else words["end"]
        if choice == "swap":
            return self.swap(view, by_kind) or words["keep"]
        if choice in ("colour", "pia"):
            weight: Counter = Counter()
            for c in _hand(view):
                d = deck[c]
                if d.colour:
                    weight[d.colour] += 10 + d.points
            if weight:
                best_colour = max(sorted(weight), key=lambda k: weight[k])
                if best_colour in words:
                    return words[best_colour]
        return super().name(view, by_kind, deck, rng)

    def swap(self, view: dict[str, Any], by_kind: dict[type, list[Action]]) -> Optional[Action]:
        """Swap the memory cards of the two opponents closest to going out."""
        swaps = by_kind.get(Swap, [])
        if not swaps:
            return None
        counts = self.counts(view)
        return min(swaps, key=lambda a: (counts[a.first] + counts[a.second],
                                         a.first, a.second))
