"""Finished! flip-book movies: one small YAML file per game, and exports to GIF and PNG.

The scored cards of a Finished! game (the Finished! pile, 00:01 upwards) are the frames of a
48-frame flip-book. A movie file records which frames a game earned:

    format: 1
    id: movie-finished-20250512-140322-123
    created: '2025-05-12T14:03:22'
    level: very-easy
    level_label: Very Easy
    won: false
    pile: [1, 2, 3, 4, 5]
    save_id: finished-20250512-140322-123

Writing is atomic (fileio.write_atomic). Reading never raises: `list_movies` lists a broken
file with its name and reason, and the other movies still play. Pillow is imported only by
the exports, so the gallery and the command line stay light.
"""
from __future__ import annotations

import errno
import math
import os
import re
import tempfile
import time
from dataclasses import dataclass, field
from functools import lru_cache
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Optional, Sequence, Union

from game.core.datafiles import check_format, read_yaml
from game.core.fileio import FileProblem, short, write_atomic
from game.core.safeyaml import dump_yaml
from game.core.paths import movies_dir, pictures_dir, resource

FORMAT = 1
TOTAL_FRAMES = 48
SUFFIX = ".yaml"
STRIP_COLUMNS = 8
ISO = "%Y-%m-%dT%H:%M:%S"

Progress = Optional[Callable[[int, int], None]]


class ExportCancelled(Exception):
    """Raised by a progress callback to stop an export; the half-written file is removed."""


@dataclass(frozen=True)
class Movie:
    """The frames one Finished! game earned, in order (card numbers 1..k)."""

    id: str
    created: str
    level: str
    level_label: str
    won: bool
    pile: tuple[int, ...]
    save_id: str = ""

    @property
    def frames(self) -> int:
        """How many frames the movie has."""
        return len(self.pile)

    @property
    def complete(self) -> bool:
        """All 48 frames earned."""
        return len(self.pile) >= TOTAL_FRAMES

    @property
    def frames_to_earn(self) -> int:
        """Frames of the whole movie this game did not reach."""
        return max(0, TOTAL_FRAMES - len(self.pile))

    @property
    def created_at(self) -> datetime:
        """The creation time as a datetime (the epoch if unreadable)."""
        try:
            return datetime.strptime(self.created, ISO)
        except ValueError:
            return datetime.fromtimestamp(0)

    def length_text(self) -> str:
        """'23 of 48 frames', '1 of 48 frames' or 'complete'."""
        return length_text(len(self.pile))

    def to_record(self) -> dict[str, Any]:
        """The file's data."""
        return {"format": FORMAT, "id": self.id, "created": self.created, "level": self.level,
                "level_label": self.level_label, "won": bool(self.won),
                "pile": [int(n) for n in self.pile], "save_id": self.save_id}


@dataclass
class MovieEntry:
    """One file of the movies folder: a movie, or the reason it cannot be played."""

    path: Path
    movie: Optional[Movie] = None
    reason: str = ""
    place: str = ""
    sort_time: float = field(default=0.0, repr=False)

    @property
    def ok(self) -> bool:
        return self.movie is not None

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def id(self) -> str:
        return self.path.stem


def length_text(frames: int) -> str:
    """How long a movie is, in the gallery's words."""
    if frames >= TOTAL_FRAMES:
        return "complete"
    return f"{frames} of {TOTAL_FRAMES} frames"


# -- files -------------------------------------------------------------------------------

def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip(".-")[:80]


def path_for(movie_id: str, folder: Optional[Path] = None) -> Path:
    """Where the movie with this id is stored."""
    return (folder or movies_dir()) / f"{movie_id}{SUFFIX}"


def movie_id_for(save_id: str, when: float) -> str:
    """A file-name-safe id: the game's save id when there is one (one movie per game)."""
    slug = _slug(save_id)
    if slug:
        return f"movie-{slug}"
    return "movie-" + time.strftime("%Y%m%d-%H%M%S", time.localtime(when)) + \
        f"-{int(when * 1000) % 1000:03d}"


def _stamp(when: Union[None, float, datetime]) -> float:
    if when is None:
        return time.time()
    if isinstance(when, datetime):
        return when.timestamp()
    return float(when)


