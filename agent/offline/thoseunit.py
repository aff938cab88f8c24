"""The price a count pointed back at is bought at: "how many of those form submissions would $6,000 buy?" after a
lead's price was shown, with a turn between that named another metric (a ROAS the KB lacked).

Why: the count's noun ("form submissions") names no metric of the vocabulary, and the last metric asked was not a
price, so the division had no price and the turn was answered from a passage with no working. "Those"/"these"/"them"
point back at what the conversation already showed; the most recent price range it showed (a cost per one unit) is
what they were priced at. Only a range the conversation was shown, and only when the message points back.
"""
from __future__ import annotations

import re

from agent.offline.parse import UNIT_OF

_BACK = re.compile(r"\b(?:of )?(?:those|these|them)\b", re.I)


def metric(text: str, ranges: dict) -> str | None:
    """The metric of the last price range shown (``ranges``: the memory's metric → range, in the order shown) when
    ``text`` points back at it, else None."""
    if not _BACK.search(text):
        return None
    return next((m for m in reversed(list(ranges)) if m in UNIT_OF), None)
