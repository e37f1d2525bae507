"""Before the kick-off each coach builds a squad and a tactics deck (`lineups: pick`), or takes
the first-game squad and deck: what may be signed, switched and dealt, and what a squad or a
deck still lacks. The engine changes the squad itself; these say why not, and lay out the
first-game choices.
"""
from __future__ import annotations

from typing import Optional

from game.core.text import plural

from .data import GOALIE, WHITE
from .match import is_player, name, player, schluss, tactic
from .state import FinaleState

# -- the squad --------------------------------------------------------------------------------

FIELD, BENCH = "field", "bench"


def squad_value(state: FinaleState, seat: int) -> int:
    return sum(player(state, p).value for p in state.coaches[seat].squad)


def sign_problem(state: FinaleState, seat: int, pid: str, place: str) -> Optional[str]:
    """Why `pid` may not join the squad at `place` ("" never: None when it may)."""
    coach, squad = state.coaches[seat], state.data.squad
    if not is_player(state, pid) or player(state, pid).team != coach.team:
        return f"{pid} is not a player of {state.data.teams[seat].name}."
    who = player(state, pid)
    if pid in coach.squad:
        return f"{who.name} is already in the squad."
    if place not in (FIELD, BENCH):
        return "A player goes on the field or the bench."
    if len(coach.squad) >= squad.size:
        return f"The squad is full: {squad.size} players."
    if place == FIELD and len(coach.field) >= squad.field:
        return f"The field is full: {squad.field} players."
    if place == BENCH and len(coach.bench) >= squad.size - squad.field:
        return f"The bench is full: {squad.size - squad.field} players."
    if place == FIELD and who.position == GOALIE and any(
            player(state, p).position == GOALIE for p in coach.field):
        return "One goalie plays on the field; the other waits on the bench."
    worth = squad_value(state, seat) + who.value
    if worth > squad.max_value:
        return f"With {who.name} ({who.value}) the squad would be worth {worth}: at most {squad.max_value}."
    return None


def switch_problem(state: FinaleState, seat: int, pid: str) -> Optional[str]:
    coach, squad = state.coaches[seat], state.data.squad
    if pid in coach.field:
        if len(coach.bench) >= squad.size - squad.field:
            return f"The bench is full: {squad.size - squad.field} players."
        return None
    if pid in coach.bench:
        if len(coach.field) >= squad.field:
            return f"The field is full: {squad.field} players."
        if player(state, pid).position == GOALIE and any(
                player(state, p).position == GOALIE for p in coach.field):
            return "One goalie plays on the field; the other waits on the bench."
        return None
    return f"{name(state, pid) if is_player(state, pid) else pid} is not in the squad."


def squad_problem(state: FinaleState, seat: int) -> Optional[str]:
    """What the squad still lacks (None: complete)."""
    coach, squad = state.coaches[seat], state.data.squad
    if len(coach.field) != squad.field:
        return f"The field has {plural(len(coach.field), 'player')}: it needs {squad.field}."
    if len(coach.bench) != squad.size - squad.field:
        return (f"The bench has {plural(len(coach.bench), 'player')}: it needs "
                f"{squad.size - squad.field}.")
    keepers = [p for p in coach.field if player(state, p).position == GOALIE]
    if len(keepers) != 1:
        return "The eleven need exactly one goalie."
    if sum(player(state, p).position == GOALIE for p in coach.squad) < squad.min_goalies:
        return f"The squad needs {squad.min_goalies} goalies: a second one on the bench."
    worth = squad_value(state, seat)
    if worth > squad.max_value:
        return f"The squad is worth {worth}: at most {squad.max_value}."
    return None


def first_game(state: FinaleState, seat: int) -> None:
    """The first-game squad on its places and the first-game deck."""
    coach, team = state.coaches[seat], state.data.teams[seat]
    eleven = {p.id for p in team.first_game_eleven()}
    coach.field = [p.id for p in team.players if p.id in eleven]
    coach.bench = list(team.first_game_bench)
    coach.chosen = [c.id for c in state.data.tactics if c.colour in state.data.first_game_colours]
    coach.openers = []


# -- the deck ---------------------------------------------------------------------------------

FREE_COUNTS = {5: 2, 2: 2, 1: 1}  # strength -> how many cards a free choice has (Schlusskarte apart)


def deck_kind(state: FinaleState, cards: list[str]) -> Optional[str]:
    """"first" (white and lilac), a colour (white and that colour), "free" (the free choice's
    strengths), or None for a deck that is none of these."""
    data = state.data
    colours = sorted({tactic(state, c).colour for c in cards})
    whites = {c.id for c in data.of_colour(WHITE)}
    if len(cards) == data.deck_size and whites <= set(cards) and len(colours) == 2:
        other = next(c for c in colours if c != WHITE)
        if {c.id for c in data.of_colour(other)} <= set(cards):
            return other
    return "free" if free_problem(state, cards) is None else None


def free_problem(state: FinaleState, cards: list[str]) -> Optional[str]:
    """Why `cards` is not a valid free choice (None: it is)."""
    data = state.data
    if len(cards) != data.deck_size:
        return f"A deck has {data.deck_size} cards, not {len(cards)}."
    if schluss(state) not in cards:
        return "Every deck ends with the Schlusskarte."
    rest = [tactic(state, c).strength for c in cards if c != schluss(state)]
    for value, count in FREE_COUNTS.items():
        found = rest.count(value)
        if found != count:
            return (f"A free choice has {count} card{'s' if count > 1 else ''} of strength {value} "
                    f"besides the Schlusskarte, not {found}.")
    return None


def deck_problem(state: FinaleState, seat: int) -> Optional[str]:
    coach = state.coaches[seat]
    kind = deck_kind(state, coach.chosen)
    if kind is None:
        if len(coach.chosen) != state.data.deck_size:
            return f"The deck has {plural(len(coach.chosen), 'card')}: it needs {state.data.deck_size}."
        return ("The deck must be the white six with one colour's six, or a free choice: "
                + (free_problem(state, coach.chosen) or ""))
    if coach.openers and kind != "free":
        return "Only a free choice of cards picks its starting hand."
    if coach.openers and len(coach.openers) != state.data.hand:
        return f"Pick {state.data.hand} cards to start in the hand, or none to deal them."
    return None


def deck_of(state: FinaleState, seat: int, colour: str) -> None:
    coach = state.coaches[seat]
    coach.chosen = [c.id for c in state.data.tactics if c.colour in (WHITE, colour)]
    coach.openers = []
