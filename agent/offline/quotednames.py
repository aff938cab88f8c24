"""A short name set in quotes ("our 'book a visit' form", "the “spring sale” campaign"): the quotes go, the words stay.

Why: people quote the name of a form, a button or a campaign as they see it on their site. The quote marks say
"this is a name", nothing the agent's rules read; but the rules that read a unit priced per person ("each parent who
fills out our … form") expect the name's words straight after the article, and the typed-text reader kept a closing
quote as if it were a possessive ("new patient' form"): the unit went unread, the benchmark unasked, and the turn was
declined. A quote counts as one when it opens after a space or at the start and closes before a space or
punctuation, around one to six words with no quote inside — "kids' dental", a possessive, is left alone. A label said
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
        if m.group(3) not in _PAIRS[m.group(1)]:
            return m.group(0)
        words = m.group(2)
        return "" if " " in words and _CLAUSE.search(words) and _LABELLED.match(text, m.end()) else words

    return re.sub(r"  +", " ", _QUOTED.sub(name, text))
