"""A price said as a percentage past an end of the range shown before ("CPI is running 30% above the top of that
range", "clicks are going 10% under the low end"): that end, moved by the percentage — then what the budget buys at
the new price when the message asks the count again ("redo the installs for the 15k").

Why: the percentage moves a figure the user does not repeat; the figure is the end of the KB range the conversation
was shown, which the message names ("the top of that range"). The change rule moved a remembered price of the
user's own, or both ends when no end was named; with "above"/"below" read as no direction at all, the turn was
only looked up again. The end is read where it was shown (cited), moved as the user said, and the count is worked
at the new price — nothing is invented: the range is the KB's, the percentage and the budget the user's.
"""
from __future__ import annotations

import re

from agent.offline import redounit
from agent.offline.memory import moved_line
from agent.offline.numbers import plain

# the percentage is said against the end: "30% above the top", "15 percent under the low end" — or against the whole
# range, which one passes at the end it passes ("15% below the typical range": below its bottom)
_AGAINST_END = re.compile(r"\d(?:\s*%|\s*percent)\s+(?:above|over|higher than|more than|past|beyond|below|under|lower than|"
                          r"less than|cheaper than)\s+(?:the|that|this|its)\s+(?:[a-z]+\s+){0,2}?(?:top|bottom|high|low|"
                          r"upper|lower|cheap|pricey|expensive|end|ceiling|floor|(?P<whole>range|band))\b", re.I)


def base(p, mem, bench: dict, metric: str | None, said, price_of) -> tuple[float, str, str | None] | None:
    """(the end's price, its note, the id of the passage it was read from) when the message's percentage is said
    against an end of a range shown ("30% above the top of that range") and states no price itself, else None.
    ``price_of``: :func:`agent.offline.arith._price` (the ends as the arithmetic reads them everywhere)."""
    against = _AGAINST_END.search(p.norm)
    if said is not None or not p.pct_sign or not against or p.end not in ("high", "low") and not against.group("whole"):
        return None
    ends = price_of(p, mem, bench, metric)  # one end named; else both, the top first (arith._price)
    if len(ends) == 2 and p.end is None:
        ends = [ends[0] if p.pct_sign > 0 else ends[1]]
    return ends[0] if len(ends) == 1 and ends[0][2] else None


def line(price: float, pct: float, p, metric: str | None, end: tuple[float, str, str | None]) -> str:
    """"$5 × (1 + 30%) = $5 × 1.3 = $6.50 — the new CPI, 30% above the top of the Typical range"."""
    where = re.sub(r"^at ", "", end[1])
    return (f"{moved_line(price, pct, p.pct_sign, metric or 'price', p.text)}, {plain(pct)}% "
            f"{'above' if p.pct_sign > 0 else 'below'} {where}")


def recount(text: str) -> bool:
    """Whether the message asks again for the count the budget buys ("redo the installs", "how many now")."""
    return bool(redounit.names_unit(text) or re.search(r"\bhow many\b", text, re.I))
