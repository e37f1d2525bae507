"""Finale's data file: two teams of 30 player cards, 30 tactics cards, the die and the symbols,
checked on load; every broken value is refused with the file, the key and the reason."""
from __future__ import annotations

import copy
from collections import Counter
from pathlib import Path
from typing import Any, Callable

import pytest
import yaml

import game.finale
from game.core.registry import DataError, game_ids, game_info, playable_ids
from game.core.text import sentence_problem
from game.finale.data import (ANY, COLOURS, DEFENCE, FIELD_LINES, GOALIE, MIDFIELD, POSITIONS,
                              STRIKER, SYMBOLS, accepts, finale_data, parse_data)

SHIPPED = Path(__file__).resolve().parents[2] / "assets" / "data" / "finale.yaml"

# The tactics of DECISIONS.md: (German title or None, our English name, strength) per colour.
DECIDED = {
    "white": [("Schlusskarte", "Conclusion card", 1), ("Elfmeter", "Penalty kick", 1),
              ("Eckball", "Corner kick", 2), ("Flanke", "Cross", 2),
              ("Kontrolliertes Spiel", "Controlled play", 3),
              ("Offener Schlagabtausch", "Open exchange", 4)],
    "lilac": [(None, "Cheating with offside", 1), ("Alleingang", "Single-handed attempt", 2),
              ("Einwurf", "Throw-in", 2), ("Vorsichtiger Spielaufbau", "Careful build-up", 3),
              ("Brechstange", "Crowbar", 4), ("Alles oder Nichts", "All or nothing", 5)],
    "red": [("Rueckpass erlaufen", "Chase the back pass", 1), ("Schwalbe", "Dive", 2),
            ("Steilpass", "Through ball", 2), ("Fore-Checking", "Fore-Checking", 3),
            ("Sturmlauf", "Storming run", 4), ("Powerplay", "Powerplay", 5)],
    "yellow": [("Abschlag", "Goal kick", 1), ("Befreiungsschlag", "Clearance", 2),
               ("Konter", "Counter", 2), ("Abseits", "Offside", 3),
               ("Betonmauer", "Concrete wall", 4), ("Kick'n Rush", "Kick'n Rush", 5)],
    "blue": [("Freistoss", "Free kick", 1), ("Doppelpass", "One-two", 2),
             ("Fernschuss", "Long shot", 2), ("Kampf um jeden Meter", "Fight for every metre", 3),
             ("Kurzpassspiel", "Short passing", 4), ("Pressing", "Pressing", 5)],
}
BENCHES = {"stollen": ["Bernd Schranke", "Paul Walze", "Ali Balla", "Simon Joker"],
           "acker": ["Hans Greifhin", "Erwin Pfosten", "Wladimir Ballnich", "Tim Talent"]}


def raw() -> dict[str, Any]:
    """The shipped file as plain data, read afresh with yaml.safe_load."""
    return yaml.safe_load(SHIPPED.read_text(encoding="utf-8"))


# -- the shipped file -------------------------------------------------------------------------

def test_the_shipped_file_holds_two_teams_of_30_and_30_tactics_cards():
    data = finale_data()
    assert [(t.id, t.name, t.colour) for t in data.teams] == [
        ("stollen", "SV Stollen", "red"), ("acker", "FC Acker", "blue")]
    for team in data.teams:
        assert len(team.players) == 30
        assert Counter(p.position for p in team.players) == {
            GOALIE: 3, DEFENCE: 9, MIDFIELD: 9, STRIKER: 9}
        for p in team.players:
            assert len(p.edges) == 4 and all(1 <= e <= 5 for e in p.edges), p.name
            assert 1 <= p.value <= 10 and len(p.symbols) <= 2 and set(p.symbols) <= set(SYMBOLS)
            assert p.team == team.id
    ids = [p.id for t in data.teams for p in t.players]
    assert len(ids) == len(set(ids)) == 60
    assert len(data.tactics) == 30 and len({c.id for c in data.tactics}) == 30
    assert Counter(c.colour for c in data.tactics) == {c: 6 for c in COLOURS}
    assert data.die_faces == (0, 1, 2, 3, 4, 5)
    assert data.symbol_faces == {"red_cross": (2,), "yellow_card": (0, 1), "red_card": (3,)}
    squad = data.squad
    assert (squad.size, squad.field, squad.max_value, squad.min_goalies) == (15, 11, 50, 2)
    assert (data.deck_size, data.hand, data.first_game_colours) == (12, 3, ("white", "lilac"))
    assert finale_data() is data  # read once


