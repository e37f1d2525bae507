"""How a Finale match runs: building squads and decks, the reveal, attacks with their set-up and
result, symbol rolls, injuries, counter-attacks, periods, extra time, the cup tie's replay and
the penalty shoot-out. Functions change a state in place and append `Event`s; the engine calls
them from `_apply` once an action is known to be legal.

Words used throughout: the period's *attacker* won the reveal; in the attack under way `att`
attacks and `dfn` defends (swapped in a counter-attack). An *area* is the set-up or the result
of the card in force; each coach fills the *slots* of his side of it with players (*marks*).
"""
from __future__ import annotations

from typing import Optional

from game.core import Event
from game.core.text import plural

from .data import (ANY, ATTACK, DEFEND, GOALIE, RED_CARD, RED_CROSS, RESULT, SETUP, WHITE,
                   YELLOW_CARD, Player, Tactic)
from .narrator import NARRATOR
from .state import (EXTRA_PERIODS, INJURED, MARK, MINUTES, OVER, PICK, PLAY, REGULAR_PERIODS,
                    REPLACE, SENT_OFF, SHOOTERS, SWAP, FinaleState)

FIELD, BENCH = "field", "bench"
SHOOTERS_PER_ROUND = 5

# -- looking things up ------------------------------------------------------------------------

def player(state: FinaleState, pid: str) -> Player:
    return state.data.players_by_id[pid]


def tactic(state: FinaleState, cid: str) -> Tactic:
    return state.data.tactics_by_id[cid]


def is_player(state: FinaleState, pid: str) -> bool:
    return pid in state.data.players_by_id


def is_tactic(state: FinaleState, cid: str) -> bool:
    return cid in state.data.tactics_by_id


def team_players(state: FinaleState, seat: int) -> tuple[Player, ...]:
    return state.data.teams[seat].players


def strength(state: FinaleState, seat: int, pid: str) -> int:
    """The strength on top of a player card now."""
    return player(state, pid).strength(state.coaches[seat].turns.get(pid, 0))


def scorer(state: FinaleState, seat: int) -> Optional[str]:
    """Who scores a goal of `seat`'s finish: of its marked players, the one whose strength
    counts most now (before the cards turn); on a tie, the one in the earlier slot."""
    marked = [p for p in state.marks[seat] if p]
    return max(marked, key=lambda pid: strength(state, seat, pid)) if marked else None


def name(state: FinaleState, pid: str) -> str:
    return player(state, pid).name if is_player(state, pid) else tactic(state, pid).name


def piece(state: FinaleState, seat: int, cid: str) -> str:
    """The piece id of a tactics card: both coaches hold the same thirty, so the team's id
    comes first ("stollen-pressing")."""
    return f"{state.coaches[seat].team}-{cid}"


def card_of(state: FinaleState, seat: int, word: str) -> Optional[str]:
    """The tactics card id an action's word names, if it is one of `seat`'s cards
    ("stollen-pressing" for seat 0), else None."""
    team, _, cid = word.partition("-")
    return cid if team == state.coaches[seat].team and is_tactic(state, cid) else None


def team_name(state: FinaleState, seat: int) -> str:
    """How the log names a side: by its team ("SV Stollen"), as football does."""
    return state.data.teams[seat].name


def team_names(state: FinaleState) -> list[str]:
    return [team.name for team in state.data.teams]


# -- what an event's data says (game/finale/narrator.py words it; docs/events.md lists it) ------

def side(state: FinaleState, seat: int) -> dict:
    """The side an event is about: its seat and the team's name."""
    return {"team": seat, "team_name": team_name(state, seat)}


def player_words(state: FinaleState, pid: str) -> dict:
    return {"player": pid, "player_name": name(state, pid)}


def card_words(state: FinaleState, cid: str) -> dict:
    return {"card": cid, "card_name": tactic(state, cid).name}


