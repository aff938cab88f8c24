"""A follow-up to a calculation that changes one thing only — what is counted ("what about clicks, same money",
"and leads per month out of that") or the business ("same budget but for a hotel", "and a car dealership") — asks
the same calculation again with that one thing changed.

Why a module: after "how many new customers does 45k a month buy?", the conversation's memory re-runs the last
division when the message brings a new number (:func:`agent.offline.memory.carry`); a message that brings a new
*unit* or a new *business* and no number was read as a look-up of its own: the unit's price range, or every figure
of the new business's table, with no working. English gives the meaning: right after a working, a short follow-up
that names only the thing counted or only the business keeps the rest — the budget, the period, the range end —
and divides again. The counted unit is read by the one rule the parser prices units with
(:func:`agent.offline.unitmetric.unit_metric`: "clicks" → cost per click, "leads" → cost per lead); the business by the
parser itself. Nothing here knows a domain word.
"""
from __future__ import annotations

import re

from agent.offline import kbmetrics, unitprice
from agent.offline.parse import Calc, Parsed
from agent.offline.unitmetric import unit_metric
from agent.offline.priceforms import PER_THOUSAND
from rag.analyzer import ENGLISH_STOP_WORDS

_MAX_WORDS = 12   # a follow-up, not a new brief
# the budget pointed back at ("same spend", "that budget", "out of that"): the working it was divided in, even when a
# look-up came between
_SAME_MONEY = re.compile(r"\b(?:same|that|this|the)\s+(?:spend|budget|money|amount|cash)\b|\bout of (?:that|it)\b", re.I)
# a question of its own ("what do leads go for?", "how many customers might that be?"): it asks what it says
_OWN_QUESTION = re.compile(r"\b(?:what|how|which|why|when|where|who)\b(?!\s+about\b)|^\s*(?:do|does|did|is|are|was|"
                           r"were|can|could|should|would|will|has|have)\b", re.I)  # "do Yelp clicks get dearer then?"


def _counted(p: Parsed) -> list[tuple[str, str]]:
    """(plural noun, its price metric) for each plural word the message names that a price metric counts ("" for a
    metric the KB names itself, which the tool looks up by the noun)."""
    out: list[tuple[str, str]] = []
    for m in re.finditer(r"(?:\b([a-z]+) )?\b([a-z]+s)\b", p.norm.lower()):
        w, before = m.group(2), m.group(1)
        if w in ENGLISH_STOP_WORDS or any(w == x.split()[-1] for x, _ in out):
            continue
        # the word before first: a KB's own unit of two words ("booked calls" of its "cost per booked call")
        pair = f"{before} {w}" if before and before not in ENGLISH_STOP_WORDS else ""
        if pair and kbmetrics.says(f"cost per {pair[:-1]}"):
            out.append((pair, ""))   # the KB's own metric: looked up by its name, as "how many booked calls …" is
        elif metric := unit_metric(w[:-1]):
            out.append((w, metric))
    return out


def read(p: Parsed, mem) -> Parsed:
    """``p`` with the last calculation re-asked for the unit or the business it swaps in (module doc); unchanged
    otherwise: no working just before, a number or an audience of its own, or more than one thing named."""
    last = mem.calc
    p = unitprice.read(p, mem)  # after a price look-up, not a working: "and a new patient, all in?"
    if last is None or last.op != "div" or last.a != "budget" or "budget" not in mem.facts or not (
            mem.last_kind == "calc" or _SAME_MONEY.search(p.norm)):
        return p
    if p.calc is not None or p.audiences or p.numbers or p.metric_phrases or len(p.norm.split()) > _MAX_WORDS \
            or _OWN_QUESTION.search(p.norm) or not (p.followup or _SAME_MONEY.search(p.norm)):
        return p  # a follow-up ("and …", "what about …") or one that says the money is the same
    counted = _counted(p)
    if len(counted) == 1 and (not p.metrics or p.metrics == [counted[0][1]]) and (p.followup or not p.vertical):
        noun, metric = counted[0]  # "what about clicks, same money": the budget over the price of a click
        p.calc, p.unit, p.metrics = Calc("div", "budget", "price", per_thousand=metric in PER_THOUSAND, target=noun), \
            noun, [metric] if metric else []
        p.end = p.end or mem.end
    elif not counted and not p.metrics and (p.vertical or p.business_phrase) and mem.unit and mem.last_metric \
            and mem.facts.get("price") is None:  # a price the user gave is theirs, whatever the business
        p.calc, p.unit, p.metrics = last, mem.unit, [mem.last_metric]  # "and a car dealership": its range, same budget
        p.end = p.end or mem.end
    return p
