"""The headless verbs of the `finis` command (simulate, inspect), run by its one entry,
scenes/main.py, after game/cli.py parsed the command line. Never imports pygame."""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, Optional, Sequence

from .core.actions import IllegalAction
from .core.engine import HIDDEN, Seat, Setup, to_json
from .core.players import make_player
from .core.registry import game_info, normalise_id
from .core.rng import Rng
from .core.saves import SaveProblem, load_save
from .core.session import Match


def parse_seats(text: Optional[str], game_id: str, default_kind: str = "computer") -> list[Seat]:
    """'human,computer:good,computer' -> seats; the game's minimum when not given."""
    info = game_info(game_id)
    if not text:
        return [Seat(f"Computer {i + 1}", default_kind) for i in range(max(info.min_seats, 1))]
    seats = []
    for i, word in enumerate(w.strip() for w in text.split(",")):
        kind, _, strength = word.partition(":")
        if kind not in ("human", "computer"):
            raise ValueError(f"a seat is 'human' or 'computer[:strength]', not {word!r}")
        if strength and strength not in info.strengths:
            raise ValueError(f"{info.title} has no computer strength {strength!r} "
                             f"(known: {', '.join(info.strengths)})")
        name = "Player" if kind == "human" and i == 0 else f"{kind.title()} {i + 1}"
        seats.append(Seat(name, kind, strength))
    if not info.min_seats <= len(seats) <= info.max_seats:
        raise ValueError(f"{info.title} takes {info.min_seats} to {info.max_seats} seats")
    return seats


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    """['level=easy', 'rounds=yes'] -> {'level': 'easy', 'rounds': 'yes'} (checked later)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"an option is written key=value, not {pair!r}")
        options[key.strip()] = int(value) if value.strip().lstrip("-").isdigit() else value.strip()
    return options


def play_out(match: Match, rng: Rng, max_actions: int = 200_000) -> int:
    """Let computer players finish a match; returns the number of actions played."""
    players = [make_player(match.game_id, s.strength) for s in match.seats]
    state, done = match.engine.play_out(match.state, players, rng, max_actions)
    match.states.append(state)
    return len(done)


def simulate(game_id: str, games: int, seed: int, seats: list[Seat],
             options: dict[str, Any]) -> dict[str, Any]:
    """Play `games` computer games and sum up the results."""
    info = game_info(game_id)
    resolved = info.resolve_options(options)
    wins = [0] * len(seats)
    score_sums = [0.0] * len(seats)
    action_total = 0
    detail_sums: dict[str, float] = {}
    tallies: dict[str, dict[str, list[int]]] = {}  # a detail {name: [times, wins]}, summed
    rng = Rng(seed)
    started = time.perf_counter()
    for number in range(games):
        match = Match.start(game_id, Setup(seed + number), resolved, seats)
        action_total += play_out(match, rng.fork())
        outcome = match.outcome()
        assert outcome is not None
        for w in outcome.winners:
            wins[w] += 1
        for i, score in enumerate(outcome.scores[:len(seats)]):
            score_sums[i] += float(score)
        for key, value in outcome.details.items():
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                detail_sums[key] = detail_sums.get(key, 0.0) + value
            elif isinstance(value, bool):
                detail_sums[key] = detail_sums.get(key, 0.0) + (1.0 if value else 0.0)
            elif isinstance(value, dict) and all(
                    isinstance(v, list) and len(v) == 2 for v in value.values()):
                table = tallies.setdefault(key, {})
                for name, (times, won) in value.items():
                    row = table.setdefault(name, [0, 0])
                    row[0] += times
                    row[1] += won
    seconds = time.perf_counter() - started
    return {
        "game": game_id, "games": games, "seed": seed, "options": resolved,
        "seats": [s.to_dict() for s in seats],
        "seconds": round(seconds, 4),
        "games_per_second": round(games / seconds, 3) if seconds > 0 else None,
        "results": {
            "wins": wins,
            "win_rate": [round(w / games, 4) for w in wins] if games else [],
            "mean_scores": [round(s / games, 3) for s in score_sums] if games else [],
            "mean_actions": round(action_total / games, 2) if games else 0,
            "means": {k: round(v / games, 3) for k, v in sorted(detail_sums.items())} if games else {},
            # e.g. Finale's tactics cards: how often each was played, and the share of those
            # plays by the coach who went on to win
            "rates": {key: {name: {"times": t, "win_rate": round(w / t, 4) if t else None}
                            for name, (t, w) in sorted(table.items())}
                      for key, table in sorted(tallies.items())},
        },
    }


HIDDEN_NOTE = ("hands are hidden until the game ends: {people} people play this game at one "
               "screen (the deal number too)")


class Refusal(Exception):
    """A request inspect will not carry out; the message is one line."""


def keeps_secrets(match: Match) -> bool:
    """A game still going with more than one person at the screen: its hidden cards and its
    deal number (which rebuilds every hidden card) are not shown until it ends."""
    return sum(1 for s in match.seats if s.is_human) > 1 and match.outcome() is None


def public_moves(match: Match, hidden: set[str]) -> list[str]:
    """The moves as everyone at the table saw them: what the engine shows of each (nothing at
    all of a secret choice), with every piece that is hidden now shown as `?`."""
    moves = []
    for before, step in zip(match.states, match.steps):
        text = match.engine.public_action(before, step.action)
        if text is not None:
            moves.append(" ".join(HIDDEN if word in hidden else word for word in text.split()))
    return moves


def inspect(path: Path, reveal: bool = False) -> dict[str, Any]:
    """Replay a save and return its final state, hidden parts included, for a game of at most
    one person or one that is over. A game still going with several people gives only what
    everyone at the table sees (the engine's public view) and the moves made; `reveal` is
    then refused (Refusal)."""
    match = load_save(path)
    outcome = match.outcome()
    if keeps_secrets(match):
        people = sum(1 for s in match.seats if s.is_human)
        if reveal:
            raise Refusal(f"--reveal is refused: {people} people are still playing this game, "
                          "and their hands stay hidden until it ends")
        # no digest and no setup: either would let the deal, and so every hand, be rebuilt;
        # a move naming a card that is hidden now (taken into a hand) shows it as the view does
        hidden = match.engine.hidden_pieces(match.state, None)
        moves = public_moves(match, hidden)
        return {
            "file": str(path), "game": match.game_id, "actions": len(moves), "moves": moves,
            "to_act": match.engine.to_act(match.state), "outcome": None,
            "hidden": HIDDEN_NOTE.format(people=people), "view": match.engine.view(match.state, None),
        }
    return {
        "file": str(path), "game": match.game_id, "actions": len(match.steps),
        "digest": match.digest(), "to_act": match.engine.to_act(match.state),
        "outcome": outcome.to_dict() if outcome else None,
        "state": match.engine.snapshot(match.state),
    }


def run_headless(args: argparse.Namespace) -> int:
    """simulate / inspect; returns the exit status."""
    if args.verb == "inspect":
        path = Path(args.file)
        try:
            report = inspect(path, reveal=bool(getattr(args, "reveal", False)))
        except SaveProblem as exc:
            where = f" at {exc.place}" if exc.place else ""
            print(f"{path}{where}: {exc.reason}", file=sys.stderr)
            return 2
        except Refusal as exc:
            print(f"finis inspect: {exc}", file=sys.stderr)
            return 2
        print(json.dumps(report, default=str, sort_keys=True))
        if report.get("hidden"):
            print(f"finis inspect: {report['hidden']}", file=sys.stderr)
        return 0
    try:
        game_id = normalise_id(args.name)
        seats = parse_seats(args.sim_seats, game_id)
        if any(s.is_human for s in seats):
            raise ValueError("simulate plays computer seats only")
        options = parse_options(args.sim_option)
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        if args.each:
            spec = game_info(game_id).option(args.each)
            for value in spec.choices:
                line = simulate(game_id, args.games, args.sim_seed, seats, {**options, args.each: value})
                print(to_json(line))
            return 0
        print(to_json(simulate(game_id, args.games, args.sim_seed, seats, options)))
    except (KeyError, ValueError, IllegalAction) as exc:
        message = exc.args[0] if exc.args else str(exc)
        print(f"finis simulate: {message}", file=sys.stderr)
        return 2
    return 0
