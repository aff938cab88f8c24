"""A share said in words — "half", "a third", "two thirds", "three quarters", "a fifth" — and the one value it has.

Why one module: the offline agent reads such shares in several places (a budget cut "by a third", a split "two thirds
to search", a close rate "we close about half", a share of an audience "a third of those", a reach "half of them 3
times"), and two of them once read the same words two ways: the reach rule wrote "a third of" as 33.33 % (a third of
132,000 people seen 3 times came to 131,987 impressions, not 132,000), the audience share as 33.3333333 %. A fraction
is exact here (:class:`fractions.Fraction`), and written as a percentage only to seven decimals — exact enough that a
third of 132,000 is 44,000 — by :func:`as_percent`, which every rule reading a share "of" something uses.
"""
from __future__ import annotations

import re
from fractions import Fraction

_FRACTION = {"half": Fraction(1, 2), "third": Fraction(1, 3), "quarter": Fraction(1, 4), "fifth": Fraction(1, 5),
             "tenth": Fraction(1, 10), "fourth": Fraction(1, 4)}  # "fourth": read only where a rule's words name it
_COUNT_WORD = {"a": 1, "an": 1, "one": 1, "1": 1, "two": 2, "2": 2, "three": 3, "3": 3, "four": 4, "4": 4}
# the count (optional) and the fraction word: "a fifth", "two thirds", "half"; "2 thirds" after digits() ran
WORDS = r"(?:(a|an|one|two|three|four|[1-4])\s+)?(half|thirds?|quarters?|fifths?|tenths?)"
# a share taken "of" something: a count before any fraction word but "half" ("a quarter of", never the bare
# "quarter of" of "the last quarter of the year")
_OF = re.compile(r"\b(?:(a|an|one|two|three|four|[1-4])\s+(half|thirds?|quarters?|fifths?|tenths?)|(half))\s+of\b", re.I)


def fraction(count: str | None, word: str) -> Fraction:
    """The share a fraction said in words names: ("two", "thirds") → 2/3, (None, "half") → 1/2."""
    return _COUNT_WORD.get((count or "a").lower(), 1) * _FRACTION[word.lower().rstrip("s")]


def percent(share: Fraction | float) -> str:
    """A share written as the percentage it is, to seven decimals: 1/3 → "33.3333333%", 1/2 → "50%"."""
    return f"{round(float(share) * 100, 7):.10g}%"


def as_percent(text: str) -> str:
    """``text`` with each share said in words before "of" written as that percentage ("a third of those" →
    "33.3333333% of those", "half of them" → "50% of them"); a count of parts that is no share ("four thirds") stays."""
    def part(m: re.Match) -> str:
        share = fraction(m.group(1), m.group(2)) if m.group(2) else Fraction(1, 2)
        return f"{percent(share)} of" if 0 < share < 1 else m.group(0)
    return _OF.sub(part, text)
