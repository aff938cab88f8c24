"""A question asking for the usual value of a quantity, and the sections that state one.

"What commission rate is normal to offer?", "what's a typical cookie window?", "how big is the override
usually?" ask for a figure — the range a quantity ordinarily takes — not for what the quantity is. A
section defining it ("Commission models: flat CPA, revenue share, tiered …") shares its name and wins on
words, while the answer is a line that states the quantity with a range of figures ("Revenue-share
commission — 3%–15% of order value"), often in a table under a heading that shares none of the question's
words. So, for such a question, a section with a unit that names the quantity (:func:`named`: the noun
phrase asked about, bar the adjective of the norm and plain value words) and states a range of figures
(:func:`states`) is the one that answers.

General English only: the adjectives and adverbs of the norm, wh-questions of a value, and how a range is
written ("3%–15%", "$20 to $40"); the quantity's name comes from the question, the range from the KB's text.
The advisor's own norm ("your usual terms") asks for a rule instead (:mod:`~agent.offline.normphrase`).
"""
from __future__ import annotations

import re

from agent.offline.focus import WH_NP
from agent.offline.numbers import digits
from agent.offline.passages import STEP, terms

# ("average" is left out: "the four-week average" is a figure of its own, not the norm)
_USUAL = re.compile(r"\b(?:normal(?:ly)?|typical(?:ly)?|usual(?:ly)?|reasonable|realistic|ballpark|customary)\b", re.I)
# a wh-question of a value ("what … rate", "which window", "how big / much / long …")
_VALUE_Q = re.compile(r"\b(?:what|which)\b|\bhow (?:much|many|big|large|long|high|low|wide|far|often)\b", re.I)
_OWN_NORM = re.compile(r"\b(?:your|the mpa's|the framework's)\s+(?:usual|typical|normal|standard)\b", re.I)
# words any value question uses: they name no quantity of their own
_PLAIN = set(terms("rate cost costs price amount number figure level range value size big much many long high low "
                   "expect expected pay paid offer give get see"))
# a range of figures as a KB writes one: "3%–15%", "$20 to $40", "7–30 days", "1.5 to 2 percentage points"
_RANGE = re.compile(r"(?<![\w.])\$?\d[\d,]*(?:\.\d+)?\s*(?:%|[kKmM]\b|x\b|×)?\s*(?:–|—|-|to)\s*\$?\d")


def asked(question: str) -> set[str]:
    """The words of the norm ("normal", "usually") of a question asking for a quantity's usual value, as
    terms; empty for any other question (and for the advisor's own norm: "your usual terms")."""
    if _OWN_NORM.search(question):
        return set()
    return {t for s in re.split(r"(?<=[.?!])\s+", question) if _VALUE_Q.search(s) for m in _USUAL.finditer(s)
            for t in terms(m.group())}  # the norm in the sentence asking


def named(question: str, words: set[str]) -> set[str]:
    """The words naming the quantity asked about: those of the wh-determiner's noun phrase ("what commission
    rate is …" → "commission"), else ``words`` (the question's as the reader matches them) — bar the norm's
    and plain value words."""
    np = {t for m in WH_NP.finditer(question) for t in terms(m.group("np") or m.group("np2") or "")}
    return ((np & words) or words) - _PLAIN - asked(question)


def states(words: set[str], units: list) -> bool:
    """Does a unit (``text``, ``terms``) name one of ``words`` (:func:`named`) and state a range of figures (a step
    number is no figure)?"""
    return bool(words) and any(words & u.terms and _RANGE.search(digits(STEP.sub(" ", u.text))) for u in units)
