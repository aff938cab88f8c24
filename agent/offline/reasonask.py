"""A "why" question about a situation the user tells asks for the KB's reason, not for the figure the story names.

Why: people report what someone claims, then ask why it is wrong ("the CFO says our average CAC still looks fine at
higher spend, so we keep scaling. why would that be wrong?", "meta says our ROAS is great. why might that mislead
us?"). The story names a metric and a judgement of it ("fine", "great", "healthy"), which reads like "is our CAC
fine?": the agent asked for the user's CAC, or quoted the business's benchmark range, and the reason asked for —
averages hide the marginal cost, platforms over-claim — was never read. When every asking clause is a why-question
naming no metric and no figure of its own, and something is told before it, the metrics are the situation (as a
threshold question's are: :func:`~agent.offline.searchq.asks_threshold`), so the turn is read from the passages.
"""
from __future__ import annotations

import re

from agent.offline.asking import asking_sentences

REASON = re.compile(r"\bwhy\b|\bhow come\b|\bwhat(?:'s| is) (?:wrong|the problem) with\b", re.I)
_BREAK = re.compile(r"[,;:]\s|\s[-–—]\s")


def asks_reason(text: str) -> bool:
    """Is every asking clause of ``text`` a why-question that names no metric and no figure, after a told story?"""
    from agent.offline.parse import parse  # imported late: the parser reads the vocabulary
    asked = asking_sentences(text)
    if not asked:
        return False
    for s in asked:
        m = REASON.search(s)
        if not m:
            return False
        clause = _BREAK.split(s[:m.start()])[-1] + s[m.start():]
        if re.search(r"\d", clause) or parse(clause).metrics or parse(clause).metric_phrases:
            return False
    told = text.replace(asked[-1], " ") if len(asked) == 1 else text
    return len(re.findall(r"[a-z]{3,}", told, re.I)) >= 4
