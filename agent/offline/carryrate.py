"""A rate the user gives, applied to the count the last answer worked out: "and how many sales is that
at a 4% conversion rate?" after "$15,000 ÷ $3 = 5,000 clicks".

Why apart from :mod:`~agent.offline.carrycount` (the same move with a benchmark rate looked up): here the
rate is the user's own, so nothing is looked up and the turn is a planner's formula (count × rate).
The count is read back from the previous answer's working lines (recomputed from their operands);
the message must point back to it ("that", "those", "them", or "8% of the clicks" naming what the working
counted) and hold exactly one figure, a percentage
that no verb of change moves ("cut it 10%" moves a budget, it is no rate).
"""
from __future__ import annotations

import re

from agent.offline import phrasalup
from agent.offline.carrycount import counts, first_unit
from agent.offline.budgetmove import CHANGE_VERB
from agent.offline.numbers import digits, parse_numbers, plain, result

_ASKS = re.compile(r"\bhow many\b(?: (?:more |new |paying )?(?P<unit>[a-z]+))?|\bwhat(?:'s| is| does) (?:that|this|it) "
                   r"(?:in|come to|give)\b|"
                   # "and if 2% of those convert?": the share said to act asks how many do, with no "how many"
                   r"%\s+of\s+(?:those|them|these|the \w+)\s+(?:actually\s+|then\s+)?(?:convert|buy|sign up|book|purchase|"
                   r"enrol\w*|call)\b", re.I)
_BACK = re.compile(r"\b(?:that|those|these|them|it|they)\b", re.I)
_OF_COUNTED = re.compile(r"%\s+of\s+(?:the |our |all )?(?P<unit>[a-z]+)", re.I)


def work(text: str, previous_answer: str) -> tuple[list[str], str] | None:
    """(the working lines, words to search the KB for the rate's definition) or None."""
    from agent.offline.sizeshare import _shares  # "1 in 5 of our leads", "a fifth of them": the share as a percentage
    t = _shares(digits(_shares(text)))
    nums = parse_numbers(t)
    ask = _ASKS.search(t)
    of = _OF_COUNTED.search(t)  # "if 8% of the clicks convert": the clicks worked out before, named
    if len(nums) != 1 or not nums[0].pct or not ask or not previous_answer or not (
            _BACK.search(t) or (of and counts(previous_answer, of.group("unit")))):
        return None
    rate = nums[0]
    if CHANGE_VERB.search(phrasalup.blank(t[max(0, rate.start - 30):rate.end + 20])):  # "show up": no move
        return None
    found = counts(previous_answer, "")
    if not found:
        return None
    from agent.offline.chains import chains  # "3% of those" after "… = 2,500,000 impressions", "× 0.6% = 15,000 clicks":
    later = [(c, how, what) for c, how, what, *_ in chains(previous_answer) if how not in {h for _, h in found}]
    first = first_unit(previous_answer)
    found = later or [(c, how, first) for c, how in found]  # the last step of the funnel worked, whole, not its first line
    unit = ask.group("unit") if ask.group("unit") and ask.group("unit") not in ("is", "would", "will", "do", "of") else \
        "conversions"
    lines = []
    for count, how, what in found:
        s, shown = result(round(count, 6), False)
        shown = plain(round(count, 6)) if s == "=" else shown
        # its working first, always (the figures it rests on: the user's budget and the KB's price, which the rate's
        # line alone leaves to an earlier answer), with what it counts, so a later turn reads the funnel back whole
        lines.append(f"{how} {s} {shown}" + (f" {what}" if what else ""))
        got = count * rate.value / 100  # a few dozen patients: the fraction kept, whole units lose the figure's size
        s2, n = result(got, got >= 100 or abs(got - round(got)) < 1e-9)
        lines.append(f"{shown} × {plain(rate.value)}% {s2} {n} {unit}")
    # the counts came from a range the last answer worked at: its row is what this working rests on, so it is searched
    head = re.search(r"\b[Ww]ith the Typical (.{3,80}?) (?:range|figure) of\b", previous_answer)  # "Counted with …" too
    return lines, (head.group(1) if head else "conversion rate conversions clicks")
