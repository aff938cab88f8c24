"""What a message says beyond the slots it names: its content words once the business, a place, a metric, a
platform and an end of a range are taken out.

Why: a follow-up that only swaps a slot ("And for fintech?", "LA DMA?", "same two for b2b saas?") repeats the last
question with the new slot, while one with words of its own asks something new. The conversation's slots
(:mod:`agent.offline.memory`) ask this of each turn several times; the reading needs the vocabulary and the places
only, so it stands apart from the slots themselves.
"""
from __future__ import annotations

from functools import lru_cache

from agent.offline.passages import terms
from agent.offline.places import without_places
from mpa.vocabulary import VOCABULARY, any_term

_PLACE_WORDS = {"dma", "state", "area", "market", "metro", "region", "citi", "counti", "nation", "countri", "mani",
                "big", "larg", "size", "peopl", "folk", "audienc", "number", "total", "just", "whole", "entir",
                # narrowing or widening the same ask to a place: "narrow it to TX", "geo-target only LA"
                "narrow", "limit", "restrict", "geo", "target", "focus", "zoom", "widen", "expand", "statewid", "specif", "particular", "exact", "precis", "proper", "especi", "instead"}  # "dfw specifically?"


@lru_cache(maxsize=4096)
def leftover(norm: str, business_phrase: str | None) -> frozenset[str]:
    """The message's content words that are not the slots it names (the business, a place, a
    metric, a platform, an end of a range): empty for "And for fintech?", "LA DMA?", "same two for
    b2b saas?" — a message that only swaps a slot — and not for one that asks something new (cached: a turn asks thrice)."""
    low = without_places(norm).lower()
    for table in ("verticals", "uncovered_verticals", "metrics", "platforms"):
        low = any_term(VOCABULARY[table]).sub(" ", low)
    if business_phrase:
        low = low.replace(business_phrase.lower(), " ")
    return frozenset(terms(low)) - _PLACE_WORDS - {"high", "low", "top", "bottom", "end", "rang", "side"}
