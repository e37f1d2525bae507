"""The `finis` command: the headless verbs go to game.cli, everything else opens the window."""
from __future__ import annotations

import sys
from typing import Optional, Sequence


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Parse the command line; never imports pygame for simulate or inspect."""
    from game.commandline import build_parser
    args = build_parser().parse_args(argv)
    if args.verb is not None:
        from game.cli import run_headless
        return run_headless(args)
    from scenes.app import run
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
