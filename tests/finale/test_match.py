"""Finale scenarios from explicit setups: the first-game squads, decks in a fixed order and the
dice fixed, then the reveal, attacks, counter-attacks, symbols, substitutions, the
Schlusskarte, an empty line, extra time, the cup tie's replay and the shoot-out."""
from __future__ import annotations

from game.core import to_json
from game.finale import ENGINE, rules
from game.finale.data import GOALIE, RED_CARD, RED_CROSS, STRIKER, YELLOW_CARD

from .helpers import (DATA, SAFE, SCHLUSS, act, act_events, fill, legal_texts, play_area,
                      queue_dice, refused, start, strength)

STOLLEN, ACKER = DATA.teams


def card(cid):
    return DATA.tactic(cid)


def with_setup(cards):
    return [c for c in cards if not card(c).setup.empty]


# -- the reveal -------------------------------------------------------------------------------

def test_the_higher_card_attacks_as_often_as_the_difference_and_both_draw_back_to_three():
    s = start([["offener-schlagabtausch", "eckball", "flanke"],
               ["elfmeter", "einwurf", "alleingang"]])
    assert s.phase == "pick" and sorted(ENGINE.to_act(s)) == [0, 1]
    s = act(s, "1 pick acker-elfmeter")  # either coach may choose first
    assert ENGINE.to_act(s) == [0]
    s = act(s, "0 pick stollen-offener-schlagabtausch")
    view = ENGINE.view(s, 0)
    assert (view["attacker"], view["attacks"], view["tied"]) == (0, 3, False)
    assert view["revealed"] == ["offener-schlagabtausch", "elfmeter"]
    assert view["hand_counts"] == [3, 3] and view["deck_counts"] == [8, 8]
    assert (view["phase"], view["area"], view["marker"]) == ("mark", "setup", 0)


def test_a_tied_reveal_is_rolled_for_again_until_one_die_is_higher_and_gives_one_attack():
    s = start([["eckball"], ["einwurf"]], dice=[2, 2, 1, 4])
    s = act(act(s, "0 pick stollen-eckball"), "1 pick acker-einwurf")
    assert (s.attacker, s.attacks, s.tied) == (1, 1, True)
    assert s.card == "einwurf" and s.att == 1


# -- set-up and result ------------------------------------------------------------------------

def test_a_set_up_tie_goes_to_the_attacker_and_a_result_tie_is_no_goal():
    s = start([["offener-schlagabtausch"], ["elfmeter"]])
    s = act(act(s, "0 pick stollen-offener-schlagabtausch"), "1 pick acker-elfmeter")
    s = play_area(s, "tie")
    assert s.history[-1]["area"] == "setup" and s.history[-1]["ok"] is True
    assert (s.phase, s.area, s.marker) == ("mark", "result", 0), "a tied set-up goes on"
    s = play_area(s, "tie")
    assert s.history[-1]["area"] == "result" and s.history[-1]["ok"] is False
    assert [c.goals for c in s.coaches] == [0, 0], "a tied finish is no goal"
    assert (s.phase, s.attacks) == ("play", 2), "the next attack waits for its card"


def test_a_higher_finish_scores_and_every_marked_card_turns_a_quarter():
    s = start([["offener-schlagabtausch"], ["elfmeter"]])
    s = act(act(s, "0 pick stollen-offener-schlagabtausch"), "1 pick acker-elfmeter")
    s = play_area(s, "win")
    setup_players = [(seat, p) for seat in (0, 1) for p in s.setup_marks[seat] if p]
    assert setup_players and all(s.coaches[seat].turns[p] == 1 for seat, p in setup_players)
    s = play_area(s, "win")
    assert [c.goals for c in s.coaches] == [1, 0]
    view = ENGINE.view(s, 1)
    assert view["goals"] == [1, 0]
    for seat, p in setup_players:  # turned once, or twice along an arrow
        assert view["turns"][p] in (1, 2)
        assert view["strengths"][p] == rules.player(s, p).edges[view["turns"][p] % 4]


