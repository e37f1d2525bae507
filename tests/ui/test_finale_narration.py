"""The Finale table decides what to announce, log and animate from the events' codes and data,
never from their sentences (issue 26): a whole match between two computer coaches, played on
the table once with Finale's own narrator and once with every sentence replaced by nonsense,
shows the same toasts (how many, and of which kind), logs as many lines and starts the same
animations at every step. The table used to match sentences ("The set-up works.",
`"injured" in text`), so a reworded sentence silently dropped its announcement."""
from __future__ import annotations

from collections import Counter, deque
from typing import Any

from game.core.narration import nonsense, retold
from scenes.finale.table import Table
from tests.ui.test_finale_table import new_table

STRONG = ["offener-schlagabtausch", "brechstange", "alles-oder-nichts"]
WEAK = ["elfmeter", "offside-trick", "eckball"]


class CountingLog(deque):
    """The table's log (the last six lines) that also counts every line written to it."""

    def __init__(self, lines, maxlen: int) -> None:
        super().__init__(lines, maxlen)
        self.written = len(self)

    def append(self, line: str) -> None:
        self.written += 1
        super().append(line)

    def extend(self, lines) -> None:
        for line in lines:
            self.append(line)


def animations(table: Table) -> dict[str, Any]:
    """What the table set moving, right after a change: gliding and turning cards, flying
    tokens, rolling dice, marked cards' quarter turns, the area result kept on the table."""
    return {
        "glides": sorted((key, round(s.tween.delay, 3), round(s.tween.duration, 3))
                         for key, s in table.sprites.items() if s.tween is not None),
        "flips": sorted((key, round(s.flip_delay, 3), s.face_up)
                        for key, s in table.sprites.items() if s.flip_t < 1.0),
        "tokens": len(table.flying),
        "dice": sorted((seat, face) for seat, (face, _) in table.dice.items()),
        "turning": sorted(table.turning),
        "kept_result": bool(table.last_result),
    }


def play_match(app, patch) -> tuple[list[dict[str, Any]], Counter]:
    """A whole match of two computer coaches at the table, normal animation speed; for every
    change: the codes of its events, the toasts (kind, seconds), the sounds, the log lines
    written so far and the animations it started. Also every code the match told."""
    app.settings.animation_speed = "normal"
    steps: list[dict[str, Any]] = []
    toasts: list[tuple[str, float]] = []
    sounds: list[str] = []
    codes: Counter = Counter()
    patch.setattr(app, "toast", lambda text, seconds=3.5, kind="info": toasts.append(
        (kind, seconds)))
    real_play = app.play
    patch.setattr(app, "play", lambda name: sounds.append(name) or real_play(name))
    real_refresh = Table.refresh

    def refresh(table, events, animate=True):
        toasts.clear()
        sounds.clear()
        real_refresh(table, events, animate)
        codes.update(e.code for e in events if e.code)
        log = table.log
        steps.append({"codes": [e.code for e in events], "toasts": list(toasts),
                      "sounds": [s for s in sounds if s == "win"],
                      "log": log.written if isinstance(log, CountingLog) else None,
                      **animations(table)})

    patch.setattr(Table, "refresh", refresh)
    table = new_table(app, [STRONG, WEAK], kinds=("computer", "computer"),
                      options={"cup_tie": "yes"})
    table.log = CountingLog(table.log, table.log.maxlen)
    for _ in range(4000):
        if table.match.outcome() is not None:
            break
        table.skip_animations()  # what a change set moving is recorded: no need to watch it
        table.computer_wait = 0
        app.frame(0.05)
    assert table.match.outcome() is not None, "the computer coaches finish the match"
    app.pop(table)
    return steps, codes


def test_the_table_announces_logs_and_animates_the_same_moments_whatever_the_words(app, monkeypatch):
    with monkeypatch.context() as patch:
        told, codes = play_match(app, patch)
    with retold(nonsense), monkeypatch.context() as patch:
        retold_steps, _ = play_match(app, patch)
    # the match itself is the same, change for change
    assert [s["codes"] for s in retold_steps] == [s["codes"] for s in told]
    # it is a real match: areas, goals and what the symbol rolls bring were all told
    for code in ("finale.setup_result", "finale.goal", "finale.no_goal", "finale.attacker",
                 "finale.counter_attack", "finale.end"):
        assert codes[code], (code, codes)
    assert codes["finale.injury"] + codes["finale.booked"] + codes["finale.sent_off"], codes
    toasts = [t for s in told for t in s["toasts"]]
    assert 0 < sum(kind == "good" for kind, _ in toasts) <= codes["finale.goal"]
    assert sum(kind == "info" for kind, _ in toasts) > 10
    for step, (plain, other) in enumerate(zip(told, retold_steps)):
        assert other == plain, (step, plain["codes"])
