"""A memory swap after a 0, chosen by a person at the Finita table (issue 26, item 6). With
memory 2 at four seats there are 12 legal swaps (at six seats with memory 3, 90): the chooser
used to offer 8 at most. Now every one can be made in two steps, by the chooser's buttons, by
the keys or on the table's memory cards, and going back changes nothing."""
from __future__ import annotations

import pygame
import pytest

from game.core import to_json
from game.finita.actions import Choose, Swap
from tests.ui.conftest import key, post_click
from tests.ui.test_finita_table import centre, new_table
from tests.ui.text_sizes import drawn_text_sizes, resize, too_small

HAND = ["red-0", "red-3.1", "red-4.1", "blue-6.1", "blue-7.1", "blue-8.1"]


def at_the_swap(app, seats=4, memory=2):
    """A table where Anna (at the screen) has just laid a 0 and is asked about the swap."""
    table = new_table(app, [HAND], kinds=("human",) + ("computer",) * (seats - 1),
                      options={"memory": memory, "memory_swap": True})
    for _ in range(5):
        app.frame(0.05)
    hides = [a for a in table.legal() if a.kind == "hide"]
    while hides:  # Anna lays her memory cards (never the 0); the computers lay theirs
        table.act(next(a for a in hides if a.card != "red-0"))
        hides = [a for a in table.legal() if a.kind == "hide"]
    for _ in range(60):
        if table.my_turn() and table.state.phase == "turn":
            break
        app.frame(0.1)
    post_click(app, centre(table, "red-0"))
    assert table.state.choice == "swap" and table.chooser.active()
    return table


def swaps_of(table) -> list:
    return [a for a in table.engine.legal_actions(table.state, 0) if isinstance(a, Swap)]


def cells(swap) -> tuple:
    return (swap.first, swap.first_index), (swap.second, swap.second_index)


def snapshot(table) -> str:
    return to_json(table.engine.snapshot(table.state))


def tab_to(app, table, button) -> None:
    """Tab until the ring is on `button` (failing if it never comes), then Enter."""
    for _ in range(40):
        if button.focused:
            key(app, pygame.K_RETURN)
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reaches {button.label}")


def pick(app, table, cell, way: str) -> None:
    grid = table.chooser.grid
    if way == "buttons":
        post_click(app, grid.cells[cell].rect.center)
    elif way == "keys":
        tab_to(app, table, grid.cells[cell])
    else:  # the memory card itself, on the table
        place = grid.places[cell]
        assert not place.colliderect(grid.panel), "the card lies under the chooser"
        post_click(app, place.center)


def test_the_table_names_a_way_to_every_swap(app):
    """The chooser once showed the first 8 of the 12: the other four had no way at all."""
    table = at_the_swap(app)
    swaps = swaps_of(table)
    assert len(swaps) == 12
    missing = [s.text() for s in swaps if not table.inputs_for(s)]
    assert missing == [], f"no gesture, button or key makes {missing}"