def test_an_arrow_sends_its_set_up_player_on_into_the_result_and_others_may_not_play_again():
    carded = [c for c in DATA.of_colour("white") + DATA.of_colour("lilac")
              if any(a.side == "attack" for a in c.arrows) and not c.setup.empty]
    assert carded, "the first-game deck has a card with an attacking arrow"
    attack = max(carded, key=lambda c: c.strength)
    other = next(c.id for c in DATA.tactics if c.colour in ("white", "lilac")
                 and c.strength < attack.strength and c.id != attack.id and not c.final)
    s = start([[attack.id], [other]])
    s = act(act(s, f"0 pick stollen-{attack.id}"), f"1 pick acker-{other}")
    s = play_area(s, "win")
    arrow = next(a for a in attack.arrows if a.side == "attack")
    bound = s.setup_marks[0][arrow.setup]
    assert s.area == "result" and s.marks[0][arrow.result] == bound
    assert all(not t.startswith(f"0 mark {arrow.result} ") for t in legal_texts(s, 0))
    unbound = next(p for i, p in enumerate(s.setup_marks[0]) if p and i != arrow.setup)
    free_slot = next(i for i, p in enumerate(s.marks[0]) if p is None)
    assert "already played in the set-up" in refused(s, f"0 mark {free_slot} {unbound}")


# -- counter-attacks --------------------------------------------------------------------------

def test_a_failed_set_up_brings_one_counter_attack_a_period_with_the_difference_as_bonus():
    s = start([["brechstange", "alles-oder-nichts", "vorsichtiger-spielaufbau"],
               ["offside-trick", "einwurf", "alleingang"]])
    s = act(act(s, "0 pick stollen-brechstange"), "1 pick acker-offside-trick")
    assert s.attacks == 3
    s = play_area(s, "lose")
    assert (s.counter, s.att, s.card, s.bonus) == (True, 1, "offside-trick", 3)
    assert ENGINE.view(s, 0)["status"].startswith("Counter-attack")
    # the bonus is added in the counter's set-up: probe it with both dice 0
    probe = fill(fill(queue_dice(s, [0] * 20), 1), 0)
    entry = next(h for h in reversed(probe.history) if h["area"] == "setup")
    assert entry["counter"] and entry["seat"] == 1
    counter_marks = fill(s, 1).marks[1]
    assert entry["sums"][0] == sum(strength(s, 1, p) for p in counter_marks if p) + 3
    s = play_area(s, "lose")  # the counter breaks down too
    assert (s.phase, s.attacks, s.counter) == ("play", 2, False)
    # the second attack fails as well: no second counter-attack this period
    s = act(s, f"0 play stollen-{with_setup(s.coaches[0].hand)[0]}")
    if s.phase == "swap":
        s = act(s, "1 keep")
    s = play_area(s, "lose")
    assert (s.phase, s.attacks, s.counter, s.att) == ("play", 1, False, 0)


def test_after_a_tied_reveal_the_counter_attack_has_no_bonus():
    s = start([["eckball"], ["einwurf"]], dice=[4, 1])
    s = act(act(s, "0 pick stollen-eckball"), "1 pick acker-einwurf")
    assert (s.attacker, s.tied) == (0, True)
    s = play_area(s, "lose")
    assert (s.counter, s.att, s.bonus) == (True, 1, 0)


# -- symbols, injuries, bookings --------------------------------------------------------------

def _symbol_state(faces):
    return queue_dice(start(), faces)


def _with(symbols, seat=None):
    """A first-game field player carrying every symbol in `symbols` (seat, id)."""
    for team_seat, team in enumerate(DATA.teams):
        if seat is not None and team_seat != seat:
            continue
        for p in team.first_game_eleven():
            if set(symbols) <= set(p.symbols) and p.position != GOALIE:
                return team_seat, p.id
    raise AssertionError(f"no first-game field player with {symbols}")


def test_sven_abseits_carries_a_red_cross_and_a_yellow_card():
    sven = next(p for p in STOLLEN.players if p.name == "Sven Abseits")
    assert sven.position == STRIKER and set(sven.symbols) == {RED_CROSS, YELLOW_CARD}


def test_a_two_injures_a_red_cross_player_and_his_coach_chooses_a_field_player_from_the_bench():
    seat, pid = _with([RED_CROSS])
    s = _symbol_state([2])
    events = []
    rules.symbol_roll(s, seat, pid, events)
    assert pid in s.coaches[seat].out and s.coaches[seat].why[pid] == "injured"
    assert s.pending == [(seat, pid)]
    assert any(e.kind == "roll" and e.value == 2 and e.reveals for e in events)


