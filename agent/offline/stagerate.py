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
(:mod:`agent.offline.roasrevenue`); a ROAS the user states is the funnel identities' (:mod:`agent.offline.funnel`).
"""
from __future__ import annotations

import re

from agent.offline import ownrate
from agent.offline.buyask import BARE
from agent.offline.parse import Parsed, parse

_IMPRESSIONS = re.compile(r"^\s*(?:ad |paid |more |extra )?(?:impressions?|imps?|views?)\b", re.I)
_CLICKS = re.compile(r"^\s*(?:ad |paid |more |extra |site |website |landing[- ]page )?(?:clicks?|visits?|visitors?|sessions?)\b", re.I)
_NOT_CONVERTED = re.compile(r"^(?:impressions?|views?|clicks?|visits?|visitors?|sessions?|dollars?|bucks|people|users|"
                            r"times|months?|weeks?|days?|years?|ads?)$", re.I)


# revenue asked of a spend: "what revenue", "how much will it bring back", "what would we make back"
_REVENUE = re.compile(r"\brevenue\b|\b(?:bring|brings|get|make|earn)\s+(?:us\s+|me\s+)?back\b|"
                      r"\b(?:returned|return|returns)\b(?!\s+on\b(?!\s+(?:that|this|those|it|my|our|the\s+same)\b))(?!\s+to\b)|"
                      # sales as an amount ("what would sales look like", "sales would come to"), not a count
                      r"\b(?:what|how\s+much)\s+(?:would|will|might|could)\s+(?:my\s+|our\s+|the\s+)?sales\b|"
                      r"\bsales\s+(?:would|will|might|could)\s+(?:be|come\s+to|look\s+like)\b", re.I)
# "what should that have returned"; "a normal return on that same 1200" is the spend's return, "return on ad spend" the metric


# the spend a return is asked "on": "a normal return on that same 1200" — the number is the spend, whatever its size
_RETURN_ON = re.compile(r"\breturns?\s+on\s+(?:that|this|those|my|our|the)\s+(?:same\s+)?\$?\d", re.I)


def _spend_only(p: Parsed) -> bool:
    """One spend and no other figure: one budget, the same spend said twice ("I spent $1,000 … on that 1000"), or
    the number a return is asked on (:data:`_RETURN_ON`, read as the spend: a small one otherwise reads as a price)."""
    m = _RETURN_ON.search(p.norm)
    if m and len({n.value for n in p.numbers}) == 1:
        for n in p.numbers:
            n.role = "budget"
    return bool(p.numbers) and {n.role for n in p.numbers} == {"budget"} and len({n.value for n in p.numbers}) == 1


def asked(p: Parsed) -> str:
    """The unit the message asks a count of: its "how many <unit>", or one named alone ("10,000 clicks → bookings?")."""
    m = None if p.unit else BARE.search(p.text)
    return (p.unit or (m.group(1) if m else "")).strip().lower()


def rate(p: Parsed) -> str | None:
    """CTR when the message counts impressions and asks how many clicks, CVR when it counts clicks or visits and
    asks how many of something else they become, ROAS when it states only a spend and asks the revenue; None
    otherwise (or when a price is stated)."""
    if _spend_only(p) and _REVENUE.search(p.norm) and not (p.unit and parse(p.text).unit):  # (a carried unit: not asked)
        return "ROAS"
    unit = asked(p)
    if not unit or any((n.role or "").startswith("price") or n.role == "budget" for n in p.numbers):
        return None
    counts = [n for n in p.numbers if n.role == "count"]
    if len(counts) != 1:
        return None
    after = p.norm[counts[0].end:]
    if _IMPRESSIONS.match(after) and _CLICKS.match(unit):
        return "CTR"
    if _CLICKS.match(after) and not _NOT_CONVERTED.match(unit):
        return "CVR"
    return None


def read(p: Parsed) -> Parsed:
    """``p`` asking the rate between the stages it names (:func:`rate`) applied to its count, when it names one; or the
    KB's own rate between two stages it asks as a share (:func:`agent.offline.ownrate.read`)."""
    if (r := rate(ownrate.read(p))) and (p.metrics in ([], ["CTR"], ["CVR"], ["ROAS"]) or not parse(p.text).metrics):
        p.metrics, p.metric_phrases, p.calc = [r], [], None  # a metric the conversation carried in is not the one asked
        p.unit = p.unit or asked(p)
    return p
