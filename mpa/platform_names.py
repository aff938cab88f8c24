"""The name a knowledge base itself gives each platform its figures are filed under.

Why: a fact's ``platform`` is the vocabulary's canonical key, so that "bing", "microsoft ads" and
"Microsoft Advertising" all find the same figures. But a user of a KB that heads its list
``MICROSOFT ADVERTISING CPC BENCHMARKS`` was told "Bing Ads" — a name the KB never uses — and one
whose caption reads ``GOOGLE APP CAMPAIGNS CPI BENCHMARKS`` was told "Google Ads". A KB's own
platform read from an ALL-CAPS caption was title-cased ("SIRIUSXM AUDIO" → "Siriusxm Audio") though
its prose writes "SiriusXM". So each fact also carries ``platform_name``: the words the KB names
its platform by, where the fact was read (its row or sentence, else the nearest heading or caption
above it), with the capitals its prose gives those words. Matching keeps using ``platform``.
"""
from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from mpa.captions import name_before_metric, metric_words
from mpa.vocabulary import VOCABULARY
from rag.regexes import said_whole

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9'&.]*[A-Za-z0-9]|[A-Za-z]")


@lru_cache(maxsize=16)
def _prose_forms(docs: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """Each word the KB's prose writes with a capital past its first letter ("SiriusXM", "TikTok", "TV"),
    by its lower-case form: the spelling its captions' capitals hide. Lines in capitals only are skipped, and
    so are longer words in capitals ("META - Document: …" is a line's key, not a spelling)."""
    seen: dict[str, Counter] = {}
    for _, text in docs:
        for line in text.splitlines():
            if not re.search(r"[a-z]", line):
                continue
            for w in _WORD.findall(line):
                # a capital past the first letter; "TV", not "META -"
                if w[1:] != w[1:].lower() and (not w.isupper() or len(w) <= 3):
                    seen.setdefault(w.lower(), Counter())[w] += 1
    return {k: c.most_common(1)[0][0] for k, c in seen.items()}


def recased(name: str, forms: dict[str, str]) -> str:
    """``name`` with each word spelled as the KB's prose spells it; a name in one case title-cased otherwise
    ("MICROSOFT ADVERTISING" → "Microsoft Advertising", "SIRIUSXM AUDIO" or "Siriusxm Audio" → "SiriusXM Audio");
    a name written in mixed case keeps its other words as written ("The Trade Desk open marketplace")."""
    one_case = name.isupper() or name.islower()

    def one(m: re.Match) -> str:
        w = m.group(0)
        if w in (w.upper(), w.lower(), w.title()) and w.lower() in forms and (one_case or not w.islower()):
            return forms[w.lower()]
        return w.title() if one_case else w
    return _WORD.sub(one, name)


def _span(line: str, platform: str) -> tuple[int, int] | None:
    """Where ``line`` first names the vocabulary ``platform`` by one of its names (the longest at a place)."""
    names = sorted({platform.lower(), *VOCABULARY["platforms"][platform]}, key=len, reverse=True)
    best, low = None, line.lower()
    for n in names:
        m = said_whole(n, low)
        if m and (best is None or m.start() < best[0]):
            best = (m.start(), m.end())
    return best


def _written(line: str, platform: str, metric: str | None, caption: bool) -> str | None:
    """The words ``line`` names the vocabulary ``platform`` by; in a caption, a brand the vocabulary knows only
    by its bare name ("GOOGLE" of Google Ads) opening the words before the metric names a product of it
    ("GOOGLE APP CAMPAIGNS CPI BENCHMARKS" → "GOOGLE APP CAMPAIGNS")."""
    span = _span(line, platform)
    if span is None:
        return None
    said = line[span[0]:span[1]]
    bare = len(said.split()) == 1 and said.lower() != platform.lower()
    if caption and bare and span[0] == 0:
        before = name_before_metric(line, metric_words(metric))
        if before and before.lower().startswith(said.lower() + " "):
            return before
    return said


def name_platforms(facts: list, docs: tuple[tuple[str, str], ...]) -> None:
    """In place: each benchmark fact's ``platform_name``, the KB's own words for its ``platform``."""
    forms = _prose_forms(docs)
    texts = dict(docs)
    for f in facts:
        if f.kind != "benchmark" or not f.platform or f.source not in texts:
            continue
        if f.platform not in VOCABULARY["platforms"]:
            f.platform_name = recased(f.platform, forms)
            continue
        text = texts[f.source]
        said = _written(text[f.start:f.end], f.platform, f.metric, False) if (
            f.form == "sentence" or _span(f.label, f.platform)) else None
        if said is None:
            for line in reversed(text[:f.start].splitlines()):
                # a heading or a caption, or the "columns:" line naming a table's columns (mpa.fixed_width)
                if re.search(r"[A-Z]", line) and not re.search(r"[a-z]", line) or line.startswith("columns: "):
                    said = _written(line.strip(), f.platform, f.metric, True)
                    if said:
                        break
        same = not said or said.casefold() == f.platform.casefold()  # "BING ADS", "Programmatic display": the key
        f.platform_name = f.platform if same else recased(said, forms)
