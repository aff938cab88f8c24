"""A place the sizing tool just said it also sizes, typed short: a state's postal code or a DMA's
initials in lower case ("and in ny state", "la too"), a name clipped to its first letters ("and
cali", "what about mass") or said without its qualifier ("london" for "Greater London"), or the country as "the us", "usa", "the country" or a bare "us total?".

The short forms read: a state's postal code, the initials of a place of two words or more, a clipping, the
name without its qualifier, the country's.

Why a module: right after an audience was sized, people ask for the same audience elsewhere the
way they type, not the way a table spells the place. A short form is ambiguous on its own ("in"
is Indiana's code, "us" a pronoun, "wash" a verb), so it is read only against the few places the
tool named as also sized for that audience, and only when exactly one of them fits.
"""
from __future__ import annotations

import re

from mpa.audience_lookups import US_STATE_CODES

# two-letter codes that are everyday English words: never read as a place when typed in lower case
_WORD_CODES = {"in", "me", "or", "oh", "hi", "ok", "id", "de", "pa", "ma", "co", "al", "ga"}
_COUNTRY = re.compile(r"\bthe\s+u\.?s\.?(?:a\.?)?(?![\w.])|\bu\.s\.(?:a\.?)?|\busa\b|\bthe (?:country|nation)\b|"
                      # "us total?", "us overall": the message is only the country and a word for all of it
                      r"^\W*(?:and |what about |how about |for )?us(?:[\s-]*(?:total|overall|wide|level|as a whole))?\W*$", re.I)
_WORD = re.compile(r"[a-z]+")
_QUALIFIERS = {"greater", "metro", "metropolitan", "central", "inner", "outer", "upper", "lower"}
_CODE_OF = {name.lower(): code.lower() for code, name in US_STATE_CODES.items()}


def initials(place: str) -> str:
    """The initials of a place of two words or more ("Los Angeles DMA" → "la", "British Columbia" → "bc"), else ""."""
    words = [w for w in re.split(r"[\s\-–]+", re.sub(r"\s+dma$", "", place, flags=re.I)) if w]
    return "".join(w[0] for w in words).lower() if len(words) > 1 else ""


def is_clipping(word: str, name: str) -> bool:
    """Is ``word`` ``name`` clipped — its first letters, four or more, and three or more short of it ("cali" for
    "california"; "india" is not "indiana", too close to be a clipping)? Both lower case."""
    return len(word) >= 4 and name.startswith(word) and len(name) - len(word) >= 3


def _fits(low: str, words: set[str], place: str) -> bool:
    """Does the message (``low``, lower case; ``words``, its words) name ``place`` by a short form?"""
    name = place.lower()
    if name in ("united states", "us", "usa"):
        return bool(_COUNTRY.search(low))
    short = {_CODE_OF.get(name, ""), initials(place)} - {""} - _WORD_CODES
    if short & words:
        return True
    parts = [w for w in re.split(r"[\s\-–]+", name) if w and w != "dma"]
    if any(is_clipping(w, parts[0]) for w in words):
        return True
    # a name after a qualifier said without it: "london" for "Greater London" (the last word, five letters or more)
    return len(parts) > 1 and parts[0] in _QUALIFIERS and len(parts[-1]) >= 5 and parts[-1] in words


def said_short(text: str, sized: list[str]) -> str | None:
    """The one place of ``sized`` (where the tool said the last audience is also sized) that ``text``
    names by a short form (module docstring), else None."""
    low = (text or "").lower()
    words = set(_WORD.findall(low))
    fits = [g for g in sized if _fits(low, words, g)]
    return fits[0] if len(fits) == 1 else None


def blank(text: str, place: str) -> str:
    """``text`` with the short forms of ``place`` it holds blanked out (as :func:`places.blanked` does the full
    name), so that what is left is read as what else the message says: "and the country" leaves "and", not a
    business called "country"."""
    name = place.lower()
    if name in ("united states", "us", "usa"):
        return _COUNTRY.sub(lambda m: " " * len(m.group(0)), text)
    return re.sub(r"[A-Za-z]+", lambda m: " " * len(m.group(0)) if _fits(m.group(0).lower(), {m.group(0).lower()}, place)
                  else m.group(0), text)
