"""The most to pay for one customer at the LTV:CAC ratio the last answer gave: "our profit per customer is 800, so
what's the most we can pay to get one?" after "Local Services LTV:CAC: 4:1", "our customers are worth about 900 bucks,
so what CAC can we afford at that?" after "the Typical healthcare LTV:CAC range is 3.0:1–5.0:1".

Why: the planner's formula (a customer's value ÷ the target ratio, :func:`agent.offline.planmath.allowable`) takes the
ratio from the message, and asked the user for it — though the knowledge base's ratio was the answer just given, so
the turn asked for a number the conversation already held. Here the ratio is read back from that answer (its Typical
range, each end worked; else the one ratio it states) when the answer was about LTV:CAC, and the value is the one
figure of the message. English only: a question of the most one can pay or afford per customer, no ratio of its own.
"""
from __future__ import annotations

import re
from typing import Callable

from agent.offline.numbers import digits, money, parse_numbers
from agent.offline.searchq import CITED

# an answer about the LTV:CAC ratio, its Typical range ("3.0:1–5.0:1"), else its one ratio ("4:1")
_LTV_CAC = re.compile(r"\bLTV\s*[:/]\s*CAC\b|\blifetime value to (?:CAC|acquisition cost)\b", re.I)
_TYPICAL = re.compile(r"\bTypical\b[^.\n]{0,80}?(\d+(?:\.\d+)?):1\s*[–-]\s*(\d+(?:\.\d+)?):1")
_ONE = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?):1\b")


def ratios(answered: str) -> tuple[list[float], str]:
    """The LTV:CAC ratio(s) an answer gives — its Typical range's two ends, else its one ratio; none for none or
    several — and the citation nearest before them (the passage that states them)."""
    if not _LTV_CAC.search(answered or ""):
        return [], ""
    m = _TYPICAL.search(answered)
    said = [float(m.group(1)), float(m.group(2))] if m else list(dict.fromkeys(float(v) for v in _ONE.findall(answered)))
    at = m.start() if m else (_ONE.search(answered).start() if said else 0)
    cites = CITED.findall(answered[:at]) or CITED.findall(answered[at:])[:1]
    return (said, cites[-1] if cites else "") if (m or len(said) == 1) else ([], "")


# "what CAC can we afford", "which cost per customer could I justify": the ceiling asked without "most"
_AFFORD = re.compile(r"\b(?:what|which|how much)\b[^.?!]{0,20}\b(?:cac|cpa|acquisition cost|cost per (?:customer|"
                     r"acquisition|patient|client|member))\b[^.?!]{0,20}\b(?:can|could|should|would)\s+(?:we|i)\s+"
                     r"(?:afford|pay|justify|stomach)\b", re.I)


def _asks(text: str, per_unit: Callable[[str], bool]) -> bool:
    """The most to pay for one customer asked, and no ratio of the user's own ("at 3:1")."""
    most = re.search(r"\b(?:most|max(?:imum)?|ceiling|highest)\b[^.?!]{0,40}\b(?:pay|afford|spend|bid)\b", text, re.I)
    # "a customer nets us $1,000, so what's the most we can pay": the ceiling asked, the unit said with the value
    one = re.search(r"\b(?:a|each|per|every|one|the average|an average|our average|avg) (?:new )?(?:customer|client|"
                    r"patient|member|subscriber|buyer|user|student)\b", text, re.I)
    return bool(per_unit(text) or _AFFORD.search(text) or (most and one)) and not re.search(r"\d\s*(?::|to)\s*1\b",
                                                                                          digits(text))


def work(text: str, answered: str, per_unit: Callable[[str], bool]) -> tuple[list[str], str] | None:
    """(working lines, words to search the KB for the rule), or None (module doc). ``per_unit``: the planner's test
    of a question asking the most to pay per acquired unit."""
    if not _asks(text, per_unit):
        return None
    nums = [n for n in parse_numbers(digits(text)) if not n.pct]
    got, cite = ratios(answered)
    if len(nums) != 1 or nums[0].value < 10 or not got:
        return None
    v, tag = nums[0].value, f" [{cite}]" if cite else ""
    return [f"{money(v)} ÷ {r:g} = {money(round(v / r, 2))} — the most to pay per customer at {r:g}:1{tag}"
            for r in got], "allowable CAC target LTV:CAC ratio"
