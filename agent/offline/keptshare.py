"""A contribution margin said as what the business keeps: "we keep about 38% of each order", "roughly 40% of every
sale is ours after costs", "we clear 35% on an order", "we net 30% per box".

Why a module: the break-even ROAS (1 ÷ contribution margin) and the most a sale may cost were worked only when the
user said the word "margin". Owners more often say what they keep of a sale after shipping, fees and goods; that
share of each sale (or of revenue) kept is the contribution margin the KB's formula takes. A share said of a budget,
a rate or a change ("38% of our budget", "conversion is 3%", "up 20%") is never read as one.
"""
from __future__ import annotations

import re

from agent.offline.numbers import Num

_SALE = r"(?:each|every|an?|one|per|the|our|a single)\s+(?:[a-z]+\s+)?(?:order|sale|box|unit|item|purchase|product|bottle|jar|bag|ticket|booking|deal)s?\b|revenue\b|sales\b"
_KEEP_BEFORE = re.compile(r"\b(?:keep|kept|keeping|clear|clears|cleared|net|nets|netting|pocket|pockets|make|makes|take home|"
                          r"hold onto|hold on to|hang onto|hang on to|(?:are|'re|am|'m) left with)\s+"
                          r"(?:about|around|roughly|like|maybe|only|just|close to|nearly|almost|~)?\s*$", re.I)
_OF_SALE = re.compile(r"\s*(?:of|on|from|per|out of)\s+(?:" + _SALE + ")", re.I)
_IS_OURS = re.compile(r"\s*(?:of\s+(?:" + _SALE + r")\s*)?(?:is|are|stays?|ends? up)\s+(?:ours|profit|left over|what we keep)\b", re.I)
_LOSE = re.compile(r"\b(?:doesn'?t|does not|didn'?t|isn'?t|wouldn'?t|won'?t|doesnt|dont|don'?t)\s+(?:los(?:e|ing)|burn(?:ing)?)\s+(?:any\s+)?money\b|"
                   r"\b(?:at|in) a loss\b|\blos(?:e|ing) money\b", re.I)


def kept(text: str, nums: list[Num]) -> Num | None:
    """The one percentage of ``text`` said as what the business keeps of a sale, else None."""
    got = []
    for n in nums:
        if not n.pct:
            continue
        before, after = text[max(0, n.start - 40):n.start], text[n.end:n.end + 60]
        if (_KEEP_BEFORE.search(before) and (_OF_SALE.match(after) or re.match(r"\s*(?:after|once|when|profit|margin)\b", after, re.I))) \
                or _IS_OURS.match(after):
            got.append(n)
    return got[0] if len(got) == 1 else None


def loses_money(text: str) -> bool:
    """Whether the message asks about not losing money on a sale ("so the first order doesn't lose money")."""
    return bool(_LOSE.search(text))


# the least return the business can take, asked without "break-even": "the lowest return on ads i can live with",
# "what's the minimum ROAS we need to not go under", "how low can our return on ad spend go"
_FLOOR = re.compile(r"\b(?:lowest|minimum|min|least|smallest|bare minimum)\b[^.?!]{0,25}\b(?:return|roas)\b[^.?!]{0,40}?"
                    r"\b(?:live with|survive|accept|tolerate|afford|get away with|need|cover|stay afloat|not go under|ok)\b|"
                    r"\bhow low can (?:the |our |my )?(?:return|roas)\b", re.I)


def floor_asked(text: str) -> bool:
    """Whether the message asks the least return on ad spend the business can take (the break-even ROAS)."""
    return bool(_FLOOR.search(text))
