"""Hands on phones (issue 27): each person holds their seat on their own phone's browser.

`server` serves the phone page and one WebSocket per seat on its own thread; `protocol` makes
the messages a seat may receive and checks what a phone sends; `host` glues both to a match
for the table. None of them imports pygame: they are tested headless (tests/phones/).
The protocol and the safety rules are written down in docs/phones.md.
"""
