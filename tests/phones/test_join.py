"""The join panel's parts: the network address and a QR code with the marks a scanner needs."""
from __future__ import annotations

import ipaddress

from scenes.phones.join import QUIET, lan_host, qr_modules


def test_the_lan_host_is_an_ipv4_address():
    assert isinstance(ipaddress.IPv4Address(lan_host()), ipaddress.IPv4Address)


def finder_at(rows, top, left):
    """The 7x7 finder mark: a dark ring, a light ring, a dark 3x3 centre."""
    for y in range(7):
        for x in range(7):
            ring = max(abs(y - 3), abs(x - 3))
            if rows[top + y][left + x] != (ring != 2):
                return False
    return True


def test_a_seats_address_becomes_a_qr_code_with_its_three_finder_marks():
    address = "http://192.168.178.23:40123/s/" + "Ab3_-x" * 6
    rows = qr_modules(address)
    size = len(rows)
    assert all(len(row) == size for row in rows)
    inner = size - 2 * QUIET
    assert inner >= 21 and (inner - 17) % 4 == 0  # a real QR version: 21, 25, 29, ... modules
    assert not any(rows[QUIET - 1]) and not any(row[QUIET - 1] for row in rows)  # margin
    end = size - QUIET - 7
    assert finder_at(rows, QUIET, QUIET) and finder_at(rows, QUIET, end)
    assert finder_at(rows, end, QUIET) and not finder_at(rows, end, end)
    assert qr_modules(address) == rows
    assert qr_modules(address.replace("Ab3", "Ab4")) != rows
