"""Match a user's words to the labels a KB uses for verticals, audiences and platforms.

KB labels are kept as written ("Plumbers and HVAC", "Banking and Credit Unions"); a compound
label matches a query naming either part. In order, a label matches when

1. it, or one of its parts, equals the query (case and spacing aside);
2. a part maps to the same canonical vertical as the query (``VOCABULARY["verticals"]`` and
   ``["uncovered_verticals"]``:
   "universities" and "Higher Education" are both education);
3. the query's first content word (the modifier that makes it specific: *tax* preparers,
   *HVAC* contractors) shares its stem with a word of a part.

Rule 3 is deliberately narrow: "funeral homes" does not match "Home Improvement" (the
specific word, *funeral*, is not there), so an unknown vertical is reported absent rather than
answered with a near miss.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from mpa.vocabulary import VOCABULARY, find_first
from rag.analyzer import get_analyzer

# words that describe any business or group; they never make a match on their own
_GENERIC = {"servic", "compani", "busi", "busin", "provid", "agenc", "practic", "firm", "store", "shop", "brand",
            "industri", "sector", "vertic", "categori", "product", "good", "market", "advertis", "account", "owner",
            "peopl", "adult", "household", "user", "custom", "consum", "audienc", "segment", "group", "new"}
# the stems of "accounts"/"owner" clash with real labels ("Accountants"): only generic as the sole word
_SPLIT = re.compile(r"\s*(?:,|&|/|\band\b|\bor\b|\+)\s*", re.I)


def norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s:/+&-]", " ", (text or "").lower().replace("–", "-")).split())


def parts(label: str) -> list[str]:
    """"Plumbers and HVAC" → ["plumbers", "hvac"] (the whole label first)."""
    whole = norm(label)
    return [whole] + [p for p in (norm(x) for x in _SPLIT.split(label)) if p and p != whole]


@lru_cache(maxsize=4096)
def _stems(text: str) -> tuple[str, ...]:
    return tuple(get_analyzer(True, True)(text))


def vertical_key(text: str) -> str | None:
    """The vocabulary's key for a vertical name — covered verticals and the ones the shipped
    benchmark edition leaves out alike ("lawyers" → legal services), since another KB may
    cover those."""
    low = norm(text)
    for table in ("verticals", "uncovered_verticals"):
        for key, syns in VOCABULARY[table].items():
            if low == key or low in syns:
                return key
    return find_first(low, VOCABULARY["verticals"]) or find_first(low, VOCABULARY["uncovered_verticals"])


def match_labels(query: str, labels: Iterable[str], use_vocabulary: bool = True) -> list[str]:
    """The labels ``query`` names (best rule that matches anything; several when a rule
    matches several labels), else []."""
    labels = list(dict.fromkeys(labels))
    q = norm(query)
    if not q:
        return []
    exact = [lb for lb in labels if q in parts(lb)]
    if exact:
        return exact
    if use_vocabulary:
        key = vertical_key(q)
        if key:
            by_key = [lb for lb in labels if any(vertical_key(p) == key for p in parts(lb)[1:] or parts(lb))]
            if by_key:
                return by_key
    content = [s for s in _stems(q) if s not in _GENERIC] or list(_stems(q))
    if not content:
        return []
    first = content[0]
    hits = []
    for lb in labels:
        words = {s for p in parts(lb) for s in _stems(p)}
        if first in words:
            hits.append((sum(s in words for s in content), lb))
    if not hits:
        return []
    best = max(n for n, _ in hits)
    return [lb for n, lb in hits if n == best]


PAID_SOCIAL = ("Meta", "LinkedIn", "TikTok", "Pinterest", "Snapchat", "X", "YouTube")
PAID_SEARCH = ("Google Ads", "Bing Ads")


def platforms_named(text: str | None) -> set[str] | None:
    """Platforms a user's words name: one platform, or a channel's platforms ("paid social");
    None when ``text`` is empty (no platform asked); an empty set when it names none we know."""
    if not text or not str(text).strip():
        return None
    key = find_first(str(text), VOCABULARY["platforms"])
    if key == "Paid Social":
        return {"Paid Social", *PAID_SOCIAL}
    if key == "Paid Search":
        return {"Paid Search", *PAID_SEARCH}
    return {key} if key else set()
