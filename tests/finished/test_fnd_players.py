"""The computer players of Finished!: legal, memory of the stack, stronger than random."""
from __future__ import annotations

from game.core import Rng, Seat, Setup
from game.core.players import RandomPlayer
from game.finished import ENGINE, PLAYERS, hint
from game.finished.ai import GoodPlayer
from game.finished.selfplay import play


def test_players_table():
    assert set(PLAYERS) == {"random", "good"}
    assert isinstance(PLAYERS["good"](), GoodPlayer)
    assert isinstance(PLAYERS["random"](), RandomPlayer)


def test_good_player_plays_legal_actions_and_remembers_the_stack():
    state = ENGINE.new_game(Setup(21), {"level": "easy", "practice": False}, [Seat("cpu")])
    player = GoodPlayer()
    rng = Rng(1)
    checked = 0
    while ENGINE.outcome(state) is None:
        legal = ENGINE.legal_actions(state, 0)
        action = player.choose(ENGINE.view(state, 0), legal, rng)
        assert action in legal
        belief = player.belief
        assert belief is not None and len(belief.deck) == len(state.draw)
        for guess, card in zip(belief.deck, state.draw):
            assert guess is None or guess == card  # what it remembers is right
        checked += sum(1 for g in belief.deck if g is not None)
        state, _ = ENGINE.apply(state, action)
    assert checked > 1000  # it did remember most of the stack after the first round


def test_hint_gives_a_legal_action_without_memory():
    state = ENGINE.new_game(Setup(3), {"level": "regular", "practice": False}, [Seat("me")])
    for _ in range(30):
        legal = ENGINE.legal_actions(state, 0)
        action = hint(ENGINE.view(state, 0), legal, Rng(0))
        assert action in legal
        state, _ = ENGINE.apply(state, action)


def test_good_player_beats_random_player():
    seeds = range(200, 206)
    good = [play(seed, "very-easy", "good") for seed in seeds]
    chance = [play(seed, "very-easy", "random") for seed in seeds]
    good_mean = sum(r.scores[0] for r in good) / len(good)
    chance_mean = sum(r.scores[0] for r in chance) / len(chance)
    assert good_mean > chance_mean + 12
    assert sum(1 for r in good if r.winners) >= 2
    assert not any(r.winners for r in chance)
