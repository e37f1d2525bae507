"""Finale's cards and constants, the checked data of assets/data/finale.yaml: two teams of 30
player cards, the 30 tactics cards every coach holds, the die, the symbols and the squad rules.

Ids are lower-case words joined by hyphens: a player by his name (``sven-abseits``), a tactics
card by its title (``schlusskarte``, ``offener-schlagabtausch``). Player ids are unique across
both teams. `parse_data` raises `DataError(file, key, reason)` on the first broken value.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, Optional

from game.core.decks import data_int
from game.core.registry import DataError, check_texts, load_data

FILE = "finale.yaml"

GOALIE, DEFENCE, MIDFIELD, STRIKER, ANY = "goalie", "defence", "midfield", "striker", "?"
POSITIONS = (GOALIE, DEFENCE, MIDFIELD, STRIKER)
FIELD_LINES = (DEFENCE, MIDFIELD, STRIKER)
SLOT_TYPES = POSITIONS + (ANY,)  # "?" takes any field player, never the goalie
TEAM_COUNTS = {GOALIE: 3, DEFENCE: 9, MIDFIELD: 9, STRIKER: 9}  # player cards of each position
TEAMS = 2
# A used card turns a quarter anticlockwise, so its right edge comes to the top: the edges in
# the order their strengths come into play.
EDGES = ("top", "right", "bottom", "left")
LOW, HIGH = 1, 5  # a strength printed on an edge
RED_CROSS, YELLOW_CARD, RED_CARD = "red_cross", "yellow_card", "red_card"
SYMBOLS = (RED_CROSS, YELLOW_CARD, RED_CARD)
MAX_SYMBOLS = 2
WHITE, LILAC = "white", "lilac"
COLOURS = (WHITE, LILAC, "red", "yellow", "blue")  # tactics colours
CARDS_PER_COLOUR = 6
ATTACK, DEFEND = "attack", "defend"
SIDES = (ATTACK, DEFEND)
SETUP, RESULT = "setup", "result"
MAX_SLOTS = 4  # slots of one side in one area
PLAYER_KEYS = ("id", "name", "position", "edges", "value", "symbols", "first_game")
TACTIC_KEYS = ("id", "colour", "german", "name", "strength", "final", "text", SETUP, RESULT, "arrows")
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


@dataclass(frozen=True)
class Player:
    """A player card."""

    id: str
    name: str
    team: str
    position: str  # goalie, defence, midfield or striker
    edges: tuple[int, int, int, int]  # top, right, bottom, left: the order they come to the top
    value: int
    symbols: tuple[str, ...]  # red_cross, yellow_card, red_card (at most two)
    first_game: bool  # one of the team's first-game squad

    def strength(self, turns: int) -> int:
        """The strength on top after the card has turned `turns` quarters anticlockwise."""
        return self.edges[turns % 4]


@dataclass(frozen=True)
class Team:
    """A team: its 30 player cards and the first-game line-up."""

    id: str
    name: str
    colour: str
    rgb: tuple[int, int, int]
    players: tuple[Player, ...]
    first_game_bench: tuple[str, ...]  # player ids, in the rulebook's order

    def first_game_squad(self) -> tuple[Player, ...]:
        """The 15 cards with the first-game mark."""
        return tuple(p for p in self.players if p.first_game)

    def first_game_eleven(self) -> tuple[Player, ...]:
        """The first-game squad without its bench: the eleven who start on the field."""
        return tuple(p for p in self.first_game_squad() if p.id not in self.first_game_bench)


@dataclass(frozen=True)
class Area:
    """One area of a tactics card: the attacking and the defending coach's slots."""

    attack: tuple[str, ...]
    defend: tuple[str, ...]

    def side(self, side: str) -> tuple[str, ...]:
        return self.attack if side == ATTACK else self.defend

    @property
    def empty(self) -> bool:
        return not self.attack and not self.defend


@dataclass(frozen=True)
class Arrow:
    """The player in set-up slot `setup` of `side` must play again in result slot `result`."""

    side: str
    setup: int
    result: int


