"""A multiple the user has seen in their own history, applied to a newer figure of theirs: "earlier groups of customers
reach 1.4x their first-quarter value by year end, and this spring's group is at $260 so far", "repeat buyers
usually reach 3 times their first-order value, and this month's first orders average $38".

Why a module: projecting a young figure by the ratio an older one grew by is the KB's own method for immature
cohorts (and a planner's everyday one), but the message states no question word and no operation: only a multiple
of "their … value" and one amount. The amount × the multiple is the projection, labelled as one. A multiple said of
a return (ROAS, "returns 3x") or of a price rise is no such ratio.
"""
from __future__ import annotations

import re

from agent.offline.numbers import digits, money, parse_numbers, plain

_MULTIPLE = re.compile(r"(?<![\d.$])(\d+(?:\.\d+)?)\s*(?:x|times)\s+(?:their|its|the|our|that|a|his|her)\s+"
                       r"(?:[\w-]+\s+){0,3}?(?:value|worth|ltv|revenue|sales|total|number|figure|spend|amount)\b", re.I)
_NOT = re.compile(r"\broas\b|\breturn(?:s|ed)?\b|\bcpms?\b|\bcpcs?\b|\bprice[sd]?\b|\bcost(?:s)?\b", re.I)


def projected(text: str) -> tuple[float, float] | None:
    """(the amount, the multiple) the message projects, else None."""
    t = digits(text)
    m = _MULTIPLE.search(t)
    if not m or _NOT.search(t):
        return None
    cash = [n for n in parse_numbers(t) if n.money and not n.pct and not (m.start() <= n.start < m.end())]
    if len(cash) != 1:
        return None
    return cash[0].value, float(m.group(1))


def amend(text: str, answer: str) -> str:
    """``answer`` with the projection's working after it, unless the answer already states it."""
    got = projected(text)
    if got is None:
        return answer
    amount, k = got
    v = amount * k
    shown = money(round(v, 2))
    if shown in answer:
        return answer
    line = f"- {money(amount)} × {plain(k)} = {shown} — projected by the multiple you gave (a projection, not a result yet)"
    return f"{answer}\n\nWorking:\n{line}" if answer.strip() else f"Working:\n{line}"
