"""Entry script for the PyInstaller build (build.spec): the same as the `finis` command."""
import sys

from scenes.main import main

if __name__ == "__main__":
    sys.exit(main())
