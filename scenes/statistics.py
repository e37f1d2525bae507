"""Statistics per game and level; practice games apart."""
from __future__ import annotations

from game.core.registry import game_ids, game_info
from game.core.stats import load_stats
from scenes import widgets as ui
from scenes.listscreen import ListScreen


class StatisticsScene(ListScreen):
    title = "Statistics"
    empty_text = "No finished games yet."

    def __init__(self, app) -> None:
        super().__init__(app)
        stats, problem = load_stats()
        if problem:
            app.toast(f"{problem} Starting fresh statistics.", 5, "warn")
        games = stats.get("games", {})
        for gid in game_ids():
            info = game_info(gid)
            for category, bucket in sorted((games.get(gid) or {}).items()):
                if not isinstance(bucket, dict):
                    continue
                played = int(bucket.get("played", 0))
                won = int(bucket.get("won", 0))
                rate = f"{round(100 * won / played)} %" if played else "-"
                label = category
                for spec in info.options:
                    if spec.id == "level":
                        label = category.replace(category.split("/")[-1],
                                                 spec.label_of(category.split("/")[-1]))
                best = bucket.get("best_score")
                detail = (f"played {played}, won {won} ({rate}), streak {bucket.get('streak', 0)}, "
                          f"best streak {bucket.get('best_streak', 0)}"
                          + (f", {info.best_label} {best}" if best is not None else "")
                          + (f", hints {bucket.get('hints')}" if bucket.get("hints") else ""))
                self.rows.append({"title": f"{info.title} - {label}", "detail": detail,
                                  "colour": ui.DIM if category.startswith("practice") else ui.INK})
