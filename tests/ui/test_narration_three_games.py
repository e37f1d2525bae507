"""Flag Finish, Finito! and Finished! tables show what happened from the events' codes and data,
never from their sentences (issue 26).

Each game is played twice on its own table by computer seats with a fixed seed: once with the
game's narrator and once with every sentence retold as nonsense. At every step (the table's
opening and each change) the table must raise the same toasts, play the same sounds, log the
same number of lines and start the same animations (cards gliding and turning, tokens flying,
Finito!'s die). A table that looked at the words would differ somewhere: the last test plants
such a table and checks that the comparison catches it.
"""
from __future__ import annotations

from collections import deque
from contextlib import nullcontext
from typing import Any, Callable, Optional

import pygame
import pytest

from game.core import Seat
from game.core.narration import nonsense, retold
from game.core.registry import engine
from tests.ui.conftest import key

# game id -> (seats, options, seed, most steps to play)
GAMES: dict[str, tuple[list[Seat], dict[str, Any], int, int]] = {
    "flag-finish": ([Seat("Anna", "computer", "steady"), Seat("Bo", "computer", "steady")],
                    {"mode": "warm-up", "races": 2}, 4, 600),
    "finito": ([Seat("Anna", "computer", "simple"), Seat("Ben", "computer", "simple"),
                Seat("Cleo", "computer", "simple")], {"rounds": True, "target": 14}, 5, 600),
    "finished": ([Seat("You", "computer", "good")], {"level": "regular"}, 7, 400),
}


class CountingLog(deque):
    """The table's log (it keeps its last few lines), counting every line ever added."""

    def __init__(self, lines: deque) -> None:
        super().__init__(lines, maxlen=lines.maxlen)
        self.added = len(lines)

    def append(self, line: str) -> None:
        self.added += 1
        super().append(line)

    def extend(self, lines) -> None:
        lines = list(lines)
        self.added += len(lines)
        super().extend(lines)


def animations(table) -> tuple:
    """What is moving on the table now: sprites gliding or turning (where to, from which
    place), tokens flying (from where to where) and, at Finito!, the die and the banner."""
    gliding = sorted((s.key, s.zone, s.index, s.face_up,
                      tuple(round(v) for v in s.tween.end) if s.tween else None,
                      s.flip_t < 1.0)
                     for s in table.sprites.values() if s.moving)
    flying = sorted((tuple(round(v) for v in t.tween.start), tuple(round(v) for v in t.tween.end))
                    for t in table.flying)
    die = getattr(table, "die", None)
    banner = getattr(table, "banner", None)
    return (tuple(gliding), tuple(flying),
            (die.busy, die.value) if die is not None else None,
            banner.active if banner is not None else None)


class Recorder:
    """Everything the table shows at each step, except the words."""

    def __init__(self, app) -> None:
        self.app = app
        self.toasts: list[str] = []
        self.sounds: list[str] = []
        self.steps: list[tuple] = []
        self.table: Any = None
        toast, play = app.toast, app.play

        def toast_kind(text: str, seconds: float = 3.5, kind: str = "info") -> None:
            self.toasts.append(kind)
            toast(text, seconds, kind)

        def sound(name: str, *args: Any, **kwargs: Any) -> Any:
            self.sounds.append(name)
            return play(name, *args, **kwargs)

        app.toast, app.play = toast_kind, sound

    def watch(self, table) -> None:
        """Count the table's log lines and take a step after every change it shows."""
        self.table = table
        table.log = CountingLog(table.log)
        after_change = table.after_change

        def recorded(events, animate: bool = True) -> None:
            after_change(events, animate)
            self.step([e.code for e in events])

        table.after_change = recorded
        self.step(["opening"])

    def step(self, codes: list[str]) -> None:
        table = self.table
        self.steps.append((codes, tuple(self.toasts), tuple(self.sounds), len(table.log),
                           table.log.added, animations(table)))
        self.toasts.clear()
        self.sounds.clear()


