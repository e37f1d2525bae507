"""Finale's good computer coach (`GoodPlayer`, offered as the strength ``good``).

It sees only its own view and the printed cards (`finale_data()`). Everything it weighs is in
one unit, a change in its chance of winning the match:

- A goal is worth what it does to that chance now (`win_chance`: both sides' remaining goals as
  Poisson counts, a level end a coin toss). The same goal weighs most when level late, little
  when three up or three down, so the coach attacks harder when behind late and plays safe
  when ahead.
- Marking: it tries every way of filling its slots (a few candidates a slot) and scores each
  by the chance to win the area (the die's exact odds) times the stake, less what the marked
  cards lose on their coming edges (a marked card turns a quarter) and the risk of their
  symbols. The defender answers the attacker's marks it sees; the attacker expects the
  defender's strongest answer. In a set-up both look ahead to the finish: the players left,
  and an arrow's player on his turned edge.
- The reveal: the other coach's card is estimated from the cards not yet seen; more attacks
  are worth more when goals matter, and a strong card kept for a later period is worth
  something while periods remain. Follow-up attacks use the card whose areas suit the two
  squads now, sparing strong cards.
- Substitutions at a period's start bring on a fresher player of the same line, or take off a
  booked one, keeping one change for injuries until late.
- Before the match (`lineups: pick`): a squad for the tactics colour that suits the team best,
  found exactly by a small knapsack over the value of 50.
"""
from __future__ import annotations

import math
from functools import lru_cache
from itertools import combinations
from typing import Any, Callable, Optional, Sequence

from game.core import HIDDEN, Action, Rng

from .actions import DeckOf, FirstGame, Keep, Keeper, Mark, Pick, Play, Ready, Replace, Shooter
from .actions import Sign, Sub, Swap
from .data import (ANY, ATTACK, DEFEND, FIELD_LINES, GOALIE, LILAC, RED_CARD, RED_CROSS, RESULT,
                   SETUP, WHITE, YELLOW_CARD, Player, Tactic, card_id, finale_data)
from .state import DRAFT
from game.core.players import DELAY_MS

GOALS_PER_PERIOD = 0.3  # per team and period, about what the balance simulations show
ATTACK_GOAL = 0.25  # the chance an attack scores, for weighing the reveal
COUNTER_GOAL = 0.3  # the chance a counter-attack scores, on average
COUNTER_FINISH = 0.45  # the chance a counter-attack scores once its set-up works
FUTURE = 0.003  # a strength point of one player card, per period left
SPARE_PLAYER = 0.0005  # a strength point left unturned now (decides when the area is decided)
LOSS = 0.004  # a player lost for good, per period left and per point of his strength
SUB_GAIN = 1.2  # how much fresher (weighted coming edges) a substitute must be
BOOKED = 1.0  # what a booked player with a yellow-card symbol loses in that comparison
SWAP_GAIN = 1.0  # how much stronger, on average, the deck must be than the card laid away
SPARE = 0.03  # a tactics card's strength point not spent on a follow-up, while reveals remain
KEEP = 0.0  # a tactics card's strength point kept for a later period, per period left
EDGE_WEIGHTS = (0.55, 0.25, 0.12, 0.08)  # how much a card's coming edges count, in order
CANDIDATES = 5  # players tried per slot when marking
RISK = {RED_CROSS: 0.3, YELLOW_CARD: 0.4, RED_CARD: 0.6}  # squad building: a symbol's cost


# -- tables of the printed cards and the die ---------------------------------------------------

@lru_cache(maxsize=None)
def _cards() -> tuple[dict[str, Player], dict[str, Tactic], dict[int, float]]:
    data = finale_data()
    diffs = [a - b for a in data.die_faces for b in data.die_faces]
    beat = {k: sum(d >= k for d in diffs) / len(diffs) for k in range(min(diffs), max(diffs) + 1)}
    return data.players_by_id, data.tactics_by_id, beat


def at_least(k: int) -> float:
    """The chance that my die beats the other coach's by at least `k`."""
    beat = _cards()[2]
    if k in beat:
        return beat[k]
    return 0.0 if k > 0 else 1.0


@lru_cache(maxsize=None)
def win_chance(diff: int, quarters_left: int) -> float:
    """My chance to win the match from goal difference `diff` with `quarters_left` quarter
    periods to play (a level end counts half)."""
    mean = GOALS_PER_PERIOD * quarters_left / 4
    probs = [math.exp(-mean) * mean ** n / math.factorial(n) for n in range(12)]
    win = 0.0
    for mine, p in enumerate(probs):
        for theirs, q in enumerate(probs):
            final = diff + mine - theirs
            win += p * q * (1.0 if final > 0 else 0.5 if final == 0 else 0.0)
    return win