def test_the_tactics_are_the_six_of_each_colour_that_decisions_md_lists():
    data = finale_data()
    for colour, cards in DECIDED.items():
        assert [(c.german, c.name, c.strength) for c in data.of_colour(colour)] == cards
    final = data.schlusskarte
    assert (final.id, final.colour, final.strength, final.final) == ("schlusskarte", "white", 1, True)
    assert sum(c.final for c in data.tactics) == 1
    first_deck = [c for c in data.tactics if c.colour in data.first_game_colours]
    assert len(first_deck) == data.deck_size and final in first_deck
    for card in data.tactics:
        assert sentence_problem(card.text) is None, card.id


def test_the_first_game_squads_are_15_cards_worth_exactly_50_with_the_rulebook_bench():
    data = finale_data()
    for team in data.teams:
        squad = team.first_game_squad()
        assert len(squad) == 15 and sum(p.value for p in squad) == 50
        assert sum(p.position == GOALIE for p in squad) >= 2
        assert [data.player(pid).name for pid in team.first_game_bench] == BENCHES[team.id]
        eleven = team.first_game_eleven()
        assert len(eleven) == 11 and sum(p.position == GOALIE for p in eleven) == 1
    # the line-ups of the rulebook's example: SV Stollen 3-4-3, FC Acker 4-4-2
    shapes = {t.id: Counter(p.position for p in t.first_game_eleven()) for t in data.teams}
    assert shapes["stollen"] == {GOALIE: 1, DEFENCE: 3, MIDFIELD: 4, STRIKER: 3}
    assert shapes["acker"] == {GOALIE: 1, DEFENCE: 4, MIDFIELD: 4, STRIKER: 2}


def test_sven_abseits_is_a_stollen_striker_with_a_red_cross_and_a_yellow_card():
    sven = finale_data().player("sven-abseits")
    assert (sven.name, sven.team, sven.position) == ("Sven Abseits", "stollen", STRIKER)
    assert set(sven.symbols) == {"red_cross", "yellow_card"}


def test_a_card_shows_its_edges_in_turning_order_top_right_bottom_left():
    talent = finale_data().player("tim-talent")
    assert talent.edges == (2, 3, 4, 5)  # printed top 2, right 3, bottom 4, left 5
    assert [talent.strength(turns) for turns in range(6)] == [2, 3, 4, 5, 2, 3]


def test_every_arrow_binds_an_existing_set_up_slot_to_a_result_slot_of_its_line():
    for card in finale_data().tactics:
        for arrow in card.arrows:
            start = card.setup.side(arrow.side)[arrow.setup]
            end = card.result.side(arrow.side)[arrow.result]
            assert accepts(end, start), (card.id, arrow)
        assert card.result.attack and card.result.defend, card.id
    assert accepts(ANY, DEFENCE) and not accepts(ANY, GOALIE) and not accepts(STRIKER, MIDFIELD)


def test_each_coloured_card_leans_on_its_colours_line():
    data = finale_data()
    for card in data.tactics:
        line = data.line_of(card.colour)
        if line is None:
            continue
        slots = Counter(s for s in card.setup.attack + card.result.attack if s in POSITIONS)
        assert all(slots[line] > n for s, n in slots.items() if s != line), (card.id, slots)
    assert {data.line_of(c): c for c in ("red", "yellow", "blue")} == {
        STRIKER: "red", DEFENCE: "yellow", MIDFIELD: "blue"}
    assert set(FIELD_LINES) == {STRIKER, DEFENCE, MIDFIELD}


