"""Flag Finish in the smallest window finis opens (about 800x500, on an 800x600 screen: the
app keeps no larger minimum) reads as at 1024x640: the names, pile labels, race line, race
log, seat lines and hints are never under 14 px (at 800x500 the labels were 11 px, their
letters about 9 px tall). The floor for words people read is 11 px (fonts.READABLE); this
table keeps 14, the size of its smallest words at 1024x640."""
from __future__ import annotations

import pytest

from tests.ui.conftest import drag
from tests.ui.test_flag_finish_table import new_table, top_of_heap, you_and
from tests.ui.text_sizes import drawn_text_sizes, resize, too_small

SIZES = [(800, 500), (1024, 640)]


@pytest.mark.parametrize("size", SIZES)
def test_a_challenge_before_go_reads_at_14_px(app, monkeypatch, size):
    table = new_table(app, you_and(("Bo", "steady"), ("Cy", "steady")), mode="challenge")
    resize(app, size)
    assert table.frozen_reason(), "the 3-2-1 banner and its words are up"
    seen = drawn_text_sizes(app, monkeypatch, ("scenes/flag_finish/",))
    assert too_small(seen, 14) == []
    assert any(where.startswith("scenes/flag_finish/paint.py") for _, where in seen)


@pytest.mark.parametrize("size", SIZES)
def test_a_warm_up_owing_a_discard_reads_at_14_px(app, monkeypatch, size):
    table = new_table(app, you_and(("Bo", "steady"), ("Cy", "steady")))
    resize(app, size)
    drag(app, top_of_heap(table).pos, table.zones["hand0"].rect.center)
    assert table.view["owes_discard"], "the gold hint over the discard pile is up"
    seen = drawn_text_sizes(app, monkeypatch, ("scenes/flag_finish/",))
    assert too_small(seen, 14) == []


@pytest.mark.parametrize("size", SIZES)
def test_the_discard_hint_is_shown_whole(app, monkeypatch, size):
    """The hint runs from the pile's label to the area's right edge, so at 14 px it is not
    cut short (a guard for the change above: the larger letters need that room)."""
    from scenes.art import fonts
    from scenes.flag_finish import paint
    table = new_table(app, you_and(("Bo", "steady"), ("Cy", "steady")))
    resize(app, size)
    drag(app, top_of_heap(table).pos, table.zones["hand0"].rect.center)
    drawn = []
    real = paint.legible_line

    def spy(surface, words, size, pos, colour, anchor, max_width, bold=False, min_size=11):
        drawn.append((words, max_width, bold, max(11, min_size)))
        return real(surface, words, size, pos, colour, anchor, max_width, bold, min_size)

    monkeypatch.setattr(paint, "legible_line", spy)
    table.static = None
    app.draw()
    hints = [d for d in drawn if d[0].startswith("Discard now")]
    assert hints
    for words, width, bold, smallest in hints:
        assert smallest >= 14 and fonts.font(smallest, bold).size(words)[0] <= width
