"""A working asked "at our CPM" / "with our cost per lead" when the user never said theirs: ask for it.

Why: "what would it cost to reach every retiree in the state three times at our cpm?" asks to work the user's own
rate, and no turn stated it. Reading a benchmark in its place (another business's CPM, a national range) answers
another question; the one thing a planner would do is ask for the number. A rate the user stated in this message or
an earlier one ("we pay about $9 per thousand", "our CPM is 11") is theirs, and the working goes ahead.
"""
from __future__ import annotations

import re

from mpa.vocabulary import VOCABULARY

_OURS = re.compile(r"\b(?:at|with|using|on|by|from|given)\s+(?:our|my)\s+(?:own\s+|current\s+|usual\s+|normal\s+|typical\s+|"
                   r"actual\s+|real\s+)?([a-z][a-z\- ]{1,30}?)(?=\s*(?:[?.!,;]|$|\s+(?:and|then|please|pls|so|for|if)\b))", re.I)
_NEAR = 40  # characters between a rate's name and the figure stated for it


def _names(metric: str) -> list[str]:
    return [metric, *VOCABULARY["metrics"].get(metric, [])]


def need(p, mem, said: list[str] = ()) -> str | None:
    """The metric to ask for ("CPM") when the message works "at our <metric>" and no message states the user's own
    figure for it; None else."""
    if p.numbers and any((n.role or "").startswith(("price", "rate", "unit")) for n in p.numbers):
        return None
    for m in _OURS.finditer(p.text):
        word = m.group(1).strip().lower()
        metric = next((k for k in p.metrics if any(word == s.lower() for s in _names(k))), None)
        if metric is None:
            continue
        if mem.facts.get("price") and mem.price_metric == metric:
            return None
        names = "|".join(re.escape(s) for s in _names(metric))
        stated = re.compile(rf"\b(?:{names})\b.{{0,{_NEAR}}}\d|\d.{{0,{_NEAR}}}\b(?:{names})\b", re.I)
        if any(stated.search(t) for t in [*said, p.text]):
            return None
        return metric
    return None
