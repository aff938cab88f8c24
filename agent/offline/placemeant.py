"""Whether a phrase read as the user's business is a place, by what it means: "roofing lead cost in lisbon".

Why: a business is often said after "in" ("what does a lead cost in dentistry?"), and so is a market ("… in
lisbon"). The readers know a place by the vocabulary's states and DMAs, the KB's own markets, a world country
(:mod:`~agent.offline.worldplaces`) or a capital letter; a city none of them holds, typed in lower case, was read
as the business and looked up as a vertical ("no benchmark for the vertical 'lisbon'"), while the business the
message did name ("roofing") was lost. A place is never the business. As :mod:`~agent.offline.placename` does for
platforms, the sentence encoder tells the two apart: a city sits near the places the vocabulary and the KB name
and further from every business the vocabulary and the KB name; a trade ("ski lodges", "real estate") does not.
Only a clear call counts (a floor and a margin); with the encoder off only the lists decide, as before.

The same call reads such a city as the market asked (:func:`lower_case`): "roofing lead cost in lisbon" asks
about Lisbon, so the answer can say the KB has no figure for it rather than quote the figure as if it were Lisbon's.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline import kblabels, kbmarkets, nearmax, semantic, servedkb
from mpa.vocabulary import VOCABULARY

FLOOR = 0.44   # the phrase must be this close to some place the vocabulary or the KB names …
MARGIN = 0.03  # … and closer to it, by this much, than to any business the vocabulary or the KB names
_MAX_WORDS = 3  # a place's name is short; a longer phrase says more than where
# one or two lower-case words after a preposition of place, ending the clause: "… in lisbon?", "across new england"
# — a name, never a phrase a determiner opens ("in our world", "in that metro": pointing, not naming)
_DET = r"(?!(?:our|my|your|their|that|this|these|those|its|his|her|the|any|each|every|some|which|what|whose)\b)"
_AFTER_IN = re.compile(r"\b(?:in|across|around|throughout)\s+(" + _DET + r"[a-z]{3,}(?: [a-z]{3,})?)(?=\s*(?:[?.!,;:)]|$))")


def is_place(phrase: str) -> bool:
    """Is ``phrase`` (read as a business) a place's name rather than a kind of business (see the module doc)?"""
    if not phrase or len(phrase.split()) > _MAX_WORDS:
        return False
    return _is_place(phrase, kblabels.labels(), servedkb.folder(), semantic.switched_off())


@lru_cache(maxsize=2048)
def _is_place(phrase: str, labels: tuple[str, ...], folder: str | None, off: bool) -> bool:
    """:func:`is_place` once per phrase and KB: the business reader asks it of the same phrase for each reading of a
    message (its question sentence, the whole message, later readers), and each call compares the phrase with every
    business name. Its inputs are the phrase, the businesses (the vocabulary's, fixed, and the KB's own ``labels``),
    the places (the vocabulary's and the markets of the served KB's ``folder``) and whether the encoder is off."""
    businesses = _businesses(labels)
    # placename.nearer_place(phrase, businesses, FLOOR, MARGIN), its greatest similarities found by nearmax
    near_place = nearmax.highest(phrase, [*VOCABULARY["geographies"], *kbmarkets.markets(folder)])
    near_business = nearmax.highest(phrase, businesses)
    if near_place is None or near_business is None:
        return False
    return near_place >= FLOOR and near_place - near_business >= MARGIN


@lru_cache(maxsize=8)
def _businesses(labels: tuple[str, ...]) -> list[str]:
    """Every business the vocabulary (fixed) and the KB (its ``labels``) name: read-only to the caller."""
    return [n for group in ("verticals", "uncovered_verticals") for k, syns in VOCABULARY[group].items()
            for n in (k, *syns)] + list(labels)


def lower_case(text: str, found: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """(position, Name) of each lower-case name after a preposition of place, ending its clause, that no list
    read (``found``) and that :func:`is_place` calls a place: "in lisbon" → "Lisbon"."""
    return [(m.start(1), m.group(1).title()) for m in _AFTER_IN.finditer(text)
            if not any(m.start(1) <= p < m.end(1) for p, _ in found) and is_place(m.group(1))]
