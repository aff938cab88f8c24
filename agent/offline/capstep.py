"""A cap the knowledge base puts on one step of change per period — "raise a campaign's budget by at most 30% per
week", "no daily cap is raised by more than 15% in one day" — applied to the amount the user has now: "we're at $2,000 a
week, so what's the most next week?" is $2,000 × 1.30 = $2,600.

Why: the rule was quoted a turn earlier and the user brings their own amount for it; the reader found no rule in the
words "at $2,000 a week now" and applied another percentage of the same passage (a share of an annual budget), giving
half the budget as "the most". What is read is the quoted rule (a verb of raising or cutting, "at most" / "no more
than" / "more than" N%, per or in one day, week or month), one amount of the user's said for that period or asked for
the next one, and a question of the most (or least) it may be; the result is the most the
next step may reach (raised) or the least it may fall to (cut). Nothing is applied without both.
"""
from __future__ import annotations

import re

from agent.offline.numbers import digits, money, parse_numbers, plain

_CAP = re.compile(r"\b(?P<verb>rais\w*|increas\w*|grow\w*|scal\w*|lift\w*|boost\w*|cut\w*|lower\w*|reduc\w*|decreas\w*|"
                  r"trim\w*)\b[^.]{0,40}?\b(?:by )?(?:at most|no more than|not more than|more than|up to|at the most) "
                  r"(?P<n>\d+(?:\.\d+)?)\s*%\s*(?:per|a|each|every|in one|in a|in any) (?P<unit>day|week|month)\b", re.I)
_DOWN = re.compile(r"^(?:cut|lower|reduc|decreas|trim)", re.I)
_ASKS = re.compile(r"\b(?:most|highest|max(?:imum)?|how (?:much|high|far)|least|lowest|min(?:imum)?)\b", re.I)
_NEXT = {"day": r"tomorrow|next day|a day|per day|daily|/\s*day", "week": r"next week|a week|per week|weekly|/\s*w(?:ee)?k",
         "month": r"next month|a month|per month|monthly|/\s*mo(?:nth)?"}


def applied(text: str, quoted: str) -> list[str]:
    """The working of the quoted cap on the user's one amount ("$2,000 × 1.3 = $2,600 …"), or []."""
    m = _CAP.search(quoted or "")
    nums = parse_numbers(t := digits(text))
    amounts = [n for n in nums if not n.pct and n.value >= 10]
    if not m or len(amounts) != 1 or any(n.pct for n in nums):
        return []
    v, r, unit = amounts[0].value, float(m.group("n")), m.group("unit").lower()
    if not _ASKS.search(t) or not re.search(rf"\b(?:{_NEXT[unit]})\b", t, re.I):
        return []  # the step's limit asked, of an amount said for the rule's own period ("$2,000 a week"; "next week")
    down = bool(_DOWN.match(m.group("verb")))
    k = 1 - r / 100 if down else 1 + r / 100
    return [f"{money(v)} × {plain(k) if not float(k).is_integer() else int(k)} = {money(round(v * k, 2))} — the "
            f"{'least' if down else 'most'} for the next {unit} at {plain(r)}% a {unit}"]
