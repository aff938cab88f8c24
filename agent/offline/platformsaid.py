"""Which of the vocabulary's platforms a message names, read as a person says them.

Why: "And on Microsoft's search ads?" names Microsoft's search (the vocabulary's Bing Ads, the KB's Microsoft
Advertising), not the search-ads channel at large: a maker's possessive joins its name to the channel word after
it, and of two names said across the same words the longer is the one meant. Read once here so the look-up
(:mod:`agent.offline.platformfig`) and the notes on what the answer lacks (:mod:`agent.offline.gaps`) agree —
a look-up made for one platform must not be followed by "no figure for" another the message never meant.
"""
from __future__ import annotations

import re

from mpa.vocabulary import VOCABULARY, match_terms, term_pattern


def plain(text: str) -> str:
    """``text`` lower-cased with each possessive "'s" dropped ("microsoft's search ads" → "microsoft search ads")."""
    return re.sub(r"(?<=[a-z])['’]s\b", "", (text or "").lower())


def said(text: str, skip: list[tuple[int, int]] = ()) -> list[tuple[int, str]]:
    """(position in :func:`plain` ``text``, vocabulary key) of each platform named, a name inside a longer one of
    another platform left out, and none inside the ``skip`` spans (the KB's own names said in full)."""
    low = plain(text)
    found = [(m.start(), m.end(), k) for k in match_terms(low, VOCABULARY["platforms"])
             for m in term_pattern(tuple(VOCABULARY["platforms"][k])).finditer(low)
             if not any(s <= m.start() < e for s, e in skip)]
    return [(s0, k) for s0, e0, k in found
            if not any(s1 < e0 and s0 < e1 and (e1 - s1) > (e0 - s0) and k1 != k for s1, e1, k1 in found)]
