"""The one clarifying question a turn asks when it needs an input nobody has given, or None.

Why: which input is missing is :mod:`agent.offline.inputneed`'s ordered reading; a judgement of the user's *own*
figure ("is our CAC normal?") needs that figure too, and then whose business, when that decides the figure
(:mod:`agent.offline.businessask`). The policy decides when a turn asks; this says what it asks — kept apart from
the policy's turn routing, which had filled its module.
"""
from __future__ import annotations

import re

from agent.offline import businessask, clarifycite, compose, inputneed, metricwords
from agent.offline.memory import Memory
from agent.offline.parse import EVALUATE, Parsed
from agent.offline.passages import message_sentences


def _owned_metric(p: Parsed) -> bool:
    """The user calls what they judge theirs in one sentence ("is our CAC normal?"): that needs their number — not "a normal
    CAC for a brand like ours?", nor "our" of another sentence ("… thru our own site. whats normal to pay …")."""
    return any(re.search(r"\b(?:our|my)\b", metricwords.blanked(s), re.I) and EVALUATE.search(s) and not re.search(
        r"\b(?:a|an|the)\s+(?:normal|typical|good|healthy|decent|reasonable|usual|average)\s", s, re.I) for s in message_sentences(p.text))


def clarification(p: Parsed, mem: Memory, said: list[str] = ()) -> str | None:
    """One clarifying question when the turn needs an input nobody has given (``said``: the earlier messages), else None."""
    need = inputneed.of(p, mem, said)  # in order
    if need is None and p.metrics and _owned_metric(p) and EVALUATE.search(p.text) \
            and not p.numbers and not mem.facts.get("price") and not mem.facts.get("LTV"):
        need = " and ".join(p.metrics)
        return businessask.with_figure(need) if businessask.needed(p, mem) else compose.ask_for(need)  # and whose business
    if need is None:
        return businessask.needed(p, mem)  # whose business, when that decides the figure asked
    return compose.ask_for(need) + clarifycite.line(need, mem)  # and the KB figure it will be worked with
