"""A terse follow-up to a price look-up that names only another unit ("and a brand new patient, all in?" after the
cost of a lead) asks the price of that unit: "cost per <unit>".

Why a module: right after a price ("what should one lead cost us"), English drops the verb of price from the next
question and keeps only what is now counted — "and a new customer?", "what about one booking, all in?". The
vocabulary's units already carry over (:mod:`agent.offline.memory`: "and impressions?" after a CPCV); a unit only the
knowledge base prices — a patient, a donor, a member — was read as no question at all and the last figure came back.
The unit is handed over as said ("cost per patient"), the way "and per new patient?" is, so the tool resolves it
against the KB's own labels and notes or says it has none. Nothing here knows a domain word: the form is a
connective, one article, at most a word of newness, one noun and at most a word of "everything counted".
"""
from __future__ import annotations

import re

from agent.offline.parse import unit_metric
from agent.offline.priceforms import UNIT_OF
from rag.analyzer import ENGLISH_STOP_WORDS

# "and a brand new patient, all in?", "what about one new customer?", "and per booking overall?"
_TERSE = re.compile(r"^\s*(?:and|what about|how about|ok(?:ay)?,? (?:and|what about))\s+(?:for\s+)?(?:an?|one|each|every|per|a single)\s+"
                    r"(?:(?:brand[- ])?new\s+|paying\s+|single\s+)?(?P<unit>[a-z][a-z\-]+)\s*"
                    r"(?:,?\s*(?:all[- ]in|in total|total|overall|end[- ]to[- ]end|all told|everything included))?\s*[?.!]*\s*$", re.I)


def _priced(metric: str | None) -> bool:
    """The last figure looked up was a price of one unit (CPL, CAC, a KB's own "cost per …")."""
    return bool(metric) and (metric in UNIT_OF or metric.lower().startswith(("cost per ", "price per ")))


def read(p, mem):
    """``p`` with "cost per <unit>" as its metric phrase when it is a terse follow-up naming only a unit right after a
    price look-up (module doc); unchanged otherwise."""
    if p.metrics or p.metric_phrases or p.calc or p.numbers or p.audiences or p.vertical or p.industry_phrase \
            or p.business_phrase or p.geographies or mem.last_kind != "benchmark" or not _priced(mem.last_metric):
        return p
    m = _TERSE.match(p.norm)
    unit = m.group("unit").lower() if m else ""
    if not unit or unit in ENGLISH_STOP_WORDS or unit.endswith("s") and not unit.endswith("ss"):
        return p  # one of a unit, counted as one: "and clicks?" is the vocabulary's (memory), "and us?" no unit
    if metric := unit_metric(unit):
        p.metrics = [metric]  # the vocabulary's own unit: "and a new customer?" is its CAC
    else:
        p.metric_phrases = [f"cost per {unit}"]
    return p
