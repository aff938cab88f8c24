"""A follow-up that changes only the age a figure is measured at: "what day-30 retention should we expect?" then
"and day 7?" asks the day-7 retention of the same business.

Why: a KB states one quantity at several ages ("DAY-7 RETENTION", "DAY-30 RETENTION", "day-180 cohort ROAS"), and a
user who has just asked one age asks the next by the age alone. Read as a question of its own, "and day 7?" named
no metric, so the old metric was carried with the new words glued to the business ("Dating Apps day-30 retention")
and the old age's figure came back. The message is read as the question before it with its age replaced — by
English structure only: the message is a swap ("and X?", "what about X", "how about at X", "X instead?") whose X is
an age (a number of days, weeks, months or years, in either order: "day 7", "7-day", "90 days"), and the question
before it names exactly one age in the same unit, in whatever shape it wrote it.
"""
from __future__ import annotations

import re

_UNIT = r"(?P<unit>day|week|month|year)"
_SWAP = re.compile(r"^\s*(?:ok(?:ay)?,?\s+)?(?:and|or|what about|how about|vs\.?|versus)\s+(?:at\s+|on\s+|by\s+|for\s+)?"
                   r"(?:the\s+)?(?:" + _UNIT + r"[- ]?(?P<n>\d{1,4})|(?P<m>\d{1,4})[- ]" + _UNIT.replace("unit", "unit2")
                   + r"s?)(?:\s+(?:one|mark|figure|number))?\s*(?:instead\s*)?[?.!]*\s*$", re.I)


def _ages(text: str, unit: str) -> list[re.Match]:
    """Where ``text`` names an age in ``unit``: "day-30", "day 30", "30-day", "30 days"."""
    return list(re.finditer(rf"(?i)\b{unit}[- ]?(\d{{1,4}})\b|\b(\d{{1,4}})[- ]{unit}s?\b", text))


def restated(text: str, history: list) -> str | None:
    """The question before this message with its age replaced by the one this message swaps in (see the module
    doc); None when the message is no such swap or the question before it names no single age in that unit.
    ``history``: the conversation's earlier turns as (user text, tool outcomes)."""
    m = _SWAP.match(text or "")
    if not m or not history:
        return None
    unit = (m.group("unit") or m.group("unit2")).lower()
    new = m.group("n") or m.group("m")
    before = history[-1][0]
    ages = _ages(before, unit)
    if len(ages) != 1:
        return None
    age = ages[0]
    group = 1 if age.group(1) else 2
    if age.group(group) == new:
        return None
    return before[:age.start(group)] + new + before[age.end(group):]
