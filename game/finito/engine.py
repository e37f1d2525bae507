"""The rules of Finito! as a `game.core.Engine`.

Turn structure: the engine rolls the d20 (in `new_game`, then inside `_apply` once every seat
has acted on the current roll), so each roll is part of the replayable record as a `roll`
event. All seats act on the same roll at the same time, as on paper: `to_act` names every seat
that has not yet acted on it (a table at one screen takes its people in seat order; people
with phones place together).

Placing phase: each seat puts one of its three face-up counters on a free square carrying the
rolled number, or, when those are covered, on the nearest free square before or after them in
reading order; then it turns up its next counter. Moving phase (all twelve placed): each seat
moves one counter to such a square or keeps its board. After a roll, boards holding 1..12 in
ascending reading order win together. With repeat rounds, each round scores every seat's
longest run and rounds go on until a total reaches the target.
"""
from __future__ import annotations

from typing import Any, Optional

from game.core import Engine, Event, Gesture, Outcome, Rng, Seat, Setup
from game.core.actions import Action

from . import board as rules
from .actions import KINDS, Keep, Move, NextRound, Place
from .data import COUNTERS, OFFER, SQUARES, finito_data
from .narrator import NARRATOR, join_names, square_words
from .state import MOVING, OVER, PLACING, ROUND_OVER, FinitoState, parse_deal
from .view import (BOARD_ZONE, DIE, OFFER_ZONE, POOL_ZONE, FinitoView, board_zone, build_view,
                   offer_zone, parse_piece, parse_square, piece_id, pool_zone, square_target)

__all__ = ["DIE", "FinitoEngine", "piece_id", "square_words"]


