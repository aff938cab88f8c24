"""A question's "the usual terms" is the knowledge base's "the standard terms": adjectives of the norm
name one thing whichever of them is used.

Why: a user says "your usual X", "the normal X", "the regular X"; a KB states its rule as "the
standard X" or "the default X". Read as single words, the user's adjective then finds only the
adverb of another section ("tracking usually pays …") and the rule that *is* the norm loses to it.
So when the question puts an adjective of the norm before a noun of the advisor's own ("your usual
terms"), the adjective is read as part of the phrase, not as a word of its own: a section whose text puts any adjective of the norm before the
same noun (a word or two may sit between: "standard affiliate terms") states what was asked for.

General English only: the adjectives below are the language's own words for "what is ordinarily
done"; the noun comes from the question, the pairing from the KB's text.
"""
from __future__ import annotations

import re

from agent.offline.passages import terms

_NORM = r"(?:usual|standard|typical|normal|default|regular|customary|ordinary|conventional|baseline)"
# the advisor's own norm ("your usual terms", "the MPA's default split"): "the typical payback period" asks a
# market's figure instead, which a KB's rule does not state
_ASKED = re.compile(rf"\b(?:your|the mpa's|the framework's)\s+({_NORM})\s+([a-z][a-z-]+)\b", re.I)
BOOST = 1.5  # a section stating the norm the question names by another adjective


def asked(question: str) -> tuple[set[str], set[str]]:
    """The adjectives of the norm the question puts before a noun, and those nouns (as terms):
    "under your usual terms" → ({"usual"}, {"term"}). Empty when none is the advisor's own norm."""
    adjs: set[str] = set()
    nouns: set[str] = set()
    for m in _ASKED.finditer(question):
        noun = terms(m.group(2))
        if noun and not re.fullmatch(_NORM, m.group(2), re.I):
            adjs.update(terms(m.group(1)))
            nouns.update(noun)
    return adjs, nouns


def states(nouns: set[str], text: str) -> bool:
    """Does ``text`` put an adjective of the norm before one of ``nouns`` (up to two words between)?"""
    if not nouns:
        return False
    return any(set(terms(w)) & nouns for m in re.finditer(rf"\b{_NORM}((?:\s+[\w-]+){{1,3}})", text, re.I)
               for w in m.group(1).split())
