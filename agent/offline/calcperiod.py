"""A period named after a calculation ("and per month?", "what about per quarter", "yearly?"): the same
calculation again, for that period.

Why a module: the working already spreads a budget over the period a count is asked for ("$60,000 a quarter …
how many leads a month?" → $20,000 a month, :mod:`agent.offline.periods`), but only when the question itself
asks "how many … a month". A follow-up that says nothing but the period names no metric and no figure: looked up
as it stands, "per month" became a metric ("cost per month") the KB has none of. English gives its meaning:
right after a turn that worked a calculation, a message that only names a period asks the last question again,
counted per that period. It is restated as the last question with the period after its "how many <things>".
"""
from __future__ import annotations

import re

from agent.offline import periods, spans
from agent.offline.parse import parse
from agent.offline.recall import read
from rag.analyzer import ENGLISH_STOP_WORDS

_PERIOD = re.compile(r"\b(?:per|a|each|every|by|in a|on a|for a|for the|for each)\s+(month|quarter|year|week)\b|"
                     r"\b(monthly|quarterly|yearly|annually|annual|weekly)\b|\b(?:a|per)\s+(mo|qtr|yr)\b", re.I)
_ONLY = frozenset(ENGLISH_STOP_WORDS) | {"basis", "instead", "then", "ok", "okay", "so", "broken", "breakdown", "terms",
                                         "look", "like", "number", "numbers", "figure", "figures", "that", "it", "pls",
                                         "please", "rather", "s", "whole", "full", "entire", "across", "over", "same",
                                         "spend", "budget", "money", "pace", "rate", "add", "adds", "come", "comes", "total",
                                         "totals", "altogether", "overall", "sum", "next", "following", "coming", "does", "do", "did"}
# "across a whole year at that spend?", "what does that add up to over 13 weeks?"
_WORD = {"mo": "month", "qtr": "quarter", "yr": "year", "monthly": "month", "quarterly": "quarter", "yearly": "year",
         "annually": "year", "annual": "year", "weekly": "week"}


def _only_period(text: str) -> str | None:
    """The one period the message names, when it names nothing else (see the module doc), else None."""
    stretch = spans.stretch(text)  # or several of them: "and over 8 weeks?"
    found = {(_WORD.get(w.lower(), w.lower())) for m in _PERIOD.finditer(spans.STRETCH.sub(" ", text)) for w in m.groups() if w} | {
        m.group(1).lower() for m in periods.SPAN.finditer(text)} | ({stretch[1]} if stretch else set())  # "over a whole year"
    if len(found) != 1:
        return None
    p = parse(spans.STRETCH.sub(" ", text))
    priced = [m for m in p.metric_phrases if not re.fullmatch(r"cost per (?:month|quarter|year|week)", m)]  # "per month" prices no unit
    if p.numbers or p.metrics or priced or p.vertical or p.industry_phrase or p.audiences or p.step \
            or p.geographies or p.calc:
        return None
    rest = periods.SPAN.sub(" ", _PERIOD.sub(" ", spans.STRETCH.sub(" ", text.lower())))
    return None if set(re.findall(r"[a-z]+", rest)) - _ONLY else found.pop()


def restated(text: str, history: list) -> str | None:
    """The last question (``history``: (text, outcomes) of the earlier turns) counted per the period this
    message names, or None: the message names something besides the period, that turn worked no calculation,
    or its question asks no "how many <things>"."""
    if not history or not (period := _only_period(text)):
        return None
    k = len(history) - 1
    while k > 0 and _only_period(history[k][0]):  # "per month?" then "and per year?": the question both re-time
        k -= 1
    if read(history[:k + 1]).last_kind != "calc":
        return None
    last = history[k][0].strip()
    if stretch := spans.stretch(text):  # the whole stretch, at the budget said per period: "… installs a week over 8 weeks?"
        return f"{last.rstrip(' ?.!')} {stretch[3]}?"
    if (a := periods.ASKED.search(last)) and not periods.of_amount(last, a):  # it asked a period already ("how many
        g = 1 if a.group(1) else 2                                              # leads a month"): that one goes
        return f"{last[:a.start(g)]}{period if g == 1 else period + 'ly'}{last[a.end(g):]}"
    m = re.search(r"\bhow many\s+(?!of\b)(?:new\s+|more\s+)?[a-z][a-z\-]*", last, re.I)
    if m and not a:
        return f"{last[:m.end()]} a {period}{last[m.end():]}"  # the budget's own period stays
    if (c := parse(last).calc) is None or c.op == "mul":
        return None  # a budget needed for a target ("90 demos this quarter"), a rate on the last count ("and if 20% of
        # those book?"): no spend to count over a span — its results are re-timed (perperiod), the question not re-asked
    return f"{last.rstrip()} Over a {period}."  # no "how many <things>" to put it after: the span it is counted over
