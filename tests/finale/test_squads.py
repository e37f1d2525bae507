"""Before the match (lineups: pick): each coach builds a squad of 15 worth at most 50 with two
goalies and eleven on the field, and a deck of 12 tactics cards (white and a colour, or a free
choice with its own starting hand), in secret; the first-game line-up is one action."""
from __future__ import annotations

from game.core import Seat, Setup, to_json
from game.finale import ENGINE, rules
from game.finale.data import GOALIE

from .helpers import DATA, SCHLUSS, act, legal_texts, refused

STOLLEN = DATA.teams[0]


def drafting(seed=1):
    return ENGINE.new_game(Setup(seed), {"lineups": "pick"}, [Seat("Ann"), Seat("Bo")])


def sign_first_squad(s, seat):
    """Sign the first-game squad on its places, one action a player."""
    team = DATA.teams[seat]
    for p in team.first_game_eleven():
        s = act(s, f"{seat} sign {p.id} field")
    for pid in team.first_game_bench:
        s = act(s, f"{seat} sign {pid} bench")
    return s


def by_value(team, reverse=False):
    return sorted(team.players, key=lambda p: (p.value, p.id), reverse=reverse)


def test_both_coaches_choose_in_secret_and_the_first_game_line_up_is_one_action():
    s = drafting()
    assert s.phase == "draft" and sorted(ENGINE.to_act(s)) == [0, 1]
    assert "0 first_game" in legal_texts(s, 0)
    s = act(s, "0 first_game")
    assert ENGINE.to_act(s) == [1] and s.phase == "draft"
    other = to_json(ENGINE.view(s, 1))
    assert not any(f'"{p.id}"' in other for p in STOLLEN.players), "seat 0's squad is secret"
    assert ENGINE.view(s, 1)["zones"]["box0"] == ["?"] * 30
    assert "other coach is still choosing" in refused(s, "0 ready")
    s = act(s, "1 first_game")
    assert s.phase == "pick" and s.period == 1
    view = ENGINE.view(s, 1)
    assert sorted(view["zones"]["field0"] + view["zones"]["bench0"]) == sorted(
        p.id for p in STOLLEN.first_game_squad())
    assert view["zones"]["bench0"] == list(STOLLEN.first_game_bench)


def test_a_player_who_would_make_the_squad_worth_more_than_fifty_is_refused_with_its_worth():
    s = drafting()
    expensive = [p for p in by_value(STOLLEN, reverse=True) if p.position != GOALIE]
    worth = 0
    for nxt in expensive:
        if worth + nxt.value > DATA.squad.max_value:
            break
        s = act(s, f"0 sign {nxt.id} {'field' if len(s.coaches[0].field) < 10 else 'bench'}")
        worth += nxt.value
    reason = refused(s, f"0 sign {nxt.id} bench")
    assert f"worth {worth + nxt.value}: at most {DATA.squad.max_value}" in reason
    assert ENGINE.view(s, 0)["value"] == worth


def test_one_goalie_on_the_field_a_second_on_the_bench_and_ready_says_what_is_missing():
    s = drafting()
    keepers = [p.id for p in STOLLEN.players if p.position == GOALIE]
    s = act(s, f"0 sign {keepers[0]} field")
    assert "other waits on the bench" in refused(s, f"0 sign {keepers[1]} field")
    assert "The field has 1 player: it needs 11." == rules.squad_problem(s, 0)
    assert "0 ready" not in legal_texts(s, 0)
    assert "needs 11" in refused(s, "0 ready")
    assert ENGINE.view(s, 0)["problem"] == "The field has 1 player: it needs 11."
    s = act(s, f"0 release {keepers[0]}")
    assert not s.coaches[0].squad


def test_a_hand_built_squad_and_a_white_and_colour_deck_kick_off():
    s = sign_first_squad(drafting(), 0)
    team = STOLLEN
    swap_out = next(p for p in team.first_game_eleven() if p.position != GOALIE)
    swap_in = next(DATA.player(p) for p in team.first_game_bench if DATA.player(p).position != GOALIE)
    assert "bench is full" in refused(s, f"0 switch {swap_out.id}")
    s = act(act(act(s, f"0 release {swap_out.id}"), f"0 switch {swap_in.id}"), f"0 sign {swap_out.id} bench")
    assert swap_in.id in s.coaches[0].field and swap_out.id in s.coaches[0].bench
    s = act(s, "0 deck blue")
    assert rules.deck_kind(s, s.coaches[0].chosen) == "blue"
    assert "0 ready" in legal_texts(s, 0)
    s = act(act(s, "0 ready"), "1 first_game")
    assert s.phase == "pick"
    assert {DATA.tactic(c).colour for c in s.coaches[0].chosen} == {"white", "blue"}


def test_a_free_choice_deck_keeps_the_strength_counts_and_chooses_its_starting_hand():
    s = drafting()
    s = sign_first_squad(act(s, "0 first_game"), 1)  # seat 0 ready; seat 1 builds a free deck
    cards = {c.id: c for c in DATA.tactics}
    want = {5: 2, 2: 2, 1: 1}
    chosen = []
    for strength, count in want.items():
        chosen += [c.id for c in DATA.tactics if c.strength == strength and not c.final][:count]
    chosen += [c.id for c in DATA.tactics if c.strength in (3, 4)][:6]
    for c in chosen:
        s = act(s, f"1 include acker-{c}")
    assert "The Schlusskarte is in every deck." == refused(s, f"1 exclude acker-{SCHLUSS}")
    assert rules.deck_kind(s, s.coaches[1].chosen) == "free"
    extra = next(c for c in cards if c not in s.coaches[1].chosen)
    assert "deck is full" in refused(s, f"1 include acker-{extra}")
    openers = [c for c in chosen if cards[c].strength in (3, 4)][:3]
    for c in openers:
        s = act(s, f"1 opener acker-{c}")
    fourth = next(c for c in chosen if c not in openers)
    assert "starts with 3 cards" in refused(s, f"1 opener acker-{fourth}")
    s = act(s, "1 ready")
    assert s.phase == "pick" and sorted(s.coaches[1].hand) == sorted(openers)
    assert s.coaches[1].deck[0] == SCHLUSS


def test_a_free_choice_with_the_wrong_strengths_is_refused_with_the_count():
    s = sign_first_squad(act(drafting(), "0 first_game"), 1)
    for c in [c.id for c in DATA.tactics if c.strength == 5][:3] + [
            c.id for c in DATA.tactics if c.strength in (3, 4)][:8]:
        s = act(s, f"1 include acker-{c}")
    assert len(s.coaches[1].chosen) == 12
    reason = refused(s, "1 ready")
    assert "2 cards of strength 5" in reason and "not 3" in reason


def test_squad_actions_are_refused_once_the_match_is_on():
    s = act(act(drafting(), "0 first_game"), "1 first_game")
    assert "before the match" in refused(s, f"0 sign {STOLLEN.players[0].id} field")
