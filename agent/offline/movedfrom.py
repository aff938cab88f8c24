"""The figure a percentage moved a price *from*: "cost per lead jumped 25% this month from that 120", "our CPC went
up 15% from the 2.40 we paid", "came in 10% under the 1.20 we budgeted".

Why: a bare number with no "$" and no metric right before it gets no role (:func:`agent.offline.roles.assign`), so
the change was worked on another figure the conversation held — the top and bottom of the Typical range, or a CAC
said turns before — and the user's own base was lost. English marks the base with "from": in a message that moves a
figure by a percentage, the number after "from (that|the|our …)" is the price it moved from.
"""
from __future__ import annotations

import re

_FROM = re.compile(r"\b(?:from|than|under|below|above)\s+(?:that|the|our|my|its|this|a|an|about|around|roughly)?\s*\$?\s*$", re.I)
_TIME = re.compile(r"^\s*(?:-\s*)?(?:days?|weeks?|months?|quarters?|years?|hours?|%|percent)\b", re.I)  # "from the 6 weeks": no price
_MOVED = re.compile(r"\b(?:up|rose|risen|rises?|jump\w*|climb\w*|grew|increas\w*|went up|down|fell|dropp?\w*|decreas\w*|"
                    r"declin\w*|slipp?\w*|higher|lower|under|below|above|cheaper|dearer)\b", re.I)


def mark(text: str, nums: list) -> None:
    """Give the "from" figure of a percentage move (module doc) the role of a price."""
    if sum(1 for n in nums if n.pct) != 1 or not _MOVED.search(text):
        return
    for n in nums:
        if n.role is None and not n.pct and n.value < 1000 and _FROM.search(text[max(0, n.start - 30):n.start]) \
                and not _TIME.match(text[n.end:n.end + 12]):
            n.role = "price"
