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
# the length said as the span's adjective: "a 16 week season", "our 6-week flight", "a 3 month long campaign"
_ADJ = r"(\d+(?:\.\d+)?)[\s-]*(weeks?|months?)[\s-]+(?:long\s+)?(" + _SPAN_NOUN + r")\b"
_ADJ_LENGTH = re.compile(r"\b" + _ADJ, re.I)
LENGTH_AFTER = re.compile(r"^[\s-]*(?:weeks?|months?)[\s-]+(?:long\s+)?(?:" + _SPAN_NOUN + r")\b", re.I)  # what follows the number
# the whole span asked by that adjective: "over a 16 week season", "across our 6-week flight"
_WHOLE_ADJ = re.compile(r"\b(?:over|across|during|throughout|through|for|in)\s+(?:a|the|our|this|that)\s+" + _ADJ, re.I)
_PER = re.compile(r"^\s*(?:[a-z][a-z\-]*\s+){0,3}?(?:a|per|each|every|/)\s*(week|month|wk|mo)\b", re.I)
_WEEKS = {"week": 1.0, "month": 52 / 12}


def _key(noun: str) -> str:
    return f"span weeks:{noun.lower()}"


def note(text: str, mem) -> None:
    """Remember the length said for a span noun ("season"), in weeks, in ``mem.facts``; and the per-period count the
    whole span was asked of ("8 a week … all season"), so that the same question asked again at the range's other end
    ("and at the cheap end?") counts the season again rather than one week (:func:`count_over`)."""
    for m in _LENGTH.finditer(text):
        unit = m.group(3).lower().rstrip("s")
        mem.facts[_key(m.group(1))] = float(m.group(2)) * _WEEKS[unit]
    for m in _ADJ_LENGTH.finditer(text):
        mem.facts[_key(m.group(3))] = float(m.group(1)) * _WEEKS[m.group(2).lower().rstrip("s")]
    per = [(float(m.group(1).replace(",", "")), m.group(2)) for m in _COUNT_PER.finditer(text)]
    if per:  # a count said per period: a new question, whose own span (or none) stands
        for k in [k for k in mem.facts if k.startswith(_ASKED)]:
            del mem.facts[k]
        whole = _whole(text)
        if whole and len(per) == 1:
            unit = {"wk": "week", "mo": "month"}.get(per[0][1].lower(), per[0][1].lower())
            mem.facts[f"{_ASKED}{whole}:{unit}"] = per[0][0]


def _said_weeks(text: str) -> float | None:
    """The span's length said as its adjective in this message ("over a 16 week season": 16), in weeks."""
    m = _WHOLE_ADJ.search(text)
    return float(m.group(1)) * _WEEKS[m.group(2).lower().rstrip("s")] if m else None


def _whole(text: str) -> str | None:
    """The span noun the whole of which is asked ("all season", "over a 16 week season"), lower case, or None."""
    m = _WHOLE.search(text) or _WHOLE_ADJ.search(text)
    return m.group(m.lastindex).lower() if m else None


_ASKED = "span asked:"
# a count said per week or month: "8 guests a week", "40 patients per month"
_COUNT_PER = re.compile(r"\b(\d[\d,]*)\s+(?:[a-z][a-z\-]*\s+){0,3}?(?:a|per|each|every|/)\s*(week|month|wk|mo)\b", re.I)


def _again(p, mem, count: float) -> tuple[str, str] | None:
    """(span noun, period) of the whole-span question asked of ``count`` before, when this message says no count of
    its own (it asks that question again: "and at the cheap end?")."""
    if any(n.role == "count" for n in p.numbers):
        return None
    return next(((k[len(_ASKED):].split(":")[0], k.split(":")[-1]) for k, v in mem.facts.items()
                 if k.startswith(_ASKED) and v == count), None)


def count_over(p, mem, count: float) -> tuple[float, str] | None:
    """(the whole span's count, its working line) for a count said per week or month and a span asked by its noun
    whose length the conversation gave; else None."""
    whole = _whole(p.norm)
    said = next((n for n in p.numbers if n.role == "count" and n.value == count), None)
    per = _PER.match(p.norm[said.end:said.end + 40]) if said is not None else None
    noun, unit = (whole, None) if whole else _again(p, mem, count) or (None, None)
    weeks = (_said_weeks(p.norm) if whole else None) or (mem.facts.get(_key(noun)) if noun else None)
    if not weeks or per is None and unit is None:
        return None
    unit = unit or {"wk": "week", "mo": "month"}.get(per.group(1).lower(), per.group(1).lower())
    k = round(weeks / _WEEKS[unit], 2)
    total = count * k
    return total, (f"{plain(count)} × {plain(k)} = {plain(round(total, 2))} over the {noun} "
                   f"({plain(count)} a {unit} for {plain(k)} {unit}s)")
