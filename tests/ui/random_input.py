"""Random input for the tables: a seeded stream of what a person (or a cat on the keyboard)
may do: pointer moves, clicks, drags to lit and to unlit places, keys, text, window resizes,
short and long frames, over every table and whatever it opens (curtains, menus, boards).

A session is (game, set-up, seed, steps): the same four give the same events and the same
game, so a failure is replayed by its seed:

    .venv/bin/python -m tests.ui.random_input finita 2 1234 [steps]

tests/ui/test_random_input.py runs a short session per game in the normal test command and
long ones with --soak (FINIS_SOAK=1).
"""
from __future__ import annotations

import argparse
import random
import sys
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

import pygame

from game.core import Seat

SIZES = [(1024, 640), (1280, 800), (1920, 1080), (1366, 768), (800, 600), (640, 400), (300, 200)]
FRAMES = [0.001, 0.008, 0.016, 0.016, 0.033, 0.1, 0.35, 1.0, 2.5]
SPEEDS = ["instant", "fast", "normal", "slow"]
KEYS = ([pygame.K_TAB] * 4 + [pygame.K_RETURN] * 4 + [pygame.K_SPACE] * 2 + [pygame.K_ESCAPE] * 2
        + [pygame.K_1, pygame.K_1, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_9]
        + [pygame.K_h, pygame.K_z, pygame.K_F1, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT,
           pygame.K_RIGHT, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_KP_ENTER]
        + [pygame.K_a, pygame.K_l, pygame.K_v, pygame.K_p, pygame.K_m, pygame.K_d, pygame.K_o,
           pygame.K_s, pygame.K_f, pygame.K_n, pygame.K_y, pygame.K_r, pygame.K_c, pygame.K_g,
           pygame.K_q, pygame.K_x, pygame.K_b, pygame.K_t, pygame.K_u, pygame.K_e])
MODS = [0] * 8 + [pygame.KMOD_SHIFT, pygame.KMOD_CTRL]


@dataclass(frozen=True)
class SetUp:
    """Who sits at the table and which table rules are on."""

    seats: tuple[str, ...]  # "human" or "computer:<strength>"
    options: dict[str, Any] = field(default_factory=dict)

    def seat_list(self) -> list[Seat]:
        names = ["Anna", "Ben", "Cleo", "Dan", "Eve", "Finn"]
        out = []
        for i, kind in enumerate(self.seats):
            who, _, strength = kind.partition(":")
            out.append(Seat(names[i], who, strength))
        return out


# Every table, alone, against computers, in hot-seat, with its table rules on.
SETUPS: dict[str, list[SetUp]] = {
    "finished": [
        SetUp(("human",)),
        SetUp(("human",), {"level": "difficult", "practice": True}),
        SetUp(("computer:random",)),
    ],
    "flag-finish": [
        SetUp(("human", "computer:quick")),
        SetUp(("human", "human"), {"races": 2}),
        SetUp(("human", "computer:lightning", "computer:steady"), {"mode": "challenge", "races": 1}),
        SetUp(("human", "human", "computer:random"), {"races": 1}),
    ],
    "finita": [
        SetUp(("human", "computer:simple", "computer:simple")),
        SetUp(("human", "computer:good"), {"throws": True, "clap": True, "memory": 2,
                                             "memory_swap": True, "poker": True, "target": 50}),
        SetUp(("human", "human", "computer:random"), {"chaos": True, "punish": True,
                                                       "strict": True, "penalty": True,
                                                       "target": 50}),
        SetUp(("human", "human"), {"throws": True, "clap": True, "window": 500, "memory": 1,
                                   "target": 50}),
    ],
    "finito": [
        SetUp(("human", "computer:simple")),
        SetUp(("human", "human", "computer:random"), {"rounds": True, "target": 5}),
        SetUp(("human", "computer:good", "computer:simple", "computer:random"), {"rounds": True}),
    ],
    "finale": [
        SetUp(("human", "computer:simple")),
        SetUp(("human", "human"), {"lineups": "pick"}),
        SetUp(("human", "human"), {"lineups": "pick", "cup_tie": True}),
        SetUp(("human", "computer:random"), {"lineups": "pick", "extra_time": True,
                                             "shootout": True, "cup_tie": True}),
    ],
}


