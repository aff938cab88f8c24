""""Would that be a good deal for us?" after the conversation worked out what a budget buys: whether it
pays depends on what one result is worth to the user, a figure only they have.

Why: a benchmark says whether a cost is typical, not whether it is good *for this business*; that
needs the user's value per customer (gross profit or lifetime value), which the agent must ask for
rather than assume. Read is English (a judgement word, a pronoun pointing back, the user speaking of
themselves, nothing new named) and the conversation's slots (a budget said, no value said).
"""
from __future__ import annotations

import re

from agent.offline.memory import Memory
from agent.offline.parse import EVALUATE, Parsed

_JUDGED = re.compile(r"\bworth (?:it|the money|doing)\b|\bpay (?:off|for itself)\b|\bprofitable\b|\bgood (?:deal|value)\b",
                     re.I)
_BACK = re.compile(r"\b(?:that|this|those|these)\b", re.I)  # "worth it" has its own "it"
_OURS = re.compile(r"\b(?:us|our|we|me|my|i)\b", re.I)


def need(p: Parsed, mem: Memory) -> str | None:
    """The value to ask for before judging a worked-out result as good for the user, or None."""
    if not (EVALUATE.search(p.text) or _JUDGED.search(p.text)) or not _BACK.search(p.text) or not _OURS.search(p.text):
        return None
    if p.metrics or p.metric_phrases or p.numbers or p.audiences or p.vertical or p.calc:
        return None
    if "budget" not in mem.facts or mem.facts.get("LTV") or mem.facts.get("price"):
        return None
    return "gross profit per customer (what one conversion is worth to you)"
