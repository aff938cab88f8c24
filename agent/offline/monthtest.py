"""A payback asked as a test of months: "are we inside the 12-month rule",
"does that clear a one year payback window", "can we get it back in under 18 months".

Why a module: the payback rule (:func:`agent.offline.amounts.payback`, CAC ÷ monthly contribution) fired only when the
message said "pay back" or "recoup". A user who has just read the KB's payback guardrail names it by its length ("the
12 month test"), and gives the two sums the guardrail takes — a one-off cost and what a customer brings in a month.
The months threshold is read from the message, and the months worked are set against it.
"""
from __future__ import annotations

import re

_WORDS = {"one": 1, "a": 12, "two": 2, "three": 3, "six": 6, "nine": 9, "twelve": 12, "eighteen": 18, "twenty-four": 24}
_LIMIT = re.compile(r"\b(\d{1,2}|one|two|three|six|nine|twelve|eighteen|twenty-four)[- ](months?|years?)\b[- ]?"
                    r"(?:payback\s+)?(test|rule|guardrail|limit|line|window|target|threshold|bar|cap|mark|cutoff|cut-off)\b|"
                    r"\b(?:within|under|inside|in less than|less than|before)\s+(\d{1,2}|a|one|two|twelve|eighteen)\s+(months?|years?)\b",
                    re.I)


def limit(text: str) -> int | None:
    """The months of the test the message sets the payback against, or None."""
    m = _LIMIT.search(text)
    if not m:
        return None
    n, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(5))
    v = int(n) if n.isdigit() else _WORDS.get(n.lower(), 0)
    if unit.lower().startswith("year"):
        v = 12 * (v if n.lower() != "a" else 1)
    return v or None


_JUDGED = re.compile(r"\b(?:pass|passes|fail|fails|meet|meets|clear|clears|make it|hit|within|under|inside|ok|okay|fine)\b", re.I)
_EARNED = re.compile(r"\b(?:contribut\w*|margin|profit|brings? in|pays? us|earns?|nets?|each (?:customer|client|member|subscriber|account)|"
                     r"per (?:customer|client|member|subscriber|account))\b", re.I)


def asks(text: str) -> bool:
    """Whether the message sets a customer's monthly worth against a test of months ("each customer contributes
    $55 a month. do we pass the 12 month test?"); a budget spent within a year is no such test."""
    return limit(text) is not None and bool(_JUDGED.search(text)) and bool(_EARNED.search(text))


def verdict(months: float, text: str) -> str:
    """The payback set against the message's test ("" when it names none)."""
    cap = limit(text)
    if cap is None:
        return ""
    return f"; that is {'within' if months <= cap else 'over'} the {cap}-month line, so it {'passes' if months <= cap else 'does not pass'}"
