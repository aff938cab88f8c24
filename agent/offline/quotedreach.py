"""A seller's quote judged by the price per thousand people it implies: "the sign company wants $1,800 for the month
and says 240,000 people drive past it — fair?", "$2,500 for two weeks, they say 400,000 listeners: good deal?".

Why a module: such a quote gives a cost and an audience count but names no metric, so the turn was searched as it
stood (a dollar figure matched some other table's prose) or the two numbers were multiplied as a count × a price.
The industry's yardstick for a reach buy is the CPM, and English gives all of it: one money amount, one count of
people (or impressions, views, drivers, listeners …) and a word that judges the deal. So the message is read as
asking the CPM of the format it is about — named here, or in the last earlier message that named a channel ("a
billboard on the highway?" … "the sign company quoted us …") — and the answer sets the implied CPM, worked in the
open (cost ÷ people × 1,000), beside the KB's range for that format (:func:`beside`).
"""
from __future__ import annotations

import re

from agent.offline import channelfig
from agent.offline.numbers import money

# who or what the count counts: people passing, hearing, seeing, or the seller's impressions
_PEOPLE = re.compile(r"^\s*(?:[a-z]+\s+){0,2}?(?:people|persons|drivers|cars|vehicles|commuters|passers-?by|pedestrians|"
                     r"listeners|viewers|readers|households|homes|impressions|views|eyeballs|visitors|residents|adults|"
                     r"folks|shoppers|riders|passengers)\b", re.I)
_PERIOD = re.compile(r"^\s*(?:days?|weeks?|months?|years?|spots?|episodes?|boards?|faces?)\b", re.I)  # "for four weeks"
# a word that asks whether the deal is good
_JUDGE = re.compile(r"\b(?:fair|good|bad|decent|reasonable|ok(?:ay)?|worth|steep|pricey|expensive|cheap|overpriced|"
                    r"ripoff|rip-off|rip off|too much|deal|in line|normal)\b", re.I)


def implied(text: str, p) -> tuple[float, float] | None:
    """(the cost, the people count) of a quote judged in ``text`` (``p``: its parse), or None (module doc)."""
    cost = [n for n in p.numbers if n.money and not n.pct and not (n.role or "").startswith("price")]  # "at a $12 CPM": a rate
    count = [n for n in p.numbers if not n.money and not n.pct and _PEOPLE.match(p.norm[n.end:])]
    others = [n for n in p.numbers if n not in cost and n not in count and not _PERIOD.match(p.norm[n.end:])]
    if len(cost) != 1 or len(count) != 1 or others or not _JUDGE.search(text) or "?" not in text:
        return None
    if count[0].value < 1000 or cost[0].value <= 0:  # a reach buy counts thousands
        return None
    return cost[0].value, count[0].value


def read(p, text: str):
    """``p`` asking the CPM (no calculation of its own) when ``text`` judges a quote by its reach (module doc)."""
    if implied(text, p) and set(p.metrics) <= {"CPM"}:
        p.metrics, p.metric_phrases, p.calc, p.unit = ["CPM"], [], None, ""
    return p


def with_channel(text: str, earlier: list[str]) -> str:
    """``text`` with the price of the channel it is about asked outright (the one it names, else the one an earlier
    message named), when it judges a quote's reach."""
    from agent.offline.parse import reading
    if not implied(text, reading(text)):  # (read only)
        return text
    for said in [text, *reversed(earlier)]:  # (its price asked, for the channel's own figure to be looked up)
        if names := channelfig.said_names(said):
            return f"{text} ({names[0]} price)"
    return text


_RANGE = re.compile(r"\bCPM\b[^:;.\n]{0,60}:\s*\$(\d[\d,]*(?:\.\d+)?)\s*[–-]\s*\$?(\d[\d,]*(?:\.\d+)?)", re.I)


def beside(text: str, para: str | None) -> str | None:
    """``para`` (a channel's quoted CPM range) with the quote's implied CPM worked and set in that range."""
    from agent.offline.parse import reading
    got = implied(text, reading(text)) if para else None  # (read only)
    ranges = _RANGE.findall(para or "")
    if not got or not re.search(r"\bCPM\b", para or ""):
        return para
    cpm = got[0] / got[1] * 1000
    working = f"The quote works out to {money(got[0])} ÷ {got[1]:,.0f} × 1,000 = ${cpm:,.2f} CPM"
    if len(ranges) != 1:  # one range per format (or figures by row): the user knows which is theirs
        return f"{para} {working}, to set against the figure above for your format."
    lo, hi = (float(x.replace(",", "")) for x in ranges[0])
    where = "inside" if lo <= cpm <= hi else "below" if cpm < lo else "above"
    return f"{para} {working}, which sits {where} the range of ${ranges[0][0]}–${ranges[0][1]}."
