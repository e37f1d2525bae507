"""A corpus of hostile and broken save files, generated here (never committed): each is refused
with one short line by load_save, list_saves and `finis inspect`, and nothing else changes
(issue 17)."""
from __future__ import annotations

import os
import signal
import tracemalloc
from pathlib import Path

import pytest
import yaml

from scenes import main as cli
from game.core import Seat, Setup
from game.core.datafiles import read_yaml
from game.core.fileio import MAX_BYTES, FileProblem
from game.core.safeyaml import MAX_DEPTH, dump_yaml
from game.core.paths import saves_dir
from game.core.players import RandomPlayer
from game.core.rng import Rng
from game.core.saves import SAVE_SCALAR, SaveProblem, list_saves, load_save, record_of, write_save
from game.core.session import Match


def good_record() -> dict:
    match = Match.start("finished", Setup(5), None, [Seat("You")])
    rng = Rng(9)
    for _ in range(8):
        legal = match.engine.legal_actions(match.state, 0)
        match.act(RandomPlayer().choose({}, legal, rng))
    return record_of(match)


def edited(**changes) -> bytes:
    data = good_record()
    for key, value in changes.items():
        if value is KeyError:
            data.pop(key, None)
        else:
            data[key] = value
    return dump_yaml(data).encode()


def text_with(old: str, new: str) -> bytes:
    return dump_yaml(good_record()).replace(old, new, 1).encode()


HEAD = b"format: 1\ngame: finished\nsetup: {seed: 1}\nseats: [{name: A}]\n"
BOMB = (b"format: 1\ngame: finished\nsetup: {seed: 1}\nseats: [{name: A}]\noptions:\n"
        b"  a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        + b"".join(b"  %s: &%s [%s]\n" % (bytes([c]), bytes([c]), b", ".join([b"*" + bytes([c - 1])] * 9))
                   for c in range(ord("b"), ord("j")))
        + b"  level: *i\n")


def fifo(path: Path) -> None:
    os.mkfifo(path)


def link_to(target: str):
    def make(path: Path) -> None:
        os.symlink(target, path)
    return make


def folder(path: Path) -> None:
    path.mkdir()


def sparse(size: int):
    def make(path: Path) -> None:
        with open(path, "wb") as handle:
            handle.truncate(size)
    return make


