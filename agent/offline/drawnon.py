"""The documents a conversation's answers have drawn on, and a connective before a question of its own.

Why: a user asks about their own business in words of their own — "is it ok to put the facebook pixel on
our hearing loss info pages?" from a clinic whose last answers quoted the healthcare page. That page's
section on privacy answers it, and the meaning search over the whole KB (:mod:`~agent.offline.meaningsearch`)
ranks it nearest, yet declined: the question shares no word with the section's heading, and this turn's
word search never returned the page. The documents the conversation's earlier answers *cited* are the
business's own pages: a section nearest in meaning that lies in one of them is taken with the same floor
as a section this turn's own search returned (:data:`~agent.offline.meaningsearch.HELD`), rather than the
higher floor for a section anywhere in the KB. Off-topic questions stay declined: the nearest section of the
whole KB must itself lie in a cited document, and the floor is the one calibrated for off-topic questions.

A connective opening a message ("also is it ok to …", "plus, can we …") does not make it a follow-up when
the rest is a question of its own; :func:`stands_alone` reads the rest as the message.
"""
from __future__ import annotations

import re

from agent.offline.searchq import CITED, leans_on_previous

# one connective word (and its comma) opening a message: what follows is read on its own
_CONNECTIVE = re.compile(r"^\W*(?:also|and|plus|oh|ok(?:ay)?|so|but|btw|one more thing)\b[\s,:;.!-]*", re.I)


def stem(source: str) -> str:
    """A document's name without its extension: "benchmarks-healthcare.md" → "benchmarks-healthcare"
    (a passage id's part before "#")."""
    return re.sub(r"\.[A-Za-z0-9]+$", "", source.strip())


def files(said: list[str]) -> frozenset[str]:
    """The documents (by :func:`stem`) the earlier answers ``said`` cited."""
    return frozenset(m.split("#")[0] for a in said for m in CITED.findall(a or ""))


def stands_alone(question: str) -> bool:
    """Is ``question`` understood without the last turn — once an opening connective is set aside?"""
    if not leans_on_previous(question):
        return True
    rest = _CONNECTIVE.sub("", question, count=1)
    return rest != question and bool(rest.strip()) and not leans_on_previous(rest)
