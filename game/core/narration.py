"""The words people read: one narrator per game turns an event's code and data into a sentence.

An engine tells what happened as `Event`s with a stable `code` (`finale.goal`) and plain
`data` (`{"team": 0, "scorer": "kai-fangmann"}`); the sentence in `Event.text` is made from
those by the game's narrator, at the moment the event is made. A presentation (a table, a
phone page, a replay) decides what to announce, animate or light up from the code and the
data alone: the words are for people, and a reworded sentence changes nothing else.

    NARRATOR = Narrator("finale", {
        "goal": lambda d: f"Goal for {d['team_name']}!",
        ...
    })
    events.append(NARRATOR.event("score", "goal", {"team": 0, "team_name": "SV Stollen"}))

`retold(words)` makes every narrator say `words(code, data)` instead while it is in force:
the tests play whole games so (nonsense sentences, reworded ones) and check that every
table still shows the same moments.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Callable, Iterator, Mapping, Optional

from .engine import Event

#: A narrator's phrase: the data of one event to its sentence.
Phrase = Callable[[Mapping[str, Any]], str]
#: What `retold` puts in place of every narrator: (code, data) to a sentence.
Words = Callable[[str, Mapping[str, Any]], str]

_retold: Optional[Words] = None
#: Every game's narrator by its game id, so an event's code finds the words for it (`told`).
_narrators: dict[str, "Narrator"] = {}


class Narrator:
    """A game's sentences, one phrase per event code (without the game's prefix)."""

    def __init__(self, game: str, phrases: Mapping[str, Phrase]) -> None:
        self.game = game
        self.phrases = dict(phrases)
        _narrators[game] = self

    def code(self, name: str) -> str:
        """The full code of one of this game's events: `<game>.<name>`."""
        return f"{self.game}.{name}"

    def say(self, name: str, data: Mapping[str, Any]) -> str:
        """The sentence for event `name` with `data` (KeyError for an unknown name)."""
        phrase = self.phrases[name]
        if _retold is not None:
            return _retold(self.code(name), data)
        return phrase(data)

    def event(self, kind: str, name: str, data: Optional[dict[str, Any]] = None,
              **fields: Any) -> Event:
        """An event of this game, its sentence said now; `fields` are Event's others (piece,
        source, target, value, seat, reveals)."""
        data = dict(data or {})
        return Event(kind, self.say(name, data), code=self.code(name), data=data, **fields)


def told(event: Event) -> str:
    """The sentence a person reads for `event`, said now by its game's narrator from the
    event's code and data: what a toast or a banner shows. An event without a code, or of a
    narrator not loaded, keeps the sentence it was made with."""
    game, _, name = event.code.partition(".")
    narrator = _narrators.get(game)
    if narrator is None or name not in narrator.phrases:
        return event.text
    return narrator.say(name, event.data)


@contextmanager
def retold(words: Words) -> Iterator[None]:
    """Every narrator says `words(code, data)` instead while this is in force (tests)."""
    global _retold
    before, _retold = _retold, words
    try:
        yield
    finally:
        _retold = before


def nonsense(code: str, data: Mapping[str, Any]) -> str:
    """A sentence that shares no word with any real one (for `retold` in tests)."""
    return f"zqx {len(code)} vrb {len(data)}."
