"""Issue 25, item 4 at the Finita table, after a fresh-eyes play-through: nothing the table
writes covers what a person must see or react to. The mark of a seat that holds one card
and did not call stands over none of that seat's cards (its memory card included), nor over
the hand of the person to move or an open window's countdown."""
from __future__ import annotations

import pygame
import pytest

from game.finita.view import hand_zone, memory_zone
from scenes import widgets as ui
from scenes.finita import paint
from tests.finita.helpers import late
from tests.ui.test_finita_table import new_table
from tests.ui.text_sizes import resize

SIZES = ((1024, 640), (1920, 1080))
REDS = ["red-1.1", "red-2.1", "red-3.1", "red-4.1", "red-6.1", "red-8.1"]


def seat_to_catch(app, seats: int, memory: int, unsafe: int):
    """A table of `seats` (Anna at the screen, computers round it) where `unsafe` holds its
    last card without a call while a throw window is open: with memory cards on, that last
    card is a memory card (they are played last) and its hand is empty."""
    kinds = ("human",) + ("computer",) * (seats - 1)
    table = new_table(app, [[c] for c in REDS[:seats]], kinds=kinds,
                      options={"memory": memory, "throws": True, "window": 5000})
    state = table.state
    while state.phase == "hide":
        table.match.act(table.engine.legal_actions(state, state.turn)[0])
        state = table.state
    keep = [] if memory else state.hands[unsafe][:1]
    state.draw[:0] = [c for c in state.hands[unsafe] if c not in keep]
    state.hands[unsafe] = keep
    assert state.total(unsafe) == 1
    state.unsafe, state.throw_until = unsafe, state.last_ms + 5000
    table.refresh([], animate=False)
    table.clock_ms = state.last_ms
    return table


def drawn_words_rect(app, table, monkeypatch, wanted) -> pygame.Rect:
    """Where the Finita painter writes the one line for which `wanted(words)` holds, in one
    full redraw of the table (its cached background painted afresh)."""
    seen: list[pygame.Rect] = []
    real = paint.ui.text

    def spy(surface, words, *args, **kwargs):
        rect = real(surface, words, *args, **kwargs)
        if wanted(words):
            seen.append(rect)
        return rect

    monkeypatch.setattr(paint.ui, "text", spy)
    table.static = None
    app.needs_redraw = True
    app.draw()
    monkeypatch.setattr(paint.ui, "text", real)
    assert len(seen) == 1, seen
    return seen[0]


def drawn_mark(app, table, monkeypatch) -> pygame.Rect:
    return drawn_words_rect(app, table, monkeypatch, lambda words: words == paint.NO_CALL)


@pytest.mark.parametrize("memory", [1, 0], ids=["memory", "no-memory"])
@pytest.mark.parametrize("seats", [2, 3, 4, 6])
def test_the_no_call_mark_covers_no_card_of_the_seat_nor_the_hand_or_countdown(
        app, monkeypatch, seats, memory):
    """Seen in a real window with memory cards on: the mark stood over that seat's memory
    card, its last card, the very card the others must catch it with."""
    for size in SIZES:
        for unsafe in range(seats):
            resize(app, size)
            table = seat_to_catch(app, seats, memory, unsafe)
            assert table.countdown_rects(), "the throw window's countdown shows"
            mark = drawn_mark(app, table, monkeypatch)
            where = (size, seats, memory, unsafe, mark)
            assert pygame.Rect((0, 0), size).contains(mark), where
            cards = [s.rect for s in table.sprites.values() if not s.remove_when_done
                     and s.zone in (hand_zone(unsafe), memory_zone(unsafe))]
            assert cards and mark.collidelist(cards) < 0, (where, cards)
            assert mark.collidelist(table.keep_clear()) < 0, (where, table.keep_clear())
            others = [s.rect for s in table.sprites.values() if not s.remove_when_done]
            assert mark.collidelist(others) < 0, where


# -- announcements (toasts) and the round line -----------------------------------------------

def drawn_round_line(app, table, monkeypatch) -> pygame.Rect:
    """Where the panel beside the discard pile writes the round ("Round 1 · match to 500")."""
    return drawn_words_rect(app, table, monkeypatch,
                            lambda words: words.startswith(f"Round {table.view['round']} "))


def demand_on_anna(app, seats: int):
    """Ben (computer) laid Paul and asks for a 4; Anna, holding one, is to answer."""
    kinds = ("human",) + ("computer",) * (seats - 1)
    table = new_table(app, [["red-4.1", "blue-2.1"], ["paul.1", "blue-9.1"]], kinds=kinds,
                      starter=1)
    late(table.state, ["red-4.1", "blue-2.1"], ["paul.1", "blue-9.1"])
    for text in ("1 play paul.1", "1 choose 4"):
        table.match.act(table.engine.parse_action(f"{text} {table.state.last_ms}"))
    for seat in range(2, seats):
        table.match.act(table.engine.parse_action(f"{seat} take {table.state.last_ms}"))
    table.refresh([], animate=False)
    assert table.state.phase == "demand" and table.state.turn == 0
    return table


def moment(hand: str, first: str = "red-5.1"):
    """Anna holds `hand` on her turn, with `first` on the pile (a +2: a running draw)."""
    def table(app, seats: int):
        hands = [[hand]] + [[c] for c in REDS[1:seats]]
        return new_table(app, hands, first, kinds=("human",) + ("computer",) * (seats - 1))
    return table


MOMENTS = {"turn": moment("red-7.1"), "running draw": moment("blue-draw2.1", "red-draw2.1"),
           "demand": demand_on_anna}
SAID = ["Nothing to do for you right now.",
        "Pass the draw on with a +2 or Pia, or take 4.",
        "You hold blue 10, which answers a 10: lay it. Only a player who cannot answer draws a card."]


@pytest.mark.parametrize("seats", [2, 4, 6])
@pytest.mark.parametrize("moment", list(MOMENTS))
def test_announcements_cover_neither_the_round_line_nor_the_hand(app, monkeypatch, moment, seats):
    """Seen in a real window: H when nothing was Anna's to do said so in a banner over the
    round line of the panel beside the pile. One, two and three banners at once, where the
    app draws them."""
    for size in SIZES:
        resize(app, size)
        table = MOMENTS[moment](app, seats)
        line = drawn_round_line(app, table, monkeypatch)
        hand = table.mover_hand()
        assert hand, "Anna's hand is the hand to keep clear"
        for count in (1, 2, 3):
            boxes = ui.draw_toasts(app.screen, [(words, "bad") for words in SAID[:count]],
                                   table.message_area(size), table.keep_clear())
            where = (size, count, line, boxes)
            # the newest always; older ones only where they fit under the other seats
            # (tests/ui/test_finita_toast_room.py)
            assert 1 <= len(boxes) <= count
            assert all(not box.colliderect(line) for box in boxes), where
            assert all(box.collidelist(hand) < 0 for box in boxes), where
            assert all(pygame.Rect((0, 0), size).contains(box) for box in boxes), where
