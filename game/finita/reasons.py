"""Why Finita refuses an action or a drop, in players' words, and the labels of actions."""
from __future__ import annotations

from typing import Any

from game.core.text import capital
from game.core import Action, Gesture

from . import matching, reactions
from .actions import (Call, Catch, Choose, Clap, Close, Compare, Draw, Hidden, Hide, Keep,
                      NextRound, Pair, Penalty, Play, Poker, Swap, Take, Throw, Wait)
from .data import card_words, cards
from .state import (ANSWER, CHOOSE, CLAP, DEMAND, DISCARD_ZONE, DRAW_ZONE, DRAWN, HIDE,
                    MATCH_OVER, PATRICK, ROUND_OVER, FinitaState, hand_zone)
from .view import demand_text, force_text


def time_problem(state: FinitaState, action: Action, ms: int) -> str:
    """A time that runs backwards, or a window that has shut."""
    if ms < state.last_ms and not isinstance(action, (NextRound, Close)):
        return "That came too late: the table has moved on."
    if isinstance(action, Throw) and state.throw_until is not None and ms > state.throw_until:
        return "Too late to throw: the window has shut."
    if isinstance(action, Clap) and state.phase == CLAP and state.clap_until is not None \
            and ms > state.clap_until:
        return "Too late: the clap window has shut."
    if isinstance(action, Close):
        ends = state.clap_until if state.phase == CLAP else state.throw_until
        if ends is not None and ms < ends:
            return f"The window stays open until {ends} ms."
    return ""


def _unknown_card(action: Action) -> str:
    for name in ("card", "other"):
        value = getattr(action, name, None)
        if value is not None and value not in cards():
            return f"There is no card {value} in Finita."
    return ""


def explain(engine: Any, state: FinitaState, action: Action) -> str:
    """Why `action` is refused now ("Match blue or 7.", "Paul asks for a 4: play a 4 or
    draw.", "Only Pia answers a +4 now.")."""
    if isinstance(action, Wait):
        return "Waiting is not a move."
    unknown = _unknown_card(action)
    if unknown:
        return unknown
    if not 0 <= action.seat < state.seats:
        return f"There is no seat {action.seat} at this table."
    if state.phase == MATCH_OVER:
        return "The match is over."
    name, seat = state.names[action.seat], action.seat
    if isinstance(action, (Call, Catch, Throw, Clap, Penalty)):
        return _reaction_problem(state, action)
    if state.phase == ROUND_OVER:  # every seat may act, but only to start the next round
        return "The round is over: start the next one."
    if isinstance(action, NextRound):
        return "The round is still being played."
    if seat not in engine.to_act(state):
        return f"It is {state.names[state.turn]}'s turn, not {name}'s."
    held = state.hands[seat]
    if isinstance(action, (Play, Pair, Hide, Compare)) and action.card not in held:
        return f"{capital(card_words(action.card))} is not in {name}'s hand."
    phase = state.phase
    if phase == HIDE:
        return "First lay your memory cards face down."
    if phase == CLAP:
        return "Clap first: a 9 is on the pile."
    if phase == CHOOSE:
        if isinstance(action, Choose):
            words = ", ".join(matching.choice_words(state)[:6])
            return f"Name one of: {words}."
        return "First name what your card asks for."
    if phase == DRAWN:
        return "Play the card you drew, or keep it."
    if phase == ANSWER:
        return "You are skipped: answer with Pia, or take the skip."
    if phase == DEMAND:
        wanted = demand_text(state)[:-1]
        answer = next((c for c in held if matching.answers_demand(state, c)), None)
        if isinstance(action, Take) and answer is not None:
            return (f"You hold {card_words(answer)}, which answers {wanted}: lay it. Only a "
                    "player who cannot answer draws a card.")
        if answer is None:
            return f"The demand is {wanted}: answer with Pia if you hold one, or draw."
        return f"The demand is {wanted}: play one, or answer with Pia."
    if phase == PATRICK:
        if isinstance(action, Compare):
            return "Pick a number card for Patrick, not an action card."
        return "Pick a number card face down for Patrick (or answer with Pia)."
    if state.chain:
        kinds = "+2 or +4" if state.options["chaos"] else (
            "+2" if state.chain_kind == "draw2" else "+4")
        if not state.options["overtime"] and not state.options["chaos"]:
            return f"Take the {state.chain} cards, or answer with Pia."
        return f"Pass the draw on with a {kinds} or Pia, or take {state.chain}."
    if isinstance(action, Play):
        return f"{capital(card_words(action.card))} does not fit: match {force_text(state)}."
    if isinstance(action, Pair):
        if not state.options["throws"]:
            return "Laying two cards at once comes with the Throws rule, which is off."
        if not matching.identical(action.card, action.other):
            return "Only two identical number cards go down together."
        return f"The first card must fit: match {force_text(state)}."
    if isinstance(action, Poker):
        if not state.options["poker"]:
            return "Poker is off at this table."
        return ("Poker takes five numbers in a row of one colour, or one number in all four "
                "colours, the first one fitting the pile.")
    if isinstance(action, Hidden):
        if held:
            return "Memory cards are played only once your hand is empty."
        return "There is no such memory card."
    if isinstance(action, (Keep, Take, Choose, Swap, Compare, Hide)):
        return "That is not asked for now."
    if isinstance(action, Draw):
        return "You cannot draw now."
    return "That is not possible now."


