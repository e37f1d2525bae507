"""The Finita rules engine: a whole match of rounds, for 2 to 6 seats.

Turns: the seat to act plays, draws, answers a draw or a demand, or names what its card asks
for; `to_act` names that one seat (every seat while a clap window is open or a round is over).
Reactions (a Finita call, a catch, a throw, a clap, a penalty) are open to any seat whenever
they apply: `legal_actions` lists them for seats that are not to act, beside `Wait`, which a
computer seat picks to let the moment pass (it is never applied). Every action carries its
time (`ms`), so windows open and shut by the clock of the actions and a replay is exact.

Explicit deal (`Setup.deal`): see state.py.
"""
from __future__ import annotations

from typing import Any, Optional

from game.core import Action, Engine, Event, Gesture, IllegalAction, Outcome, Rng, Seat, Setup
from game.core.actions import time_of_action

from . import effects, matching, moves, reactions, reasons, rounds, scoring, superpowers
from .actions import (ACTIONS, REACTIONS, Call, Catch, Choose, Clap, Close, Compare, Draw, Hidden,
                      Hide, Keep, NextRound, Pair, Penalty, Play, Poker, Swap, Take, Throw, Wait)
from .data import NUMBER, PIA, card, finita_data
from .narrator import NARRATOR, seat_data
from .state import (ANSWER, CHOOSE, CLAP, DEMAND, DISCARD_ZONE, DRAW_ZONE, DRAWN, HIDE,
                    MATCH_OVER, OPTION_DEFAULTS, PATRICK, ROUND_OVER, SWAP, TURN, FinitaState,
                    check_deal, compare_zone, hand_zone, memory_piece, memory_zone)
from .view import FinitaView, hidden_pieces, view


OUT_OF_TURN = REACTIONS + (Close,)  # actions that leave the seat to act undisturbed


