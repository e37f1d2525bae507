"""What each seat sees, the typed view, times in actions, replays, saves and `finis inspect`."""
import json
import re

import pytest

from game.core import HIDDEN, Rng, Seat, Setup, to_json
from game.core.saves import load_save, write_save
from game.core.session import Match
from game.finita import ENGINE, PLAYERS
from game.finita.view import FinitaView
from tests.core.typed_views import problems
from tests.finita.helpers import assert_hidden, deal, late, refused, run, start


def test_a_seat_sees_its_own_hand_and_only_counts_of_the_rest():
    state = start([["red-7.1", "blue-3.1"], ["blue-7.1"], ["green-0"]], memory=1)
    state = run(state, "0 hide blue-3.1", "1 hide blue-7.1", "2 hide green-0")
    view = ENGINE.view(state, 1)
    assert view["zones"]["hand1"] == state.hands[1]
    assert view["zones"]["hand0"] == [HIDDEN] * 6 and view["zones"]["hand2"] == [HIDDEN] * 6
    assert view["zones"]["draw"] == [HIDDEN] * len(state.draw)
    assert view["zones"]["memory1"] == ["blue-7.1"] and view["zones"]["memory0"] == [HIDDEN]
    assert view["zones"]["discard"] == ["red-5.1"]
    assert view["hand_counts"] == [6, 6, 6] and view["memory_counts"] == [1, 1, 1]
    spectator = ENGINE.view(state, None)
    assert all(c == HIDDEN for z, cs in spectator["zones"].items() if z != "discard" for c in cs)
    assert_hidden(state)
    for viewer in (0, 1, 2, None):
        assert problems(ENGINE.view(state, viewer), FinitaView) == []


def test_the_round_over_view_shows_every_hand_and_memory_card():
    state = start([["red-1.1", "blue-3.1"], ["blue-7.1"], ["green-0"]], memory=1)
    state = run(state, "0 hide blue-3.1", "1 hide blue-7.1", "2 hide green-0")
    state = late(state, ["red-1.1"], list(state.hands[1]), list(state.hands[2]))
    state.memory[0], state.known[0] = [], []  # Ann's memory card went under the pile
    state.draw.insert(0, "blue-3.1")
    state = run(state, "0 play red-1.1")
    assert state.phase == "round over"
    view = ENGINE.view(state, 2)
    assert view["zones"]["hand1"] == state.hands[1] and view["zones"]["memory1"] == ["blue-7.1"]
    assert view["zones"]["draw"] == [HIDDEN] * len(state.draw)
    assert ENGINE.hidden_pieces(state, 2) == set(state.draw)
    assert problems(view, FinitaView) == []


def test_the_views_key_names_stay_those_the_table_uses():
    view = ENGINE.view(start([["red-1.1"], []]), 0)
    assert {"zones", "to_act", "status", "phase", "turn", "colour", "face", "force_text",
            "chain", "demand", "choice", "may_call", "drawn", "throw_until", "clap_until",
            "patrick_chosen", "totals"} <= set(view)
    assert set(view["zones"]) == {"draw", "discard", "hand0", "hand1", "memory0", "memory1",
                                  "compare0", "compare1"}
    assert view["status"] == "Your turn: play red or 5, or draw."


def test_the_view_names_the_cards_that_do_not_fit_on_the_seats_own_ordinary_turn():
    """What stands up in the hand is the rules' answer (issue 26): a strict table lets a card
    that does not fit be laid at a price, and the view says which those are, so no table
    matches cards itself."""
    hands = [["red-7.1", "blue-2.1", "wild.1", "green-5.1"], ["blue-3.1"]]
    for strict in (True, False):
        state = start(hands, strict=strict)
        assert state.hands[0][4:] == ["green-8.1", "yellow-8.1", "green-8.2"]  # the fillers
        assert ENGINE.view(state, 0)["misfits"] == ["blue-2.1", "green-8.1", "yellow-8.1",
                                                    "green-8.2"]
        assert ENGINE.view(state, 1)["misfits"] == []  # not its turn
        assert ENGINE.view(state, None)["misfits"] == []
    state = start(hands, first="red-draw2.1", strict=True)  # a draw runs: answers, not fits
    assert state.chain and ENGINE.view(state, 0)["misfits"] == []


def test_actions_carry_their_time_and_times_never_run_backwards():
    state = run(start([["red-1.1"], ["red-2.1"]]), "0 play red-1.1 500")
    assert state.last_ms == 500 and ENGINE.time_of(state) == 500
    assert refused(state, "1 play red-2.1 400") == "That came too late: the table has moved on."
    text = ENGINE.legal_actions(state, 1)[0].text()
    assert text == "1 play red-2.1 500", "legal actions carry the table's time"
    assert ENGINE.parse_action("1 play red-2.1 900") == ENGINE.parse_action("1 play red-2.1 0"), \
        "the time takes no part in equality"


