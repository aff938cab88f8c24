"""Which percentage of a budget band a question asks for: the band's clause it names, and the end it asks.

Why: a pacing rule states bands, several to a sentence, the budget said once — "By the 10th, between 28% and 38% of
the month's budget; by the 20th, between 60% and 72%." The share applied to the user's budget was the one written
right before "of the month's budget" (38%): the 10th's top, for "how much should be out the door by the 20th at the
least?". A sentence's clauses (split at ";") share its budget; the clause that says most of the question's own
words ("20th") is the one asked about, and its band's lower end answers "at least / the minimum / the floor", its
upper end "at most / the maximum / the ceiling" (:func:`~agent.offline.bound.asked`). A question that asks no end
of a band, or a sentence stating no band, keeps the share as read.
"""
from __future__ import annotations

import re

from agent.offline import bound
from agent.offline.passages import terms

_BAND = re.compile(r"(?:between\s+)?(?P<lo>\d+(?:\.\d+)?)\s*%?\s*(?:and|to|[-–])\s*(?P<hi>\d+(?:\.\d+)?)\s*%", re.I)


def _sentence(quoted: str, at: int) -> tuple[int, str]:
    start = max(quoted.rfind(". ", 0, at), quoted.rfind("\n", 0, at), -1) + 1
    ends = [x for x in (quoted.find(". ", at), quoted.find("\n", at)) if x >= 0]
    return start, quoted[start:min(ends) if ends else len(quoted)]


def _words(text: str) -> set[str]:
    """Content words and ordinals ("20th": a day of the month, which the analyzer drops)."""
    return set(terms(text)) | set(re.findall(r"\b\d+(?:st|nd|rd|th)\b", text.lower()))


def pct(question: str, quoted: str, at: int, said: str = "") -> float | None:
    """The percentage the question asks of the band sentence around position ``at`` of ``quoted`` (where the share
    of the budget ``said`` was read: its words are every clause's), or None to keep the share as read."""
    end = bound.asked(question)
    if not end:
        return None
    start, sent = _sentence(quoted, at)
    asked = _words(question) - _words(said)
    clauses, pos = [], 0
    for part in sent.split(";"):
        bands = list(_BAND.finditer(part))
        if bands:
            clauses.append((len(asked & _words(part)), start + pos <= at < start + pos + len(part) + 1, bands[0]))
        pos += len(part) + 1
    if not clauses:
        return None
    best = max(clauses, key=lambda c: c[:2])
    return float(best[2].group("lo" if end == "lower" else "hi"))
