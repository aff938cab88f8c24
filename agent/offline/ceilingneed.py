""""What's the most we should pay for one?" with nothing said of what one is worth: ask what it earns the user.

Why: the most a business should pay for a booked night, an estimate or a sale is a ceiling of its own — what one
such action earns it (its margin, or what a customer is worth) times the share it will give to media — not a
benchmark: a benchmark says what others pay, and the KB states the ceiling as a formula of the user's figures
("Max cost per action = margin per action × margin share for media"). Answered from the KB alone, the question got
the benchmark's range, a figure nobody asked for. A question asking the most one should (or can afford to, or would
be willing to) pay or spend per action, when the conversation has given no margin, value or price and the message
no figure, asks for that figure first. Asking what others pay ("what do they usually pay?") or a figure the KB caps
itself ("the most one site may take of the budget") is another question.
"""
from __future__ import annotations

import re

from agent.offline.memory import Memory
from agent.offline.parse import Parsed

_CEILING = re.compile(
    r"\b(?:what(?:'s|s| is)?|how much is) the (?:most|max(?:imum)?|highest|top) (?:price )?(?:we|i) (?:should|could|can|ought to)"
    r"(?: (?:afford to|be willing to|be prepared to))? (?:be )?(?:pay|paying|spend|spending|bid|bidding)\b|"
    r"\bhow much (?:should|could|can|would) (?:we|i) (?:be )?(?:willing|prepared|able) to (?:pay|spend|bid)\b|"
    r"\bhow much can (?:we|i) afford to (?:pay|spend|bid)\b", re.I)
_PER = re.compile(r"\b(?:per|for (?:a|an|one|each)|to (?:book|get|win|land|sign|sell)|on (?:a|an|one|each))\b", re.I)
_WORTH = ("LTV", "price", "margin", "profit")


def asks(text: str) -> bool:
    """Does the message ask the most one should pay (or can afford to) per action (module doc)?"""
    return bool(_CEILING.search(text) and _PER.search(text))


def need(p: Parsed, mem: Memory) -> str | None:
    """What to ask for before a ceiling on the cost of one action can be worked out, else None."""
    if not asks(p.text) or p.numbers or p.calc:
        return None
    if any(mem.facts.get(k) for k in _WORTH):
        return None
    return "gross margin on one of those, in dollars (what one is worth to you)"