class FinitoEngine(Engine[FinitoState]):
    """Finito! for 2 to 4 seats, one round or repeat rounds to a target score."""

    name = "finito"
    actions = KINDS

    # -- setting up -----------------------------------------------------------------------

    def new_game(self, setup: Setup, options: dict[str, Any], seats: list[Seat]) -> FinitoState:
        """Shuffle (or take from the deal) every seat's counters, turn three up, roll once."""
        if not 2 <= len(seats) <= 4:
            raise ValueError(f"Finito! needs 2 to 4 seats, not {len(seats)}")
        data = finito_data()
        orders, rolls = parse_deal(setup.deal, len(seats), data.faces)
        state = FinitoState(
            names=[s.name or f"Seat {i + 1}" for i, s in enumerate(seats)],
            humans=[s.is_human for s in seats], layout=data.layout, faces=data.faces,
            max_rolls=data.max_rolls, rounds=bool(options.get("rounds", False)),
            target=int(options.get("target", 30)), rng=Rng(setup.seed),
            scripted_rolls=rolls, totals=[0] * len(seats))
        self._deal_round(state, orders)
        self._roll(state, [])
        return state

    def _deal_round(self, state: FinitoState, orders: Optional[list[list[int]]] = None) -> None:
        state.boards, state.offers, state.pools = [], [], []
        for s in range(state.seats):
            if orders is not None:
                pool = list(orders[s])
            else:
                pool = list(range(1, COUNTERS + 1))
                state.rng.shuffle(pool)
            state.boards.append([0] * SQUARES)
            state.offers.append(pool[:OFFER])
            state.pools.append(pool[OFFER:])
        state.phase, state.rolls = PLACING, 0

    def _roll(self, state: FinitoState, events: list[Event]) -> None:
        if state.scripted_rolls:
            value = state.scripted_rolls.pop(0)
        else:
            value = state.faces[state.rng.randrange(len(state.faces))]
        state.roll = value
        state.rolls += 1
        state.total_rolls += 1
        state.acted = [False] * state.seats
        events.append(NARRATOR.event("roll", "rolled", {"value": value}, piece=DIE, value=value,
                                     reveals=True))

    # -- whose turn, what is legal ----------------------------------------------------------

    def starter(self, state: FinitoState) -> int:
        """Who starts the next round: the first person at the screen, else seat 0."""
        return next((s for s, human in enumerate(state.humans) if human), 0)

    def to_act(self, state: FinitoState) -> list[int]:
        """Every seat that has not yet acted on the current roll (they act at the same time),
        or the one who starts the next round."""
        if state.phase == OVER:
            return []
        if state.phase == ROUND_OVER:
            return [self.starter(state)]
        return [s for s in range(state.seats) if not state.acted[s]]

    def targets(self, state: FinitoState, seat: int) -> list[int]:
        """The squares `seat` may put a counter on for the current roll."""
        return rules.targets(state.boards[seat], state.layout, state.roll)

    def legal_actions(self, state: FinitoState, seat: int) -> list[Action]:
        """Placing: face-up counter x target square. Moving: counter x target, or keep."""
        if seat not in self.to_act(state):
            return []
        if state.phase == ROUND_OVER:
            return [NextRound(seat)]
        squares = self.targets(state, seat)
        if state.phase == PLACING:
            return [Place(seat, n, sq) for n in state.offers[seat] for sq in squares]
        moves: list[Action] = [Move(seat, n, sq) for n in range(1, COUNTERS + 1) for sq in squares]
        moves.append(Keep(seat))
        return moves

    # -- carrying out -----------------------------------------------------------------------

    def _apply(self, state: FinitoState, action: Action, events: list[Event]) -> None:
        seat = action.seat
        if isinstance(action, NextRound):
            state.round += 1
            self._deal_round(state)
            events.append(NARRATOR.event("phase", "round_begins", {"round": state.round},
                                         value=state.round))
            for s in range(state.seats):
                for n in state.offers[s]:
                    events.append(NARRATOR.event(
                        "flip", "turned_up", {"seat": s, "name": state.names[s], "counter": n},
                        piece=piece_id(s, n), source=pool_zone(s), target=offer_zone(s), value=n,
                        seat=s, reveals=True))
            self._roll(state, events)
            return
        name = state.names[seat]
        board = state.boards[seat]
        if isinstance(action, Place):
            state.offers[seat].remove(action.counter)
            board[action.square] = action.counter
            events.append(NARRATOR.event(
                "move", "placed", {"seat": seat, "name": name, "counter": action.counter,
                                   "square": action.square},
                piece=piece_id(seat, action.counter), source=offer_zone(seat),
                target=square_target(seat, action.square), value=action.counter, seat=seat))
            if state.pools[seat]:
                turned = state.pools[seat].pop(0)
                state.offers[seat].append(turned)
                events.append(NARRATOR.event(
                    "flip", "turned_up", {"seat": seat, "name": name, "counter": turned},
                    piece=piece_id(seat, turned), source=pool_zone(seat),
                    target=offer_zone(seat), value=turned, seat=seat, reveals=True))
        elif isinstance(action, Move):
            origin = board.index(action.counter)
            board[origin] = 0
            board[action.square] = action.counter
            events.append(NARRATOR.event(
                "move", "moved", {"seat": seat, "name": name, "counter": action.counter,
                                  "square": action.square},
                piece=piece_id(seat, action.counter), source=square_target(seat, origin),
                target=square_target(seat, action.square), value=action.counter, seat=seat))
        elif isinstance(action, Keep):
            events.append(NARRATOR.event("message", "kept", {"seat": seat, "name": name},
                                         seat=seat))
        state.acted[seat] = True
        if all(state.acted):
            self._after_roll(state, events)

    def _after_roll(self, state: FinitoState, events: list[Event]) -> None:
        """Everyone has acted: check for Finito!, the phase, the roll limit; roll again."""
        finished = [s for s in range(state.seats) if rules.is_finished(state.boards[s], COUNTERS)]
        if finished:
            for s in finished:
                events.append(NARRATOR.event("message", "finito",
                                             {"seat": s, "name": state.names[s]}, seat=s))
            self._end_round(state, events, finished)
            return
        if state.rolls >= state.max_rolls:
            events.append(NARRATOR.event("message", "no_finito", {"rolls": state.max_rolls}))
            self._end_round(state, events, [])
            return
        if state.phase == PLACING and not any(state.offers):
            state.phase = MOVING
            events.append(NARRATOR.event("phase", "moving_begins", value=MOVING))
        self._roll(state, events)

    def _end_round(self, state: FinitoState, events: list[Event], finished: list[int]) -> None:
        points = [rules.longest_run(b) for b in state.boards]
        state.history.append({"round": state.round, "rolls": state.rolls, "finished": list(finished),
                              "points": list(points)})
        if not state.rounds:
            state.totals = list(points)
            best = max(points)
            state.winners = list(finished) or [s for s in range(state.seats) if points[s] == best]
            self._finish(state, events)
            return
        for s in range(state.seats):
            state.totals[s] += points[s]
            events.append(NARRATOR.event("score", "scored",
                                         {"seat": s, "name": state.names[s], "points": points[s],
                                          "total": state.totals[s]},
                                         value=points[s], seat=s))
        best = max(state.totals)
        if best >= state.target:
            # Several past the target in the same round: the highest total wins, ties share.
            state.winners = [s for s in range(state.seats) if state.totals[s] == best]
            self._finish(state, events)
            return
        state.phase = ROUND_OVER
        events.append(NARRATOR.event("phase", "round_over", {"round": state.round},
                                     value=ROUND_OVER))

    def _finish(self, state: FinitoState, events: list[Event]) -> None:
        state.phase = OVER
        events.append(NARRATOR.event("end", "game_over", self.game_over(state),
                                     value=list(state.winners)))

    # -- reading the state ------------------------------------------------------------------

    def game_over(self, state: FinitoState) -> dict[str, Any]:
        """The data of the game's end: the winners (seats and names), how they won ("points"
        over repeat rounds, "finito", or "longest_run" at the roll limit) and the numbers the
        sentence needs."""
        last = state.history[-1]
        by = "points" if state.rounds else "finito" if last["finished"] else "longest_run"
        return {"winners": list(state.winners), "names": [state.names[s] for s in state.winners],
                "by": by, "points": state.totals[state.winners[0]], "rounds": state.round,
                "rolls": last["rolls"], "max_rolls": state.max_rolls, "run": max(last["points"])}

    def summary(self, state: FinitoState) -> str:
        """One sentence on how the game ended."""
        return NARRATOR.say("game_over", self.game_over(state))

    def outcome(self, state: FinitoState) -> Optional[Outcome]:
        """Winners and scores (round points, or totals with repeat rounds) once over."""
        if state.phase != OVER:
            return None
        scores = list(state.totals)
        return Outcome(
            winners=list(state.winners), scores=scores,
            summary=self.summary(state),
            details={"rolls": state.total_rolls, "rounds": state.round,
                     "round_rolls": [h["rolls"] for h in state.history],
                     "finished": [list(h["finished"]) for h in state.history],
                     "round_points": [list(h["points"]) for h in state.history],
                     "limit_reached": any(not h["finished"] for h in state.history),
                     "boards": [list(b) for b in state.boards]})

    def snapshot(self, state: FinitoState) -> dict[str, Any]:
        """The whole state, face-down counters included."""
        return state.snapshot()

    def hidden_pieces(self, state: FinitoState, seat: Optional[int]) -> set[str]:
        """Every face-down counter, of every seat: nobody sees them, not even the owner."""
        return {piece_id(s, n) for s in range(state.seats) for n in state.pools[s]}

    def square_label(self, state: FinitoState, square: int) -> str:
        """Words for a square: 'the 14', 'the right-hand 15'."""
        return square_words(state.layout, square)

    def status(self, state: FinitoState) -> str:
        """The sentence at the top of the table."""
        if state.phase == OVER:
            return self.summary(state)
        if state.phase == ROUND_OVER:
            return (f"Round {state.round} is over: {state.names[self.starter(state)]} "
                    f"starts round {state.round + 1}")
        acting = self.to_act(state)
        names = join_names([state.names[s] for s in acting])
        if state.phase == PLACING:
            verb = "places" if len(acting) == 1 else "place"
            return f"Roll {state.roll}: {names} {verb} a counter"
        verb = "moves a counter or keeps the board" if len(acting) == 1 else \
            "move a counter or keep the board"
        return f"Roll {state.roll}: {names} {verb}"

    def view(self, state: FinitoState, seat: Optional[int]) -> FinitoView:
        """Everything is public except the face-down counters, which show as '?' (view.py)."""
        return build_view(state, seat, self.to_act(state), self.status(state))

    # -- words and gestures -----------------------------------------------------------------

    def describe(self, action: Action) -> str:
        """Button and log label."""
        layout = finito_data().layout
        if isinstance(action, (Place, Move)) and 0 <= action.square < len(layout):
            verb = "Put" if isinstance(action, Place) else "Move"
            where = "on" if isinstance(action, Place) else "to"
            return f"{verb} {action.counter} {where} {square_words(layout, action.square)}"
        if isinstance(action, Keep):
            return "Keep the board as it is"
        if isinstance(action, NextRound):
            return "Start the next round"
        return action.text()

    def gestures(self, state: FinitoState, action: Action) -> list[Gesture]:
        """Drag a counter from the offer (placing) or the board (moving) onto a square."""
        if isinstance(action, Place):
            return [Gesture(piece_id(action.seat, action.counter), offer_zone(action.seat),
                            square_target(action.seat, action.square))]
        if isinstance(action, Move):
            return [Gesture(piece_id(action.seat, action.counter), board_zone(action.seat),
                            square_target(action.seat, action.square))]
        return []

    def explain(self, state: FinitoState, action: Action) -> str:
        """Why `action` is refused, as specifically as the rules allow."""
        seat = action.seat
        if state.phase == OVER:
            return "The game is over."
        if not 0 <= seat < state.seats:
            return f"There is no seat {seat} at this table."
        if state.phase == ROUND_OVER:
            if isinstance(action, NextRound):
                return f"{state.names[self.starter(state)]} starts the next round."
            return "The round is over: start the next round first."
        if isinstance(action, NextRound):
            return "The round is still being played."
        acting = self.to_act(state)
        if seat not in acting:
            waiting = join_names([state.names[s] for s in acting])
            return f"You have already acted on this roll: waiting for {waiting}."
        if state.phase == PLACING:
            if isinstance(action, Move):
                return "Counters can only be moved once all twelve are on the board."
            if isinstance(action, Keep):
                return "Every roll places a counter until all twelve are on the board."
            if isinstance(action, Place):
                n = action.counter
                if not 1 <= n <= COUNTERS:
                    return f"There is no counter {n}."
                if n in state.boards[seat]:
                    return f"{n} is already on your board."
                if n not in state.offers[seat]:
                    shown = join_names([str(x) for x in state.offers[seat]])
                    return f"{n} is still face down: choose {shown}."
                return self._explain_square(state, seat, action.square)
        if state.phase == MOVING:
            if isinstance(action, Place):
                return "All counters are on the board: move one of them, or keep the board."
            if isinstance(action, Move):
                if not 1 <= action.counter <= COUNTERS:
                    return f"There is no counter {action.counter}."
                return self._explain_square(state, seat, action.square)
        return "That move is not allowed now."

    def _explain_square(self, state: FinitoState, seat: int, square: int) -> str:
        if not 0 <= square < SQUARES:
            return f"There is no square {square}: squares go from 0 to {SQUARES - 1}."
        board, roll = state.boards[seat], state.roll
        if board[square]:
            label = self.square_label(state, square)
            return f"{label[0].upper()}{label[1:]} is already covered by {board[square]}."
        own = [i for i, n in enumerate(state.layout) if n == roll]
        if any(board[i] == 0 for i in own):
            return f"{roll} is free: the counter must go there."
        places = self.targets(state, seat)
        sides = []
        for i in places:
            side = "before" if i < own[0] else "after"
            sides.append(f"{self.square_label(state, i)} {side} them")
        covered = f"Every {roll} is covered" if len(own) > 1 else f"{roll} is covered"
        return f"{covered}: the counter goes on the nearest free square, {' or '.join(sides)}."

    def refuse(self, state: FinitoState, seat: int, gesture: Gesture) -> str:
        """Why a drag matches no legal action, in the words of the rules."""
        if state.phase == OVER:
            return "The game is over."
        piece = parse_piece(gesture.piece)
        if piece is None:
            return "Only your counters can be dragged."
        owner, number = piece
        if owner != seat and 0 <= owner < state.seats:
            return f"That counter belongs to {state.names[owner]}."
        if gesture.source.startswith(POOL_ZONE):
            return "That counter is still face down."
        if gesture.source.startswith(BOARD_ZONE) and state.phase == PLACING:
            return "Counters can only be moved once all twelve are on the board."
        target = parse_square(gesture.target)
        if target is None:
            return "Drop the counter on a square of your board."
        board_seat, square = target
        if board_seat != seat and 0 <= board_seat < state.seats:
            return f"That is {state.names[board_seat]}'s board: put the counter on yours."
        if gesture.source.startswith(OFFER_ZONE):
            action: Action = Place(seat, number, square)
        elif gesture.source.startswith(BOARD_ZONE):
            action = Move(seat, number, square)
        else:
            return "Drag a face-up counter or a counter on your board."
        if action in self.legal_actions(state, seat):
            return "Drag the counter itself onto the square."
        return self.explain(state, action)
