"""Statistics per game and level; practice games apart."""
from __future__ import annotations

from game.core.fileio import one_line
from game.core.registry import game_ids, game_info
from game.core.stats import APART, load_stats
from game.core.text import score_text
from scenes import widgets as ui
from scenes.listscreen import ListScreen


APART_WORDS = {"practice": " (practice)", "computer": " (played by the computer)"}
#: Names read from the file (sides, a title's holder, levels) are data a hand may have edited: cut
#: so, a row stays a line a person can read and the screen draws at once (a 20,000-letter
#: name froze the window for minutes while its line was fitted).
NAME_CHARS = 40
DETAIL_CHARS = 300


def side_words(bucket: dict, title_label: str) -> str:
    """Results per side and who holds the title, for a game whose seats play as sides (Finale's
    teams and its cup holder: the label comes from the game's data file)."""
    sides = bucket.get("sides")
    words = ""
    if isinstance(sides, dict) and sides:
        words = "; " + ", ".join(
            f"{one_line(name, NAME_CHARS)} won {row.get('won', 0)} of {row.get('played', 0)}"
            for name, row in sorted(sides.items()) if isinstance(row, dict))
    if bucket.get("title_holder"):
        words += f"; {title_label} {one_line(bucket['title_holder'], NAME_CHARS)}"
    return words


class StatisticsScene(ListScreen):
    title = "Statistics"
    empty_text = "No finished games yet."

    def __init__(self, app) -> None:
        super().__init__(app)
        stats, problem = load_stats()
        if problem:
            app.toast(problem, 6, "warn")  # load_stats says what it did (backup, fresh start)
        games = stats.get("games", {})
        for gid in game_ids():
            info = game_info(gid)
            for category, bucket in sorted((games.get(gid) or {}).items()):
                if not isinstance(bucket, dict):
                    continue
                played = int(bucket.get("played", 0))
                won = int(bucket.get("won", 0))
                rate = f"{round(100 * won / played)} %" if played else "-"
                kind, _, level = category.rpartition("/")
                label = level
                for spec in info.options:
                    if spec.id == "level":
                        label = spec.label_of(level)
                label = one_line(label, NAME_CHARS)
                if label == "all":
                    label = "all games"
                label += APART_WORDS.get(kind, f" ({one_line(kind, NAME_CHARS)})" if kind else "")
                best = bucket.get("best_score")
                detail = (f"played {played}, won {won} ({rate}), streak {bucket.get('streak', 0)}, "
                          f"best streak {bucket.get('best_streak', 0)}"
                          + (f", {info.best_label} {score_text(best)}" if best is not None else "")
                          + (f", hints {bucket.get('hints')}" if bucket.get("hints") else "")
                          + side_words(bucket, info.title_label))
                self.rows.append({"title": f"{info.title} - {label}",
                                  "detail": one_line(detail, DETAIL_CHARS),
                                  "colour": ui.DIM if kind in APART else ui.INK})
