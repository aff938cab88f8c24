"""A price said the way people say prices: "a dollar ten", "a buck twenty", "two dollars fifty", "ninety five cents".

Why a module of its own: a unit price under a few dollars is said as dollars and then cents, the word "cents" left
off ("a dollar ten apiece"), or as cents alone ("ninety-five cents a click"). The general number reader
(:mod:`~agent.offline.numbers`) reads each run of number words as one whole number, so "a dollar ten" became "a
dollar 10" (ten dollars, the "a dollar" lost) and "95 cents" ninety-five dollars — and a working on the user's own
price was wrong by a factor of a hundred or missing. Only dollars followed by a count of cents under a hundred, and
cents alone, are read here; "two fifty" with no currency word stays the number reader's (it is also 250).
"""
from __future__ import annotations

import re

_UNITS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
          "seventeen eighteen nineteen").split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_SMALL = (r"(?:(?:" + "|".join(_TENS) + r")(?:[- ](?:one|two|three|four|five|six|seven|eight|nine)\b)?|"
          r"(?:" + "|".join(_UNITS) + r")|\d{1,2})")
_ONES = r"(?:a|one|two|three|four|five|six|seven|eight|nine|\d)"
# "a dollar ten", "two bucks and fifty cents", "1 dollar 25": dollars, then cents under a hundred — never a scale after
# the cents ("a dollar ten thousand" is no price) nor a count of something ("a dollar twenty times")
_DOLLARS_CENTS = re.compile(rf"\b(?P<d>{_ONES})\s+(?:dollars?|bucks?)\s+(?:and\s+)?(?P<c>{_SMALL})(?:\s+cents?)?\b"
                            r"(?!\s*(?:thousand|million|billion|hundred|grand|k\b|times|percent|%))", re.I)
# "ninety five cents", "40 cents": a price under a dollar
_CENTS = re.compile(rf"(?<![\d.$])\b(?P<c>{_SMALL})\s+cents?\b", re.I)


def _small(words: str) -> int | None:
    """The value of a count under a hundred said in words or digits ("ninety five", "ninety-five", "10")."""
    w = words.lower().replace("-", " ").split()
    if len(w) == 1 and w[0].isdigit():
        return int(w[0])
    v = 0
    for x in w:
        if x in _TENS:
            v += 10 * (_TENS.index(x) + 2)
        elif x in _UNITS:
            v += _UNITS.index(x)
        else:
            return None
    return v if v < 100 else None


def _ones(word: str) -> int | None:
    word = word.lower()
    return 1 if word in ("a", "one") else int(word) if word.isdigit() else (_UNITS.index(word) if word in _UNITS else None)


def _dollars(m: re.Match) -> str:
    d, c = _ones(m.group("d")), _small(m.group("c"))
    return m.group(0) if d is None or c is None else f"${d}.{c:02d}"


def _cents(m: re.Match) -> str:
    c = _small(m.group("c"))
    return m.group(0) if c is None else f"$0.{c:02d}"


def read(text: str) -> str:
    """``text`` with each price said as dollars and cents, or as cents, written as "$1.10" / "$0.95"."""
    low = text.lower()
    if "cent" not in low and "dollar" not in low and "buck" not in low:
        return text
    return _CENTS.sub(_cents, _DOLLARS_CENTS.sub(_dollars, text))