class FinitaEngine(Engine[FinitaState]):
    """Rules of Finita for 2 to 6 seats, every optional table rule included."""

    name = "finita"
    actions = ACTIONS

    # -- starting ----------------------------------------------------------------------

    def new_game(self, setup: Setup, options: dict[str, Any], seats: list[Seat]) -> FinitaState:
        if not 2 <= len(seats) <= 6:
            raise ValueError(f"Finita is for 2 to 6 players, not {len(seats)}")
        resolved = dict(OPTION_DEFAULTS)
        for key, value in options.items():
            if key in resolved:
                resolved[key] = value
        if not 1 <= int(resolved["target"]):
            raise ValueError("option target must be at least 1")
        if not 0 <= int(resolved["memory"]) <= 3:
            raise ValueError("option memory must be 0 to 3")
        data = finita_data()
        state = FinitaState([s.name for s in seats], resolved, data, Rng(setup.seed),
                            totals=[0] * len(seats),
                            people=[i for i, s in enumerate(seats) if s.is_human])
        order, first = (None, None)
        if setup.deal is not None:
            order, first = check_deal(setup.deal, data, len(seats))
        events: list[Event] = []
        rounds.start_round(state, events, order, first)
        state.opening = events
        return state

    def opening_events(self, state: FinitaState) -> list[Event]:
        return list(state.opening)

    # -- who acts and what they may do ---------------------------------------------------

    def to_act(self, state: FinitaState) -> list[int]:
        """The seat to act; every seat still to clap; between rounds, the persons at the table
        (they look at the score sheet and deal on when ready; computer seats never deal while
        a person is there), or every seat at a table of computers alone."""
        if state.phase == MATCH_OVER:
            return []
        if state.phase == ROUND_OVER:
            return list(state.people) or list(range(state.seats))
        if state.phase == CLAP:
            return [s for s in range(state.seats) if s not in state.clapped]
        return [state.turn]

    def legal_actions(self, state: FinitaState, seat: int) -> list[Action]:
        """The seat's turn actions (if it is to act) and its reactions; a seat that is not
        to act also gets `Wait`."""
        if state.phase == MATCH_OVER or not 0 <= seat < state.seats:
            return []
        ms = state.last_ms
        acting = seat in self.to_act(state)
        found = self._turn_actions(state, seat, ms) if acting else []
        found += self._reactions(state, seat, ms)
        if not acting and found:
            found.append(Wait(seat, ms))
        return found

    def _turn_actions(self, state: FinitaState, seat: int, ms: int) -> list[Action]:
        phase, hand = state.phase, state.hands[seat]
        if phase == ROUND_OVER:
            return [NextRound(seat, ms)]
        if phase == CLAP:
            return [Clap(seat, ms)]
        if phase == HIDE:
            return [Hide(seat, c, ms) for c in hand]
        if phase == DRAWN:
            return [Play(seat, state.drawn, ms), Keep(seat, ms)]
        if phase == CHOOSE:
            found: list[Action] = [Choose(seat, w, ms) for w in matching.choice_words(state)]
            if state.choice == SWAP:
                found += [Swap(seat, a, ia, b, ib, ms) for a, ia, b, ib in matching.swap_options(state)]
            return found
        pias = [Play(seat, c, ms) for c in hand if card(c).kind == PIA]
        if phase == ANSWER:
            return pias + [Take(seat, ms)]
        if phase == DEMAND:  # only a seat that cannot answer draws
            answers = [Play(seat, c, ms) for c in hand if matching.answers_demand(state, c)]
            found = answers + pias
            if not hand and state.memory[seat]:
                found += [Hidden(seat, i, ms) for i in range(len(state.memory[seat]))]
            return found + ([] if answers else [Take(seat, ms)])
        if phase == PATRICK:
            return [Compare(seat, c, ms) for c in hand if card(c).kind == NUMBER] + pias
        # an ordinary turn, or a running draw
        if state.chain:
            return [Play(seat, c, ms) for c in hand if matching.answers_chain(state, c)] + pias + [
                Take(seat, ms)]
        if state.options["strict"]:
            found = [Play(seat, c, ms) for c in hand]
        else:
            found = [Play(seat, c, ms) for c in hand if matching.fits(state, c)]
        if state.options["throws"]:
            seen: set[tuple[str, str]] = set()
            for c in hand:
                if card(c).kind != NUMBER or not matching.fits(state, c):
                    continue
                for other in hand:
                    if matching.identical(c, other) and (c, other) not in seen:
                        seen.add((c, other))
                        found.append(Pair(seat, c, other, ms))
        if state.options["poker"]:
            found += [Poker(seat, cards, ms) for cards in matching.poker_sets(state, hand)]
        if not hand and state.memory[seat]:
            found += [Hidden(seat, i, ms) for i in range(len(state.memory[seat]))]
        found.append(Draw(seat, ms))
        return found

    def _reactions(self, state: FinitaState, seat: int, ms: int) -> list[Action]:
        if state.phase in (ROUND_OVER, MATCH_OVER, HIDE):
            return []
        found: list[Action] = []
        if reactions.may_call(state, seat):
            found.append(Call(seat, ms))
        if state.unsafe is not None and state.unsafe != seat:
            found.append(Catch(seat, state.unsafe, ms))
        if reactions.may_throw(state, seat):
            found.append(Throw(seat, ms))
        if state.options["clap"] and state.phase != CLAP:
            found.append(Clap(seat, ms))
        if state.options["penalty"]:
            for other in range(state.seats):
                if other != seat:
                    found += [Penalty(seat, other, "question", ms),
                              Penalty(seat, other, "suggestion", ms)]
        return found

    def key_action(self, state: FinitaState, seat: int, ms: int) -> Optional[Action]:
        """What a person's one real-time key means now, or None: a clap while a clap window
        is open, else Finita! when the call is due, a catch of a missed call, a throw while a
        throw window is open for the seat. The key throws only the twin of the top card the
        seat holds; at a Strict table it throws from memory (DECISIONS.md), without looking at
        the hand, and a throw without the twin costs a penalty card, as the rules page says.
        Outside these moments the key means nothing: it never claps at nothing."""
        if state.phase == CLAP:
            return Clap(seat, ms) if seat not in state.clapped else None
        if reactions.may_call(state, seat):
            return Call(seat, ms)
        if state.unsafe is not None and state.unsafe != seat:
            return Catch(seat, state.unsafe, ms)
        if reactions.may_throw(state, seat) and (
                state.options["strict"] or reactions.throw_card(state, seat) is not None):
            return Throw(seat, ms)
        return None

    def key_refusal(self, state: FinitaState, seat: int) -> str:
        """Why a person's key does nothing now (when `key_action` is None)."""
        return reasons.key_refusal(state, seat)

    def draw_action(self, state: FinitaState, seat: int, ms: int) -> tuple[Optional[Action], str]:
        """What "draw a card" means for `seat` now (its turn's draw, the card taken against
        a demand it cannot answer, or the cards of a running draw it takes instead of passing
        it on) and "", or None and why it may not draw."""
        taking = state.phase == DEMAND or (state.phase == TURN and bool(state.chain))
        action = Take(seat, ms) if taking else Draw(seat, ms)
        if self.is_legal(state, action) and (not isinstance(action, Take)
                                             or action in self.legal_actions(state, seat)):
            return action, ""
        return None, self.explain(state, action)

    # -- applying --------------------------------------------------------------------------

    def is_legal(self, state: FinitaState, action: Action) -> bool:
        """Whether `action` is one of `legal_actions(state, action.seat)`, answered without
        listing them all where that is easy (a card played on an ordinary turn, a draw)."""
        seat = action.seat
        if state.phase == MATCH_OVER or not 0 <= seat < state.seats:
            return False
        if isinstance(action, REACTIONS) and action in self._reactions(state, seat, state.last_ms):
            return True
        if isinstance(action, NextRound) and state.phase == ROUND_OVER:
            return True  # by any seat: saves from before people alone dealt still replay
        if isinstance(action, Take) and state.phase == DEMAND and seat in self.to_act(state):
            # a seat that could answer a demand may not draw instead (legal_actions leaves it
            # out, so no one is offered it), but saves from before that reading still replay
            return True
        if seat not in self.to_act(state):
            return False
        if state.phase == TURN and not state.chain:
            kind = type(action)
            if kind is Draw:
                return True
            if kind is Play:
                return action.card in state.hands[seat] and (
                    state.options["strict"] or matching.fits(state, action.card))
        return action in self._turn_actions(state, seat, state.last_ms)

    def apply(self, state: FinitaState, action: Action) -> tuple[FinitaState, list[Event]]:
        """As the base class, with windows checked by the action's time."""
        if isinstance(action, Close):
            if not 0 <= action.seat < state.seats:
                raise IllegalAction(f"There is no seat {action.seat} at this table.")
            if state.phase != CLAP and state.throw_until is None:
                raise IllegalAction("No window is open to shut.")
        elif isinstance(action, Wait) or not self.is_legal(state, action):
            raise IllegalAction(self.explain(state, action))
        problem = self.time_problem(state, action)
        if problem:
            raise IllegalAction(problem)
        new_state = state.clone()
        events: list[Event] = []
        self._apply(new_state, action, events)
        return new_state, events

    def _apply(self, state: FinitaState, action: Action, events: list[Event]) -> None:
        seat = action.seat
        ms = time_of_action(action)
        state.last_ms = max(state.last_ms, ms)
        if not isinstance(action, OUT_OF_TURN):
            # (a missed call stays catchable until another seat lays a card: moves.lay)
            if state.throw_until is not None and seat == state.turn:
                state.throw_until = None  # the seat to act was quicker than any throw
        if isinstance(action, Play):
            self._play(state, seat, action.card, ms, events)
        elif isinstance(action, Pair):
            moves.lay(state, seat, action.card, events)
            effects.play_card(state, seat, action.other, ms, events)
        elif isinstance(action, Poker):
            for c in action.cards[:-1]:
                moves.lay(state, seat, c, events)
            effects.play_card(state, seat, action.cards[-1], ms, events)
        elif isinstance(action, Draw):
            self._draw(state, seat, events)
        elif isinstance(action, Keep):
            state.drawn = None
            events.append(NARRATOR.event("message", "kept", seat_data(state.names, seat),
                                         seat=seat))
            moves.advance(state, seat)
        elif isinstance(action, Take):
            self._take(state, seat, events)
        elif isinstance(action, Choose):
            effects.choose(state, action.word, ms, events)
        elif isinstance(action, Swap):
            rounds.swap(state, seat, action.first, action.first_index, action.second,
                       action.second_index, ms, events)
        elif isinstance(action, Hide):
            rounds.hide(state, seat, action.card, events)
        elif isinstance(action, Hidden):
            rounds.play_hidden(state, seat, action.index, ms, events)
        elif isinstance(action, Compare):
            superpowers.compare(state, seat, action.card, events)
        elif isinstance(action, NextRound):
            rounds.start_round(state, events)
        elif isinstance(action, Call):
            reactions.call(state, seat, events)
        elif isinstance(action, Catch):
            reactions.catch(state, seat, action.target, events)
        elif isinstance(action, Throw):
            reactions.throw(state, seat, ms, events)
        elif isinstance(action, Clap):
            reactions.clap(state, seat, ms, events)
        elif isinstance(action, Penalty):
            reactions.penalty(state, seat, action.target, action.reason, events)
        elif isinstance(action, Close):
            reactions.close(state, ms, events)
        scoring.stop_if_stuck(state, events)

    def _play(self, state: FinitaState, seat: int, card_id: str, ms: int,
              events: list[Event]) -> None:
        phase = state.phase
        if card(card_id).kind == PIA and (phase in (ANSWER, DEMAND, PATRICK) or state.chain):
            superpowers.play_pia_answer(state, seat, card_id, ms, events)
        elif phase == DEMAND:
            superpowers.answer_demand(state, seat, card_id, ms, events)
        elif phase == DRAWN:
            state.drawn = None
            effects.play_card(state, seat, card_id, ms, events)
        elif state.options["strict"] and not state.chain and not matching.fits(state, card_id):
            events.append(NARRATOR.event("message", "taken_back",
                                         seat_data(state.names, seat, card=card_id),
                                         piece=card_id, seat=seat))
            moves.give(state, seat, 1, events, "penalty")
            moves.advance(state, seat)
        else:
            effects.play_card(state, seat, card_id, ms, events)

    def _draw(self, state: FinitaState, seat: int, events: list[Event]) -> None:
        if not matching.can_draw(state):
            state.passes += 1
            events.append(NARRATOR.event("message", "nothing_to_draw",
                                         seat_data(state.names, seat), seat=seat))
            moves.advance(state, seat)
            return
        before = len(state.hands[seat])
        moves.give(state, seat, 1, events)
        drawn = state.hands[seat][-1] if len(state.hands[seat]) > before else None
        if drawn is not None and matching.fits(state, drawn):
            state.phase, state.drawn = DRAWN, drawn
        else:
            moves.advance(state, seat)

    def _take(self, state: FinitaState, seat: int, events: list[Event]) -> None:
        if state.phase == ANSWER:
            state.skip_target = None
            events.append(NARRATOR.event("message", "skipped", seat_data(state.names, seat),
                                         seat=seat))
            moves.advance(state, seat)
        elif state.phase == DEMAND:
            moves.give(state, seat, 1, events, "cannot_answer")
            superpowers.next_in_demand(state, events)
        else:  # a running draw
            count, state.chain, state.chain_kind = state.chain, 0, ""
            moves.give(state, seat, count, events)
            moves.advance(state, seat)

    # -- what people see -------------------------------------------------------------------

    def view(self, state: FinitaState, seat: Optional[int]) -> FinitaView:
        return view(state, seat, self.to_act(state))

    def hidden_pieces(self, state: FinitaState, seat: Optional[int]) -> set[str]:
        return hidden_pieces(state, seat)

    def outcome(self, state: FinitaState) -> Optional[Outcome]:
        """Lowest total wins; details list every round's scores."""
        if state.winners is None:
            return None
        return Outcome(list(state.winners), list(state.totals), scoring.match_summary(state),
                       {"rounds": [dict(h) for h in state.history],
                        "round_count": len(state.history),
                        "turns_per_round": sum(h["turns"] for h in state.history)
                        / max(1, len(state.history))})

    def snapshot(self, state: FinitaState) -> dict[str, Any]:
        return state.snapshot()

    def undo_refusal(self, state: FinitaState) -> str:
        return "Finita is played in real time: moves are not taken back."

    # -- time (game/core/referee.py) ------------------------------------------------------

    def clocked(self, state: FinitaState) -> bool:
        """Reactions can come from any seat at any moment while a round is played (laying
        the memory cards before it goes turn by turn, at the table's pace)."""
        return state.phase not in (ROUND_OVER, MATCH_OVER, HIDE)

    def time_of(self, state: FinitaState) -> int:
        return state.last_ms

    def deadlines(self, state: FinitaState) -> list[tuple[int, Action]]:
        """The end of the clap window or of the throw window."""
        if state.phase == CLAP and state.clap_until is not None:
            return [(state.clap_until, Close(0, state.clap_until))]
        if state.throw_until is not None:
            return [(state.throw_until, Close(0, state.throw_until))]
        return []

    def time_problem(self, state: FinitaState, action: Action) -> str:
        """A time that runs backwards, or a window that has shut."""
        return reasons.time_problem(state, action, time_of_action(action))

    def waits(self, action: Action) -> bool:
        return isinstance(action, Wait)

    def racing(self, state: FinitaState) -> list[int]:
        return list(range(state.seats)) if self.clocked(state) else self.to_act(state)

    def woken(self, before: FinitaState, action: Action, after: FinitaState) -> list[int]:
        """The seats whose moment starts afresh: the seat that acted if it still has something
        to do, and every seat for which something new began: it is newly to act (a turn, an
        answer, a clap window), its Finita call fell due, a missed call became catchable, or a
        throw window opened for it. A seat already waiting for its moment keeps it: a clap by
        one seat does not put off the others' claps, nor a call the catch of a missed one. The
        others sleep until one of these wakes them."""
        n = after.seats
        actor = None if isinstance(action, Close) else action.seat  # (a shut window: nobody)
        acting_before = set(self.to_act(before))
        moved = after.phase != before.phase or after.turn != before.turn
        seats = {s for s in self.to_act(after) if moved or s == actor or s not in acting_before}
        if after.unsafe is not None and after.unsafe != before.unsafe:
            seats.update(range(n))
        new_window = after.throw_until is not None and after.throw_until != before.throw_until
        for seat in range(n):
            if reactions.may_call(after, seat) and (seat == actor or not reactions.may_call(before, seat)):
                seats.add(seat)
            elif new_window and reactions.may_throw(after, seat):
                seats.add(seat)
            elif seat == actor and (after.unsafe not in (None, seat)
                                    or after.throw_until is not None
                                    and reactions.may_throw(after, seat)):
                seats.add(seat)  # it acted and may still catch or throw
        return sorted(seats)

    def round_started(self, before: FinitaState, after: FinitaState) -> bool:
        return before.phase == ROUND_OVER and after.phase != ROUND_OVER

    def play_out(self, state: FinitaState, players: list[Any], rng: Rng,
                 max_actions: int = 200_000) -> tuple[FinitaState, list[Action]]:
        """Every seat on its own clock (the referee): reactions race as at a real table."""
        final, done = _play_out(self, state, players, rng, max_actions)
        if self.outcome(final) is None:
            raise RuntimeError(f"{self.name}: no end after {max_actions} actions")
        return final, done

    # -- words and gestures ----------------------------------------------------------------

    def explain(self, state: FinitaState, action: Action) -> str:
        return reasons.explain(self, state, action)

    def describe(self, action: Action) -> str:
        return reasons.describe(action)

    def gestures(self, state: FinitaState, action: Action) -> list[Gesture]:
        """Drags and clicks: a hand card onto the discard pile (or a click on it); the draw
        pile to the hand (or a click on it); a memory card onto the pile; a card to the
        compare spot. Pairs, Poker, choices and reactions have none: buttons, the chooser and
        the keys do them."""
        hand = hand_zone(action.seat)
        if isinstance(action, Play):  # a drag onto the pile, or one click on the card
            return [Gesture(action.card, hand, DISCARD_ZONE), Gesture(action.card, hand, None)]
        if isinstance(action, Draw):
            return [Gesture("?", DRAW_ZONE, hand), Gesture("?", DRAW_ZONE, None)]
        if isinstance(action, Hide):
            return [Gesture(action.card, hand, memory_zone(action.seat))]
        if isinstance(action, Hidden):
            piece = memory_piece(state, action.seat, action.index)
            return [Gesture(piece, memory_zone(action.seat), DISCARD_ZONE),
                    Gesture(piece, memory_zone(action.seat), None)]
        if isinstance(action, Compare):  # a drag to the Patrick spot, or one click on the card
            return [Gesture(action.card, hand, compare_zone(action.seat)),
                    Gesture(action.card, hand, None)]
        return []

    def refuse(self, state: FinitaState, seat: int, gesture: Gesture) -> str:
        return reasons.refuse(self, state, seat, gesture)


def _play_out(engine: FinitaEngine, state: FinitaState, players: list[Any], rng: Rng,
              max_actions: int) -> tuple[FinitaState, list[Action]]:
    from .referee import FinitaReferee
    return FinitaReferee(engine, dict(enumerate(players)), rng).play_out(state, max_actions)
