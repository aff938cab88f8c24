"""A count asked for a place, answered with another place's count: "dog owning households in pittsburgh?"
answered with the list's Atlanta row.

Why a module: a sizing passage lists its audiences market by market, and the search finds it by the audience's
words; the reader then quotes its first rows. When the list has no row for the market asked, the quoted count is
another market's, and the passage itself may still name the market asked elsewhere (under another audience), so
a check against the passage's words finds nothing missing. The answer must say the knowledge base gives no such
figure for that place whenever the place is not in what the answer itself states. Only for a count asked ("how
many …", "the number of …") or a bare noun phrase ("renter households in boise?"), only when no look-up tool
answered (its rows are the place's by construction) and the answer states a figure; a figure question about a
metric has its own place check on the cited passages (:func:`~agent.offline.gaps.review`).
"""
from __future__ import annotations

import re

from agent.offline.metricask import bare

_COUNT = re.compile(r"\bhow (?:many|big|large)\b|\b(?:number|count|size) of\b", re.I)


def unsaid(question: str, answer: str, places: list[str], said) -> list[str]:
    """The places of ``places`` (those the question names) that ``answer`` never says (``said(place, text)``),
    when the question asks a count or is a bare noun phrase; else []."""
    if not places or not (_COUNT.search(question) or bare(question)):
        return []
    return [p for p in places if not said(p, answer)]
