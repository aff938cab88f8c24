"""Spend to date set against the month's budget: "it's the 10th and we've spent $2,900 — are we on pace?".

Why: a pacing rule is stated as the share of the month's budget to have spent by a day ("by the 10th, between 28%
and 38%"), while the user says an amount on a day; the share is one division the user's own budget (said before or
now) gives, and without it the answer quoted a rule, or a worked example, beside figures it never related. The day
said ("the 10th", "day 12") and the amount spent are the user's; the share is worked, and the rule quoted is the
one that answers how far through the budget a month should be by that day (:attr:`~agent.offline.planmath.Work.
quote`), so the answer shows where the share sits.
"""
from __future__ import annotations

import re

from agent.offline.numbers import digits, money, parse_numbers

_DAY = re.compile(r"\b(?:it'?s|it is|we'?re (?:at|on)|today is|as of|by|on) (?:the )?(?P<d>\d{1,2})(?:st|nd|rd|th)\b|"
                  r"\bday (?P<n>\d{1,2})\b", re.I)
_SPENT = re.compile(r"\b(?:spent|used|burned|gone through|paid out|run through)\b", re.I)
_PACE = re.compile(r"\b(?:on pace|on track|pacing|ahead|behind|over ?spending|under ?spending|too (?:fast|slow))\b", re.I)
SEARCH = "how far through the month's budget spend should be by this day"


def work(text: str, budget: float | None, period: str | None) -> tuple[list[str], str] | None:
    """(the working lines, the question the rule quoted answers) for a pace question with a monthly budget, or None."""
    day = _DAY.search(text)
    if not day or not _SPENT.search(text) or not _PACE.search(text):
        return None
    nums = [n for n in parse_numbers(digits(text)) if n.money and not n.pct]
    if len(nums) != 1 or not budget or (period and period not in ("month", "monthly")) or nums[0].value >= budget:
        return None
    d = int(day.group("d") or day.group("n"))
    spent, share = nums[0].value, nums[0].value / budget * 100
    ordinal = f"{d}{'th' if 10 <= d % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(d % 10, 'th')}"
    return ([f"{money(spent)} ÷ {money(budget)} × 100 = {share:.2f}% of the month's budget spent by the {ordinal}"],
            f"how far through the month's budget should spend be by the {ordinal}?")
