"""What the join panel shows (no pygame here): the address a phone on the same network types
or scans, and its QR code as rows of dark and light modules for pygame to draw."""
from __future__ import annotations

import ipaddress
import socket

import segno

QUIET = 4  # light modules around the code: scanners need the margin the standard asks for


def lan_host() -> str:
    """This computer's address on the local network (where phones reach it), or 127.0.0.1
    when it has none. A UDP socket 'connected' to a private address sends nothing: it only
    makes the system pick the interface it would use."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        found = probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()
    try:
        ipaddress.IPv4Address(found)
    except ValueError:
        return "127.0.0.1"
    return found


def qr_modules(text: str) -> list[list[bool]]:
    """The QR code of `text` as rows of modules (True: dark), quiet margin included; medium
    error correction, so a smudged or glaring screen still scans."""
    code = segno.make(text, error="m", micro=False)
    return [[bool(module) for module in row]
            for row in code.matrix_iter(scale=1, border=QUIET)]
