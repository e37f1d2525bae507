"""Shared helpers for the Finale scenarios: explicit decks and dice, acting by text, marking."""
from __future__ import annotations

from typing import Any, Optional, Sequence

from game.core import Seat, Setup
from game.finale import ENGINE
from game.finale import rules
from game.finale.data import finale_data
from game.finale.state import FinaleState
from tests.helpers import Scenario

SCENARIO = Scenario(ENGINE)

DATA = finale_data()
SCHLUSS = DATA.schlusskarte.id
FIRST_DECK = [c.id for c in DATA.tactics if c.colour in DATA.first_game_colours]
SAFE = 5  # a die face that sets off no symbol
DEFAULTS = {"lineups": "first", "extra_time": True, "shootout": True, "cup_tie": False}


def deck(first: Sequence[str] = ()) -> list[str]:
    """A first-game deck drawn in this order: `first`, then the rest, the Schlusskarte last."""
    rest = [c for c in FIRST_DECK if c not in first and c != SCHLUSS]
    return list(first) + rest + [SCHLUSS]


def start(hands: Sequence[Sequence[str]] = ((), ()), dice: Sequence[int] = (), seed: int = 3,
          **options: Any) -> FinaleState:
    """A match on first-game squads whose decks start with `hands` (first drawn first)."""
    opts = dict(DEFAULTS, **options)
    deal = {"decks": [deck(hands[0]), deck(hands[1])], "dice": list(dice)}
    return ENGINE.new_game(Setup(seed, deal), opts, [Seat("Ann"), Seat("Bo")])


def act(state: FinaleState, text: str) -> FinaleState:
    """Apply an action given by its text form; returns the new state."""
    return SCENARIO.act(state, text)[0]


def act_events(state: FinaleState, text: str):
    return SCENARIO.act(state, text)


def refused(state: FinaleState, text: str) -> str:
    """The reason an action is refused (fails the test if it is legal)."""
    return SCENARIO.refused(state, text)


def legal_texts(state: FinaleState, seat: int) -> list[str]:
    return SCENARIO.legal_texts(state, seat)


def strength(state: FinaleState, seat: int, pid: str) -> int:
    return rules.strength(state, seat, pid)


def fill(state: FinaleState, seat: int, choose=None) -> FinaleState:
    """Mark `seat`'s slots until it has none left: `choose(state, options)` picks among the
    legal marks (default: the weakest player, so attacks are predictable)."""
    while state.phase == "mark" and state.marker == seat:
        options = ENGINE.legal_actions(state, seat)
        pick = choose(state, options) if choose else min(
            options, key=lambda a: (strength(state, seat, a.player), a.slot, a.player))
        state, _ = ENGINE.apply(state, pick)
    return state


def strongest(state: FinaleState, options):
    seat = options[0].seat
    return max(options, key=lambda a: (strength(state, seat, a.player), -a.slot))


def marked_total(state: FinaleState, seat: int) -> int:
    return sum(strength(state, seat, p) for p in state.marks[seat] if p)


def queue_dice(state: FinaleState, faces: Sequence[int]) -> FinaleState:
    """The next die rolls of the match, fixed (a copy of the state)."""
    new = state.clone()
    new.dice = list(faces)
    return new


def symbols_of(pid: str) -> tuple[str, ...]:
    return rules.player(_any_state(), pid).symbols


_STATE: Optional[FinaleState] = None


def _any_state() -> FinaleState:
    global _STATE
    if _STATE is None:
        _STATE = start()
    return _STATE


def dice_for(att_total: int, def_total: int, want: str) -> Optional[tuple[int, int]]:
    """Die faces (attacker, defender) that make an area end as `want`: "tie", "win" (the
    attacker higher) or "lose"; None if the strengths rule it out."""
    faces = DATA.die_faces
    for a in faces:
        for d in faces:
            diff = (att_total + a) - (def_total + d)
            if (want == "tie" and diff == 0) or (want == "win" and diff > 0) or (want == "lose" and diff < 0):
                return a, d
    return None


def symbol_faces(state: FinaleState) -> list[int]:
    """SAFE for every marked player with a symbol (the rolls after an area), in roll order."""
    return [SAFE for s in (state.att, state.dfn) for p in state.marks[s]
            if p and rules.player(state, p).symbols]


def play_area(state: FinaleState, want: str, att_choose=None, dfn_choose=None,
              after: Sequence[int] = (SAFE,) * 12) -> FinaleState:
    """Both coaches mark the area in play and the dice make it end as `want` ("tie", "win",
    "lose" for the attacker); the symbol rolls after it are `after` (safe by default)."""
    assert state.phase == "mark"
    att, dfn = state.att, state.dfn
    state = fill(state, att, att_choose)  # nothing to do if the attack's slots are all arrows
    probe = fill(queue_dice(state, [0] * 30), dfn, dfn_choose)
    sums = probe.history[-1]["sums"]  # with both dice 0: the strengths (and any bonus)
    faces = dice_for(sums[0], sums[1], want)
    assert faces is not None, f"strengths {sums} cannot end as {want}"
    return fill(queue_dice(state, [*faces, *after]), dfn, dfn_choose)