def _computer_match(options, seats=3, seed=8):
    players = [PLAYERS[s]() for s in ("simple", "good", "random")[:seats]]
    state = ENGINE.new_game(Setup(seed), options, [Seat(f"P{i}", "computer") for i in range(seats)])
    return ENGINE.play_out(state, players, Rng(seed))


def test_a_replay_of_the_same_actions_gives_the_same_state():
    options = {"throws": True, "clap": True, "target": 60}
    final, actions = _computer_match(options)
    assert any(a.kind in ("throw", "clap", "close") for a in actions)
    assert len({a.ms for a in actions}) > 10, "actions carry the referee's clock"
    state = ENGINE.new_game(Setup(8), options, [Seat(f"P{i}", "computer") for i in range(3)])
    for action in actions:
        state, _ = ENGINE.apply(state, ENGINE.parse_action(action.text()))
    assert to_json(ENGINE.snapshot(state)) == to_json(ENGINE.snapshot(final))


def test_a_save_reloads_to_the_same_state(tmp_path):
    match = Match.start("finita", Setup(4), {"throws": True, "clap": True, "memory": 1},
                        [Seat("Ann"), Seat("Cpu", "computer", "simple")])
    player, rng = PLAYERS["simple"](), Rng(1)
    for _ in range(20):
        seat = match.engine.to_act(match.state)[0]
        legal = [a for a in match.engine.legal_actions(match.state, seat) if a.kind != "wait"]
        match.act(player.choose(match.engine.view(match.state, seat), legal, rng))
    loaded = load_save(write_save(match, tmp_path))
    assert loaded.digest() == match.digest()
    assert [s.action.text() for s in loaded.steps] == [s.action.text() for s in match.steps]


def test_a_hand_written_save_replays(tmp_path):
    """The example of docs/save-format.md, with the deal written out."""
    order = deal([["red-7.1", "red-skip.1"], ["red-9.1"]])
    text = "\n".join([
        "format: 1", "game: finita", "id: by-hand",
        f"setup: {{seed: 1, deal: {{cards: [{', '.join(order)}], first: 0}}}}",
        "options: {throws: true}", "seats:", "- {name: Ann, kind: human}",
        "- {name: Bo, kind: human}", "actions:", "- 0 play red-skip.1 0",
        "- 0 play red-7.1 100", "- 0 close 1600", "- 1 draw 2000", ""])
    path = tmp_path / "by-hand.yaml"
    path.write_text(text)
    match = load_save(path)
    assert match.state.discard[-2:] == ["red-skip.1", "red-7.1"]
    assert len(match.state.hands[1]) == 8 and match.state.last_ms == 2000
    early = tmp_path / "early.yaml"
    early.write_text(text.replace("0 close 1600", "0 close 1500"))
    with pytest.raises(Exception, match="stays open until 1600 ms"):
        load_save(early)


def test_finis_inspect_of_a_finita_save(tmp_path, capsys):
    from scenes import main as cli
    match = Match.start("finita", Setup(4), {"throws": True}, [Seat("Ann"), Seat("Bo")])
    player, rng = PLAYERS["simple"](), Rng(1)
    for _ in range(12):
        seat = match.engine.to_act(match.state)[0]
        legal = [a for a in match.engine.legal_actions(match.state, seat) if a.kind != "wait"]
        match.act(player.choose(match.engine.view(match.state, seat), legal, rng))
    path = write_save(match, tmp_path)
    assert cli.main(["inspect", str(path)]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert data["game"] == "finita" and data["actions"] == 12 and "state" not in data
    assert "hidden until the game ends" in err
    hidden = [c for hand in match.state.hands for c in hand] + match.state.draw
    assert hidden and not [c for c in hidden
                           if re.search(rf"(?<![\w.-]){re.escape(c)}(?![\w.-])", out + err)]
    solo = Match.start("finita", Setup(4), {}, [Seat("Ann"), Seat("Cpu", "computer")])
    solo.act(solo.engine.legal_actions(solo.state, solo.engine.to_act(solo.state)[0])[-1])
    path = write_save(solo, tmp_path)
    assert cli.main(["inspect", str(path)]) == 0
    data = json.loads(capsys.readouterr()[0])
    assert data["digest"] == solo.digest() and data["state"]["hands"] == solo.state.hands
