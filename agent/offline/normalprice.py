""""How many would $2,000 bring at normal prices?" after the user's own cost was worked out: the KB's range, not theirs.

Why a module: a price the conversation worked out ("$800 ÷ 12 = $66.67 — your CAC") is remembered and re-used by
every later count, which is right for "and with $2,000?" but not when the user says which price to count at: "at
normal prices", "at typical rates", "at the going rate" name the market's figure — the benchmark range — and the
answer divided by their own cost again (and looked nothing up). English gives the cue; the remembered price is set
aside for this turn only, so the calculation looks the range up and works both ends.
"""
from __future__ import annotations

import re

_AT_NORMAL = re.compile(r"\b(?:at|with|using|on|by)\s+(?:the\s+|a\s+)?(?:normal|typical|usual|average|going|standard|market|"
                        r"industry|benchmark|regular)\s+(?:prices?|rates?|costs?|figures?|numbers?|ranges?|levels?)\b", re.I)


def read(p, text: str, mem):
    """``p`` unchanged; ``mem`` without its remembered price when ``text`` counts at the market's price (module doc)."""
    if _AT_NORMAL.search(text) and "price" in mem.facts and not any((n.role or "").startswith("price") for n in p.numbers):
        mem.facts.pop("price", None)
        mem.price_work = []
    return p