CORPUS = {
    # shape of the YAML itself
    "deep-flow-list": lambda: b"format: 1\nactions: " + b"[" * 30000 + b"]" * 30000 + b"\n",
    "deep-flow-map": lambda: b"format: 1\noptions: " + b"{a: " * 30000 + b"1" + b"}" * 30000 + b"\n",
    "deep-block-list": lambda: b"format: 1\nactions:\n" + b"- " * 30000 + b"x\n",
    "deep-201": lambda: HEAD + b"options: " + b"[" * 201 + b"]" * 201 + b"\n",
    "alias-bomb": lambda: BOMB,
    "one-alias": lambda: HEAD + b"options: &o {level: easy}\nmeta: *o\n",
    "merge-key": lambda: HEAD + b"x: &x {level: easy}\noptions: {<<: *x}\n",
    "undefined-alias": lambda: HEAD + b"options: *nothing\n",
    "too-many-values": lambda: HEAD + b"actions: [" + b"0," * 150_000 + b"0]\n",
    "huge-seed": lambda: HEAD.replace(b"seed: 1", b"seed: " + b"7" * 4300),
    "31-digit-seed": lambda: HEAD.replace(b"seed: 1", b"seed: " + b"1" * 31),
    "huge-format": lambda: b"format: " + b"9" * 5000 + b"\n",
    "huge-hex": lambda: HEAD.replace(b"seed: 1", b"seed: 0x" + b"f" * 40),
    "huge-base-60": lambda: HEAD.replace(b"seed: 1", b"seed: 1" + b":0" * 40),
    "duplicate-actions": lambda: dump_yaml(good_record()).encode() + b"actions: []\n",
    "duplicate-seed": lambda: HEAD.replace(b"seed: 1", b"seed: 1, seed: 2"),
    "duplicate-format": lambda: b"format: 1\n" + HEAD,
    "two-documents": lambda: HEAD + b"---\n" + HEAD,
    "python-tag": lambda: HEAD + b"options: !!python/object/apply:os.system ['true']\n",
    "local-tag": lambda: HEAD + b"options: !mine {a: 1}\n",
    "garbled": lambda: b"format: [1, 2\n  game: {{{\n",
    "tabs": lambda: b"format: 1\n\tgame: finished\n",
    # bytes that are not text
    "empty": lambda: b"",
    "blank": lambda: b"  \n\n   \n",
    "binary-junk": lambda: bytes(range(256)) * 16,
    "nul-byte": lambda: HEAD + b"x: a\x00b\n",
    "latin-1": lambda: "format: 1\ngame: caf\xe9\n".encode("latin-1"),
    "utf-16": lambda: HEAD.decode().encode("utf-16"),
    "seven-megabytes": lambda: HEAD + b"# " + b"x" * (7 * 1024 * 1024) + b"\n",
    "just-over-limit": lambda: HEAD + b"# " + b"x" * (MAX_BYTES - len(HEAD)) + b"\n",
    # not a regular file
    "fifo": fifo,
    "link-to-dev-zero": link_to("/dev/zero"),
    "link-to-dev-urandom": link_to("/dev/urandom"),
    "dangling-link": link_to("/nowhere/at/all.yaml"),
    "link-loop": lambda: "LOOP",
    "a-folder": folder,
    "sparse-5mb": sparse(5 * 1024 * 1024),
    # the wrong shape
    "list-at-top": lambda: b"- 1\n- 2\n",
    "scalar-at-top": lambda: b"just words\n",
    "null-at-top": lambda: b"~\n",
    "no-format": lambda: edited(format=KeyError),
    "format-text": lambda: edited(format="1"),
    "format-bool": lambda: edited(format=True),
    "format-newer": lambda: edited(format=99),
    "format-zero": lambda: edited(format=0),
    "format-negative": lambda: edited(format=-3),
    "game-unknown": lambda: edited(game="chess"),
    "game-list": lambda: edited(game=["finished"]),
    "game-long": lambda: edited(game="x" * 100_000),
    "no-setup": lambda: edited(setup=KeyError),
    "setup-text": lambda: edited(setup="seed 4"),
    "seed-text": lambda: edited(setup={"seed": "four"}),
    "seed-float": lambda: edited(setup={"seed": 4.5}),
    "seed-bool": lambda: edited(setup={"seed": True}),
    "deal-short": lambda: edited(setup={"seed": 1, "deal": [1, 2, 3]}),
    "deal-text": lambda: edited(setup={"seed": 1, "deal": "all of them"}),
    "options-list": lambda: edited(options=["easy"]),
    "options-set": lambda: HEAD + b"options: !!set {a, b}\n",
    "option-unknown-value": lambda: edited(options={"level": "nightmare" * 1000}),
    "option-deep-value": lambda: edited(options={"level": [[[[[[[[1]]]]]]]]}),
    "no-seats": lambda: edited(seats=KeyError),
    "seats-empty": lambda: edited(seats=[]),
    "seats-text": lambda: edited(seats="Anna"),
    "seat-no-name": lambda: edited(seats=[{"kind": "human"}]),
    "seat-alien": lambda: edited(seats=[{"name": "Zed", "kind": "alien"}]),
    "too-many-seats": lambda: edited(seats=[{"name": f"P{i}"} for i in range(9)]),
    "actions-map": lambda: edited(actions={"0": "move"}),
    "actions-numbers": lambda: edited(actions=[1, 2, 3]),
    "action-illegal": lambda: text_with("actions:\n", "actions:\n- 0 fly away\n"),
    "action-100kb": lambda: text_with("actions:\n", "actions:\n- 0 move " + "9" * 100_000 + " 0\n"),
    "action-late-illegal": lambda: edited(actions=good_record()["actions"] + ["0 move 99 99"], digest=KeyError),
    "digest-wrong": lambda: edited(digest="0" * 16),
    "digest-cut-actions": lambda: edited(actions=good_record()["actions"][:-2]),
    "meta-list": lambda: edited(meta=[1, 2]),
    # issue 17, second part: more seeds, encodings and tags
    "seed-nan": lambda: HEAD.replace(b"seed: 1", b"seed: .nan"),
    "seed-inf": lambda: HEAD.replace(b"seed: 1", b"seed: .inf"),
    "seed-minus-inf": lambda: HEAD.replace(b"seed: 1", b"seed: -.inf"),
    "seed-10-40": lambda: HEAD.replace(b"seed: 1", b"seed: 1" + b"0" * 40),
    "seed-float-10-40": lambda: HEAD.replace(b"seed: 1", b"seed: 1.0e+40"),
    "seed-list": lambda: HEAD.replace(b"seed: 1", b"seed: [1, 2]"),
    "utf-16-be-bom": lambda: HEAD.decode().encode("utf-16-be").join([b"\xfe\xff", b""]),
    "utf-8-bom-junk": lambda: b"\xef\xbb\xbf" + bytes(range(128, 256)),
    "python-object": lambda: HEAD + b"meta: !!python/object:os.system {}\n",
    "python-name": lambda: HEAD + b"meta: {f: !!python/name:os.system ''}\n",
    "merge-key-bomb": lambda: HEAD + b"m0: &m0 {k: 1}\n" + b"".join(
        b"m%d: &m%d {<<: [*m%d, *m%d], x%d: 1}\n" % (i, i, i - 1, i - 1, i) for i in range(1, 30))
        + b"options: {<<: *m29}\n",
    "binary-zip-header": lambda: b"PK\x03\x04" + bytes(range(256)) * 4,
}
assert len(CORPUS) >= 80


