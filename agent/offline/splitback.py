"""A split said a turn before, in dollars of the user's budget now: "the owner wants 60/30/10" then "and in dollars for
the quarter?"; "ok redo the $48k that way then" after an answer that quoted a 50/30/20 split; "they cut us to 9k a
month, redo the dollars" after the split was worked.

Why: :func:`agent.offline.planmath.split` works a split only when the message itself states both the shares and an
amount. Later turns leave one of them to the conversation: the shares to the last question or the last answer (its
"N/N/N" or the "× N%" lines of its working), the amount to the budget remembered — and that budget said for another
period than the one asked ("20k a month" for "our quarter" is 20k × 3, shown first). Each share's line is cited where
the passage quoted states every share (:mod:`agent.offline.sharecite`), else written as the user's own arithmetic. What is read is English (a question of dollars, redoing, splitting, "that way") and
the conversation's own figures; nothing is looked up or invented, and with no shares or no amount nothing is worked.
"""
from __future__ import annotations

import re

from agent.offline import periods, planmath
from agent.offline.numbers import digits, money, parse_numbers, plain

_SPLIT = re.compile(r"(?<![\d.$])(\d{1,2}(?:\.\d+)?)%?((?:\s*/\s*\d{1,2}(?:\.\d+)?%?){1,4})(?!\d|\.\d|\s*/)")
_LINE_SHARE = re.compile(r"×\s*(\d{1,2}(?:\.\d+)?)\s*(?:%|÷\s*100)\s*=")  # "× 70% =", or the user's own "× 70 ÷ 100 ="
# a split of an audience or a test's groups ("a 90/10 holdout split"), not of a budget
_NOT_BUDGET = re.compile(r"\b(?:holdouts?|tests?|control|sample|audiences?|groups?|cells?|treatment|variance|odds|probability)\b", re.I)
# money asked of the split, or the split redone: "in dollars", "redo the $36k that way", "run it again on 9k" ("does
# that change the split?" asks the rule, not dollars)
_ASKS = re.compile(r"\b(?:dollars?|in money|in cash|redo|re-?run|re-?do|(?:do|run|work) (?:it|that|this) again|that way|same way|"
                   r"each (?:bucket|piece|slice|part)|how much (?:goes|is|would go|does that put) (?:in|into|to))\b", re.I)

_PERIOD = re.compile(r"\b(?:for|in|over|of|across)\s+(?:the|our|my|this|a|that|each)\s+(?:whole\s+|full\s+)?(year|quarter|month)\b", re.I)


def shares_of(text: str) -> list[float]:
    """The shares a text states, in percent, summing to 100: "70/20/10", or the "× N%" lines of a split worked."""
    got = [float(x) for x in _LINE_SHARE.findall(text or "")]  # a working's lines first: the split last worked
    if len(got) >= 2 and abs(sum(got) - 100) < 0.51:
        return got
    t = digits(text or "")
    for m in _SPLIT.finditer(t):
        got = [float(x) for x in re.findall(r"\d+(?:\.\d+)?", m.group(0))]
        if len(got) >= 2 and abs(sum(got) - 100) < 0.51 and not _NOT_BUDGET.search(t[max(0, m.start() - 60):m.end() + 60]):
            return got
    return []


def _asked_period(text: str) -> str | None:
    m = _PERIOD.search(text)
    return periods.norm(m.group(1)) if m else None


def work(text: str, asked_before: str, answered: str, budget: float | None, period: str | None) -> tuple[list[str], list[float]]:
    """(the split's lines in dollars, its shares), or ([], []) (module doc). ``asked_before``/``answered``: the last
    question and answer; ``budget``/``period``: the budget remembered and the period it was said for."""
    t = digits(text)
    own = shares_of(t)
    if not _ASKS.search(t):
        return [], []  # no dollars, redoing or splitting asked: none here
    back = re.search(r"\b(?:that|same|this) (?:way|split)\b|\bredo\b|\bagain\b", t, re.I)
    shares = own or (shares_of(answered) if back else []) or shares_of(asked_before) or shares_of(answered)
    nums = parse_numbers(t)
    amounts = [n for n in nums if not n.pct and (n.money or n.value >= 1000)]
    if not shares or len(amounts) > 1 or not own and any(n.pct for n in nums):  # "make ctv 10%": a new split (ownresults)
        return [], []
    if amounts:
        total, said = amounts[0].value, periods.of_budget(t, amounts[0]) or period
    elif budget:
        total, said = budget, period
    else:
        return [], []
    want = _asked_period(t) or (None if own else _asked_period(asked_before))  # a redo: the period the split was asked for
    k = periods.MONTHS[want] / periods.MONTHS[said] if want and said and want != said else 1.0
    if k < 1 or own and k == 1:
        return [], []  # a quarter's budget asked per month is pacing; a split stated of the budget as said is planmath's
    whole = round(total * k, 2)
    head = [f"{money(total)} × {plain(k)} = {money(whole)} — the {want}'s budget ({money(total)} a {said})"] if k != 1 else []
    return head + [f"{money(whole)} × {plain(s)}% = {money(round(whole * s / 100, 2))}" for s in shares], shares


def formula(text: str, asked_before: str, answered: str, budget: float | None, period: str | None) -> planmath.Work | None:
    """:func:`work` as the planner's formula the turn asks (its own arithmetic, no passage claimed), or None."""
    lines, shares = work(text, asked_before, answered, budget, period)
    return planmath.Work(lines, "/".join(plain(s) for s in shares) + " split budget", shares=tuple(shares)) if lines else None
