"""An amount said as added together with the new total it makes ("the co-op kicked in another 6k a month, so we're at
24k now", "we found an extra $5,000 — $25,000 in all"): the total is the budget; the increment is set aside.

Why: :mod:`~agent.offline.budgetadd` grows the known budget by an amount said as added, but only when the message says
one amount. Said with the total beside it, both amounts were read as budgets and the increment won: "$6,000 ÷ $2.60 …"
after "another 6k … so we're at 24k. redo the lead numbers". English marks the two apart — the increment with a word of
addition (:mod:`~agent.offline.addwords`), the total with what it is now ("at", "to", "is", "now", "in all", "total")
— and the total holds the increment, so it is the larger. Only then is the increment dropped from the message's
numbers; a message with one amount, or two amounts neither of which is said as added, is read as before.
"""
from __future__ import annotations

import re

from agent.offline.addwords import MORE_AFTER, MORE_BEFORE

# the total said as what the budget now is: "so we're at 24k", "brings us to $25k", "is 24k now", "24k total", "in all"
_TOTAL_BEFORE = re.compile(r"\b(?:at|to|is|are|be|of|makes?|making|now|totals?|totalling|totaling|total of)\s+(?:(?:about|around|"
                           r"roughly|~|a|an)\s+)*$", re.I)
_TOTAL_AFTER = re.compile(r"^\s*(?:dollars?|bucks)?\s*(?:a |per |each )?(?:month|week|quarter|year)?\s*(?:now|total|in total|"
                          r"in all|all in|altogether|overall)\b", re.I)


def total_only(text: str, numbers: list) -> list:
    """``numbers`` without the increment, when the message says one amount as added and another, larger one as the
    total it makes; else ``numbers`` unchanged."""
    cash = [n for n in numbers if n.money or n.role == "budget"]
    if len(cash) != 2 or any(n.pct for n in numbers):
        return numbers
    added = [n for n in cash if MORE_BEFORE.search(text[:n.start]) or MORE_AFTER.search(text[n.end:])]
    if len(added) != 1:
        return numbers
    inc, total = added[0], next(n for n in cash if n is not added[0])
    said = _TOTAL_BEFORE.search(text[:total.start]) or _TOTAL_AFTER.search(text[total.end:])
    if not said or total.value <= inc.value:
        return numbers
    return [n for n in numbers if n is not inc]
