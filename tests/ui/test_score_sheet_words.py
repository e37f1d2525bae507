"""The score sheet opened during a round names the one who went out as he is called: "Round
2: David went out first." (it said "david")."""
from __future__ import annotations

from game.finita.view import ROUND_OVER, TURN
from scenes.finita.sheet import headline


def sheet_view(phase, winner):
    return {"names": ["Anna", "David"], "phase": phase, "target": 500, "totals": [12, 30],
            "history": [{"round": 2, "winner": winner}]}


def test_a_name_keeps_its_capital_on_the_sheet_opened_during_a_round():
    words = headline(sheet_view(TURN, 1))
    assert words.startswith("Round 2: David went out first.")
    assert "david" not in words


def test_a_round_without_a_winner_reads_as_a_sentence_either_way():
    assert headline(sheet_view(TURN, None)).startswith("Round 2: the round stopped")
    assert headline(sheet_view(ROUND_OVER, 1)).startswith("David went out first.")
