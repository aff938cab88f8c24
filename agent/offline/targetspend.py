"""A target of results past the click, priced through the click: the budget needed is target ÷ rate × price.

Why: "going by those click costs and buy rates, what would we need to spend to get 400 orders" asks a budget
for a count of *orders*, while the price the conversation priced is per *click*. Multiplying the orders by the
click price (400 × $1.30) is a budget for 400 clicks. When the conversation has already shown the rate that
turns clicks into results (a conversion rate range of the same business), the target is worked back through it
first: clicks needed = target ÷ rate, budget = clicks × price. Both ends are given the way a planner brackets
them: the dear end (the top price and the bottom rate) and the cheap end (the bottom price and the top rate).
Nothing is shown when no such rate was shown (then the working stays the plain count × price).
"""
from __future__ import annotations

import re

from agent.offline.memory import Memory
from agent.offline.numbers import money, plain, result
from agent.offline.parse import UNIT_OF, Parsed

# the price metrics charged per click, and the rate metrics that turn clicks into results
_PER_CLICK = ("CPC",)
_CLICK_RATE = ("CVR",)
_CLICKS = re.compile(r"^(?:clicks?|visits?|visitors?|taps?|sessions?)$", re.I)


def _counted(p: Parsed, count: float) -> str:
    """The noun said right after the target count ("400 orders" → "orders"), else ""."""
    for n in p.numbers:
        if n.value == count:
            m = re.match(r"\s+(?:new\s+|more\s+|extra\s+)?([a-z][a-z-]+)", p.norm[n.end:], re.I)
            return m.group(1).lower() if m else ""
    m = re.search(rf"\b{re.escape(plain(count))}\s+(?:new\s+|more\s+|extra\s+)?([a-z][a-z-]+)", p.text, re.I)
    return m.group(1).lower() if m else ""


def _rate(mem: Memory, metric: str) -> tuple[float, float, str] | None:
    """The click-to-result rate range shown for the same business as ``metric``'s range, else None."""
    return next((mem.ranges[k] for k in _CLICK_RATE if k in mem.ranges and mem.range_verticals.get(k, "") ==
                 mem.range_verticals.get(metric, "")), None)


# "if guests cost the top of that range", "at the low end of the range": the range shown, pointed at bare
_THAT_RANGE = re.compile(r"\b(?:that|the|this|same)\s+range\b", re.I)
_MEDIA_PRICE = ("CPC", "CPM", "CPI", "CPCV")


def shown_price(p: Parsed, mem: Memory) -> str | None:
    """A count of people or results priced "at the top of that range" when no metric prices its noun: the last
    price range shown for results (not a media unit's: a click's price buys clicks), else None."""
    if p.calc is None or p.calc.target != "budget needed" or p.metrics or p.end is None or not _THAT_RANGE.search(p.norm):
        return None
    return next((m for m in reversed(list(mem.ranges)) if m in UNIT_OF and m not in _MEDIA_PRICE), None)


def metric(p: Parsed, mem: Memory) -> str | None:
    """The click price, for a budget asked for a target of results that names no price of its own, when the
    conversation showed both a click price range and the rate that turns clicks into results (module doc)."""
    c = p.calc
    if c is None or c.target != "budget needed" or p.metrics:
        return None
    count = next((n.value for n in p.numbers if n.role == "count"), None)
    unit = _counted(p, count) if count is not None else ""
    return next((m for m in _PER_CLICK if m in mem.ranges and _rate(mem, m) and unit and not _CLICKS.match(unit)),
                None) or shown_price(p, mem)


def lines(p: Parsed, mem: Memory, metric: str | None, count: float,
          prices: list[tuple[float, str, str | None]]) -> list[str] | None:
    """The budget for ``count`` results through the shown click-to-result rate, at both ends; None when it does
    not apply (module doc)."""
    if metric not in _PER_CLICK or p.end is not None:
        return None
    unit = _counted(p, count)
    if not unit or _CLICKS.match(unit):
        return None  # a count of clicks is priced per click directly
    rate = _rate(mem, metric)
    if rate is None or not prices:
        return None
    lo_r, hi_r = rate[0], rate[1]
    dear, cheap = max(pr[0] for pr in prices), min(pr[0] for pr in prices)
    out = []
    for r, price, where in ((lo_r, dear, "the top click price and the bottom conversion rate"),
                            (hi_r, cheap, "the bottom click price and the top conversion rate")):
        if r <= 0:
            return None
        s, shown = result(count / (r / 100.0) * price, True)
        out.append(f"{plain(count)} ÷ {plain(r)}% × {money(price)} {s} ${shown} — the budget needed for {plain(count)} "
                   f"{unit} at {where}")
        if dear == cheap:
            break
    return out


def extend(out: list[str], p: Parsed, mem: Memory, metric: str | None, count: float,
           prices: list[tuple[float, str, str | None]]) -> bool:
    """:func:`lines` added to ``out``; whether they were (the plain count × price working is then skipped)."""
    got = lines(p, mem, metric, count, prices)
    out.extend(got or [])
    return bool(got)
