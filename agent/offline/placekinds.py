"""The question as the passages would write its places: a short form as the name it shortens ("Philly" →
"Philadelphia", :mod:`~agent.offline.nameforms`), and a place the passages do not write, beside another place of
the question they do write, as its kind — "state" for a state, "DMA" for a DMA.

Why: a question relating places ("can I take the Pennsylvania number and shrink it to the Philadelphia DMA?") asks
for the rule that relates them, and a KB states such a rule with one worked place, not with every place a reader may
bring ("… it does not scale that DMA from any single state's audience … Philadelphia typically fails"). The reader
declined it twice over: a name the passages never write (Pennsylvania) and too few shared words. Read as the rule
is written ("the state number … the Philadelphia DMA"), it shares the rule's words. A question naming one place the
passages never write ("the CPM in Brazil") is left as typed: its place stays missing.
"""
from __future__ import annotations

import re

from agent.offline.nameforms import long_name
from agent.offline.places import geographies
from mpa.audience_lookups import US_STATE_CODES

_STATES = {s.lower() for s in US_STATE_CODES.values()}


def _bare(place: str) -> str:
    return re.sub(r"\s+dma$", "", place, flags=re.I)


def unwritten(question: str, text: str) -> list[str]:
    """The places of ``question`` that ``text`` does not write, when it writes another of them (else none)."""
    places = [p for _, p in geographies(question)]
    if len(places) < 2:  # (the passages' text, lowered only for a question naming two places or more)
        return []
    low = text.lower()
    written = [p for p in places if _bare(p).lower() in low]
    return [p for p in places if p not in written] if written else []


def written(question: str, text: str) -> str:
    """``question`` with its short names and its unwritten related places as ``text`` would write them."""
    out, low = question, None
    for w in dict.fromkeys(re.findall(r"\b[A-Z][a-z]+\b", question)):
        low = text.lower() if low is None else low  # once, not per capitalised word
        if w.lower() not in low and (full := long_name(w, text)):
            out = re.sub(rf"\b{w}\b", full, out)
    for place in unwritten(out, text):
        kind = "state" if place.lower() in _STATES else "DMA" if place.upper().endswith(" DMA") else ""
        if kind:
            out = re.sub(rf"\b{re.escape(_bare(place))}(?:\s+DMA)?\b", kind, out, flags=re.I)
    return out
