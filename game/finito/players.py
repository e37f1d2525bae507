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

from bisect import bisect_left, bisect_right
from functools import lru_cache
from itertools import accumulate
from typing import Any, Optional, Sequence

from game.core import Rng
from game.core.actions import Action

from .actions import Keep, Move, Place
from .board import in_order_count

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
    return [h * 0.5 for h in _halves(board, _table(tuple(layout), 1).owns)]


# How the planner's numbers are computed, and why it is fast yet exact:
# - every square's reach is a whole number of halves (each face sends 1 to one square or 1/2 to
#   two), so reach is kept as integer halves, sums of it are exact, and the cost of a window
#   is read from a table indexed by its halves: the same float the plain formula gives;
# - the cheapest chain is a shortest path over the counters in reading order; a candidate
#   board shares every counter and every reach left of its first change with the board it
#   came from, so that part of the search is taken over as it is;
# - right of its last change a candidate is the board it came from, whose cheapest way from
#   each counter to the far end is worked out once (`_back`); for the many candidates of a
#   move the search stops at the last change and joins each counter past it to that way on
#   (`_join`), so those counters are never searched again. That part is summed from the far
#   end, so such a cost may differ from the plain formula's in the last digit (about 1e-14);
# - a candidate that cannot beat the best one so far is given up as soon as every chain
#   costs at least the limit (costs only grow as a chain is extended);
# - ties are kept: the limit is the best cost so far plus a margin far above rounding.
# `_reference_plan_cost` in tests/finito/test_players.py is the plain formula; the tests
# check that both agree and that the player picks the same actions.

_INF = float("inf")
_LIMIT_MARGIN = 1e-6  # candidates this close to the best so far are costed exactly
_MEMO_SIZE = 20_000  # exact costs of boards seen, per table; cleared when full

