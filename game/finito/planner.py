"""The good player's plan cost, and the fast search that scores the boards one action away.

The plan cost of a board (`plan_cost`) estimates how many rolls it takes to sort it: a plan
keeps an ascending chain of counters where they lie; between two chain members (and the
board's two ends) the missing numbers share the squares in between evenly, each getting a
window, and a number costs die faces / (share of faces that land in its window next roll).
A gap with fewer squares than missing numbers costs heavily. The cheapest chain wins (a
shortest path over the counters in reading order).

How the search is fast yet exact:

- every square's reach is a whole number of halves (each face sends 1 to one square or 1/2 to
  two), so reach is kept as integer halves, sums of it are exact, and the cost of a window is
  read from a table indexed by its halves: the same float the plain formula gives;
- a chain whose next gap cannot be cheap enough is dropped before its windows are costed: n
  windows sharing h halves cost at least 2 faces n² / (h + n/2) (`_Table.bounds`);
- a candidate board (the board after one place or move) shares every counter and every reach
  left of its first change with the board it came from, so that part of the search is taken
  over as it is (`_Planner`);
- the reach with one more square covered is worked out once per square (`_Covered`) and
  shared by every candidate that puts a counter there; a move then redoes only the faces
  that lifting its counter can change. The chains that pass by a placed counter are the same
  for every counter placed on that square, so they are searched once per square;
- right of its last change a candidate is the board it came from, whose cheapest way from
  each counter to the far end is worked out once (`_back`); for the many candidates of a move
  the search stops at the last change and joins each counter past it to that way on
  (`_join`). That part is summed from the far end, so such a cost may differ from the plain
  formula's in the last digit (about 1e-14);
- a candidate that cannot beat the best one so far is given up as soon as every chain costs
  at least the limit (costs only grow as a chain is extended).

One shortcut is not exact: the good player leaves out the moves that take a counter of a
cheapest chain past another member of it (`_Planner.far_moves`). They are about half of all
moves and were the cheapest action in about 1 position in 300 of good players' games, never
by much (the same win rate in 1,000 paired games: 589 against 591 before issue 13).
`GoodPlayer(every_move=True)` weighs them too.

`_reference_plan_cost` in tests/finito/test_players.py is the plain formula; the tests check
that both agree and that the player picks the actions the plain planner picks (among the
moves it weighs).
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from functools import cached_property, lru_cache
from itertools import accumulate
from typing import Any, Optional, Sequence

COUNTERS = 12

_BOUND_SAFETY = 1 - 1e-9  # keeps a lower bound below the float sum it bounds
_INF = float("inf")
_MEMO_SIZE = 20_000  # exact costs of boards seen by `plan_cost`, per table; cleared when full
_CHAIN_TOLERANCE = 1e-9  # a counter whose best chain costs this little more is on a cheapest one
_NEIGHBOURS = 1  # a counter of a cheapest chain is moved short of this many chain members away

# _WINDOWS[room][need]: each missing number's window (first, last offset) when `need`
# numbers share `room` squares evenly (the first window takes the rounding down).
_WINDOWS = [[tuple(((m * room) // need, ((m + 1) * room) // need) for m in range(need)) if need
             else () for need in range(COUNTERS + 2)] for room in range(64)]
_LATER = [[windows[1:] for windows in row] for row in _WINDOWS]  # all but the first window


@lru_cache(maxsize=8)
def _faces_squares(layout: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Each number of the layout with its squares, in number order."""
    squares: dict[int, list[int]] = {}
    for i, n in enumerate(layout):
        squares.setdefault(n, []).append(i)
    return tuple((n, tuple(sq)) for n, sq in sorted(squares.items()))



