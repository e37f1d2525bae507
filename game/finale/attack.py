"""A period's attacks: the secret choice of cards and the reveal, then each attack with its areas
(the set-up, then the finish): the coaches mark players into the slots, the dice and the
strengths decide, a goal or not, the symbol rolls (injured, booked, sent off) and the
replacement of an injured player, the counter-attack after a broken set-up, and the next
attacking card with the defender's swap.

Words: the period's *attacker* won the reveal; in the attack under way `att` attacks and
`dfn` defends (swapped in a counter-attack). An *area* is the set-up or the result of the card
in force; each coach fills the *slots* of his side of it with players (*marks*).
"""
from __future__ import annotations

from typing import Optional

from game.core import Event

from .data import (ANY, ATTACK, DEFEND, GOALIE, RED_CARD, RED_CROSS, RESULT, SETUP, YELLOW_CARD)
from .match import (card_words, changed, is_player, name, piece, player, player_words, roll,
                    roll_off, schluss, score, side, strength, tactic)
from .narrator import NARRATOR
from .periods import end_period, incident, leave, playable, refill, replacements
from .state import INJURED, MARK, PLAY, REPLACE, SENT_OFF, SWAP, FinaleState

# -- the reveal -------------------------------------------------------------------------------

def pick(state: FinaleState, seat: int, card: str, events: list[Event]) -> None:
    coach = state.coaches[seat]
    coach.pick = card
    move_to_table(state, seat, card)
    events.append(NARRATOR.event("move", "card_chosen", side(state, seat), piece=piece(state, seat, card),
                                 source=f"hand{seat}", target=f"table{seat}", seat=seat))
    if all(c.pick is not None for c in state.coaches):
        reveal(state, events)


def move_to_table(state: FinaleState, seat: int, card: str) -> None:
    coach = state.coaches[seat]
    if card in coach.hand:
        coach.hand.remove(card)
    elif card in coach.table:  # the Schlusskarte, played again
        coach.table.remove(card)
    coach.table.append(card)


def reveal(state: FinaleState, events: list[Event]) -> None:
    picks = [c.pick for c in state.coaches]
    assert picks[0] is not None and picks[1] is not None
    cards: list[str] = [picks[0], picks[1]]
    state.revealed = list(cards)
    state.plays += [(0, cards[0]), (1, cards[1])]
    powers = [tactic(state, c).strength for c in cards]
    for seat, card in enumerate(cards):
        events.append(NARRATOR.event("flip", "card_shown", dict(
            side(state, seat), **card_words(state, card), strength=powers[seat]),
            piece=piece(state, seat, card), source=f"table{seat}",
            seat=seat, reveals=True))
        state.coaches[seat].pick = None
    for seat in (0, 1):
        refill(state, seat, events)
    if powers[0] != powers[1]:
        attacker = 0 if powers[0] > powers[1] else 1
        state.attacks = abs(powers[0] - powers[1])
        state.tied = False
        events.append(NARRATOR.event("message", "attacker", dict(side(state, attacker),
                                                                 attacks=state.attacks), seat=attacker))
    else:
        attacker = roll_off(state, events, "attack")
        state.attacks = 1
        state.tied = True
    state.attacker = attacker
    state.attack_no = 1
    begin_attack(state, attacker, cards[attacker], events)


# -- an attack and its areas ------------------------------------------------------------------

def begin_attack(state: FinaleState, att: int, card: str, events: list[Event],
                 counter: bool = False) -> None:
    state.att, state.dfn = att, 1 - att
    state.card = card
    state.counter = counter
    state.setup_marks = [[], []]
    told = dict(side(state, att), **card_words(state, card))
    if counter:
        events.append(NARRATOR.event("message", "counter_attack", dict(told, bonus=state.bonus), seat=att))
    else:
        events.append(NARRATOR.event("message", "attack", dict(told, attack=state.attack_no), seat=att))
    if tactic(state, card).setup.empty:
        open_area(state, RESULT, events)
    else:
        open_area(state, SETUP, events)


def slots(state: FinaleState, seat: int, area: Optional[str] = None) -> tuple[str, ...]:
    """The slots of `seat`'s side of an area of the card in force."""
    card = tactic(state, state.in_play)
    zone = card.setup if (area or state.area) == SETUP else card.result
    return zone.side(ATTACK if seat == state.att else DEFEND)


