"""Finale saves: a match replays from its seed and actions, a save written by hand as
docs/save-format.md shows loads, and `finis inspect` keeps a hot-seat coach's hand and his
face-down card hidden while the match goes on."""
from __future__ import annotations

import json

from game.core import Seat, Setup
from game.core.saves import load_save, write_save
from game.core.session import Match

from .helpers import refused, start


def test_a_card_is_named_by_its_team_so_the_other_teams_card_is_refused_with_a_reason():
    s = start([["eckball"], ["elfmeter"]])
    assert "not one of your tactics cards" in refused(s, "0 pick acker-eckball")
    assert "not one of your tactics cards" in refused(s, "0 pick eckball")


def test_inspect_hides_the_face_down_card_and_the_hands_of_a_hot_seat_match(tmp_path, capsys):
    from scenes import main as cli
    match = Match.start("finale", Setup(8), None, [Seat("Ann"), Seat("Bo")])
    hand = list(match.state.coaches[0].hand)
    pick = next(a for a in match.engine.legal_actions(match.state, 0) if a.kind == "pick")
    match.act(pick)
    path = write_save(match, tmp_path)
    assert cli.main(["inspect", str(path)]) == 0
    out, err = capsys.readouterr()
    for card in hand:
        assert f"stollen-{card}" not in out + err, f"{card} of Ann's hand was printed"
    data = json.loads(out)
    assert data["moves"] == ["0 pick ?"]


def test_a_save_written_by_hand_loads_and_replays(tmp_path):
    text = """format: 1
game: finale
id: by-hand
setup:
  seed: 4
  deal:
    decks:
    - [offener-schlagabtausch, eckball, flanke, elfmeter, kontrolliertes-spiel, offside-trick, alleingang, einwurf, vorsichtiger-spielaufbau, brechstange, alles-oder-nichts, schlusskarte]
    - [elfmeter, eckball, flanke, offener-schlagabtausch, kontrolliertes-spiel, offside-trick, alleingang, einwurf, vorsichtiger-spielaufbau, brechstange, alles-oder-nichts, schlusskarte]
    dice: [3, 1, 5, 5]
options: {extra_time: true}
seats:
- {name: Ann, kind: human}
- {name: Bo, kind: human}
actions:
- 1 pick acker-elfmeter
- 0 pick stollen-offener-schlagabtausch
"""
    path = tmp_path / "finale-by-hand.yaml"
    path.write_text(text, encoding="utf-8")
    match = load_save(path)
    assert [a.text() for a in match.actions] == ["1 pick acker-elfmeter",
                                                 "0 pick stollen-offener-schlagabtausch"]
    view = match.engine.view(match.state, 0)
    assert (view["attacker"], view["attacks"], view["phase"]) == (0, 3, "mark")
