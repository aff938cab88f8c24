"""Passages of the conversation's own business: a document about another vertical is set aside.

Why: a CPG table is no answer for a candle shop, and a SaaS note on ROAS ("first-year contract value ÷ ad spend") is
no reading of a web shop's ROAS. The file name says whose document it is, read with the vocabulary (a channel's name
inside it — "retail media" — is no vertical). The reader's turns and the formula turns (whose rule is quoted above
the working on the user's figures, :mod:`~agent.offline.worked`) both keep only these.
"""
from __future__ import annotations

import re

from mpa.vocabulary import VOCABULARY, match_terms, term_pattern


def kept(passages: list[dict], vertical: str | None) -> list[dict]:
    """``passages`` minus documents about another vertical than ``vertical`` (all of them when none is known, or when
    ``vertical`` is a KB's own label the vocabulary does not read: "Ski Resorts" is no other vertical than the
    "travel" of a "lodging and travel bookings" document — the vocabulary cannot tell whose that document is)."""
    if not vertical:
        return passages
    if vertical not in VOCABULARY["verticals"]:
        mine = set(match_terms(vertical, VOCABULARY["verticals"]))
        if not mine:
            return passages
        vertical = next(iter(sorted(mine)))

    def other(ps: dict) -> bool:
        name = re.sub(r"[-_.]", " ", ps.get("source", "").split("›")[0]).lower()
        for key in match_terms(name, VOCABULARY["topics"]):  # "retail media" is a channel, not retail
            name = term_pattern(tuple(VOCABULARY["topics"][key])).sub(" ", name)
        named = match_terms(name, VOCABULARY["verticals"])
        return bool(named) and vertical not in named
    return [ps for ps in passages if not other(ps)]
