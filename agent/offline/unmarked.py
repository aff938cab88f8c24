"""What typing in lower case leaves unmarked, marked again: a place's code ("in fl", "around la", "the
whole us").

Why: the sizing and place rules read a place code by its capitals ("FL", "LA", "the US") — in lower case
the same two letters are as often words, and people typing fast leave the capitals off. Read back only
where English leaves no doubt: a state code or a market's initials right after a preposition of place
and before the message's end, a comma or a word that closes a place ("in fl", "around la and …", "in ny
specifically"), never a code that is also a word ("in", "me", "ok", "pa"); "us" only after "the" ("the
whole us") or "whole"/"entire" ("entire us", typed terse), where it cannot be the pronoun.

A question typed without its question mark is left so: read with one added, the reader chose another
section for a seen question it answered right ("whats the min spend to test audio properly").
"""
from __future__ import annotations

import re
from functools import lru_cache

# what may follow a place: the end, a mark, a word closing it, or the verb or relative word of the clause it ends
# ("in la are thinking", "around la who") — never a noun a word could modify ("in me time")
_CLOSES = (r"(?=\s*(?:[?.!,;:)]|$|\b(?:and|or|only|alone|specifically|too|instead|itself|market|metro|area|dma|state|"
           r"are|is|were|was|who|that|would|will|could|might)\b))")
_THE_US = re.compile(r"\b(the\s+(?:whole\s+|entire\s+)?|(?<!the )(?:whole|entire)\s+)us\b" + _CLOSES)  # "whole us": no pronoun either


@lru_cache(maxsize=1)
def _place_code() -> re.Pattern:
    from agent.offline.places import _DMA_INITIALS
    from agent.offline.placeshort import _WORD_CODES
    from mpa.audience_lookups import US_STATE_CODES
    codes = sorted(({c.lower() for c in US_STATE_CODES} | {c.lower() for c in _DMA_INITIALS if len(c) == 2}) - _WORD_CODES)
    return re.compile(rf"\b((?:in|across|around|throughout|near|outside|for|of)\s+(?:the\s+)?)({'|'.join(codes)})\b{_CLOSES}")


@lru_cache(maxsize=1)
def _state_names() -> dict[str, str]:
    """A state's code → its name, unless the code is also the initials of a market elsewhere ("la": Los
    Angeles, not only Louisiana — left in capitals for the reader); "ny" is New York either way."""
    from agent.offline.placeshort import initials
    from mpa.audience_lookups import US_STATE_CODES
    from mpa.vocabulary import VOCABULARY
    markets = {initials(k).upper(): k.lower() for k in VOCABULARY["geographies"] if k.endswith(" DMA")}
    return {c.lower(): name for c, name in US_STATE_CODES.items() if c not in markets or name.lower() in markets[c]}


def mark(text: str) -> str:
    """``text`` with its lower-case place codes read back: a state's code as its name ("in fl" → "in
    Florida", as the short-place reader names it), a market's initials in capitals ("around la" → "around
    LA"), "the whole us" → "the whole US" (see the module doc)."""
    out = _place_code().sub(lambda m: m.group(1) + _state_names().get(m.group(2), m.group(2).upper()), text)
    return _THE_US.sub(lambda m: m.group(1) + "US", out)
