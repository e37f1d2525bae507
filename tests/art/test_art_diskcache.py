"""The picture cache on disk: what the first frame shows is loaded, not drawn, on later starts."""
from __future__ import annotations

import pygame
import pytest

from scenes.art import diskcache

MODULES = ("scenes.art.draw",)


def _picture(colour=(200, 40, 40, 128)) -> pygame.Surface:
    s = pygame.Surface((30, 20), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    pygame.draw.rect(s, colour, (5, 5, 20, 10))
    return s


class Drawer:
    def __init__(self, picture=None):
        self.calls = 0
        self.picture = picture

    def __call__(self) -> pygame.Surface:
        self.calls += 1
        return self.picture if self.picture is not None else _picture()


@pytest.fixture()
def cache(finis_home, display):
    diskcache.cache_dir.cache_clear()
    yield finis_home / "cache"
    diskcache.cache_dir.cache_clear()


def _files(folder, pattern="*.bmp"):
    return sorted(p.name for p in folder.glob(pattern))


def test_a_picture_is_drawn_once_then_loaded_with_the_same_pixels(cache):
    draw = Drawer()
    first = diskcache.remembered("thing-1", draw, MODULES)
    second = diskcache.remembered("thing-1", draw, MODULES)
    assert draw.calls == 1 and len(_files(cache)) == 1
    for xy in [(0, 0), (10, 10), (24, 14)]:
        assert tuple(second.get_at(xy)) == tuple(first.get_at(xy))
    assert second.get_at((10, 10)).a == 128 and second.get_at((0, 0)).a == 0


def test_an_opaque_picture_loads_without_alpha(cache):
    solid = pygame.Surface((16, 16))
    solid.fill((10, 90, 60))
    diskcache.remembered("cloth-16", Drawer(solid), MODULES, opaque=True)
    again = diskcache.remembered("cloth-16", Drawer(), MODULES, opaque=True)
    assert not again.get_flags() & pygame.SRCALPHA
    assert tuple(again.get_at((3, 3)))[:3] == (10, 90, 60)


def test_a_broken_cache_file_is_drawn_again_and_replaced(cache):
    diskcache.remembered("thing-2", Drawer(), MODULES)
    (path,) = cache.glob("thing-2-*.bmp")
    path.write_bytes(b"not a picture")
    draw = Drawer()
    image = diskcache.remembered("thing-2", draw, MODULES)
    assert draw.calls == 1 and image.get_at((10, 10)).a == 128
    assert pygame.image.load(str(path)).get_size() == (30, 20)


def test_pictures_by_older_code_and_beyond_keep_are_removed(cache):
    cache.mkdir(parents=True, exist_ok=True)
    (cache / "felt-10x10-0000000000000.bmp").write_bytes(b"old code")
    for i, size in enumerate([(4, 4), (5, 5), (6, 6)]):
        solid = pygame.Surface(size)
        diskcache.remembered(f"felt-{size[0]}x{size[1]}", Drawer(solid), MODULES, opaque=True, keep=2)
    names = _files(cache, "felt-*")
    assert len(names) == 2 and not any(n.startswith("felt-4x4") for n in names)
    diskcache.remembered("felt-10x10", Drawer(pygame.Surface((10, 10))), MODULES, opaque=True, keep=5)
    assert "felt-10x10-0000000000000.bmp" not in _files(cache, "felt-*")


def test_startup_pictures_use_the_disk_only_until_the_first_frame(cache, monkeypatch):
    monkeypatch.setattr(diskcache, "_starting", True)
    draw = Drawer()
    diskcache.startup_picture("button-a", draw, MODULES)
    diskcache.startup_picture("button-a", draw, MODULES)
    assert draw.calls == 1 and len(_files(cache, "button-*")) == 1
    diskcache.first_frame_shown()
    diskcache.startup_picture("button-a", draw, MODULES)
    diskcache.startup_picture("button-b", draw, MODULES)
    assert draw.calls == 3, "after the first frame pictures are drawn"
    assert _files(cache, "button-b*") == [], "and nothing more is written"


def test_no_cache_folder_only_costs_drawing(cache, monkeypatch):
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text("a file where the cache folder should be")
    draw = Drawer()
    assert diskcache.remembered("thing-3", draw, MODULES).get_size() == (30, 20)
    assert diskcache.remembered("thing-3", draw, MODULES).get_size() == (30, 20)
    assert draw.calls == 2


def test_a_menu_tile_changes_with_its_words(cache, monkeypatch):
    from scenes import tiles
    monkeypatch.setattr(diskcache, "_starting", True)
    a = tiles.tile_card("finito", 240, 200, (120, 60, 40), 16, "Finito!", "2-4 players", "Place counters")
    b = tiles.tile_card("finito", 240, 200, (120, 60, 40), 16, "Finito!", "2-4 players", "Other words")
    assert len(_files(cache, "card-finito-*")) == 2
    differs = any(a.get_at((x, y)) != b.get_at((x, y)) for x in range(0, 240, 3) for y in range(150, 200, 2))
    assert differs
    assert a.get_at((0, 199)).a < 60, "the band keeps the tile's rounded corner"


def test_a_nearly_full_disk_keeps_its_space_for_saves(cache, monkeypatch):
    import collections
    import shutil
    usage = collections.namedtuple("usage", "total used free")
    monkeypatch.setattr(shutil, "disk_usage", lambda path: usage(10**9, 10**9 - 10**6, 10**6))
    draw = Drawer()
    picture = diskcache.remembered("thing-full", draw, MODULES)
    assert picture.get_size() == (30, 20) and draw.calls == 1
    assert list(cache.iterdir()) == []  # drawn, shown, and nothing written


def test_a_failed_write_leaves_no_temporary_file(cache, monkeypatch):
    def broken(image, path):
        with open(path, "wb") as half:
            half.write(b"BM")
        raise pygame.error("No space left on device")

    monkeypatch.setattr(pygame.image, "save", broken)
    draw = Drawer()
    diskcache.remembered("thing-broken", draw, MODULES)
    assert draw.calls == 1 and list(cache.iterdir()) == []
