"""How a Finale match runs, gathered in one name for the engine, the view and the tests; each
part lives in its own module:

- game/finale/draft.py: squads and tactics decks before the kick-off;
- game/finale/periods.py: the kick-off, the tactics hand, periods, substitutions, extra time,
  the cup tie's replay;
- game/finale/attack.py: the reveal and the attacks: marks, dice, set-up and finish, symbol
  rolls, counter-attacks;
- game/finale/shootout.py: the penalty shoot-out;
- game/finale/match.py: what they all use (players and cards by id, names, the die and the
  roll-off, the clock, the data events carry, the final whistle).

Functions change a state in place and append `Event`s; the engine calls them from `_apply`
once an action is known to be legal.
"""
from __future__ import annotations

from .match import (card_of, card_words, changed, finish, is_player, is_tactic, last_period, name,
                    period_minute, piece, player, player_words, roll, roll_off, schluss, score,
                    side, strength, tactic, team_name, team_names, team_players)
from .draft import (BENCH, FIELD, FREE_COUNTS, deck_kind, deck_of, deck_problem, first_game,
                    free_problem, sign_problem, squad_problem, squad_value, switch_problem)
from .periods import (FIELD_SUBS, GOALIE_SUBS, deal_deck, end_period, extra_time, full_time,
                      incident, kick_off, leave, playable, refill, replacements, replay,
                      start_period, sub_problem, substitute)
from .attack import (LINE_WORDS, advance_marking, arrow_slots, begin_attack, continue_after,
                     eligible, end_attack, free_players, keep, mark, mark_problem, move_to_table,
                     open_area, open_slots, pick, play, preferred_slot, replace, resolve_area,
                     reveal, scorer, slots, start_counter, swap, swappable, symbol_roll, total)
from .shootout import (SHOOTERS_PER_ROUND, keeper, kick, needs_keeper, round_size, shoot_round,
                       shooter, start_shootout, taker_pool, takers, tally)

__all__ = ["card_of", "card_words", "changed", "finish", "is_player", "is_tactic", "last_period",
           "name", "period_minute", "piece", "player", "player_words", "roll", "roll_off",
           "schluss", "score", "side", "strength", "tactic", "team_name", "team_names",
           "team_players", "BENCH", "FIELD", "FREE_COUNTS", "deck_kind", "deck_of", "deck_problem",
           "first_game", "free_problem", "sign_problem", "squad_problem", "squad_value",
           "switch_problem", "FIELD_SUBS", "GOALIE_SUBS", "deal_deck", "end_period", "extra_time",
           "full_time", "incident", "kick_off", "leave", "playable", "refill", "replacements",
           "replay", "start_period", "sub_problem", "substitute", "LINE_WORDS", "advance_marking",
           "arrow_slots", "begin_attack", "continue_after", "eligible", "end_attack",
           "free_players", "keep", "mark", "mark_problem", "move_to_table", "open_area",
           "open_slots", "pick", "play", "preferred_slot", "replace", "resolve_area", "reveal",
           "scorer", "slots", "start_counter", "swap", "swappable", "symbol_roll", "total",
           "SHOOTERS_PER_ROUND", "keeper", "kick", "needs_keeper", "round_size", "shoot_round",
           "shooter", "start_shootout", "taker_pool", "takers", "tally"]
