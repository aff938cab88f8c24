"""Which of the budget shares a quoted passage states the question is about.

Why: a pacing section states several shares, one per kind of business or season ("Put 30% of the year's
acquisition budget into November and December … Wedding venues should spend 40% of the year's budget between late
November and the end of February, when most couples get engaged … Charter schools should spend 70% of the
enrollment budget between January and April"). Applying the first one found to the user's budget answers
another business's rule. The share whose sentence says most of the question's own words ("engagement season"
meets "get engaged") is the one asked about; on a tie, the first stated.
"""
from __future__ import annotations

import re

from agent.offline.passages import terms


def best(pattern: re.Pattern, question: str, quoted: str) -> re.Match | None:
    """The match of ``pattern`` in ``quoted`` whose sentence shares the most words with ``question``."""
    asked = set(terms(question))
    found = []
    for i, m in enumerate(pattern.finditer(quoted or "")):
        start = max(quoted.rfind(". ", 0, m.start()), quoted.rfind("\n", 0, m.start()), -1) + 1
        end = min([x for x in (quoted.find(". ", m.end()), quoted.find("\n", m.end())) if x >= 0] or [len(quoted)])
        found.append((len(asked & set(terms(quoted[start:end]))), -i, m))
    return max(found, key=lambda x: x[:2])[2] if found else None