# _WINDOWS[room][need]: each missing number's window (first, last offset) when `need`
# numbers share `room` squares evenly (the first window takes the rounding down).
_WINDOWS = [[tuple(((m * room) // need, ((m + 1) * room) // need) for m in range(need)) if need
             else () for need in range(COUNTERS + 2)] for room in range(64)]
_LATER = [[windows[1:] for windows in row] for row in _WINDOWS]  # all but the first window


class _Table:
    """What plan costs need of one layout and die: each face's squares, the cost per window
    weight, and the exact costs of boards already seen."""

    def __init__(self, layout: tuple[int, ...], faces: int) -> None:
        self.size = len(layout)
        self.owns = tuple((sq[0], sq[-1]) for _n, sq in _faces_squares(layout))
        self.face_of = [0] * self.size  # index into `owns` of each square's number
        for f, (x, y) in enumerate(self.owns):
            self.face_of[x] = self.face_of[y] = f
        halves = 2 * len(self.owns)  # all the reach there is, in halves
        self.terms = tuple(faces / (h * 0.5 if h * 0.5 > 0.25 else 0.25) for h in range(halves + 1))
        self.memo: dict[bytes, float] = {}  # exact plan costs
        self.joined: dict[bytes, float] = {}  # candidates' costs summed in another order


@lru_cache(maxsize=8)
def _table(layout: tuple[int, ...], faces: int) -> _Table:
    if len(layout) >= len(_WINDOWS):
        raise ValueError(f"a board of {len(layout)} squares is larger than the planner handles")
    return _Table(layout, faces)


def _halves(board: Sequence[int], owns: tuple[tuple[int, int], ...]) -> list[int]:
    """`reach` in halves: a face's free squares share it; all covered, the nearest free square
    before them and the nearest after them do (each face's part: `_share`)."""
    weight = [0] * len(board)
    for x, y in owns:
        for square, halves in _share(board, x, y):
            weight[square] += halves
    return weight


def _share(board: Sequence[int], x: int, y: int) -> tuple[tuple[int, int], ...]:
    """One face's part of `_halves` as (square, halves) pairs; its squares are x and y."""
    if board[x] == 0:
        if x != y and board[y] == 0:
            return ((x, 1), (y, 1))
        return ((x, 2),)
    if board[y] == 0:
        return ((y, 2),)
    size = len(board)
    lo = x - 1
    while lo >= 0 and board[lo]:
        lo -= 1
    hi = y + 1
    while hi < size and board[hi]:
        hi += 1
    if lo >= 0:
        return ((lo, 1), (hi, 1)) if hi < size else ((lo, 2),)
    return ((hi, 2),) if hi < size else ()


def _cheapest_to(states, before: int, j: int, low: float, prefix, terms, later) -> float:
    """The cheapest way from the chains in `states` to a counter numbered `before` + 1 at place
    `j`, if cheaper than `low` (else `low`): the inner loop both planners share."""
    for na, cost, start in reversed(states):
        need = before - na
        if need < 0 or cost >= low:
            continue
        if need:
            room = j - start
            if need > room:
                cost += 200.0 * (need - room)
                if cost >= low or not room:
                    if cost < low:
                        low = cost
                    continue
                need = room
            base = prefix[start]
            cost += terms[prefix[start + room // need] - base]  # the first window
            if cost >= low:
                continue
            if need > 1:
                for first, last in later[room][need]:
                    cost += terms[prefix[start + last] - prefix[start + first]]
                    if cost >= low:
                        break
                else:
                    low = cost
                continue
        low = cost
    return low


def _chain(states: list[tuple[int, float, int]], nodes: list[tuple[int, int]], prefix: list[int],
           terms: tuple[float, ...], limit: float = _INF) -> float:
    """Extend the cheapest-chain search by `nodes` (square, number; the far end last).

    `states` holds (number, cost of the cheapest chain ending there, square after it) for
    the counters before, the near end first, and is extended in place. A cost of `limit` or
    more stands for "at least `limit`": the result is exact only when it is below `limit`.
    """
    later = _LATER
    low = limit
    for j, nb in nodes:
        low = _cheapest_to(states, nb - 1, j, limit, prefix, terms, later)
        if low < limit:
            states.append((nb, low, j + 1))
    return low


def _back(nodes: list[tuple[int, int]], prefix: list[int], terms: tuple[float, ...]) -> list[float]:
    """Per node (square, number; the far end last), the cost of the cheapest way from that
    counter to the far end, worked out from the far end back."""
    windows = _WINDOWS
    back = [0.0] * len(nodes)
    after: list[tuple[int, float, int]] = [(nodes[-1][1], 0.0, nodes[-1][0])]
    for k in range(len(nodes) - 2, -1, -1):
        i, na = nodes[k]
        low = _INF
        for nb, cost, j in reversed(after):
            if nb <= na or cost >= low:
                continue
            need = nb - na - 1
            if need:
                room = j - i - 1
                if need > room:
                    cost += 200.0 * (need - room)
                    need = room
                start = i + 1
                for first, last in windows[room][need]:
                    cost += terms[prefix[start + last] - prefix[start + first]]
                    if cost >= low:
                        break
            if cost < low:
                low = cost
        back[k] = low
        after.append((na, low, i))
    return back


def _join(states: list[tuple[int, float, int]], nodes: list[tuple[int, int]], back: list[float],
          prefix: list[int], terms: tuple[float, ...], limit: float) -> float:
    """The cheapest chain that ends its search at one of `nodes` (the counters past the last
    change, the far end last), each node's cheapest way on to the far end being `back`.

    `states` are the chains ending before those nodes, as in `_chain`. A result of `limit` or
    more stands for "at least `limit`".
    """
    later = _LATER
    best = limit
    for (j, nb), rest in zip(nodes, back):
        bound = best - rest
        low = _cheapest_to(states, nb - 1, j, bound, prefix, terms, later)
        if low < bound:
            best = low + rest
    return best


def _nodes(board: Sequence[int], start: int = 0) -> list[tuple[int, int]]:
    """The counters from square `start` on as (square, number), then the far end."""
    size = len(board)
    nodes = [(j, board[j]) for j in range(start, size) if board[j]]
    nodes.append((size, COUNTERS + 1))
    return nodes


def plan_cost(board: Sequence[int], layout: tuple[int, ...], faces: int = 20) -> float:
    """Estimated cost (in rolls, roughly) of sorting `board` under its cheapest plan.

    A plan keeps an ascending chain of counters where they lie. Between two chain members
    (and the board's two ends) the missing numbers share the squares in between evenly, each
    getting a window; a number costs die faces / (share of faces that land in its window next
    roll). A gap with fewer squares than missing numbers costs heavily. Cheapest chain by DP.
    """
    table = _table(tuple(layout), faces)
    key = bytes(board)
    cost = table.memo.get(key)
    if cost is None:
        prefix = list(accumulate(_halves(board, table.owns), initial=0))
        cost = _chain([(0, 0.0, 0)], _nodes(board), prefix, table.terms)
        _remember(table.memo, key, cost)
    return cost


def _remember(memo: dict[bytes, float], key: bytes, cost: float) -> None:
    if len(memo) >= _MEMO_SIZE:
        memo.clear()
    memo[key] = cost


class _Planner:
    """Plan costs of boards one step away from `board`, reusing the search on `board`."""

    def __init__(self, board: list[int], table: _Table, tails: bool) -> None:
        self.board = board
        self.table = table
        owns = table.owns
        self.shares = shares = [_share(board, x, y) for x, y in owns]
        weight = [0] * len(board)
        for share in shares:
            for square, halves in share:
                weight[square] += halves
        self.weight = weight
        # The faces covered all over spill their reach to the nearest free square on either
        # side (lo, hi); only freeing a square strictly between those, or covering lo or hi,
        # changes that face's part. Per square, the covered faces each event touches.
        size = len(board)
        self.spans: list[list[int]] = [[] for _ in range(size)]  # freeing this square
        self.edges: list[list[int]] = [[] for _ in range(size)]  # covering this square
        for f, (x, y) in enumerate(owns):
            if board[x] and board[y]:
                lo = x - 1
                while lo >= 0 and board[lo]:
                    lo -= 1
                hi = y + 1
                while hi < size and board[hi]:
                    hi += 1
                for square in range(lo + 1, hi):
                    self.spans[square].append(f)
                if lo >= 0:
                    self.edges[lo].append(f)
                if hi < size:
                    self.edges[hi].append(f)
        self.states: list[tuple[int, float, int]] = [(0, 0.0, 0)]
        prefix = list(accumulate(weight, initial=0))
        self.nodes = nodes = _nodes(board)
        self.squares = [j for j, _n in nodes]
        self.cost = _chain(self.states, nodes, prefix, table.terms)
        self.starts = [start for _n, _c, start in self.states]
        # Worth its cost only for the many candidates of a move: per counter, the cheapest
        # way on to the far end, which a candidate shares past its last change.
        self.back: Optional[list[float]] = _back(nodes, prefix, table.terms) if tails else None

    def cost_of(self, board: list[int], changed: tuple[int, ...], limit: float) -> float:
        """Plan cost of `board`, which differs from the base board only on the `changed`
        squares (the target last; a move's origin first); exact when below `limit`, else
        some value at least `limit`."""
        table = self.table
        key = bytes(board)
        memo = table.memo if self.back is None else table.joined
        known = memo.get(key)
        if known is not None:
            return known
        # Only the faces of the changed squares and the covered faces whose spill the change
        # touches can reach differently.
        target = changed[-1]
        face_of = table.face_of
        faces = set(self.edges[target])
        faces.add(face_of[target])
        first = last = target
        origin = -1
        if len(changed) > 1:
            origin = changed[0]
            faces.update(self.spans[origin])
            faces.add(face_of[origin])
            if origin < first:
                first = origin
            else:
                last = origin
        weight = self.weight
        copied = False
        owns, shares = table.owns, self.shares
        for f in faces:
            x, y = owns[f]
            old, new = shares[f], _share(board, x, y)
            if old != new:
                if not copied:
                    weight = list(weight)
                    copied = True
                for square, halves in old:
                    weight[square] -= halves
                    if square < first:
                        first = square
                    elif square > last:
                        last = square
                for square, halves in new:
                    weight[square] += halves
                    if square < first:
                        first = square
                    elif square > last:
                        last = square
        prefix = list(accumulate(weight, initial=0))
        # The counters from `first` on: the base board's, the origin's gone, the target's in.
        squares = self.squares
        k = bisect_left(squares, first)
        m = bisect_left(squares, target, k)
        counter = board[target]
        states = self.states[:bisect_left(self.starts, first + 1)]
        back = self.back
        # Past `last` a candidate has the base board's counters and reach: with `back` the
        # search stops there and joins each of them to its known way on.
        h = len(squares) if back is None else bisect_right(squares, last, m)
        base = self.nodes
        nodes = [nd for nd in base[k:m] if nd[0] != origin]
        nodes.append((target, counter))
        if origin > target:
            nodes.extend(nd for nd in base[m:h] if nd[0] != origin)
        else:
            nodes.extend(base[m:h])
        cost = _chain(states, nodes, prefix, table.terms, limit)
        if back is not None:
            cost = _join(states, base[h:], back[h:], prefix, table.terms, limit)
        if cost < limit:
            _remember(memo, key, cost)
        return cost


class GoodPlayer:
    """Plans the whole board: keeps sorting possible and fills gaps the die reaches often."""

    def __init__(self) -> None:
        self._table: Optional[_Table] = None
        self._planners: dict[tuple[bytes, bool], _Planner] = {}

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action], rng: Rng) -> Action:
        """The legal action whose resulting board has the cheapest plan."""
        legal, board = own_board(view, legal_actions)
        if len(legal) == 1:
            return legal[0]
        layout = tuple(view["layout"])
        table = _table(layout, len(set(layout)))
        tails = len(legal) > 8
        key = (bytes(board), tails)
        planner = self._planners.get(key) if self._table is table else None
        if planner is None:
            # A kept board is the next roll's base board too: its search is kept for it.
            planner = _Planner(board, table, tails)
            self._table, self._planners = table, {key: planner}
        low = _INF
        costs: dict[int, float] = {}
        # The kept board first: its cost is known, and it bounds every other candidate.
        order = sorted(range(len(legal)), key=lambda k: not isinstance(legal[k], Keep))
        for k in order:
            action = legal[k]
            if isinstance(action, Keep):
                cost = planner.cost
            elif isinstance(action, (Place, Move)):
                candidate = list(board)
                changed: tuple[int, ...] = (action.square,)
                if isinstance(action, Move):
                    origin = candidate.index(action.counter)
                    candidate[origin] = 0
                    changed = (origin, action.square)
                candidate[action.square] = action.counter
                limit = low + _LIMIT_MARGIN
                cost = planner.cost_of(candidate, changed, limit)
                if cost >= limit:
                    continue  # no match for the best so far, nor a tie with it
                if isinstance(action, Move):
                    cost += 1e-6  # keep the board rather than shuffle for nothing
            else:
                continue
            costs[k] = cost
            if cost < low:
                low = cost
        if not costs:
            return legal[0]
        ties = [legal[k] for k in sorted(costs) if costs[k] <= low + 1e-9]
        return ties[0] if len(ties) == 1 else rng.choice(ties)
