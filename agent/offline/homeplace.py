"""The place a message says the business is in, as the scene of the question and not its subject.

Why: "I handle marketing for 4 clinics around Richmond. What should we pay per lead?" names Richmond as where the
business is; the question asks a figure the KB states nationally (a benchmark), not a Richmond figure. The gap notes
(:mod:`~agent.offline.gaps`) say what a question names that the cited text never does — "The knowledge base has
nothing on Richmond" — and a note like that, with the passage quoted above it dropped as another row's figure, left
the whole answer a decline. A place said after "in", "around", "near", "out of", "based in" in a sentence that does
not ask (the introduction), and not said again in the asking sentences, locates the business; it is no part of what
is asked. A place the question itself names ("what does a lead cost in Richmond?") stays a subject and keeps its note.
"""
from __future__ import annotations

import re

from agent.offline.asking import question_sentences
from agent.offline.passages import message_sentences
from mpa.vocabulary import VOCABULARY, match_terms
from rag.regexes import compiled

# a capitalised place name (one to three words) after a preposition of location
_WHERE = re.compile(r"\b(?:in|around|near|outside(?:\s+of)?|out\s+of|based\s+in|from|across|throughout|serving|by)\s+"
                    r"((?:[A-Z][a-z]+)(?:\s+[A-Z][a-z]+){0,2})")


def home(message: str) -> set[str]:
    """The words of the place names the message's non-asking sentences give as where the business is, and its asking
    sentences do not name."""
    asked = question_sentences(message)
    said = " ".join(asked)
    out: set[str] = set()
    for s in message_sentences(message):
        if s in asked:
            continue
        for m in _WHERE.finditer(s):
            out.update(w for w in m.group(1).split() if not compiled(rf"\b{w}\b").search(said))
    return out


def not_home(message: str, names: list[str]) -> list[str]:
    """``names`` (what a gap note would say the KB has nothing on) without the business's own place (:func:`home`) —
    unless the message names a business the vocabulary lists as one the KB does not cover ("an animal rescue … for
    nonprofits"): then no benchmark is the answer, and a gap note is what keeps another business's rows unquoted."""
    if not names or match_terms(message, VOCABULARY["uncovered_verticals"]):  # (no name: nothing to read the message for)
        return names
    where = home(message)
    return [n for n in names if not set(n.split()) <= where] if where else names