@dataclass(frozen=True)
class Tactic:
    """A tactics card."""

    id: str
    colour: str
    name: str
    german: Optional[str]  # the German title, where there is one
    strength: int
    text: str
    setup: Area
    result: Area
    arrows: tuple[Arrow, ...]
    final: bool  # the Schlusskarte


@dataclass(frozen=True)
class TacticsColour:
    """A colour of tactics cards and the line of players it leans on (None for white, lilac)."""

    id: str
    line: Optional[str]
    rgb: tuple[int, int, int]


@dataclass(frozen=True)
class Squad:
    """The rules for building a squad."""

    size: int
    field: int
    max_value: int
    min_goalies: int


@dataclass(frozen=True)
class FinaleData:
    """Everything the data file gives."""

    die_faces: tuple[int, ...]
    symbol_faces: dict[str, tuple[int, ...]]  # symbol -> the die faces that set it off
    symbol_names: dict[str, str]
    squad: Squad
    deck_size: int
    hand: int
    first_game_colours: tuple[str, ...]
    teams: tuple[Team, ...]
    colours: tuple[TacticsColour, ...]
    tactics: tuple[Tactic, ...]
    decisions: tuple[str, ...]

    @cached_property
    def players_by_id(self) -> dict[str, Player]:
        """Every player card of both teams by id (made once)."""
        return {p.id: p for t in self.teams for p in t.players}

    @cached_property
    def tactics_by_id(self) -> dict[str, Tactic]:
        return {c.id: c for c in self.tactics}

    def team(self, team_id: str) -> Team:
        for t in self.teams:
            if t.id == team_id:
                return t
        raise KeyError(team_id)

    def player(self, player_id: str) -> Player:
        return self.players_by_id[player_id]

    def tactic(self, tactic_id: str) -> Tactic:
        return self.tactics_by_id[tactic_id]

    def of_colour(self, colour: str) -> tuple[Tactic, ...]:
        """The six tactics cards of a colour, in file order."""
        return tuple(c for c in self.tactics if c.colour == colour)

    @property
    def schlusskarte(self) -> Tactic:
        return next(c for c in self.tactics if c.final)

    def line_of(self, colour: str) -> Optional[str]:
        for c in self.colours:
            if c.id == colour:
                return c.line
        raise KeyError(colour)


def card_id(piece: str) -> str:
    """The tactics card id in a piece id: "stollen-pressing" -> "pressing" (team ids have no
    hyphen, so the first one ends the team)."""
    return piece.partition("-")[2]


def accepts(result_slot: str, setup_slot: str) -> bool:
    """Whether an arrow may bind the player of `setup_slot` to `result_slot`: the same line, or a
    field line into a "?"."""
    return result_slot == setup_slot or (result_slot == ANY and setup_slot in FIELD_LINES)


# -- small checks -----------------------------------------------------------------------------

