"""Finito!'s computer players. They read only their own view (boards, offers, roll, layout).

- `SimplePlayer` ("simple"): places the face-up counter whose natural spot on the board
  (1 at the top left ... 12 at the bottom right) is closest to the square, ignoring what lies
  on the board already; later moves a counter when that puts more counters in ascending
  order, or, failing that, brings counters nearer their natural spots.
- `GoodPlayer` ("good"): scores every resulting board by a plan cost: pick the counters that
  stay (an ascending chain), give each missing number a window of squares in its gap, and
  charge it by how rarely the die lands there. It takes the action with the cheapest plan,
  keeping the board when nothing helps.
"""
from __future__ import annotations

from typing import Any, Optional, Sequence

from game.core import Rng
from game.core.actions import Action

from .actions import Keep, Move, Place
from .board import in_order_count
from .planner import _INF, _Planner, _Table, _table, plan_cost, reach
from game.core.players import DELAY_MS

__all__ = ["GoodPlayer", "SimplePlayer", "after", "board_numbers", "natural_spot", "own_board",
           "plan_cost", "reach"]

_LIMIT_MARGIN = 1e-6  # candidates this close to the best so far are costed exactly

COUNTERS = 12


_NUMBERS: dict[Any, int] = {None: 0}  # piece id -> its number, filled as ids are met


def board_numbers(row: Sequence[Any]) -> list[int]:
    """A view's board row (piece ids or None) as counter numbers (0 = free)."""
    numbers = _NUMBERS
    try:
        return [numbers[p] for p in row]
    except KeyError:
        for p in row:
            if p not in numbers:
                numbers[p] = int(p.rsplit("-", 1)[1]) if p else 0
        return [numbers[p] for p in row]


def after(board: Sequence[int], action: Action) -> list[int]:
    """The board once `action` is done (the counter lifted from its square for a move)."""
    result = list(board)
    if isinstance(action, Move):
        result[result.index(action.counter)] = 0
    if isinstance(action, (Place, Move)):
        result[action.square] = action.counter
    return result


def own_board(view: dict[str, Any], legal_actions: Sequence[Action]) -> tuple[list[Action], list[int]]:
    """The legal actions as a list and the acting seat's board as numbers (0 = empty)."""
    legal = list(legal_actions)
    return legal, board_numbers(view["boards"][legal[0].seat])


class SimplePlayer:
    """A naive player: each counter has its natural spot, and greed does the rest."""

    delay_ms = DELAY_MS  # only a table on a clock asks (none here)

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action], rng: Rng) -> Action:
        """Best fit by natural spot when placing; a move only if it sorts more counters."""
        legal, board = own_board(view, legal_actions)
        if len(legal) == 1:
            return legal[0]
        places = [a for a in legal if isinstance(a, Place)]
        span = len(board) - 1
        if places:
            return min(places, key=lambda a: abs(a.square - natural_spot(a.counter, span)))
        best: Action = next((a for a in legal if isinstance(a, Keep)), legal[0])
        best_key = self._key(board, span)
        for action in legal:
            if isinstance(action, Move):
                key = self._key(after(board, action), span)
                if key > best_key:
                    best, best_key = action, key
        return best

    @staticmethod
    def _key(board: Sequence[int], span: int) -> tuple[int, float]:
        """More counters in ascending order first, then counters nearer their natural spots."""
        spread = sum(abs(i - natural_spot(n, span)) for i, n in enumerate(board) if n)
        return in_order_count(board), -spread


def natural_spot(counter: int, span: int = 35) -> float:
    """Where `counter` would lie if the twelve were spread evenly over the board."""
    return (counter - 1) * span / (COUNTERS - 1)


class GoodPlayer:
    """Plans the whole board: keeps sorting possible and fills gaps the die reaches often.

    It takes the action whose board has the cheapest plan (game/finito/planner.py), keeping
    the board when nothing helps. It does not work out the moves that take a counter of its
    cheapest chain past another of that chain's members (`_Planner.far_moves`): about half of
    all moves, and almost never the best (see the planner's notes). `every_move` works them
    out too: then it picks exactly what the plain planner picks.
    """

    delay_ms = DELAY_MS  # only a table on a clock asks (none here)

    def __init__(self, every_move: bool = False) -> None:
        self.every_move = every_move
        self._layout: Optional[list[int]] = None
        self._table: Optional[_Table] = None
        self._planner: Optional[_Planner] = None

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action], rng: Rng) -> Action:
        """The legal action whose resulting board has the cheapest plan (ties drawn by `rng`)."""
        legal, board = own_board(view, legal_actions)
        if len(legal) == 1:
            return legal[0]
        if view["layout"] != self._layout:
            layout = tuple(view["layout"])
            self._layout, self._table = list(layout), _table(layout, len(set(layout)))
            self._planner = None
        # The search on the board is kept: a kept board is the next roll's board as it is.
        # Only the many candidates of a move are worth its ways on to the far end (`tails`).
        tails = len(legal) > 8
        planner = self._planner
        if planner is None or planner.board != board or (tails and planner.back is None):
            assert self._table is not None  # made with the layout above
            planner = self._planner = _Planner(board, self._table, tails)
        far = {} if self.every_move or planner.back is None else planner.far_moves()
        low = _INF
        costs: dict[int, float] = {}
        for k, action in enumerate(legal):
            if type(action) is Keep:  # first: its cost is known, and it bounds every other one
                costs[k] = low = planner.cost
        for k, action in enumerate(legal):
            limit = low + _LIMIT_MARGIN
            if isinstance(action, Move):
                span = far.get(action.counter)
                if span is not None and not span[0] < action.square < span[1]:
                    continue  # takes a counter far from its place in the cheapest chain
                cost = planner.move_cost(action.counter, action.square, limit)
                if cost >= limit:
                    continue  # no match for the best so far, nor a tie with it
                cost += 1e-6  # keep the board rather than shuffle for nothing
            elif isinstance(action, Place):
                cost = planner.place_cost(action.counter, action.square, limit)
                if cost >= limit:
                    continue
            else:
                continue
            costs[k] = cost
            if cost < low:
                low = cost
        if not costs:
            return legal[0]
        ties = [legal[k] for k in sorted(costs) if costs[k] <= low + 1e-9]
        return ties[0] if len(ties) == 1 else rng.choice(ties)