def _reaction_problem(state: FinitaState, action: Action) -> str:
    seat = action.seat
    if state.phase in (ROUND_OVER, MATCH_OVER, HIDE):
        return "Nothing to react to now."
    if isinstance(action, Call):
        if state.called[seat]:
            return "You have already called Finita."
        return "Call Finita when one card is left (or with two, on your turn)."
    if isinstance(action, Catch):
        if action.target == seat:
            return "You cannot catch yourself."
        if state.unsafe is not None and 0 <= action.target < state.seats:
            return f"Only {state.names[state.unsafe]} can be caught now."
        return ("Nobody can be caught now: a missed call is caught before the next card is "
                "played.")
    if isinstance(action, Throw):
        if not state.options["throws"]:
            return "Throws are off at this table."
        if seat == state.turn:
            return "It is your turn: just play the card."
        if state.throw_until is not None and seat == state.laid_by:
            return "You laid the top card yourself."
        return "There is no throw window open now."
    if isinstance(action, Clap):
        if not state.options["clap"]:
            return "Clap is off at this table."
        return "You have already clapped."
    if isinstance(action, Penalty):
        if not state.options["penalty"]:
            return "The penalty button is off at this table."
        return "Give penalties to another seat, for a question or a suggestion."
    return "That is not possible now."


def key_refusal(state: FinitaState, seat: int) -> str:
    """Why a person's real-time key does nothing now, by the seat's name: in a throw window
    without the twin of the top card (off the Strict table the key throws only a card the
    seat holds), or at a moment with nothing to call, catch, throw or clap."""
    name = state.names[seat]
    if reactions.may_throw(state, seat) and state.discard:
        return (f"{name}: nothing thrown, as you hold no {card_words(state.discard[-1])}; "
                "your key throws only a card you hold.")
    return f"{name}: nothing to call, catch, throw or clap now."


def describe(action: Action) -> str:
    """A short label for a button or the log."""
    if isinstance(action, Play):
        return f"Play {card_words(action.card)}"
    if isinstance(action, Pair):
        return f"Play two {card_words(action.card)}"
    if isinstance(action, Poker):
        return f"Poker: {', '.join(card_words(c) for c in action.cards)}"
    if isinstance(action, Choose):
        word = action.word
        if "-" in word:
            side, n = word.split("-")
            return f"{side.capitalize()} than {n}"
        return {"end": "End it here", "pass": "Pass it on", "keep": "No swap"}.get(
            word, word.capitalize())
    if isinstance(action, Hide):
        return f"Hide {card_words(action.card)}"
    if isinstance(action, Hidden):
        return f"Play memory card {action.index + 1}"
    if isinstance(action, Swap):
        return (f"Swap card {action.first_index + 1} of seat {action.first + 1} with card "
                f"{action.second_index + 1} of seat {action.second + 1}")
    if isinstance(action, Compare):
        return f"Pick {card_words(action.card)}"
    if isinstance(action, Catch):
        return f"Catch seat {action.target + 1}"
    if isinstance(action, Penalty):
        return f"Penalty to seat {action.target + 1} ({action.reason})"
    return {"draw": "Draw a card", "keep": "Keep it", "take": "Take it", "next_round":
            "Next round", "finita": "Finita!", "throw": "Throw", "clap": "Clap",
            "close": "Shut the window", "wait": "Wait"}.get(action.kind, action.kind)


def refuse(engine: Any, state: FinitaState, seat: int, gesture: Gesture) -> str:
    """Why a drop matches no legal action."""
    piece = gesture.piece
    from_hand = gesture.source == hand_zone(seat)
    if piece in cards() and (gesture.target is None and from_hand or gesture.target
                             and gesture.target.startswith(DISCARD_ZONE)):
        return explain(engine, state, Play(seat, piece))
    if gesture.source == DRAW_ZONE:  # as the table's draw key says (a demand: take a card)
        return engine.draw_action(state, seat, state.last_ms)[1] or explain(engine, state,
                                                                           Draw(seat))
    if piece in cards() and gesture.target and gesture.target.startswith("compare"):
        return explain(engine, state, Compare(seat, piece))
    return "Drop the card on the discard pile to play it."

