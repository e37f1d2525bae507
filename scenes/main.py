"""The `finis` command, its one entry: the headless verbs go to game/verbs.py, everything
else opens the window (`python -m scenes`, the installed `finis` and the executable all come here)."""
from __future__ import annotations

import sys
from typing import Optional, Sequence


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Parse the command line; never imports pygame for simulate or inspect."""
    from game.cli import build_parser
    args = build_parser().parse_args(argv)
    if args.verb is not None:
        from game.verbs import run_headless
        return run_headless(args)
    from scenes.app import run
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
