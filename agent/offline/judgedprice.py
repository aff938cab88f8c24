"""A figure of the user's own judged right after a benchmark answer: "we're paying 70 bucks, is that bad?", "is $70
too much?", "our cac is 70, is that high?", "we see 0.7% — low?".

Why: the judgement is of the metric just looked up, for the business just named, so the answer is that range with the
user's figure set beside it (what "is a $70 CAC for a store good?" gets in one turn). Said later, with no metric or
business named, no benchmark was looked up: the turn was searched for "paying 70 bucks" and declined, or answered
with another passage. What is read is English and the conversation's slots: one figure in the message, a word that
judges it ("bad", "high", "too much", "steep", "in line"), a question, and the last answer a benchmark whose range
the figure is of a size with (a tenth to ten times it: "3 grand" judged after a $5 click is no CPC).
"""
from __future__ import annotations

import dataclasses
import re

from agent.offline.asking import asks_anything

_JUDGED = re.compile(r"\b(?:good|ok|okay|healthy|normal|fine|bad|decent|reasonable|high|low|expensive|cheap|steep|pricey|"
                     r"acceptable|terrible|awful|great|competitive|too (?:much|high|low|steep|expensive|cheap)|in line|"
                     r"on par|above average|below average|out of line|way off)\b", re.I)


def _metric(p, mem) -> str | None:
    """The one metric judged: the one the message names, else the one the last benchmark answer looked up."""
    said = list(p.metrics) or list(mem.metrics)
    return said[0] if len(said) == 1 else None


def judged(p, mem) -> bool:
    """Is this message one figure of the user's own judged against the benchmark just given (module doc)?"""
    if mem.last_kind != "benchmark" or len(p.numbers) != 1 or p.calc or p.audiences or p.metric_phrases or \
            not _JUDGED.search(p.norm) or not asks_anything(p.text):
        return False
    metric = _metric(p, mem)
    rng = mem.ranges.get(metric or "")
    v = p.numbers[0].value
    return bool(rng) and rng[0] > 0 and rng[0] / 10 <= v <= rng[1] * 10


def read(p, mem):
    """``p`` with the judged metric carried and the figure read as the user's own price of it (or rate, in percent)."""
    if not judged(p, mem):
        return p
    metric = _metric(p, mem)
    n = p.numbers[0]
    p.metrics = [metric]
    if not n.pct and not (n.role or "").startswith("price"):
        p.numbers = [dataclasses.replace(n, role=f"price:{metric}")]
    return p