def changed(state: FinaleState, seat: int, into: str, out: str) -> dict:
    """A player coming on for another."""
    return {**side(state, seat), "player_in": into, "player_in_name": name(state, into),
            "player_out": out, "player_out_name": name(state, out)}


def score(state: FinaleState) -> dict:
    """The score now: both teams' names and goals."""
    return {"teams": team_names(state), "goals": [c.goals for c in state.coaches]}


def schluss(state: FinaleState) -> str:
    return state.data.schlusskarte.id


def roll(state: FinaleState) -> int:
    """A die roll: the deal's next fixed face, else the seeded die."""
    if state.dice:
        return state.dice.pop(0)
    faces = state.data.die_faces
    return faces[state.rng.randrange(len(faces))]


def period_minute(period: int) -> int:
    return period * MINUTES


def last_period(state: FinaleState) -> int:
    return REGULAR_PERIODS + (EXTRA_PERIODS if state.extra else 0)


# -- the squad and the deck before the match ---------------------------------------------------

def squad_value(state: FinaleState, seat: int) -> int:
    return sum(player(state, p).value for p in state.coaches[seat].squad)


def sign_problem(state: FinaleState, seat: int, pid: str, place: str) -> Optional[str]:
    """Why `pid` may not join the squad at `place` ("" never: None when it may)."""
    coach, squad = state.coaches[seat], state.data.squad
    if not is_player(state, pid) or player(state, pid).team != coach.team:
        return f"{pid} is not a player of {state.data.teams[seat].name}."
    who = player(state, pid)
    if pid in coach.squad:
        return f"{who.name} is already in the squad."
    if place not in (FIELD, BENCH):
        return "A player goes on the field or the bench."
    if len(coach.squad) >= squad.size:
        return f"The squad is full: {squad.size} players."
    if place == FIELD and len(coach.field) >= squad.field:
        return f"The field is full: {squad.field} players."
    if place == BENCH and len(coach.bench) >= squad.size - squad.field:
        return f"The bench is full: {squad.size - squad.field} players."
    if place == FIELD and who.position == GOALIE and any(
            player(state, p).position == GOALIE for p in coach.field):
        return "One goalie plays on the field; the other waits on the bench."
    worth = squad_value(state, seat) + who.value
    if worth > squad.max_value:
        return f"With {who.name} ({who.value}) the squad would be worth {worth}: at most {squad.max_value}."
    return None


def switch_problem(state: FinaleState, seat: int, pid: str) -> Optional[str]:
    coach, squad = state.coaches[seat], state.data.squad
    if pid in coach.field:
        if len(coach.bench) >= squad.size - squad.field:
            return f"The bench is full: {squad.size - squad.field} players."
        return None
    if pid in coach.bench:
        if len(coach.field) >= squad.field:
            return f"The field is full: {squad.field} players."
        if player(state, pid).position == GOALIE and any(
                player(state, p).position == GOALIE for p in coach.field):
            return "One goalie plays on the field; the other waits on the bench."
        return None
    return f"{name(state, pid) if is_player(state, pid) else pid} is not in the squad."


def squad_problem(state: FinaleState, seat: int) -> Optional[str]:
    """What the squad still lacks (None: complete)."""
    coach, squad = state.coaches[seat], state.data.squad
    if len(coach.field) != squad.field:
        return f"The field has {plural(len(coach.field), 'player')}: it needs {squad.field}."
    if len(coach.bench) != squad.size - squad.field:
        return (f"The bench has {plural(len(coach.bench), 'player')}: it needs "
                f"{squad.size - squad.field}.")
    keepers = [p for p in coach.field if player(state, p).position == GOALIE]
    if len(keepers) != 1:
        return "The eleven need exactly one goalie."
    if sum(player(state, p).position == GOALIE for p in coach.squad) < squad.min_goalies:
        return f"The squad needs {squad.min_goalies} goalies: a second one on the bench."
    worth = squad_value(state, seat)
    if worth > squad.max_value:
        return f"The squad is worth {worth}: at most {squad.max_value}."
    return None