def coming(edges: tuple[int, int, int, int], turns: int) -> float:
    """What a player card is worth for its coming uses, from `turns` quarter turns on."""
    return sum(w * edges[(turns + k) % 4] for k, w in enumerate(EDGE_WEIGHTS))


def slot_takes(kind: str, who: Player, free: Sequence[Player]) -> bool:
    """The engine's rule for a slot: its own line first; with none of that line free, any
    field player (never the goalie in a field slot or a "?")."""
    if kind == ANY:
        return who.position != GOALIE
    if who.position == kind:
        return True
    return who.position != GOALIE and not any(p.position == kind for p in free)


def greedy(kinds: Sequence[str], free: Sequence[Player], power: dict[str, int],
           fixed: Optional[dict[int, int]] = None) -> tuple[int, list[Player]]:
    """A quick strong filling of the slots `kinds` from `free`: (total, players used); `fixed`
    gives the strengths of slots already filled."""
    fixed = fixed or {}
    pool = list(free)
    total = sum(fixed.values())
    used: list[Player] = []
    for i in sorted((i for i in range(len(kinds)) if i not in fixed), key=lambda i: kinds[i] == ANY):
        fits = [p for p in pool if slot_takes(kinds[i], p, pool)]
        if fits:
            best = max(fits, key=lambda p: (power.get(p.id, 0), p.id))
            pool.remove(best)
            used.append(best)
            total += power.get(best.id, 0)
    return total, used


def finish_estimate(card: Tactic, side: str, setup_ids: Sequence[Optional[str]],
                    field: Sequence[Player], power: dict[str, int], turns: dict[str, int]) -> int:
    """A side's finish after a set-up marked `setup_ids`: an arrow's player on his turned edge,
    the other slots filled from those who did not play the set-up."""
    players = _cards()[0]
    fixed: dict[int, int] = {}
    for arrow in card.arrows:
        marked = setup_ids[arrow.setup] if arrow.setup < len(setup_ids) else None
        if arrow.side == side and marked:
            who = players[marked]
            fixed[arrow.result] = who.strength(turns.get(who.id, 0) + 1)
    taken = {p for p in setup_ids if p}
    total, _ = greedy(card.result.side(side), [p for p in field if p.id not in taken], power, fixed)
    return total


def attack_chance(card: Tactic, mine: Sequence[Player], theirs: Sequence[Player],
                  power: dict[str, int], turns: dict[str, int], bonus: int = 0) -> tuple[float, float]:
    """(the set-up works, the finish scores) for an attack with `card`, both sides marking
    their strongest players."""
    if card.setup.empty:
        ok = 1.0
        my_ids: list[Optional[str]] = []
        their_ids: list[Optional[str]] = []
    else:
        my_sum, my_used = greedy(card.setup.attack, mine, power)
        their_sum, their_used = greedy(card.setup.defend, theirs, power)
        ok = at_least(their_sum - my_sum - bonus)
        my_ids, their_ids = [p.id for p in my_used], [p.id for p in their_used]
    mine_end = finish_estimate(card, ATTACK, my_ids, mine, power, turns)
    theirs_end = finish_estimate(card, DEFEND, their_ids, theirs, power, turns)
    return ok, at_least(1 + theirs_end - mine_end)


def counter_goal(bonus: int) -> float:
    """The chance a counter-attack with `bonus` in its set-up scores (even squads)."""
    return at_least(-bonus) * COUNTER_FINISH


def counter_bonus(view: dict[str, Any], card: Tactic) -> int:
    """The bonus the other side of this attack would counter with, were `card` to fail."""
    cards = _cards()[1]
    theirs = view["revealed"][view["dfn"]]
    if view["tied"] or theirs is None:
        return 0
    return abs(card.strength - cards[theirs].strength)


def _spread(fits: list[Player], power: dict[str, int]) -> list[Player]:
    """The candidates for one slot: the strongest few and the weakest (to spare the others)."""
    if len(fits) <= CANDIDATES:
        return fits
    ranked = sorted(fits, key=lambda p: (-power.get(p.id, 0), p.id))
    return ranked[:CANDIDATES - 1] + ranked[-1:]


