"""A rate on the user's own target, after the budget it needs was worked: "we need 200 trial sign-ups this quarter —
what budget is that?" (worked: "200 × $180 = $36,000 — the budget needed …"), then "and if 1 in 4 of those trials
become paying customers, how many customers is that?".

Why: the rate modules (:mod:`~agent.offline.carryrate`, :mod:`~agent.offline.chainrate`) read the count back from an
earlier answer's working lines that *counted* something ("… = 150 leads"); a working that priced a target counts
nothing — its count is the user's target, the first figure of each "— the budget needed" line. With no count found,
the message was read as a budget question and the user was asked for a budget they had no need to give. English
says which count is meant: "of those" points back to what the last working was done for. So the one target those
lines share is taken, and the user's share ("1 in 4", "a third", "25%") is applied to it, worked as said.
"""
from __future__ import annotations

import re

from agent.offline.chainrate import _stage, _user_rate
from agent.offline.numbers import plain, result

# "- 200 × $180 = $36,000 — the budget needed …", "- 150 ÷ 1.20% × $7 = $87,500 — the budget needed for 150 demo …"
_NEEDED = re.compile(r"^- (?P<n>\d[\d,]*(?:\.\d+)?) (?:×|÷) [^\n=≈]*[=≈] \$[\d,.]+ — the budget needed\b", re.M)
_HEAD = re.compile(r"^With (the Typical .*\(Based on Knowledge Base \[[^\]]+\]\)):$", re.M)
_BACK = re.compile(r"\bof (?:those|these|them|the)\b", re.I)


def work(text: str, said: list[str]) -> str | None:
    """The share of the target worked (module doc), or None."""
    if not said or len(text) > 160 or not _BACK.search(text) or not (rate := _user_rate(text)):
        return None
    targets = {float(m.group("n").replace(",", "")) for m in _NEEDED.finditer(said[-1])}
    if len(targets) != 1:
        return None
    n = targets.pop()
    value, words, op = rate
    s, shown = result(n * value / 100, True)
    what = _stage(text)
    head = _HEAD.search(said[-1])  # the row the budget was priced with: cited as it was cited there
    return (f"From your target of {plain(n)} (the count the budget above was worked out for), at your rate of "
            f"{words.strip()}:\n- {plain(n)} {op} {s} {shown} {what}"
            + (f"\n\nThe budget for it was worked out with {head.group(1)}." if head else ""))