def deck_kind(state: FinaleState, cards: list[str]) -> Optional[str]:
    """"first" (white and lilac), a colour (white and that colour), "free" (the free choice's
    strengths), or None for a deck that is none of these."""
    data = state.data
    colours = sorted({tactic(state, c).colour for c in cards})
    whites = {c.id for c in data.of_colour(WHITE)}
    if len(cards) == data.deck_size and whites <= set(cards) and len(colours) == 2:
        other = next(c for c in colours if c != WHITE)
        if {c.id for c in data.of_colour(other)} <= set(cards):
            return other
    return "free" if free_problem(state, cards) is None else None


FREE_COUNTS = {5: 2, 2: 2, 1: 1}  # strength -> how many cards a free choice has (Schlusskarte apart)


def free_problem(state: FinaleState, cards: list[str]) -> Optional[str]:
    """Why `cards` is not a valid free choice (None: it is)."""
    data = state.data
    if len(cards) != data.deck_size:
        return f"A deck has {data.deck_size} cards, not {len(cards)}."
    if schluss(state) not in cards:
        return "Every deck ends with the Schlusskarte."
    rest = [tactic(state, c).strength for c in cards if c != schluss(state)]
    for value, count in FREE_COUNTS.items():
        found = rest.count(value)
        if found != count:
            return (f"A free choice has {count} card{'s' if count > 1 else ''} of strength {value} "
                    f"besides the Schlusskarte, not {found}.")
    return None


def deck_problem(state: FinaleState, seat: int) -> Optional[str]:
    coach = state.coaches[seat]
    kind = deck_kind(state, coach.chosen)
    if kind is None:
        if len(coach.chosen) != state.data.deck_size:
            return f"The deck has {plural(len(coach.chosen), 'card')}: it needs {state.data.deck_size}."
        return ("The deck must be the white six with one colour's six, or a free choice: "
                + (free_problem(state, coach.chosen) or ""))
    if coach.openers and kind != "free":
        return "Only a free choice of cards picks its starting hand."
    if coach.openers and len(coach.openers) != state.data.hand:
        return f"Pick {state.data.hand} cards to start in the hand, or none to deal them."
    return None


def first_game(state: FinaleState, seat: int) -> None:
    """The first-game squad on its places and the first-game deck."""
    coach, team = state.coaches[seat], state.data.teams[seat]
    eleven = {p.id for p in team.first_game_eleven()}
    coach.field = [p.id for p in team.players if p.id in eleven]
    coach.bench = list(team.first_game_bench)
    coach.chosen = [c.id for c in state.data.tactics if c.colour in state.data.first_game_colours]
    coach.openers = []


def deck_of(state: FinaleState, seat: int, colour: str) -> None:
    coach = state.coaches[seat]
    coach.chosen = [c.id for c in state.data.tactics if c.colour in (WHITE, colour)]
    coach.openers = []


# -- kick-off ---------------------------------------------------------------------------------

def kick_off(state: FinaleState, events: list[Event], decks: Optional[list[list[str]]] = None) -> None:
    """Both squads and decks are ready: lay them out and start period 1."""
    for seat, coach in enumerate(state.coaches):
        coach.lineup = (tuple(coach.field), tuple(coach.bench))
        if decks is not None:
            coach.chosen = list(decks[seat])
        deal_deck(state, seat, events, order=None if decks is None else list(decks[seat]))
    events.append(NARRATOR.event("message", "kick_off", {"teams": team_names(state)}))
    start_period(state, 1, events)


def deal_deck(state: FinaleState, seat: int, events: list[Event], order: Optional[list[str]] = None,
              cards: Optional[list[str]] = None) -> None:
    """Shuffle `cards` (default: the chosen deck less the openers) under... the Schlusskarte
    at the bottom; the hand takes the openers, then draws up to three."""
    coach = state.coaches[seat]
    final = schluss(state)
    if order is not None:  # an explicit deal: drawn first to last
        coach.deck = list(reversed(order))
        coach.hand = []
    else:
        rest = [c for c in (cards if cards is not None else coach.chosen)
                if c != final and c not in coach.openers]
        state.rng.shuffle(rest)
        coach.deck = [final] + rest
        coach.hand = [c for c in coach.openers if c in coach.chosen] if cards is None else []
    refill(state, seat, events)