def test_a_die_face_of_a_symbol_the_card_lacks_does_nothing():
    seat, pid = _with([RED_CARD])
    player = rules.player(start(), pid)
    face = next(f for f in DATA.die_faces if f not in DATA.symbol_faces[RED_CARD]
                and not any(f in DATA.symbol_faces[sym] for sym in player.symbols))
    s = _symbol_state([face])
    rules.symbol_roll(s, seat, pid, [])
    assert pid in s.coaches[seat].field and not s.coaches[seat].booked


def test_a_three_sends_off_a_red_card_player_for_good():
    seat, pid = _with([RED_CARD])
    s = _symbol_state([3])
    rules.symbol_roll(s, seat, pid, [])
    assert s.coaches[seat].why[pid] == "sent off" and not s.pending
    assert pid not in s.coaches[seat].field


def test_the_second_yellow_card_sends_a_player_off():
    seat, pid = _with([YELLOW_CARD])
    s = _symbol_state([0, SAFE, 1])
    rules.symbol_roll(s, seat, pid, [])
    assert s.coaches[seat].booked == [pid] and pid in s.coaches[seat].field
    rules.symbol_roll(s, seat, pid, [])  # a safe face: nothing
    assert s.coaches[seat].booked == [pid]
    rules.symbol_roll(s, seat, pid, [])
    assert s.coaches[seat].why[pid] == "sent off"
    assert ENGINE.view(s, 1 - seat)["why"][pid] == "sent off"
    report = ENGINE.view(s, 1 - seat)["incidents"]
    assert [(i["player"], i["what"], i["period"]) for i in report] == [
        (pid, "booked", 1), (pid, "second yellow", 1)]


def test_an_injured_player_is_replaced_from_the_bench_during_the_attack():
    sven = next(p.id for p in STOLLEN.players if p.name == "Sven Abseits")
    s = start([["alles-oder-nichts"], ["elfmeter"]])
    s = act(act(s, "0 pick stollen-alles-oder-nichts"), "1 pick acker-elfmeter")

    def sven_first(state, options):
        mine = [a for a in options if a.player == sven]
        return mine[0] if mine else min(options, key=lambda a: (strength(state, a.seat, a.player), a.player))

    s = play_area(s, "win", att_choose=sven_first, after=[2] + [SAFE] * 11)
    assert sven in s.coaches[0].out
    assert (s.phase, ENGINE.to_act(s)) == ("replace", [0])
    bench = STOLLEN.first_game_bench
    keeper = next(p for p in bench if DATA.player(p).position == GOALIE)
    assert "does not play in the field" in refused(s, f"0 replace {keeper}")
    assert sorted(legal_texts(s, 0)) == sorted(f"0 replace {p}" for p in bench if p != keeper)
    joker = next(p for p in bench if p != keeper)
    s = act(s, f"0 replace {joker}")
    assert joker in s.coaches[0].field and ENGINE.view(s, 1)["subs_left"][0] == [2, 1]
    assert [(i["player"], i["what"], i["by"]) for i in ENGINE.view(s, 1)["incidents"]] == [
        (sven, "injured", None), (sven, "replaced", joker)]
    assert sven in s.history[-1]["players"], "the report knows who played in the set-up"
    assert (s.phase, s.area) == ("mark", "result"), "the attack goes on after the change"


# -- substitutions and an empty line ----------------------------------------------------------

def test_substitutions_at_a_period_start_three_in_the_field_and_one_goalie():
    s = start()
    field = [p for p in s.coaches[0].field if DATA.player(p).position != GOALIE]
    bench = [p for p in s.coaches[0].bench if DATA.player(p).position != GOALIE]
    goalie = next(p for p in s.coaches[0].field if DATA.player(p).position == GOALIE)
    reserve = next(p for p in s.coaches[0].bench if DATA.player(p).position == GOALIE)
    assert "reserve goalie only comes on for the goalie" in refused(s, f"0 sub {field[0]} {reserve}")
    assert "only replaced by the reserve goalie" in refused(s, f"0 sub {goalie} {bench[0]}")
    for out, into in zip(field, bench):
        s = act(s, f"0 sub {out} {into}")
        assert into in s.coaches[0].field and s.coaches[0].why[out] == "substituted"
    assert ENGINE.view(s, 1)["subs_left"][0] == [0, 1]
    assert refused(s, f"0 sub {field[4]} {reserve}")
    s = act(s, f"0 sub {goalie} {reserve}")
    assert ENGINE.view(s, 0)["subs_left"][0] == [0, 0] and not s.coaches[0].bench
    s = act(s, f"0 pick stollen-{s.coaches[0].hand[0]}")
    assert "chosen your card" in refused(s, f"0 sub {field[5]} {field[6]}")


