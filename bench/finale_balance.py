"""Finale's balance by simulation: the two first-game squads, the computer coaches, the
tactics cards, and how long the good coach takes to decide.

Plays whole matches from fixed seeds (0, 1, 2, ...) through the engine's `play_out` and prints
a markdown table (the one docs/finale-balance.md records), then one last JSON line that sets
the figures against the goals of issue 15:

- `teams`: equal coaches (simple against simple, good against good) on the first-game squads,
  default options. SV Stollen's share of the matches decided in 90 minutes, the goals per
  match, the share going to extra time. Half the matches are played with the data's teams
  swapped between the seats, so a seat's advantage and a team's advantage show apart.
  Goals: each team 45-55 % of the decided matches, 2-4 goals a match, extra time in 10-25 %.
- `coaches`: good against simple and simple against random, seats alternated, first-game
  squads. Goals: good wins at least 65 %, simple beats random.
- `tactics`: every tactics card's goals per attack made with it and the win rate of the coach
  who showed or played it, from good against good where each coach picks a squad for a deck of
  white and one colour (every colour against every colour, seats alternated).
- `speed`: the good coach's decision times (the engine's legal actions and view for the seat,
  then `choose`), p50 and p99 in milliseconds. Goal: p99 under 100 ms.

Intervals are 95 % Wilson intervals for shares and mean +- 1.96 standard errors for goals.

    python bench/finale_balance.py                   # a few minutes on one core
    python bench/finale_balance.py --games 100       # quicker, wider intervals
    python bench/finale_balance.py --only teams,coaches

This is a bench, not a test: nothing here runs under pytest.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
import time
from pathlib import Path
from typing import Any, Callable, Optional

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from players import one_core, percentile  # noqa: E402  (bench/players.py, run as a script)

from game.core import Seat, Setup  # noqa: E402
from game.core.rng import Rng  # noqa: E402
import game.finale.engine as finale_engine  # noqa: E402
from game.finale import ENGINE, PLAYERS  # noqa: E402
from game.finale.data import WHITE, finale_data  # noqa: E402
from game.finale.good import GoodPlayer, plan_squad  # noqa: E402

SECTIONS = ("teams", "coaches", "tactics", "speed")
GOALS = {"team_share": (0.45, 0.55), "goals": (2.0, 4.0), "extra_time": (0.10, 0.25),
         "good_vs_simple": 0.65, "p99_ms": 100.0}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a share."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def share(wins: float, n: int) -> str:
    lo, hi = wilson(wins, n)
    return f"{100 * wins / max(1, n):.1f} % [{100 * lo:.0f}-{100 * hi:.0f}] (n={n})"


def mean_ci(values: list[float]) -> tuple[float, float]:
    n = len(values)
    m = sum(values) / max(1, n)
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / max(1, n - 1))
    return m, 1.96 * sd / math.sqrt(max(1, n))


class Swapped:
    """While active, the engine deals the data's teams in the other order (FC Acker in seat 0)."""

    def __enter__(self) -> None:
        data = finale_data()
        swapped = dataclasses.replace(data, teams=tuple(reversed(data.teams)))
        self.saved = finale_engine.finale_data
        finale_engine.finale_data = lambda: swapped  # type: ignore[assignment]

    def __exit__(self, *exc: Any) -> None:
        finale_engine.finale_data = self.saved  # type: ignore[assignment]


class Colour(GoodPlayer):
    """The good coach held to one colour of tactics when it picks its squad and deck."""

    def __init__(self, colour: str) -> None:
        self.colour = colour

    def _plan(self, seat: int) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
        _, field, bench = plan_squad(seat, self.colour)
        return self.colour, field, bench


def play(makers: tuple[Callable[[], Any], Callable[[], Any]], seed: int,
         options: Optional[dict[str, Any]] = None) -> Any:
    """One match from `seed`; the final state."""
    state = ENGINE.new_game(Setup(seed), dict(options or {}),
                            [Seat(f"Coach {i + 1}", "computer", "") for i in (0, 1)])
    final, _ = ENGINE.play_out(state, [makers[0](), makers[1]()], Rng(seed))
    return final