def refill(state: FinaleState, seat: int, events: list[Event]) -> None:
    """Draw until the hand holds three cards or the deck is empty."""
    coach = state.coaches[seat]
    while len(coach.hand) < state.data.hand and coach.deck:
        card = coach.deck.pop()
        coach.hand.append(card)
        face_up = card == schluss(state)
        where = dict(piece=piece(state, seat, card), source=f"deck{seat}", target=f"hand{seat}",
                     seat=seat, reveals=face_up)
        events.append(NARRATOR.event("move", "schluss_drawn", side(state, seat), **where)
                      if face_up else Event("move", "", **where))


def playable(state: FinaleState, seat: int) -> list[str]:
    """The cards a coach may reveal or play: his hand, but the Schlusskarte only once nothing
    else is left (wherever it lies)."""
    coach = state.coaches[seat]
    final = schluss(state)
    cards = [c for c in coach.hand if c != final]
    if cards:
        return cards
    if final in coach.hand or final in coach.table:
        return [final]
    return []


def start_period(state: FinaleState, period: int, events: list[Event]) -> None:
    state.period = period
    state.phase = PICK
    state.attacker = None
    state.counter_used = state.counter = False
    state.revealed = [None, None]
    for coach in state.coaches:
        coach.pick = None
    events.append(NARRATOR.event("phase", "period", {
        "period": period, "first_minute": period_minute(period - 1) + 1,
        "last_minute": period_minute(period)}, value=period))


# -- substitutions ----------------------------------------------------------------------------

def sub_problem(state: FinaleState, seat: int, out: str, into: str) -> Optional[str]:
    coach = state.coaches[seat]
    if out not in coach.field:
        return f"{name(state, out) if is_player(state, out) else out} is not on the field."
    if into not in coach.bench:
        return f"{name(state, into) if is_player(state, into) else into} is not on the bench."
    keeper_out = player(state, out).position == GOALIE
    keeper_in = player(state, into).position == GOALIE
    if keeper_in and not keeper_out:
        return "The reserve goalie only comes on for the goalie."
    if keeper_out and not keeper_in:
        return "The goalie is only replaced by the reserve goalie."
    if keeper_out and coach.goalie_subs >= GOALIE_SUBS:
        return "The goalie has already been changed once."
    if not keeper_out and coach.subs >= FIELD_SUBS:
        return f"All {FIELD_SUBS} field substitutions are used."
    return None


FIELD_SUBS, GOALIE_SUBS = 3, 1


def substitute(state: FinaleState, seat: int, out: str, into: str, why: str,
               events: list[Event]) -> None:
    coach = state.coaches[seat]
    if player(state, out).position == GOALIE:
        coach.goalie_subs += 1
    else:
        coach.subs += 1
    leave(state, seat, out, why, events)
    incident(state, seat, out, why, into)
    coach.bench.remove(into)
    coach.field.append(into)
    events.append(NARRATOR.event("move", "substitution", changed(state, seat, into, out), piece=into,
                                 source=f"bench{seat}", target=f"field{seat}", seat=seat))


def incident(state: FinaleState, seat: int, pid: str, what: str, by: Optional[str] = None) -> None:
    """Note a booking, sending-off, injury or change for the match report."""
    state.incidents.append({"match": state.match, "period": state.period, "seat": seat,
                            "player": pid, "what": what, "by": by})


def leave(state: FinaleState, seat: int, pid: str, why: str, events: list[Event]) -> None:
    coach = state.coaches[seat]
    if pid in coach.field:
        coach.field.remove(pid)
    coach.out.append(pid)
    coach.why[pid] = why
    events.append(Event("move", "", pid, f"field{seat}", f"out{seat}", seat=seat))


