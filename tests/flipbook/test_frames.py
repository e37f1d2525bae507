"""The Finished! flip-book: 48 frames that exist, differ, move a little at a time, and
are exactly what tools/flipbook/render.py draws."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402
from PIL import Image, ImageChops, ImageStat  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.flipbook import render, story  # noqa: E402

FRAMES_DIR = ROOT / "assets" / "flipbook"
N = 48
SIZE = (960, 720)


def frame_path(k: int) -> Path:
    return FRAMES_DIR / f"frame_{k:02d}.png"


_small_cache: dict[int, Image.Image] = {}


def small(k: int) -> Image.Image:
    """Frame k, grayscale and downscaled: what 'how different' is measured on."""
    if k not in _small_cache:
        with Image.open(frame_path(k)) as im:
            _small_cache[k] = im.convert("L").resize((160, 120), Image.BILINEAR)
    return _small_cache[k]


def distance(a: int, b: int) -> float:
    """Mean absolute difference (0..255) of two frames, downscaled grayscale."""
    return ImageStat.Stat(ImageChops.difference(small(a), small(b))).mean[0]


def surface_pixels(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGB")


def file_pixels(path: Path) -> bytes:
    with Image.open(path) as im:
        return im.convert("RGB").tobytes()


# ---- the files -------------------------------------------------------------------------

def test_48_frames_exist_with_the_right_size():
    names = sorted(p.name for p in FRAMES_DIR.glob("frame_*.png"))
    assert names == [f"frame_{k:02d}.png" for k in range(1, N + 1)]
    for k in range(1, N + 1):
        with Image.open(frame_path(k)) as im:
            assert im.size == SIZE
            assert im.format == "PNG"


def test_frames_are_small_palette_pictures():
    """256 colours each (the executable carries them all): under 2 MB for the 48."""
    total = sum(frame_path(k).stat().st_size for k in range(1, N + 1))
    assert total < 2 * 1024 * 1024
    assert max(frame_path(k).stat().st_size for k in range(1, N + 1)) < 64 * 1024
    for k in (1, 24, 48):
        with Image.open(frame_path(k)) as im:
            assert im.mode == "P"
            assert len(im.getcolors(256) or ()) > 64  # a real palette, not a posterised one


def test_pngs_carry_no_timestamp():
    for k in (1, 24, 48):
        data = frame_path(k).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        pos, chunks = 8, []
        while pos < len(data):
            length = int.from_bytes(data[pos:pos + 4], "big")
            chunks.append(data[pos + 4:pos + 8])
            pos += 12 + length
        assert b"tIME" not in chunks


def test_licence_note():
    text = (FRAMES_DIR / "LICENSE").read_text(encoding="utf-8")
    assert "original work of the finis project" in text
    assert "same licence as the code (MIT)" in text


# ---- the movie -------------------------------------------------------------------------

def test_all_frames_differ():
    seen = {}
    for k in range(1, N + 1):
        px = file_pixels(frame_path(k))
        assert px not in seen, f"frame {k} is the same picture as frame {seen.get(px)}"
        seen[px] = k
    for a in range(1, N + 1):
        for b in range(a + 1, N + 1):
            assert distance(a, b) > 0.3, f"frames {a} and {b} look the same"


def test_neighbours_are_closer_than_distant_frames():
    near = [distance(k, k + 1) for k in range(1, N)]
    far = [distance(k, k + 24) for k in range(1, N - 24 + 1)]
    mean_near = sum(near) / len(near)
    mean_far = sum(far) / len(far)
    assert mean_near < 0.5 * mean_far, (mean_near, mean_far)
    # and every step moves something, without being a cut to a different picture
    assert min(near) > 0.3
    assert max(near) < mean_far


def test_the_day_runs_forward():
    states = [story.frame_state(k) for k in range(1, N + 1)]
    hours = [s.hours for s in states]
    assert hours == sorted(hours) and hours[0] < 9 and hours[-1] >= 17.5
    assert [s.u for s in states] == sorted(s.u for s in states)


def test_the_work_gets_done():
    states = [story.frame_state(k) for k in range(1, N + 1)]
    ins = [s.in_count for s in states]
    dones = [s.done_count for s in states]
    assert ins[0] == story.FILES and ins[-1] == 0
    assert dones[0] == 0 and dones[-1] == story.FILES
    assert all(a >= b for a, b in zip(ins, ins[1:]))
    assert all(a <= b for a, b in zip(dones, dones[1:]))
    for s in states:  # no folder is lost or doubled: in the tray, in her hands, or done
        held = 1 if s.folder else 0
        assert s.in_count + s.done_count + held == story.FILES, s.k
    last = states[-1]
    assert last.screen == "off" and last.lamp == 0.0 and last.recline == 1.0
    assert any(s.mug_in_hand for s in states)
    assert any(s.sweet_in_hand is not None for s in states)
    assert any(s.typing for s in states)


def test_frame_numbers_outside_the_movie_are_refused():
    for k in (0, N + 1):
        with pytest.raises(ValueError):
            story.frame_state(k)


# ---- the script draws exactly these files ----------------------------------------------

@pytest.mark.parametrize("k", [1, 27, 48])
def test_render_frame_matches_the_committed_file(k):
    surf = render.render_frame(k)
    assert surf.get_size() == SIZE
    fresh = surface_pixels(surf)
    committed = file_pixels(frame_path(k))
    # the file holds 256 colours: about half a level off on average, never more than one
    mean = mean_difference(fresh, committed)
    assert mean < 1.0, f"frame {k} differs from the committed file (mean {mean:.3f})"
    assert mean_difference(surface_pixels(render.render_frame((k + 23) % N + 1)), committed) > 1.0


def mean_difference(a: bytes, b: bytes) -> float:
    """Mean absolute difference of two RGB frames, 0..255."""
    diff = ImageChops.difference(Image.frombytes("RGB", SIZE, a), Image.frombytes("RGB", SIZE, b))
    return sum(ImageStat.Stat(diff).mean) / 3


def test_render_is_deterministic():
    a = surface_pixels(render.render_frame(13))
    b = surface_pixels(render.render_frame(13))
    assert a == b


def test_script_writes_the_same_frame(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    subprocess.run([sys.executable, str(ROOT / "tools" / "flipbook" / "render.py"),
                    "--frames", "20", "--out", str(tmp_path)], check=True, env=env,
                   capture_output=True, timeout=120)
    out = tmp_path / "frame_20.png"
    assert out.exists()
    # the same palette unless another Pillow version cuts the colours a little differently
    assert mean_difference(file_pixels(out), file_pixels(frame_path(20))) < 0.05


# ---- the app reads the palette files ----------------------------------------------------

def test_the_table_scales_the_palette_frames():
    """The card faces and the movie player smoothscale the frames, which needs 24 bits."""
    from scenes.finished import art
    art._frame_original.cache_clear()
    original = art._frame_original(24)
    assert original is not None and original.get_bitsize() >= 24
    small = art.frame_image(24, 240, 180)
    assert small.get_size() == (240, 180)
    with Image.open(frame_path(24)) as im:
        expected = im.convert("RGB").resize((240, 180), Image.Resampling.BOX)
    got = Image.frombytes("RGB", (240, 180), pygame.image.tobytes(small, "RGB"))
    assert sum(ImageStat.Stat(ImageChops.difference(got, expected)).mean) / 3 < 6.0
    tile = art.flipbook_picture("tile.png")
    assert tile.get_bitsize() >= 24 and tile.get_size() == (320, 240)
