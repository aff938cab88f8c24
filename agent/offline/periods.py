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

MONTHS = {"year": 12.0, "quarter": 3.0, "month": 1.0}
_AFTER = re.compile(r"^\s*(?:dollars?|bucks|usd)?\s*(?:(?:a|per|each|every|for the|for a|this|in a|/)\s*(year|yr|quarter|qtr|month|mo)\b|"
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


def asked(text: str) -> str | None:
    """The period a count is asked for ("how many leads a month", "how many clicks per year")."""
    m = ASKED.search(text)
    said = (m.group(1) or m.group(2)).lower() if m else ""
    return "week" if said.startswith("week") else norm(said) if m else None  # a week: 52 to the year (arith)