def save_movie(pile: Sequence[int], won: bool, level: str, level_label: str, save_id: str,
               when: Union[None, float, datetime] = None,
               folder: Optional[Path] = None) -> Movie:
    """Write a game's movie atomically; saving the same game (save_id) again keeps one entry.

    The first save's creation time is kept, so the gallery's order does not jump.
    """
    stamp = _stamp(when)
    pile = tuple(int(n) for n in pile)
    problem = check_pile(list(pile), bool(won))
    if problem:
        raise ValueError(f"not a Finished! pile: {problem}")
    movie_id = movie_id_for(save_id, stamp)
    path = path_for(movie_id, folder)
    created = time.strftime(ISO, time.localtime(stamp))
    if save_id and path.exists():
        try:
            created = load_movie(path).created
        except FileProblem:
            pass  # an unreadable old entry for this game is simply replaced
    elif not save_id:
        n = 2
        while path.exists():
            path = path_for(f"{movie_id}-{n}", folder)
            n += 1
        movie_id = path.stem
    movie = Movie(movie_id, created, str(level), str(level_label), bool(won), pile, str(save_id))
    write_atomic(path, dump_yaml(movie.to_record()), keep_backup=False)
    return movie


def movie_of_match(match: Any) -> Optional[Movie]:
    """The unsaved movie of a finished Finished! match (None while it is still going)."""
    outcome = match.outcome()
    if outcome is None:
        return None
    details = outcome.details or {}
    level = str(match.options.get("level", details.get("level", "")))
    return Movie("", time.strftime(ISO, time.localtime(match.created)), level,
                 level_label(level), bool(details.get("won", False)),
                 tuple(int(n) for n in details.get("finished_pile", [])), match.save_id)


def save_match_movie(match: Any) -> Optional[Movie]:
    """Save the movie of a finished Finished! match (idempotent); None while it is going."""
    movie = movie_of_match(match)
    if movie is None:
        return None
    return save_movie(movie.pile, movie.won, movie.level, movie.level_label, movie.save_id)


def level_label(level: str) -> str:
    """The level's name as the new-game dialog shows it ('Very Easy')."""
    try:
        from game.core.registry import game_info
        return str(game_info("finished").option("level").label_of(level))
    except Exception:  # a missing data file must not stop a movie from saving
        return str(level).replace("-", " ").title()


def check_pile(pile: Any, won: Any = False) -> str:
    """'' if `pile` is a Finished! pile (1, 2, ... k, within 1..48), else the reason."""
    if not isinstance(pile, list):
        return "the pile must be a list of card numbers"
    for i, n in enumerate(pile):
        if not isinstance(n, int) or isinstance(n, bool):
            return f"card {i + 1} of the pile is {short(n, 30)}, not a card number"  # never a whole alias graph
        if not 1 <= n <= TOTAL_FRAMES:
            return f"card number {n} is outside 1..{TOTAL_FRAMES}"
        if n != i + 1:
            return f"the pile must run 1, 2, 3, ... in order, but card {i + 1} is {n}"
    if won is True and len(pile) != TOTAL_FRAMES:
        return f"it says the game was won, but the pile holds {len(pile)} cards, not 48"
    return ""


def parse_movie(data: Any, path: Path) -> Movie:
    """Check a movie file's data; FileProblem with the key and reason if it is wrong."""
    check_format(data, path, "movie", FORMAT)
    texts = {}
    for key in ("id", "created", "level", "level_label", "save_id"):
        value = data.get(key, "" if key in ("save_id", "level_label") else None)
        if not isinstance(value, str):
            what = "is missing" if value is None else f"must be text, not {type(value).__name__}"
            raise FileProblem(path, f"its '{key}' field {what}", key)
        texts[key] = value
    try:
        datetime.strptime(texts["created"], ISO)
    except ValueError:
        raise FileProblem(path, f"created {short(texts['created'], 40)} is not a time like "
                                "2025-05-12T14:03:22", "created") from None
    won = data.get("won")
    if not isinstance(won, bool):
        raise FileProblem(path, "won must be true or false", "won")
    problem = check_pile(data.get("pile"), won)
    if problem:
        raise FileProblem(path, problem, "pile")
    # the file name is the movie's identity (delete_movie and the gallery use it)
    return Movie(path.stem, texts["created"], texts["level"],
                 texts["level_label"] or texts["level"], won, tuple(data["pile"]),
                 texts["save_id"])


def load_movie(path: Path) -> Movie:
    """Read one movie file; only FileProblem escapes."""
    path = Path(path)
    try:
        return parse_movie(read_yaml(path), path)
    except FileProblem:
        raise
    except Exception as exc:  # the last line of defence: a movie never stops the app
        raise FileProblem(path, f"cannot be read ({type(exc).__name__}: {exc})") from None


