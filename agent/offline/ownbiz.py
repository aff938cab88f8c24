"""The user's own business, not the one they just compared themselves with: "what's *our* CAC supposed to be?" after
"how does that CPM compare to retail?" asks the kombucha brewer's own (CPG) figure, not retail's.

Why: the conversation's business slot (:class:`agent.offline.memory.Memory`) is overwritten by the latest turn that
names a business, and a comparison names one too — so a question about the user's own plan right after it was
looked up for the business compared with (a retail CAC for a drinks brand the knowledge base has no CAC for). English
marks the difference: a business named after a comparing word ("compare to", "vs", "versus", "than", "against",
"relative to", "next to") is the other side of a comparison, not a new subject; the user's own words ("our", "my",
"we", "us") in a message naming no business point at the business the talk was about before that comparison.
"""
from __future__ import annotations

import re

from agent.offline.memory import Memory
from agent.offline.parse import Parsed

_COMPARED = re.compile(r"\bcompar\w*\b[^?.!]{0,30}?\b(?:to|with|against)\b|\bvs\.?\s|\bversus\b|\bthan\b|\bagainst\b|"
                       r"\brelative to\b|\bnext to\b|\bstack(?:s|ed)? up\b", re.I)
_OWN = re.compile(r"\b(?:our|my|we|us|i)\b|\b(?:we|i)(?:'re|’re|'ve|’ve|'d|’d|'ll|’ll)", re.I)


def kept(p: Parsed, mem: Memory, said: list[str]) -> str | None:
    """The business before the last turn's comparison, when this message speaks of the user's own and names no
    business (``said``: the earlier user messages, oldest first, one per :attr:`Memory.topics` entry); else None."""
    if p.vertical or p.industry_phrase or p.business_phrase or not _OWN.search(p.text) or len(said) != len(mem.topics):
        return None
    slots = [(v, b) for _, v, b in mem.topics]
    for i in range(len(slots) - 1, 0, -1):
        if slots[i] == slots[i - 1]:
            continue
        if _COMPARED.search(said[i]) and slots[i][0] and slots[i] == (mem.vertical, mem.business):
            return slots[i - 1][0] or slots[i - 1][1]
        return None
    return None


def owned(p: Parsed, mem: Memory, said: list[str]) -> Parsed:
    """``p`` with the user's own vertical as its business when :func:`kept` finds one (a vertical, not a phrase of the
    user's), so the answer reads that business's passages and notes no gap for the one compared with."""
    if (v := kept(p, mem, said)) and v == next((t[1] for t in reversed(mem.topics) if t[1] == v), None):
        p.vertical, p.verticals = v, [v]
    return p
