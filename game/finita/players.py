"""Finita's computer players. Each sees only its own view and the legal actions.

- random: any legal turn action; a reaction now and then.
- simple: a matcher. It calls Finita, catches, claps and throws when it can; plays the first
  card that fits (numbers before action cards before black cards), names its commonest colour.
- good: counts the cards it has seen, keeps action cards for when the next seat is close to
  going out, sheds expensive cards first, names the number nobody is likely to hold, passes
  draws on, and always calls Finita before it lays its second last card.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Optional, Sequence

from game.core import Action, HIDDEN, Rng

from .actions import (Call, Catch, Choose, Clap, Compare, Draw, Hidden, Hide, Keep, Pair, Play,
                      Poker, Swap, Take, Throw, Wait)
from .data import BLACK_KINDS, DRAW2, NUMBER, PIA, SUPERPOWERS, WILD4, card, finita_data
from .rules import hand_zone, matches
from .state import CHOOSE, CLAP, DEMAND, HIDE, PATRICK


def _delay(strength: str) -> int:
    return finita_data().delays.get(strength, 1500)


def _first(legal: Sequence[Action], kind: type) -> Optional[Action]:
    return next((a for a in legal if isinstance(a, kind)), None)


def _identical_in_hand(view: dict[str, Any], seat: int) -> bool:
    discard = view["zones"]["discard"]
    if not discard:
        return False
    top = card(discard[-1])
    return top.kind == NUMBER and any(
        c != HIDDEN and c != top.id and card(c).face == top.face
        for c in view["zones"][hand_zone(seat)])


class RandomPlayer:
    """Any legal turn action; reactions only now and then."""

    delay_ms = _delay("random")

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        seat = view["seat"]
        if seat not in view["to_act"]:
            reactions = [a for a in legal if not isinstance(a, Wait)]
            if reactions and rng.randrange(4) == 0:
                return rng.choice(reactions)
            return _first(legal, Wait) or legal[0]
        turn = [a for a in legal if not isinstance(a, Wait)]
        return rng.choice(turn or list(legal))


class SimplePlayer:
    """Matches what it can, in a plain order of preference."""

    delay_ms = _delay("simple")

    def reaction(self, view: dict[str, Any], legal: Sequence[Action]) -> Optional[Action]:
        seat = view["seat"]
        for kind in (Call, Catch):
            found = _first(legal, kind)
            if found is not None:
                return found
        if view["phase"] == CLAP and seat in view["to_act"]:
            return _first(legal, Clap)
        throw = _first(legal, Throw)
        if throw is not None and _identical_in_hand(view, seat):
            return throw
        return None

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        found = self.reaction(view, legal)
        if found is not None:
            return found
        if view["seat"] not in view["to_act"]:
            return _first(legal, Wait) or legal[0]
        return self.turn(view, [a for a in legal if not isinstance(a, (Wait, Clap))], rng)

    # -- turn decisions ----------------------------------------------------------------------

    def hand(self, view: dict[str, Any]) -> list[str]:
        return [c for c in view["zones"][hand_zone(view["seat"])] if c != HIDDEN]

    def colours(self, view: dict[str, Any]) -> Counter:
        return Counter(card(c).colour for c in self.hand(view) if card(c).colour)

    def turn(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        phase = view["phase"]
        if phase == HIDE:
            return self.hide(view, [a for a in legal if isinstance(a, Hide)])
        if phase == CHOOSE:
            return self.name(view, legal, rng)
        if phase == PATRICK:
            compares = [a for a in legal if isinstance(a, Compare)]
            if compares:
                return min(compares, key=lambda a: card(a.card).number)  # type: ignore[attr-defined]
            return legal[0]
        for kind in (Poker, Pair):
            found = _first(legal, kind)
            if found is not None:
                return found
        plays = [a for a in legal if isinstance(a, Play)]
        if phase not in (DEMAND, PATRICK) and not view["chain"] and view["phase"] != "drawn":
            plays = [a for a in plays if matches(view["colour"], view["face"], a.card)]  # type: ignore[attr-defined]
        if plays:
            return self.pick_play(view, plays, rng)
        for kind in (Hidden, Keep, Take, Draw):
            found = _first(legal, kind)
            if found is not None:
                return found
        return legal[0]

    def pick_play(self, view: dict[str, Any], plays: list[Action], rng: Rng) -> Action:
        order = {NUMBER: 0, "skip": 1, "reverse": 1, DRAW2: 1, "wild": 2, WILD4: 2}
        return min(plays, key=lambda a: (order.get(card(a.card).kind, 3), a.card))  # type: ignore[attr-defined]

    def hide(self, view: dict[str, Any], hides: list[Action]) -> Action:
        black = [a for a in hides if card(a.card).colour is None]  # type: ignore[attr-defined]
        return black[0] if black else hides[0]

    def name(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        words = {a.word: a for a in legal if isinstance(a, Choose)}  # type: ignore[attr-defined]
        colours = self.colours(view)
        best_colour = colours.most_common(1)[0][0] if colours else None
        choice = view["choice"]
        if choice in ("colour", "pia") and best_colour in words:
            return words[best_colour]
        if choice == "pia answer":
            return words["pass"]
        if choice == "swap":
            return words["keep"]
        return rng.choice(list(words.values()))


class GoodPlayer(SimplePlayer):
    """Counts cards, saves action cards for the right moment, names what hurts most."""

    delay_ms = _delay("good")

    def seen(self, view: dict[str, Any]) -> Counter:
        """Faces this seat can see: its hand, the discards, its known memory cards."""
        zones = view["zones"]
        found: Counter = Counter()
        for zone in ("discard", hand_zone(view["seat"]), f"memory{view['seat']}"):
            for c in zones.get(zone, []):
                if c != HIDDEN:
                    found[card(c).face] += 1
        return found

    def next_count(self, view: dict[str, Any]) -> int:
        seat, n = view["seat"], len(view["names"])
        nxt = (seat + view["direction"]) % n
        return view["hand_counts"][nxt] + view["memory_counts"][nxt]

    def pick_play(self, view: dict[str, Any], plays: list[Action], rng: Rng) -> Action:
        threat = self.next_count(view) <= 2
        colours = self.colours(view)

        def score(a: Action) -> tuple:
            c = card(a.card)  # type: ignore[attr-defined]
            attack = c.kind in ("skip", "reverse", DRAW2, WILD4)
            keep_for_later = c.kind in BLACK_KINDS or c.kind in SUPERPOWERS or (
                attack and not threat)
            if c.kind == PIA and view["phase"] not in (DEMAND,) and not view["chain"]:
                keep_for_later = True
            return (keep_for_later, not attack if threat else False,
                    -colours.get(c.colour, 0), -c.points, a.card)  # type: ignore[attr-defined]

        return min(plays, key=score)

    def hide(self, view: dict[str, Any], hides: list[Action]) -> Action:
        def score(a: Action) -> tuple:
            c = card(a.card)  # type: ignore[attr-defined]
            return (c.colour is not None, c.kind != "wild", c.points)
        return min(hides, key=score)

    def name(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        words = {a.word: a for a in legal if isinstance(a, Choose)}  # type: ignore[attr-defined]
        choice = view["choice"]
        seen = self.seen(view)
        if choice == "paul":  # the number others are least likely to hold
            left = {n: 8 - sum(v for f, v in seen.items() if f.endswith(f"-{n}"))
                    - (0 if n not in (0, 10) else 4) for n in range(11)}
            best = min(left, key=lambda n: (left[n], n))
            return words[str(best)]
        if choice == "petra":
            return words.get("higher-10") or rng.choice(list(words.values()))
        if choice == "pia answer":
            return words["pass"] if view["chain"] else words["end"]
        if choice == "swap":
            swaps = [a for a in legal if isinstance(a, Swap)]
            return swaps[0] if swaps else words["keep"]
        return super().name(view, legal, rng)
