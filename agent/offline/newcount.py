"""How many *new* people a budget brings: "and how many new members, realistically?", "how many new patients could
that get us" — a count of acquisitions, not the size of an audience.

Why: a count of "new customers" was worked out from the budget (the vocabulary prices customers), but a count of
new students, patients or members was read as an audience ("college students": 12.6 million) because the noun is
also an audience's. English marks the difference with "new": the people a budget adds. With a budget in the
conversation and no place named (where "how many new movers in Ohio" sizes an audience), the count is the budget
divided by the price of one — the price the KB gives for what the business counts ("cost per student": the tool
resolves it against what each metric counts).
"""
from __future__ import annotations

import re
from dataclasses import replace

from typing import Any

from agent.offline.parse import Calc, Parsed


def read(p: Parsed, mem: Any) -> Parsed:
    """``p`` as a count the remembered budget buys, when it asks how many new people and nothing else decides it
    (``mem``: the conversation's :class:`~agent.offline.memory.Memory`, which reads its turns through this too)."""
    if p.calc is not None or not p.asks_count or not mem.facts.get("budget") or p.geographies or p.metrics:
        return p
    if not re.match(r"new\s+[a-z]+s\b", p.unit or "", re.I) or not re.search(r"\bhow\s+many\s+new\b", p.text, re.I):
        return p
    if any(re.search(r"\bnew\b", a, re.I) for a, _ in p.audiences):
        return p  # an audience of new people itself ("new parents"): its size
    return replace(p, calc=Calc(op="div", a="budget", b="price", per_thousand=False, target=p.unit), audiences=[])
