""""What does LTV:CAC mean?" … "I think ours is pretty good, is it?": the user's own figure judged, never said — ask for it.

Why: "ours" / "mine" standing alone is the user's own value of the metric the conversation was just about. Whether
it is good is the comparison of that value with the KB's range; without the value there is nothing to compare,
and the turn quoted a definition or another vertical's table as if it answered. :mod:`agent.offline.clarify` asks
for the user's figure when the message names the metric itself ("is our CAC normal?"); here the message names
nothing and the metric is the one the last messages asked about. Read is English (a bare possessive pronoun with a
word of judgement, no number) and the earlier messages (the metric asked last, no number ever said).
"""
from __future__ import annotations

import re

from agent.offline.parse import EVALUATE, Parsed, parse

_OURS = re.compile(r"\b(?:ours|mine)\b", re.I)
_JUDGED = re.compile(EVALUATE.pattern + r"|\b(?:high|low|great|solid|strong|weak|terrible|awful|pretty good|not bad)\b", re.I)


def need(p: Parsed, said: list[str] | tuple[str, ...] = ()) -> str | None:
    """The user's own value of the metric asked last, when the message judges "ours" with no figure ever said; else None."""
    if not _OURS.search(p.text) or not _JUDGED.search(p.text) or p.metrics or p.metric_phrases or re.search(r"\d", p.text):
        return None
    metric = next((m for s in reversed(said[-2:]) for m in parse(s).metrics), None)
    if metric is None or any(_figure_of(metric, m) for m in said):
        return None  # a figure of theirs was said: the rules that work with the user's figures read it
    return f"current {metric} (the figure you are seeing now)"


def _figure_of(metric: str, message: str) -> bool:
    """Does ``message`` say a number of the metric, or a value or price of one customer (a budget is neither)?"""
    q = parse(message)
    return bool(re.search(r"\d", message)) and (metric in q.metrics or any(
        n.role == "LTV" or (n.role or "").startswith("price") for n in q.numbers))
