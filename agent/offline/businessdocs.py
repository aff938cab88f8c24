"""Passages of the conversation's own business: a document about another vertical is set aside.

Why: a CPG table is no answer for a candle shop, and a SaaS note on ROAS ("first-year contract value ÷ ad spend") is
no reading of a web shop's ROAS. The file name says whose document it is, read with the vocabulary (a channel's name
inside it — "retail media" — is no vertical). The reader's turns and the formula turns (whose rule is quoted above
the working on the user's figures, :mod:`~agent.offline.worked`) both keep only these.
"""
from __future__ import annotations

import re

from agent.offline.passages import terms
from mpa.vocabulary import VOCABULARY, match_terms, term_pattern


def kept(passages: list[dict], vertical: str | None) -> list[dict]:
    """``passages`` minus documents about another vertical than ``vertical`` (all of them when none is known) — but a
    passage that names the business by the KB's own label stays: "Ski Resorts" is no vocabulary vertical, and a
    "lodging and travel bookings" passage saying "a ski resort 60 to 110 days ahead" is about it."""
    if not vertical:
        return passages
    own = set(terms(vertical)) if vertical not in VOCABULARY["verticals"] else set()

    def other(ps: dict) -> bool:
        name = re.sub(r"[-_.]", " ", ps.get("source", "").split("›")[0]).lower()
        for key in match_terms(name, VOCABULARY["topics"]):  # "retail media" is a channel, not retail
            name = term_pattern(tuple(VOCABULARY["topics"][key])).sub(" ", name)
        named = match_terms(name, VOCABULARY["verticals"])
        return bool(named) and vertical not in named
    return [ps for ps in passages if not other(ps) or (own and own <= set(terms(ps.get("text", ""))))]