def test_every_swap_at_a_table_of_four_with_memory_2_can_be_made(app):
    table = at_the_swap(app)
    swaps = swaps_of(table)
    assert len(swaps) == 12  # three opponents, two cards each: 3 pairs of seats x 4
    ways = ("buttons", "keys", "table")
    for i, swap in enumerate(swaps):
        if i:
            app.close_scenes()
            table = at_the_swap(app)
            assert swaps_of(table) == swaps  # the same deal, the same choice
        memory = [list(m) for m in table.state.memory]
        steps = len(table.match.steps)
        first, second = cells(swap)[::-1] if i % 2 else cells(swap)
        pick(app, table, first, ways[i % 3])
        assert len(table.match.steps) == steps, "one pick made a move"
        assert table.chooser.grid.picked == first
        pick(app, table, second, ways[(i + i // 3) % 3])
        assert len(table.match.steps) == steps + 1
        assert table.match.actions[-1] == swap, (table.match.actions[-1].text(), swap.text())
        (a, ia), (b, ib) = cells(swap)
        memory[a][ia], memory[b][ib] = memory[b][ib], memory[a][ia]
        assert table.state.memory == memory
        assert not table.chooser.active()


def test_going_back_changes_nothing_and_no_swap_is_offered(app):
    table = at_the_swap(app)
    grid = table.chooser.grid
    before, steps = snapshot(table), len(table.match.steps)
    memory = [list(m) for m in table.state.memory]
    first = next(iter(grid.cells))
    partners = set(grid.partners[first])

    def back_by(undo) -> None:
        post_click(app, grid.cells[first].rect.center)
        assert grid.picked == first
        shown = {c for c, b in grid.cells.items() if b.enabled} - {first}
        assert shown == partners  # only cards that make a legal swap with it
        assert all(not grid.cells[c].enabled for c in grid.cells if c[0] == first[0]
                   and c != first)
        undo()
        assert grid.picked is None and all(b.enabled for b in grid.cells.values())
        assert app.manager.top is table, "going back opened something"
        assert len(table.match.steps) == steps and snapshot(table) == before

    back_by(lambda: post_click(app, grid.back_button.rect.center))
    back_by(lambda: key(app, pygame.K_ESCAPE))
    back_by(lambda: key(app, pygame.K_BACKSPACE))
    back_by(lambda: post_click(app, (5, table.size[1] // 2), button=3))
    back_by(lambda: post_click(app, grid.cells[first].rect.center))  # the picked one again
    # by the keys: Esc takes the ring back to the card picked first
    tab_to(app, table, grid.cells[first])
    assert grid.picked == first and not grid.cells[first].focused
    key(app, pygame.K_ESCAPE)
    assert grid.picked is None and grid.cells[first].focused
    assert len(table.match.steps) == steps and snapshot(table) == before
    keep = next(b for b in table.chooser.buttons.buttons if b.label == "No swap")
    post_click(app, keep.rect.center)
    assert table.match.actions[-1] == Choose(0, "keep")
    assert table.state.memory == memory


def test_the_arrows_move_the_ring_over_the_grid(app):
    table = at_the_swap(app)
    grid = table.chooser.grid
    rows = [[b for (s, _), b in grid.cells.items() if s == seat] for seat in grid.seats]
    key(app, pygame.K_DOWN)  # nothing has the ring yet: the first card gets it
    assert rows[0][0].focused
    key(app, pygame.K_RIGHT)
    assert rows[0][1].focused
    key(app, pygame.K_DOWN)
    assert rows[1][1].focused
    key(app, pygame.K_SPACE)  # picks it; the ring goes on to a card it can go with
    assert grid.picked == (grid.seats[1], 1)
    ringed = [c for c, b in grid.cells.items() if b.focused]
    assert len(ringed) == 1 and ringed[0] in grid.partners[grid.picked]
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    assert table.match.actions[-1].kind == "swap"


def test_inputs_for_makes_every_swap_step_by_step(app):
    """The hook the conformance test plays through: for each swap, the events it names,
    posted one step at a time, make exactly that swap, whichever card was picked before."""
    table = at_the_swap(app)
    swaps = swaps_of(table)
    for i, swap in enumerate(swaps):
        if i:
            app.close_scenes()
            table = at_the_swap(app)
        steps = len(table.match.steps)
        if i % 4 == 3:  # another card is picked already: Back comes first
            wrong = next(c for c in table.chooser.grid.cells if c not in cells(swap))
            post_click(app, table.chooser.grid.cells[wrong].rect.center)
        for _ in range(4):
            events = (table.inputs_for(swap) if i % 2 == 0
                      else table.chooser.inputs_for(swap, i))  # every way, either card first
            assert events, swap.text()
            for event in events:
                app.dispatch(event)
            app.frame(0.016)
            if len(table.match.steps) != steps:
                break
        assert len(table.match.steps) == steps + 1
        assert table.match.actions[-1] == swap, (table.match.actions[-1].text(), swap.text())
    app.close_scenes()
    table = at_the_swap(app)
    keep = Choose(0, "keep")
    post_click(app, next(iter(table.chooser.grid.cells.values())).rect.center)
    steps = len(table.match.steps)
    for _ in range(3):  # Back, then No swap
        for event in table.inputs_for(keep):
            app.dispatch(event)
        app.frame(0.016)
        if len(table.match.steps) != steps:
            break
    assert table.match.actions[-1] == keep and len(table.match.steps) == steps + 1


@pytest.mark.parametrize("size", [(800, 500), (1024, 640), (1920, 1080)])
def test_the_grid_of_six_seats_with_memory_3_fits_and_reads(app, monkeypatch, size):
    table = at_the_swap(app, seats=6, memory=3)
    assert len(swaps_of(table)) == 90
    resize(app, size)
    grid = table.chooser.grid
    window = pygame.Rect((0, 0), size)
    shown = [b.rect for b in table.chooser.buttons.buttons]
    assert len(shown) == 16  # five opponents x three cards, and No swap
    assert all(window.contains(r) for r in shown) and window.contains(grid.panel)
    assert all(r.collidelist([o for o in shown if o is not r]) == -1 for r in shown)
    for cell, place in grid.places.items():  # no opponent's memory card under the panel
        if cell[0] != 0:
            assert not place.colliderect(grid.panel), (size, cell)
    seen = drawn_text_sizes(app, monkeypatch, ("scenes/finita/",))
    assert any("chooser.py" in where or "swaps.py" in where for _, where in seen)
    assert too_small(seen) == [], size