def teams(games: int) -> tuple[list[str], dict[str, Any]]:
    rows, figures = [], {}
    for coach in ("simple", "good"):
        decided = stollen = extra = 0
        goals: list[float] = []
        seat0 = 0
        for number in range(games):
            swap = number % 2 == 1
            maker = PLAYERS[coach]
            if swap:
                with Swapped():
                    final = play((maker, maker), number)
            else:
                final = play((maker, maker), number)
            stollen_seat = 1 if swap else 0
            goals.append(sum(c.goals for c in final.coaches))
            extra += final.extra
            if not final.extra and final.winner is not None:
                decided += 1
                stollen += final.winner == stollen_seat
                seat0 += final.winner == 0
        m, half = mean_ci(goals)
        rows.append(f"| {coach} vs {coach}, first-game squads | SV Stollen {share(stollen, decided)} "
                    f"of the matches decided in 90 min; seat 0 {share(seat0, decided)} | "
                    f"{m:.2f} +- {half:.2f} | {share(extra, games)} |")
        figures[coach] = {"stollen_share": round(stollen / max(1, decided), 3),
                          "stollen_ci": [round(x, 3) for x in wilson(stollen, decided)],
                          "seat0_share": round(seat0 / max(1, decided), 3),
                          "goals": round(m, 2), "extra_time": round(extra / games, 3),
                          "decided": decided, "games": games}
    head = ["| coaches | who wins | goals a match | extra time |", "|---|---|---|---|"]
    return head + rows, figures


def duel(a: str, b: str, games: int) -> tuple[int, int]:
    """(wins of `a`, matches): seats alternated, first-game squads."""
    wins = 0
    for number in range(games):
        first = number % 2 == 0
        pair = (PLAYERS[a], PLAYERS[b]) if first else (PLAYERS[b], PLAYERS[a])
        final = play(pair, 10_000 + number)
        wins += final.winner == (0 if first else 1)
    return wins, games


def coaches(games: int) -> tuple[list[str], dict[str, Any]]:
    rows, figures = ["| match-up | first coach wins |", "|---|---|"], {}
    for a, b in (("good", "simple"), ("simple", "random")):
        wins, n = duel(a, b, games)
        rows.append(f"| {a} vs {b} (seats alternated) | {share(wins, n)} |")
        figures[f"{a}_vs_{b}"] = round(wins / n, 3)
        figures[f"{a}_vs_{b}_ci"] = [round(x, 3) for x in wilson(wins, n)]
    return rows, figures


