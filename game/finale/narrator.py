"""Finale's words: the sentence of every event the match tells, from its code and data.

The rules make events with `NARRATOR.event(kind, name, data, ...)`; a table decides what to
announce from the code (`finale.goal`) and the data alone, and shows these sentences only as
sentences. Every code and its data are listed in docs/events.md ("Finale").

The data of an event names sides by seat (`team`: 0 or 1) and pieces by id (`player`, `card`:
a tactics card's own id, "pressing"); the names a person reads come along beside them
(`team_name`, `player_name`, `card_name`, `teams`), so the narrator needs nothing else.
"""
from __future__ import annotations

from typing import Any, Mapping

from game.core.narration import Narrator

from .data import SETUP

Data = Mapping[str, Any]


def _score_line(d: Data) -> str:
    """"SV Stollen 1, FC Acker 0" from `teams` and `goals`."""
    teams, goals = d["teams"], d["goals"]
    return f"{teams[0]} {goals[0]}, {teams[1]} {goals[1]}"


def _attack(d: Data) -> str:
    return f"Attack by {d['team_name']} with {d['card_name']}."


def _counter_attack(d: Data) -> str:
    bonus = d["bonus"]
    return (f"Counter-attack by {d['team_name']} with {d['card_name']}"
            + (f", {bonus} extra in the set-up." if bonus else "."))


def _area_sums(d: Data) -> str:
    extra = f" + {d['bonus']} bonus" if d["bonus"] else ""
    return (f"{d['team_name']} {d['strength']} + {d['die']}{extra} = {d['sum']} against "
            f"{d['other_sum']} ({d['other_strength']} + {d['other_die']}).")


def _attacker(d: Data) -> str:
    n = d["attacks"]
    return f"{d['team_name']} attacks {n} time{'s' if n > 1 else ''} this period."


def _man_short(d: Data) -> str:
    if d["right_away"]:
        return f"Nobody may come on for him: {d['team_name']} plays a man short."
    return f"Nobody may come on: {d['team_name']} plays a man short."


def _sent_off(d: Data) -> str:
    if d["reason"] == "second_yellow":
        return f"A second yellow card for {d['player_name']}: he is sent off."
    return f"Red card: {d['player_name']} is sent off."


def _penalty(d: Data) -> str:
    who = d["player_name"] or "Nobody"
    return f"{who} {'scores' if d['scored'] else 'is stopped'} ({d['shot']} against {d['save']})."


def _roll_off(d: Data) -> str:
    if d["decides"] == "shootout":
        return "The dice decide who shoots first."
    return "Equal strengths: the dice decide who attacks once."


NARRATOR = Narrator("finale", {
    # before the kick-off
    "draft": lambda d: "Each coach picks a squad and a deck.",
    "ready": lambda d: f"{d['name']} has a squad and a deck.",
    "kick_off": lambda d: f"{d['teams'][0]} against {d['teams'][1]}: the squads take the field.",
    # the periods
    "period": lambda d: f"Period {d['period']}: minutes {d['first_minute']} to {d['last_minute']}.",
    "schluss_drawn": lambda d: f"{d['team_name']} draws the Schlusskarte, face up from now on.",
    "substitution": lambda d: f"{d['player_in_name']} comes on for {d['player_out_name']}.",
    "period_end": lambda d: f"End of period {d['period']}: {_score_line(d)}.",
    "extra_time": lambda d: "Level after 90 minutes: extra time, with the white cards back.",
    "replay": lambda d: f"Level after 90 minutes ({_score_line(d)}): the cup tie is replayed.",
    "end": lambda d: (f"{d['winner_name']} win." if d["winner"] is not None
                      else "The match is drawn."),
    # the reveal
    "card_chosen": lambda d: f"{d['team_name']} lays a card face down.",
    "card_shown": lambda d: f"{d['team_name']} shows {d['card_name']} ({d['strength']}).",
    "attacker": _attacker,
    "roll_off": _roll_off,
    "roll_off_won": lambda d: f"{d['team_name']} rolls higher ({d['high']} to {d['low']}).",
    # an attack
    "card_played": lambda d: f"{d['team_name']} plays {d['card_name']} for attack {d['attack']}.",
    "card_swapped": lambda d: f"{d['team_name']} lays a card away and draws.",
    "attack": _attack,
    "counter_attack": _counter_attack,
    "area": lambda d: "The set-up." if d["area"] == SETUP else "The finish.",
    "plays_on": lambda d: f"{d['player_name']} must play on in the result.",
    "mark": lambda d: f"{d['team_name']} marks {d['player_name']}.",
    "area_sums": _area_sums,
    "setup_result": lambda d: "The set-up works." if d["ok"] else "The set-up breaks down.",
    "goal": lambda d: f"Goal for {d['team_name']}! {_score_line(d)}",
    "no_goal": lambda d: "No goal.",
    # symbol rolls and what they bring
    "symbol_roll": lambda d: f"{d['player_name']} risks it: a {d['face']}.",
    "injury": lambda d: f"{d['player_name']} is injured and must come off.",
    "man_short": _man_short,
    "booked": lambda d: f"{d['player_name']} is booked.",
    "sent_off": _sent_off,
    "replacement": lambda d: f"{d['player_in_name']} comes on for the injured {d['player_out_name']}.",
    # the penalty shoot-out
    "shootout": lambda d: "Penalties! Each coach names his five takers.",
    "taker_named": lambda d: f"{d['team_name']} names a penalty taker.",
    "shootout_keeper": lambda d: f"{d['player_name']} goes in goal for the shoot-out.",
    "penalty": _penalty,
    "shootout_score": lambda d: f"Penalties {d['tally'][0]} to {d['tally'][1]}.",
    "shootout_round": lambda d: "Still level: five more takers each.",
})

__all__ = ["NARRATOR"]