def setups(game: str) -> list[SetUp]:
    """The set-ups of a game: its own list above, or, for a game registered without one (a
    new game), a person against the computer and, where it seats several, people at the
    screen with a computer, with its default options."""
    from game.core.registry import game_info
    if game in SETUPS:
        return SETUPS[game]
    info = game_info(game)
    alone = max(1, info.min_seats)
    found = [SetUp(("human",) + ("computer",) * (alone - 1))]
    if info.max_seats >= 2:
        people = min(info.max_seats, max(2, info.min_seats))
        found.append(SetUp(("human",) * people))
    return found


class Failure(AssertionError):
    """A session raised: the message names the session and how to replay it."""


class Session:
    """One seeded run of random input over one table (and all it opens)."""

    def __init__(self, game: str, setup: int, seed: int, steps: int) -> None:
        self.game, self.setup_index, self.seed, self.steps = game, setup, seed, steps
        self.setup = setups(game)[setup]
        self.rng = random.Random(f"{game}/{setup}/{seed}")
        self.app: Any = None
        self.story: list[str] = []  # the last events, for the failure's message
        self.deals = 0

    # -- the app and the table ------------------------------------------------------------

    def open_app(self) -> None:
        from scenes.app import App
        pygame.init()
        size = self.rng.choice(SIZES[:4])
        args = argparse.Namespace(size=f"{size[0]}x{size[1]}", fullscreen=False, game=None,
                                  seats=None, option=[], seed=None)
        self.app = App(args)
        self.app.settings.animation_speed = self.rng.choice(SPEEDS)
        from scenes.menu import MainMenu
        self.app.push(MainMenu(self.app))

    def table(self) -> Any:
        from scenes.table.scene import TableScene
        return self.app.manager.find(TableScene) if self.app is not None else None

    def deal(self) -> None:
        """A new game of this session's set-up (its seed follows from the session's)."""
        from scenes.table.registry import start_new_game
        self.deals += 1
        seats = self.setup.seat_list()
        meta = {}
        from game.core.registry import game_info
        keys = game_info(self.game).keys
        if keys:
            meta["keys"] = {str(i): keys[i] for i, s in enumerate(seats) if s.is_human}
        start_new_game(self.app, self.game, seats, dict(self.setup.options),
                       self.seed * 100 + self.deals, meta=meta)
        self.note(f"deal {self.deals}")

    def note(self, words: str) -> None:
        self.story.append(words)
        del self.story[:-25]

    # -- events ---------------------------------------------------------------------------

    def dispatch(self, event: pygame.event.Event) -> None:
        self.app.dispatch(event)

    def frame(self, dt: Optional[float] = None) -> None:
        dt = self.rng.choice(FRAMES) if dt is None else dt
        self.app.frame(dt)

    def point(self) -> tuple[int, int]:
        """Somewhere to point at: a piece, a zone, a button, or anywhere."""
        w, h = self.app.size
        table = self.table()
        roll = self.rng.random()
        top = self.app.manager.top
        buttons = getattr(top, "buttons", None)
        if roll < 0.35 and table is not None and top is table and table.sprites:
            sprite = self.rng.choice(sorted(table.sprites.values(), key=lambda s: s.key))
            r = sprite.rect
            return (self.rng.randint(r.left, max(r.left, r.right - 1)),
                    self.rng.randint(r.top, max(r.top, r.bottom - 1)))
        if roll < 0.5 and table is not None and top is table and table.zones:
            zone = self.rng.choice(sorted(table.zones.values(), key=lambda z: z.id))
            return zone.rect.center
        if roll < 0.7 and buttons is not None and getattr(buttons, "buttons", None):
            button = self.rng.choice(buttons.buttons)
            return button.rect.center
        return self.rng.randrange(max(1, w)), self.rng.randrange(max(1, h))

    def move(self, pos: tuple[int, int], buttons=(0, 0, 0)) -> None:
        self.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        self.note(f"click {pos} button {button}")
        self.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        if self.rng.random() < 0.2:
            self.frame()
        self.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        self.note(f"drag {start} -> {end}")
        self.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        steps = self.rng.randint(1, 6)
        for i in range(1, steps + 1):
            pos = (start[0] + (end[0] - start[0]) * i // steps,
                   start[1] + (end[1] - start[1]) * i // steps)
            self.move(pos, (1, 0, 0))
            if self.rng.random() < 0.3:
                self.frame()
            if self.rng.random() < 0.15:  # a key (or a few) while the card is held
                for _ in range(self.rng.randint(1, 3)):
                    self.key()
                    if self.rng.random() < 0.5:
                        self.frame()
        self.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))

    def legal_drag(self) -> bool:
        """Drag a piece that may move to one of its lit places (or, now and then, elsewhere)."""
        table = self.table()
        if table is None or self.app.manager.top is not table:
            return False
        moves = [g for g, _ in table.input.gestures()]
        if not moves:
            return False
        g = self.rng.choice(moves)
        found = [s for s in table.sprites.values() if s.piece == g.piece and s.zone == g.source
                 and not s.remove_when_done]
        if not found:
            return False
        sprite = max(found, key=lambda s: s.index)  # a pile's top card
        start = (int(sprite.pos[0]), int(sprite.pos[1]))
        if g.target is None:
            self.click(start)
            return True
        if g.target in table.sprites:
            end = tuple(int(v) for v in table.sprites[g.target].pos)
        elif g.target.split("#")[0] in table.zones:
            end = table.zones[g.target.split("#")[0]].rect.center
        else:
            end = self.point()
        if self.rng.random() < 0.25:
            end = self.point()  # an illegal place, most likely
        self.drag(start, end)
        return True

    def key(self) -> None:
        k = self.rng.choice(KEYS)
        mod = self.rng.choice(MODS)
        self.note(f"key {pygame.key.name(k)}{' mod ' + str(mod) if mod else ''}")
        self.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
        if self.rng.random() < 0.5:
            self.dispatch(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))

    def text(self) -> None:
        words = self.rng.choice(["x", "Zoe", "7", "42", "ä"])
        self.note(f"text {words!r}")
        self.dispatch(pygame.event.Event(pygame.TEXTINPUT, text=words))

    def resize(self) -> None:
        size = self.rng.choice(SIZES)
        self.note(f"resize {size}")
        pygame.display.set_mode(size, pygame.RESIZABLE)
        self.dispatch(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))

    def leave(self) -> None:
        self.note("pointer leaves")
        self.dispatch(pygame.event.Event(pygame.WINDOWLEAVE))

    def step(self) -> None:
        if self.app is None or not self.app.manager.stack:
            self.open_app()
        if self.table() is None:
            self.deal()
        roll = self.rng.random()
        if roll < 0.22:
            self.legal_drag() or self.click(self.point())
        elif roll < 0.40:
            self.click(self.point(), 1 if self.rng.random() < 0.93 else 3)
        elif roll < 0.50:
            self.drag(self.point(), self.point())
        elif roll < 0.62:
            self.move(self.point())
        elif roll < 0.88:
            self.key()
        elif roll < 0.90:
            self.text()
        elif roll < 0.92:
            self.resize()
        elif roll < 0.93:
            self.leave()
        else:
            self.note("frames")
            for _ in range(self.rng.randint(1, 12)):
                self.frame()
        self.frame()

    def run(self) -> None:
        """Every step; a failure names the session and its last events."""
        step = 0
        try:
            for step in range(self.steps):
                self.step()
        except Exception as exc:
            story = "\n  ".join(self.story)
            raise Failure(
                f"random input failed: {self.game} set-up {self.setup_index} seed {self.seed} "
                f"step {step}: {type(exc).__name__}: {exc}\n"
                f"replay: .venv/bin/python -m tests.ui.random_input {self.game} "
                f"{self.setup_index} {self.seed} {self.steps}\n"
                f"last events:\n  {story}\n{traceback.format_exc()}") from exc
        finally:
            self.close()

    def close(self) -> None:
        if self.app is not None:
            try:
                self.app.close_scenes()
            except Exception:  # closing is the app's own business; the run is what we test
                pass


def fixed_clock(monkeypatch_setattr: Callable[..., None], seed: int) -> None:
    """A new deal with no number (Play again) takes its number from this, not the time."""
    import scenes.table.registry as registry

    class Clock:
        now = float(seed)

        @classmethod
        def time(cls) -> float:
            cls.now += 1.234
            return cls.now

    if hasattr(registry, "time"):  # where a deal with no number reads the time
        monkeypatch_setattr(registry, "time", Clock)


def main(argv: list[str]) -> int:
    import os
    import tempfile
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("FINIS_HOME", tempfile.mkdtemp(prefix="finis-random-"))
    parser = argparse.ArgumentParser(description="Replay one random-input session.")
    parser.add_argument("game")
    parser.add_argument("setup", type=int)
    parser.add_argument("seed", type=int)
    parser.add_argument("steps", type=int, nargs="?", default=300)
    args = parser.parse_args(argv)
    fixed_clock(setattr, args.seed)
    try:
        Session(args.game, args.setup, args.seed, args.steps).run()
    except Failure as exc:
        print(exc, file=sys.stderr)
        return 1
    print("no failure")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
