"""The part of a budget a count is asked for, named by where it goes ("$40k a month, 60% on google and 40% on meta —
how many clicks does the google part buy?"): that share of the budget is divided, not the whole.

Why a module: the working divides the budget the message states by the price; when the message splits the budget
by percentages and then asks about one part by its name, dividing the whole overstates the count by the other
parts. English gives the split: "<n>% on/to/for <name>" pairs (or "split 60/40 between <name> and <name>"), and "the <name> part/share/portion/half/slice" picking
one. Only names said in both places are matched (the first word, compared as typed), never a guess.
"""
from __future__ import annotations

import re

from agent.offline.numbers import money, plain

_SPLIT = re.compile(r"(\d+(?:\.\d+)?)\s*%\s+(?:on|to|for|in|into|towards?|goes to|going to)\s+(?:the\s+)?([a-z][a-z\-]*)", re.I)
_PART = re.compile(r"\bthe\s+([a-z][a-z\-]*)\s+(?:part|share|portion|slice|piece|half|chunk|allocation|split|bit|"
                   r"budget|money|spend|side)\b", re.I)


# "split 60/40 between search and social", "a 70/30 split across google and meta": the shares in the order the names are said
_BETWEEN = re.compile(r"\b(\d{1,2}(?:\.\d+)?)\s*%?\s*/\s*(\d{1,2}(?:\.\d+)?)\s*%?\s+(?:split\s+)?(?:between|across|among|over)\s+"
                      r"(?:the\s+)?([a-z][a-z\-]*)\s+and\s+(?:the\s+)?([a-z][a-z\-]*)", re.I)


def part(text: str) -> tuple[float, str] | None:
    """(the share as a fraction, the name) of the budget the question asks about, when the message splits the budget
    by percentages and names one part; None otherwise."""
    asked = _PART.search(text)
    if not asked:
        return None
    name = asked.group(1).lower()
    shares = [(float(m.group(1)), m.group(2).lower()) for m in _SPLIT.finditer(text)] + [
        (float(m.group(k)), m.group(k + 2).lower()) for m in _BETWEEN.finditer(text) for k in (1, 2)
        if abs(float(m.group(1)) + float(m.group(2)) - 100) < 0.51]
    picked = [pct for pct, said in shares if said == name]
    if len(shares) < 2 or len(picked) != 1 or not 0 < picked[0] < 100:
        return None
    return picked[0] / 100.0, name


def applied(text: str, budget: float) -> tuple[float, str] | None:
    """(the part of ``budget`` the question asks about, its working line), or None (see :func:`part`)."""
    got = part(text)
    if not got:
        return None
    share, name = got
    new = round(budget * share, 2)
    return new, f"{money(budget)} × {plain(share * 100)}% = {money(new)} — the {name} share of the budget"
