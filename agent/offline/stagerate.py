"""The rate between two stages of the funnel, when the user gives a count of one and asks the next
(or gives the spend and asks what revenue it brings back).

Why: "if i buy 2 million impressions how many clicks" names no metric, yet the funnel's identities say which
rate turns the one into the other: impressions become clicks at the click-through rate, clicks (visits)
become conversions — sales, leads, sign-ups, bookings — at the conversion rate. Without this the question was
read as a budget divided by a price and the agent asked for a budget nobody needs; and after a CTR answer,
"and if we get 20,000 clicks how many sales" applied the remembered CTR to clicks. The stages are
media-planning vocabulary (the shared vocabulary's CTR and CVR), not any data set's wording; a stated price
("at $2 a click") means a cost question, which this leaves alone. Spend and revenue are the same pair one level
up: "if i spend $200,000, what revenue" asks spend × ROAS, worked at both ends of the KB's range
(:func:`revenue`); a ROAS the user states is the funnel identities' (:mod:`agent.offline.funnel`), not this.
"""
from __future__ import annotations

import re

from agent.offline.numbers import money
from agent.offline.parse import Parsed, parse

_IMPRESSIONS = re.compile(r"^\s*(?:ad |paid |more |extra )?(?:impressions?|imps?|views?)\b", re.I)
_CLICKS = re.compile(r"^\s*(?:ad |paid |more |extra |site |website |landing[- ]page )?(?:clicks?|visits?|visitors?|sessions?)\b", re.I)
_NOT_CONVERTED = re.compile(r"^(?:impressions?|views?|clicks?|visits?|visitors?|sessions?|dollars?|bucks|people|users|"
                            r"times|months?|weeks?|days?|years?|ads?)$", re.I)


# revenue asked of a spend: "what revenue", "how much will it bring back", "what would we make back"
_REVENUE = re.compile(r"\brevenue\b|\b(?:bring|brings|get|make|earn)\s+(?:us\s+|me\s+)?back\b", re.I)


def rate(p: Parsed) -> str | None:
    """CTR when the message counts impressions and asks how many clicks, CVR when it counts clicks or visits and
    asks how many of something else they become, ROAS when it states only a spend and asks the revenue; None
    otherwise (or when a price is stated)."""
    if [n.role for n in p.numbers] == ["budget"] and _REVENUE.search(p.norm) and not p.unit:
        return "ROAS"
    if not p.unit or any((n.role or "").startswith("price") or n.role == "budget" for n in p.numbers):
        return None
    counts = [n for n in p.numbers if n.role == "count"]
    if len(counts) != 1:
        return None
    after = p.norm[counts[0].end:]
    asked = p.unit.strip().lower()
    if _IMPRESSIONS.match(after) and _CLICKS.match(asked):
        return "CTR"
    if _CLICKS.match(after) and not _NOT_CONVERTED.match(asked):
        return "CVR"
    return None


def read(p: Parsed) -> Parsed:
    """``p`` asking the rate between the stages it names (:func:`rate`) applied to its count, when it names one."""
    if (r := rate(p)) and (p.metrics in ([], ["CTR"], ["CVR"], ["ROAS"]) or not parse(p.text).metrics):
        p.metrics, p.metric_phrases, p.calc = [r], [], None  # a metric the conversation carried in is not the one asked
    return p


def revenue(p: Parsed, bench: dict[str, dict]) -> str | None:
    """The spend × ROAS working at each end of the looked-up Typical ROAS range — or at each platform's own figure
    when the KB gives one per platform (:func:`agent.offline.arith._per_platform`) — when :func:`rate` reads a
    revenue question of a spend; else None."""
    from agent.offline.arith import _per_platform  # here: arith reads the memory, which reads this module
    b = bench.get("ROAS")
    spend = p.value("budget")
    if rate(p) != "ROAS" or not b or spend is None:
        return None
    ends = list(dict.fromkeys(b.get("range") or []))
    cite = b["facts"][0][2] if b.get("facts") else b["id"]
    if len(ends) in (1, 2):
        at = [(x, w) for x, w in zip(ends, ["at the bottom of the Typical range", "at the top of the Typical range"]
                                      if len(ends) == 2 else ["at the Typical figure"])]
        head = f"With the Typical {b['label'].split(' — ')[0]} range of {b['typical']} (Based on Knowledge Base [{cite}])"
    else:
        at = [(x, w) for x, w, _ in _per_platform(bench, "ROAS")]
        head = "At each platform's ROAS figure, since the figures differ by platform"
    lines = [f"- {money(spend)} × {x:.1f} = {money(spend * x)} in attributed revenue {w}" for x, w in at]
    return f"{head}, on your {money(spend)} of spend:\n" + "\n".join(lines) if lines else None
