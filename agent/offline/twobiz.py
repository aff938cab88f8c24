"""Two businesses named in one question and a figure asked "for each" ("two clients, a boutique hotel and a chain of
hardware stores — typical CPC for each?"): the figure looked up for both.

Why a module: the parser lists every business the vocabulary names (:attr:`Parsed.verticals`), so "software and
healthcare clients" asks both; when one of the two is said in the user's own words ("a chain of hardware stores")
the vocabulary names only the other, and only that one was looked up. English gives the pair: two noun phrases,
each with its article, joined by "and", in a message that asks for each or both. Each is read as the business
sentence forms read a business (:func:`agent.offline.business.business`), so the tool resolves the one the
vocabulary lacks against the KB's own text.
"""
from __future__ import annotations

import re

from agent.offline.business import business
from mpa.vocabulary import VOCABULARY, canonical

# "a boutique hotel in savannah and a regional chain of hardware stores": each phrase with its article (a place after
# the first one says where, not what)
_PAIR = re.compile(r"\b(?:an?|one)\s+(?P<a>[a-z][a-z&\-]*(?: [a-z][a-z&\-]*){0,3}?)(?:\s+(?:in|from|near|out of)\s+[a-z][a-z.\-]*"
                   r"(?: [a-z][a-z.\-]*)?)?,?\s+and\s+(?:an?|one|the other(?: is)?(?: an?)?)\s+"
                   r"(?P<b>[a-z][a-z&\-]*(?: [a-z][a-z&\-]*){0,4}?)(?=\s*[.,;:?!(]|\s+[-–—]|$)", re.I)
_EACH = re.compile(r"\b(?:for each|each of (?:them|the two|those)|for both|both of them|for either|(?:two|2) (?:clients|"
                   r"businesses|brands|accounts|companies|prospects))\b|\beach\s*[?.!]*$", re.I)


def _named(phrase: str) -> str | None:
    """The vocabulary's vertical the phrase names, else the phrase as the business forms read it."""
    said = business(f"we are a {phrase}.")
    words = said.phrase if said else phrase
    return canonical(words, "verticals") or canonical(phrase, "verticals") or (said.phrase if said else None)


def read(p, text: str):
    """``p`` with both businesses in :attr:`verticals` when the message names a pair and asks for each (module doc);
    unchanged otherwise, or when the parser already found two."""
    if len(p.verticals) > 1 or not (p.metrics or p.metric_phrases) or p.calc or not _EACH.search(text):
        return p
    m = _PAIR.search(text)
    if not m:
        return p
    pair = [_named(m.group("a")), _named(m.group("b"))]
    if all(pair) and pair[0] != pair[1] and all(v in VOCABULARY["verticals"] or len(v.split()) <= 4 for v in pair):
        p.verticals = pair
        if pair[0] in VOCABULARY["verticals"]:
            p.vertical = pair[0]
        else:  # the user's own words, for the tool to resolve (no vocabulary vertical to hold the answer to)
            p.vertical, p.business_phrase = None, pair[0]
    return p