def _mapping(raw: Any, where: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise DataError(FILE, where, "is missing or not a mapping")
    return raw


def _list(raw: Any, where: str) -> list[Any]:
    if not isinstance(raw, list):
        raise DataError(FILE, where, "is missing or not a list")
    return raw


def _id(raw: Any, where: str) -> str:
    if not isinstance(raw, str) or not _ID.match(raw):
        raise DataError(FILE, where, f"must be lower-case words joined by hyphens, not {raw!r}")
    return raw


def _name(raw: Any, where: str) -> str:
    if not isinstance(raw, str) or not raw.strip():
        raise DataError(FILE, where, f"must be a name, not {raw!r}")
    return raw.strip()


def _rgb(raw: Any, where: str) -> tuple[int, int, int]:
    if not isinstance(raw, list) or len(raw) != 3 or not all(
            isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in raw):
        raise DataError(FILE, where, f"must be three numbers 0..255, not {raw!r}")
    return (raw[0], raw[1], raw[2])


def _known_keys(raw: dict[str, Any], known: tuple[str, ...], where: str) -> None:
    """A misspelt key is refused rather than quietly ignored (an optional one would be lost)."""
    for key in raw:
        if key not in known:
            raise DataError(FILE, f"{where}.{key}", f"is not a known key (known: {', '.join(known)})")


def _flag(raw: dict[str, Any], key: str, where: str) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise DataError(FILE, where + key, f"must be true or false, not {value!r}")
    return value


# -- sections ---------------------------------------------------------------------------------

def _die(data: dict[str, Any]) -> tuple[int, ...]:
    faces = _list(_mapping(data.get("die"), "die").get("faces"), "die.faces")
    if not 2 <= len(faces) <= 20:
        raise DataError(FILE, "die.faces", f"must list 2 to 20 faces, not {len(faces)}")
    for i, face in enumerate(faces):
        if not isinstance(face, int) or isinstance(face, bool) or not 0 <= face <= 99:
            raise DataError(FILE, f"die.faces[{i}]", f"must be a whole number 0..99, not {face!r}")
    return tuple(faces)


def _symbols(data: dict[str, Any],
             faces: tuple[int, ...]) -> tuple[dict[str, tuple[int, ...]], dict[str, str]]:
    raw = _mapping(data.get("symbols"), "symbols")
    for key in raw:
        if key not in SYMBOLS:
            raise DataError(FILE, f"symbols.{key}", f"is not a symbol (known: {', '.join(SYMBOLS)})")
    rolls: dict[str, tuple[int, ...]] = {}
    names: dict[str, str] = {}
    taken: dict[int, str] = {}
    for symbol in SYMBOLS:
        entry = _mapping(raw.get(symbol), f"symbols.{symbol}")
        names[symbol] = _name(entry.get("name"), f"symbols.{symbol}.name")
        listed = _list(entry.get("faces"), f"symbols.{symbol}.faces")
        if not listed:
            raise DataError(FILE, f"symbols.{symbol}.faces", "is empty")
        for i, face in enumerate(listed):
            where = f"symbols.{symbol}.faces[{i}]"
            if face not in faces or isinstance(face, bool):
                raise DataError(FILE, where, f"{face!r} is not a face of the die")
            if face in taken:
                raise DataError(FILE, where, f"{face} already sets off {taken[face]}: one roll, one symbol")
            taken[face] = symbol
        rolls[symbol] = tuple(listed)
    return rolls, names


def _squad(data: dict[str, Any]) -> Squad:
    raw = _mapping(data.get("squad"), "squad")
    size = data_int(FILE, raw, "size", "squad.", 11, 30)
    return Squad(size=size, field=data_int(FILE, raw, "field", "squad.", 1, size),
                 max_value=data_int(FILE, raw, "max_value", "squad.", 1, 500),
                 min_goalies=data_int(FILE, raw, "min_goalies", "squad.", 1, TEAM_COUNTS[GOALIE]))


def _player(raw: Any, team: str, where: str) -> Player:
    raw = _mapping(raw, where)
    _known_keys(raw, PLAYER_KEYS, where)
    at = where + "."
    position = raw.get("position")
    if position not in POSITIONS:
        raise DataError(FILE, at + "position", f"must be one of {', '.join(POSITIONS)}, not {position!r}")
    edges_raw = _mapping(raw.get("edges"), at + "edges")
    for key in edges_raw:
        if key not in EDGES:
            raise DataError(FILE, f"{at}edges.{key}", "is not an edge (top, right, bottom, left)")
    top, right, bottom, left = (data_int(FILE, edges_raw, e, at + "edges.", LOW, HIGH) for e in EDGES)
    edges = (top, right, bottom, left)
    symbols = _list(raw.get("symbols", []), at + "symbols")
    if len(symbols) > MAX_SYMBOLS:
        raise DataError(FILE, at + "symbols",
                        f"lists {len(symbols)} symbols: a card has at most {MAX_SYMBOLS}")
    for i, symbol in enumerate(symbols):
        if symbol not in SYMBOLS:
            raise DataError(FILE, f"{at}symbols[{i}]",
                            f"{symbol!r} is not a symbol (known: {', '.join(SYMBOLS)})")
    if len(set(symbols)) != len(symbols):
        raise DataError(FILE, at + "symbols", "lists a symbol twice")
    return Player(id=_id(raw.get("id"), at + "id"), name=_name(raw.get("name"), at + "name"), team=team,
                  position=position, edges=edges,
                  value=data_int(FILE, raw, "value", at, 1, 10), symbols=tuple(symbols),
                  first_game=_flag(raw, "first_game", at))


def _team(raw: Any, where: str, squad: Squad) -> Team:
    raw = _mapping(raw, where)
    at = where + "."
    tid = _id(raw.get("id"), at + "id")
    listed = _list(raw.get("players"), at + "players")
    players = tuple(_player(p, tid, f"{at}players[{i}]") for i, p in enumerate(listed))
    for position, count in TEAM_COUNTS.items():
        found = sum(p.position == position for p in players)
        if found != count:
            raise DataError(FILE, at + "players", f"has {found} {position} cards: a team has {count}")
    squad_cards = [p for p in players if p.first_game]
    if len(squad_cards) != squad.size:
        raise DataError(FILE, at + "players", f"{len(squad_cards)} cards carry the first-game mark: "
                        f"the first-game squad is {squad.size}")
    worth = sum(p.value for p in squad_cards)
    if worth != squad.max_value:
        raise DataError(FILE, at + "players", f"the first-game squad is worth {worth}: it must be "
                        f"worth exactly {squad.max_value}")
    goalies = sum(p.position == GOALIE for p in squad_cards)
    if goalies < squad.min_goalies:
        raise DataError(FILE, at + "players", f"the first-game squad has {goalies} goalies: it needs "
                        f"at least {squad.min_goalies}")
    bench = _list(raw.get("first_game_bench"), at + "first_game_bench")
    if len(bench) != squad.size - squad.field or len(set(map(str, bench))) != len(bench):
        raise DataError(FILE, at + "first_game_bench", f"must name {squad.size - squad.field} "
                        f"different players")
    marked = {p.id: p for p in squad_cards}
    for i, pid in enumerate(bench):
        if not isinstance(pid, str) or pid not in marked:
            raise DataError(FILE, f"{at}first_game_bench[{i}]", f"{pid!r} is not in this team's "
                            f"first-game squad")
    keepers = [p.name for p in squad_cards if p.position == GOALIE and p.id not in bench]
    if len(keepers) != 1:
        raise DataError(FILE, at + "first_game_bench", f"leaves {len(keepers)} goalies on the field: "
                        f"the first-game eleven has exactly one")
    return Team(id=tid, name=_name(raw.get("name"), at + "name"),
                colour=_id(raw.get("colour"), at + "colour"),
                rgb=_rgb(raw.get("rgb"), at + "rgb"), players=players, first_game_bench=tuple(bench))


def _teams(data: dict[str, Any], squad: Squad) -> tuple[Team, ...]:
    listed = _list(data.get("teams"), "teams")
    if len(listed) != TEAMS:
        raise DataError(FILE, "teams", f"must list {TEAMS} teams, not {len(listed)}")
    teams = tuple(_team(t, f"teams[{i}]", squad) for i, t in enumerate(listed))
    for key in ("id", "colour"):
        if len({getattr(t, key) for t in teams}) != TEAMS:
            raise DataError(FILE, f"teams[1].{key}", "is the same as the other team's")
    seen: dict[str, str] = {}
    for key in ("id", "name"):
        seen.clear()
        for t, team in enumerate(teams):
            for i, p in enumerate(team.players):
                where = f"teams[{t}].players[{i}]"
                value = getattr(p, key)
                if value in seen:
                    raise DataError(FILE, f"{where}.{key}", f"{value!r} is used twice (also {seen[value]})")
                seen[value] = where
    return teams


def _colours(data: dict[str, Any]) -> tuple[TacticsColour, ...]:
    listed = _list(data.get("tactics_colours"), "tactics_colours")
    colours = []
    for i, raw in enumerate(listed):
        at = f"tactics_colours[{i}]."
        raw = _mapping(raw, at[:-1])
        cid = raw.get("id")
        if cid not in COLOURS:
            raise DataError(FILE, at + "id", f"must be one of {', '.join(COLOURS)}, not {cid!r}")
        line = raw.get("line")
        if line is not None and line not in FIELD_LINES:
            raise DataError(FILE, at + "line",
                            f"must be null or one of {', '.join(FIELD_LINES)}, not {line!r}")
        colours.append(TacticsColour(cid, line, _rgb(raw.get("rgb"), at + "rgb")))
    ids = [c.id for c in colours]
    if sorted(ids) != sorted(COLOURS):
        raise DataError(FILE, "tactics_colours", f"must list each of {', '.join(COLOURS)} once")
    lines = [c.line for c in colours if c.line]
    if len(set(lines)) != len(lines):
        raise DataError(FILE, "tactics_colours", "two colours lean on the same line")
    return tuple(colours)


def _area(raw: Any, where: str) -> Area:
    raw = _mapping(raw, where)
    _known_keys(raw, SIDES, where)
    sides = []
    for side in SIDES:
        slots = _list(raw.get(side), f"{where}.{side}")
        if len(slots) > MAX_SLOTS:
            raise DataError(FILE, f"{where}.{side}", f"has {len(slots)} slots: at most {MAX_SLOTS}")
        for i, slot in enumerate(slots):
            if slot not in SLOT_TYPES:
                raise DataError(FILE, f"{where}.{side}[{i}]", f"{slot!r} is not a slot type "
                                f"(goalie, defence, midfield, striker or \"?\")")
        if slots.count(GOALIE) > 1:
            raise DataError(FILE, f"{where}.{side}", "has two goalie slots: a side has one goalie")
        sides.append(tuple(slots))
    if bool(sides[0]) != bool(sides[1]):
        raise DataError(FILE, where, "has slots on one side only: both sides play, or neither")
    return Area(sides[0], sides[1])


def _arrows(raw: Any, where: str, setup: Area, result: Area) -> tuple[Arrow, ...]:
    arrows = []
    for i, entry in enumerate(_list(raw, where)):
        at = f"{where}[{i}]."
        entry = _mapping(entry, at[:-1])
        _known_keys(entry, ("side", SETUP, RESULT), at[:-1])
        side = entry.get("side")
        if side not in SIDES:
            raise DataError(FILE, at + "side", f"must be attack or defend, not {side!r}")
        start = data_int(FILE, entry, SETUP, at, 0, MAX_SLOTS - 1)
        end = data_int(FILE, entry, RESULT, at, 0, MAX_SLOTS - 1)
        if start >= len(setup.side(side)):
            raise DataError(FILE, at + SETUP, f"points from set-up slot {start} of {side}, which has "
                            f"{len(setup.side(side))} slots")
        if end >= len(result.side(side)):
            raise DataError(FILE, at + RESULT, f"points to result slot {end} of {side}, which has "
                            f"{len(result.side(side))} slots")
        if not accepts(result.side(side)[end], setup.side(side)[start]):
            raise DataError(FILE, at[:-1], f"joins a {setup.side(side)[start]} slot to a "
                            f"{result.side(side)[end]} slot: an arrow keeps its line (or goes into a \"?\")")
        arrows.append(Arrow(side, start, end))
    for key in (SETUP, RESULT):
        ends = [(a.side, getattr(a, key)) for a in arrows]
        if len(set(ends)) != len(ends):
            raise DataError(FILE, where, f"two arrows share a {key} slot")
    for side in SIDES:  # one goalie a side: he plays both areas only along an arrow
        if GOALIE in setup.side(side) and GOALIE in result.side(side) and Arrow(
                side, setup.side(side).index(GOALIE), result.side(side).index(GOALIE)) not in arrows:
            raise DataError(FILE, where, f"the {side} goalie is in both areas without an arrow: "
                            f"a player used in the set-up plays the result only along an arrow")
    return tuple(arrows)


def _tactic(raw: Any, where: str) -> Tactic:
    raw = _mapping(raw, where)
    _known_keys(raw, TACTIC_KEYS, where)
    at = where + "."
    colour = raw.get("colour")
    if colour not in COLOURS:
        raise DataError(FILE, at + "colour", f"must be one of {', '.join(COLOURS)}, not {colour!r}")
    german = raw.get("german")
    if german is not None:
        german = _name(german, at + "german")
    if "text" not in raw:
        raise DataError(FILE, at + "text", "is missing")
    setup, result = _area(raw.get(SETUP), at + SETUP), _area(raw.get(RESULT), at + RESULT)
    if result.empty:
        raise DataError(FILE, at + RESULT, "has no slots: every attack ends in a result")
    return Tactic(id=_id(raw.get("id"), at + "id"), colour=colour, name=_name(raw.get("name"), at + "name"),
                  german=german, strength=data_int(FILE, raw, "strength", at, LOW, HIGH),
                  text=str(raw["text"]), setup=setup, result=result,
                  arrows=_arrows(raw.get("arrows", []), at + "arrows", setup, result),
                  final=_flag(raw, "final", at))


def _tactics(data: dict[str, Any]) -> tuple[Tactic, ...]:
    listed = _list(data.get("tactics"), "tactics")
    cards = tuple(_tactic(c, f"tactics[{i}]") for i, c in enumerate(listed))
    seen: dict[str, int] = {}
    for i, c in enumerate(cards):
        if c.id in seen:
            raise DataError(FILE, f"tactics[{i}].id", f"{c.id!r} is used twice (also tactics[{seen[c.id]}])")
        seen[c.id] = i
    for colour in COLOURS:
        found = sum(c.colour == colour for c in cards)
        if found != CARDS_PER_COLOUR:
            raise DataError(FILE, "tactics",
                            f"{colour} has {found} cards: each colour has {CARDS_PER_COLOUR}")
    finals = [i for i, c in enumerate(cards) if c.final]
    if len(finals) != 1:
        raise DataError(FILE, "tactics", f"{len(finals)} cards are final: exactly one is the Schlusskarte")
    final = cards[finals[0]]
    if final.colour != WHITE or final.strength != LOW:
        raise DataError(FILE, f"tactics[{finals[0]}].final", f"the Schlusskarte is a white card of "
                        f"strength {LOW}")
    return cards


def _deck(data: dict[str, Any], tactics: tuple[Tactic, ...]) -> tuple[int, int, tuple[str, ...]]:
    raw = _mapping(data.get("deck"), "deck")
    size = data_int(FILE, raw, "size", "deck.", 2, len(tactics))
    hand = data_int(FILE, raw, "hand", "deck.", 1, size - 1)
    first = _list(raw.get("first_game"), "deck.first_game")
    for i, colour in enumerate(first):
        if colour not in COLOURS:
            raise DataError(FILE, f"deck.first_game[{i}]", f"{colour!r} is not a tactics colour")
    if len(set(first)) != len(first):
        raise DataError(FILE, "deck.first_game", "lists a colour twice")
    cards = [c for c in tactics if c.colour in first]
    if len(cards) != size or not any(c.final for c in cards):
        raise DataError(FILE, "deck.first_game", f"must make a deck of {size} cards with the "
                        f"Schlusskarte, not {len(cards)} cards")
    return size, hand, tuple(first)


def parse_data(data: Any) -> FinaleData:
    """Check the whole data file; DataError(file, key, reason) on the first thing wrong."""
    if not isinstance(data, dict):
        raise DataError(FILE, "(top)", "must be a mapping")
    check_texts(data, FILE)  # every card text and decision a whole sentence
    faces = _die(data)
    rolls, names = _symbols(data, faces)
    squad = _squad(data)
    teams = _teams(data, squad)
    colours = _colours(data)
    tactics = _tactics(data)
    size, hand, first = _deck(data, tactics)
    decisions = data.get("decisions") or []
    if not isinstance(decisions, list) or not all(isinstance(t, str) for t in decisions):
        raise DataError(FILE, "decisions", "must be a list of sentences")
    return FinaleData(die_faces=faces, symbol_faces=rolls, symbol_names=names, squad=squad,
                      deck_size=size, hand=hand, first_game_colours=first, teams=teams,
                      colours=colours, tactics=tactics, decisions=tuple(decisions))


@lru_cache(maxsize=None)
def finale_data() -> FinaleData:
    """The checked data of the shipped data file (read once)."""
    return parse_data(load_data("finale"))
