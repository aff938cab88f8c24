"""A redo that names what was counted ("redo the installs both ends", "rerun the lead count") with a new budget: the
earlier question that counted it, asked again with the new budget.

Why: the conversation's memory re-runs the *last* working with a new number, and :mod:`~agent.offline.redo` re-asks
the *last* question. But people return to an earlier working after others: "how many installs does $30k buy?", then
impressions for a reach goal, then their cost at a CPM, then "publisher cut the money to 21k — redo the installs". The
last working was the CPM cost, so the new budget was priced per thousand impressions instead of per install. The
message names the count it means ("the installs", "the lead count"); the question to re-ask is the latest earlier one
that counted that unit from a budget, with the new budget in the old one's place — the rest of it (both ends, "at the
pricey end", its business) kept as the user said it.
"""
from __future__ import annotations

import re

from agent.offline import redoback
from agent.offline.numbers import money
from agent.offline.parse import parse
from agent.offline.unitmetric import unit_metric
from agent.offline.passages import terms

# "redo the installs", "rerun the lead count", "recalculate our clicks", "run the leads again", "do the installs over"
_REDO_UNIT = re.compile(r"\b(?:re-?do|re-?run|re-?calculate|re-?compute|re-?work|update|redo)\s+(?:the |our |my )?"
                        r"(?P<a>[a-z]+(?:\s+(?:count|number|total|estimate|figure)s?)?)\b|"
                        r"\b(?:run|do|work out)\s+(?:the |our |my )(?P<b>[a-z]+(?:\s+(?:count|number|total|estimate)s?)?)\s+"
                        r"(?:again|over)\b", re.I)
_NOT_A_UNIT = {"it", "that", "this", "those", "these", "math", "maths", "numbers", "figures", "plan", "split", "budget",
               "answer", "same", "calculation", "calc", "whole", "thing", "ends", "both"}


def _said(text: str) -> str:
    """The counted unit the redo names, as said ("the lead count" → "lead"), or ""."""
    m = _REDO_UNIT.search(text)
    said = (m.group("a") or m.group("b")) if m else ""
    said = re.sub(r"\s+(?:count|number|total|estimate|figure)s?$", "", said or "", flags=re.I)
    return "" if not said or said.lower() in _NOT_A_UNIT else said


def _unit(text: str) -> set[str]:
    """The stems of the counted unit the redo names ("the lead count" → {lead})."""
    return set(terms(_said(text)))


def names_unit(text: str) -> bool:
    """Whether the message asks to redo a count it names ("redo the installs")."""
    return bool(_unit(text))


def restated(text: str, history: list) -> str | None:
    """The earlier question counting the unit this redo names, with this message's one budget in it, or None —
    also when that question is the last one (the memory re-runs the last working itself); else the earlier question
    that asked for the piece of the plan it names ("redo the split", :mod:`~agent.offline.redoback`)."""
    return _counted(text, history) or redoback.restated(text, history)


def _counted(text: str, history: list) -> str | None:
    unit = _unit(text)
    if not unit:
        return None
    p = parse(text)
    new = [n for n in p.numbers if n.role == "budget"]
    if len(new) != 1 or len(p.numbers) != 1:
        return None
    asked = [h[0] if isinstance(h, tuple) else h for h in history]
    priced = unit_metric(re.sub(r"s$", "", _said(text).lower().split()[-1]))  # "the lead numbers" → CPL
    for k in range(len(asked) - 1, -1, -1):
        last = parse(asked[k])
        old = [n for n in last.numbers if n.role == "budget"]
        # the unit counted, or priced by the metric the question looked up with its budget ("what does a lead cost? we
        # spend 30k": its leads were worked out) — not the metric of a later look-up ("what do clicks cost?")
        if (last.unit and unit & set(terms(last.unit)) or priced and priced in last.metrics) and len(old) == 1:
            if k == len(asked) - 1:
                return None
            return f"{last.norm[:old[0].start]}{money(new[0].value)}{last.norm[old[0].end:]}"
    return None
