"""What one seat may see of a Finale match (`FinaleView`) and the sentence at the top of the
table.

Zones, per seat s (and ``chips<s>``, the coach's "!" markers while he marks): ``box<s>`` (players not in the squad), ``field<s>``, ``bench<s>``,
``out<s>`` (injured, sent off or substituted), ``tbox<s>`` (tactics cards not in the deck),
``deck<s>`` (face down), ``hand<s>``, ``table<s>`` (the cards of this period, the one in force
last) and ``played<s>``. A seat sees its own hand and box of tactics; the other coach's only
as "?" (the Schlusskarte excepted: once drawn it lies face up). While squads are being picked,
each coach sees only his own.
"""
from __future__ import annotations

from typing import Any, Optional, TypedDict, cast

from game.core import HIDDEN

from . import rules
from .data import SETUP
from .state import DRAFT, MARK, OVER, PICK, PLAY, REPLACE, SHOOTERS, SWAP, FinaleState

AREA_ZONE = "area"  # the slots of the area being played, as drop targets: "area#<slot>"
CHIP = "chip"  # a "!" marker: chips<s> holds one for each slot the marking coach can still fill


class _AreaEntry(TypedDict):
    match: int  # 2: a cup tie's replay
    period: int
    seat: int  # the attacking coach
    attack: int  # the attack's number in its period
    card: str  # the tactics card played
    counter: bool  # a counter-attack
    area: str  # setup or result
    sums: list[int]  # strength plus die: the attacker's, then the defender's
    ok: bool  # the attacker won the area (a result that is ok is a goal)
    players: list[str]  # the attacker's marked players
    against: list[str]  # the defender's marked players


class AreaEntry(_AreaEntry, total=False):
    """One area played. Only a goal has `scorer` (see `rules.scorer`)."""

    scorer: Optional[str]


class IncidentEntry(TypedDict):
    """A booking, sending-off, injury or change, for the match report."""

    match: int
    period: int
    seat: int
    player: str
    what: str  # booked, second yellow, sent off, injured, replaced, substituted
    by: Optional[str]  # the player who came on (replaced, substituted), else None


class ShootoutView(TypedDict):
    """The penalty shoot-out so far."""

    round: int
    first: int  # the seat that shoots first
    kicks: list[list[bool]]  # per seat: scored or not, kick by kick
    takers: list[list[str]]  # per seat: who took each kick ("" for nobody)
    shooters: list[list[str]]  # per seat: this round's takers, in order
    keeper: list[Optional[str]]  # per seat: the goalie in goal
    tally: list[int]  # per seat: goals scored in the shoot-out


class FinaleView(TypedDict):
    """The table as one seat sees it: every key `view` returns, and nothing else."""

    zones: dict[str, list[str]]
    to_act: list[int]
    status: str
    seat: Optional[int]
    names: list[str]
    teams: list[str]  # team names, seat order
    team_ids: list[str]
    phase: str
    period: int
    minute: int  # the minute the period ends
    last_period: int
    extra: bool
    match: int  # 2: a cup tie's replay
    goals: list[int]
    legs: list[list[int]]  # goals of the first match of a cup tie
    attacker: Optional[int]  # the period's attacker
    attacks: int  # attacks left this period, the one under way included
    attack_no: int
    att: int  # attacking in the attack under way (the counter-attacker in a counter)
    dfn: int
    counter: bool
    counter_used: bool
    bonus: int
    tied: bool
    card: Optional[str]  # the tactics card whose areas are in play
    area: str  # setup, result or ""
    slots: list[list[str]]  # per seat: the slot types of its side of the area in play
    marks: list[list[Optional[str]]]  # per seat, per slot: the player marked (None: empty)
    setup_marks: list[list[Optional[str]]]
    marker: Optional[int]
    revealed: list[Optional[str]]  # the cards shown this period (None before the reveal)
    picked: list[bool]  # has chosen a card for this period's reveal
    strengths: dict[str, int]  # each squad player's strength on top now
    turns: dict[str, int]  # quarter turns of each squad player
    booked: list[list[str]]
    why: dict[str, str]  # player -> injured, sent off, substituted
    subs_left: list[list[int]]  # per seat: [field, goalie] substitutions left
    hand_counts: list[int]
    deck_counts: list[int]
    pending: Optional[str]  # the injured player whose replacement is being chosen
    ready: list[bool]
    value: int  # this seat's squad value (while picking)
    deck_kind: Optional[str]  # this seat's deck: "first", a colour, "free" or None
    problem: Optional[str]  # what this seat's squad or deck still lacks (while picking)
    openers: list[str]  # this seat's chosen starting hand (free choice)
    shootout: Optional[ShootoutView]
    history: list[AreaEntry]  # one entry per area played (none while squads are picked)
    incidents: list[IncidentEntry]
    winner: Optional[int]
    options: dict[str, Any]


