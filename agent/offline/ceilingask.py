"""The most one result may cost, asked in the everyday ways that name no CAC: "what's the most we should be
willing to pay for a move-in?", "how much can we afford per policy we write?".

Why: the ceiling on what one result may cost depends on what that result is worth to the user (gross profit,
first-year premium, lifetime value) and the share of it they will spend — figures only the user has — so the
agent asks for that worth (:func:`agent.offline.closerate.work`) rather than quoting a market benchmark as the
answer or saying the KB has no "cost per move-in". closerate read the ceiling from "most … pay … for one/each
<unit>"; people also say "for a <unit>", and ask "how much can we afford per <unit>" with no "most". Read is
English only: an article and a noun after "for" that is not a span of time or a campaign (those ask for a spend
cap, not a price per result).
"""
from __future__ import annotations

import re

_MOST = re.compile(r"\b(?:most|max(?:imum)?|highest|ceiling|cap)\b[^.?!]{0,40}\b(?:pay|afford|spend|bid)\b", re.I)
# "how much can we afford per …", "what could I afford for one …": affordability is itself a ceiling
_AFFORD = re.compile(r"\b(?:how much|what) (?:can|could|should|would) (?:we|i) (?:really |realistically )?afford\b", re.I)
# one result named after "for": "for a move-in", "for an enrollment", "for one booked job" (not "for a month")
_SPANS = r"(?:month|week|year|day|quarter|season|campaign|flight|test|launch|pilot|budget|channel|platform|period)s?"
_FOR_ONE = re.compile(r"^[^.?!]{0,25}?\bfor (?:a|an|one|each|every|a single) (?:new |single |qualified |signed |booked )?(?!"
                      + _SPANS + r"\b)[a-z][a-z\-]+\b(?! (?:campaign|budget|test|flight)s?\b)", re.I)
_PER = re.compile(r"^[^.?!]{0,25}?\bper [a-z]", re.I)


def asks(text: str) -> bool:
    """Does the message ask the most one result may cost in one of these forms (module doc)?"""
    if m := _MOST.search(text):
        return bool(_FOR_ONE.search(text[m.end():]))
    return bool((m := _AFFORD.search(text)) and (_FOR_ONE.search(text[m.end():]) or _PER.search(text[m.end():])))
