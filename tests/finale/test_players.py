"""Finale's computer coaches: only legal actions, a legal squad when they pick one, the good
coach answers the attacker's marks, decides from its view alone and the same way every time."""
from __future__ import annotations

import copy
from typing import Any

import pytest

from game.core import Seat, Setup
from game.core.rng import Rng
from game.finale import ENGINE, PLAYERS, GoodPlayer
from game.finale import rules
from game.finale.actions import Mark
from game.finale.data import GOALIE, RESULT, WHITE, finale_data
from game.finale.state import DRAFT, MARK


class Checked:
    """A coach whose every action must be one of the legal actions it was offered."""

    def __init__(self, player: Any) -> None:
        self.player = player
        self.actions = 0

    def choose(self, view: dict[str, Any], legal: Any, rng: Rng) -> Any:
        offered = list(legal)
        action = self.player.choose(view, offered, rng)
        assert action in offered, (action, offered[:5])
        self.actions += 1
        return action


def seats(a: str, b: str) -> list[Seat]:
    return [Seat("One", "computer", a), Seat("Two", "computer", b)]


@pytest.mark.parametrize("lineups", ["first", "pick"])
@pytest.mark.parametrize("pair", [("random", "simple"), ("simple", "good"), ("good", "random"),
                                  ("good", "good")])
def test_every_coach_only_ever_returns_a_legal_action(pair, lineups):
    for seed in range(4):
        state = ENGINE.new_game(Setup(seed), {"lineups": lineups}, seats(*pair))
        players = [Checked(PLAYERS[pair[0]]()), Checked(PLAYERS[pair[1]]())]
        final, done = ENGINE.play_out(state, players, Rng(seed))
        assert ENGINE.outcome(final) is not None
        assert all(p.actions > 10 for p in players)


def drafted(seed: int = 3) -> Any:
    """A match whose two good coaches have picked their squads and decks."""
    state = ENGINE.new_game(Setup(seed), {"lineups": "pick"}, seats("good", "good"))
    coaches = [GoodPlayer(), GoodPlayer()]
    rng = Rng(seed)
    while state.phase == DRAFT:
        seat = ENGINE.to_act(state)[0]
        action = coaches[seat].choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng)
        state, _ = ENGINE.apply(state, action)
    return state


def test_the_good_coachs_own_squad_and_deck_keep_every_rule_and_suit_its_colour():
    state = drafted()
    data = finale_data()
    for seat, coach in enumerate(state.coaches):
        field, bench = coach.lineup
        squad = [data.player(p) for p in field + bench]
        assert len(field) == 11 and len(bench) == 4
        assert sum(p.value for p in squad) <= 50
        assert sum(p.position == GOALIE for p in squad) == 2
        assert sum(data.player(p).position == GOALIE for p in field) == 1
        assert all(p.team == data.teams[seat].id for p in squad)
        kind = rules.deck_kind(state, coach.chosen)
        assert kind in ("lilac", "red", "yellow", "blue")  # white and one colour
        line = data.line_of(kind)
        if line is not None:  # a coloured deck leans on a line: the eleven has at least as many
            shape = {pos: sum(data.player(p).position == pos for p in field)
                     for pos in ("defence", "midfield", "striker")}
            assert shape[line] == max(shape.values()), (kind, shape)
    assert state.phase != DRAFT


def first_mark(state: Any, defender: bool, area: str = RESULT) -> Any:
    """Play simple coaches on until `area` of an attack is being marked by the defender
    (`defender`) or the attacker."""
    simple = [PLAYERS["simple"](), PLAYERS["simple"]()]
    rng = Rng(1)
    for _ in range(5000):
        if (state.phase == MARK and state.area == area
                and state.marker == (state.dfn if defender else state.att)
                and all(m is None for m in state.marks[state.marker])
                and any(len(rules.eligible(state, state.marker, i)) >= 2
                        for i, kind in enumerate(rules.slots(state, state.marker)) if kind != GOALIE)):
            return state
        seat = ENGINE.to_act(state)[0]
        action = simple[seat].choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng)
        state, _ = ENGINE.apply(state, action)
    raise AssertionError("no such moment")


def test_the_good_defender_answers_the_attackers_marks():
    """The same defence, shown a hopeless finish (the attacker far ahead whatever it does) or a
    close one: hopeless, it spares its strongest defender; close, it sends him in."""
    state = first_mark(ENGINE.new_game(Setup(1), {}, seats("simple", "simple")), defender=True)
    seat = state.marker
    view = ENGINE.view(state, seat)
    legal = ENGINE.legal_actions(state, seat)
    field_slots = [i for i, kind in enumerate(view["slots"][seat]) if kind != GOALIE
                   and len({a.player for a in legal if isinstance(a, Mark) and a.slot == i}) >= 2]
    candidates = {a.player for a in legal if isinstance(a, Mark) and a.slot == field_slots[0]}
    top = max(view["strengths"][p] for p in candidates)
    assert min(view["strengths"][p] for p in candidates) < top
    # the strongest carry no symbol: sparing them is about the score, not about a risky card
    assert not any(finale_data().player(p).symbols for p in candidates if view["strengths"][p] == top)
    att = view["att"]

    def choice(attacker_strength: int) -> str:
        shown = copy.deepcopy(view)
        for pid in shown["marks"][att]:
            if pid:
                shown["strengths"][pid] = attacker_strength
        offered = list(legal)
        while True:  # its marks one by one, as the engine would take them, until the field slot
            action = GoodPlayer().choose(shown, offered, Rng(0))
            if action.slot == field_slots[0]:
                return action.player
            shown["marks"][seat][action.slot] = action.player
            offered = [a for a in offered if a.slot != action.slot and a.player != action.player]

    close = choice(4)  # level with the strongest defender in: he decides the most
    hopeless = choice(30)
    assert view["strengths"][close] == top
    assert view["strengths"][hopeless] < top


def test_the_good_coach_decides_from_its_view_alone():
    """Two matches that differ only in what the coach cannot see (the order of both decks)
    give it the same view, and it makes the same choice; the view is left as it was."""
    state = first_mark(ENGINE.new_game(Setup(8), {}, seats("simple", "simple")), defender=False,
                       area="setup")
    seat = state.marker
    other = state.clone()
    for coach in other.coaches:
        coach.deck = list(reversed(coach.deck))
    assert state.coaches[0].deck != other.coaches[0].deck
    view, twin = ENGINE.view(state, seat), ENGINE.view(other, seat)
    assert view == twin
    kept = copy.deepcopy(view)
    legal = ENGINE.legal_actions(state, seat)
    assert GoodPlayer().choose(view, legal, Rng(4)) == GoodPlayer().choose(twin, legal, Rng(9))
    assert view == kept


@pytest.mark.parametrize("lineups", ["first", "pick"])
def test_the_good_coach_plays_the_same_match_again_from_the_same_seed(lineups):
    def once() -> list[Any]:
        state = ENGINE.new_game(Setup(21), {"lineups": lineups}, seats("good", "simple"))
        _, done = ENGINE.play_out(state, [GoodPlayer(), PLAYERS["simple"]()], Rng(21))
        return done

    assert once() == once()


def test_the_good_coach_is_the_default_strength():
    from game.core.registry import game_info

    info = game_info("finale")
    assert info.default_strength == "good" and info.strengths == ("random", "simple", "good")
    assert [c.id for c in finale_data().colours][0] == WHITE