def hidden_pieces(state: FinaleState, seat: Optional[int]) -> set[str]:
    """Pieces `seat` may not identify: every deck card, the other coach's hand, unshown pick
    and unchosen tactics, and, while squads are picked, everything of the other coach."""
    hidden: set[str] = set()
    final = rules.schluss(state)
    for s, coach in enumerate(state.coaches):
        hidden.update(rules.piece(state, s, c) for c in coach.deck)
        if s == seat:
            continue
        hidden.update(rules.piece(state, s, c) for c in coach.hand if c != final)
        if coach.pick is not None and coach.pick != final:
            hidden.add(rules.piece(state, s, coach.pick))
        chosen = set(coach.chosen)
        hidden.update(rules.piece(state, s, c.id) for c in state.data.tactics if c.id not in chosen)
        if state.phase == DRAFT:
            hidden.update(rules.piece(state, s, c) for c in coach.chosen)
            hidden.update(p.id for p in state.data.teams[s].players)
    return hidden


def _zones(state: FinaleState, seat: Optional[int]) -> dict[str, list[str]]:
    zones: dict[str, list[str]] = {}
    final = rules.schluss(state)
    for s, coach in enumerate(state.coaches):
        own = s == seat
        secret = state.phase == DRAFT and not own
        team = state.data.teams[s]
        squad = set(coach.squad) | set(coach.out)
        if secret:
            zones[f"box{s}"] = [HIDDEN] * len(team.players)
            zones[f"field{s}"], zones[f"bench{s}"], zones[f"out{s}"] = [], [], []
        else:
            zones[f"box{s}"] = [p.id for p in team.players if p.id not in squad]
            zones[f"field{s}"], zones[f"bench{s}"] = list(coach.field), list(coach.bench)
            zones[f"out{s}"] = list(coach.out)
        chosen = set(coach.chosen)
        unchosen = [rules.piece(state, s, c.id) for c in state.data.tactics if c.id not in chosen]
        if secret:
            zones[f"tbox{s}"] = [HIDDEN] * len(state.data.tactics)
            zones[f"deck{s}"], zones[f"hand{s}"] = [], []
        else:
            zones[f"tbox{s}"] = unchosen if own else [HIDDEN] * len(unchosen)
            zones[f"deck{s}"] = [HIDDEN] * len(coach.deck)
            if own and state.phase == DRAFT:  # the deck being built, face up to its coach
                zones[f"deck{s}"] = [rules.piece(state, s, c) for c in coach.chosen]
            zones[f"hand{s}"] = [rules.piece(state, s, c) if own or c == final else HIDDEN
                                 for c in coach.hand]
        zones[f"table{s}"] = [HIDDEN if (c == coach.pick and not own and c != final)
                              else rules.piece(state, s, c) for c in coach.table]
        zones[f"played{s}"] = [rules.piece(state, s, c) for c in coach.played]
        marking = state.phase == MARK and state.marker == s
        zones[f"chips{s}"] = [CHIP] * len(rules.open_slots(state, s)) if marking else []
    return zones


