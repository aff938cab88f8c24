"""The item of a quoted list a "which is cheapest / dearest?" question asks for: the row at that end of the list.

Why: "which of the lead sites is cheapest for us?" finds the section listing each site's price, and the reader
quotes its lead sentences — they share "lead sites" with the question, while the rows ("- Thumbtack: $165 to
$210") share no word with it at all: the question asks for a row by its value, not by its name. A question that
asks which one (or what the cheapest, the priciest …) is, over a list whose items label a price or a share, is
answered by the item whose figure is lowest (cheapest, lowest, least expensive, smallest) or highest (priciest,
dearest, most expensive, highest, biggest): its first figure, as the KB writes it — so a list in any order, with
or without "(lowest)" notes, is read alike. A question naming a row itself (:mod:`~agent.offline.namedrow`) is
not asked by value; a list whose figures are not all of one kind (dollars, percent) has no end to read.
"""
from __future__ import annotations

import re

from mpa.tables import parse_number

# "which … is cheapest", "what's the cheapest …", "the least expensive one": an end of a list asked for by value
_WHICH = re.compile(r"\b(?:which|what(?:'s| is)? the|whats the)\b", re.I)
_LOW = re.compile(r"\b(?:cheapest|lowest|least expensive|least costly|smallest|best priced|best-priced)\b", re.I)
_HIGH = re.compile(r"\b(?:priciest|dearest|costliest|most expensive|most costly|highest|biggest|largest)\b", re.I)
_PRICED = re.compile(r"\b(?:cheap|expensive|costl|pric|dear)", re.I)
_FIGURE = re.compile(r":\s*(?P<cur>(?:[A-Z]{0,2}[$€£¥₹]|[A-Z]{2,3}\s)\s?)?(?P<num>\d[\d.,]*)\s*(?P<pct>%)?")


def end_asked(question: str) -> str:
    """"low" or "high" — the end of a list the question asks for by value — else ''."""
    if not _WHICH.search(question):
        return ""
    low, high = bool(_LOW.search(question)), bool(_HIGH.search(question))
    return "low" if low and not high else "high" if high and not low else ""


def pick(question: str, items: list) -> list:
    """The one item of ``items`` (units of a list, their text "Label: figure …") at the end the question asks
    for, as a one-item list; [] when it asks none or the figures do not compare."""
    end = end_asked(question)
    if not end or len(items) < 2:
        return []
    valued = []
    for c in items:
        m = _FIGURE.search(c.text)
        v = parse_number(m.group("num")) if m else None
        if v is None:
            return []
        valued.append(((m.group("cur") or "").strip(), bool(m.group("pct")), v, c))
    if _PRICED.search(question):  # "cheapest", "most expensive": a price, not the share beside it
        valued = [x for x in valued if x[0]]
    if not valued or len({(cur, pct) for cur, pct, _, _ in valued}) != 1:
        return []  # dollars beside percents, or two currencies: no one end
    best = (min if end == "low" else max)(valued, key=lambda x: x[2])
    return [best[3]] if sum(1 for x in valued if x[2] == best[2]) == 1 else []
