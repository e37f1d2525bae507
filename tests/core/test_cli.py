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
