"""The earlier time a figure question asks about in the past tense: "what was SaaS CPC back in 2019?",
"what did travel CPM look like last year?".

Why a module: a knowledge base's ranges are its current edition's. Quoting them to a question about a
year gone by, without a word, passes them off as that year's figures; :mod:`agent.offline.gaps` says
the KB has none for it (its figures stay beside the note, the nearest thing the KB holds). Only
English structure is read: a past tense or "last year" in the clause that asks, a year the cited
passages do not state, and no figure of the user's own (which makes it a question about now).
"""
from __future__ import annotations

import re

_YEAR = re.compile(r"\b(20\d\d)\b")  # a year a question or a passage names
_PAST = re.compile(r"\b(?:was|were|did|used to|back in|back then)\b", re.I)
_EARLIER = re.compile(r"\b(?:last|previous|prior) year\b|\b(?:\d+|two|three|four|five|ten|a few|some) years ago\b", re.I)


def past_year(question: str, text: str) -> str | None:
    """The earlier time a question asks a figure for in the past tense ("what was SaaS CPC back in 2019?",
    "… last year") that the cited passages do not state, else None: the KB's ranges are its current
    edition's. A question stating figures of its own ("our CAC was $40 in 2023 — good?") asks about now."""
    if re.search(r"\d", _YEAR.sub("", question)):
        return None
    # the clause that asks ("we started back in 2019, what's a typical CPC?" asks of now)
    question = " ".join(c for c in re.split(r"[,.;:!?]|\s[-–—]\s", question)
                        if re.search(r"\b(?:what|how|which|whats)\b", c, re.I))
    if not _PAST.search(question) and not _EARLIER.search(question):
        return None
    if (earlier := _EARLIER.search(question)):
        return earlier.group(0)
    said = set(_YEAR.findall(text))
    gone = [y for y in _YEAR.findall(question) if y not in said]
    return gone[0] if gone and _PAST.search(question) else None
