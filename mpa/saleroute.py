"""Where a business sells is not what it is: the items a KB lists after a route to market are channels, not trades.

Why: a vertical's introduction says what it covers and, often in the same sentence, how those businesses reach
buyers — "grocers that sell through both stores and websites", "products sold mainly through grocery, drug, mass and
online retailers". The words after the route ("websites", "drug", "mass") name places of sale. Read as the
vertical's own words they make a web-design studio ("we build websites") a retailer. So the word rules that decide a business (:mod:`mpa.lookups`) read a vertical's introduction without its
route tails (:func:`without_routes`), and the meaning match (:mod:`mpa.business`) never takes an item listed after
a route, or opening with one, as the evidence for a vertical (:func:`routed`). A route through the seller's own
shop ("brands that sell through their own online store") is no such tail: it says what the business is, and stays.
A route the user says ("sold mostly through grocery chains") is still read against the KB's whole route sentences
(:func:`mpa.business._by_route`).
"""
from __future__ import annotations

import re
from functools import lru_cache

# a route to market: a selling verb and the preposition of where ("sell through", "sold mainly via", "stocked at",
# "available on") — not a route through the seller's own shop ("brands that sell through their own online store"),
# which says what the business is
ROUTE_TO = re.compile(r"\b(?:sell|sells|selling|sold|stocked|carried|distributed|available)\s+(?:(?:both|mainly|mostly|"
                      r"largely|primarily|only|chiefly)\s+)?(?:through|via|on|at|in)\b(?!\s+(?:(?:their|its|our|your|his|"
                      r"her|my)\s+)?own\b)", re.I)
_TAIL = re.compile(r"\s*" + ROUTE_TO.pattern + r"[^.;:()\n]*", re.I)   # … up to the end of its clause


def routed(items: list[str]) -> list[bool]:
    """For the items a sentence lists (split on commas and "and"/"or"), whether each says only a place of sale, not a
    kind of business: it comes after a route ("websites" in "… grocers that sell through both stores and websites") or
    opens with one ("sold mostly through booking apps"). An item that names a business before its route ("grocers that
    sell through both stores") is that business."""
    out, seen = [], False
    for item in items:
        out.append(seen or bool(item and ROUTE_TO.match(item.strip())))
        seen = seen or bool(item and ROUTE_TO.search(item))
    return out


@lru_cache(maxsize=4096)  # a pure reading, asked again of each vertical's introduction on every look-up (~4,300 calls, ~200 texts)
def without_routes(text: str) -> str:
    """``text`` with each route to market and what it lists cut out ("grocers that sell through both stores and
    websites." → "grocers that.")."""
    return _TAIL.sub("", text or "")
