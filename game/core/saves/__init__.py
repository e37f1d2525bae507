"""Save files: setup + options + seats + actions (+ a digest), as versioned YAML, kept safe
through a kill at any moment (see docs/save-format.md).

The parts, each in its own module:

- `record`: what a save holds and every write of it (the first, autosave after each move
  with the journal, the whole file when a table closes);
- `load`: reading one back, every key checked, its header for Continue, the replay with
  the moves its journal kept;
- `listing`: the saves folder as Continue shows it, recovery from a temp file or backup,
  and Delete;
- `filing`: a finished game counted once, then moved to the history folder.

The names other modules use are gathered here.
"""
from .filing import LeftOver, Settled, count_result, file_finished, file_left_over, settle_finished
from .listing import KEPT_NOTE, SaveEntry, delete_save, list_saves
from .load import (NO_DIGEST, SAVE_SCALAR, LoadCancelled, SaveHeader, SaveProblem, load_save,
                   match_from_record, parse_record, read_header)
from .record import (FORMAT, SUFFIX, autosave, compact, is_safe_id, kept_name, path_for,
                     record_of, safe_id_from, save_path, status_text, write_save)

__all__ = [
    "FORMAT", "KEPT_NOTE", "NO_DIGEST", "SAVE_SCALAR", "SUFFIX", "LeftOver", "LoadCancelled",
    "SaveEntry", "SaveHeader", "SaveProblem", "Settled", "autosave", "compact", "count_result",
    "delete_save", "file_finished", "file_left_over", "is_safe_id", "kept_name", "list_saves",
    "load_save", "match_from_record", "parse_record", "path_for", "read_header", "record_of",
    "safe_id_from", "save_path", "settle_finished", "status_text", "write_save",
]
