"""Showing a folder in the system's file manager (Explorer, Finder, or whatever xdg-open
starts), without waiting for it; used by the movie export dialog (movies_export.py)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def open_in_file_manager(folder: Path) -> str:
    """Open a folder in the platform's file manager; '' on success, else what went wrong."""
    if not Path(folder).is_dir():
        return "the folder is not there"
    try:
        if sys.platform == "win32":  # (what Windows says, 64-bit too; mypy checks per platform)
            os.startfile(str(folder))
        else:
            opener = "open" if sys.platform == "darwin" else "xdg-open"
            subprocess.Popen([opener, str(folder)], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError as exc:
        return exc.strerror or str(exc)
    return ""
