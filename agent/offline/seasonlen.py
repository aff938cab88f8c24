"""The length of a season (or flight, run, campaign) the user said earlier, applied to a target said per week.

Why: "the season runs about 20 weeks" is said in one turn, and later "we can take 8 guests a week — what would
we need to spend to fill every spot all season?" asks the budget for the whole season: 8 a week × 20 weeks, then
priced. The span is named by its noun ("all season", "the whole flight") rather than by a number, so the number
is the one the conversation gave for that noun. :func:`note` remembers it (in weeks) as the turns are read;
:func:`count_over` turns a per-week (or per-month) count into the whole span's count, the working shown.
"""
from __future__ import annotations

import re

from agent.offline.numbers import plain

# "the season runs about 20 weeks", "our flight is 6 weeks", "the campaign lasts 3 months"
_SPAN_NOUN = r"season|flight|campaign|run|promo(?:tion)?|semester|term|summer|winter"
_LENGTH = re.compile(rf"\b({_SPAN_NOUN})\b[^.?!\d]{{0,25}}?\b(?:runs?|lasts?|is|goes|covers?|spans?)\s+(?:for\s+)?"
                     r"(?:about|around|roughly|approximately|approx\.?|maybe|like|~)?\s*(\d+(?:\.\d+)?)\s*(weeks?|months?)\b", re.I)
# "all season", "the whole season", "every week of the flight", "for the entire run"
_WHOLE = re.compile(rf"\b(?:all|(?:the\s+)?(?:whole|entire|full)|every\s+(?:week|day)\s+of\s+the|throughout\s+the)\s+({_SPAN_NOUN})\b",
                    re.I)
_PER = re.compile(r"^\s*(?:[a-z][a-z\-]*\s+){0,3}?(?:a|per|each|every|/)\s*(week|month|wk|mo)\b", re.I)
_WEEKS = {"week": 1.0, "month": 52 / 12}


def _key(noun: str) -> str:
    return f"span weeks:{noun.lower()}"


def note(text: str, mem) -> None:
    """Remember the length said for a span noun ("season"), in weeks, in ``mem.facts``."""
    for m in _LENGTH.finditer(text):
        unit = m.group(3).lower().rstrip("s")
        mem.facts[_key(m.group(1))] = float(m.group(2)) * _WEEKS[unit]


def count_over(p, mem, count: float) -> tuple[float, str] | None:
    """(the whole span's count, its working line) for a count said per week or month and a span asked by its noun
    whose length the conversation gave; else None."""
    whole = _WHOLE.search(p.norm)
    said = next((n for n in p.numbers if n.role == "count" and n.value == count), None)
    per = _PER.match(p.norm[said.end:said.end + 40]) if said is not None else None
    weeks = mem.facts.get(_key(whole.group(1))) if whole else None
    if not weeks or per is None:
        return None
    unit = {"wk": "week", "mo": "month"}.get(per.group(1).lower(), per.group(1).lower())
    k = round(weeks / _WEEKS[unit], 2)
    total = count * k
    return total, (f"{plain(count)} × {plain(k)} = {plain(round(total, 2))} over the {whole.group(1).lower()} "
                   f"({plain(count)} a {unit} for {plain(k)} {unit}s)")