def best_filling(kinds: Sequence[str], made: Sequence[Optional[str]], free: Sequence[Player],
                 value: Callable[[list[Optional[str]], list[Player]], float],
                 power: dict[str, int]) -> list[tuple[int, Player]]:
    """The best way, by `value(marks, chosen)`, to fill the empty slots in slot order."""
    empty = [i for i, p in enumerate(made) if p is None]
    marks = list(made)
    best: list[tuple[int, Player]] = []
    best_value = -math.inf

    def walk(k: int, pool: list[Player], chosen: list[tuple[int, Player]]) -> None:
        nonlocal best, best_value
        if k == len(empty):
            score = value(marks, [p for _, p in chosen])
            if score > best_value + 1e-12:
                best, best_value = list(chosen), score
            return
        slot = empty[k]
        fits = [p for p in pool if slot_takes(kinds[slot], p, pool)]
        if not fits:
            walk(k + 1, pool, chosen)
            return
        for who in _spread(fits, power):
            rest = [p for p in pool if p is not who]
            marks[slot] = who.id
            chosen.append((slot, who))
            walk(k + 1, rest, chosen)
            chosen.pop()
            marks[slot] = None

    walk(0, sorted(free, key=lambda p: p.id), [])
    return best


# -- building a squad --------------------------------------------------------------------------

def _quality(p: Player) -> float:
    return sum(p.edges) / 4 + 0.25 * p.edges[0] - sum(RISK[s] for s in p.symbols)


def line_demand(colour: str) -> dict[str, float]:
    """How much each field line is called on with a white-and-`colour` deck: its slots on the
    attacking side of those cards and on the defending side of a first-game deck."""
    data = finale_data()
    demand = {line: 0.0 for line in FIELD_LINES}

    def count(slots: Sequence[str]) -> None:
        for s in slots:
            if s == ANY:
                for line in FIELD_LINES:
                    demand[line] += 1 / 3
            elif s in demand:
                demand[s] += 1

    for c in data.tactics:
        if c.colour in (WHITE, colour):
            count(c.setup.attack + c.result.attack)
        if c.colour in (WHITE, LILAC):
            count(c.setup.defend + c.result.defend)
    total = sum(demand.values())
    return {line: v / total for line, v in demand.items()}


@lru_cache(maxsize=None)
def plan_squad(seat: int, colour: str) -> tuple[float, tuple[str, ...], tuple[str, ...]]:
    """(score, field, bench) of the best squad for a white-and-`colour` deck: one goalie and one
    player of each field line on the bench, the field's lines near the deck's demand, the
    players' quality summed under the squad's value limit (an exact knapsack)."""
    data = finale_data()
    team, rules = data.teams[seat], data.squad
    budget = rules.max_value
    demand = line_demand(colour)
    lines = (GOALIE,) + FIELD_LINES
    # per line and field count: budget -> (score, field ids, bench ids), one on the bench
    tables: dict[tuple[str, int], dict[int, tuple[float, tuple[str, ...], tuple[str, ...]]]] = {}
    for line in lines:
        pool = [p for p in team.players if p.position == line]
        weight = 1.6 if line == GOALIE else 1.0
        counts = (1,) if line == GOALIE else range(2, 7)
        for n in counts:
            best: dict[int, tuple[float, tuple[str, ...], tuple[str, ...]]] = {}
            for bench in pool:
                others = [p for p in pool if p is not bench]
                for field in combinations(others, n):
                    cost = bench.value + sum(p.value for p in field)
                    if cost > budget:
                        continue
                    score = weight * sum(_quality(p) for p in field) + 0.2 * _quality(bench)
                    if cost not in best or score > best[cost][0]:
                        best[cost] = (score, tuple(p.id for p in field), (bench.id,))
            tables[(line, n)] = best
    found: tuple[float, tuple[str, ...], tuple[str, ...]] = (-math.inf, (), ())
    fields = rules.field - 1
    for nd in range(2, 7):
        for nm in range(2, 7):
            ns = fields - nd - nm
            if not 2 <= ns <= 6:
                continue
            shape = {FIELD_LINES[0]: nd, FIELD_LINES[1]: nm, FIELD_LINES[2]: ns}
            fit = -sum(abs(shape[line] - fields * demand[line]) for line in FIELD_LINES)
            combined: dict[int, tuple[float, tuple[str, ...], tuple[str, ...]]] = {0: (fit, (), ())}
            for line in lines:
                table = tables[(line, 1 if line == GOALIE else shape[line])]
                merged: dict[int, tuple[float, tuple[str, ...], tuple[str, ...]]] = {}
                for c1, (s1, f1, b1) in combined.items():
                    for c2, (s2, f2, b2) in table.items():
                        if c1 + c2 <= budget and (c1 + c2 not in merged or s1 + s2 > merged[c1 + c2][0]):
                            merged[c1 + c2] = (s1 + s2, f1 + f2, b1 + b2)
                combined = {c: v for c, v in merged.items()}
            if combined:
                top = max(combined.values(), key=lambda v: v[0])
                if top[0] > found[0]:
                    found = top
    return found