def _reweigh(weight: list[int], old: Sequence[tuple[int, int]], new: Sequence[tuple[int, int]],
             first: int, last: int) -> tuple[int, int]:
    """A face's share of the squares changed from `old` to `new` ((square, halves) pairs):
    move it in `weight`; returns the range of changed squares widened to cover them."""
    for s, halves in old:
        weight[s] -= halves
        if s < first:
            first = s
        elif s > last:
            last = s
    for s, halves in new:
        weight[s] += halves
        if s < first:
            first = s
        elif s > last:
            last = s
    return first, last

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
        # bounds[n][h]: n windows sharing h halves cost at least 2 faces n² / (h + n/2), as
        # each costs 2 faces / max(its halves, 1/2) (Cauchy-Schwarz); a hair less, so that
        # the bound stays below the float sum it bounds.
        self.bounds = tuple(tuple(2 * faces * n * n / (h + 0.5 * n) * _BOUND_SAFETY if n else 0.0
                                  for h in range(halves + 1)) for n in range(COUNTERS + 1))
        self.memo: dict[bytes, float] = {}  # exact plan costs


@lru_cache(maxsize=8)
def _table(layout: tuple[int, ...], faces: int) -> _Table:
    if len(layout) >= len(_WINDOWS):
        raise ValueError(f"a board of {len(layout)} squares is larger than the planner handles")
    return _Table(layout, faces)


def reach(board: Sequence[int], layout: tuple[int, ...]) -> list[float]:
    """Per square, the share of die faces that would let a counter go there next roll."""
    return [h * 0.5 for h in _halves(board, _table(tuple(layout), 1).owns)]


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
    return _spilled(*_free_around(board, x, y), len(board))


def _spilled(lo: int, hi: int, size: int) -> tuple[tuple[int, int], ...]:
    """The share of a face whose squares are all covered, given the nearest free square before
    them (lo, -1: none) and after them (hi, the size: none)."""
    if lo >= 0:
        return ((lo, 1), (hi, 1)) if hi < size else ((lo, 2),)
    return ((hi, 2),) if hi < size else ()


def _free_around(board: Sequence[int], x: int, y: int) -> tuple[int, int]:
    """The nearest free square before x and the nearest after y (-1 and the size: none)."""
    lo = x - 1
    while lo >= 0 and board[lo]:
        lo -= 1
    hi = y + 1
    size = len(board)
    while hi < size and board[hi]:
        hi += 1
    return lo, hi


def _read(board: Sequence[int], x: int, y: int) -> tuple[int, int]:
    """The squares `_share(board, x, y)` looks at, as (first, last): its share cannot change
    while they do not."""
    if board[x] == 0 or board[y] == 0:
        return x, y
    lo = x - 1
    while lo > 0 and board[lo]:
        lo -= 1
    hi = y + 1
    size = len(board)
    while hi < size - 1 and board[hi]:
        hi += 1
    return max(lo, 0), min(hi, size - 1)


