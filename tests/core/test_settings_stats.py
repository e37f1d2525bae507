import os

import pytest

from game.core import Outcome, Seat
from game.core.fileio import backup_of
from game.core.settings import Settings, load_settings, save_settings, settings_path
from game.core.stats import load_stats, record_result, stats_path


def test_settings_round_trip():
    s = Settings(volume=0.3, muted=True, card_back="stars", animation_speed="fast")
    save_settings(s)
    loaded = load_settings()
    assert (loaded.volume, loaded.muted, loaded.card_back, loaded.animation_speed) == (0.3, True, "stars", "fast")
    assert loaded.problems == []


def test_broken_settings_fall_back_and_say_so():
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("volume: 7\ncard_back: rainbow\nmuted: true\n")
    loaded = load_settings()
    assert loaded.volume == Settings().volume and loaded.card_back == "classic" and loaded.muted is True
    assert len(loaded.problems) == 2 and "volume" in loaded.problems[0]
    path.write_bytes(b"\x00\x01garbage")
    loaded = load_settings()
    assert loaded == Settings() and "binary" in loaded.problems[0]
    [aside] = path.parent.glob("settings-broken-*.yaml")  # kept aside, never deleted
    assert aside.read_bytes() == b"\x00\x01garbage" and aside.name in loaded.problems[0]


def test_statistics_count_levels_streaks_and_practice_apart():
    you = [Seat("You")]
    win = Outcome([0], [48], "won")
    loss = Outcome([], [20], "lost")
    record_result("finished", win, {"level": "easy"}, you)
    record_result("finished", win, {"level": "easy"}, you)
    record_result("finished", loss, {"level": "easy"}, you)
    record_result("finished", win, {"level": "easy"}, you, practice=True)
    stats, problem = load_stats()
    assert problem is None
    easy = stats["games"]["finished"]["easy"]
    assert (easy["played"], easy["won"], easy["streak"], easy["best_streak"], easy["best_score"]) == (3, 2, 0, 2, 48)
    assert stats["games"]["finished"]["practice/easy"]["played"] == 1


def test_broken_statistics_are_set_aside_not_lost():
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("games: [oops")
    record_result("finished", Outcome([0], [48], "won"), {"level": "easy"}, [Seat("You")])
    stats, problem = load_stats()
    assert problem is None and stats["games"]["finished"]["easy"]["won"] == 1
    assert list(path.parent.glob("statistics-broken-*.yaml"))


# -- issue 17: a broken file comes back from its backup, and is never written over -------------

def broken_files(folder, stem):
    return sorted(folder.glob(f"{stem}-broken-*.yaml"))


def test_broken_settings_come_back_from_their_backup_once():
    save_settings(Settings(volume=0.2, card_back="waves"))
    save_settings(Settings(volume=0.4, card_back="stars"))  # the 0.2 file is now the .bak
    path = settings_path()
    assert "volume: 0.2" in backup_of(path).read_text()
    path.write_bytes(b"volume: [0.4\n")  # cut by a disk fault
    loaded = load_settings()
    assert (loaded.volume, loaded.card_back) == (0.2, "waves")
    [note] = loaded.problems
    [aside] = broken_files(path.parent, "settings")
    assert "backup" in note and aside.name in note and "\n" not in note
    assert aside.read_bytes() == b"volume: [0.4\n", "the broken file is kept as it was"
    assert load_settings().volume == 0.2 and load_settings().problems == [], "said once"


def test_broken_settings_without_a_good_backup_are_kept_and_never_written_over():
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("- a list, not settings\n")
    backup_of(path).write_text("volume: [\n")
    loaded = load_settings()
    assert loaded == Settings() and len(loaded.problems) == 1 and "defaults" in loaded.problems[0]
    save_settings(Settings(volume=0.9))
    [aside] = broken_files(path.parent, "settings")
    assert aside.read_text() == "- a list, not settings\n"
    assert load_settings().volume == 0.9


def test_settings_of_a_newer_finis_are_set_aside_before_a_save_not_written_over():
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("format: 7\nvolume: 0.1\n")
    loaded = load_settings()
    assert loaded == Settings() and "newer" in loaded.problems[0]
    assert path.read_text() == "format: 7\nvolume: 0.1\n", "loading leaves it as it is"
    save_settings(Settings(volume=0.5))
    [aside] = broken_files(path.parent, "settings")
    assert aside.read_text() == "format: 7\nvolume: 0.1\n"
    assert "format: 7" not in backup_of(path).read_text() if backup_of(path).exists() else True


def won(path=None, **kw):
    return record_result("finished", Outcome([0], [48], "won"), {"level": "easy"}, [Seat("You")],
                         path=path, **kw)


