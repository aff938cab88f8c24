"""A budget asked what it buys in a business, no result named: which result to count it in.

Why: "what does $4,000 buy in pet insurance?" and "what would $8,000 get a dental practice?" name the money and the
business, not what is bought — and a KB prices clicks, leads, quotes and new customers apiece. The words after "buy
in" were once read as the result counted ("pet" of "pet insurance" → a metric "cost per pet" no KB states, declined
before any search; :mod:`~agent.offline.parse` now counts a noun only as the whole phrase, and no business's name).
When the KB lists the business as a row of a price list, that row is the answer, worked
(:mod:`~agent.offline.rowprice`); otherwise which result the user means is the one thing to ask — a division by a
price nobody chose would be a guess.

Read from English alone: a budget stated, a verb of buying or getting, a business said ("in …", "for a …", a
vertical), and no result, metric or price named.
"""
from __future__ import annotations

import re

from agent.offline.numbers import money
from agent.offline.parse import Parsed

_BUY = re.compile(r"\b(?:buys?|buying|get|gets|getting|afford|pay for|pays for)\b", re.I)
_WHAT = re.compile(r"\bwhat\b|\bhow much\b", re.I)


def which(text: str, p: Parsed, budget: float | None) -> str | None:
    """The clarifying question — which result the ``budget`` should be counted in for the business the message
    names — when the message asks what the budget buys there and names no result; else None."""
    where = f"for a {p.business_phrase}" if p.business_phrase else f"in {p.vertical}" if p.vertical else ""
    if not (budget and where and p.calc and p.calc.op == "div" and not p.calc.target and not p.unit
            and not p.metrics and not p.metric_phrases and _BUY.search(text) and _WHAT.search(text)):
        return None
    return (f"Which result do you mean {money(budget)} to buy {where}: clicks, leads, quotes or bookings, or new "
            "customers? The knowledge base prices each result on its own; tell me which one and I'll work out how many "
            "the budget buys.")


_ASKED = re.compile(r"^Which result do you mean (?P<budget>\$[\d,.]+) to buy (?P<where>.+?): clicks, leads")


def answered(reply: str, asked: list[str], said: list[str]) -> str | None:
    """The question :func:`which` asked about, with the result the user's short reply names ("leads", "new
    customers"): "how many leads does $8,000 buy for a dental practice?" — the reply answers the question just asked;
    else None."""
    m = _ASKED.match(said[-1]) if said and asked else None
    noun = re.sub(r"[.!,\s]+$", "", reply.strip().lower())
    if not m or "?" in reply or re.search(r"\d", noun) or not 0 < len(noun.split()) <= 3:
        return None
    return f"how many {noun} does {m['budget']} buy {m['where']}?"
