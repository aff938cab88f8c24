"""A terse follow-up to a price look-up that names only another unit ("and a brand new patient, all in?" after the
cost of a lead) asks the price of that unit: "cost per <unit>".

Why a module: right after a price ("what should one lead cost us"), English drops the verb of price from the next
question and keeps only what is now counted — "and a new customer?", "what about one booking, all in?". The
vocabulary's units already carry over (:mod:`agent.offline.memory`: "and impressions?" after a CPCV); a unit only the
knowledge base prices — a patient, a donor, a member — was read as no question at all and the last figure came back.
The unit is handed over as said ("cost per patient"), the way "and per new patient?" is, so the tool resolves it
against the KB's own labels and notes or says it has none. Nothing here knows a domain word: the form is a
connective, one article, at most a word of newness, one noun and at most a word of "everything counted" — and the
noun may carry a participle of a deal done ("and a sold car, all in", "and one loan funded?"), handed over after it
("cost per car sold") as a KB's rule words the unit it counts (measured on dev19: "and a sold car all in" after a
dealer's cost per lead re-quoted the lead cost instead of the cost of a car sold).
"""
from __future__ import annotations

import re

from agent.offline.unitmetric import unit_metric
from agent.offline.priceforms import UNIT_OF
from rag.analyzer import ENGLISH_STOP_WORDS

# a verb of a deal done, said of the unit ("a sold car", "one loan funded"): the unit counted once that is done — English
# participles of completing a sale or a sign-up, no domain's word
_DONE = (r"sold|bought|booked|signed|closed|won|funded|enrolled|converted|completed|financed|leased|rented|hired|"
         r"installed|delivered|registered|subscribed|placed|kept|purchased|ordered")
# "and a brand new patient, all in?", "what about one new customer?", "and per booking overall?"
_TERSE = re.compile(r"^\s*(?:and|what about|how about|ok(?:ay)?,? (?:and|what about))\s+(?:for\s+)?(?:an?|one|each|every|per|a single)\s+"
                    r"(?:(?:brand[- ])?new\s+|paying\s+|single\s+)?(?:(?P<pre>" + _DONE + r")\s+)?(?P<unit>[a-z][a-z\-]+)"
                    r"(?:\s+(?P<post>" + _DONE + r"))?\s*"
                    r"(?:,?\s*(?P<all>all[- ]in|in total|total|overall|end[- ]to[- ]end|all told|everything included))?\s*[?.!]*\s*$", re.I)


def _priced(metric: str | None) -> bool:
    """The last figure looked up was a price of one unit (CPL, CAC, a KB's own "cost per …")."""
    return bool(metric) and (metric in UNIT_OF or metric.lower().startswith(("cost per ", "price per ")))


def read(p, mem):
    """``p`` with "cost per <unit>" as its metric phrase when it is a terse follow-up naming only a unit right after a
    price look-up — or, said "all in" or as a deal done ("a sold car"), right after a working on a price (a budget over
    a CPL): the price of everything it takes to win one, not a count (module doc); unchanged otherwise."""
    if p.metrics or p.metric_phrases or p.calc or p.numbers or p.audiences or p.vertical or p.industry_phrase \
            or p.business_phrase or p.geographies or mem.last_kind not in ("benchmark", "calc") or not _priced(mem.last_metric):
        return p
    m = _TERSE.match(p.norm)
    if mem.last_kind == "calc" and not (m and (m.group("all") or m.group("pre") or m.group("post"))):
        return p  # after a working, "and a new patient?" is the working's to redo (unitswap); "…, all in" is a price
    unit = m.group("unit").lower() if m else ""
    if not unit or unit in ENGLISH_STOP_WORDS or unit.endswith("s") and not unit.endswith("ss"):
        return p  # one of a unit, counted as one: "and clicks?" is the vocabulary's (memory), "and us?" no unit
    done = (m.group("pre") or m.group("post") or "").lower() if m else ""
    if done:  # "a sold car": the car as counted once sold, in the order a KB's rule words it ("vehicles sold")
        p.metric_phrases = [f"cost per {unit} {done}"]
    elif metric := unit_metric(unit):
        p.metrics = [metric]  # the vocabulary's own unit: "and a new customer?" is its CAC
    else:
        p.metric_phrases = [f"cost per {unit}"]
    return p