def arrow_slots(state: FinaleState, seat: int) -> dict[int, int]:
    """result slot -> set-up slot, for the arrows of `seat`'s side."""
    side = ATTACK if seat == state.att else DEFEND
    return {a.result: a.setup for a in tactic(state, state.in_play).arrows if a.side == side}


def open_area(state: FinaleState, area: str, events: list[Event]) -> None:
    state.area = area
    state.phase = MARK
    for seat in (state.att, state.dfn):
        state.marks[seat] = [None] * len(slots(state, seat))
        if area == RESULT:  # an arrow sends a set-up player on into the result
            for result, setup in arrow_slots(state, seat).items():
                made = state.setup_marks[seat]
                bound = made[setup] if setup < len(made) else None
                if bound is not None and bound in state.coaches[seat].field:
                    state.marks[seat][result] = bound
                    events.append(NARRATOR.event("message", "plays_on", dict(
                        side(state, seat), **player_words(state, bound)), piece=bound, seat=seat))
    events.append(NARRATOR.event("phase", "area", {"area": area}, value=area))
    state.marker = state.att
    advance_marking(state, events)


# -- marking ----------------------------------------------------------------------------------

def free_players(state: FinaleState, seat: int) -> list[str]:
    """Field players not yet used in this attack (set-up players only along an arrow)."""
    taken = set(p for p in state.marks[seat] if p)
    if state.area == RESULT:
        taken.update(p for p in state.setup_marks[seat] if p)
    return [p for p in state.coaches[seat].field if p not in taken]


def eligible(state: FinaleState, seat: int, slot: int) -> list[str]:
    """Who may fill an empty slot: a free player of its line; with none of that line free, any
    free field player (never the goalie in a field slot or a "?")."""
    if state.marks[seat][slot] is not None:
        return []
    free = free_players(state, seat)
    kind = slots(state, seat)[slot]
    field_players = [p for p in free if player(state, p).position != GOALIE]
    if kind == ANY:
        return field_players
    same = [p for p in free if player(state, p).position == kind]
    return same or field_players


def open_slots(state: FinaleState, seat: int) -> list[int]:
    return [i for i in range(len(state.marks[seat])) if eligible(state, seat, i)]


def preferred_slot(state: FinaleState, seat: int, pid: str) -> Optional[int]:
    """The open slot a click on `pid` fills: one of his own line first, then an open "?",
    then any slot he may stand in for."""
    kinds = slots(state, seat)
    fits = [i for i in range(len(state.marks[seat])) if pid in eligible(state, seat, i)]
    if not fits:
        return None
    line = player(state, pid).position
    return min(fits, key=lambda i: (kinds[i] != line, kinds[i] != ANY, i))


LINE_WORDS = {GOALIE: "goalie", "defence": "defender", "midfield": "midfielder",
              "striker": "striker", ANY: "field player"}


def mark_problem(state: FinaleState, seat: int, slot: int, pid: str) -> Optional[str]:
    kinds = slots(state, seat)
    if not 0 <= slot < len(kinds):
        return f"This area has {len(kinds)} slots for you."
    held = state.marks[seat][slot]
    if held is not None:
        return f"That slot already holds {name(state, held)}."
    if not is_player(state, pid) or pid not in state.coaches[seat].field:
        return f"{name(state, pid) if is_player(state, pid) else pid} is not on your field."
    if pid in state.marks[seat]:
        return f"{name(state, pid)} is already marked in this area."
    if state.area == RESULT and pid in state.setup_marks[seat]:
        return f"{name(state, pid)} already played in the set-up."
    who = player(state, pid)
    kind = kinds[slot]
    if who.position == GOALIE:
        return f"{who.name} is the goalie: he only fills a goalie slot."
    if kind == GOALIE:
        return "That slot is the goalie's."
    if kind != ANY and who.position != kind:
        return f"That slot wants a {LINE_WORDS[kind]}, and one is still free."
    return "That player cannot go there."


def mark(state: FinaleState, seat: int, slot: int, pid: str, events: list[Event]) -> None:
    state.marks[seat][slot] = pid
    events.append(NARRATOR.event("token", "mark", dict(side(state, seat), **player_words(state, pid),
                                                       area=state.area, slot=slot),
                                 piece="!" if state.area == SETUP else "!!", target=pid, value=1,
                                 seat=seat))
    advance_marking(state, events)


def advance_marking(state: FinaleState, events: list[Event]) -> None:
    """Move on once the coach marking has no slot left he can fill."""
    while state.phase == MARK:
        if open_slots(state, state.marking):
            return
        if state.marker == state.att:
            state.marker = state.dfn
            continue
        state.marker = None
        resolve_area(state, events)


