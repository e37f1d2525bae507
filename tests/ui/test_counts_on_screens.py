"""Counts and scores on the list screens read as people write them: 21, not 21.0; 1 move."""
from __future__ import annotations

from game.core import Seat, Setup
from game.core.fileio import write_atomic
from game.core.safeyaml import dump_yaml
from game.core.session import Match
from game.core.stats import stats_path


def test_statistics_show_a_whole_best_score_without_a_decimal(app):
    from scenes.statistics import StatisticsScene
    write_atomic(stats_path(), dump_yaml({"format": 1, "games": {"finished": {"very-easy": {
        "played": 3, "won": 1, "streak": 0, "best_streak": 1, "best_score": 21.0, "hints": 0}},
        "flag-finish": {"all": {"played": 1, "won": 1, "streak": 1, "best_streak": 1,
                                "best_score": 4.0, "hints": 0}}}}))
    details = [row["detail"] for row in StatisticsScene(app).rows]
    assert any("longest Finished! pile 21," in d or d.endswith("longest Finished! pile 21")
               for d in details), details
    assert any("best score 4" in d for d in details), details
    assert not any(".0" in d for d in details), details


def test_continue_counts_one_move_as_one_move():
    from scenes.resume import progress_text
    match = Match.start("finito", Setup(3), None, [Seat("Ann"), Seat("Ben")])
    seat = match.engine.to_act(match.state)[0]
    match.act(match.engine.legal_actions(match.state, seat)[0])
    assert progress_text(match).startswith("1 move - ")
    match.act(match.engine.legal_actions(match.state, match.engine.to_act(match.state)[0])[0])
    assert progress_text(match).startswith("2 moves - ")