def test_broken_statistics_come_back_from_their_backup_and_count_on():
    won()
    won()  # the first result is the .bak now, the second the main file
    path = stats_path()
    path.write_text("games: {finished: [oops\n")
    stats, problem = load_stats()
    assert stats["games"]["finished"]["easy"]["played"] == 1
    assert "backup" in problem and "\n" not in problem
    [aside] = broken_files(path.parent, "statistics")
    assert aside.read_text() == "games: {finished: [oops\n"
    assert load_stats()[1] is None, "said once"
    path.write_text("games: {finished: [oops again\n")
    notes = []
    stats = won(notes=notes)
    assert stats["games"]["finished"]["easy"]["played"] == 2, "counted on from the backup, not from nothing"
    assert len(notes) == 1 and "backup" in notes[0]
    assert len(broken_files(path.parent, "statistics")) == 2, "two broken files in one second: both kept"


@pytest.mark.parametrize("value", ["lots", -1, 10 ** 13, 2.5, [1], True])
def test_statistics_with_a_bad_count_are_refused_by_name_not_crashed_on(value):
    from game.core.safeyaml import dump_yaml
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = dump_yaml({"format": 1, "games": {"finished": {"easy": {"played": value, "won": 0}}}})
    path.write_text(text)
    stats, problem = load_stats()
    assert stats["games"] == {} and "games.finished.easy.played" in problem
    path.write_text(text)
    assert won()["games"]["finished"]["easy"]["played"] == 1
    assert all(p.read_text() == text for p in broken_files(path.parent, "statistics"))


@pytest.mark.parametrize("best", [".nan", ".inf", "-.inf", "'48'", "1e400"])
def test_statistics_with_a_bad_best_score_are_refused(best):
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"format: 1\ngames:\n  finished:\n    easy: {{played: 1, best_score: {best}}}\n")
    stats, problem = load_stats()
    assert stats["games"] == {} and "best_score" in problem


def test_statistics_of_a_newer_finis_are_kept_aside_when_a_game_is_filed():
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("format: 9\ngames: {}\n")
    assert "newer" in load_stats()[1] and path.read_text() == "format: 9\ngames: {}\n"
    won()
    [aside] = broken_files(path.parent, "statistics")
    assert aside.read_text() == "format: 9\ngames: {}\n"
    assert load_stats()[0]["games"]["finished"]["easy"]["won"] == 1


def test_a_broken_statistics_file_that_cannot_be_set_aside_is_never_written_over(monkeypatch):
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("games: [oops")

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(os, "rename", refuse)
    with pytest.raises(OSError):
        won()
    assert path.read_text() == "games: [oops"


def test_statistics_keep_results_per_side_and_the_title_holder():
    seats = [Seat("Ann"), Seat("Bo", "computer")]
    sides = ["SV Stollen", "FC Acker"]
    record_result("finale", Outcome([0], [2, 1], "Stollen win", {"sides": sides, "title": None}), {}, seats)
    record_result("finale", Outcome([1], [0, 1], "Acker win", {"sides": sides, "title": "FC Acker"}), {}, seats)
    record_result("finale", Outcome([], [1, 1], "a draw", {"sides": sides, "title": None}), {}, seats)
    stats, problem = load_stats()
    bucket = stats["games"]["finale"]["all"]
    assert problem is None
    assert bucket["sides"] == {"SV Stollen": {"played": 3, "won": 1}, "FC Acker": {"played": 3, "won": 1}}
    assert bucket["title_holder"] == "FC Acker (Bo)"
    from game.core.registry import game_info
    from scenes.statistics import side_words
    assert side_words(bucket, game_info("finale").title_label) == \
        "; FC Acker won 1 of 3, SV Stollen won 1 of 3; cup holder FC Acker (Bo)"


def test_statistics_written_with_finales_own_words_are_read_as_sides_and_a_title():
    """Files from before issue 26 kept `teams` and `cup_holder`: nothing is lost, and the
    next result adds to them."""
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("format: 1\ngames:\n  finale:\n    all: {played: 2, won: 1, streak: 0, best_streak: 1,\n"
                    "      best_score: 3, hints: 0, teams: {SV Stollen: {played: 2, won: 1}},\n"
                    "      cup_holder: SV Stollen (Ann)}\n")
    bucket = load_stats()[0]["games"]["finale"]["all"]
    assert bucket["sides"] == {"SV Stollen": {"played": 2, "won": 1}}
    assert bucket["title_holder"] == "SV Stollen (Ann)" and "teams" not in bucket
    seats = [Seat("Ann"), Seat("Bo", "computer")]
    record_result("finale", Outcome([0], [1, 0], "Stollen win", {"sides": ["SV Stollen", "FC Acker"]}),
                  {}, seats)
    bucket = load_stats()[0]["games"]["finale"]["all"]
    assert bucket["sides"]["SV Stollen"] == {"played": 3, "won": 2} and bucket["played"] == 3


@pytest.mark.parametrize("teams", ["[1, 2]", "{SV: {played: lots}}", "{SV: 3}", "{SV: {won: -1}}"])
def test_statistics_with_a_bad_team_table_are_refused(teams):
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"format: 1\ngames:\n  finale:\n    all: {{played: 1, teams: {teams}}}\n")
    stats, problem = load_stats()
    assert stats["games"] == {} and "teams" in problem
