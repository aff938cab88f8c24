"""Budget bands in a knowledge base's headings, matched to the budget a question states.

Why: a how-to question that states its budget ("we have $40k a month — can we afford TV?",
"which measurement fits $80k?") asks for the advice of the band that budget falls in, and
knowledge bases often split such advice into sections headed by money bands ("Under $50k",
"$50k to $250k", "$250k+"). The section whose band contains the stated budget is the answer;
a section headed by another band answers a different budget. Bands are read from the heading
text at run time (no knowledge-base content is assumed); a heading naming one budget ("a worked
example for a $120,000 budget") is that budget give or take a quarter; a heading with no money
figure, or a question with no budget, is left alone (factor 1.0).

A question may point at the budget instead of stating it ("at our current spend, how many channels?",
"what fits our spend?"): the budget the conversation gave is then the one stated (:func:`referred`),
put in the heading's period when both say one ("$120k a quarter" is $40k "per month").

The same holds for a rate the user reports ("we're pacing at 86%", "complaints hit 0.2%"): a rule
that sorts rates into bands ("between 80% and 90% it is amber", "above 0.3% stop") judges it, so a
section with a band containing the stated percentage is the one that answers "is that a
problem?" — not a worked example that merely shares the topic's words (:func:`rate_fit`).
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline.numbers import digits, parse_numbers

_INF = float("inf")
# the words that bound a band before its figure ("under $50k", "over $250k"); bandsibling strips the same words
BELOW_WORDS, ABOVE_WORDS = ("under", "below", "less than", "up to"), ("over", "above", "more than")
_BELOW = re.compile(r"\b(?:" + "|".join(BELOW_WORDS) + r"|<)\s*$", re.I)
_ABOVE = re.compile(r"^\s*(?:\+|or more\b|and (?:up|above|over)\b|plus\b)|\b(?:" + "|".join(ABOVE_WORDS) + r")\s*$", re.I)
_BETWEEN = re.compile(r"^\s*(?:to|–|-|—|and)\s*$", re.I)


def budget_of(question: str) -> float | None:
    """The largest money figure the question states (a budget is the biggest number said), or None."""
    vals = [n.value for n in parse_numbers(digits(question)) if not n.pct and (n.money or n.value >= 1000)]
    return max(vals) if vals else None


# a budget pointed at, not stated: a determiner that refers ("that", "our", "the current") before the word for it
_POINTED = re.compile(r"\b(?:that|this|the|our|my|current|same|such an?)\s+(?:(?:current|monthly|quarterly|annual|"
                      r"yearly|total|overall|media|ad|marketing|paid)\s+)?(?:budget|spend|spending)\b"
                      r"|\b(?:budget|spend|spending)\s+(?:level|size|tier|band|range)\b", re.I)
_PER = {"week": 52 / 12, "month": 1.0, "quarter": 1 / 3, "year": 1 / 12}  # × amount → a month's worth
_HEAD_PERIOD = re.compile(r"\b(?:per|a|an|each|every)\s+(week|month|quarter|year)\b|\b(week|month|quarter|year)ly\b|"
                          r"/\s*(?:mo|month)\b", re.I)


def referred(question: str, said: float | None, period: str | None = None) -> tuple[float, str | None] | None:
    """(amount, period) of the conversation's budget when the question points at it without stating a
    money figure ("at our current spend", "for our spend"), else None."""
    if not said or budget_of(question) is not None or not _POINTED.search(question):
        return None
    return said, period


def pointer(question: str) -> str:
    """The words pointing at the budget ("our spend level"): a heading stating the band that budget falls in
    says what they say, so they count as found in it."""
    m = _POINTED.search(question)
    return m.group(0) if m else ""


def in_period(budget: float | None, period: str | None, heading: str) -> float | None:
    """``budget`` said for ``period`` put in the period the heading states ("per month"), when both say one."""
    m = _HEAD_PERIOD.search(heading)
    want = (m.group(1) or m.group(2) or "month").lower() if m else None
    if budget is None or not want or period not in _PER or want == period:
        return budget
    return budget * _PER[period] / _PER[want]


# a money amount, a dash and a bare number: a range written with its currency sign once ("$3,000-12,000", "$5k–20k")
_BARE_END = re.compile(r"(\$\s?\d[\d,.]*\s?[kKmM]?)\s*[-–—]\s*(?=\d)")


@lru_cache(maxsize=8192)  # asked of each heading of every section a turn ranks, the same headings turn after turn
def band(heading: str, named: bool = False) -> tuple[float, float] | None:
    """(low, high) of the money band a heading states, or None; ``named``: only a band its words bound ("under $50k",
    "$50k to $250k", "$250k+"), not one budget taken give or take a quarter."""
    t = re.sub(r"(?<=[\dkKmM])-(?=\$)", "–", digits(heading))  # "$20k-$90k": a range, not a code
    t = _BARE_END.sub(r"\1–$", t)  # "$3,000-12,000": the range's end is money too (it was one budget of $3,000)
    money = [n for n in parse_numbers(t) if n.money and not n.pct]
    if not money:
        return None
    first = money[0]
    if len(money) >= 2 and _BETWEEN.match(t[first.end:money[1].start]):
        return first.value, money[1].value
    if _BELOW.search(t[:first.start]):
        return 0.0, first.value
    if _ABOVE.search(t[max(0, first.start - 12):first.start]) or _ABOVE.match(t[first.end:]):
        return first.value, _INF
    if len(money) == 1 and first.value >= 1000 and not named:  # "allocating a $120,000 budget": that budget, give or take a quarter
        return first.value * 0.75, first.value * 1.25
    return None


def fit(budget: float | None, heading: str, period: str | None = None) -> float:
    """Weight of a section for a question stating ``budget`` (said for ``period``, when known): its band
    contains it 1.5, another band 0.6, no band (or no budget) 1.0."""
    budget = in_period(budget, period, heading) if budget is not None else None  # (no budget: the heading is not read)
    if budget is None:
        return 1.0
    b = band(heading)
    if b is None:
        return 1.0
    return 1.5 if b[0] <= budget < b[1] or (b[1] == budget and b[0] == 0.0) else 0.6


# a list item or table row led by its label ("**Under $50k a month**: …", "$50k–$250k — channels that fit: …")
_LABEL = re.compile(r"^\s*(?:\*\*)?([^:*]{1,60}?)(?:\*\*)?\s*:")


def own_items(budget: float | None, units: list, period: str | None = None, asked: set[str] = frozenset()) -> list:
    """The units of a section that speak to ``budget``: a section whose heading states no band but whose list items
    (or table rows) are led by bands ("**Under $50k a month**: …", "**$250k+ a month**: …") splits its advice by
    budget inside it, and the items of the other bands answer other budgets — they are left out (its lead and the
    items of the stated budget's band stay), unless they name one of the ``asked`` words the stated band's items do
    not ("at $40k do I need MMM?" and "**$250k+**: run MMM": the band where it is due is the answer's contrast).
    Any other section, or no budget, or no item of that band: all of it. Units: anything with ``text``, ``item``
    (-1: prose), ``pos`` and ``terms``; an item's label is in its first unit."""
    if budget is None or band(units[0].heading) is not None:
        return units
    first = _first_units(units)
    stated = _stated(first)
    banded = set(stated)
    mine = {i for i in banded if fit(budget, stated[i], period) > 1}
    if len(banded) < 2 or not mine:
        return units
    said = set().union(*(u.terms for u in units if u.item < 0 or u.item in mine))
    other = {u.item for u in units if u.item in banded - mine and (u.terms & asked) - said}  # a contrast asked about
    return [u for u in units if u.item not in banded - mine - other]


def with_own(chosen: list, units: list, budget: float | None, period: str | None = None) -> list:
    """``chosen`` with the item of the stated budget's band added, in reading order, when the section's ``units`` hold a
    list split by bands and exactly one item's band holds the budget: "which budget tier is $8,000 a month?" is
    answered by "Local Tier: $3,000-12,000 (two channels …)", which shares few words with the question."""
    if budget is None or not chosen:
        return chosen
    first = _first_units(units)
    mine = [first[i] for i, t in _stated(first).items() if fit(budget, t, period) > 1]
    return sorted([*chosen, mine[0]], key=lambda u: u.pos) if len(mine) == 1 and mine[0] not in chosen else chosen


def _first_units(units: list) -> dict[int, object]:
    """Each list item's first unit (its label is there), by item number."""
    first: dict[int, object] = {}
    for u in sorted(units, key=lambda u: u.pos):
        if u.item >= 0:
            first.setdefault(u.item, u)
    return first


def _stated(first: dict) -> dict[int, str]:
    """The words stating each list item's money band: its label ("**Under $50k a month**: …"); else, when the items'
    values tile a range of budgets between them (under $3,000 / $3,000-12,000 / $12,000-40,000 / over $40,000: each band
    starts where the last ends), its value up to the first note ("- Local Tier: $3,000-12,000 (two channels …)"). A
    price list ("- Dental Practices: $38-43") states no bands: its ranges do not tile."""
    labels = {i: m.group(1) for i, u in first.items() if (m := _LABEL.match(u.text))}
    out = {i: t for i, t in labels.items() if band(t) is not None}
    if out:
        return out
    values = {i: re.split(r"[(;]", first[i].text[_LABEL.match(first[i].text).end():], maxsplit=1)[0] for i in labels}
    bands_ = sorted((b, i) for i, t in values.items() if (b := band(t, named=True)) is not None)
    tiles = len(bands_) >= 2 and bands_[0][0][0] == 0.0 and bands_[-1][0][1] == _INF and all(
        abs(a[1] - b[0]) <= 0.01 * max(a[1], 1.0) for (a, _), (b, _) in zip(bands_, bands_[1:]))
    return {i: values[i] for _, i in bands_} if tiles else {}


_P = r"(\d+(?:\.\d+)?)\s*%?"
_PCT_BANDS = (  # (pattern, which groups are low / high; None: open on that side)
    (re.compile(rf"\bbetween\s+{_P}\s+and\s+(\d+(?:\.\d+)?)\s*%", re.I), (1, 2)),
    (re.compile(rf"(?<![\d.]){_P}\s*(?:–|-|—|to)\s*(\d+(?:\.\d+)?)\s*%", re.I), (1, 2)),
    (re.compile(r"\b(?:below|under|less than|lower than|no more than|at most)\s+(\d+(?:\.\d+)?)\s*%", re.I), (None, 1)),
    (re.compile(r"\b(?:above|over|more than|higher than|exceeds?|at least)\s+(\d+(?:\.\d+)?)\s*%", re.I), (1, None)),
)


def rate_bands(text: str) -> list[tuple[float, float]]:
    """(low, high) of every percentage band ``text`` states ("between 80% and 90%", "10%–15%",
    "below 80%", "above 120%": open on one side)."""
    return list(_rate_bands(text))


@lru_cache(maxsize=4096)  # the reader asks it of every section it ranks for a question stating a rate
def _rate_bands(text: str) -> tuple[tuple[float, float], ...]:
    return tuple((float(m.group(lo)) if lo else 0.0, float(m.group(hi)) if hi else _INF)
                 for pat, (lo, hi) in _PCT_BANDS for m in pat.finditer(text))


def rates_of(question: str) -> list[float]:
    """The percentages the question states."""
    return [n.value for n in parse_numbers(digits(question)) if n.pct]


def rate_fit(rates: list[float], text: str) -> float:
    """Weight of a section for a question stating ``rates``: 2.0 when one of its closed bands
    contains one of them ("between 80% and 90%" for 86% places it), 1.25 when only an open one does
    ("more than 20%" holds most rates: a limit, weaker evidence), else 1.0."""
    stated = _rate_bands(text) if rates else ()
    inside = [(lo, hi) for r in rates for lo, hi in stated if lo <= r <= hi]
    if not inside:
        return 1.0
    return 2.0 if any(lo > 0 and hi < _INF for lo, hi in inside) else 1.25