def view(state: FinaleState, seat: Optional[int], to_act: list[int]) -> FinaleView:
    coaches = state.coaches
    own = coaches[seat] if seat is not None else None
    drafting = state.phase == DRAFT
    public = [s for s in (0, 1) if not drafting or s == seat]
    strengths: dict[str, int] = {}
    turns: dict[str, int] = {}
    for s in public:
        for pid in coaches[s].squad:
            strengths[pid] = rules.strength(state, s, pid)
            turns[pid] = coaches[s].turns.get(pid, 0)
    marking = state.phase == MARK or bool(state.area)
    return FinaleView(
        zones=_zones(state, seat),
        to_act=list(to_act),
        status=status(state, seat, to_act),
        seat=seat,
        names=list(state.names),
        teams=[t.name for t in state.data.teams],
        team_ids=[t.id for t in state.data.teams],
        phase=state.phase,
        period=state.period,
        minute=rules.period_minute(state.period),
        last_period=rules.last_period(state),
        extra=state.extra,
        match=state.match,
        goals=[c.goals for c in coaches],
        legs=[list(c.legs) for c in coaches],
        attacker=state.attacker,
        attacks=state.attacks,
        attack_no=state.attack_no,
        att=state.att,
        dfn=state.dfn,
        counter=state.counter,
        counter_used=state.counter_used,
        bonus=state.bonus,
        tied=state.tied,
        card=state.card,
        area=state.area,
        slots=[list(rules.slots(state, s)) if marking and state.card else [] for s in (0, 1)],
        marks=[list(m) for m in state.marks],
        setup_marks=[list(m) for m in state.setup_marks],
        marker=state.marker,
        revealed=list(state.revealed),
        picked=[c.pick is not None for c in coaches],
        strengths=strengths,
        turns=turns,
        booked=[list(coaches[s].booked) if s in public else [] for s in (0, 1)],
        why={p: w for s in public for p, w in coaches[s].why.items()},
        subs_left=[[rules.FIELD_SUBS - c.subs, rules.GOALIE_SUBS - c.goalie_subs] for c in coaches],
        hand_counts=[len(c.hand) for c in coaches],
        deck_counts=[len(c.deck) for c in coaches],
        pending=state.pending[0][1] if state.pending else None,
        ready=[c.ready for c in coaches],
        value=rules.squad_value(state, seat) if seat is not None else 0,
        deck_kind=rules.deck_kind(state, own.chosen) if own is not None and drafting else None,
        problem=((rules.squad_problem(state, seat) or rules.deck_problem(state, seat))
                 if own is not None and seat is not None and drafting else None),
        openers=list(own.openers) if own is not None and drafting else [],
        shootout=_shootout(state) if state.shoot_round else None,
        history=cast("list[AreaEntry]", [dict(h) for h in state.history] if not drafting else []),
        incidents=cast("list[IncidentEntry]", [dict(i) for i in state.incidents]),
        winner=state.winner,
        options=dict(state.options),
    )


def _shootout(state: FinaleState) -> ShootoutView:
    return {"round": state.shoot_round, "first": state.shoot_first,
            "kicks": [list(c.kicks) for c in state.coaches],
            "takers": [list(c.takers) for c in state.coaches],
            "shooters": [list(c.shooters) for c in state.coaches],
            "keeper": [c.keeper for c in state.coaches],
            "tally": [rules.tally(state, s) for s in (0, 1)]}


def status(state: FinaleState, seat: Optional[int], to_act: list[int]) -> str:
    """One short sentence for the top of the table."""
    names = state.names
    phase = state.phase
    if phase == OVER:
        winner = state.winner
        shot = any(c.kicks for c in state.coaches)
        # when the match ended: after 90 minutes, after extra time, or after the shoot-out
        when = "After the shoot-out" if shot else "After extra time" if state.extra else "Full time"
        if winner is None:
            return f"{when}: a draw."
        kicks = [sum(c.kicks) for c in state.coaches]
        how = f" {kicks[winner]} to {kicks[1 - winner]} on penalties" if shot else ""
        cup = f"; {state.data.teams[winner].name} hold the cup" if state.options.get("cup_tie") else ""
        return f"{when}: {state.data.teams[winner].name} win{how}{cup}."
    if phase == DRAFT:
        return "Pick a squad of 15 worth at most 50 and a deck of 12 tactics cards."
    if phase == PICK:
        waiting = " and ".join(names[s] for s in to_act)
        replay = (f"Replay (first match {state.coaches[0].legs[0]}:{state.coaches[1].legs[0]}), "
                  if state.match == 2 and state.coaches[0].legs else "")
        period = f"{replay}period {state.period}" if replay else f"Period {state.period}"
        score = f"{state.coaches[0].goals}:{state.coaches[1].goals}"
        return f"{period} at {score}: {waiting} to choose a card (substitutions first)."
    if phase == PLAY:
        return f"{names[state.attacking]}: play a card for attack {state.attack_no}."
    if phase == SWAP:
        return f"{names[1 - state.attacking]}: swap a card or keep the hand."
    if phase == MARK:
        what = "set-up" if state.area == SETUP else "finish"
        role = "attack" if state.marker == state.att else "defence"
        kind = "Counter-attack" if state.counter else f"Attack {state.attack_no}"
        return f"{kind}, {what}: {names[state.marking]} marks the {role}."
    if phase == REPLACE:
        return f"{names[state.pending[0][0]]}: bring on a player for {rules.name(state, state.pending[0][1])}."
    if phase == SHOOTERS:
        return f"Penalties, round {state.shoot_round}: name the takers in order."
    return ""
