"""Several sized audiences fit the words asked: the one that says no more than them, else none.

Why: a plain word like "households" shares its head with every label that counts households — "Households with
a dog", "Renter households", "DMA Households - 2025 Estimates" — and the look-up took whichever came first in the
KB: the national "homes" were answered with 65.1M dog-owning households. The label that adds nothing to the words
asked but the kind of place it is sized by ("DMA", "Region", a country) and its caption's tail ("- 2025
Estimates") is the count of exactly what was asked; when no label, or more than one, is that bare, the look-up
says which it sizes and asks, rather than answer for a neighbour.
"""
from __future__ import annotations

import re
from typing import Iterable

from mpa.fact_text import COUNTRIES
from rag.analyzer import get_analyzer

# the kinds of place a count is made by: words a label adds that say where, not who
_PLACE_KINDS = {"dma", "dmas", "region", "regions", "regional", "metro", "market", "markets", "state", "states",
                "province", "provinces", "county", "counties", "national", "country", "city", "cities", "area",
                "territory", "territories", "land", "länder", "lander",  # a German state is a "Land"
                # a part of the world a label's countries lie in ("NORDIC HOUSEHOLDS BY COUNTRY")
                "nordic", "nordics", "scandinavian", "baltic", "european", "asian", "african", "latin", "caribbean",
                "pacific", "benelux", "dach", "gulf", "mena",
                # a statistics office's word for every household but those in institutions ("SWISS PRIVATE HOUSEHOLDS")
                "private"}
# a country's adjective its name does not start with ("Swiss Private Households By Canton", "Dutch households")
_IRREGULAR_ADJECTIVES = {"swiss", "dutch", "french", "danish", "welsh", "greek", "thai", "filipino", "kiwi", "czech",
                         "slovak", "hungarian", "norwegian", "british", "emirati"}


def _of_country(word: str) -> bool:
    """A country's adjective ("German", "Australian", "Canadian", "Polish", "Korean"): the country's name (or its
    last word: "South Korea") starts with the word less its ending (three letters at most, four kept), or less a
    demonym's ending ("-ish", "-ese", "-an": "Pol-ish" of Poland, "Kore-an" of South Korea)."""
    if word in _IRREGULAR_ADJECTIVES:
        return True
    if len(word) < 5:
        return False
    names = {c.split()[-1] for c in COUNTRIES}
    demonym = re.sub(r"(?:ish|ese|ian|an|i)$", "", word)
    return any(c.startswith(word[:max(4, len(word) - 3)]) for c in names) or (
        len(demonym) >= 3 and demonym != word and any(c.startswith(demonym) for c in names))
_STEMS = get_analyzer(True, True)
# a country named in several words ("New Zealand", "South Africa"): its words one by one are no place ("new")
_MANY_WORDED = re.compile(r"(?<![a-z])(?:" + "|".join(sorted((re.escape(c) for c in COUNTRIES if " " in c), key=len, reverse=True))
                          + r")(?![a-z])", re.I)


def bare(query: str, labels: Iterable[str]) -> list[str]:
    """The labels whose words, less their caption's dash tail and "by …" clause, years, place kinds and countries
    (or their adjectives), are all words of
    ``query`` (by stem)."""
    said = set(_STEMS(query or ""))
    out = []
    for label in labels:
        head = re.split(r"\s+[-–—]\s+", str(label))[0]
        head = re.split(r"\s+by\s+", head, flags=re.I)[0]  # "… By Voivodeship": how the count is split, not who
        head = _MANY_WORDED.sub(" ", head)  # "New Zealand Population": a country of several words says where
        words = [w for w in re.findall(r"[a-zä]+", head.lower())
                 if w not in _PLACE_KINDS and w not in COUNTRIES and not _of_country(w)]
        if words and set(_STEMS(" ".join(words))) <= said:
            out.append(label)
    return out
