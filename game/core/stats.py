"""Statistics per game, kept in statistics.yaml in the data folder.

Results are grouped by category (a game's difficulty level when it has one) and practice
games are kept apart. A broken file is renamed aside (never deleted) and a fresh one begun.
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Optional

from .engine import Outcome, Seat
from .fileio import FileProblem, dump_yaml, read_yaml, write_atomic
from .paths import data_home
from .registry import game_info

FORMAT = 1


def stats_path() -> Path:
    return data_home() / "statistics.yaml"


def load_stats(path: Optional[Path] = None) -> tuple[dict[str, Any], Optional[str]]:
    """(statistics, problem): an unreadable file gives empty statistics and a reason."""
    path = path or stats_path()
    if not path.exists():
        return {"format": FORMAT, "games": {}}, None
    try:
        data = read_yaml(path)
    except FileProblem as exc:
        return {"format": FORMAT, "games": {}}, f"Statistics file {exc.reason}."
    if not isinstance(data, dict) or not isinstance(data.get("games", {}), dict):
        return {"format": FORMAT, "games": {}}, "Statistics file has an unexpected shape."
    if isinstance(data.get("format"), int) and data["format"] > FORMAT:
        return {"format": FORMAT, "games": {}}, "Statistics were written by a newer finis."
    data.setdefault("games", {})
    return data, None


def _bucket(stats: dict[str, Any], game_id: str, category: str) -> dict[str, Any]:
    game = stats["games"].setdefault(game_id, {})
    if not isinstance(game, dict):
        game = stats["games"][game_id] = {}
    bucket = game.setdefault(category, {})
    if not isinstance(bucket, dict):
        bucket = game[category] = {}
    for key, default in (("played", 0), ("won", 0), ("streak", 0), ("best_streak", 0),
                         ("best_score", None), ("hints", 0)):
        bucket.setdefault(key, default)
    return bucket


APART = ("practice", "computer")  # categories kept apart from a person's own record


def category_of(options: dict[str, Any], practice: bool, by_person: bool = True) -> str:
    """'<level>' (or 'all'), or kept apart: 'practice/<level>', and 'computer/<level>' for a
    game whose moves a person did not make (computer seats alone, or every move a hint)."""
    base = str(options.get("level", "all"))
    if not by_person:
        return f"computer/{base}"
    return f"practice/{base}" if practice else base


def record_result(game_id: str, outcome: Outcome, options: dict[str, Any], seats: list[Seat],
                  practice: bool = False, hints: int = 0, by_person: bool = True,
                  path: Optional[Path] = None) -> dict[str, Any]:
    """Add one finished game; a human seat among the winners counts as a win.

    `by_person` False: nobody made a move of their own, so the game is filed apart."""
    path = path or stats_path()
    stats, problem = load_stats(path)
    if problem and path.exists():
        aside = path.with_name(f"statistics-broken-{int(time.time())}.yaml")
        try:
            path.replace(aside)
        except OSError:
            pass
    bucket = _bucket(stats, game_id, category_of(options, practice, by_person))
    humans = [i for i, s in enumerate(seats) if s.is_human]
    won = any(w in humans for w in outcome.winners) if humans else bool(outcome.winners)
    bucket["played"] = int(bucket["played"]) + 1
    bucket["hints"] = int(bucket["hints"]) + int(hints)
    if won:
        bucket["won"] = int(bucket["won"]) + 1
        bucket["streak"] = int(bucket["streak"]) + 1
        bucket["best_streak"] = max(int(bucket["best_streak"]), int(bucket["streak"]))
    else:
        bucket["streak"] = 0
    human_scores = [outcome.scores[i] for i in humans if i < len(outcome.scores)]
    if human_scores:
        higher = game_info(game_id).better == "higher"
        best = max(human_scores) if higher else min(human_scores)
        old = bucket["best_score"]
        if old is None or (best > old if higher else best < old):
            bucket["best_score"] = best
    write_atomic(path, dump_yaml(stats))
    return stats
