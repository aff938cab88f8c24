"""The business or vertical the question itself names wins over the one the story describes.

Why: people introduce themselves and then ask about a wider kind of business in so many words — "I do the marketing
for an insurance agency in Roanoke … what does a lead cost in financial services?", "we run a dental hygiene diploma
course … what's a normal cost per lead for schools?". The parse took the first business the message named (the
agency, the diploma course), which the KB does not cover or cannot place, and declined; the user had said which
table to read. The kind named in the question sentence is what is asked about; the story's business is the
situation. (The KB's own exclusion — "insurance is not part of this vertical" — is in the passage quoted.)
"""
from __future__ import annotations

import re
from typing import Callable

from agent.offline import shelfroute, sizedbiz
from agent.offline.asking import question_sentences
from agent.offline.passages import message_sentences


_OURS = re.compile(r"\b(?:our|my|we|us|ours|mine)\s+(?:[a-z\-]+\s+){0,2}$"  # the phrase said as the user's own, or as
                   r"|\b(?:on|inside|within|via|through|across|at|in|into)\s+(?:the\s+)?$")  # where the ads run ("inside Roblox")


def _asked_span(norm: str) -> tuple[int, int] | None:
    """Where the message's question sentences lie in ``norm`` (first start, last end), when the message also tells
    something before them; None when the whole message is the question."""
    asked, parts = question_sentences(norm), message_sentences(norm)
    if not asked or len(asked) >= len(parts):
        return None
    start, end = norm.find(asked[0]), norm.rfind(asked[-1])
    return (start, end + len(asked[-1])) if start > 0 and end >= start else None


def uncovered_first(norm: str, uncovered: list[tuple[int, str]], verticals: list[tuple[int, str]]) -> bool:
    """Does a business the KB does not cover decide the reading (``uncovered``, ``verticals``: (position, key) as
    the parse finds them)? Not when a covered vertical is named in the question and the uncovered one only before it."""
    if not uncovered:
        return False
    span = _asked_span(norm)
    if not span or not verticals:
        return True
    inside = lambda pos: span[0] <= pos < span[1]  # noqa: E731
    return not (any(inside(p) for p, _ in verticals) and not any(inside(p) for p, _ in uncovered))


def business(norm: str, metric_spans: list[tuple[int, int]], find: Callable):
    """The business phrase ``find`` (:func:`agent.offline.business.business`) reads in the question sentence when the
    message tells a story before it and the question names one of its own, else the one it reads in the whole
    message. The message is read with the size and clientele words before a business's name read away first
    (:mod:`agent.offline.sizedbiz`: "a 12 room inn", "a children's dental practice")."""
    norm, metric_spans = sizedbiz.plain(norm, metric_spans)
    metric_spans = metric_spans + [s for s in [shelfroute.for_span(norm)] if s]  # "dumplings for grocery chains": shops
    span = _asked_span(norm)
    if span:
        asked = norm[span[0]:span[1]]
        own = find(asked, [(s - span[0], e - span[0]) for s, e in metric_spans if s >= span[0]])
        if own is not None and own.phrase and not own.refers_back and not _OURS.search(asked.lower().split(own.phrase.lower())[0]):
            return own  # not "… in our world", "for our clinic": the user's own business is the story's
    return find(norm, metric_spans) or _by_shelf(norm)


def _by_shelf(norm: str):
    """The route the user's own goods reach buyers by, as the business phrase, when no sentence form named the business
    ("we bottle hot sauce that gets stocked at supermarkets"): the benchmark tool reads it against the KB's own words
    for how each vertical sells (:mod:`agent.offline.shelfroute`); None when no route is said of the user's goods."""
    from agent.offline.business import Business
    from agent.offline.routeretry import route
    clause = route(norm) if re.search(r"\b(?:we|our|i|my)\b", norm, re.I) else None
    return Business(clause) if clause and shelfroute.at_shops(clause) else None  # not "we sell through TikTok"
