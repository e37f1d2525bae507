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

from functools import lru_cache
from typing import Any, Sequence

from game.core import Rng
from game.core.actions import Action

from .actions import Keep, Move, Place
from .board import in_order_count

COUNTERS = 12


def board_numbers(row: Sequence[Any]) -> list[int]:
    """A view's board row (piece ids or None) as counter numbers (0 = free)."""
    return [int(p.rsplit("-", 1)[1]) if p else 0 for p in row]


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


@lru_cache(maxsize=8)
def _faces_squares(layout: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    squares: dict[int, list[int]] = {}
    for i, n in enumerate(layout):
        squares.setdefault(n, []).append(i)
    return tuple((n, tuple(sq)) for n, sq in sorted(squares.items()))


def reach(board: Sequence[int], layout: tuple[int, ...]) -> list[float]:
    """Per square, the share of die faces that would let a counter go there next roll."""
    size = len(board)
    below = [-1] * size  # nearest free square strictly before i
    last = -1
    for i in range(size):
        below[i] = last
        if board[i] == 0:
            last = i
    above = [-1] * size  # nearest free square strictly after i
    last = -1
    for i in range(size - 1, -1, -1):
        above[i] = last
        if board[i] == 0:
            last = i
    weight = [0.0] * size
    for _number, own in _faces_squares(layout):
        free = [i for i in own if board[i] == 0]
        if not free:
            free = [i for i in (below[own[0]], above[own[-1]]) if i >= 0]
        for i in free:
            weight[i] += 1.0 / len(free)
    return weight


def plan_cost(board: Sequence[int], layout: tuple[int, ...], faces: int = 20) -> float:
    """Estimated cost (in rolls, roughly) of sorting `board` under its cheapest plan.

    A plan keeps an ascending chain of counters where they lie. Between two chain members
    (and the board's two ends) the missing numbers share the squares in between evenly, each
    getting a window; a number costs die faces / (share of faces that land in its window next
    roll). A gap with fewer squares than missing numbers costs heavily. Cheapest chain by DP.
    """
    weight = reach(board, layout)
    prefix = [0.0]
    for w in weight:
        prefix.append(prefix[-1] + w)
    size = len(board)
    nodes = [(-1, 0)] + [(i, n) for i, n in enumerate(board) if n] + [(size, COUNTERS + 1)]
    best = [float("inf")] * len(nodes)
    best[0] = 0.0
    for b in range(1, len(nodes)):
        j, nb = nodes[b]
        for a in range(b):
            i, na = nodes[a]
            if na >= nb or best[a] == float("inf"):
                continue
            need = nb - na - 1
            cost = best[a]
            if need:
                room = j - i - 1
                if need > room:
                    cost += 200.0 * (need - room)
                    need = max(room, 0)
                start = i + 1
                for m in range(need):
                    hit = prefix[start + ((m + 1) * room) // need] - prefix[start + (m * room) // need]
                    cost += faces / (hit if hit > 0.25 else 0.25)
            if cost < best[b]:
                best[b] = cost
    return best[-1]


class GoodPlayer:
    """Plans the whole board: keeps sorting possible and fills gaps the die reaches often."""

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action], rng: Rng) -> Action:
        """The legal action whose resulting board has the cheapest plan."""
        legal, board = own_board(view, legal_actions)
        if len(legal) == 1:
            return legal[0]
        layout = tuple(view["layout"])
        faces = len(set(layout))
        scored = []
        for action in legal:
            if isinstance(action, (Place, Move, Keep)):
                cost = plan_cost(after(board, action), layout, faces)
                if isinstance(action, Move):
                    cost += 1e-6  # keep the board rather than shuffle for nothing
                scored.append((cost, action))
        if not scored:
            return legal[0]
        low = min(c for c, _ in scored)
        ties = [a for c, a in scored if c <= low + 1e-9]
        return ties[0] if len(ties) == 1 else rng.choice(ties)
