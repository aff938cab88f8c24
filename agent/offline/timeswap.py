"""A follow-up that points back at the figure just given and asks it for an earlier time ("what was that back in
2019?", "and what was it last year, roughly?"): the same look-up, for that time.

Why a module: the look-up rules carry the last metric into a short follow-up ("and the CTR?"), but a longer one that
names no metric and only points back ("that", "it") was searched as it stood, and the answer quoted a passage on
another subject instead of saying the KB has no figure for that year (:mod:`agent.offline.pastyear`,
:mod:`agent.offline.gaps` say so beside the current range once the look-up is made). English gives the meaning: a
pointer to the last figure and a past time, nothing else asked.
"""
from __future__ import annotations

import re

from agent.offline.parse import Parsed
from agent.offline.pastyear import past_year

_POINTER = re.compile(r"\b(?:that|it|those|these|them|the same)\b", re.I)


def read(p: Parsed, mem) -> Parsed:
    """``p`` with the last look-up's metrics when it only asks the last figure for an earlier time; unchanged
    otherwise (a metric, a business, a number or an audience of its own, or no look-up just before)."""
    if mem.last_kind == "calc" or not (mem.metrics or mem.metric_phrases) or p.metrics or p.metric_phrases or p.calc \
            or any(n.role != "year" for n in p.numbers) or p.audiences or p.vertical or p.business_phrase or p.industry_phrase:
        return p
    if past_year(p.norm, "") and _POINTER.search(p.norm):
        p.metrics, p.metric_phrases, p.followup = list(mem.metrics), list(mem.metric_phrases), True
    return p