def test_an_empty_line_is_filled_by_any_field_player_but_never_the_goalie():
    s = start([["alleingang"], ["elfmeter"]])
    coach = s.coaches[0]
    for p in [p for p in coach.field if DATA.player(p).position == STRIKER]:
        coach.field.remove(p)
        coach.out.append(p)
        coach.why[p] = "sent off"
    s = act(act(s, "0 pick stollen-alleingang"), "1 pick acker-elfmeter")
    kinds = rules.slots(s, 0)
    assert STRIKER in kinds
    slot = kinds.index(STRIKER)
    options = {a.player for a in ENGINE.legal_actions(s, 0) if a.slot == slot}
    assert options == {p for p in s.coaches[0].field if DATA.player(p).position != GOALIE}


# -- the Schlusskarte -------------------------------------------------------------------------

def test_the_schlusskarte_is_drawn_face_up_and_played_only_when_nothing_else_is_left():
    s = start([["eckball", "flanke", "einwurf"], ["elfmeter"]])
    coach = s.coaches[0]
    coach.deck = [SCHLUSS]
    coach.hand.remove("einwurf")
    events = []
    rules.refill(s, 0, events)
    assert coach.hand[-1] == SCHLUSS and any(e.reveals for e in events)
    assert "stollen-schlusskarte" in ENGINE.view(s, 1)["zones"]["hand0"]
    assert "?" in ENGINE.view(s, 1)["zones"]["hand0"]
    assert "only once no other card is left" in refused(s, f"0 pick stollen-{SCHLUSS}")
    coach.hand = [SCHLUSS]
    assert legal_texts(s, 0) == [f"0 pick stollen-{SCHLUSS}"] + [t for t in legal_texts(s, 0) if "sub" in t]
    s = act(act(s, f"0 pick stollen-{SCHLUSS}"), "1 pick acker-elfmeter")
    assert s.revealed[0] == SCHLUSS and s.tied  # strength 1 against 1
    assert SCHLUSS not in s.coaches[0].played


def test_the_schlusskarte_comes_back_to_the_hand_at_the_end_of_the_period():
    s = start([["eckball"], ["offener-schlagabtausch"]])
    s.coaches[0].hand = [SCHLUSS]
    s.coaches[0].deck = []
    s = act(act(s, f"0 pick stollen-{SCHLUSS}"), "1 pick acker-offener-schlagabtausch")
    assert s.attacks == 3 and s.attacker == 1
    while s.period == 1:
        if s.phase == "mark":
            s = play_area(s, "lose" if s.area == "setup" else "tie")
        elif s.phase == "play":
            s = act(s, legal_texts(s, 1)[0])
        elif s.phase == "swap":
            s = act(s, "0 keep")
        elif s.phase == "replace":
            s = act(s, legal_texts(s, ENGINE.to_act(s)[0])[0])
    assert s.coaches[0].hand == [SCHLUSS] and legal_texts(s, 0)[0] == f"0 pick stollen-{SCHLUSS}"


# -- the end of the match ---------------------------------------------------------------------

def _level_after(period, **options):
    s = start(**options)
    s.period = period
    s.coaches[0].goals = s.coaches[1].goals = 1
    s.coaches[0].played = ["eckball", "alleingang"]
    for pile in (s.coaches[0].hand, s.coaches[0].deck):
        pile[:] = [c for c in pile if c not in ("eckball", "alleingang")]
    events = []
    rules.end_period(s, events)
    return s, events


def test_a_level_match_after_ninety_minutes_goes_to_extra_time_with_the_white_cards_back():
    s, _ = _level_after(6)
    assert (s.extra, s.period, s.phase) == (True, 7, "pick")
    coach = s.coaches[0]
    assert coach.played == ["alleingang"], "the white card came back, the lilac one did not"
    assert coach.deck[0] == SCHLUSS and len(coach.hand) == 3
    assert sorted(coach.hand + coach.deck) == sorted(c for c in coach.chosen if c != "alleingang")
    assert ENGINE.view(s, 0)["last_period"] == 8


