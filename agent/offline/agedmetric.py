"""A figure asked at an age the message names beside it ("the day-30 cohort ROAS", "30-day retention"): looked up with
that age, not as the bare metric.

Why: a KB states one quantity at several ages ("DAY-30 COHORT ROAS", "DAY-180 COHORT ROAS"), and the benchmark tool
keeps the figures measured at the age the metric it is asked names by its number. The parser reads "ROAS" out of
"what's the day-30 cohort ROAS for a craft distillery?", so the age was dropped and both ages' figures came back, the
answer unable to tell which was asked. English places the age just before the quantity it qualifies ("day-30",
"day 30", "30-day", with at most one word between: "cohort"); such a metric is asked as "<age> <metric>".
"""
from __future__ import annotations

import re

from rag.regexes import compiled

_AGE = r"(?:(?:day|week|month|year)[- ]?\d{1,4}|\d{1,4}[- ](?:day|week|month|year))"
_DIGIT = re.compile(r"\d")


def aged(text: str, metrics: list[str]) -> list[str]:
    """``metrics`` with the age the message says just before each (at most one word between), as "<age> <metric>";
    a metric already naming a number, or said with no age before it, as it was."""
    if not _DIGIT.search(text):  # every age holds a number: none said, none to add (most messages)
        return list(metrics)
    out = []
    for m in metrics:
        if re.search(r"\d", m):
            out.append(m)
            continue
        said = compiled(rf"\b({_AGE})\s+(?:[a-z]+\s+)?{re.escape(m)}\b", re.I).search(text)
        out.append(f"{said.group(1).lower()} {m}" if said else m)
    return out