def _cheapest_to(states, before: int, j: int, low: float, prefix, terms, later, bounds) -> float:
    """The cheapest way from the chains in `states` to a counter numbered `before` + 1 at place
    `j`, if cheaper than `low` (else `low`): the inner loop of every search here.

    A gap of several windows is first checked against a lower bound of its cost (`bounds`,
    see `_Table`): most chains that cannot win are given up there, before any window."""
    at_j = prefix[j]
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
            if need > 1:
                if cost + bounds[need][at_j - base] >= low:
                    continue
                cost += terms[prefix[start + room // need] - base]  # the first window
                if cost >= low:
                    continue
                for first, last in later[room][need]:
                    cost += terms[prefix[start + last] - prefix[start + first]]
                    if cost >= low:
                        break
                else:
                    low = cost
                continue
            cost += terms[at_j - base]  # a single window: the whole gap
            if cost >= low:
                continue
        low = cost
    return low


def _chain(states: list[tuple[int, float, int]], nodes: list[tuple[int, int]], prefix: list[int],
           table: _Table, limit: float = _INF) -> float:
    """Extend the cheapest-chain search by `nodes` (square, number; the far end last).

    `states` holds (number, cost of the cheapest chain ending there, square after it) for
    the counters before, the near end first, and is extended in place. A cost of `limit` or
    more stands for "at least `limit`": the result is exact only when it is below `limit`.
    """
    terms, later, bounds = table.terms, _LATER, table.bounds
    low = limit
    for j, nb in nodes:
        low = _cheapest_to(states, nb - 1, j, limit, prefix, terms, later, bounds)
        if low < limit:
            states.append((nb, low, j + 1))
    return low


def _back(nodes: list[tuple[int, int]], prefix: list[int], table: _Table) -> list[float]:
    """Per node (square, number; the far end last), the cost of the cheapest way from that
    counter to the far end, worked out from the far end back (gaps of several windows first
    checked against their bound, as in `_cheapest_to`)."""
    terms, windows, bounds = table.terms, _WINDOWS, table.bounds
    back = [0.0] * len(nodes)
    after: list[tuple[int, float, int]] = [(nodes[-1][1], 0.0, nodes[-1][0])]
    for k in range(len(nodes) - 2, -1, -1):
        i, na = nodes[k]
        start = i + 1
        low = _INF
        for nb, cost, j in reversed(after):
            if nb <= na or cost >= low:
                continue
            need = nb - na - 1
            if need:
                room = j - start
                if need > room:
                    cost += 200.0 * (need - room)
                    need = room
                if need > 1 and cost + bounds[need][prefix[j] - prefix[start]] >= low:
                    continue
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
          prefix: list[int], table: _Table, limit: float) -> float:
    """The cheapest chain that ends its search at one of `nodes` (the counters past the last
    change, the far end last), each node's cheapest way on to the far end being `back`.

    `states` are the chains ending before those nodes, as in `_chain`. A result of `limit` or
    more stands for "at least `limit`".
    """
    terms, later, bounds = table.terms, _LATER, table.bounds
    best = limit
    for (j, nb), rest in zip(nodes, back):
        bound = best - rest
        low = _cheapest_to(states, nb - 1, j, bound, prefix, terms, later, bounds)
        if low < bound:
            best = low + rest
    return best


def _nodes(board: Sequence[int]) -> list[tuple[int, int]]:
    """The counters as (square, number) in reading order, then the far end."""
    nodes = [(j, n) for j, n in enumerate(board) if n]
    nodes.append((len(board), COUNTERS + 1))
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
        cost = _chain([(0, 0.0, 0)], _nodes(board), prefix, table)
        if len(table.memo) >= _MEMO_SIZE:
            table.memo.clear()
        table.memo[key] = cost
    return cost


class _Covered:
    """A planner's board with one more square covered, as far as reach goes (which counter
    covers it does not matter): worked out once per square, shared by every candidate that
    puts a counter there.

    `shares` maps each face whose share may differ from the board's (the square's own and
    those whose spill the square touches) to its share now, and `seen` to the squares that
    share looks at (first, last): a later change outside them cannot alter it. `weight` and
    its running sum `prefix` are the reach now; `first`..`last` spans the square and every
    square whose reach changed.
    """

    __slots__ = ("shares", "seen", "weight", "prefix", "first", "last")

    def __init__(self, planner: "_Planner", square: int) -> None:
        table = planner.table
        owns = table.owns
        board = planner.board  # covered for a moment, freed again below
        board[square] = COUNTERS + 1
        shares: dict[int, tuple[tuple[int, int], ...]] = {}
        seen: dict[int, tuple[int, int]] = {}
        try:
            for f in {table.face_of[square], *planner.edges(square)}:
                x, y = owns[f]
                shares[f] = _share(board, x, y)
                seen[f] = _read(board, x, y)
        finally:
            board[square] = 0
        weight = list(planner.weight)
        first = last = square
        for f, new in shares.items():
            old = planner.shares[f]
            if old != new:
                first, last = _reweigh(weight, old, new, first, last)
        self.shares, self.seen = shares, seen
        self.weight, self.first, self.last = weight, first, last
        self.prefix = list(accumulate(weight, initial=0))


class _Planner:
    """Plan costs of boards one step away from `board`, reusing the search on `board`.

    `tails` also works out, per counter, the cheapest way on to the far end (`back`): worth
    its cost only for the many candidates of a move, which then stop their search at their
    last change.
    """

    def __init__(self, board: list[int], table: _Table, tails: bool) -> None:
        self.board = board
        self.table = table
        size = len(board)
        # Each face's share (as `_share` gives it) and the reach they add up to, in one pass.
        # The faces covered all over spill their reach to the nearest free square on either
        # side (lo, hi; -1 or the size when there is none): only freeing a square strictly
        # between those, or covering lo or hi, changes that face's part (`edges`, `spans`).
        shares: list[Any] = []  # each face's (square, halves) pairs
        spill: list[tuple[int, int, int]] = []
        self.shares, self.spill = shares, spill
        weight = [0] * size
        for f, (x, y) in enumerate(table.owns):
            if board[x] and board[y]:
                lo, hi = _free_around(board, x, y)
                spill.append((f, lo, hi))
                share = _spilled(lo, hi, size)
            else:
                share = _share(board, x, y)
            shares.append(share)
            for square, halves in share:
                weight[square] += halves
        self.weight = weight
        self.prefix = prefix = list(accumulate(weight, initial=0))
        self.nodes = nodes = _nodes(board)
        self.squares = [j for j, _n in nodes]
        # The cheapest chain ending at each counter, the near end first; worked out as far as
        # a candidate needs (a place needs the counters before its square only).
        self.states: list[tuple[int, float, int]] = [(0, 0.0, 0)]
        self.back: Optional[list[float]] = None
        if tails:
            self.ready(len(nodes))
            self.back = _back(nodes, prefix, table)
        self._covering: dict[int, _Covered] = {}
        self._lifting: dict[int, set[int]] = {}  # per square: faces lifting its counter changes
        self._placing: dict[int, tuple[list, int, float, float]] = {}
        self._far: Optional[dict[int, tuple[int, int]]] = None

    @cached_property
    def where(self) -> dict[int, int]:
        """Each counter's square."""
        return {n: i for i, n in enumerate(self.board) if n}

    def ready(self, count: int) -> list[tuple[int, float, int]]:
        """`states` with those of the first `count` counters worked out."""
        states = self.states
        if len(states) <= count:
            _chain(states, self.nodes[len(states) - 1:count], self.prefix, self.table)
        return states

    @property
    def cost(self) -> float:
        """The plan cost of the board itself."""
        return self.ready(len(self.nodes))[-1][1]

    def edges(self, square: int) -> list[int]:
        """The covered faces whose reach spills onto `square`: covering it moves their part."""
        return [f for f, lo, hi in self.spill if lo == square or hi == square]

    def spans(self, square: int) -> list[int]:
        """The covered faces whose run of covered squares holds `square`: freeing it draws
        their part to it."""
        return [f for f, lo, hi in self.spill if lo < square < hi]

    def covering(self, square: int) -> _Covered:
        """The board with free `square` covered (worked out once)."""
        covered = self._covering.get(square)
        if covered is None:
            covered = self._covering[square] = _Covered(self, square)
        return covered

    def place_cost(self, counter: int, square: int, limit: float) -> float:
        """Plan cost once `counter` is put on free `square`; exact when below `limit`, else
        some value at least `limit`.

        The chains that pass by the new counter are those of the board with `square` merely
        covered, the same for every counter put there: their cost is worked out once per
        square (`_passing`). Only the chains through the new counter are searched for each."""
        cover = self.covering(square)
        left, m, passing = self._passing(square, cover, limit)
        table = self.table
        through = _cheapest_to(left, counter - 1, square, limit, cover.prefix, table.terms, _LATER,
                               table.bounds)
        if through < limit:
            through = _chain([(counter, through, square + 1)], self.nodes[m:], cover.prefix, table,
                             limit)
        return through if through < passing else passing

    def _passing(self, square: int, cover: _Covered, limit: float) -> tuple[list, int, float]:
        """For a counter put on `square`: the chains that end before it, the index of the first
        counter after it, and the cheapest chain that leaves it out (exact when below `limit`,
        else at least `limit`), worked out once per square."""
        known = self._placing.get(square)
        if known is not None and (known[2] < known[3] or limit <= known[3]):
            return known[0], known[1], known[2]
        squares, table = self.squares, self.table
        k = bisect_left(squares, cover.first)
        m = bisect_left(squares, square, k)
        left = self.ready(k)[:k + 1]
        _chain(left, self.nodes[k:m], cover.prefix, table)
        passing = _chain(list(left), self.nodes[m:], cover.prefix, table, limit)
        self._placing[square] = (left, m, passing, limit)
        return left, m, passing

    def move_cost(self, counter: int, square: int, limit: float) -> float:
        """Plan cost once `counter` is moved to free `square`; exact when below `limit`, else
        some value at least `limit`."""
        origin, prefix, first, last = self.moved(counter, square)
        return self._search(prefix, first, last, origin, square, counter, limit)

    def moved(self, counter: int, square: int) -> tuple[int, list[int], int, int]:
        """The reach once `counter` is moved to free `square`: (the square it leaves, the
        running sum of the reach, the first and last square that differ from the board's).

        It is that of the board with `square` covered (`covering`, shared by every counter
        moved there) but for the faces that lifting the counter can change: its square's own,
        those whose spill runs over its square and, of those that covering `square` changed,
        any that look at its square now."""
        table = self.table
        origin = self.where[counter]
        cover = self.covering(square)
        faces = self._lifting.get(origin)
        if faces is None:
            faces = self._lifting[origin] = {table.face_of[origin], *self.spans(origin)}
        seen = [f for f, (lo, hi) in cover.seen.items() if lo <= origin <= hi]
        if seen:
            faces = faces.union(seen)
        weight = list(cover.weight)
        first, last = cover.first, cover.last
        if origin < first:
            first = origin
        elif origin > last:
            last = origin
        board, shares, owns, covered = self.board, self.shares, table.owns, cover.shares
        board[origin], board[square] = 0, counter  # the candidate, for a moment
        try:
            for f in faces:
                x, y = owns[f]
                old = covered[f] if f in covered else shares[f]
                new = _share(board, x, y)
                if old != new:
                    first, last = _reweigh(weight, old, new, first, last)
        finally:
            board[origin], board[square] = counter, 0
        return origin, list(accumulate(weight, initial=0)), first, last

    def _search(self, prefix: list[int], first: int, last: int, origin: int, target: int,
                counter: int, limit: float) -> float:
        """The cheapest chain of the candidate whose reach sums to `prefix`, changed only on
        squares `first`..`last`: `counter` now on `target`, the one on `origin` lifted (-1:
        none). The search before `first` is the base board's; past `last`, with `back`, too."""
        squares = self.squares
        k = bisect_left(squares, first)
        m = bisect_left(squares, target, k)
        states = self.states
        if len(states) <= k:
            self.ready(k)
        states = states[:k + 1]  # the near end's and those of the counters before `first`
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
        table = self.table
        cost = _chain(states, nodes, prefix, table, limit)
        if back is not None:
            cost = _join(states, base[h:], back[h:], prefix, table, limit)
        return cost

    def far_moves(self) -> dict[int, tuple[int, int]]:
        """Per counter on a cheapest chain of the board (this needs `back`), the squares it may
        be moved between (both left out): the chain members `_NEIGHBOURS` places before and
        after it, or the board's ends when there are fewer. Counters on no cheapest chain may
        go anywhere.

        Taking a counter past another member of its chain breaks the chain up. Such moves
        are about half of all moves, yet in 26,492 positions of 600 games between good
        players they changed the choice 86 times (with two members as the bound, which is
        slower, 15 times: 13 to an action costing 0.4 to 10 more, mostly about 1), and the
        win rate stayed the same: the player leaves them out."""
        if self._far is None:
            assert self.back is not None, "a planner without tails knows no chain"
            members = [square for (square, _n), (_m, ahead, _s), rest
                       in zip(self.nodes[:-1], self.states[1:], self.back)
                       if ahead + rest <= self.cost + _CHAIN_TOLERANCE]
            size = len(self.board)
            far: dict[int, tuple[int, int]] = {}
            for i, square in enumerate(members):
                lo = members[i - _NEIGHBOURS] if i >= _NEIGHBOURS else -1
                hi = members[i + _NEIGHBOURS] if i + _NEIGHBOURS < len(members) else size
                far[self.board[square]] = (lo, hi)
            self._far = far
        return self._far
