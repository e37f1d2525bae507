"""The mechanics of Finita, by the part of the rules they carry out:

- matching.py: what fits the pile, what answers a draw or a demand, identical cards, Poker;
- moves.py: drawing, laying, passing the turn, aiming a skip, opening the reaction windows;
- effects.py: what a card does when laid, and the choices named after it;
- superpowers.py: Paul's and Petra's demands, Pia's answers, Patrick's comparison;
- reactions.py: Finita! calls, catches, throws, claps, the penalty button;
- rounds.py: the deal, the first card's effect, the memory cards;
- scoring.py: a round's end, its scores, the match's end.

Functions there change a state in place and append `Event`s (their words from narrator.py);
the engine (engine.py) checks that an action is legal before it calls them. Decisions where
the rulebook is silent are the `decisions:` lines of assets/data/finita.yaml, shown on the
rules page. This module only gathers their names, for code that wants them in one place.
"""
from __future__ import annotations

from .effects import choose, play_card
from .matching import (DRAW_KINDS, answers_chain, answers_demand, can_draw, choice_words, fits,
                       identical, matches, poker_sets, swap_options, swap_partners)
from .moves import (advance, after_lay, aim_skip, ask, give, lay, open_windows, refill,
                    set_force)
from .reactions import (call, catch, clap, close, end_clap, may_call, may_throw, penalty, throw,
                        throw_card)
from .rounds import begin_play, hide, misplaced_hidden, play_hidden, start_round, swap
from .scoring import end_round, match_summary, points, stop_if_stuck
from .state import (DISCARD_ZONE, DRAW_ZONE, compare_zone, hand_zone, memory_piece,
                    memory_zone)
from .superpowers import (answer_demand, compare, make_demand, next_in_demand, next_in_patrick,
                          pia_answer, pia_names, play_pia_answer, resolve_patrick,
                          start_patrick)

__all__ = [
    "DISCARD_ZONE", "DRAW_KINDS", "DRAW_ZONE", "advance", "after_lay", "aim_skip",
    "answer_demand", "answers_chain", "answers_demand", "ask", "begin_play", "call", "can_draw",
    "catch", "choice_words", "choose", "clap", "close", "compare", "compare_zone", "end_clap",
    "end_round", "fits", "give", "hand_zone", "hide", "identical", "lay", "make_demand",
    "match_summary", "matches", "may_call", "may_throw", "memory_piece", "memory_zone",
    "misplaced_hidden", "next_in_demand", "next_in_patrick", "open_windows", "penalty",
    "pia_answer", "pia_names", "play_card", "play_hidden", "play_pia_answer", "points",
    "poker_sets", "refill", "resolve_patrick", "set_force", "start_patrick", "start_round",
    "stop_if_stuck", "swap", "swap_options", "swap_partners", "throw", "throw_card"]
