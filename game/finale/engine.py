"""The Finale rules engine: two coaches, a whole match (with extra time, a cup tie's replay and
penalties as the options say).

Before the match each coach builds a squad and a tactics deck in secret (`lineups: pick`), or
both take the first-game squads and decks (`lineups: first`, the default). Then every period:
substitutions and the secret choice of a card (both seats act, in any order), the reveal, and
the attacks; in an attack the attacker marks his slots first, then the defender. Dice, symbol
rolls, turning cards and the score happen inside `apply`.

Explicit deal (`Setup.deal`): see state.py.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Optional, Union

from game.core import Action, Engine, Event, Gesture, Outcome, Rng, Seat, Setup

from . import rules
from .actions import (ACTIONS, DRAFT as DRAFT_ACTIONS, DeckOf, Exclude, FirstGame, Include, Keep,
                      Keeper, Mark, Opener, Pick, Play, Ready, Release, Replace, Shooter, Sign,
                      Sub, Swap, Switch)
from .data import COLOURS, WHITE, Player, Tactic, card_id, finale_data
from .narrator import NARRATOR
from .rules import BENCH, FIELD
from .state import (DRAFT, MARK, OPTION_DEFAULTS, OVER, PICK, PLAY, REPLACE, SHOOTERS, SUBBED,
                    SWAP, FinaleState, check_deal)
from .view import AREA_ZONE, CHIP, FinaleView, hidden_pieces, status, view


class FinaleEngine(Engine[FinaleState]):
    """Rules of Finale for two coaches."""

    name = "finale"
    actions = ACTIONS
    tokens = frozenset({CHIP})  # the "!" chips a marking coach lays on his players

    # -- starting ----------------------------------------------------------------------

    def new_game(self, setup: Setup, options: dict[str, Any], seats: list[Seat]) -> FinaleState:
        if len(seats) != 2:
            raise ValueError(f"Finale is for 2 coaches, not {len(seats)}")
        resolved = dict(OPTION_DEFAULTS)
        resolved.update({k: v for k, v in options.items() if k in resolved})
        if resolved["lineups"] not in ("first", "pick"):
            raise ValueError("option lineups must be first or pick")
        data = finale_data()
        state = FinaleState([s.name for s in seats], resolved, data, Rng(setup.seed))
        decks = None
        if setup.deal is not None:
            decks, state.dice = check_deal(setup.deal, data)
        events: list[Event] = []
        if resolved["lineups"] == "first" or decks is not None:
            for seat in (0, 1):
                rules.first_game(state, seat)
                state.coaches[seat].ready = True
            rules.kick_off(state, events, decks)
        else:
            for coach in state.coaches:
                coach.chosen = [rules.schluss(state)]
            events.append(NARRATOR.event("phase", "draft", value=DRAFT))
        state.opening = events
        return state

    def opening_events(self, state: FinaleState) -> list[Event]:
        return list(state.opening)

    # -- who acts and what they may do ---------------------------------------------------

    def to_act(self, state: FinaleState) -> list[int]:
        phase = state.phase
        if phase == DRAFT:
            return [s for s, c in enumerate(state.coaches) if not c.ready]
        if phase == PICK:
            return [s for s, c in enumerate(state.coaches) if c.pick is None]
        if phase == PLAY:
            return [state.attacking]
        if phase == SWAP:
            return [1 - state.attacking]
        if phase == MARK:
            return [state.marking]
        if phase == REPLACE:
            return [state.pending[0][0]]
        if phase == SHOOTERS:
            return [s for s in (0, 1) if not self._shooters_done(state, s)]
        return []

    @staticmethod
    def _shooters_done(state: FinaleState, seat: int) -> bool:
        return (not rules.needs_keeper(state, seat)
                and len(state.coaches[seat].shooters) >= rules.round_size(state, seat))

    def legal_actions(self, state: FinaleState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        phase, coach = state.phase, state.coaches[seat]

        def piece(cid: str) -> str:
            return rules.piece(state, seat, cid)

        if phase == DRAFT:
            return self._draft_actions(state, seat)
        if phase == PICK:
            found: list[Action] = [Pick(seat, piece(c)) for c in rules.playable(state, seat)]
            found += [Sub(seat, out, into) for out in coach.field for into in coach.bench
                      if rules.sub_problem(state, seat, out, into) is None]
            return found
        if phase == PLAY:
            return [Play(seat, piece(c)) for c in rules.playable(state, seat)]
        if phase == SWAP:
            return [Swap(seat, piece(c)) for c in rules.swappable(state, seat)] + [Keep(seat)]
        if phase == MARK:
            return [Mark(seat, i, p) for i in range(len(state.marks[seat]))
                    for p in rules.eligible(state, seat, i)]
        if phase == REPLACE:
            return [Replace(seat, p) for p in rules.replacements(state, seat, state.pending[0][1])]
        if phase == SHOOTERS:
            if rules.needs_keeper(state, seat):
                return [Keeper(seat, p) for p in coach.field]
            return [Shooter(seat, p) for p in rules.takers(state, seat)]
        return []

    def _draft_actions(self, state: FinaleState, seat: int) -> list[Action]:
        coach = state.coaches[seat]
        found: list[Action] = []
        for p in state.data.teams[seat].players:
            if p.id in coach.squad:
                found.append(Release(seat, p.id))
                if rules.switch_problem(state, seat, p.id) is None:
                    found.append(Switch(seat, p.id))
            else:
                found += [Sign(seat, p.id, place) for place in (FIELD, BENCH)
                          if rules.sign_problem(state, seat, p.id, place) is None]
        final = rules.schluss(state)
        for c in state.data.tactics:
            if c.id in coach.chosen:
                if c.id != final:
                    found.append(Exclude(seat, rules.piece(state, seat, c.id)))
            elif len(coach.chosen) < state.data.deck_size:
                found.append(Include(seat, rules.piece(state, seat, c.id)))
        found += [DeckOf(seat, colour) for colour in COLOURS if colour != WHITE]
        if rules.deck_kind(state, coach.chosen) == "free":
            found += [Opener(seat, rules.piece(state, seat, c)) for c in coach.chosen if c != final
                      and (c in coach.openers or len(coach.openers) < state.data.hand)]
        found.append(FirstGame(seat))
        if self._ready_problem(state, seat) is None:
            found.append(Ready(seat))
        return found

    @staticmethod
    def _ready_problem(state: FinaleState, seat: int) -> Optional[str]:
        return rules.squad_problem(state, seat) or rules.deck_problem(state, seat)

    # -- carrying out --------------------------------------------------------------------

    def _apply(self, state: FinaleState, action: Action, events: list[Event]) -> None:
        seat, coach = action.seat, state.coaches[action.seat]
        # the card a legal card action names ('' for the others: they name none)
        cid = rules.card_of(state, seat, getattr(action, "card", "")) or ""
        if isinstance(action, Mark):
            rules.mark(state, seat, action.slot, action.player, events)
        elif isinstance(action, Pick):
            rules.pick(state, seat, cid, events)
        elif isinstance(action, Sub):
            rules.substitute(state, seat, action.out, action.into, SUBBED, events)
        elif isinstance(action, Play):
            rules.play(state, seat, cid, events)
        elif isinstance(action, Swap):
            rules.swap(state, seat, cid, events)
        elif isinstance(action, Keep):
            rules.keep(state, events)
        elif isinstance(action, Replace):
            rules.replace(state, seat, action.player, events)
        elif isinstance(action, Shooter):
            rules.shooter(state, seat, action.player, events)
        elif isinstance(action, Keeper):
            rules.keeper(state, seat, action.player, events)
        elif isinstance(action, Sign):
            (coach.field if action.place == FIELD else coach.bench).append(action.player)
        elif isinstance(action, Release):
            for place in (coach.field, coach.bench):
                if action.player in place:
                    place.remove(action.player)
        elif isinstance(action, Switch):
            if action.player in coach.field:
                coach.field.remove(action.player)
                coach.bench.append(action.player)
            else:
                coach.bench.remove(action.player)
                coach.field.append(action.player)
        elif isinstance(action, Include):
            coach.chosen.append(cid)
        elif isinstance(action, Exclude):
            coach.chosen.remove(cid)
            if cid in coach.openers:
                coach.openers.remove(cid)
        elif isinstance(action, DeckOf):
            rules.deck_of(state, seat, action.colour)
        elif isinstance(action, Opener):
            if cid in coach.openers:
                coach.openers.remove(cid)
            else:
                coach.openers.append(cid)
        elif isinstance(action, FirstGame):
            rules.first_game(state, seat)
            self._ready(state, seat, events)
        elif isinstance(action, Ready):
            self._ready(state, seat, events)

    def public_action(self, before: FinaleState, action: Action) -> Optional[str]:
        """While the coaches pick their squads and decks in secret, the table shows only that
        a coach is ready (the first-game line-up is one of those secret choices)."""
        if before.phase != DRAFT:
            return action.text()
        if isinstance(action, (Ready, FirstGame)):
            return f"{action.seat} ready"
        return None

    @staticmethod
    def _ready(state: FinaleState, seat: int, events: list[Event]) -> None:
        state.coaches[seat].ready = True
        events.append(NARRATOR.event("message", "ready", {"seat": seat, "name": state.names[seat]},
                                     seat=seat))
        if all(c.ready for c in state.coaches):
            rules.kick_off(state, events)

    # -- refusals --------------------------------------------------------------------------

    def explain(self, state: FinaleState, action: Action) -> str:
        seat = action.seat
        if state.phase == OVER:
            return "The match is over."
        if not 0 <= seat < 2:
            return f"There is no seat {seat}: Finale has two coaches."
        if seat not in self.to_act(state):
            return self._not_now(state, seat)
        found = self._reason(state, action)
        return found or "That is not allowed now."

    def _not_now(self, state: FinaleState, seat: int) -> str:
        phase = state.phase
        if phase == DRAFT:
            return "Your squad and deck are ready; the other coach is still choosing."
        if phase == PICK:
            return "You have chosen your card; the other coach is still choosing."
        if phase == MARK:
            return f"{state.names[state.marking]} marks players now."
        if phase == PLAY:
            return f"{state.names[state.attacking]} plays the next attacking card."
        if phase == SWAP:
            return f"{state.names[1 - state.attacking]} may swap a card now."
        if phase == REPLACE:
            return f"{state.names[state.pending[0][0]]} brings on a player for the injured one."
        if phase == SHOOTERS:
            return "Your penalty takers are named; the other coach is still choosing."
        return "It is not your turn."

    def _reason(self, state: FinaleState, action: Action) -> Optional[str]:
        seat, phase, coach = action.seat, state.phase, state.coaches[action.seat]
        word = getattr(action, "card", None)
        cid = rules.card_of(state, seat, word) if word is not None else None
        if word is not None and cid is None:
            return f"{word} is not one of your tactics cards (they are named like {rules.piece(state, seat, 'pressing')})."
        if isinstance(action, DRAFT_ACTIONS) and phase != DRAFT:
            return "Squads and decks are chosen before the match."
        if isinstance(action, Sign):
            return rules.sign_problem(state, seat, action.player, action.place)
        if isinstance(action, (Release, Switch)):
            if action.player not in coach.squad:
                return f"{self._name(state, action.player)} is not in the squad."
            return rules.switch_problem(state, seat, action.player)
        if isinstance(action, Include):
            if cid is not None and cid in coach.chosen:
                return f"{rules.tactic(state, cid).name} is already in the deck."
            return f"The deck is full: {state.data.deck_size} cards."
        if isinstance(action, Exclude):
            if cid == rules.schluss(state):
                return "The Schlusskarte is in every deck."
            return "That card is not in the deck."
        if isinstance(action, DeckOf):
            return "Pick lilac, red, yellow or blue to go with the white six."
        if isinstance(action, Opener):
            if rules.deck_kind(state, coach.chosen) != "free":
                return "Only a free choice of cards picks its starting hand."
            if cid == rules.schluss(state):
                return "The Schlusskarte waits at the bottom of the deck."
            if cid not in coach.chosen:
                return "That card is not in the deck."
            return f"The hand starts with {state.data.hand} cards."
        if isinstance(action, Ready):
            return self._ready_problem(state, seat)
        if isinstance(action, Sub):
            if phase != PICK:
                return "Substitutions are made at the start of a period, before the cards are shown."
            return rules.sub_problem(state, seat, action.out, action.into)
        if isinstance(action, (Pick, Play)):
            if phase == PICK and isinstance(action, Play):
                return "Choose the card for the period's reveal."
            if isinstance(action, Pick) and phase != PICK:
                return "Cards for the reveal are chosen at the start of a period."
            if isinstance(action, Play) and phase != PLAY:
                return "The next attacking card is played once the attack under way is over."
            assert cid is not None  # a Pick or a Play names a card, checked above
            return self._card_problem(state, seat, cid)
        if isinstance(action, (Swap, Keep)):
            if phase != SWAP:
                return "A card is swapped only before a further attack, by the defender."
            if isinstance(action, Swap) and cid == rules.schluss(state):
                return "The Schlusskarte stays in the hand."
            if isinstance(action, Swap) and not coach.deck:
                return "Your deck is empty: there is nothing to draw instead."
            return "That card is not in your hand."
        if isinstance(action, Mark):
            if phase != MARK:
                return "Players are marked in the set-up and the finish of an attack."
            return rules.mark_problem(state, seat, action.slot, action.player)
        if isinstance(action, Replace):
            if phase != REPLACE:
                return "Nobody is injured and waiting to be replaced."
            injured = state.pending[0][1]
            if action.player not in coach.bench:
                return f"{self._name(state, action.player)} is not on the bench."
            return (f"Only the reserve goalie can replace {rules.name(state, injured)}."
                    if rules.player(state, injured).position == "goalie"
                    else "The reserve goalie does not play in the field.")
        if isinstance(action, (Shooter, Keeper)):
            if phase != SHOOTERS:
                return "Penalty takers are named in the shoot-out."
            if isinstance(action, Keeper):
                return ("Your goalie is in goal." if not rules.needs_keeper(state, seat)
                        else "Only a player on the field can go in goal.")
            if rules.needs_keeper(state, seat):
                return "First choose who goes in goal."
            if action.player in coach.shooters:
                return f"{self._name(state, action.player)} already shoots in this round."
            if action.player not in rules.taker_pool(state, seat):
                return f"{self._name(state, action.player)} cannot take a penalty."
            return "Everyone who has not taken a penalty yet goes first."
        return None

    def _card_problem(self, state: FinaleState, seat: int, card: str) -> str:
        coach = state.coaches[seat]
        if card == rules.schluss(state) and (card in coach.hand or card in coach.table):
            return "The Schlusskarte is played only once no other card is left."
        if card not in coach.hand:
            return "That card is not in your hand."
        return "That card cannot be played now."

    @staticmethod
    def _name(state: FinaleState, pid: str) -> str:
        return rules.name(state, pid) if rules.is_player(state, pid) else pid

    # -- on the table ----------------------------------------------------------------------

    def gestures(self, state: FinaleState, action: Action) -> list[Gesture]:
        """Cards go from the hand onto the table (or a click); a player is marked by a click
        (into the slot that suits him best) or by a drag onto a slot of the area ("area#1"); a
        bench player is dragged onto the field player he replaces."""
        s, coach = action.seat, state.coaches[action.seat]
        hand, table, field, bench = f"hand{s}", f"table{s}", f"field{s}", f"bench{s}"
        if isinstance(action, (Pick, Play)):
            if rules.card_of(state, s, action.card) in coach.hand:
                return [Gesture(action.card, hand, table), Gesture(action.card, hand, None)]
            return [Gesture(action.card, table, None)]  # the Schlusskarte, played again
        if isinstance(action, Swap):  # onto the used pile, or a click
            return [Gesture(action.card, hand, f"played{s}"), Gesture(action.card, hand, None)]
        if isinstance(action, Mark):
            found = [Gesture(action.player, field, f"{AREA_ZONE}#{action.slot}")]
            if rules.preferred_slot(state, s, action.player) == action.slot:
                found += [Gesture(action.player, field, None),
                          Gesture(CHIP, f"chips{s}", action.player)]  # a chip onto the card
            return found
        if isinstance(action, Sub):
            return [Gesture(action.into, bench, action.out)]
        if isinstance(action, Replace):
            return [Gesture(action.player, bench, None), Gesture(action.player, bench, field)]
        if isinstance(action, (Shooter, Keeper)):
            return [Gesture(action.player, field, None)]
        if isinstance(action, Sign):
            return [Gesture(action.player, f"box{s}", f"{action.place}{s}")]
        if isinstance(action, Release):
            return [Gesture(action.player, field if action.player in coach.field else bench, f"box{s}")]
        if isinstance(action, Switch):
            here = action.player in coach.field
            return [Gesture(action.player, field if here else bench, bench if here else field)]
        if isinstance(action, Include):
            return [Gesture(action.card, f"tbox{s}", f"deck{s}")]
        if isinstance(action, Exclude):
            return [Gesture(action.card, f"deck{s}", f"tbox{s}")]
        if isinstance(action, Opener):
            return [Gesture(action.card, f"deck{s}", None)]
        return []  # keep, deck, first_game, ready: buttons

    def refuse(self, state: FinaleState, seat: int, gesture: Gesture) -> str:
        """Why a drag or click matches nothing: the rules' own words where they have some."""
        if state.phase == OVER or seat not in self.to_act(state):
            return super().refuse(state, seat, gesture)
        coach = state.coaches[seat]
        piece = gesture.piece
        if (state.phase != PICK and gesture.source == f"bench{seat}" and gesture.target
                and rules.is_player(state, piece) and rules.is_player(state, gesture.target)):
            return "Substitutions are made at the start of a period, before the cards are shown."
        if state.phase == MARK and rules.is_player(state, piece):
            if piece not in coach.field:
                return f"{rules.name(state, piece)} is not on your field."
            open_slots = rules.open_slots(state, seat)
            if gesture.target and gesture.target.startswith(AREA_ZONE + "#"):
                slot = gesture.target.split("#", 1)[1]
                if slot.isdigit():
                    return rules.mark_problem(state, seat, int(slot), piece) or "That slot is taken."
            if open_slots:
                return rules.mark_problem(state, seat, open_slots[0], piece) or "That player cannot play here."
        cid = rules.card_of(state, seat, piece)
        if cid is not None and state.phase in (PICK, PLAY):
            return self._card_problem(state, seat, cid)
        if state.phase == PICK and rules.is_player(state, piece) and gesture.target:
            if gesture.source == f"bench{seat}" and rules.is_player(state, gesture.target):
                return rules.sub_problem(state, seat, gesture.target, piece) or "That change is not allowed."
            return "Drag a bench player onto the field player he replaces."
        if state.phase == PICK and rules.is_player(state, piece):
            return "Choose a tactics card for this period; changes go by dragging a bench player onto the field."
        if state.phase == SWAP and cid is not None:
            return "Drag a card onto your used pile to swap it, or keep your hand."
        return super().refuse(state, seat, gesture)

    # -- what is seen ----------------------------------------------------------------------

    def view(self, state: FinaleState, seat: Optional[int]) -> FinaleView:
        """What `seat` sees (None: a spectator); the keys are `FinaleView`'s, docs/views.md."""
        return view(state, seat, self.to_act(state))

    def hidden_pieces(self, state: FinaleState, seat: Optional[int]) -> set[str]:
        return hidden_pieces(state, seat)

    def outcome(self, state: FinaleState) -> Optional[Outcome]:
        if state.phase != OVER:
            return None
        goals = [c.goals for c in state.coaches]
        kicks = [rules.tally(state, s) for s in (0, 1)]
        teams = [t.name for t in state.data.teams]
        winner = state.winner
        line = f"{teams[0]} {goals[0]}, {teams[1]} {goals[1]}"
        if winner is not None and any(state.coaches[s].kicks for s in (0, 1)):
            # the winner's kicks first, as the status line says it: "win 4 to 1 on penalties"
            summary = (f"{teams[winner]} win {kicks[winner]} to {kicks[1 - winner]} on penalties, "
                       f"after {line}.")
        else:
            extra = " after extra time" if state.extra else ""  # the status line says it too
            summary = (f"{teams[winner]} win{extra}: {line}." if winner is not None
                       else f"A draw{extra}: {line}.")
        cards: dict[str, list[int]] = {}
        for seat, card in state.plays:
            tally = cards.setdefault(card, [0, 0])
            tally[0] += 1
            tally[1] += seat == winner
        shootout = any(c.kicks for c in state.coaches)
        return Outcome(winners=[] if winner is None else [winner], scores=[float(g) for g in goals],
                       summary=summary,
                       details={"goals": goals, "goals_total": sum(goals), "legs": [c.legs for c in state.coaches],
                                "extra_time": state.extra, "replay": state.match == 2,
                                "shootout": shootout, "draw": winner is None,
                                "penalties": kicks if shootout else None,
                                # statistics keep results per side and who holds the title
                                "title": teams[winner] if winner is not None and state.options.get("cup_tie") else None,
                                "sides": teams,
                                "cards": cards})

    def snapshot(self, state: FinaleState) -> dict[str, Any]:
        keys = [k for k in FinaleState.__slots__ if k not in ("data", "opening", "coaches")]
        snap = {k: getattr(state, k) for k in keys}
        snap["coaches"] = [c.snapshot() for c in state.coaches]
        snap["pending"] = [list(p) for p in state.pending]
        return snap

    def describe(self, action: Action) -> str:
        return describe(action)

    def status(self, state: FinaleState, seat: Optional[int]) -> str:
        return status(state, seat, self.to_act(state))