def test_level_after_extra_time_goes_to_penalties_and_without_either_option_it_is_a_draw():
    s, _ = _level_after(6)
    s.period = 8
    rules.end_period(s, [])
    assert s.phase == "shooters"
    s, _ = _level_after(6, extra_time=False)
    assert s.phase == "shooters"
    s, events = _level_after(6, extra_time=False, shootout=False)
    assert s.phase == "over" and ENGINE.outcome(s).winners == []
    assert "draw" in ENGINE.outcome(s).summary.lower()


def test_a_cup_tie_level_after_ninety_minutes_is_replayed_from_the_start():
    s, _ = _level_after(6, cup_tie=True)
    assert (s.match, s.period, s.extra) == (2, 1, False)
    for coach in s.coaches:
        assert coach.legs == [1] and coach.goals == 0
        assert (tuple(coach.field), tuple(coach.bench)) == coach.lineup
        assert not coach.played and len(coach.hand) == 3
    s.period = 6
    s.coaches[0].goals = s.coaches[1].goals = 2
    rules.end_period(s, [])
    assert s.extra and s.period == 7, "only the replay goes to extra time"


def test_a_shoot_out_still_level_after_five_pairs_goes_on_with_fresh_takers_until_one_leads():
    s = start()
    rules.start_shootout(s, [])
    s.dice = [3, 1] + [5, 0] * 10 + [5, 0, 0, 5]  # seat 0 first; ten goals; then a goal and a save
    assert sorted(ENGINE.to_act(s)) == [0, 1]
    firsts = {}
    for seat in (0, 1):
        firsts[seat] = []
        for _ in range(5):
            shot = legal_texts(s, seat)[0]
            firsts[seat].append(shot.split()[-1])
            s = act(s, shot)
    assert s.shoot_round == 2 and s.phase == "shooters"
    assert [sum(c.kicks) for c in s.coaches] == [5, 5]
    for seat in (0, 1):
        fresh = {t.split()[-1] for t in legal_texts(s, seat)}
        assert fresh and not fresh & set(firsts[seat]), "the unused take the next round first"
        assert "has not taken a penalty yet" in refused(s, f"{seat} shooter {firsts[seat][0]}")
    for seat in (0, 1):
        for _ in range(5):
            s = act(s, legal_texts(s, seat)[0])
    out = ENGINE.outcome(s)
    assert out is not None and out.winners == [0]
    assert [sum(c.kicks) for c in s.coaches] == [6, 5] and len(s.coaches[1].kicks) == 6
    keeper = s.coaches[1].keeper
    assert s.coaches[1].turns[keeper] == 6, "the goalie turns after every shot he faces"


# -- hidden choices ---------------------------------------------------------------------------

def test_the_card_chosen_for_the_reveal_and_the_hand_stay_hidden_from_the_other_coach():
    s = start([["offener-schlagabtausch", "eckball", "flanke"], ["elfmeter"]])
    s = act(s, "0 pick stollen-offener-schlagabtausch")
    other = to_json(ENGINE.view(s, 1))
    assert "stollen-offener-schlagabtausch" not in other and "stollen-eckball" not in other
    assert ENGINE.view(s, 1)["picked"] == [True, False]
    assert "stollen-offener-schlagabtausch" in ENGINE.view(s, 0)["zones"]["table0"]
    s = act(s, "1 pick acker-elfmeter")
    assert "stollen-offener-schlagabtausch" in ENGINE.view(s, 1)["zones"]["table0"]
    assert "stollen-eckball" not in to_json(ENGINE.view(s, 1))


def test_events_of_a_reveal_are_marked_as_revealing():
    s = start([["eckball"], ["elfmeter"]])
    s = act(s, "0 pick stollen-eckball")
    _, events = act_events(s, "1 pick acker-elfmeter")
    assert any(e.kind == "flip" and e.reveals for e in events)


def test_the_replay_of_a_cup_tie_says_so_with_the_first_score():
    s, _ = _level_after(6, cup_tie=True)
    assert ENGINE.view(s, 0)["status"].startswith("Replay (first match 1:1), period 1 at 0:0:")