def list_movies(folder: Optional[Path] = None) -> list[MovieEntry]:
    """Every movie file, newest first; a broken one carries its reason and never raises."""
    folder = Path(folder or movies_dir())
    try:
        paths = sorted(p for p in folder.glob(f"*{SUFFIX}")
                       if not p.name.startswith(".") and p.is_file())
    except OSError as exc:
        return [MovieEntry(folder, reason=f"the movies folder cannot be read "
                                          f"({exc.strerror or exc})")]
    entries = []
    for path in paths:
        try:
            movie = load_movie(path)
        except FileProblem as exc:
            try:
                mtime = path.stat().st_mtime
            except OSError:
                mtime = 0.0
            entries.append(MovieEntry(path, reason=exc.reason, place=exc.place, sort_time=mtime))
            continue
        entries.append(MovieEntry(path, movie, sort_time=movie.created_at.timestamp()))
    entries.sort(key=lambda e: (e.ok, e.sort_time, e.id), reverse=True)  # broken ones last
    return entries


def delete_movie(movie_id: str, folder: Optional[Path] = None) -> bool:
    """Remove a movie file; False if there was none."""
    path = path_for(movie_id, folder)
    removed = False
    for candidate in (path, path.with_name(path.name + ".bak")):
        try:
            candidate.unlink()
            removed = True
        except FileNotFoundError:
            pass
    return removed


# -- exports -----------------------------------------------------------------------------

def frame_path(number: int) -> Path:
    """The flip-book picture of card `number` (960x720 PNG)."""
    return resource("flipbook", f"frame_{number:02d}.png")


def _pile_of(movie: Union[Movie, Sequence[int]]) -> list[int]:
    pile = list(movie.pile if isinstance(movie, Movie) else movie)
    if not pile:
        raise ValueError("This movie has no frames yet: finish at least one card to make a "
                         "movie to export.")
    problem = check_pile(pile)
    if problem:
        raise ValueError(f"This is not a Finished! pile: {problem}.")
    return pile


DIGITS = "digits.png"  # assets/fonts/: Lato Bold 0-9, drawn by tools/prerender.py


@lru_cache(maxsize=1)
def digit_sheet() -> Optional[tuple[Any, float, int, int, int]]:
    """The page numbers' digits as one picture: (sheet, advance, ascent, descent, size).

    Pictures of Lato Bold's ten digits at `size` pixels (tools/prerender.py draws them with
    Pillow's FreeType; tests/art/test_art_shipped.py keeps them true), so the exports need
    no font engine: the executable packs Pillow without FreeType. None if it is unreadable.
    """
    from PIL import Image
    try:
        with Image.open(resource("fonts", DIGITS)) as sheet:
            sheet.load()
            mask = sheet.convert("L")
            meta = dict(item.split("=", 1) for item in str(sheet.info.get("finis-digits", "")).split())
        return mask, float(meta["advance"]), int(meta["ascent"]), int(meta["descent"]), int(meta["size"])
    except (OSError, ValueError, SyntaxError, KeyError):
        return None


@lru_cache(maxsize=64)
def _number_master(words: str) -> Any:
    """`words` (digits only) at the digit sheet's own size, or None without the sheet."""
    from PIL import Image, ImageChops
    found = digit_sheet()
    if found is None or not words.isdigit():
        return None
    sheet, advance, ascent, descent, _ = found
    cell = sheet.width // 10
    pad = (cell - math.ceil(advance)) // 2
    canvas = Image.new("L", (round(advance * len(words)) + 2 * pad, ascent + descent), 0)
    for i, digit in enumerate(words):
        glyph = sheet.crop((int(digit) * cell, 0, int(digit) * cell + cell, sheet.height))
        box = (round(i * advance), 0, round(i * advance) + cell, sheet.height)
        canvas.paste(ImageChops.lighter(canvas.crop(box), glyph), box)
    return canvas


@lru_cache(maxsize=64)
def number_mask(words: str, size: int) -> Any:
    """`words` (digits only) in Lato Bold at `size` pixels, as a coverage mask ("L").

    The mask spans the digits' advance widths and the font's ascent to descent, so its
    centre is the text's middle (Pillow's anchor "mm"). None without the digit sheet.
    """
    from PIL import Image
    canvas, sheet = _number_master(words), digit_sheet()
    if canvas is None or sheet is None:
        return None
    scale = size / sheet[4]
    target = (max(1, round(canvas.width * scale)), max(1, round(canvas.height * scale)))
    return canvas.resize(target, Image.Resampling.LANCZOS)


