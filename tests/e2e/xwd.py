"""Read an X window dump (`xwd -root`) into a Pillow image; Pillow has no XWD reader.

The format (X11's XWDFile.h): a header of 25 big-endian CARD32 fields, the window name
(up to header_size), `ncolors` colour map entries of 12 bytes, then the pixels, row after row,
each row `bytes_per_line` long. True-colour dumps (what Xvfb at depth 24 or 32 gives) keep one
pixel in 24 or 32 bits, its channels where the header's masks say, in the header's byte order.
"""
from __future__ import annotations

import struct
from pathlib import Path
from typing import Union

from PIL import Image

FIELDS = ("header_size", "file_version", "pixmap_format", "pixmap_depth", "pixmap_width",
          "pixmap_height", "xoffset", "byte_order", "bitmap_unit", "bitmap_bit_order",
          "bitmap_pad", "bits_per_pixel", "bytes_per_line", "visual_class", "red_mask",
          "green_mask", "blue_mask", "bits_per_rgb", "colormap_entries", "ncolors",
          "window_width", "window_height", "window_x", "window_y", "window_bdrwidth")
HEADER = struct.Struct(">25I")
COLOUR_ENTRY = 12  # pixel CARD32, red, green, blue CARD16, flags and pad bytes
ZPIXMAP = 2
MSB_FIRST = 1
TRUE_COLOR, DIRECT_COLOR = 4, 5


class XwdError(ValueError):
    """A file that is not an XWD dump this reader understands, and why."""


def read_header(data: bytes) -> dict[str, int]:
    """The 25 header fields by name."""
    if len(data) < HEADER.size:
        raise XwdError(f"too short for an XWD header ({len(data)} bytes)")
    header = dict(zip(FIELDS, HEADER.unpack_from(data)))
    if header["file_version"] != 7:
        raise XwdError(f"XWD version {header['file_version']}, expected 7")
    if header["header_size"] < HEADER.size:
        raise XwdError(f"header_size {header['header_size']} is smaller than the header")
    return header


def _raw_mode(header: dict[str, int]) -> str:
    """Pillow's raw mode for the pixel bytes: each byte named by the channel its mask covers."""
    bits = header["bits_per_pixel"]
    if bits not in (24, 32):
        raise XwdError(f"{bits} bits per pixel (only 24 and 32 are read)")
    size = bits // 8
    names = ["X"] * size
    for channel, mask in (("R", header["red_mask"]), ("G", header["green_mask"]),
                          ("B", header["blue_mask"])):
        shift = (mask & -mask).bit_length() - 1 if mask else -1
        if mask == 0 or mask >> shift != 0xFF or shift % 8:
            raise XwdError(f"{channel} mask {mask:#x} is not one whole byte")
        index = shift // 8  # counted from the least significant byte of the pixel value
        if index >= size:
            raise XwdError(f"{channel} mask {mask:#x} lies outside a {bits}-bit pixel")
        if header["byte_order"] == MSB_FIRST:
            index = size - 1 - index
        names[index] = channel
    return "".join(names)


def image_from_xwd(data: bytes) -> Image.Image:
    """An RGB image of a true-colour ZPixmap dump."""
    header = read_header(data)
    if header["pixmap_format"] != ZPIXMAP:
        raise XwdError(f"pixmap format {header['pixmap_format']} (only ZPixmap, 2, is read)")
    if header["visual_class"] not in (TRUE_COLOR, DIRECT_COLOR):
        raise XwdError(f"visual class {header['visual_class']} (only true colour is read)")
    mode = _raw_mode(header)
    width, height = header["pixmap_width"], header["pixmap_height"]
    stride = header["bytes_per_line"]
    if stride < width * len(mode):
        raise XwdError(f"bytes_per_line {stride} is too short for {width} pixels")
    start = header["header_size"] + header["ncolors"] * COLOUR_ENTRY
    pixels = data[start:start + stride * height]
    if len(pixels) < stride * height:
        raise XwdError(f"pixel data is cut short: {len(pixels)} of {stride * height} bytes")
    return Image.frombytes("RGB", (width, height), pixels, "raw", mode, stride)


def read_xwd(path: Union[str, Path]) -> Image.Image:
    """The dump in this file as an RGB image."""
    return image_from_xwd(Path(path).read_bytes())