def replacements(state: FinaleState, seat: int, pid: str) -> list[str]:
    """Bench players who may come on for injured `pid` (subs left, a goalie for a goalie)."""
    coach = state.coaches[seat]
    if player(state, pid).position == GOALIE:
        if coach.goalie_subs >= GOALIE_SUBS:
            return []
        return [p for p in coach.bench if player(state, p).position == GOALIE]
    if coach.subs >= FIELD_SUBS:
        return []
    return [p for p in coach.bench if player(state, p).position != GOALIE]


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
    cards = [c.pick for c in state.coaches]
    assert cards[0] is not None and cards[1] is not None
    state.revealed = list(cards)
    state.plays += [(0, cards[0]), (1, cards[1])]  # type: ignore[list-item]
    powers = [tactic(state, c).strength for c in cards]  # type: ignore[arg-type]
    for seat, card in enumerate(cards):
        events.append(NARRATOR.event("flip", "card_shown", dict(
            side(state, seat), **card_words(state, card), strength=powers[seat]),  # type: ignore[arg-type]
            piece=piece(state, seat, card), source=f"table{seat}",  # type: ignore[arg-type]
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
    begin_attack(state, attacker, cards[attacker], events)  # type: ignore[arg-type]


def roll_off(state: FinaleState, events: list[Event], decides: str) -> int:
    """Both coaches roll until one is higher; that seat. `decides` what for: "attack" (equal
    strengths at the reveal) or "shootout" (who shoots first)."""
    events.append(NARRATOR.event("message", "roll_off", {"decides": decides}))
    while True:
        faces = [roll(state), roll(state)]
        for seat in (0, 1):
            events.append(Event("roll", "", f"die{seat}", value=faces[seat], seat=seat, reveals=True))
        if faces[0] != faces[1]:
            winner = 0 if faces[0] > faces[1] else 1
            events.append(NARRATOR.event("message", "roll_off_won", dict(
                side(state, winner), high=faces[winner], low=faces[1 - winner]), seat=winner))
            return winner


# -- attacks ----------------------------------------------------------------------------------

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
    card = tactic(state, state.card)  # type: ignore[arg-type]
    zone = card.setup if (area or state.area) == SETUP else card.result
    return zone.side(ATTACK if seat == state.att else DEFEND)


def arrow_slots(state: FinaleState, seat: int) -> dict[int, int]:
    """result slot -> set-up slot, for the arrows of `seat`'s side."""
    side = ATTACK if seat == state.att else DEFEND
    return {a.result: a.setup for a in tactic(state, state.card).arrows if a.side == side}  # type: ignore[arg-type]


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


def mark_problem(state: FinaleState, seat: int, slot: int, pid: str) -> Optional[str]:
    kinds = slots(state, seat)
    if not 0 <= slot < len(kinds):
        return f"This area has {len(kinds)} slots for you."
    if state.marks[seat][slot] is not None:
        return f"That slot already holds {name(state, state.marks[seat][slot])}."  # type: ignore[arg-type]
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


LINE_WORDS = {GOALIE: "goalie", "defence": "defender", "midfield": "midfielder",
              "striker": "striker", ANY: "field player"}


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
        if open_slots(state, state.marker):  # type: ignore[arg-type]
            return
        if state.marker == state.att:
            state.marker = state.dfn
            continue
        state.marker = None
        resolve_area(state, events)


def total(state: FinaleState, seat: int) -> int:
    return sum(strength(state, seat, p) for p in state.marks[seat] if p)


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
    state.bonus = 0 if state.tied else abs(tactic(state, state.card).strength  # type: ignore[arg-type]
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
    begin_attack(state, state.attacker, state.card, events)  # type: ignore[arg-type]


# -- periods and the end of the match ---------------------------------------------------------

def end_period(state: FinaleState, events: list[Event]) -> None:
    for seat, coach in enumerate(state.coaches):
        for card in coach.table:
            target = "hand" if card == schluss(state) else "played"
            (coach.hand if target == "hand" else coach.played).append(card)
            events.append(Event("move", "", piece(state, seat, card), f"table{seat}",
                                f"{target}{seat}", seat=seat))
        coach.table = []
    state.card = None
    state.area = ""
    events.append(NARRATOR.event("message", "period_end", dict(score(state), period=state.period)))
    if state.period < last_period(state):
        start_period(state, state.period + 1, events)
    else:
        full_time(state, events)


def full_time(state: FinaleState, events: list[Event]) -> None:
    a, b = (c.goals for c in state.coaches)
    if a != b:
        finish(state, 0 if a > b else 1, events)
    elif state.options.get("cup_tie") and state.match == 1:
        replay(state, events)
    elif state.options.get("extra_time") and not state.extra:
        extra_time(state, events)
    elif state.options.get("shootout"):
        start_shootout(state, events)
    else:
        finish(state, None, events)


def finish(state: FinaleState, winner: Optional[int], events: list[Event]) -> None:
    state.phase = OVER
    state.winner = winner
    state.marker = None
    events.append(NARRATOR.event("end", "end", {
        "winner": winner, "winner_name": team_name(state, winner) if winner is not None else None,
        **score(state)}, seat=winner))


def extra_time(state: FinaleState, events: list[Event]) -> None:
    """Two more periods; each coach takes his white cards back into the deck with his hand."""
    state.extra = True
    events.append(NARRATOR.event("message", "extra_time", score(state)))
    for seat, coach in enumerate(state.coaches):
        whites = [c for c in coach.played if tactic(state, c).colour == WHITE]
        back = coach.hand + coach.deck + whites
        for card in whites:
            coach.played.remove(card)
        for card in coach.hand:
            events.append(Event("move", "", piece(state, seat, card), f"hand{seat}", f"deck{seat}",
                                seat=seat))
        for card in whites:
            events.append(Event("move", "", piece(state, seat, card), f"played{seat}", f"deck{seat}",
                                seat=seat))
        coach.hand, coach.deck = [], []
        saved, coach.openers = coach.openers, []
        deal_deck(state, seat, events, cards=back)
        coach.openers = saved
    start_period(state, REGULAR_PERIODS + 1, events)


def replay(state: FinaleState, events: list[Event]) -> None:
    """A cup tie level after 90 minutes: the match is played again from the start."""
    events.append(NARRATOR.event("message", "replay", score(state)))
    state.match = 2
    for seat, coach in enumerate(state.coaches):
        coach.legs.append(coach.goals)
        coach.goals = 0
        before = set(coach.field) | set(coach.bench) | set(coach.out)
        coach.field, coach.bench = list(coach.lineup[0]), list(coach.lineup[1])
        coach.out, coach.why, coach.turns, coach.booked = [], {}, {}, []
        coach.subs = coach.goalie_subs = 0
        for pid in sorted(before):
            events.append(Event("move", "", pid, None, "field" + str(seat) if pid in coach.field
                                else "bench" + str(seat), seat=seat))
        coach.played, coach.table, coach.hand, coach.deck = [], [], [], []
        deal_deck(state, seat, events)
    start_period(state, 1, events)


# -- the penalty shoot-out --------------------------------------------------------------------

def start_shootout(state: FinaleState, events: list[Event]) -> None:
    state.phase = SHOOTERS
    state.shoot_round = 1
    events.append(NARRATOR.event("phase", "shootout", {"takers": SHOOTERS_PER_ROUND}, value="shootout"))
    for seat, coach in enumerate(state.coaches):
        coach.turns = {}  # every card back to its first edge; symbols count no more
        coach.shooters, coach.used, coach.kicks, coach.takers = [], [], [], []
        keepers = [p for p in coach.field if player(state, p).position == GOALIE]
        coach.keeper = keepers[0] if keepers else None


def taker_pool(state: FinaleState, seat: int) -> list[str]:
    """Who may take a penalty: field players, not the man in goal (nor a goalie, unless
    nobody else is left)."""
    coach = state.coaches[seat]
    pool = [p for p in coach.field if p != coach.keeper and player(state, p).position != GOALIE]
    return pool or [p for p in coach.field if p != coach.keeper] or list(coach.field)


def takers(state: FinaleState, seat: int) -> list[str]:
    """Who may still be named as the next taker this round (the unused first)."""
    coach = state.coaches[seat]
    pool = taker_pool(state, seat)
    left = [p for p in pool if p not in coach.shooters]
    fresh = [p for p in left if p not in coach.used]
    return fresh or left


def round_size(state: FinaleState, seat: int) -> int:
    return min(SHOOTERS_PER_ROUND, len(taker_pool(state, seat)))


def needs_keeper(state: FinaleState, seat: int) -> bool:
    coach = state.coaches[seat]
    return coach.keeper is None and len(coach.field) > 1


def shooter(state: FinaleState, seat: int, pid: str, events: list[Event]) -> None:
    coach = state.coaches[seat]
    coach.shooters.append(pid)
    events.append(NARRATOR.event("message", "taker_named", side(state, seat), seat=seat))
    if all(len(c.shooters) >= round_size(state, s) and not needs_keeper(state, s)
           for s, c in enumerate(state.coaches)):
        shoot_round(state, events)


def keeper(state: FinaleState, seat: int, pid: str, events: list[Event]) -> None:
    state.coaches[seat].keeper = pid
    events.append(NARRATOR.event("message", "shootout_keeper", dict(side(state, seat), **player_words(state, pid)),
                                 piece=pid, seat=seat))


def shoot_round(state: FinaleState, events: list[Event]) -> None:
    if state.shoot_round == 1:
        state.shoot_first = roll_off(state, events, "shootout")
    first = state.shoot_first
    order = (first, 1 - first)
    for i in range(SHOOTERS_PER_ROUND):
        for seat in order:
            kick(state, seat, i, events)
        if state.shoot_round > 1 and tally(state, 0) != tally(state, 1):
            break
    for seat, coach in enumerate(state.coaches):
        coach.used += [p for p in coach.shooters if p not in coach.used]
        coach.shooters = []
    a, b = tally(state, 0), tally(state, 1)
    events.append(NARRATOR.event("message", "shootout_score", {"tally": [a, b]}))
    if a != b:
        finish(state, 0 if a > b else 1, events)
    else:
        state.shoot_round += 1
        events.append(NARRATOR.event("phase", "shootout_round", {"round": state.shoot_round,
                                                                 "takers": SHOOTERS_PER_ROUND},
                                     value="shootout"))


def tally(state: FinaleState, seat: int) -> int:
    return sum(state.coaches[seat].kicks)


def kick(state: FinaleState, seat: int, i: int, events: list[Event]) -> None:
    coach, other = state.coaches[seat], state.coaches[1 - seat]
    taker = coach.shooters[i % len(coach.shooters)] if coach.shooters else None
    shot = (player(state, taker).strength(0) if taker else 0) + roll(state)
    guard = other.keeper
    save = (player(state, guard).strength(other.turns.get(guard, 0)) if guard else 0) + roll(state)
    scored = shot > save
    coach.kicks.append(scored)
    coach.takers.append(taker or "")
    events.append(NARRATOR.event("score" if scored else "message", "penalty", dict(
        side(state, seat), player=taker, player_name=name(state, taker) if taker else None,
        scored=scored, shot=shot, save=save, keeper=guard),
        piece=taker, value=[shot, save], seat=seat, reveals=True))
    if guard:
        other.turns[guard] = other.turns.get(guard, 0) + 1
        events.append(Event("flip", "", guard, f"field{1 - seat}", value=other.turns[guard] % 4,
                            seat=1 - seat))
