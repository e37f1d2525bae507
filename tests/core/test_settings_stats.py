from game.core import Outcome, Seat
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
    assert path.read_bytes() == b"\x00\x01garbage"


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
