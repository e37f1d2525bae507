"""What every part of a Finale match uses: players and tactics cards by id and their names, the
die and the roll-off, the match clock, the particulars an event carries (game/finale/narrator.py
words them; docs/events.md lists them) and the final whistle, which both the end of the match
(game/finale/periods.py) and the shoot-out (game/finale/shootout.py) blow.
"""
from __future__ import annotations

from typing import Optional

from game.core import Event

from .data import Player, Tactic
from .narrator import NARRATOR
from .state import EXTRA_PERIODS, MINUTES, OVER, REGULAR_PERIODS, FinaleState

# -- looking things up ------------------------------------------------------------------------

def player(state: FinaleState, pid: str) -> Player:
    return state.data.players_by_id[pid]


def tactic(state: FinaleState, cid: str) -> Tactic:
    return state.data.tactics_by_id[cid]


def is_player(state: FinaleState, pid: str) -> bool:
    return pid in state.data.players_by_id


def is_tactic(state: FinaleState, cid: str) -> bool:
    return cid in state.data.tactics_by_id


def team_players(state: FinaleState, seat: int) -> tuple[Player, ...]:
    return state.data.teams[seat].players


def strength(state: FinaleState, seat: int, pid: str) -> int:
    """The strength on top of a player card now."""
    return player(state, pid).strength(state.coaches[seat].turns.get(pid, 0))


def name(state: FinaleState, pid: str) -> str:
    return player(state, pid).name if is_player(state, pid) else tactic(state, pid).name


def piece(state: FinaleState, seat: int, cid: str) -> str:
    """The piece id of a tactics card: both coaches hold the same thirty, so the team's id
    comes first ("stollen-pressing")."""
    return f"{state.coaches[seat].team}-{cid}"


def card_of(state: FinaleState, seat: int, word: str) -> Optional[str]:
    """The tactics card id an action's word names, if it is one of `seat`'s cards
    ("stollen-pressing" for seat 0), else None."""
    team, _, cid = word.partition("-")
    return cid if team == state.coaches[seat].team and is_tactic(state, cid) else None


def team_name(state: FinaleState, seat: int) -> str:
    """How the log names a side: by its team ("SV Stollen"), as football does."""
    return state.data.teams[seat].name


def team_names(state: FinaleState) -> list[str]:
    return [team.name for team in state.data.teams]


def schluss(state: FinaleState) -> str:
    return state.data.schlusskarte.id


# -- the die and the clock --------------------------------------------------------------------

def roll(state: FinaleState) -> int:
    """A die roll: the deal's next fixed face, else the seeded die."""
    if state.dice:
        return state.dice.pop(0)
    faces = state.data.die_faces
    return faces[state.rng.randrange(len(faces))]


def roll_off(state: FinaleState, events: list[Event], decides: str) -> int:
    """Both coaches roll until one is higher; that seat. `decides` what for: "attack" (equal
    strengths at the reveal) or "shootout" (who shoots first)."""
    events.append(NARRATOR.event("message", "roll_off", {"decides": decides}))
    while True:
        faces = [roll(state), roll(state)]
        for seat in (0, 1):
            events.append(Event("roll", "", f"die{seat}", value=faces[seat], seat=seat, reveals=True))
        if faces[0] != faces[1]:
            winner = 0 if faces[0] > faces[1] else 1
            events.append(NARRATOR.event("message", "roll_off_won", dict(
                side(state, winner), high=faces[winner], low=faces[1 - winner]), seat=winner))
            return winner


def period_minute(period: int) -> int:
    return period * MINUTES


def last_period(state: FinaleState) -> int:
    return REGULAR_PERIODS + (EXTRA_PERIODS if state.extra else 0)


# -- the data events carry (game/finale/narrator.py words it; docs/events.md lists it) ---------

def side(state: FinaleState, seat: int) -> dict:
    """The side an event is about: its seat and the team's name."""
    return {"team": seat, "team_name": team_name(state, seat)}


def player_words(state: FinaleState, pid: str) -> dict:
    return {"player": pid, "player_name": name(state, pid)}


def card_words(state: FinaleState, cid: str) -> dict:
    return {"card": cid, "card_name": tactic(state, cid).name}


def changed(state: FinaleState, seat: int, into: str, out: str) -> dict:
    """A player coming on for another."""
    return {**side(state, seat), "player_in": into, "player_in_name": name(state, into),
            "player_out": out, "player_out_name": name(state, out)}


def score(state: FinaleState) -> dict:
    """The score now: both teams' names and goals."""
    return {"teams": team_names(state), "goals": [c.goals for c in state.coaches]}


# -- the final whistle ------------------------------------------------------------------------

def finish(state: FinaleState, winner: Optional[int], events: list[Event]) -> None:
    state.phase = OVER
    state.winner = winner
    state.marker = None
    events.append(NARRATOR.event("end", "end", {
        "winner": winner, "winner_name": team_name(state, winner) if winner is not None else None,
        **score(state)}, seat=winner))