def play(app, game: str, words: Optional[Callable] = None,
         steps: Optional[int] = None) -> tuple[list[tuple], list[str]]:
    """One scripted game of `game` on its table, its sentences `words` (None: the narrator's),
    to its end (or its first `steps` changes): the steps seen, and the sentences of the game."""
    from scenes.menu import MainMenu
    from scenes.table.registry import start_new_game
    seats, options, seed, limit = GAMES[game]
    app.settings.animation_speed = "normal"  # cards glide, so what glides can be compared
    recorder = Recorder(app)
    with retold(words) if words else nullcontext():
        app.push(MainMenu(app))
        table = start_new_game(app, game, seats, options, seed)
        recorder.watch(table)
        for _ in range(limit):
            if table.match.outcome() is not None and not table.animating():
                break
            if steps is not None and len(recorder.steps) > steps:
                break
            if app.manager.top is not table:  # Flag Finish's board between races
                key(app, pygame.K_RETURN)
                continue
            table.skip_animations()
            table.computer_wait = 0.0
            app.frame(0.05)
        for _ in range(3):  # the end: its sound, the result
            app.frame(0.05)
        recorder.step(["after"])
    assert steps is not None or table.match.outcome() is not None, \
        f"{game}: the scripted game did not end"
    return recorder.steps, [line for step in table.match.steps for line in
                            (e.text for e in step.events) if line]


@pytest.mark.parametrize("game", list(GAMES))
def test_the_table_shows_the_same_moments_whatever_the_words(app, game):
    told, lines = play(app, game)
    retold_steps, nonsense_lines = play(app, game, nonsense)
    assert len(told) > 40, "a whole game of many steps"
    assert not any(line.startswith("zqx") for line in lines)
    assert nonsense_lines and all(line.startswith("zqx") for line in nonsense_lines), \
        "every sentence of the game was retold"
    assert [s[0] for s in retold_steps] == [s[0] for s in told], "the same game, step by step"
    assert any(s[5][0] for s in told), "cards glided in the game"
    for step, (mine, theirs) in enumerate(zip(told, retold_steps)):
        assert mine == theirs, f"{game}: step {step} ({mine[0]}) shows differently"
    assert len(retold_steps) == len(told)


def test_every_sentence_of_these_games_has_a_code_and_a_narrator():
    """An event a person reads has a code of its game (the narrator's `<game>.<name>`); an
    event without a code only moves a piece, and says nothing."""
    from game.core import Rng, Setup
    from game.core.players import make_player
    for game, (seats, options, seed, _) in GAMES.items():
        eng = engine(game)
        state = eng.new_game(Setup(seed), options, seats)
        events = list(eng.opening_events(state))
        players = [make_player(game, s.strength) for s in seats]
        rng = Rng(seed)
        for _ in range(3000):
            to_act = eng.to_act(state)
            if not to_act:
                break
            seat = to_act[0]
            action = players[seat].choose(eng.view(state, seat), eng.legal_actions(state, seat),
                                          rng)
            state, told = eng.apply(state, action)
            events += told
        assert eng.outcome(state) is not None
        prefix = game + "."
        for event in events:
            assert bool(event.text) == bool(event.code), event
            assert not event.code or event.code.startswith(prefix), event


@pytest.mark.parametrize("game", list(GAMES))
def test_a_table_that_reads_the_words_is_caught(app, game, monkeypatch):
    """The comparison above would fail for a table that chose by sentences."""
    from scenes.table.scene import TableScene
    original = TableScene.after_change
    word = {"flag-finish": " plays ", "finito": " puts ", "finished": "Drew "}[game]

    def reads_words(table, events, animate=True):
        original(table, events, animate)
        if any(word in e.text for e in events):
            table.app.toast("Look!", 2.0, "info")

    monkeypatch.setattr(TableScene, "after_change", reads_words)
    told, _ = play(app, game, steps=60)
    retold_steps, _ = play(app, game, nonsense, steps=60)
    assert [s[0] for s in retold_steps] == [s[0] for s in told]
    assert any("info" in s[1] for s in told), "the planted table toasts on the real words"
    assert told != retold_steps, "and the comparison sees that it does not with other words"
