"""The user's own return carried to a new spend: "last spring we spent $8,000 and about $31,000 in sales came back"
then, turns later, "spring is $12,000 this year. If we get the same return as last spring what sales should we expect?"

Why a module: the return is no figure of the knowledge base — it is the user's own revenue ÷ their own spend, said in
an earlier message — and the new message names neither of them, only "the same return" and a new spend; the turn was
answered with a passage about objectives. English says it with "same" before a word for a return ("the same return",
"same ROAS", "same results as last time", "do as well as last year") and one amount, the new spend. The earlier
message that said a spend ("we spent", "put in", "budget of") and what it brought ("in sales", "revenue", "brought
in") gives the ratio; the new spend × that ratio is the answer, worked in the open. With no such earlier message, or
two amounts in this one, nothing is worked here.
"""
from __future__ import annotations

import re

from agent.offline.numbers import digits, money, parse_numbers, plain

_SAME = re.compile(r"\bsame\s+(?:kind of\s+|sort of\s+)?(?:return|returns|roas|results?|ratio|multiple|payoff|performance)\b|"
                   r"\b(?:do|does|perform|performs)\s+(?:just\s+)?as\s+well\s+as\s+(?:last|before|then)\b", re.I)
_SALES = r"(?:sales|revenue|in\s+sales|in\s+revenue|worth\s+of\s+(?:sales|orders)|back|in\s+orders|of\s+orders)"
# what the spend brought: "$31,000 in sales", "revenue of $31k", "brought in $31,000", "made $31k"
_BROUGHT_AFTER = re.compile(rf"^\s*(?:dollars\s+)?{_SALES}\b", re.I)
_BROUGHT_BEFORE = re.compile(r"\b(?:brought\s+in|generated|made|returned|sold|drove|revenue\s+(?:of|was|came\s+to)|sales\s+(?:of|were|"
                             r"came\s+to|totall?ed))\s+(?:about\s+|around\s+|roughly\s+|~)?$", re.I)
_SPENT = re.compile(r"\b(?:spent|spend|spending|put\s+in|invested|budget(?:ed)?|paid)\b", re.I)
_NOT_NEW = re.compile(r"\b(?:not|instead\s+of|from|last|was)\s+(?:about\s+)?$", re.I)


def _pair(message: str) -> tuple[float, float] | None:
    """(spend, revenue) an earlier message states: two amounts of money, one said as what the spend brought."""
    t = digits(message)
    cash = [n for n in parse_numbers(t) if n.money and not n.pct]
    if len(cash) != 2 or not _SPENT.search(t):
        return None
    brought = [n for n in cash if _BROUGHT_AFTER.match(t[n.end:]) or _BROUGHT_BEFORE.search(t[:n.start])]
    if len(brought) != 1:
        return None
    spent = next(n for n in cash if n is not brought[0])
    return (spent.value, brought[0].value) if spent.value > 0 else None


def lines(text: str, earlier: list[str]) -> list[str]:
    """The working: the earlier return, then the new spend at it (empty when the message asks no such thing)."""
    t = digits(text)
    if not _SAME.search(t):
        return []
    new = [n for n in parse_numbers(t) if n.money and not n.pct and not _NOT_NEW.search(t[:n.start])]
    if len(new) != 1:
        return []
    pair = next((got for m in reversed(earlier) if (got := _pair(m))), None)
    if pair is None:
        return []
    spend, revenue = pair
    ratio = revenue / spend
    shown = plain(round(ratio, 4))
    value = new[0].value * ratio
    eq = "=" if abs(value - round(value, 2)) < 1e-9 else "≈"
    return [f"- {money(revenue)} ÷ {money(spend)} = {shown} — your earlier return (revenue per dollar of spend)",
            f"- {money(new[0].value)} × {shown} {eq} {money(round(value, 2))} in sales at the same return"]


def amend(text: str, earlier: list[str], answer: str) -> str:
    """``answer`` with the new spend worked at the user's earlier return first, unless it already states it."""
    got = lines(text, earlier)
    if not got or got[-1].split(" in sales")[0].split()[-1] in answer:
        return answer
    return "From your figures:\n" + "\n".join(got) + (f"\n\n{answer}" if answer.strip() else "")
