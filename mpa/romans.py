"""Roman numerals numbering a KB's units ("Phase IV - Pick The Routes") read as the figures every step rule reads
("Phase 4").

Why a module: a KB may number its workflow's phases, stages or steps in Roman numerals; the step readers
(:mod:`mpa.steps`, the agent's step questions) match "<word> <figure>". A numeral is read only where it numbers
something: in a KB, at the head of a line after one word and before a heading's dash or colon ("Phase IV - …",
"STAGE II:"); in a question, right after the KB's own word for a step ("what happens in phase iv?"). "I" elsewhere is the
pronoun ("Can I …", "Then I think").
"""
from __future__ import annotations

import re

VALUES = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10, "XI": 11, "XII": 12}
NUMERAL = "|".join(sorted(VALUES, key=len, reverse=True))
_HEAD = re.compile(rf"^(?P<lead>[ \t]*(?:#{{1,6}}[ \t]*)?[A-Za-z]{{3,15}}[ \t]+)(?P<n>{NUMERAL})(?=[ \t]*[-–—:.)(])", re.M)


def value(numeral: str) -> int | None:
    """The figure of a Roman numeral from I to XII (any case), else None."""
    return VALUES.get(numeral.upper())


def in_heads(text: str) -> str:
    """``text`` with each heading numbered in Roman numerals ("Phase IV - Pick The Routes") numbered in figures."""
    return _HEAD.sub(lambda m: f"{m.group('lead')}{VALUES[m.group('n')]}", text) if "I" in text or "V" in text or \
        "X" in text else text


def after(text: str, words: tuple[str, ...]) -> str:
    """``text`` with a Roman numeral (any case) right after one of ``words`` ("phase iv", "Step II") in figures."""
    if not words:
        return text
    pat = re.compile(rf"\b({'|'.join(map(re.escape, words))})\s+({NUMERAL})\b(?!['’]\w)", re.I)
    return pat.sub(lambda m: f"{m.group(1)} {VALUES[m.group(2).upper()]}", text)
