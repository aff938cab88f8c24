"""A budget stated, and the knowledge base's advice split into sections by money bands: the section of the band that
holds the budget, when the search found only another band's.

Why: a knowledge base that splits advice by budget heads the sections alike but for their figures ("Tier 1: under
$50k per month", "Tier 2: $50k to $250k per month", "Tier 3: $250k+ per month"). A question stating its budget
("we have 80000, plan a search/social split") shares its topic words with one of them — the band whose text names
the question's channels — and often with none of the others; the reader weighs a section by whether its band holds
the budget (:func:`agent.offline.bands.fit`), but it can only weigh what a search returned. So when the passages hold
a section headed by a named band that does not hold the budget and none whose band does, the heading's own words
without its figures are searched once more ("Tier per month"): its siblings share exactly those words.

General rules only: the money band a heading states (:func:`agent.offline.bands.band`), and the heading's words.
"""
from __future__ import annotations

import re

from agent.offline import bands
from agent.offline.numbers import digits
from agent.offline.passages import units

# what states a band in a heading: money and numbers, the words that bound it, a range's dash
_BAND_WORDS = re.compile(r"[$€£]?\s*\d[\d,.]*\s*(?:[kKmM]\b|\+)?|\b(?:" + "|".join(bands.BELOW_WORDS + bands.ABOVE_WORDS) +
                         r"|and up|and above|or more|plus|to|from|between|and)\b|[–—+<>]", re.I)


def _band_headings(outcomes: list) -> list[str]:
    """The headings of the found search passages (Markdown headings in the text, a plain-text section in the
    source), in order, each once."""
    seen: dict[str, None] = {}
    for o in outcomes:
        if o.name == "search_knowledge_base" and o.found:
            for p in o.passages:
                source = p.get("source") or ""
                if "›" in source:  # a plain-text KB's section, named in the passage's source ("file › Section 2 - …")
                    seen.setdefault(source.split("›")[-1].strip(), None)
                for u in units(p.get("text", "")):
                    if u.heading:
                        seen.setdefault(u.heading, None)
    return list(seen)


def query(user_text: str, outcomes: list) -> str | None:
    """The search for the sibling sections of a band that does not hold the stated budget, else None (no budget
    stated, no named band among the passages, a band holding the budget already there, or searched already)."""
    budget = bands.budget_of(user_text)
    if budget is None:
        return None
    others = []
    for h in _band_headings(outcomes):
        b = bands.band(h, named=True)
        if b is None:
            continue
        if bands.fit(budget, h) > 1.0:
            return None  # the budget's own band was found: the reader weighs it
        others.append(h)
    if not others:
        return None
    words = " ".join(w for w in _BAND_WORDS.sub(" ", digits(others[0])).split() if any(ch.isalnum() for ch in w))
    searched = {str(o.input.get("query", "")).lower() for o in outcomes if o.name == "search_knowledge_base"}
    return words if len(words.split()) >= 2 and words.lower() not in searched else None
