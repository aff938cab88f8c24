"""A count asked over a stretch of several periods: the budget for the whole stretch, before it is divided.

Why: budgets are said per week, month, quarter or year, and results are often asked over a stretch of several
("how many installs over 13 weeks?", "leads across the next six months?", "and over 8 weeks?" after a weekly
working). :mod:`agent.offline.periods` spreads a budget over *one* period ("a month", "a whole year"); a stretch of
N periods is the budget for one period times N in that period's units — "$3,000 × 13 = $39,000 over 13 weeks" for a
weekly budget, "× 3" for 13 weeks of a monthly one. The reverse is said too: an amount "spread over 10 months" with a
count asked each month is the amount ÷ 10. English period words and number words only; an even spread is the
assumption, said in the working line.
"""
from __future__ import annotations

import re

from agent.offline import periods
from agent.offline.numbers import Num, money, plain

# months in each period (52 weeks to the year)
MONTHS = {"week": 12 / 52, "month": 1.0, "quarter": 3.0, "year": 12.0}
_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11,
          "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "eighteen": 18, "twenty": 20,
          "twenty-four": 24, "thirty": 30, "fifty-two": 52}
_N = r"(\d{1,3}|" + "|".join(sorted(_WORDS, key=len, reverse=True)) + r")"
STRETCH = re.compile(r"\b(spread(?:ing)?(?: (?:it|that|this|evenly|out))? )?(?:over|across|during|within|for|in|throughout|"
                     r"spread over)\s+(?:the\s+(?:next|first|coming|following|same)\s+|a\s+)?" + _N + r"\s+"
                     r"(week|month|quarter|year)s\b", re.I)
_WEEKLY = re.compile(r"^\s*(?:dollars?|bucks|usd)?\s*(?:a|per|each|every|/)\s*(?:week|wk)\b|^\s*weekly\b", re.I)


def stretch(text: str) -> tuple[int, str, bool, str] | None:
    """(how many periods, the period, whether the amount is spread over them, the words said) of the one stretch the
    message names, or None (none, or more than one)."""
    found = list(STRETCH.finditer(text))
    if len(found) != 1:
        return None
    m = found[0]
    n = int(m.group(2)) if m.group(2).isdigit() else _WORDS[m.group(2).lower()]
    spread = bool(m.group(1)) or m.group(0).lower().startswith("spread")
    return (n, m.group(3).lower(), spread, m.group(0).strip()) if n > 1 else None


def weekly(text: str, n: Num | None) -> bool:
    """Is the amount ``n`` said per week ("$3k a week", "2,000/wk")?"""
    return n is not None and bool(_WEEKLY.match(text[n.end:n.end + 20]))


def total(text: str, budget: float, have: str | None, asked: str | None) -> tuple[float, str] | None:
    """(the budget for the stretch the message names, its working line), or None when it names none or the budget's
    period (``have``) is not known. ``asked``: the period a count is asked per; an amount "spread over" N of those
    periods gives each its share instead."""
    s = stretch(text)
    if s is None:
        return None
    n, period, spread, _ = s
    if spread and asked == period:  # "spread over 10 months, inquiries each month?": the amount ÷ 10
        new = round(budget / n, 2)
        return new, f"{money(budget)} ÷ {n} {'=' if abs(budget / n - new) < 1e-9 else '≈'} {money(new)} a {period} " \
                    f"(spread evenly over {n} {period}s)"
    if spread or have not in MONTHS:
        return None
    k = n * MONTHS[period] / MONTHS[have]
    new = round(budget * k, 2)
    k_shown = plain(round(k, 2))
    return new, f"{money(budget)} × {k_shown} {'=' if abs(budget * k - new) < 1e-9 and float(k_shown) == k else '≈'} " \
                f"{money(new)} over {n} {period}s (a {have}'s budget, {plain(round(k, 2))} times)"


def applied(p, mem, budget: float) -> tuple[float, str] | None:
    """:func:`total` for a parsed message ``p`` and the conversation's memory ``mem`` (the budget's period: said with
    the amount, else the one remembered)."""
    said = next((n for n in p.numbers if n.role == "budget"), None)
    have = (periods.of_budget(p.norm, said) if said else None) or ("week" if weekly(p.norm, said) else None) or (
        mem.budget_period if said is None or said.value == mem.facts.get("budget") else None)
    return total(p.norm, budget, have, periods.asked(p.norm, p.unit))


# the period a count is wanted per: "300 leads a month", "40 new customers every week"
_COUNT_PER = re.compile(r"^\s*(?:[a-z][a-z\-]*\s+){0,3}?(?:a|per|each|every|/)\s*(week|month|quarter|year|wk|mo|yr)\b", re.I)


def count_over(p, count: float) -> tuple[float, str] | None:
    """(the count over the whole span the message asks, its working line) for a target said per period ("300 leads a
    month for a whole year — the total budget?": 300 × 12), or None when the count has no period or no longer span
    is asked."""
    said = next((n for n in p.numbers if n.role == "count"), None)
    m = _COUNT_PER.match(p.norm[said.end:said.end + 40]) if said is not None else None
    if m is None:
        return None
    per = {"wk": "week", "mo": "month", "yr": "year"}.get(m.group(1).lower(), m.group(1).lower())
    s = stretch(p.norm)
    spans_said = {x.group(1).lower() for x in periods.SPAN.finditer(p.norm)}
    n, over = (s[0], s[1]) if s and not s[2] else (1, spans_said.pop()) if len(spans_said) == 1 else (0, "")
    if not n or over not in MONTHS or MONTHS[over] * n <= MONTHS[per]:
        return None
    k = round(n * MONTHS[over] / MONTHS[per], 2)
    total = count * k
    return total, f"{plain(count)} × {plain(k)} = {plain(round(total, 2))} over {f'{n} {over}s' if n > 1 else f'a {over}'} " \
                  f"({plain(count)} a {per})"
