import wave

import pygame

from game.core.paths import resource
from scenes.art import sound
from scenes.art.sound import NAMES, Sounds


def test_sound_files_are_short_and_mono_at_22_khz():
    total = 0
    for name in NAMES:
        path = resource("sounds", f"{name}.wav")
        with wave.open(str(path)) as w:
            assert (w.getframerate(), w.getsampwidth(), w.getnchannels()) == (22050, 2, 1)
            seconds = w.getnframes() / w.getframerate()
        assert 0 < seconds < (2.0 if name == "win" else 1.0), name
        total += path.stat().st_size
    assert total < 1024 * 1024
    assert "CC0" in resource("sounds", "LICENSE").read_text(encoding="utf-8")


def test_play_with_the_dummy_driver_never_raises():
    s = Sounds()
    for name in NAMES:
        s.play(name)
    assert s.play("no-such-sound") is False
    s.preload()
    s.stop()


def test_mute_and_volume():
    s = Sounds(volume=0.5)
    assert s.volume == 0.5
    s.volume = 7
    assert s.volume == 1.0
    s.volume = -1
    assert s.volume == 0.0
    s.volume = "loud"  # nonsense is ignored, not fatal
    s.volume = 0.6
    assert s.play("click") in (True, False)
    s.muted = True
    assert s.muted and s.play("click") is False
    assert s.toggle_mute() is False and not s.muted


def test_no_mixer_module_stays_silent(monkeypatch):
    monkeypatch.setattr(sound, "_mixer", lambda: None)
    s = Sounds()
    assert s.available is False
    assert s.play("deal") is False
    s.preload()
    s.stop()
    s.volume = 0.3


def test_mixer_that_cannot_start_stays_silent(monkeypatch):
    def broken(*a, **k):
        raise pygame.error("No available audio device")

    if pygame.mixer.get_init():
        pygame.mixer.quit()
    monkeypatch.setattr(pygame.mixer, "init", broken)
    s = Sounds()
    assert s.play("win") is False
    assert s.available is False


def test_broken_sound_file_stays_silent(tmp_path):
    (tmp_path / "deal.wav").write_bytes(b"not a wav at all")
    s = Sounds(directory=tmp_path)
    assert s.play("deal") is False
    assert s.play("deal") is False  # the failure is remembered


def test_singleton():
    assert sound.sounds() is sound.sounds()
    assert isinstance(sound.sounds(), Sounds)
