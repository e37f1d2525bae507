"""The `finis` command line, kept light: the window starts after parsing only this.

The one entry is scenes/main.py: it parses with `build_parser`, hands the headless verbs
(simulate, inspect) to game/verbs.py and opens the window for everything else, so opening the
window never pays for importing the rules of every game first.
"""
from __future__ import annotations

import argparse

from . import __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="finis", description="Five finishing games on one table.")
    parser.add_argument("--version", action="version", version=f"finis {__version__}")
    parser.add_argument("--game", help="start a new game of this name directly")
    parser.add_argument("--seed", type=int, help="seed or deal number of the new game")
    parser.add_argument("--seats", help="e.g. human,computer:good,computer; at the table also "
                        "phone (a person holding their cards on a phone)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option for the new game (repeatable)")
    parser.add_argument("--size", help="window size, e.g. 1280x800")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    sub = parser.add_subparsers(dest="verb")
    sim = sub.add_parser("simulate", help="play computer games headless, print one JSON line")
    sim.add_argument("name")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1, dest="sim_seed")
    sim.add_argument("--seats", dest="sim_seats")
    sim.add_argument("--option", action="append", default=[], dest="sim_option", metavar="KEY=VALUE")
    sim.add_argument("--each", metavar="OPTION", help="repeat for every value of a choice option")
    ins = sub.add_parser("inspect", help="replay a save, print its final state as JSON (a game "
                                         "of several people still going: only what the table shows)")
    ins.add_argument("file")
    ins.add_argument("--reveal", action="store_true",
                     help="print hidden cards too (refused while several people are playing)")
    return parser