def draw_number(image: Any, centre: tuple[float, float], number: int, size: int,
                fill: tuple[int, int, int]) -> None:
    """Write `number` centred on `centre` (Lato Bold, `size` pixels) into `image`."""
    mask = number_mask(str(number), size)
    if mask is None:  # no digit sheet: Pillow's own small font still tells the pages apart
        from PIL import ImageDraw, ImageFont
        draw = ImageDraw.Draw(image)
        font = ImageFont.load_default()
        left, top, right, bottom = draw.textbbox((0, 0), str(number), font=font)
        draw.text((centre[0] - (left + right) / 2, centre[1] - (top + bottom) / 2), str(number),
                  fill=fill, font=font)
        return
    at = (round(centre[0] - mask.width / 2), round(centre[1] - mask.height / 2))
    image.paste(fill, (*at, at[0] + mask.width, at[1] + mask.height), mask)


def number_ink(number: int, size: int) -> tuple[int, int]:
    """The width and height of the ink of `number` at `size` (what Pillow's textbbox gives)."""
    canvas = _number_master(str(number))
    box = canvas.getbbox() if canvas is not None else None
    found = digit_sheet()
    if box is None or found is None:
        return max(1, size * len(str(number)) // 2), max(1, size * 3 // 4)
    sheet, advance, *_ = found
    origin = min(box[0], (sheet.width // 10 - math.ceil(advance)) // 2)  # from the pen, as Pillow
    scale = size / found[4]
    return max(1, round((box[2] - origin) * scale)), max(1, round((box[3] - box[1]) * scale))


def placeholder_frame(number: int, size: tuple[int, int]) -> Any:
    """A plain stand-in for a missing frame picture: warm gradient, a sun, the number."""
    from PIL import Image, ImageDraw
    w, h = size
    top, bottom = (250, 220, 170), (120, 150, 190)
    column = Image.new("RGB", (1, max(1, h)))
    for y in range(h):
        t = y / max(1, h - 1)
        column.putpixel((0, y), tuple(int(a + (b - a) * t) for a, b in zip(top, bottom)))
    image = column.resize((max(1, w), max(1, h)))
    draw = ImageDraw.Draw(image)
    r = min(w, h) // 4
    draw.ellipse((w // 2 - r, h // 2 - r, w // 2 + r, h // 2 + r), fill=(255, 240, 200))
    draw_number(image, (w // 2, h // 2), number, max(8, r), (120, 90, 60))
    return image


def load_frame(number: int, size: tuple[int, int]) -> Any:
    """Frame `number` as an RGB Pillow image at `size` (a placeholder if the file is missing)."""
    from PIL import Image, ImageOps
    try:
        with Image.open(frame_path(number)) as original:
            original.load()
            image = original.convert("RGB")
    except (OSError, ValueError, SyntaxError):
        return placeholder_frame(number, size)
    if image.size == tuple(size):
        return image
    return ImageOps.fit(image, size, Image.Resampling.LANCZOS)


def _page_number(image: Any, number: int) -> None:
    """A small page number in the corner, like a printed flip-book.

    It also keeps two equal pictures apart: Pillow merges identical neighbouring GIF frames,
    and the GIF must hold exactly one frame per card.
    """
    from PIL import ImageDraw
    w, h = image.size
    size = max(7, h // 22)
    draw = ImageDraw.Draw(image)
    tw, th = number_ink(number, size)
    pad = max(2, size // 3)
    x1, y1 = w - pad * 2, h - pad * 2
    x0, y0 = x1 - tw - pad * 2, y1 - th - pad * 2
    draw.rounded_rectangle((x0, y0, x1, y1), radius=pad, fill=(250, 246, 236))
    draw_number(image, ((x0 + x1) / 2, (y0 + y1) / 2), number, size, (92, 70, 52))


def _write_via_temp(path: Path, write: Callable[[Path], None]) -> Path:
    """Write through a temp file in the target folder, then os.replace (never half a file)."""
    path = Path(path)
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, "is a folder", str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        write(tmp)
        try:
            os.chmod(tmp, 0o644)  # a picture for the person to share, not a private temp file
        except OSError:
            pass
        os.replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise
    return path


def export_gif(movie: Union[Movie, Sequence[int]], path: Path, fps: float = 12,
               size: tuple[int, int] = (480, 360), progress: Progress = None) -> Path:
    """An animated GIF, one frame per scored card, looping forever at `fps`.

    `progress(done, total)` is called after every frame and once more when the file is
    written; it may raise ExportCancelled to stop. ValueError for an empty pile.
    """
    pile = _pile_of(movie)
    if fps <= 0:
        raise ValueError("The speed must be above 0 frames per second.")
    from PIL import Image
    total = len(pile) + 1
    frames = []
    for i, number in enumerate(pile):
        image = load_frame(number, size)
        _page_number(image, number)
        frames.append(image.quantize(colors=255, method=Image.Quantize.FASTOCTREE,
                                     dither=Image.Dither.FLOYDSTEINBERG))
        if progress:
            progress(i + 1, total)

    def write(tmp: Path) -> None:
        frames[0].save(tmp, format="GIF", save_all=True, append_images=frames[1:],
                       duration=max(20, round(1000 / fps)), loop=0, optimize=False, disposal=1)

    result = _write_via_temp(path, write)
    if progress:
        progress(total, total)
    return result


def export_strip(movie: Union[Movie, Sequence[int]], path: Path,
                 thumb: tuple[int, int] = (160, 120), progress: Progress = None) -> Path:
    """A PNG of the frames as thumbnails side by side, in rows of 8, with page numbers."""
    pile = _pile_of(movie)
    from PIL import Image, ImageDraw
    tw, th = max(8, int(thumb[0])), max(6, int(thumb[1]))
    gap = max(4, tw // 16)
    label = max(10, th // 7)
    columns = min(STRIP_COLUMNS, len(pile))
    rows = (len(pile) + STRIP_COLUMNS - 1) // STRIP_COLUMNS
    width = gap + columns * (tw + gap)
    height = gap + rows * (th + label + gap)
    sheet = Image.new("RGB", (width, height), (246, 240, 226))
    draw = ImageDraw.Draw(sheet)
    size = max(7, int(label * 0.72))
    total = len(pile) + 1
    for i, number in enumerate(pile):
        row, col = divmod(i, STRIP_COLUMNS)
        x, y = gap + col * (tw + gap), gap + row * (th + label + gap)
        draw.rectangle((x - 1, y - 1, x + tw, y + th), fill=(196, 182, 160))
        sheet.paste(load_frame(number, (tw, th)), (x, y))
        draw_number(sheet, (x + tw / 2, y + th + label / 2), number, size, (110, 86, 64))
        if progress:
            progress(i + 1, total)
    result = _write_via_temp(path, lambda tmp: sheet.save(tmp, format="PNG"))
    if progress:
        progress(total, total)
    return result


def default_export_path(movie: Movie, kind: str, folder: Optional[Path] = None) -> Path:
    """pictures/finis-movie-<date>.gif (or .png), numbered so it never overwrites a file."""
    folder = Path(folder) if folder else pictures_dir()
    suffix = ".gif" if kind == "gif" else ".png"
    stem = f"finis-movie-{movie.created_at:%Y-%m-%d}" + ("" if kind == "gif" else "-strip")
    path = folder / f"{stem}{suffix}"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}{suffix}"
        n += 1
    return path


def export_target(text: str, kind: str, folder: Optional[Path] = None) -> Path:
    """The file a typed path means: ~ expanded, relative to the pictures folder, suffix added.

    ValueError in plain words if it cannot be a target.
    """
    suffix = ".gif" if kind == "gif" else ".png"
    text = (text or "").strip().strip('"')
    if not text:
        raise ValueError("Type the name of the file to export to.")
    path = Path(os.path.expanduser(text))
    if not path.is_absolute():
        path = (Path(folder) if folder else pictures_dir()) / path
    if path.is_dir():
        raise ValueError(f"{path} is a folder: add a file name, such as finis-movie{suffix}.")
    if not path.suffix:
        path = path.with_name(path.name + suffix)
    elif path.suffix.lower() != suffix:
        kind_name = "GIF" if kind == "gif" else "PNG strip"
        raise ValueError(f"A {kind_name} export needs a file name ending in {suffix}, "
                         f"not {path.suffix}.")
    return path


def describe_problem(exc: BaseException, path: Path) -> str:
    """An export failure in plain words."""
    path = Path(path)
    if isinstance(exc, ValueError):
        return str(exc)
    if isinstance(exc, PermissionError):
        return f"finis may not write in {path.parent} (permission denied). Choose another folder."
    if isinstance(exc, IsADirectoryError):
        return f"{path} is a folder: add a file name."
    if isinstance(exc, (FileNotFoundError, NotADirectoryError)):
        return f"The folder {path.parent} does not exist and could not be made."
    if isinstance(exc, OSError):
        if exc.errno == errno.ENOSPC:
            return f"The disk is full: {path.name} could not be written."
        if exc.errno == errno.EROFS:
            return f"{path.parent} is on a read-only disk. Choose another folder."
        return f"{path.name} could not be written: {exc.strerror or exc}."
    return f"The export failed: {type(exc).__name__}: {exc}"
