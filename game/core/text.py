"""Words every game shares: counts with the right plural, scores as people write them, and
the check that a text in a data file is a whole sentence (not one cut short by YAML)."""
from __future__ import annotations

from typing import Optional, Union

Number = Union[int, float]

# words whose plural is not the word plus "s"
_IRREGULAR = {"match": "matches", "this": "these", "is": "are", "was": "were"}


def plural(count: Number, word: str, many: Optional[str] = None) -> str:
    """'1 race', '2 races', '0 races' ('many' gives an irregular plural)."""
    if count == 1:
        return f"{score_text(count)} {word}"
    return f"{score_text(count)} {many or _IRREGULAR.get(word, word + 's')}"


def score_text(value: object) -> str:
    """A score as people write it: 21 rather than 21.0, 4.5 stays 4.5; anything else as is."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            return str(value)
        if value.is_integer():
            return str(int(value))
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)


def whole_number(value: Number) -> Number:
    """An int when a float holds a whole number (scores that are whole stay ints)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


SENTENCE_ENDS = (".", "!", "?", ")")


def sentence_problem(text: object) -> Optional[str]:
    """None if `text` reads as one or more whole sentences; else what is wrong, in words.

    A whole sentence here starts with a capital letter or a digit (texts may begin with a card
    such as 00:48), ends with . ! ? or a closing bracket, and closes every bracket it opens.
    A flow-style YAML text cut at a comma fails the ending rule.
    """
    if not isinstance(text, str):
        return f"must be a text, not {type(text).__name__}"
    words = " ".join(text.split())
    if not words:
        return "is empty"
    first = words[0]
    if not (first.isupper() or first.isdigit()):
        return f"must start with a capital letter or a digit, not {first!r} (\"{_short(words)}\")"
    if not words.endswith(SENTENCE_ENDS):
        return (f"is not a whole sentence: it must end with . ! ? or ), but ends "
                f"\"...{words[-24:]}\"; a comma in flow-style YAML ends the value there, so "
                f"put the text in quotes or write it in block style")
    if words.count("(") != words.count(")"):
        return f"opens and closes a different number of brackets (\"{_short(words)}\")"
    return None


def _short(words: str, length: int = 40) -> str:
    return words if len(words) <= length else words[:length - 3] + "..."


def capital(words: str) -> str:
    """Words that start a sentence: the first letter upper-case, the rest as they were."""
    return words[:1].upper() + words[1:]
