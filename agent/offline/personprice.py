"""A follow-up to a price that moves it to a person who does something: "and per student who actually enrolls?" after
a college's cost per lead, "and someone just starting the free trial?" after a software CAC, "ok and an actual
buyer, somebody who drives a car off our lot?" after a dealer's CPL.

Why: such a follow-up names no metric and no price word, so it was read as an audience to size ("college students")
or as a business ("actual buyer"), and the turn answered the size of a population or declined. In English, right
after a price was asked, "and <a person> who <does X>?" asks the same price per that person — "cost per student who
enrolls" — and what that is the knowledge base says itself: the benchmark tool reads a "cost per <unit>" phrase
against what each of the business's metrics counts (:mod:`mpa.counted`: "Education CAC counts enrolled students",
"Low for free-trial starts …"). So this module only rewrites the follow-up as that phrase, with the person and the act
the user said; which metric it is comes from the KB loaded, and a unit no metric counts is still declined.

The forms (English only, no domain word): "per/each/every <noun> who|that <act>", "someone/somebody/a person/people
(who) <act>", and "a/an/one (actual|real|new …) <person word> (, somebody who <act>)" — the person words being the
role words :mod:`mpa.roles` lists (buyer, customer, member …). Only a short message right after a price look-up
(the conversation's last metric is a price per unit), with no metric, figure or business of its own.
"""
from __future__ import annotations

import re

from agent.offline.parse import Parsed
from agent.offline.priceforms import UNIT_OF
from mpa.roles import WORD as _ROLE

_MAX_WORDS = 18
_OPENER = r"^\W*(?:(?:ok(?:ay)?|so|right|and|also|now|then|but|what about|how about|same for|same thing for|and for)\b[\s,]*)*"
_ADVERB = r"(?:(?:actually|really|just|then|finally|also|only|eventually|truly)\s+)?"
_SOMEONE = r"(?:someone|somebody|anyone|anybody|a person|a customer|people|those|the ones)"
_EACH = r"(?:per|each|every|a|an|one)"
_KIND = r"(?:(?:actual|real|new|brand[- ]new|first[- ]time|single|paying|genuine)\s+)?"
_FORMS = (
    # "and per student who actually enrolls", "each player that installs"
    re.compile(_OPENER + _EACH + r"\s+" + _KIND + r"(?P<noun>[a-z][a-z\-]*)\s+(?:who|that)\s+" + _ADVERB
               + r"(?P<act>[a-z][^?.!;]*?)\s*[?.!]*$", re.I),
    # "somebody who books a test drive", "and someone just starting the free trial?" (an act, not a place: "in chicago")
    re.compile(_OPENER + _SOMEONE + r"\s+(?:who|that)\s+" + _ADVERB + r"(?P<act>[a-z][^?.!;,]*?)\s*[?.!]*$", re.I),
    re.compile(_OPENER + _SOMEONE + r"\s+" + _ADVERB + r"(?P<act>[a-z]+ing\b[^?.!;,]*?)\s*[?.!]*$", re.I),
    # "and an actual buyer, somebody who drives a car off our lot?", "and a paying member?"
    re.compile(_OPENER + _EACH + r"\s+" + _KIND + r"(?P<noun>" + _ROLE + r")(?:\s*[,—–-]\s*" + _SOMEONE
               + r"\s+(?:who|that)\s+" + _ADVERB + r"(?P<act>[a-z][^?.!;]*?))?\s*[?.!]*$", re.I),
)


def phrase(text: str) -> str | None:
    """The "cost per <unit>" phrase a person-and-act follow-up asks ("cost per student who enrolls"), else None."""
    t = " ".join((text or "").split())
    if not t or len(t.split()) > _MAX_WORDS or re.search(r"\d", t):
        return None
    for form in _FORMS:
        m = form.match(t)
        if m:
            noun = (m.groupdict().get("noun") or "").lower()
            act = (m.groupdict().get("act") or "").lower().strip(" ,")
            if act and re.match(r"(?:is|are|was|were|do|does|did|cost|costs|pay|paid|would|will|should|can|could)\b", act):
                return None  # "someone who costs …", "a customer is worth": a question of its own, not an act priced
            unit = f"{noun or 'person'} who {act}" if act and (noun or "who" in m.group(0).lower().split()) else \
                f"person {act}" if act else noun
            return f"cost per {unit}" if unit else None
    return None


def read(p: Parsed, text: str, mem) -> Parsed:
    """``p`` with the price just asked moved to the person the follow-up names, when it is one (module doc)."""
    if p.metrics or p.metric_phrases or p.calc or p.numbers or p.vertical or p.industry_phrase:
        return p
    last = mem.last_metric or next(iter(mem.metrics or []), None)  # named by the turn just before (an audience may be, too)
    if mem.metric_turn != len(mem.topics) - 1 or last not in UNIT_OF or not (mem.vertical or mem.business):
        return p
    if not (unit := phrase(text)):
        return p
    p.metric_phrases, p.audiences, p.sizing_cue, p.business_phrase, p.business_refers_back = [unit], [], False, None, False
    p.followup = False  # its own price now: no audience or figure of the last turn carried in (memory.carry)
    return p
