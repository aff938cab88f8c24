"""Goods on a shop's shelves, said in everyday words, read as the route to market the KB describes verticals by.

Why: a maker names its goods ("we bottle hot sauce", "a small kombucha brewery", "we make oat milk"), which the
KB's vertical descriptions never list; what they do describe is how goods reach buyers ("products sold mainly
through grocery, drug, mass and online retailers"), and the benchmark tool reads a clause that starts with a verb of
selling against exactly those pieces (:func:`mpa.business.resolve_business`, :mod:`agent.offline.routeretry`). People
seldom say "sold through" though: "our cans are in grocery stores", "you can find it in most supermarkets", "we're on
shelves at 40 grocers", "we make dumplings for grocery chains". This module reads those forms as the clause the tool
understands ("sold in grocery stores"), and only when the place is a kind of shop (a word for a store, a chain, a
retailer): "we're in Boise" says where, not through whom.
"""
from __future__ import annotations

import re

# the place goods sit: a kind of shop, perhaps with a count or a degree word and a name before it
_SHOP = r"(?:stores?|shops?|supermarkets?|grocers?|groceries|grocery chains?|chains?|retailers?|pharmacies|drugstores?|" \
        r"markets|outlets|co-?ops|delis|bodegas|aisles?|shelves)"
_OUTLET = r"(?P<o>(?:(?:most|many|some|several|a few|all|lots of|\d{1,5}|the|local|big|major|national|regional)\s+)*" \
          r"(?:[a-z][a-z'’&\-]*\s+){0,3}?" + _SHOP + r")\b"
_FORMS = [
    # "our cans are in grocery stores", "the bars are now on shelves at 40 grocers", "it's stocked in co-ops"
    re.compile(r"\b(?:our|my|the|its|their|it|they)(?:\s+[a-z\-]+){0,2}?\s*(?:'s|’s|'re|’re|\s+(?:are|is))\s+(?:now\s+|also\s+|"
               r"mostly\s+|mainly\s+|already\s+)?(?:on\s+(?:the\s+)?shel(?:f|ves)\s+)?(?:in|at|inside)\s+" + _OUTLET, re.I),
    # "you can find it in most supermarkets", "shoppers pick us up at Whole Foods stores"
    re.compile(r"\b(?:you|people|shoppers|customers|folks)\s+(?:can\s+|could\s+)?(?:find|buy|get|grab|pick up)\s+"
               r"(?:it|them|us|our\s+[a-z\-]+)\s+(?:up\s+)?(?:in|at|from)\s+" + _OUTLET, re.I),
    # "we're on shelves at 40 grocers", "we are in 200 grocery stores"
    re.compile(r"\b(?:we're|we are|we’re)\s+(?:now\s+|also\s+)?(?:on\s+(?:the\s+)?shel(?:f|ves)\s+)?(?:in|at|inside)\s+"
               + _OUTLET, re.I),
    # "we make dumplings for grocery chains", "I bake pies for local co-ops": goods made for shops to sell
    re.compile(r"\b(?:make|makes|produce|produces|bake|bakes|brew|brews|bottle|bottles|roast|roasts|pack|packs|"
               r"manufacture|manufactures)\s+(?:[a-z\-]+\s+){1,3}?for\s+" + _OUTLET, re.I),
]


def said(text: str) -> str | None:
    """"sold in <the shops>" for the first everyday form of goods on shops' shelves in ``text``; None."""
    for form in _FORMS:
        m = form.search(text or "")
        if m:
            return "sold in " + " ".join(m.group("o").split())
    return None


def for_span(text: str) -> tuple[int, int] | None:
    """Where the shops of "… for grocery chains" after goods made lie in ``text`` (the words after "for"): whom the
    goods are made to be sold by, never the business itself."""
    m = _FORMS[-1].search(text or "")
    return (m.start("o"), m.end("o")) if m else None


def at_shops(clause: str) -> bool:
    """Does the route ``clause`` end at a kind of shop ("stocked at supermarkets"), not a channel or a platform ("sell
    mostly through TikTok": where the ads run, which says nothing of the goods' kind)?"""
    return bool(re.search(r"\b" + _SHOP + r"\s*$", clause or "", re.I))
