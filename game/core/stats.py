"""Statistics per game, kept in statistics.yaml in the data folder.

Results are grouped by category (a game's difficulty level when it has one) and practice
games are kept apart. A broken file is renamed aside (never deleted) and its backup, when
good, takes its place; otherwise a fresh one is begun.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Optional

from .engine import Outcome, Seat
from .datafiles import load_kept, make_room
from .fileio import one_line, short, write_atomic
from .safeyaml import dump_yaml
from .paths import data_home
from .registry import game_info

FORMAT = 1


def stats_path() -> Path:
    return data_home() / "statistics.yaml"


COUNTS = ("played", "won", "streak", "best_streak", "hints")
#: No count in a real file comes near this; a larger one was not written by finis.
MAX_COUNT = 10 ** 12


def _name(key: Any) -> str:
    return one_line(key, 30) if isinstance(key, str) else short(key, 30)


#: Results per side, and who holds the game's title: the keys written now, then the ones
#: older files hold (read as the same).
SIDES_KEYS = ("sides", "teams")
HOLDER_KEYS = ("title_holder", "cup_holder")


def _migrate(stats: dict[str, Any]) -> None:
    """Older files kept Finale's own words (`teams`, `cup_holder`): read as sides and a title."""
    for game in stats.get("games", {}).values():
        if not isinstance(game, dict):
            continue
        for bucket in game.values():
            if not isinstance(bucket, dict):
                continue
            for new, old in (SIDES_KEYS, HOLDER_KEYS):
                if old in bucket and new not in bucket:
                    bucket[new] = bucket.pop(old)


def check_stats(data: Any) -> str:
    """'' for statistics finis can use, else the reason (one short line, with the place)."""
    if not isinstance(data, dict):
        return "is not a mapping"
    games = data.get("games", {})
    if not isinstance(games, dict):
        return "has an unexpected shape (games)"
    for game_id, game in games.items():
        if not isinstance(game_id, str) or not isinstance(game, dict):
            return f"has an unexpected shape (games.{_name(game_id)})"
        for category, bucket in game.items():
            place = f"games.{_name(game_id)}.{_name(category)}"
            if not isinstance(category, str) or not isinstance(bucket, dict):
                return f"has an unexpected shape ({place})"
            for key in COUNTS:
                value = bucket.get(key, 0)
                if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_COUNT:
                    return f"holds {short(value, 30)} where a count belongs ({place}.{key})"
            best = bucket.get("best_score")
            if best is not None and (not isinstance(best, (int, float)) or isinstance(best, bool)
                                     or not math.isfinite(best) or abs(best) > MAX_COUNT):
                return f"holds {short(best, 30)} where a score belongs ({place}.best_score)"
            for key in SIDES_KEYS:
                sides = bucket.get(key, {})
                if not isinstance(sides, dict) or not all(
                        isinstance(k, str) and isinstance(v, dict) and all(
                            isinstance(v.get(c, 0), int) and not isinstance(v.get(c, 0), bool)
                            and 0 <= v.get(c, 0) <= MAX_COUNT for c in ("played", "won"))
                        for k, v in sides.items()):
                    return f"has an unexpected shape ({place}.{key})"
            for key in HOLDER_KEYS:
                holder = bucket.get(key)
                if holder is not None and not isinstance(holder, str):
                    return f"holds {short(holder, 30)} where a name belongs ({place}.{key})"
    return ""


def load_stats(path: Optional[Path] = None) -> tuple[dict[str, Any], Optional[str]]:
    """(statistics, problem): a broken file is set aside (never deleted) and its backup used
    when that is good; otherwise empty statistics. `problem` says what happened, in full."""
    path = path or stats_path()
    data, note = load_kept(path, "Statistics", check_stats, FORMAT)
    if data is None:
        data = {"format": FORMAT, "games": {}}
        if note:
            note += " Starting fresh statistics."
    data.setdefault("games", {})
    _migrate(data)
    return data, note or None


def _bucket(stats: dict[str, Any], game_id: str, category: str) -> dict[str, Any]:
    game = stats["games"].setdefault(game_id, {})
    if not isinstance(game, dict):
        game = stats["games"][game_id] = {}
    bucket: dict[str, Any] = game.setdefault(category, {})
    if not isinstance(bucket, dict):
        bucket = game[category] = {}
    for key, default in (("played", 0), ("won", 0), ("streak", 0), ("best_streak", 0),
                         ("best_score", None), ("hints", 0)):
        bucket.setdefault(key, default)
    return bucket


APART = ("practice", "computer")  # categories kept apart from a person's own record


def category_of(options: dict[str, Any], practice: bool, by_person: bool = True) -> str:
    """'<level>' (or 'all'), or kept apart: 'practice/<level>', and 'computer/<level>' for a
    game whose moves a person did not make (computer seats alone)."""
    base = str(options.get("level", "all"))
    if not by_person:
        return f"computer/{base}"
    return f"practice/{base}" if practice else base


def record_result(game_id: str, outcome: Outcome, options: dict[str, Any], seats: list[Seat],
                  practice: bool = False, hints: int = 0, by_person: bool = True,
                  path: Optional[Path] = None, notes: Optional[list[str]] = None) -> dict[str, Any]:
    """Add one finished game; a human seat among the winners counts as a win.

    `by_person` False: nobody made a move of their own, so the game is filed apart.
    `notes`, if given, receives what load_stats had to say (a file set aside, a backup used)."""
    path = path or stats_path()
    stats, problem = load_stats(path)
    if problem and notes is not None:
        notes.append(problem)
    # a file load_stats could not use (a newer finis's) is set aside, never written over;
    # OSError (the caller says statistics could not be saved) if it cannot be
    make_room(path, check_stats, FORMAT)
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
    sides = outcome.details.get("sides")
    if isinstance(sides, list):  # a game whose seats play as sides: results per side
        table = bucket.setdefault("sides", {})
        for seat, side in enumerate(sides):
            row = table.setdefault(str(side), {"played": 0, "won": 0})
            row["played"] = int(row.get("played", 0)) + 1
            row["won"] = int(row.get("won", 0)) + (1 if seat in outcome.winners else 0)
    title = outcome.details.get("title")
    if title and outcome.winners:  # the winner takes the game's title (Finale: a cup tie)
        bucket["title_holder"] = f"{title} ({seats[outcome.winners[0]].name})"
    human_scores = [outcome.scores[i] for i in humans if i < len(outcome.scores)]
    if human_scores:
        higher = game_info(game_id).better == "higher"
        best = max(human_scores) if higher else min(human_scores)
        old = bucket["best_score"]
        if old is None or (best > old if higher else best < old):
            bucket["best_score"] = best
    write_atomic(path, dump_yaml(stats))
    return stats