LABELS = {  # a button's or the log's words for each action; {player}, {card}... are names
    "sign": "Sign {player} ({place})", "release": "Release {player}",
    "switch": "Field or bench: {player}", "include": "Add {card}", "exclude": "Remove {card}",
    "deck": "White and {colour} deck", "opener": "Start with {card}",
    "first_game": "First-game squad and deck", "ready": "Ready", "sub": "{into} on for {out}",
    "pick": "Play {card}", "play": "Play {card}", "swap": "Swap {card}", "keep": "Keep the hand",
    "mark": "Mark {player} in place {spot}", "replace": "Bring on {player}",
    "keeper": "{player} in goal",
    "shooter": "{player} shoots"}


def describe(action: Action) -> str:
    """A short label for a button or the log: the action's words with names for ids."""
    data = finale_data()

    def named(field: str, value: Any) -> Any:
        found: Optional[Union[Tactic, Player]] = (
            data.tactics_by_id.get(card_id(value)) if field == "card"
            else data.players_by_id.get(value))
        return found.name if found is not None else value

    words = {f.name: named(f.name, getattr(action, f.name)) for f in dataclasses.fields(action)[1:]}
    if isinstance(action, Mark):  # the place in the area, counted from 1 (two places may
        words["spot"] = action.slot + 1  # take the same player: the words tell them apart)
    label = LABELS.get(action.kind)
    return label.format(**words) if label else action.text()


__all__ = ["FinaleEngine", "describe"]