def test_every_value_follows_the_pricing_the_data_file_describes():
    risk = {"red_cross": 1, "yellow_card": 1, "red_card": 2}
    for team in finale_data().teams:
        for p in team.players:
            price = max(1, (sum(p.edges) - 6 - sum(risk[s] for s in p.symbols)) // 2)
            assert p.value == price, p.name


def test_no_player_card_is_worse_than_another_of_its_position_and_value_on_every_count():
    for team in finale_data().teams:
        for a in team.players:
            for b in team.players:
                if a is b or (a.position, a.value) != (b.position, b.value):
                    continue
                weaker = all(x <= y for x, y in zip(a.edges, b.edges)) and set(a.symbols) >= set(b.symbols)
                same = (a.edges, set(a.symbols)) == (b.edges, set(b.symbols))
                assert not weaker or same, (a.name, b.name)


def test_the_game_is_registered_with_its_engine_and_stays_coming_until_its_table():
    """The `game:` section came with the engine (ENGINE): the conformance suite and `finis
    simulate` know Finale. The menu offers it only once its table exists."""
    assert hasattr(game.finale, "ENGINE") and "finale" in game_ids()
    has_table = (Path(__file__).resolve().parents[2] / "scenes" / "finale" / "table.py").exists()
    assert game_info("finale").coming is (not has_table)
    assert ("finale" in playable_ids()) is has_table


# -- hostile edits ----------------------------------------------------------------------------

def _player_index(data: dict[str, Any], pid: str) -> tuple[int, int]:
    for t, team in enumerate(data["teams"]):
        for i, p in enumerate(team["players"]):
            if p["id"] == pid:
                return t, i
    raise KeyError(pid)


def _tactic_index(data: dict[str, Any], tid: str) -> int:
    return next(i for i, c in enumerate(data["tactics"]) if c["id"] == tid)


def _player(data: dict[str, Any], pid: str) -> dict[str, Any]:
    t, i = _player_index(data, pid)
    return data["teams"][t]["players"][i]


def _tactic(data: dict[str, Any], tid: str) -> dict[str, Any]:
    return data["tactics"][_tactic_index(data, tid)]


def _at(data: dict[str, Any], pid: str, key: str) -> str:
    t, i = _player_index(data, pid)
    return f"teams[{t}].players[{i}].{key}"


def _tc(data: dict[str, Any], tid: str, key: str) -> str:
    return f"tactics[{_tactic_index(data, tid)}]{key}"


def drop_a_defender(d):
    d["teams"][0]["players"].remove(_player(d, "rolf-kante"))
    return "teams[0].players", "has 8 defence cards"


def strength_six(d):
    _player(d, "kai-fangmann")["edges"]["right"] = 6
    return _at(d, "kai-fangmann", "edges.right"), "between 1 and 5, not 6"


def edge_missing(d):
    del _player(d, "tim-talent")["edges"]["left"]
    return _at(d, "tim-talent", "edges.left"), "is missing"


def unknown_symbol(d):
    _player(d, "sven-abseits")["symbols"][1] = "green_card"
    return _at(d, "sven-abseits", "symbols[1]"), "'green_card' is not a symbol"


def three_symbols(d):
    _player(d, "sven-abseits")["symbols"].append("red_card")
    return _at(d, "sven-abseits", "symbols"), "at most 2"


def misspelt_key(d):
    player = _player(d, "sven-abseits")
    player["symbol"] = player.pop("symbols")
    return _at(d, "sven-abseits", "symbol"), "is not a known key"


def unknown_position(d):
    _player(d, "willi-egge")["position"] = "sweeper"
    return _at(d, "willi-egge", "position"), "not 'sweeper'"


def duplicate_player_id(d):
    _player(d, "gerd-faustmann")["id"] = "kai-fangmann"
    return _at(d, "kai-fangmann", "id").replace("teams[0]", "teams[1]"), "is used twice"


def squad_worth_51(d):
    _player(d, "jens-blocker")["value"] += 1
    return "teams[0].players", "worth 51: it must be worth exactly 50"


def squad_of_14(d):
    del _player(d, "willi-egge")["first_game"]
    return "teams[1].players", "14 cards carry the first-game mark"


def too_few_goalies(d):
    d["squad"]["min_goalies"] = 3
    return "teams[0].players", "has 2 goalies: it needs at least 3"


def bench_outsider(d):
    d["teams"][0]["first_game_bench"][0] = "olaf-hechter"
    return "teams[0].first_game_bench[0]", "not in this team's first-game squad"


def bench_without_goalie(d):
    d["teams"][1]["first_game_bench"][1] = "gerd-faustmann"  # both goalies on the bench
    return "teams[1].first_game_bench", "leaves 0 goalies on the field"


def value_zero(d):
    _player(d, "rolf-kante")["value"] = 0
    return _at(d, "rolf-kante", "value"), "between 1 and 10, not 0"


def arrow_to_missing_slot(d):
    _tactic(d, "flanke")["arrows"][0]["result"] = 2  # the result has two attacking slots
    return _tc(d, "flanke", ".arrows[0].result"), "points to result slot 2"


def arrow_from_missing_slot(d):
    _tactic(d, "alleingang")["arrows"][0]["setup"] = 1
    return _tc(d, "alleingang", ".arrows[0].setup"), "points from set-up slot 1"


def arrow_changing_line(d):
    _tactic(d, "brechstange")["arrows"][0]["result"] = 1  # striker into a midfield slot
    return _tc(d, "brechstange", ".arrows[0]"), "joins a striker slot to a midfield slot"


def arrow_on_no_side(d):
    _tactic(d, "flanke")["arrows"][0]["side"] = "left"
    return _tc(d, "flanke", ".arrows[0].side"), "must be attack or defend"


def two_arrows_one_slot(d):
    _tactic(d, "powerplay")["arrows"][1]["setup"] = 0
    return _tc(d, "powerplay", ".arrows"), "two arrows share a setup slot"


def goalie_twice_without_arrow(d):
    _tactic(d, "rueckpass-erlaufen")["arrows"].pop(1)
    return _tc(d, "rueckpass-erlaufen", ".arrows"), "defend goalie is in both areas without an arrow"


def unknown_slot(d):
    _tactic(d, "eckball")["result"]["attack"][1] = "keeper"
    return _tc(d, "eckball", ".result.attack[1]"), "'keeper' is not a slot type"


def two_goalie_slots(d):
    _tactic(d, "eckball")["result"]["defend"][1] = "goalie"
    return _tc(d, "eckball", ".result.defend"), "two goalie slots"


def one_sided_area(d):
    _tactic(d, "schlusskarte")["setup"]["attack"] = []
    return _tc(d, "schlusskarte", ".setup"), "slots on one side only"


def duplicate_tactic_id(d):
    _tactic(d, "elfmeter")["id"] = "schlusskarte"
    return "tactics[1].id", "'schlusskarte' is used twice"


def seven_white(d):
    _tactic(d, "alleingang")["colour"] = "white"
    return "tactics", "white has 7 cards"


def no_schlusskarte(d):
    _tactic(d, "schlusskarte")["final"] = False
    return "tactics", "0 cards are final"


def strength_six_tactic(d):
    _tactic(d, "pressing")["strength"] = 6
    return _tc(d, "pressing", ".strength"), "between 1 and 5, not 6"


def text_not_a_sentence(d):
    _tactic(d, "konter")["text"] = "the defence wins the ball"
    return _tc(d, "konter", ".text"), "capital letter"


def text_cut_at_a_comma(d):
    _tactic(d, "konter")["text"] = "The defence wins the ball"
    return _tc(d, "konter", ".text"), "whole sentence"


def die_face_in_words(d):
    d["die"]["faces"][5] = "five"
    return "die.faces[5]", "not 'five'"


def symbol_off_the_die(d):
    d["symbols"]["red_card"]["faces"] = [6]
    return "symbols.red_card.faces[0]", "6 is not a face of the die"


def symbols_sharing_a_face(d):
    d["symbols"]["red_card"]["faces"] = [2]
    return "symbols.red_card.faces[0]", "2 already sets off red_cross"


def a_third_team(d):
    d["teams"].append(copy.deepcopy(d["teams"][1]))
    return "teams", "must list 2 teams, not 3"


def first_deck_too_small(d):
    d["deck"]["first_game"] = ["white"]
    return "deck.first_game", "must make a deck of 12 cards"


HOSTILE: list[Callable[[dict[str, Any]], tuple[str, str]]] = [
    drop_a_defender, strength_six, edge_missing, unknown_symbol, three_symbols, misspelt_key, unknown_position,
    duplicate_player_id, squad_worth_51, squad_of_14, too_few_goalies, bench_outsider,
    bench_without_goalie, value_zero, arrow_to_missing_slot, arrow_from_missing_slot,
    arrow_changing_line, arrow_on_no_side, two_arrows_one_slot, goalie_twice_without_arrow,
    unknown_slot, two_goalie_slots, one_sided_area, duplicate_tactic_id, seven_white, no_schlusskarte,
    strength_six_tactic, text_not_a_sentence, text_cut_at_a_comma, die_face_in_words,
    symbol_off_the_die, symbols_sharing_a_face, a_third_team, first_deck_too_small,
]


@pytest.mark.parametrize("edit", HOSTILE, ids=[e.__name__ for e in HOSTILE])
def test_a_broken_value_is_refused_with_file_key_and_reason(edit):
    data = raw()
    parse_data(copy.deepcopy(data))  # the file as shipped passes
    key, words = edit(data)
    with pytest.raises(DataError) as caught:
        parse_data(data)
    error = caught.value
    assert (error.file, error.key) == ("finale.yaml", key), str(error)
    assert words in error.reason, error.reason
    assert str(error) == f"finale.yaml: {key}: {error.reason}"


def test_an_unquoted_question_mark_slot_is_refused_not_misread():
    shipped = SHIPPED.read_text(encoding="utf-8")
    head, card = shipped.split("- id: offside-trick\n")
    quoted = 'result: {attack: ["?"], defend: [goalie]}'
    assert card.index(quoted) < card.index("- id:")  # the line is the offside trick's own
    text = head + "- id: offside-trick\n" + card.replace(quoted, "result: {attack: [?], defend: [goalie]}", 1)
    with pytest.raises(DataError) as caught:
        parse_data(yaml.safe_load(text))  # YAML reads a bare ? as a mapping, not the text "?"
    assert caught.value.key == f"tactics[{_tactic_index(raw(), 'offside-trick')}].result.attack[0]"
    assert "is not a slot type" in caught.value.reason


def test_a_file_that_is_not_a_mapping_is_refused():
    with pytest.raises(DataError) as caught:
        parse_data(["teams"])
    assert (caught.value.file, caught.value.key) == ("finale.yaml", "(top)")


def test_no_tactics_card_is_worse_than_another_of_its_strength_on_every_count():
    """A card is worse than another of the same strength when the other gives its attacker
    every slot it gives and more (in both areas), its defender no slot more, and no arrow that
    costs the attacker more: then nobody would ever choose it."""
    def within(small: tuple[str, ...], big: tuple[str, ...]) -> bool:
        return not Counter(small) - Counter(big)

    def worse(a: Any, b: Any) -> bool:
        if a.setup.empty != b.setup.empty:
            return False
        areas = all(within(x.attack, y.attack) and within(y.defend, x.defend)
                    for x, y in ((a.setup, b.setup), (a.result, b.result)))
        arrows = ({(w.setup, w.result) for w in b.arrows if w.side == "attack"}
                  <= {(w.setup, w.result) for w in a.arrows if w.side == "attack"})
        return areas and arrows

    cards = [c for c in finale_data().tactics if not c.final]
    for a in cards:
        for b in cards:
            if a is not b and a.strength == b.strength:
                same = (a.setup, a.result, a.arrows) == (b.setup, b.result, b.arrows)
                assert not worse(a, b) or same, (a.id, b.id)
