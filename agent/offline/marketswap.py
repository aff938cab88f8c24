"""A follow-up that only swaps the market of a look-up by market: "streaming tv cpm in pittsburgh?" then
"what about boise" asks Boise's streaming TV CPM.

Why: a KB's list by market ("BY DMA - HIGHEST TO LOWEST" over "- Boise: $24.90") is looked up with the market
in the business's slot, and a follow-up that names only another of the KB's markets leaves unsaid what stays
the same — the metric and the platform. Read as a new topic, "what about boise" was answered with Boise's
household count, or with the old market's figure under the new name read as a platform. The swap is read
only when the last turn's benchmark look-up was for one of the KB's own markets and found figures, and the
message is an English swap ("and X?", "what about X", "how about in X", "X instead?") whose X is wholly
another of the KB's own markets (its facts' geography, any case). A place the KB has no facts for is left
to the other rules: it may as well be a platform ("and Hulu?").
"""
from __future__ import annotations

import re

from agent.offline import kbmarkets

_SWAP = re.compile(r"^\s*(?:ok(?:ay)?,?\s+)?(?:and|or|what about|how about|vs\.?|versus)\s+(?:in\s+|for\s+)?(?:the\s+)?"
                   r"(?P<name>[A-Za-z][\w.'’ –-]{1,40}?)\s*(?:instead\s*)?[?.!]*\s*$", re.I)


def swapped(text: str, last: list) -> str | None:
    """The KB market this message swaps in for the last turn's look-up by market (``last``: its outcomes),
    in the KB's form; else None."""
    m = _SWAP.match(text or "")
    if not m or not any(o.name == "get_benchmark" and o.found and kbmarkets.market_named(str(o.input.get("vertical") or ""))
                        for o in last):
        return None
    new = kbmarkets.market_named(m.group("name"))
    return new if new and not any(new == kbmarkets.market_named(str(o.input.get("vertical") or "")) for o in last) else None
