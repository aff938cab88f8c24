"""The end of a range shown earlier that a message points at by its words, as a figure to work with.

Why: "Our monthly donors give $22 on average. At the cheap end of that donor cost, how many months until one pays
us back?" states one amount and points at the other: the low end of the cost per donor range the conversation
was shown ("$48-56"). A formula on the user's figures (a payback: cost ÷ monthly gift) needs it as a number; the
range is the KB's, the end the user's choice ("cheap end", "top of the range"), nothing is invented. Only a range
of the metric the message names, or the one range remembered when it names none, is pointed at.
"""
from __future__ import annotations

import re

from agent.offline.memory import Memory
from agent.offline.parse import parse


def pointed(text: str, mem: Memory) -> tuple[float, str] | None:
    """(the low or high end of the remembered range the message points at ("at the cheap end of that donor cost"),
    the id of the passage it was read from), or None when it names no end or no remembered range is the one meant."""
    p = parse(text)
    if p.end not in ("low", "high") or not mem.ranges:
        return None
    named = [m for m in [*p.metrics, *p.metric_phrases] if m in mem.ranges]
    key = named[0] if named else (next(iter(mem.ranges)) if len(mem.ranges) == 1 and not (p.metrics or p.metric_phrases)
                                  else None)
    if key is None:
        return None
    lo, hi, cid = mem.ranges[key]
    return (lo if p.end == "low" else hi), cid


# a rate pointed back at by its kind: "the low end of *that close rate*", "the top of *this conversion rate*"
_THAT_RATE = re.compile(r"\b(?:that|this|the same|those|these)\s+(?:[a-z-]+\s+){0,3}?(?:rate|share|percentage|ratio|range)s?\b",
                        re.I)
_PCT_RANGE = re.compile(r"(?<![\d.$])(\d+(?:\.\d+)?)%?\s*(?:-|–|—|to)\s*(\d+(?:\.\d+)?)%")


def pointed_rate(text: str, answered: str) -> tuple[float, bool] | None:
    """(the low or high end, in percent, of the one percentage range the last answer quoted, True: said as a
    percentage) when the message points at an end of "that … rate" ("taking the low end of that close rate, what's
    the most we can pay?"); None when it names no end, points at no rate, or the answer quoted no or several ranges."""
    p = parse(text)
    if p.end not in ("low", "high") or not _THAT_RATE.search(text or ""):
        return None
    found = {(float(a), float(b)) for a, b in _PCT_RANGE.findall(answered or "") if float(a) < float(b) <= 100}
    if len(found) != 1:
        return None
    lo, hi = found.pop()
    return (lo if p.end == "low" else hi), True
