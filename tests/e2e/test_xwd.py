"""The XWD reader behind Screen.screenshot, on dumps built by hand byte by byte."""
from __future__ import annotations

import struct

import pytest

from tests.e2e.xwd import XwdError, image_from_xwd, read_xwd

# 3 x 2 pixels, all channels different, so a swapped channel or a shifted row shows
PIXELS = [[(255, 0, 0), (0, 255, 0), (0, 0, 255)],
          [(10, 20, 30), (200, 100, 50), (1, 2, 254)]]
NAME = b"xwdump\x00"


def make_xwd(byte_order: int, bits: int = 32, masks=(0xFF0000, 0x00FF00, 0x0000FF),
             stride: int = 16, ncolors: int = 2, fmt: int = 2, visual: int = 4) -> bytes:
    """An XWD file: header, name, colour map entries, rows padded with 0xEE to `stride`."""
    height, width = len(PIXELS), len(PIXELS[0])
    header_size = 100 + len(NAME)
    fields = [header_size, 7, fmt, 24, width, height, 0, byte_order, 32, byte_order, 32, bits,
              stride, visual, *masks, 8, 256, ncolors, width, height, 0, 0, 0]
    data = struct.pack(">25I", *fields) + NAME
    data += b"".join(struct.pack(">IHHHBB", i, 0xAAAA, 0xBBBB, 0xCCCC, 7, 0) for i in range(ncolors))
    shifts = [(m & -m).bit_length() - 1 for m in masks]
    size = bits // 8
    for row in PIXELS:
        line = b""
        for colour in row:
            value = sum((c << s) & m for c, s, m in zip(colour, shifts, masks))
            line += value.to_bytes(size, "big" if byte_order == 1 else "little")
        data += line + b"\xEE" * (stride - len(line))
    return data


def pixels(image):
    return [[image.getpixel((x, y)) for x in range(image.width)] for y in range(image.height)]


@pytest.mark.parametrize("byte_order", [0, 1], ids=["lsb-first", "msb-first"])
def test_a_32_bit_dump_in_either_byte_order(byte_order):
    image = image_from_xwd(make_xwd(byte_order))
    assert image.mode == "RGB" and image.size == (3, 2)
    assert pixels(image) == PIXELS


@pytest.mark.parametrize("byte_order", [0, 1], ids=["lsb-first", "msb-first"])
def test_masks_decide_where_each_channel_lies(byte_order):
    image = image_from_xwd(make_xwd(byte_order, masks=(0x0000FF, 0x00FF00, 0xFF0000)))
    assert pixels(image) == PIXELS


@pytest.mark.parametrize("byte_order", [0, 1], ids=["lsb-first", "msb-first"])
def test_a_24_bit_dump_with_row_padding(byte_order):
    image = image_from_xwd(make_xwd(byte_order, bits=24, stride=12, ncolors=0))
    assert pixels(image) == PIXELS


def test_rows_without_padding_and_a_file_on_disk(tmp_path):
    path = tmp_path / "shot.xwd"
    path.write_bytes(make_xwd(0, stride=12, ncolors=5))
    assert pixels(read_xwd(path)) == PIXELS


@pytest.mark.parametrize("change, words", [
    (dict(bits=16, stride=8, masks=(0xF800, 0x07E0, 0x001F)), "16 bits per pixel"),
    (dict(fmt=1), "pixmap format 1"),
    (dict(visual=3), "visual class 3"),
    (dict(masks=(0xF800, 0x07E0, 0x001F)), "not one whole byte"),
    (dict(stride=8), "too short for 3 pixels"),
])
def test_what_it_cannot_read_is_refused_with_the_reason(change, words):
    with pytest.raises(XwdError, match=words):
        image_from_xwd(make_xwd(0, **change))


def test_a_cut_file_is_refused():
    data = make_xwd(0)
    with pytest.raises(XwdError, match="cut short"):
        image_from_xwd(data[:-5])
    with pytest.raises(XwdError, match="too short for an XWD header"):
        image_from_xwd(data[:50])
