"""Computer racers: the good ones beat random clearly; speeds differ, the policy does not."""
from game.core import Rng, Seat, Setup
from game.core.registry import game_info
from game.flag_finish import ENGINE, PLAYERS
from game.flag_finish.simulate import play_match


def matches(strengths, mode, count, races=3):
    """Winners of `count` matches between the given strengths (seat order rotated)."""
    wins = [0] * len(strengths)
    for game in range(count):
        order = [(i + game) % len(strengths) for i in range(len(strengths))]
        seats = [Seat(f"P{i}") for i in order]
        state = ENGINE.new_game(Setup(game), {"mode": mode, "races": races}, seats)
        players = [PLAYERS[strengths[i]]() for i in order]
        state, _ = play_match(ENGINE, state, players, Rng(1000 + game))
        for winner in ENGINE.outcome(state).winners:
            wins[order[winner]] += 1
    return wins


def test_every_listed_strength_exists_and_speeds_are_ordered():
    assert set(game_info("flag-finish").strengths) == set(PLAYERS)
    delays = [PLAYERS[s]().delay_ms for s in ("steady", "quick", "lightning")]
    assert delays == sorted(delays, reverse=True) and PLAYERS["random"]().delay_ms > 0


def test_a_steady_racer_beats_a_random_one_in_warm_up():
    wins = matches(["steady", "random"], "warm-up", 12)
    assert wins[0] >= 11, wins


def test_a_good_racer_beats_two_random_ones_in_challenge():
    wins = matches(["quick", "random", "random"], "challenge", 9)
    assert wins[0] >= 8, wins


def test_a_challenge_match_replays_from_its_action_texts():
    seats = [Seat("Anna"), Seat("Bo")]
    start = ENGINE.new_game(Setup(5), {"mode": "challenge", "races": 2}, seats)
    players = [PLAYERS["lightning"](), PLAYERS["steady"]()]
    final, actions = play_match(ENGINE, start, players, Rng(9))
    times = [a.ms for a in actions]
    assert any(t > 0 for t in times)
    state = start
    for action in actions:
        state, _ = ENGINE.apply(state, ENGINE.parse_action(action.text()))
    assert ENGINE.digest(state) == ENGINE.digest(final)
    assert ENGINE.outcome(state).to_dict() == ENGINE.outcome(final).to_dict()
