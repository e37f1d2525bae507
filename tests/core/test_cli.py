"""The headless verbs of the finis command, run as a person would run them."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from game.core import Seat, Setup
from game.core.saves import write_save
from game.core.session import Match

ROOT = Path(__file__).resolve().parents[2]


def finis(*args: str, env=None):
    return subprocess.run([sys.executable, "-m", "scenes", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, env=env)


def test_version():
    out = finis("--version")
    assert out.returncode == 0 and out.stdout.startswith("finis ")


def test_simulate_prints_one_json_line_with_results():
    out = finis("simulate", "finito", "--games", "3", "--seed", "4",
                "--seats", "computer:good,computer:simple,computer")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert data["game"] == "finito" and data["games"] == 3
    assert data["seconds"] > 0 and data["games_per_second"] > 0
    assert sum(data["results"]["wins"]) >= 3  # a shared win counts for each winner
    assert len(data["results"]["mean_scores"]) == 3
    again = json.loads(finis("simulate", "finito", "--games", "3", "--seed", "4",
                             "--seats", "computer:good,computer:simple,computer").stdout)
    assert again["results"] == data["results"], "the same seed must give the same games"


def test_simulate_each_level_and_bad_input():
    out = finis("simulate", "finished", "--games", "2", "--each", "level")
    assert out.returncode == 0, out.stderr
    levels = [json.loads(line)["options"]["level"] for line in out.stdout.strip().splitlines()]
    assert levels == ["very-easy", "easy", "regular", "difficult"]
    bad = finis("simulate", "chess", "--games", "2")
    assert bad.returncode == 2 and "no game called" in bad.stderr
    bad = finis("simulate", "finished", "--option", "level=impossible")
    assert bad.returncode == 2 and "level" in bad.stderr


def test_inspect_replays_a_save_and_names_the_problem_of_a_broken_one(tmp_path):
    match = Match.start("finished", Setup(9), None, [Seat("You")])
    match.act(match.engine.legal_actions(match.state, 0)[-1])
    path = write_save(match, tmp_path)
    out = finis("inspect", str(path))
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["game"] == "finished" and data["actions"] == 1
    assert data["digest"] == match.digest() and "state" in data
    text = path.read_text().replace("actions:\n- ", "actions:\n- 0 teleport 3\n- ")
    broken = tmp_path / "broken.yaml"
    broken.write_text(text)
    out = finis("inspect", str(broken))
    assert out.returncode == 2
    line = out.stderr.strip()
    assert len(line.splitlines()) == 1
    assert "broken.yaml" in line and "action 1" in line and "teleport" in line


def flag_match(seats, actions=6, seed=987654321):
    """A Flag Finish game of `actions` random moves (the seed gives one with a discard taken)."""
    from game.core.players import RandomPlayer
    from game.core.rng import Rng
    match = Match.start("flag-finish", Setup(seed), None, seats)
    rng = Rng(3)
    for _ in range(actions):
        seat = match.engine.to_act(match.state)[0]
        match.act(RandomPlayer().choose({}, match.engine.legal_actions(match.state, seat), rng))
    return match


def names_a_card(text: str, card: str) -> bool:
    import re
    return re.search(rf"(?<![\w-]){re.escape(card)}(?![\w-])", text) is not None


def test_inspect_hides_the_hands_of_a_game_several_people_are_playing(tmp_path, capsys):
    from scenes import main as cli
    match = flag_match([Seat("Ann"), Seat("Bob")])
    taken = [s.action.card for s in match.steps if s.action.kind == "take_discard"]
    assert taken, "the game must have a card taken from the discard into a hand"
    path = write_save(match, tmp_path)
    assert cli.main(["inspect", str(path)]) == 0
    out, err = capsys.readouterr()
    hidden = [card for hand in match.state.hands for card in hand] + list(match.state.draw)
    assert hidden and not [c for c in hidden if names_a_card(out + err, c)], "a hidden card was printed"
    assert "987654321" not in out + err and "seed" not in out, "the deal number rebuilds every hand"
    assert len(err.strip().splitlines()) == 1 and "hidden until the game ends" in err
    data = json.loads(out)
    assert data["hidden"] and data["actions"] == 6 and len(data["moves"]) == 6
    assert data["view"] == json.loads(json.dumps(match.engine.view(match.state, None), default=str))
    assert "state" not in data and "digest" not in data
    # public moves stay readable: a discard is a face-up card
    discards = [s.action.card for s in match.steps if s.action.kind == "discard"]
    assert any(names_a_card(" ".join(data["moves"]), c) for c in discards if c in match.state.discard)

    assert cli.main(["inspect", "--reveal", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and "--reveal is refused" in err
    assert not [c for c in hidden if names_a_card(err, c)]


def test_inspect_prints_everything_for_one_person_or_a_game_that_is_over(tmp_path, capsys):
    from scenes import main as cli
    solo = flag_match([Seat("Ann"), Seat("Computer", "computer")])
    path = write_save(solo, tmp_path)
    for argv in (["inspect", str(path)], ["inspect", "--reveal", str(path)]):
        assert cli.main(argv) == 0
        out, err = capsys.readouterr()
        data = json.loads(out)
        assert err == "" and "state" in data and data["digest"] == solo.digest()
        assert names_a_card(out, solo.state.hands[1][0])
    from game.core.players import make_player
    from game.core.rng import Rng
    over = Match.start("flag-finish", Setup(4), {"races": 1}, [Seat("Ann"), Seat("Bob")])
    player, rng = make_player("flag-finish", ""), Rng(2)
    while over.outcome() is None:
        seat = over.engine.to_act(over.state)[0]
        over.act(player.choose(over.engine.view(over.state, seat),
                               over.engine.legal_actions(over.state, seat), rng))
    path = write_save(over, tmp_path)
    assert cli.main(["inspect", "--reveal", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == "" and "state" in json.loads(out) and json.loads(out)["outcome"]
