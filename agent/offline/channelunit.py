"""The price of a reach medium asked by its units ("what do billboards usually run?", "what does a podcast spot go
for?"): the medium's own price per thousand, not a business's benchmark of "cost per billboards".

Why a module: the price forms read "what do X run" as the cost of one X, which is right for a result ("what does a
lead run") but not when X is the medium itself; that phrase went to the benchmark tool as a metric, under whatever
business the conversation had named ("a church … cost per billboards": declined), and the channel's own price table
was never looked at. Reach media — outdoor boards, audio and podcasts, streaming TV — are bought and compared per
thousand impressions, so the question is read as the CPM of that medium, which the channel figures answer from the
KB's own table (:mod:`agent.offline.channelfig`) or say it lacks.
"""
from __future__ import annotations

import re

# the shared vocabulary's reach channels said as units (singular or plural, "spot"/"ad" after them)
_REACH = re.compile(r"^cost per (?:(?:roadside |highway |digital )?(?:billboards?|bulletins?|ooh|podcasts?|audio|ctv|"
                    r"radio|tv)(?: (?:spots?|ads?|placements?|boards?|signs?))?)$", re.I)


# … or asked of the medium with no price phrase read at all: "what do billboards usually run?"
_ASKED = re.compile(r"\bwhat (?:do|does|would|will|should) (?:an? |the |one )?(?:roadside |highway |digital )?(?:billboards?|"
                    r"bulletins?|podcasts?|podcast (?:ads?|spots?)|radio (?:ads?|spots?)|ctv (?:ads?|spots?))\s+(?:usually |"
                    r"typically |normally |generally )?(?:run|cost|go for)\b", re.I)


def read(p, text: str = ""):
    """``p`` asking the CPM when its only price phrase is the cost of one unit of a reach medium (module doc)."""
    if p.metric_phrases and not p.metrics and all(_REACH.match(m) for m in p.metric_phrases):
        p.metric_phrases, p.metrics = [], ["CPM"]
    elif not p.metric_phrases and not p.metrics and _ASKED.search(text):
        p.metrics = ["CPM"]
    return p
