"""A market named by a city and the word for its kind ("the boise market", "for the tulsa area") in a follow-up to an
audience size: that place is asked, whichever list knows it.

Why: the readers know a place by the vocabulary's states and DMAs, the KB's own markets, a capital letter or a
lower-case name closing its clause ("… in lisbon?", :mod:`agent.offline.placemeant`). "ok and for the boise market,
people already living there?" names its city before "market" and a comma: no reader took it, the follow-up kept
its slots, and the size of the place asked before was quoted for Boise — a figure of another geography for the one
named (measured in own probes after dev19's "what about just the honolulu dma, …" class). The kind word ("market",
"area", "metro", "region") says the words before it name a place when the encoder calls them one
(:func:`agent.offline.placemeant.is_place`; with it off, nothing is read here). Only after an audience size
(the caller): elsewhere "the stock market" or "the local area" are no question of where.
"""
from __future__ import annotations

import re

from agent.offline import placemeant

_MARKET = re.compile(r"\b(?:in|for|about|and|to|of)\s+(?:the\s+)?(?P<n>[a-z]{3,}(?: [a-z]{3,})?)\s+"
                     r"(?:market|area|metro(?: area)?|region)\b")
# words that say which kind of market, not which place ("the local market", "the whole area", "our core region")
_KIND = frozenset("local regional national whole entire same other another core main key home target test control "
                  "domestic international global overseas foreign nearby surrounding greater wider broader bigger "
                  "smaller next last first new old our your their this that each every any".split())


def named(text: str) -> str | None:
    """The city a market is named by in ``text`` ("for the boise market" → "Boise"), or None."""
    for m in _MARKET.finditer(text.lower()):
        words = m.group("n").split()
        if not set(words) & _KIND and placemeant.is_place(m.group("n")):
            return m.group("n").title()
    return None