def plan_draft(seat: int) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """(colour, field, bench): the colour whose best squad scores highest."""
    colours = [c.id for c in finale_data().colours if c.id != WHITE]
    best = max(colours, key=lambda c: (plan_squad(seat, c)[0], c))
    _, field, bench = plan_squad(seat, best)
    return best, field, bench


# -- the coach ---------------------------------------------------------------------------------

class GoodPlayer:
    """The good coach (see the module's notes)."""

    delay_ms = DELAY_MS  # only a table on a clock asks (none here)

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action], rng: Rng) -> Action:
        legal = list(legal_actions)
        first = legal[0]
        players = _cards()[0]
        if view["phase"] == DRAFT:
            return self._draft(view, legal)
        if any(isinstance(a, (Pick, Sub)) for a in legal):
            return self._period_start(view, legal)
        if isinstance(first, Play):
            return self._follow_up(view, legal)
        if isinstance(first, (Swap, Keep)):
            return self._swap(view, legal)
        if isinstance(first, Mark):
            return self._mark(view, legal)
        if isinstance(first, Replace):
            gone = players[view["pending"]] if view.get("pending") else None
            return max(legal, key=lambda a: (gone is not None and players[a.player].position == gone.position,
                                             coming(players[a.player].edges, 0), a.player))
        if isinstance(first, Keeper):
            return max(legal, key=lambda a: (sum(players[a.player].edges), a.player))
        if isinstance(first, Shooter):
            return max(legal, key=lambda a: (players[a.player].edges[0], a.player))
        return first

    # -- the situation ---------------------------------------------------------------------

    @staticmethod
    def _quarters_left(view: dict[str, Any], at_start: bool) -> int:
        """Quarter periods still to play, the current one counted whole at its start."""
        return 4 * (view["last_period"] - view["period"]) + (4 if at_start else 2)

    def _goal_values(self, view: dict[str, Any], at_start: bool = False) -> tuple[float, float]:
        """(what scoring, what conceding a goal changes in my chance to win)."""
        me = view["seat"]
        diff = view["goals"][me] - view["goals"][1 - me]
        q = self._quarters_left(view, at_start)
        now = win_chance(diff, q)
        return win_chance(diff + 1, q) - now, now - win_chance(diff - 1, q)

    @staticmethod
    def _field(view: dict[str, Any], seat: int) -> list[Player]:
        players = _cards()[0]
        return [players[p] for p in view["zones"][f"field{seat}"]]

    # -- before the match --------------------------------------------------------------------

    def _plan(self, seat: int) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
        """(colour, field, bench) to build before the match."""
        return plan_draft(seat)

    def _draft(self, view: dict[str, Any], legal: list[Action]) -> Action:
        seat = view["seat"]
        colour, field, bench = self._plan(seat)
        on_field, on_bench = set(view["zones"][f"field{seat}"]), set(view["zones"][f"bench{seat}"])
        steps: list[Action] = [Sign(seat, p, "field") for p in field if p not in on_field]
        steps += [Sign(seat, p, "bench") for p in bench if p not in on_bench]
        if view["deck_kind"] != colour:
            steps.append(DeckOf(seat, colour))
        steps.append(Ready(seat))
        for step in steps:
            if step in legal:
                return step
        return next(a for a in legal if isinstance(a, FirstGame))

    # -- a period's start: substitutions, then the card for the reveal --------------------------

    def _period_start(self, view: dict[str, Any], legal: list[Action]) -> Action:
        sub = self._substitution(view, legal)
        if sub is not None:
            return sub
        picks = [a for a in legal if isinstance(a, Pick)]
        return max(picks, key=lambda a: (self._reveal_value(view, card_id(a.card)), a.card))

    def _substitution(self, view: dict[str, Any], legal: list[Action]) -> Optional[Action]:
        me = view["seat"]
        players = _cards()[0]
        field_left, _ = view["subs_left"][me]
        late = view["period"] >= view["last_period"] - 2
        best: Optional[Action] = None
        best_gain = SUB_GAIN
        for a in legal:
            if not isinstance(a, Sub):
                continue
            out, into = players[a.out], players[a.into]
            if out.position != into.position:
                continue
            if out.position != GOALIE and field_left <= 1 and not late:
                continue  # one change stays in hand for an injury
            gain = coming(into.edges, 0) - coming(out.edges, view["turns"].get(out.id, 0))
            if YELLOW_CARD in out.symbols and out.id in view["booked"][me]:
                gain += BOOKED
            if gain > best_gain:
                best, best_gain = a, gain
        return best

    def _their_reveals(self, view: dict[str, Any]) -> dict[int, float]:
        """Strength -> chance, of the other coach's card for this reveal: the strongest of three
        cards from those he has not shown yet (half the time), or any of them."""
        cards = _cards()[1]
        data = finale_data()
        opp = 1 - view["seat"]
        prefix = view["team_ids"][opp] + "-"
        seen = [c[len(prefix):] for zone in ("played", "table", "hand")
                for c in view["zones"][f"{zone}{opp}"] if c.startswith(prefix)]
        colours = {cards[c].colour for c in seen if c in cards} - {WHITE}
        colour = LILAC if view["options"].get("lineups") == "first" or not colours else sorted(colours)[0]
        final = data.schlusskarte.id
        pool = [c.strength for c in data.tactics if c.colour in (WHITE, colour)
                and c.id not in seen and c.id != final]
        if not pool:
            return {data.schlusskarte.strength: 1.0}
        return _reveal_odds(tuple(sorted(pool)))

    def _reveal_value(self, view: dict[str, Any], card: str) -> float:
        cards = _cards()[1]
        mine = cards[card].strength
        score, concede = self._goal_values(view, at_start=True)
        value = 0.0
        for theirs, p in self._their_reveals(view).items():
            gap = mine - theirs
            if gap > 0:
                swing = gap * ATTACK_GOAL * score - (1 - 0.5 ** gap) * COUNTER_GOAL * concede * 0.5
            elif gap < 0:
                swing = gap * ATTACK_GOAL * concede + (1 - 0.5 ** -gap) * COUNTER_GOAL * score * 0.5
            else:
                swing = 0.5 * ATTACK_GOAL * (score - concede)
            value += p * swing
        left = view["last_period"] - view["period"]
        return value - KEEP * mine * left

    # -- attacks: the follow-up card and the defender's swap ----------------------------------

    def _follow_up(self, view: dict[str, Any], legal: list[Action]) -> Action:
        me = view["seat"]
        cards = _cards()[1]
        power, turns = view["strengths"], view["turns"]
        mine, theirs = self._field(view, me), self._field(view, 1 - me)
        score, concede = self._goal_values(view)
        counter_open = not view["counter_used"]
        left = view["last_period"] - view["period"]

        def worth(a: Play) -> float:
            card = cards[card_id(a.card)]
            ok, goal = attack_chance(card, mine, theirs, power, turns)
            back = counter_goal(counter_bonus(view, card))
            miss = (1 - ok) * back * concede if counter_open else 0.0
            return score * ok * goal - miss - (SPARE * card.strength if left else 0.0)

        return max(legal, key=lambda a: (worth(a), a.card))

    def _swap(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Lay away the weakest card when the deck promises better and has cards to spare."""
        cards = _cards()[1]
        keep = next(a for a in legal if isinstance(a, Keep))
        swaps = [a for a in legal if isinstance(a, Swap)]
        deck = self._deck(view)
        if not swaps or not deck:
            return keep
        weakest = min(swaps, key=lambda a: (cards[card_id(a.card)].strength, a.card))
        left = view["last_period"] - view["period"]
        hoped = sum(cards[c].strength for c in deck) / len(deck)
        if hoped - cards[card_id(weakest.card)].strength >= SWAP_GAIN and len(deck) > left + 1:
            return weakest
        return keep

    @staticmethod
    def _deck(view: dict[str, Any]) -> list[str]:
        """My deck's cards (face down, but I chose them): the deck of twelve less what is shown."""
        me = view["seat"]
        cards = _cards()[1]
        final = finale_data().schlusskarte.id
        out = {card_id(c) for zone in ("tbox", "hand", "table", "played")
               for c in view["zones"][f"{zone}{me}"] if c != HIDDEN}
        return [c for c in cards if c not in out and c != final]

    # -- marking -------------------------------------------------------------------------------

    def _use_cost(self, view: dict[str, Any], who: Player, seat: int) -> float:
        """What marking `who` costs later: his card turns, and his symbols may cost him."""
        periods = self._quarters_left(view, False) / 4
        turns = view["turns"].get(who.id, 0)
        cost = FUTURE * periods * (coming(who.edges, turns) - coming(who.edges, turns + 1))
        if who.symbols:
            faces = finale_data().symbol_faces
            odds = {s: len(f) / len(finale_data().die_faces) for s, f in faces.items()}
            lost = LOSS * periods * coming(who.edges, turns + 1) * 4
            if RED_CARD in who.symbols:
                cost += odds[RED_CARD] * lost
            if RED_CROSS in who.symbols:
                subs = view["subs_left"][seat][1 if who.position == GOALIE else 0]
                cost += odds[RED_CROSS] * (lost / 3 if subs else lost)
            if YELLOW_CARD in who.symbols:
                booked = who.id in view["booked"][seat]
                cost += odds[YELLOW_CARD] * (lost if booked else lost / 4)
        return cost

    def _mark(self, view: dict[str, Any], legal: list[Action]) -> Action:
        me, opp = view["seat"], 1 - view["seat"]
        players, cards, _ = _cards()
        power: dict[str, int] = view["strengths"]
        turns: dict[str, int] = view["turns"]
        card = cards[view["card"]]
        attacking = me == view["att"]
        area = view["area"]
        kinds = view["slots"][me]
        made = view["marks"][me]
        used = {p for p in made if p}
        if area == RESULT:
            used |= {p for p in view["setup_marks"][me] if p}
        my_field = self._field(view, me)
        free = [p for p in my_field if p.id not in used]
        score, concede = self._goal_values(view)
        counter_open = not view["counter"] and not view["counter_used"]
        bonus = view["bonus"] if view["counter"] and area == SETUP else 0
        their_field = self._field(view, opp)
        their_marks = view["marks"][opp]
        if attacking:  # the defender's strongest answer
            kinds_opp = (card.setup if area == SETUP else card.result).defend
            fixed = {i: power.get(p, 0) for i, p in enumerate(their_marks) if p}
            gone = {p for p in view["setup_marks"][opp] if p} if area == RESULT else set()
            theirs, their_used = greedy(kinds_opp, [p for p in their_field if p.id not in gone],
                                        power, fixed)
            their_ids: list[Optional[str]] = [p.id for p in their_used]
        else:  # the attacker's marks, seen
            theirs = sum(power.get(p, 0) for p in their_marks if p)
            their_ids = list(their_marks)
        their_end = 0
        if area == SETUP:
            their_end = finish_estimate(card, DEFEND if attacking else ATTACK, their_ids,
                                        their_field, power, turns)
        my_side = ATTACK if attacking else DEFEND
        back = counter_goal(counter_bonus(view, card))

        def value(marks: list[Optional[str]], chosen: list[Player]) -> float:
            total = sum(power.get(p, 0) for p in marks if p)
            cost = sum(self._use_cost(view, p, me) + SPARE_PLAYER * power.get(p.id, 0)
                       for p in chosen)
            lead = (total + bonus - theirs) if attacking else (theirs + bonus - total)
            if area == RESULT:
                scored = at_least(1 - lead)
                return (score * scored if attacking else -concede * scored) - cost
            ok = at_least(-lead)
            my_end = finish_estimate(card, my_side, marks, my_field, power, turns)
            if attacking:
                goal = at_least(1 + their_end - my_end)
                miss = (1 - ok) * back * concede if counter_open else 0.0
                return score * ok * goal - miss - cost
            goal = at_least(1 + my_end - their_end)
            gain = (1 - ok) * back * score if counter_open else 0.0
            return -concede * ok * goal + gain - cost

        for slot, who in best_filling(kinds, made, free, value, power):
            action = Mark(me, slot, who.id)
            if action in legal:
                return action
        return max(legal, key=lambda a: (power.get(a.player, 0), -a.slot))


@lru_cache(maxsize=4096)
def _reveal_odds(pool: tuple[int, ...]) -> dict[int, float]:
    """Strength -> chance of a coach's reveal from the unseen strengths `pool`: half the time the
    strongest of a random three, half the time any one."""
    odds: dict[int, float] = {}
    hands = list(combinations(pool, min(3, len(pool))))
    for hand in hands:
        top = max(hand)
        odds[top] = odds.get(top, 0.0) + 0.5 / len(hands)
        for s in hand:
            odds[s] = odds.get(s, 0.0) + 0.5 / len(hands) / len(hand)
    return odds
