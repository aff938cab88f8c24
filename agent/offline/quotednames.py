"""A short label set in quotes before the form, button or page it labels ("our 'new patient' form", "the 'book a visit'
button"): the quotes go, the words stay — or, for a label said as a clause, the label goes.

Why: people quote the label of a form, a button or a page as they see it on their site. The quote marks say
"this is a name", nothing the agent's rules read; but the rules that read a unit priced per person ("each parent who
fills out our … form") expect the name's words straight after the article, and the typed-text reader kept a closing
quote as if it were a possessive ("new patient' form"): the unit went unread, the benchmark unasked, and the turn was
declined. A quote counts as one when it opens after a space or at the start and closes before a space or
punctuation, around one to six words with no quote inside — "kids' dental", a possessive, is left alone — and stands
before what it labels; any other quoted term ("it has to be 'SMART'") is the user's own word for something asked,
which :mod:`~agent.offline.quotedterm` searches as such. A label said
as a clause ("book a visit", "get a quote") on a form, a button or a page is left out: "our form" is the unit, and a
clause's verb read as the message's own word misleads (a "book" read as the business "books").
"""
from __future__ import annotations

import re

_QUOTED = re.compile(r"(?:(?<=\s)|^)(['‘\"“])([A-Za-z0-9][A-Za-z0-9\-]*(?: [A-Za-z0-9\-]+){0,5})(['’\"”])(?=[\s.,;:!?)]|$)")
_PAIRS = {"'": "'’", "‘": "'’", '"': '"”', "“": '"”'}


# a name said as a clause ("book a visit", "get a quote"): its small words would end the noun it names
_CLAUSE = re.compile(r"\b(?:a|an|the|to|for|of|my|our|your|now|in|on|with|me|us)\b")


# … before the thing it labels: a form, a button, a page
_LABELLED = re.compile(r"\s+(?:forms?|buttons?|pages?|links?|tabs?|widgets?|pop-?ups?)\b", re.I)


def unquote(text: str) -> str:
    """``text`` with each short quoted name unquoted (module doc); a label said as a clause on a form, a button or a
    page ("our 'book a visit' form") left out: the thing labelled is the unit, and the clause's verb ("book") would
    be read as a word of the question's own."""
    if not any(q in text for q in _PAIRS):
        return text

    def name(m: re.Match) -> str:
        if m.group(3) not in _PAIRS[m.group(1)] or not _LABELLED.match(text, m.end()):
            return m.group(0)  # a quoted term of its own ("it has to be 'SMART'") is asked as such (quotedterm)
        words = m.group(2)
        return "" if " " in words and _CLAUSE.search(words) else words

    out = _QUOTED.sub(name, text)
    return re.sub(r"  +", " ", out) if out != text else text