def tactics(games: int) -> tuple[list[str], dict[str, Any]]:
    data = finale_data()
    colours = [c.id for c in data.colours if c.id != WHITE]
    cards = {c.id: [0, 0, 0, 0] for c in data.tactics}  # shown or played, won, attacks, goals
    deck_wins = {c: [0, 0] for c in colours}
    pairs = [(x, y) for x in colours for y in colours if x < y]
    per = max(2, games // len(pairs))
    for x, y in pairs:
        for number in range(per):
            first = number % 2 == 0
            pair = (x, y) if first else (y, x)
            final = play((lambda c=pair[0]: Colour(c), lambda c=pair[1]: Colour(c)), 20_000 + number,
                         {"lineups": "pick"})
            for seat, card in final.plays:
                cards[card][0] += 1
                cards[card][1] += final.winner == seat
            _count_attacks(final.history, cards)
            for seat, colour in enumerate(pair):
                deck_wins[colour][0] += final.winner == seat
                deck_wins[colour][1] += 1
    rows = ["| tactics card | colour | strength | shown or played | its coach won | goals an attack |",
            "|---|---|---|---|---|---|"]
    figures: dict[str, Any] = {"cards": {}, "decks": {}}
    for c in data.tactics:
        times, won, attacks, goals = cards[c.id]
        rate = f"{100 * won / times:.0f} %" if times else "-"
        per_attack = f"{goals / attacks:.2f} (n={attacks})" if attacks else "-"
        rows.append(f"| {c.name} | {c.colour} | {c.strength} | {times} | {rate} | {per_attack} |")
        figures["cards"][c.id] = {"times": times, "win_rate": round(won / times, 3) if times else None,
                                  "goals_per_attack": round(goals / attacks, 3) if attacks else None}
    rows += ["", "| deck (white and ...) | its coach won |", "|---|---|"]
    for colour, (won, n) in deck_wins.items():
        rows.append(f"| {colour} | {share(won, n)} |")
        figures["decks"][colour] = round(won / max(1, n), 3)
    return rows, figures


def _count_attacks(history: list[dict[str, Any]], cards: dict[str, list[int]]) -> None:
    """Attacks (an area that opens an attack: a set-up, or a finish with no set-up before it)
    and goals, per card."""
    before: Optional[dict[str, Any]] = None
    for h in history:
        opens = h["area"] == "setup" or not (before and before["area"] == "setup"
                                               and before["card"] == h["card"] and before["ok"])
        if opens:
            cards[h["card"]][2] += 1
        if h["area"] == "result" and h["ok"]:
            cards[h["card"]][3] += 1
        before = h


class Timed:
    """The good coach, its every decision timed (view and legal actions included)."""

    def __init__(self, times: list[float]) -> None:
        self.player = GoodPlayer()
        self.times = times

    def choose(self, view: dict, legal: Any, rng: Any) -> Any:
        action = self.player.choose(view, legal, rng)
        self.times.append(time.perf_counter() - Timed.asked)
        return action

    asked = 0.0


def speed(games: int) -> tuple[list[str], dict[str, Any]]:
    class TimedEngine(type(ENGINE)):  # type: ignore[misc]
        def legal_actions(self, state: Any, seat: int) -> list:
            Timed.asked = time.perf_counter()
            return super().legal_actions(state, seat)

    engine = TimedEngine()
    rows = ["| good coach, decisions | n | p50 ms | p99 ms | longest ms |", "|---|---|---|---|---|"]
    figures: dict[str, Any] = {}
    for lineups in ("first", "pick"):
        times: list[float] = []
        for number in range(games):
            state = engine.new_game(Setup(30_000 + number), {"lineups": lineups},
                                    [Seat(f"Coach {i + 1}", "computer", "good") for i in (0, 1)])
            engine.play_out(state, [Timed(times), Timed(times)], Rng(number))
        p50, p99 = 1000 * percentile(times, 0.5), 1000 * percentile(times, 0.99)
        rows.append(f"| good vs good, lineups {lineups} | {len(times)} | {p50:.2f} | {p99:.2f} | "
                    f"{1000 * max(times):.1f} |")
        figures[lineups] = {"decisions": len(times), "p50_ms": round(p50, 3), "p99_ms": round(p99, 3)}
    return rows, figures


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300,
                        help="matches per line of the tables (default 300)")
    parser.add_argument("--only", default=",".join(SECTIONS),
                        help=f"sections to run, comma-separated (default {','.join(SECTIONS)})")
    args = parser.parse_args(argv)
    one_core()
    wanted = [s for s in args.only.split(",") if s]
    unknown = set(wanted) - set(SECTIONS)
    if unknown:
        parser.error(f"unknown section {', '.join(sorted(unknown))} (known: {', '.join(SECTIONS)})")
    runs = {"teams": teams, "coaches": coaches, "tactics": tactics,
            "speed": lambda n: speed(max(10, n // 10))}
    figures: dict[str, Any] = {}
    started = time.perf_counter()
    for section in SECTIONS:
        if section not in wanted:
            continue
        rows, figures[section] = runs[section](args.games)
        print(f"\n### {section}\n")
        print("\n".join(rows), flush=True)
    summary: dict[str, Any] = {"figure": "goals", "games": args.games,
                               "seconds": round(time.perf_counter() - started, 1)}
    met = True
    if "teams" in figures:
        lo, hi = GOALS["team_share"]
        for coach, f in figures["teams"].items():
            ok = (lo <= f["stollen_share"] <= hi and GOALS["goals"][0] <= f["goals"] <= GOALS["goals"][1]
                  and GOALS["extra_time"][0] <= f["extra_time"] <= GOALS["extra_time"][1])
            summary[f"{coach}_teams"] = {k: f[k] for k in ("stollen_share", "goals", "extra_time")}
            met = met and ok
    if "coaches" in figures:
        summary["good_vs_simple"] = figures["coaches"]["good_vs_simple"]
        summary["simple_vs_random"] = figures["coaches"]["simple_vs_random"]
        met = met and figures["coaches"]["good_vs_simple"] >= GOALS["good_vs_simple"] \
            and figures["coaches"]["simple_vs_random"] > 0.5
    if "speed" in figures:
        worst = max(f["p99_ms"] for f in figures["speed"].values())
        summary["p99_ms"] = worst
        met = met and worst < GOALS["p99_ms"]
    summary["met"] = met
    print()
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
