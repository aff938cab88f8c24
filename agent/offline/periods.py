"""The period a budget is said for and the period a count is asked for ("1.2M a year … how many
leads a month?"), so a budget is spread evenly over the asked period before it is divided.

Why: people give budgets per year or quarter and ask for results per month (or the reverse); dividing
a yearly budget by a price and calling it a month's leads is off by twelve. English period words
only ("a year", "per quarter", "monthly", "annual budget"); an even spread is the assumption, said in
the working line.
"""
from __future__ import annotations

import re

from agent.offline.numbers import Num
from rag.regexes import compiled

MONTHS = {"year": 12.0, "quarter": 3.0, "month": 1.0}
# … or the coming one it is for: "600k for next year", "40k over the coming quarter", "90k for the whole year"
_AFTER = re.compile(r"^\s*(?:dollars?|bucks|usd)?\s*(?:(?:a|per|each|every|for the|for a|this|in a|/|(?:(?:for|over|across) )?"
                    r"(?:the )?(?:next|coming|upcoming|whole|full|entire))\s*(year|yr|quarter|qtr|month|mo)\b|"
                    r"(annual(?:ly)?|yearly|quarterly|monthly))", re.I)
_BEFORE = re.compile(r"\b(annual|yearly|quarterly|monthly)\b(?:\s+\w+){0,3}\s*$", re.I)
ASKED = re.compile(r"\bhow many\b[^.?!]{0,60}?\b(?:(?:a|per|each|every|in a|in the first|this)\s+(year|quarter|month|week)\b|"
                    r"(annually|yearly|quarterly|monthly|weekly))", re.I)


def norm(word: str | None) -> str | None:
    """"yr", "annual", "quarterly", "mo" → year / quarter / month (None for any other word)."""
    w = (word or "").lower()
    return "year" if w.startswith(("y", "annual")) else "quarter" if w.startswith("q") else \
        "month" if w.startswith("mo") else None


def of_budget(text: str, n: Num) -> str | None:
    """The period said with the budget figure ("1.2M a year", "our monthly budget is 20k")."""
    m = _AFTER.match(text[n.end:n.end + 30])
    if m:
        return norm(m.group(1) or m.group(2))
    b = _BEFORE.search(text[max(0, n.start - 40):n.start])
    return norm(b.group(1)) if b else None


# the span a count is asked over, said as a stretch of time anywhere in the question ("over a full year at 45k/mo, how
# many …", "and over a whole quarter?", "across the year"); never the period said of the budget itself ("50k for the
# year": right after the amount, :func:`of_budget`)
SPAN = re.compile(r"\b(?:over|across|throughout|during|in|for)\s+(?:a|an|one|the)\s+(?:(?:full|whole|entire|complete)\s+)?"
                   r"(year|quarter|month)\b(?!\s*(?:ago|later|from now|out|in advance|before|after|or (?:so|two|more)))", re.I)
_AMOUNT_BEFORE = re.compile(r"(?:\d\s*(?:k|m|mm|bn)?|\b(?:grand|bucks|dollars?|usd|thousand|million|mil|budget|spend))\s*$",
                            re.I)


def again(value: float, mem) -> str | None:
    """The period of the budget remembered in ``mem``, for a budget ``value`` said with no period of its own: the same
    amount again ("with 10k/month … how many clicks would the 10k get us") or a new amount in its place ("12k a month …
    what if we go to 20k") is money for the period the conversation's budget was said for."""
    return mem.budget_period if mem.facts.get("budget") is not None else None


def of_amount(text: str, m: re.Match) -> bool:
    """The period of an :data:`ASKED` match is the one said of the budget inside the question ("how many of them
    would 8k a month get us?": the 8k's month), not the period the count is asked for."""
    g = 1 if m.group(1) else 2
    before = re.sub(r"(?:\b(?:a|per|each|every|in a|in the first|this)|/)\s*$", "", text[:m.start(g)].rstrip(), flags=re.I)
    return g == 1 and bool(_AMOUNT_BEFORE.search(before.rstrip()))


def asked(text: str, unit: str = "") -> str | None:
    """The period a count is asked for ("how many leads a month", "how many clicks per year"; the counted ``unit``
    and its period with no "how many": "and leads per month out of that"), or the stretch of time the question asks
    it over (:data:`SPAN`) when a count is asked."""
    m = ASKED.search(text)
    m = m if m and not of_amount(text, m) else (compiled(
        rf"\b{re.escape(unit)}\s+(?:a|per|each|every)\s+(year|quarter|month|week)\b", re.I).search(text) if unit else None)
    said = (m.group(1) or (m.group(2) if m.re.groups > 1 else "")).lower() if m else ""
    if m:
        return "week" if said.startswith("week") else norm(said)  # a week: 52 to the year (arith)
    spans = {s.group(1).lower() for s in SPAN.finditer(text) if not _AMOUNT_BEFORE.search(text[:s.start()])}
    return spans.pop() if len(spans) == 1 else None