# -- the dice decide an area ------------------------------------------------------------------

def total(state: FinaleState, seat: int) -> int:
    return sum(strength(state, seat, p) for p in state.marks[seat] if p)


def scorer(state: FinaleState, seat: int) -> Optional[str]:
    """Who scores a goal of `seat`'s finish: of its marked players, the one whose strength
    counts most now (before the cards turn); on a tie, the one in the earlier slot."""
    marked = [p for p in state.marks[seat] if p]
    return max(marked, key=lambda pid: strength(state, seat, pid)) if marked else None


def resolve_area(state: FinaleState, events: list[Event]) -> None:
    """Both sides are marked: strengths plus dice, the symbol rolls, the turning."""
    att, dfn, area = state.att, state.dfn, state.area
    bonus = state.bonus if (state.counter and area == SETUP) else 0
    dice = [0, 0]
    for seat in (att, dfn):
        dice[seat] = roll(state)
        events.append(Event("roll", "", f"die{seat}", value=dice[seat], seat=seat, reveals=True))
    sums = [total(state, s) + dice[s] for s in (0, 1)]
    sums[att] += bonus
    ok = sums[att] >= sums[dfn] if area == SETUP else sums[att] > sums[dfn]
    events.append(NARRATOR.event("message", "area_sums", dict(
        side(state, att), area=area, strength=total(state, att), die=dice[att], bonus=bonus,
        sum=sums[att], other_strength=total(state, dfn), other_die=dice[dfn], other_sum=sums[dfn]),
        value=[sums[0], sums[1]]))
    state.history.append({"match": state.match, "period": state.period, "seat": att,
                          "attack": state.attack_no, "card": state.card, "counter": state.counter, "area": area,
                          "sums": [sums[att], sums[dfn]], "ok": ok,
                          "players": [p for p in state.marks[att] if p],
                          "against": [p for p in state.marks[dfn] if p]})
    if area == RESULT and ok:
        state.history[-1]["scorer"] = scorer(state, att)
    if area == SETUP:
        events.append(NARRATOR.event("message", "setup_result", dict(side(state, att), ok=ok), seat=att))
    elif ok:
        state.coaches[att].goals += 1
        goal_scorer = state.history[-1]["scorer"]
        events.append(NARRATOR.event("score", "goal", dict(
            side(state, att), scorer=goal_scorer, **score(state)),
            piece=f"ball{att}", value=state.coaches[att].goals, seat=att))
    else:
        events.append(NARRATOR.event("message", "no_goal", side(state, att), seat=att))
    marked = [(s, p) for s in (att, dfn) for p in state.marks[s] if p]
    if area == SETUP:
        state.setup_marks = [m[:] for m in state.marks]
    for seat, pid in marked:
        symbol_roll(state, seat, pid, events)
    for seat, pid in marked:
        if pid in state.coaches[seat].field:
            coach = state.coaches[seat]
            coach.turns[pid] = coach.turns.get(pid, 0) + 1
            events.append(Event("flip", "", pid, f"field{seat}", value=coach.turns[pid] % 4, seat=seat))
    if area == SETUP:
        state.after = RESULT if ok else "failed"
    else:
        state.after = "done"
    continue_after(state, events)


def symbol_roll(state: FinaleState, seat: int, pid: str, events: list[Event]) -> None:
    """One roll for a marked player with symbols: injured, booked or sent off on its faces."""
    who = player(state, pid)
    if not who.symbols:
        return
    face = roll(state)
    told = dict(side(state, seat), **player_words(state, pid))
    events.append(NARRATOR.event("roll", "symbol_roll", dict(told, face=face), piece=f"die{seat}",
                                 value=face, seat=seat, reveals=True))
    faces = state.data.symbol_faces
    coach = state.coaches[seat]
    if RED_CROSS in who.symbols and face in faces[RED_CROSS]:
        events.append(NARRATOR.event("message", "injury", told, piece=pid, seat=seat))
        leave(state, seat, pid, INJURED, events)
        incident(state, seat, pid, INJURED)
        if replacements(state, seat, pid):
            state.pending.append((seat, pid))
        else:
            events.append(NARRATOR.event("message", "man_short", dict(told, right_away=True), seat=seat))
    elif YELLOW_CARD in who.symbols and face in faces[YELLOW_CARD]:
        if pid in coach.booked:
            events.append(NARRATOR.event("message", "sent_off", dict(told, reason="second_yellow"),
                                         piece=pid, seat=seat))
            leave(state, seat, pid, SENT_OFF, events)
            incident(state, seat, pid, "second yellow")
        else:
            coach.booked.append(pid)
            incident(state, seat, pid, "booked")
            events.append(NARRATOR.event("token", "booked", told, piece="yellow", target=pid, value=1,
                                         seat=seat))
    elif RED_CARD in who.symbols and face in faces[RED_CARD]:
        events.append(NARRATOR.event("message", "sent_off", dict(told, reason="red_card"), piece=pid,
                                     seat=seat))
        leave(state, seat, pid, SENT_OFF, events)
        incident(state, seat, pid, SENT_OFF)