#: What the one line must say for the files the issue names: finis's own words, with the
#: bound that was crossed, whichever PyYAML release parses the file (6.0.4's libyaml refuses
#: deep nesting itself, in its own words, before finis's walk sees the depth).
EXPECT = {
    "deep-flow-list": f"deeper than {MAX_DEPTH}", "deep-flow-map": f"deeper than {MAX_DEPTH}",
    "deep-block-list": f"deeper than {MAX_DEPTH}", "deep-201": f"deeper than {MAX_DEPTH}",
    "alias-bomb": "alias", "huge-seed": f"longer than {SAVE_SCALAR}", "31-digit-seed": "31 digits",
    "huge-hex": "digits", "huge-base-60": "digits", "fifo": "not a regular file",
    "link-to-dev-zero": "not a regular file", "seven-megabytes": "too large",
    "duplicate-actions": "duplicate key 'actions'", "too-many-values": "more than",
    "game-long": f"longer than {SAVE_SCALAR}", "a-folder": "folder",
    "python-tag": "tag", "local-tag": "tag", "options-set": "tag", "python-object": "tag",
    "python-name": "tag",
}


def make(name: str) -> Path:
    folder_ = saves_dir()
    folder_.mkdir(parents=True, exist_ok=True)
    path = folder_ / f"{name}.yaml"
    maker = CORPUS[name]
    if maker in (fifo, folder) or getattr(maker, "__name__", "") == "make":
        maker(path)
        return path
    content = maker()
    if content == "LOOP":
        os.symlink(path, path)
    else:
        path.write_bytes(content)
    return path


def one_line(text: str) -> bool:
    return "\n" not in text and len(text) <= 300


@pytest.fixture
def alarm():
    """A hang (a FIFO read, an endless /dev/zero) fails the test instead of stopping the run."""
    def hung(signum, frame):
        raise AssertionError("the file made the reader hang")
    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_each_hostile_file_is_refused_with_one_short_line(name, alarm, capsys):
    path = make(name)
    tracemalloc.start()
    try:
        with pytest.raises(SaveProblem) as info:
            load_save(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 100 * 1024 * 1024, f"{name}: {peak // 2**20} MB"
    assert one_line(str(info.value)) and info.value.reason, str(info.value)[:400]
    assert EXPECT.get(name, "") in info.value.reason

    [entry] = [e for e in list_saves() if e.path == path]
    assert not entry.ok and one_line(entry.problem.reason) and len(entry.problem.place) <= 60

    assert cli.main(["inspect", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and len(err) <= 400, err[:400]


def test_the_whole_corpus_together_lists_every_file_and_the_good_save(tmp_path, alarm):
    outside = tmp_path / "outside.yaml"
    outside.write_text("precious\n")
    for name in CORPUS:
        make(name)
    good = write_save(Match.start("finished", Setup(3), None, [Seat("You")]))
    before = {p.name: (p.read_bytes() if p.is_file() and not p.is_symlink() else None)
              for p in saves_dir().iterdir() if not p.is_fifo()}
    entries = list_saves()
    assert [e.path for e in entries if e.ok] == [good]
    assert len([e for e in entries if not e.ok]) == len(CORPUS)
    after = {p.name: (p.read_bytes() if p.is_file() and not p.is_symlink() else None)
             for p in saves_dir().iterdir() if not p.is_fifo()}
    assert after == before, "broken files are listed, never touched"
    assert outside.read_text() == "precious\n"


@pytest.mark.parametrize("name", ["alias-bomb", "deep-flow-list", "too-many-values", "seven-megabytes",
                                  "action-100kb", "huge-seed"])
def test_the_worst_files_stay_small_in_memory(name):
    path = make(name)
    tracemalloc.start()
    try:
        with pytest.raises(SaveProblem):
            load_save(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 100 * 1024 * 1024, f"{name}: {peak // 2**20} MB"


def test_read_yaml_refuses_duplicates_and_limits_for_every_reader(tmp_path):
    src = tmp_path / "settings.yaml"
    src.write_text("volume: 0.5\nvolume: 0.9\n")
    with pytest.raises(FileProblem, match="duplicate key 'volume'"):
        read_yaml(src)
    src.write_text("a: &a [1]\nb: *a\n")
    assert read_yaml(src) == {"a": [1], "b": [1]}  # a few aliases are fine outside saves
    with pytest.raises(FileProblem, match="alias"):
        read_yaml(src, max_aliases=0)


def test_dump_yaml_never_writes_aliases(tmp_path):
    shared = [1, 2]
    text = dump_yaml({"a": shared, "b": shared})
    assert "&" not in text and "*" not in text
    assert yaml.safe_load(text) == {"a": [1, 2], "b": [1, 2]}
