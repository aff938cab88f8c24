"""The sentence of a quoted section that the point in time a question names picks out: "what's the day 10 pacing rule?"
→ "RULE P1 - By the end of day 10, spend should sit between 30% and 36% …".

Why: a section of thresholds by day or week ("by the end of day 10 …", "by the end of day 20 …") holds sentences that
share every word the reader weighs; numbers are no words to it, so the day 20 rule (and the rules after it) were
quoted for day 10 and the one asked was left out. English names the point as a unit of time with its number ("day
10", "day-10", "week 1"); when exactly one sentence of the section says that point, it is quoted, and the
chosen sentences that say another point of the same unit (another day's threshold) give way to it.
"""
from __future__ import annotations

import re

_UNIT = r"(?:hour|day|week|month|quarter|year)"
_POINT = re.compile(rf"(?<![\w$€£¥₹.-])(?:(?P<u1>{_UNIT})[\s-](?P<n1>\d{{1,4}})|(?P<n2>\d{{1,4}})[\s-](?P<u2>{_UNIT})s?)(?![\w-])", re.I)


def _points(text: str) -> set[tuple[str, str]]:
    return {((m["u1"] or m["u2"]).lower(), m["n1"] or m["n2"]) for m in _POINT.finditer(text)}


def picked(question: str, chosen: list, section: list) -> list:
    """``chosen`` (the section's units to quote) with the one unit of ``section`` that says the point in time the
    question names, and without the chosen units that say only other points of that unit; as chosen otherwise. A
    point is the unit before its number ("day 10", "week 1"); "12 days" is a length the user states (a lag, a test's
    run), which a worked example may share with no rule of its own."""
    asked = {(m["u1"].lower(), m["n1"]) for m in _POINT.finditer(question) if m["u1"]}
    if len(asked) != 1 or not section:
        return chosen
    unit, n = next(iter(asked))
    holders = [c for c in section if (unit, n) in _points(c.text)]
    if len(holders) != 1:
        return chosen
    other = [c for c in chosen if c is not holders[0] and (pts := {p for p in _points(c.text) if p[0] == unit})
             and (unit, n) not in pts]
    kept = [c for c in chosen if c not in other]
    return sorted([*kept, holders[0]] if holders[0] not in kept else kept, key=lambda c: c.pos)
