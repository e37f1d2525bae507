"""The Flag Finish rules engine: a whole match of races in one game.

Modes: in warm-up the seats take turns (one action each: draw and discard, or play); in
challenge every seat acts whenever it can and actions carry their race time ``ms``. After a
race the phase is "race over" until any seat starts the next race (`next_race`); the match
ends, and `outcome` is set, when the last race leaves a single lowest total.

Explicit deal (`Setup.deal`): the 72 piece ids of the shuffled deck, top first, for the first
race. Seat 0 takes the top 12 cards, seat 1 the next 12, and so on; the rest is the draw pile,
from which cards are turned up until the first green. Later races are shuffled by the Rng.
"""
from __future__ import annotations

from typing import Any, Optional

from game.core import Action, Engine, Event, Gesture, Outcome, Rng, Seat, Setup
from game.core.actions import time_of_action

from . import reasons, rules
from .actions import ACTIONS, RACE_KINDS, Close, Discard, DrawPile, NextRace, Play, TakeDiscard
from .data import flag_data, check_deal
from .narrator import NARRATOR
from .state import CHALLENGE, CLOSING, MATCH_OVER, RACE_OVER, RACING, WARM_UP, FlagState
from .view import FlagView, hidden_pieces, view


class FlagFinishEngine(Engine[FlagState]):
    """Rules of Flag Finish for 2 or 3 racers."""

    name = "flag-finish"
    actions = ACTIONS

    # -- starting ----------------------------------------------------------------------

    def new_game(self, setup: Setup, options: dict[str, Any], seats: list[Seat]) -> FlagState:
        """Deal the first race (explicit deal or shuffled by the seed) and find the first green."""
        if not 2 <= len(seats) <= 3:
            raise ValueError(f"Flag Finish is for 2 or 3 racers, not {len(seats)}")
        mode = options.get("mode", WARM_UP)
        if mode not in (WARM_UP, CHALLENGE):
            raise ValueError(f"option mode must be warm-up or challenge, not {mode!r}")
        races = int(options.get("races", 6))
        if races < 1:
            raise ValueError("option races must be at least 1")
        cards = flag_data()
        state = FlagState(cards, [s.name for s in seats], mode, races, Rng(setup.seed),
                          match_scores=[0] * len(seats))
        if setup.deal is not None:
            order = check_deal(setup.deal, cards)
        else:
            order = rules.shuffled_deck(state)
        events: list[Event] = []
        rules.start_race(state, order, events)
        state.opening = events
        return state

    def opening_events(self, state: FlagState) -> list[Event]:
        """The events of the first deal (new_game cannot return them): deal, flips, green."""
        return list(state.opening)

    # -- the protocol ------------------------------------------------------------------

    def to_act(self, state: FlagState) -> list[int]:
        """The turn's seat in warm-up; every seat in challenge, closing and between races."""
        if state.phase == MATCH_OVER:
            return []
        if state.mode == CHALLENGE or state.phase in (RACE_OVER, CLOSING):
            return list(range(state.seats))
        return [state.turn]

    def legal_actions(self, state: FlagState, seat: int) -> list[Action]:
        """Every action of `seat` now, each carrying the earliest time it may have."""
        if seat not in self.to_act(state):
            return []
        ms = state.last_ms
        if state.phase == RACE_OVER:
            return [NextRace(seat, ms)]
        close: list[Action] = []
        if state.phase == CLOSING:
            close = [Close(seat, max(ms, state.window_end or 0))]
            if seat in state.finishers:
                return close
        hand = state.hands[seat]
        if state.owes[seat]:
            return [Discard(seat, c, ms) for c in hand if c != state.taken[seat]] + close
        found: list[Action] = [DrawPile(seat, ms)] if rules.can_draw(state) else []
        found.extend(TakeDiscard(seat, c, ms) for c in state.discard)
        need = rules.next_needed(state, seat)
        found.extend(Play(seat, c, ms) for c in hand if rules.fits(c, need))
        return found + close

    def time_problem(self, state: FlagState, action: Action) -> str:
        """The race clock never runs backwards, and a finish's window is kept."""
        return reasons.time_problem(state, action) or ""

    def _apply(self, state: FlagState, action: Action, events: list[Event]) -> None:
        seat, name = action.seat, state.names[action.seat]
        if action.kind in RACE_KINDS:
            state.race_actions += 1
        state.last_ms = time_of_action(action)
        hand = state.hands[seat]
        if isinstance(action, DrawPile):
            if not state.draw:
                rules.refill_draw_pile(state, events)
            hand.append(state.draw.pop())
            state.owes[seat], state.taken[seat] = True, None
            events.append(NARRATOR.event("move", "drew", {"seat": seat, "name": name},
                                         piece="?", source=rules.DRAW,
                                         target=rules.hand_zone(seat), seat=seat, reveals=True))
        elif isinstance(action, TakeDiscard):
            state.discard.remove(action.card)
            hand.append(action.card)
            state.owes[seat], state.taken[seat] = True, action.card
            events.append(NARRATOR.event("move", "took_discard",
                                         {"seat": seat, "name": name, "card": action.card},
                                         piece=action.card, source=rules.DISCARD,
                                         target=rules.hand_zone(seat), seat=seat))
        elif isinstance(action, Discard):
            hand.remove(action.card)
            state.discard.append(action.card)
            state.owes[seat], state.taken[seat] = False, None
            events.append(NARRATOR.event("move", "discarded",
                                         {"seat": seat, "name": name, "card": action.card},
                                         piece=action.card, source=rules.hand_zone(seat),
                                         target=rules.DISCARD, seat=seat))
            rules.end_turn(state, seat, events)
        elif isinstance(action, Play):
            hand.remove(action.card)
            state.rows[seat].append(action.card)
            events.append(NARRATOR.event("move", "played",
                                         {"seat": seat, "name": name, "card": action.card},
                                         piece=action.card, source=rules.hand_zone(seat),
                                         target=rules.row_zone(seat), seat=seat))
            if rules.next_needed(state, seat) == rules.NEED_DONE:
                rules.finish(state, seat, events)
            else:
                rules.end_turn(state, seat, events)
        elif isinstance(action, Close):
            events.append(NARRATOR.event("message", "finish_closed", {"seat": seat}, seat=seat))
            rules.close_race(state, events)
        elif isinstance(action, NextRace):
            rules.start_race(state, rules.shuffled_deck(state), events)

    def view(self, state: FlagState, seat: Optional[int]) -> FlagView:
        """What `seat` sees: its own hand, other hands and the draw pile as "?"."""
        return view(state, seat, self.to_act(state))

    def outcome(self, state: FlagState) -> Optional[Outcome]:
        """Lowest match total wins; details list every race's scores and action count."""
        if state.winners is None:
            return None
        return Outcome(list(state.winners), list(state.match_scores), rules.match_summary(state),
                       {"races": [list(h) for h in state.history],
                        "actions": list(state.action_counts), "mode": state.mode,
                        "race_count": len(state.history),
                        "actions_per_race": sum(state.action_counts) / len(state.action_counts)})

    def undo_refusal(self, state: FlagState) -> str:
        """A challenge race is real time: nothing in it is taken back. Nor is a race once it
        is over: its points are on the score sheet by then."""
        if state.mode == CHALLENGE:
            return "A real-time race has no taking back."
        if state.phase == RACE_OVER:
            return "The race is over and its points are counted: nothing in it can be taken back."
        return ""

    # -- time: challenge races run on the racers' clocks (game/core/referee.py) ----------

    def clocked(self, state: FlagState) -> bool:
        """A challenge race: everyone at once, on their own clocks."""
        return state.mode == CHALLENGE and state.phase in (RACING, CLOSING)

    def time_of(self, state: FlagState) -> int:
        """Milliseconds since the race began, as of the last action."""
        return state.last_ms

    def deadlines(self, state: FlagState) -> list[tuple[int, Action]]:
        """After a first finish, the finish closes at the end of its window."""
        if state.phase != CLOSING or state.window_end is None:
            return []
        return [(state.window_end, Close(self.to_act(state)[0], state.window_end))]

    def waits(self, action: Action) -> bool:
        """A racer who would only close the finish waits for its window to end."""
        return isinstance(action, Close)

    def racing(self, state: FlagState) -> list[int]:
        """Racers who have not finished yet."""
        return [s for s in self.to_act(state) if s not in state.finishers]

    def round_started(self, before: FlagState, after: FlagState) -> bool:
        """The next race was dealt: the clocks start again."""
        return before.phase == RACE_OVER

    def play_out(self, state: FlagState, players: list[Any], rng: Rng,
                 max_actions: int = 200_000) -> tuple[FlagState, list[Action]]:
        """Racers on their own clocks (the referee): in challenge mode the quicker racer
        acts first, as at a real table."""
        from .simulate import play_match
        final, done = play_match(self, state, players, rng, max_actions)
        if self.outcome(final) is None:
            raise RuntimeError(f"{self.name}: no end after {max_actions} actions")
        return final, done

    def snapshot(self, state: FlagState) -> dict[str, Any]:
        """The whole state as plain data."""
        return state.snapshot()

    def hidden_pieces(self, state: FlagState, seat: Optional[int]) -> set[str]:
        """The draw pile and every other seat's hand."""
        return hidden_pieces(state, seat)

    # -- words and gestures ------------------------------------------------------------

    def explain(self, state: FlagState, action: Action) -> str:
        """Why an action is refused ("Play 4 next.", "Discard a card first.", ...)."""
        return reasons.explain(state, action)

    def describe(self, action: Action) -> str:
        """A short label for a button or the log."""
        card = rules.card_words(action.card) if getattr(action, "card", "") else ""
        return {"draw_pile": "Draw from the pile", "take_discard": f"Take {card}",
                "discard": f"Discard {card}", "play": f"Play {card}",
                "close": "Close the finish", "next_race": "Next race"}[action.kind]

    def gestures(self, state: FlagState, action: Action) -> list[Gesture]:
        """Drags: pile or discard card to one's hand, hand card to the discards or one's row."""
        hand = rules.hand_zone(action.seat)
        if isinstance(action, DrawPile):
            return [Gesture("?", rules.DRAW, hand)]
        if isinstance(action, TakeDiscard):
            return [Gesture(action.card, rules.DISCARD, hand)]
        if isinstance(action, Discard):
            return [Gesture(action.card, hand, rules.DISCARD)]
        if isinstance(action, Play):
            return [Gesture(action.card, hand, rules.row_zone(action.seat))]
        return []

    def action_for(self, state: FlagState, seat: int, gesture: Gesture) -> list[Action]:
        """The legal actions a drag stands for (a slot after '#' is ignored)."""
        if gesture.target and "#" in gesture.target:
            gesture = Gesture(gesture.piece, gesture.source, gesture.target.split("#")[0])
        return super().action_for(state, seat, gesture)

    def refuse(self, state: FlagState, seat: int, gesture: Gesture) -> str:
        """Why a drop matches no legal action ("Play 4 next.")."""
        return reasons.refuse(state, seat, gesture)
