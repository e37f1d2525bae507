import pygame

from game.core.paths import resource


def test_icon_files_exist_with_the_right_sizes():
    png = pygame.image.load(str(resource("icon", "finis.png")))
    assert png.get_size() == (256, 256)
    small = pygame.image.load(str(resource("icon", "finis-64.png")))
    assert small.get_size() == (64, 64)
    ico = resource("icon", "finis.ico")
    assert ico.is_file() and ico.read_bytes()[:4] == b"\x00\x00\x01\x00"


def test_ico_holds_several_sizes():
    from PIL import Image

    with Image.open(resource("icon", "finis.ico")) as im:
        sizes = im.info.get("sizes") or set()
    assert {(16, 16), (32, 32), (48, 48), (256, 256)} <= set(sizes)
