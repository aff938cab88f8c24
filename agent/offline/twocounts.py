"""Two counts of the same thing under two settings, and the change between them asked as a test: "610 sales counted on
the long window, 340 on the short one — does that pass?", "we logged 1,200 signups with view-through on and
700 with it off, is that too big a gap?".

Why a module: the KB's screens of this kind (a drop of more than N% when a window is shortened, a gap between two
counts of one thing) are judged on the change in percent, which the user never states: they give the two counts,
the second often without its noun ("…, 270 on 7 day"). The change is worked from the first count said (the base) to
the second: (first − second) ÷ first × 100 for a drop, the rise the other way. Asked only when the message asks about
the change (fails, passes, drop, gap, difference, "too big"); counts of days, money and percentages are no such counts.
"""
from __future__ import annotations

import re

from agent.offline.numbers import digits, parse_numbers, plain
from agent.offline.ownresults import _NOT_WON  # places, people and periods: never a count of results

_TIME_AFTER = re.compile(r"^[\s-]*(?:days?|weeks?|months?|years?|hours?|minutes?|x\b|times?\b|%|percent)", re.I)
_SETTING = re.compile(r"^\s*(?:([a-z][a-z-]+s)\s+)?(?:on|under|with|using|at|in|for|from|via)\b", re.I)
_ASKS = re.compile(r"\b(?:fail|fails|failed|pass|passes|passed|drop|drops|dropped|gap|difference|diff|lose|lost|falls?|fell|"
                   r"flag\w*|too (?:big|much|large|wide)|how much (?:lower|less|fewer|more|higher)|by how much)\b", re.I)


def change(text: str) -> tuple[float, float, float, str] | None:
    """(first count, second count, change in percent of the first, what was counted), else None."""
    t = digits(text)
    if not _ASKS.search(t):
        return None
    counts = []
    for n in parse_numbers(t):
        if n.money or n.pct or _TIME_AFTER.match(t[n.end:n.end + 12]):
            continue
        if t[max(0, n.start - 1):n.start] == "-" or re.search(r"\b(?:day|week|month)[\s-]*$", t[max(0, n.start - 8):n.start]):
            continue  # "day-28", "month 12"
        if (m := _SETTING.match(t[n.end:n.end + 40])):
            counts.append((n, m.group(1) or ""))
    if len(counts) != 2:
        return None
    (a, wa), (b, wb) = counts
    if not wa or wa in _NOT_WON or (wb and wb != wa) or min(a.value, b.value) < 10 or a.value == b.value:
        return None
    return a.value, b.value, (a.value - b.value) / a.value * 100, wa


def amend(text: str, answer: str) -> str:
    """``answer`` with the change's working after it, unless the answer already states it."""
    got = change(text)
    if got is None:
        return answer
    a, b, pct, what = got
    way = "drop" if pct > 0 else "rise"
    gap = abs(a - b)
    step = f"{plain(a)} − {plain(b)}" if pct > 0 else f"{plain(b)} − {plain(a)}"
    shown = f"{abs(pct):.2f}".rstrip("0").rstrip(".")
    if f"{shown}%" in answer:
        return answer
    eq = "=" if abs(abs(pct) - round(abs(pct), 2)) < 1e-9 else "≈"
    lines = (f"- {step} = {plain(gap)} {what} {'fewer' if pct > 0 else 'more'} on the second count\n"  # one step per line:
             f"- {plain(gap)} ÷ {plain(a)} × 100 {eq} {shown} — the {way} in percent of the first count ({shown}%)")  # no brackets
    return f"{answer}\n\nWorking:\n{lines}" if answer.strip() else f"Working:\n{lines}"
