"""A question asking for the usual value of a quantity, and the sections that state one.

"What commission rate is normal to offer?", "what's a typical cookie window?", "how big is the override
usually?" ask for a figure — the range a quantity ordinarily takes — not for what the quantity is. A
section defining it ("Commission models: flat CPA, revenue share, tiered …") shares its name and wins on
words, while the answer is a line that states the quantity with a range of figures ("Revenue-share
commission — 3%–15% of order value"), often in a table under a heading that shares none of the question's
words. So, for such a question — or one asking a value in other words: "what should the cookie window be?",
"what does a host-read spot cost?" — a section with a unit that names the quantity (:func:`named`: the noun
phrase asked about, bar the adjective of the norm and plain value words) and states a range of figures in the
unit asked (:func:`unit`: money for a cost, a percentage for a rate or share, a span of time for a window;
:func:`states`) is the one that answers.

General English only: the adjectives and adverbs of the norm, wh-questions of a value, and how a range is
written ("3%–15%", "$20 to $40"); the quantity's name comes from the question, the range from the KB's text.
The advisor's own norm ("your usual terms") asks for a rule instead (:mod:`~agent.offline.normphrase`).
"""
from __future__ import annotations

import re

from agent.offline.focus import WH_NP
from agent.offline.numbers import digits
from agent.offline.passages import STEP, terms

# words any value question uses: they name no quantity of their own
_PLAIN = set(terms("rate cost costs price amount number figure level range value size big much many long high low "
                   "expect expected pay paid offer give get see"))
# the adjectives and adverbs of the norm ("average" is left out: "the four-week average" is a figure of its own)
_NORM_WORDS = ("normal", "normally", "typical", "typically", "usual", "usually", "reasonable", "realistic", "ballpark",
               "customary", "sensible", "recommended", "advisable")
_USUAL = re.compile(r"\b(?:" + "|".join(_NORM_WORDS) + r")\b", re.I)
_OWN_NORM = re.compile(r"\b(?:your|the mpa's|the framework's)\s+(?:usual|typical|normal|standard)\b", re.I)
# a wh-question of a value ("what … rate", "which window", "how big / much / long …")
_VALUE_Q = re.compile(r"\b(?:what|which)\b|\bhow (?:much|many|big|large|long|high|low|wide|far|often)\b", re.I)
# a value asked without a word of the norm: "what should the cookie window be?", "what does a spot cost?" — not a
# pronoun's, which is worked out rather than looked up ("at a $12 CPM what does that run us?")
_NOT_PRONOUN = r"(?!(?:that|it|this|these|those|they)\b)"
_WHAT_BE = re.compile(rf"\bwhat (?:should|would|will|must) {_NOT_PRONOUN}(?:a|an|the|our|my|your|their)? ?[\w -]{{1,40}}? be\b"
                      rf"|\b(?:what|how much) (?:does|do|would|will) {_NOT_PRONOUN}(?:a|an|the|our|my|one)? ?[\w -]{{1,40}}? "
                      rf"(?:cost|run)\b"  # … or what one would get or see: "what kind of match rate would we get?"
                      rf"|\bwhat (?:kind|sort|type|level) of [\w -]{{1,40}}? (?:would|will|should|could|can|might|do) (?:we|i|you|one) "
                      rf"(?:get|see|expect|hit|achieve|reach)\b", re.I)
# a range of figures as a KB writes one: "3%–15%", "$20 to $40", "7–30 days", "1.5 to 2 percentage points"
_RANGE = re.compile(r"(?<![\w.])\$?\d[\d,]*(?:\.\d+)?\s*(?:%|[kKmM]\b|x\b|×)?\s*(?:–|—|-|to)\s*\$?\d")


def asked(question: str) -> set[str]:
    """The words of the norm ("normal", "usually") of a question asking for a quantity's usual value, as
    terms ({""} when it asks one in other words: "what should the window be?", "what does a spot cost?"); empty
    for any other question (and for the advisor's own norm: "your usual terms")."""
    if _OWN_NORM.search(question):
        return set()
    said = re.split(r"(?<=[.?!])\s+", question)
    norm = {t for s in said if _VALUE_Q.search(s) for m in _USUAL.finditer(s) for t in terms(m.group())}  # in the asking sentence
    return norm or ({""} if any(_WHAT_BE.search(s) for s in said) else set())


def named(question: str, words: set[str]) -> set[str]:
    """The words naming the quantity asked about: those of the wh-determiner's noun phrase ("what commission
    rate is …" → "commission"), else ``words`` (the question's as the reader matches them) — bar the norm's
    and plain value words."""
    np = {t for m in WH_NP.finditer(question) for t in terms(m.group("np") or m.group("np2") or "")}
    return ((np & words) or words) - _PLAIN - asked(question)


# the unit a question asks its value in (English words of money, shares and time) → a range stated in that unit
_ASKED_UNITS = ((re.compile(r"\bhow (?:long|often)\b|\b(?:window|duration|interval|cadence|lookback|frequency)\b", re.I),
                 re.compile(r"\d\s*(?:–|—|-|to)\s*\d[\d,.]*\s*(?:hours?|days?|weeks?|months?|years?|(?:[a-z]+ )?(?:per|a|each) "
                            r"(?:day|week|month))\b", re.I)),
                (re.compile(r"\b(?:rate|share|percent|percentage|ratio)\b", re.I),
                 re.compile(r"\d\s*%?\s*(?:–|—|-|to)\s*\d[\d,.]*\s*(?:%|percent)")),
                # ("paid" is left out: "paid social" names a channel, not a price)
                (re.compile(r"\b(?:cost|costs|price|prices|pay|spend|budget|fee|fees|cpm|cpc|cpa|cac|cpl|cpi)\b|\$", re.I),
                 re.compile(r"\$\s*\d[\d,.]*\s*[kKmM]?\s*(?:–|—|-|to)\s*\$?\d")))


def unit(question: str) -> re.Pattern:
    """The range a value asked in ``question`` is stated as: one in the asked unit ("what does a spot cost?": a money
    range, "what share …": a percentage range, "how long …": a span of time), else any range of figures."""
    return next((rng for asks, rng in _ASKED_UNITS if asks.search(question)), _RANGE)


def _naming(u) -> set[str]:
    """The words a unit names its figures by: its own and its heading's ("Holding a contingency reserve" over "Keep
    5%–10% of the total budget uncommitted")."""
    return u.terms | getattr(u, "head_terms", set())


def states(words: set[str], units: list, rng: re.Pattern = _RANGE) -> bool:
    """Does a unit (``text``, ``terms``, ``head_terms``) name one of ``words`` (:func:`named`) and state a range of
    figures (``rng``: :func:`unit`; a step number is no figure)?"""
    return bool(words) and any(words & _naming(u) and rng.search(digits(STEP.sub(" ", u.text))) for u in units)


def rows(words: set[str], units: list, rng: re.Pattern = _RANGE) -> list:
    """The units of a section that state the quantity: those stating a range (:func:`states`) that name the most of
    ``words`` ("host-read podcast spot": the "Host-read podcast" row, not the "Programmatic podcast" one)."""
    stating = [u for u in units if states(words, [u], rng)]
    most = max((len(words & _naming(u)) for u in stating), default=0)
    return [u for u in stating if len(words & _naming(u)) == most]
