"""The "it" a user divides after stating an amount: "I have $10k a month for the restaurant — how should I
split it?" asks how to split the budget.

Why: the search and the reader match words. "How should I split it?" shares one word with "split the budget
70/20/10 …", so the passage that answers ranks below the restaurant's cost table and the agent declined,
although the same question with "our budget" is answered. When a message states an amount of money and a
verb of dividing or spending takes "it" (or "that", "this": "how would you carve that up?") as its object, it is
that amount: the budget. Nothing else is
rewritten ("the CPC is $3 — is it high?" keeps its "it").
"""
from __future__ import annotations

import re

from mpa.tables import CURRENCY

_AMOUNT = re.compile(CURRENCY + r"\s?\d|\b\d[\d,.]*\s?(?:k|m|grand|thousand|million)\b|\b\d[\d,.]*\s?(?:dollars|usd|bucks)\b",
                     re.I)
_DIVIDE_IT = re.compile(r"\b(split|divide|allocate|allot|apportion|spread|distribute|carve up|spend|invest)\s+(?:it|that|this)\b", re.I)


# the particle verbs of dividing, "it" between verb and particle: "carve it up", "divvy it up", "break it down"
_DIVIDE_IT_UP = re.compile(r"\b(?:carve|divvy|slice|chop|break|parcel|dole|split|divide|cut)\s+(?:it|that|this)\s+(?:up|out|down)\b", re.I)


def budget_it(text: str) -> str:
    """``text`` with "split it" (or "carve it up") read as "split the budget" when it states an amount of money."""
    if not _AMOUNT.search(text):
        return text
    return _DIVIDE_IT.sub(lambda m: f"{m.group(1)} the budget", _DIVIDE_IT_UP.sub("split the budget", text))
