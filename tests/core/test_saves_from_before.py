"""Saves written by the finis before issue 25 (commit 7a1d22a: one game of each kind, played
by random seats, with digests) still open with every move and the same final state: a rule
read more strictly since (Finita's answer to a demand, who deals the next round) refuses the
move to whoever plays now, never the save a person already has."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.core.paths import saves_dir
from game.core.saves import list_saves, load_save, read_header

FOLDER = Path(__file__).with_name("saves_from_before")


@pytest.mark.parametrize("name", sorted(p.name for p in FOLDER.glob("*.yaml")))
def test_a_save_from_before_opens_with_every_move(name):
    saves_dir().mkdir(parents=True, exist_ok=True)
    path = Path(shutil.copy(FOLDER / name, saves_dir() / name))
    header = read_header(path)
    match = load_save(path)  # replayed, and checked against the digest it was written with
    assert len(match.actions) == header.moves > 100  # each played to 120 moves or its end
    [entry] = list_saves(replay=True, include_over=True)
    assert entry.ok, entry.problem
