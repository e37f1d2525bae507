"""The YAML parse memo: same text, same data without PyYAML; any other text is parsed afresh."""
import json
import functools
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.datafiles import read_yaml
from game.core.fileio import FileProblem
from game.core.settings import Settings, load_settings, save_settings

ROOT = Path(__file__).resolve().parents[2]


def test_memo_is_written_and_answers_the_same_text(tmp_path, monkeypatch):
    from game.core import datafiles
    src, memo = tmp_path / "a.yaml", tmp_path / "memo" / "a.json"
    src.write_text("name: Anna\nsizes: [1, 2, 3]\nfast: true\n")
    assert read_yaml(src, memo=memo) == {"name": "Anna", "sizes": [1, 2, 3], "fast": True}
    entry = json.loads(memo.read_text())
    assert entry["text"] == src.read_text()
    # the memo is what answers now: no parse is needed
    real_parse = datafiles.parse_text
    monkeypatch.setattr(datafiles, "parse_text", lambda *a, **k: pytest.fail("parsed despite the memo"))
    assert read_yaml(src, memo=memo)["name"] == "Anna"
    # a memo whose data was edited by hand is never trusted (issue 17): the file is parsed
    monkeypatch.setattr(datafiles, "parse_text", real_parse)
    entry["data"]["name"] = "from the memo"
    memo.write_text(json.dumps(entry))
    assert read_yaml(src, memo=memo)["name"] == "Anna"


def test_an_edited_file_is_parsed_afresh(tmp_path):
    src, memo = tmp_path / "a.yaml", tmp_path / "a.json"
    src.write_text("volume: 0.5\n")
    assert read_yaml(src, memo=memo) == {"volume": 0.5}
    src.write_text("volume: 0.25\n")
    assert read_yaml(src, memo=memo) == {"volume": 0.25}
    assert json.loads(memo.read_text())["data"] == {"volume": 0.25}


@pytest.mark.parametrize("junk", [b"", b"{not json", b"\x00\x01", b'{"format": 99, "text": "x", "data": 1}',
                                  b"[1, 2]"])
def test_a_broken_memo_only_costs_a_parse(tmp_path, junk):
    src, memo = tmp_path / "a.yaml", tmp_path / "a.json"
    src.write_text("a: 1\n")
    memo.write_bytes(junk)
    assert read_yaml(src, memo=memo) == {"a": 1}
    assert json.loads(memo.read_text())["data"] == {"a": 1}


def test_data_json_cannot_carry_is_not_memoised(tmp_path):
    src, memo = tmp_path / "a.yaml", tmp_path / "a.json"
    src.write_text("1: one\n2: two\n")  # integer keys would come back as strings
    assert read_yaml(src, memo=memo) == {1: "one", 2: "two"}
    assert not memo.exists()
    assert read_yaml(src, memo=memo) == {1: "one", 2: "two"}


def test_a_broken_file_is_refused_even_with_a_memo(tmp_path):
    src, memo = tmp_path / "a.yaml", tmp_path / "a.json"
    src.write_text("a: 1\n")
    read_yaml(src, memo=memo)
    src.write_text("a: !!python/object:os.system echo\n")
    with pytest.raises(FileProblem, match="not plain data"):
        read_yaml(src, memo=memo)
    src.write_text("a: [1,\n")
    with pytest.raises(FileProblem, match="not valid YAML"):
        read_yaml(src, memo=memo)


def test_an_unwritable_memo_folder_changes_nothing(tmp_path):
    src = tmp_path / "a.yaml"
    src.write_text("a: 1\n")
    blocker = tmp_path / "file"
    blocker.write_text("a file where the memo folder would be")
    assert read_yaml(src, memo=blocker / "a.json") == {"a": 1}


def test_settings_are_checked_after_the_memo(finis_home):
    save_settings(Settings(volume=0.3))
    assert load_settings().volume == 0.3
    assert load_settings().volume == 0.3  # from the memo now
    path = finis_home / "settings.yaml"
    path.write_text(path.read_text().replace("volume: 0.3", "volume: 9"))
    loaded = load_settings()
    assert loaded.volume == Settings().volume and "volume" in loaded.problems[0]


def test_the_window_path_needs_no_yaml_once_the_memos_are_warm(finis_home):
    """What the first menu frame reads (settings, every game's data) comes from the memos."""
    save_settings(Settings(window_width=1111))
    code = ("import sys\n"
            "from game.cli import build_parser\n"
            "from game.core.settings import load_settings\n"
            "from game.core.registry import game_ids, game_info\n"
            "build_parser().parse_args([])\n"
            "s = load_settings()\n"
            "titles = [game_info(g).title for g in game_ids()]\n"
            "print(s.window_width, len(titles), 'yaml' in sys.modules)\n")
    env = {**os.environ, "FINIS_HOME": str(finis_home)}
    first = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    second = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    width, games, yaml_loaded = second.stdout.split()
    assert width == "1111" and int(games) >= 3
    # not even the very first start: the games' data comes parsed with finis (parsed.json)
    assert first.stdout.split()[2] == "False", "the first start should not need PyYAML"
    assert yaml_loaded == "False", "the second start should not need PyYAML"
    # settings saved by the app (on quit, say) are memoised as they are written
    save_settings(Settings(window_width=1234))
    third = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert third.stdout.split()[0] == "1234" and third.stdout.split()[2] == "False", third.stderr


# -- the parse shipped with finis (assets/data/parsed.json, tools/prerender.py) ---------------

def test_the_shipped_parse_is_what_the_data_files_say():
    from game.core.safeyaml import parse_text
    from game.core.paths import resource
    from game.core.registry import shipped_parse, text_digest
    shipped = shipped_parse()
    paths = sorted(resource("data").glob("*.yaml"))
    assert paths and set(shipped) == {p.stem for p in paths}, "run tools/prerender.py"
    for path in paths:
        text = path.read_text(encoding="utf-8")
        entry = shipped[path.stem]
        assert entry["sha256"] == text_digest(text), f"{path.name}: run tools/prerender.py"
        assert entry["data"] == parse_text(text, path)


def test_the_shipped_parse_is_used_only_for_the_very_text_it_was_made_from(monkeypatch):
    from game.core import registry
    from game.core.paths import resource
    text = resource("data", "finito.yaml").read_text(encoding="utf-8")
    marker = {"made": "from the shipped parse"}
    try:
        monkeypatch.setattr(registry, "shipped_parse", functools.lru_cache()(
            lambda: {"finito": {"sha256": registry.text_digest(text), "data": marker}}))
        registry._forget()
        assert registry._parsed("finito") == marker
        monkeypatch.setattr(registry, "shipped_parse", functools.lru_cache()(
            lambda: {"finito": {"sha256": "0" * 64, "data": marker}}))
        registry._forget()
        assert registry._parsed("finito")["game"]["id"] == "finito", "an edited file is parsed"
    finally:
        monkeypatch.undo()
        registry._forget()


def test_a_broken_shipped_parse_is_not_used(tmp_path, monkeypatch):
    from game.core import registry
    for broken in (b"{not json", b'{"format": 1, "files": [1]}', b"[1, 2]", b"NaN", b""):
        (tmp_path / "parsed.json").write_bytes(broken)
        monkeypatch.setattr(registry, "resource",
                            lambda *parts: tmp_path.joinpath(*parts[1:]) if parts[0] == "data"
                            else tmp_path)
        registry.shipped_parse.cache_clear()
        assert registry.shipped_parse() == {}, broken
    monkeypatch.undo()
    registry._forget()
