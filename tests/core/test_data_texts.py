"""Texts in the data files are whole sentences; a text cut short by flow-style YAML is refused
at load with the file, the key and the reason."""
from __future__ import annotations

import pytest
import yaml

from game.core.registry import DataError, check_texts, game_ids, game_info, load_data, parse_game_info
from game.core.text import sentence_problem
from game.finished.data import card_data, parse_card_data
from game.finito.data import finito_data
from game.finito.data import parse_data as parse_finito
from game.flag_finish.data import flag_data
from game.flag_finish.data import parse_data as parse_flag

# The shape of the help text as it was shipped: unquoted, in a flow-style mapping.
CUT_OPTION = """
game:
  id: demo
  title: Demo
  engine: game.demo
  seats: {min: 2, max: 2}
  options:
    - {id: target, label: Target score, type: int, default: 30, min: 5, max: 200,
       help: With repeat rounds on, the game ends after the round in which someone wins.}
"""


def test_a_help_text_cut_at_a_comma_is_refused_with_file_key_and_reason():
    data = yaml.safe_load(CUT_OPTION)
    assert data["game"]["options"][0]["help"] == "With repeat rounds on"  # what YAML made of it
    with pytest.raises(DataError) as caught:
        parse_game_info(data, "demo.yaml")
    error = caught.value
    assert (error.file, error.key) == ("demo.yaml", "game.options[0].help")
    assert "whole sentence" in error.reason and "quotes" in error.reason
    assert str(error).startswith("demo.yaml: game.options[0].help: ")


def test_the_rest_of_a_cut_text_is_refused_even_when_the_first_part_looks_whole():
    data = yaml.safe_load("""
game:
  id: demo
  title: Demo
  engine: game.demo
  seats: {min: 1, max: 1}
  tagline: Sort the cards.
  options:
    - {id: level, label: Level, type: bool, default: false,
       help: Play more rounds (the default is one), then stop early.}
""")
    with pytest.raises(DataError) as caught:
        parse_game_info(data, "demo.yaml")
    assert caught.value.key == "game.options[0]"
    assert data["game"]["options"][0]["help"] == "Play more rounds (the default is one)"
    assert '"then stop early."' in caught.value.reason and "cut at a comma" in caught.value.reason


def test_the_old_flow_style_action_text_is_refused_by_the_finished_loader():
    old = yaml.safe_load("""
- {id: into_past, name: Cards into the Past, cost: 1, uses: 1,
   text: Send two Present cards of your choice, in your order, to the end of the Past,
     then draw two cards; 00:48 sent costs a coffee.}
""")
    data = load_data("finished")
    data["actions"][6] = old[0]
    with pytest.raises(DataError) as caught:
        parse_card_data(data)
    assert (caught.value.file, caught.value.key) == ("finished.yaml", "actions[6].text")
    assert "your choice" in caught.value.reason


@pytest.mark.parametrize("path, key, text, words", [
    (("decisions", 0), "decisions[0]", "the pile is shuffled.", "capital letter"),
    (("decisions", 1), "decisions[1]", "Every draw comes with a discard", "whole sentence"),
    (("game", "options", 1, "help"), "game.options[1].help", "Races in a match (a tie adds.",
     "brackets"),
    (("game", "tagline"), "game.tagline", "", "is empty"),
])
def test_flag_finish_and_finito_loaders_refuse_broken_sentences(path, key, text, words):
    for name, parse in (("flag-finish", parse_flag), ("finito", parse_finito)):
        data = load_data(name)
        place = data
        for step in path[:-1]:
            place = place[step]
        place[path[-1]] = text
        with pytest.raises(DataError) as caught:
            parse(data)
        assert caught.value.file == f"{name}.yaml"
        assert caught.value.key == key
        assert words in caught.value.reason


def test_every_shipped_text_is_a_whole_sentence():
    for gid in game_ids():
        info = game_info(gid)
        assert sentence_problem(info.tagline) is None
        for option in info.options:
            assert option.help and sentence_problem(option.help) is None, (gid, option.id)
    for name in ("finished", "finito", "flag-finish"):
        check_texts(load_data(name), f"{name}.yaml")  # raises on the first bad text
    for action in card_data().actions.values():
        assert sentence_problem(action.text) is None, action.id
    assert card_data().rules_notes and finito_data().decisions and flag_data()


def test_the_texts_once_cut_are_whole_now():
    actions = card_data().actions
    assert actions["into_past"].text == ("Send two Present cards of your choice, in your order, "
                                         "to the end of the Past, then draw two cards; 00:48 sent "
                                         "costs a coffee.")
    assert actions["exchange"].text.startswith("Draw one card, then put any one Present card")
    assert actions["exchange"].text.endswith("(00:48 put there costs no coffee).")
    assert actions["all_future"].text.endswith("the area comes back as the Present at the end "
                                               "of the turn.")
    assert actions["remove_sweets"].text.endswith(", so those actions can be used again.")
    assert actions["draw_thrice"].text.endswith("up to three times, one sweet each.")
    assert actions["draw_one"].text == "Draw one card into the Present."
    target = game_info("finito").option("target").help
    assert target == ("With repeat rounds on, the game ends after the round in which someone "
                      "reaches this score.")
    for name in ("finished", "finito", "flag-finish"):  # no stray keys left anywhere
        raw = load_data(name)
        for section in (raw.get("actions") or []) + raw["game"].get("options", []):
            assert all(value is not None for value in section.values()), section


@pytest.mark.parametrize("text", [
    "Draw one card.", "00:48 costs a coffee.", "Who wins?", "Go!",
    "Draw one card, then put it back (00:48 costs no coffee).", "Warm-up (take turns)",
])
def test_whole_sentences_pass(text):
    assert sentence_problem(text) is None
