"""A rate the knowledge base states per period ("loses 1.5 to 2 points of match rate per month"), applied
over the periods the user says have passed to the percentage they measured.

Why: "our list matched 60% four months ago" or, after saying the 60%, "that upload is 4 months old —
does that change anything?" asks for the percentage now. The rule is read from the passage (its verb
says which way, its unit which period, a range gives both ends), the elapsed time and the starting
percentage from the user — from the previous message when this one states none, the percentage said
of what the rule is about. Nothing is applied without all three.
"""
from __future__ import annotations

import re

from agent.offline.numbers import digits, parse_numbers, plain
from agent.offline.passages import terms, units


_PER_PERIOD = re.compile(r"\b(?P<verb>los\w*|drop\w*|fall\w*|decay\w*|declin\w*|shrink\w*|gain\w*|grow\w*|ris\w*|"
                         r"add\w*)\b[^.]{0,30}?\**(?P<a>\d+(?:\.\d+)?)(?:\s*(?:to|–|-)\s*(?P<b>\d+(?:\.\d+)?))?\s*"
                         r"(?P<what>percentage points?|points?|%)[^.]{0,60}?\b(?:per|a|each|every) "
                         r"(?P<unit>day|week|month|quarter|year)\b", re.I)
_ELAPSED = r"(?P<n>\d+(?:\.\d+)?)\s*(?P<unit>day|week|month|quarter|year)s?\b"


def per_period(text: str, quoted: str) -> list[str]:
    """A percentage the user measured N periods ago, moved by the quoted per-period rate (each end
    of a stated range): "matched 60% four months ago" with "loses 1.5 to 2 points per month"."""
    t, nums = _nums(text)
    start = [n for n in nums if n.pct]
    m = _PER_PERIOD.search(quoted)
    if len(start) != 1 or not m:
        return []
    el = next((e for e in re.finditer(_ELAPSED, t, re.I) if e.group("unit").lower() == m.group("unit").lower()), None)
    if el is None:
        return []
    v, n = start[0].value, float(el.group("n"))
    down = not re.match(r"(?:gain|grow|ris|add)", m.group("verb"), re.I)
    op = "−" if down else "+"
    out = []
    for r in [float(m.group("a"))] + ([float(m.group("b"))] if m.group("b") else []):
        res = v - n * r if down else v + n * r
        out.append(f"{plain(v)} {op} {plain(n)} × {plain(r)} = {plain(round(res, 2))} ({plain(round(res, 2))}%)")
    return out


def decayed(text: str, before: str, passages: list[dict]) -> str | None:
    """A retrieved per-period rule ("loses 1.5 to 2 points of match rate per month") applied over the
    periods the message says have passed ("that list is 5 months old") to the percentage it states — or,
    when it states none, to the one the previous message said of what the rule is about — cited, with
    the working; None when no such rule, period or percentage."""
    if not re.search(_ELAPSED, digits(text), re.I):
        return None
    if any(n.pct for n in _nums(text)[1]):
        return None  # the message's own percentage: moved by the rule the quoted answer states (:func:`per_period`)
    for ps in passages:
        for u in units(ps.get("text", "")):
            said = u.text.replace("**", "")
            if not _PER_PERIOD.search(said):
                continue
            rule = set(terms(f"{u.heading} {said}"))
            t, nums = _nums(before)
            near = {id(n): len(rule & set(terms(_clause(t, n)))) for n in nums if n.pct}
            start = max((n for n in nums if n.pct and near[id(n)]), key=lambda n: near[id(n)], default=None)
            if start is None:
                return None
            lines = per_period(f"{text} {plain(start.value)}%", said)
            return f"Based on Knowledge Base [{ps['id']}]: {u.text} Applied to your figure: {'; '.join(lines)}." if lines \
                else None
    return None


def _nums(text: str):
    t = digits(text)
    return t, parse_numbers(t)


def _clause(text: str, n) -> str:
    """The words of the clause a figure sits in ("and facebook matches about 60%"): what the figure is of."""
    before = re.split(r"[,;.:!?]|\band\b|\bbut\b", text[:n.start])[-1]
    after = re.split(r"[,;.:!?]|\band\b|\bbut\b", text[n.end:])[0]
    return f"{before} {after}"