# -- after an area ----------------------------------------------------------------------------

def replace(state: FinaleState, seat: int, pid: str, events: list[Event]) -> None:
    injured = state.pending.pop(0)[1]
    coach = state.coaches[seat]
    if player(state, injured).position == GOALIE:
        coach.goalie_subs += 1
    else:
        coach.subs += 1
    coach.bench.remove(pid)
    coach.field.append(pid)
    incident(state, seat, injured, "replaced", pid)
    events.append(NARRATOR.event("move", "replacement", changed(state, seat, pid, injured), piece=pid,
                                 source=f"bench{seat}", target=f"field{seat}", seat=seat))
    continue_after(state, events)


def continue_after(state: FinaleState, events: list[Event]) -> None:
    """Go on after an area: first every pending replacement, then what the area decided."""
    while state.pending and not replacements(state, *state.pending[0]):
        seat, pid = state.pending.pop(0)  # a second injury with no substitution left
        events.append(NARRATOR.event("message", "man_short", dict(
            side(state, seat), **player_words(state, pid), right_away=False), seat=seat))
    if state.pending:
        state.phase = REPLACE
        return
    after, state.after = state.after, ""
    if after == RESULT:
        open_area(state, RESULT, events)
    elif after == "failed" and not state.counter and not state.counter_used:
        start_counter(state, events)
    else:
        end_attack(state, events)


def start_counter(state: FinaleState, events: list[Event]) -> None:
    state.counter_used = True
    counter_seat = state.dfn
    card = state.revealed[counter_seat]
    assert card is not None
    state.bonus = 0 if state.tied else abs(tactic(state, state.in_play).strength
                                           - tactic(state, card).strength)
    begin_attack(state, counter_seat, card, events, counter=True)


def end_attack(state: FinaleState, events: list[Event]) -> None:
    state.counter = False
    state.bonus = 0
    state.marks = [[], []]
    state.setup_marks = [[], []]
    state.attacks -= 1
    attacker = state.attacker
    assert attacker is not None
    state.att, state.dfn = attacker, 1 - attacker
    if state.attacks > 0 and playable(state, attacker):
        state.attack_no += 1
        state.phase = PLAY
        state.card = None
        return
    end_period(state, events)


# -- further attacks --------------------------------------------------------------------------

def play(state: FinaleState, seat: int, card: str, events: list[Event]) -> None:
    """The attacker's card for the next attack; then the defender may swap a card."""
    move_to_table(state, seat, card)
    state.plays.append((seat, card))
    events.append(NARRATOR.event("move", "card_played", dict(
        side(state, seat), **card_words(state, card), attack=state.attack_no),
        piece=piece(state, seat, card), source=f"hand{seat}", target=f"table{seat}", seat=seat,
        reveals=True))
    refill(state, seat, events)
    state.card = card
    if swappable(state, 1 - seat):
        state.phase = SWAP
    else:
        begin_attack(state, seat, card, events)


def swappable(state: FinaleState, seat: int) -> list[str]:
    """Hand cards the defender may lay away (there must be a card to draw instead)."""
    coach = state.coaches[seat]
    if not coach.deck:
        return []
    return [c for c in coach.hand if c != schluss(state)]


def swap(state: FinaleState, seat: int, card: str, events: list[Event]) -> None:
    coach = state.coaches[seat]
    coach.hand.remove(card)
    coach.played.append(card)
    events.append(NARRATOR.event("move", "card_swapped", side(state, seat), piece=piece(state, seat, card),
                                 source=f"hand{seat}", target=f"played{seat}", seat=seat, reveals=True))
    refill(state, seat, events)
    keep(state, events)


def keep(state: FinaleState, events: list[Event]) -> None:
    begin_attack(state, state.attacking, state.in_play, events)
