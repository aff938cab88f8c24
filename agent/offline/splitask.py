""""Lay out a spring plan across TikTok and Google", "how should it be split between Facebook, search and radio?" with
no budget ever said: the plan's size is the user's, so it is asked for before any split is drawn.

Why: a plan or split across named channels is dollars per channel, and which of the KB's allocation rules applies at all
depends on the budget's size (minimum spend per channel, tiers of monthly budget); without the amount the agent
either quotes a passage on some other planning point or draws shares for a budget it invented. A split asked with
no channels named ("how should I split between what works and new things?") asks the KB's rule of thumb, and is
left to the reader. Read is English (a verb of splitting or laying out a plan, two or more channels or platforms
named) and the conversation's memory (no budget said now or before, no money in the message).
"""
from __future__ import annotations

import re

from agent.offline import channelfig
from agent.offline.memory import Memory
from agent.offline.parse import Parsed

# a concrete plan or split asked for, as a thing to be made: "lay out a spring plan", "give me a split for launch month",
# "we want a holiday plan for both stores" — not "how should we divide the budget between search and social?", which
# asks the KB's rule of thumb and is answered with its shares
_SPLIT = re.compile(r"\b(?:lay|map|sketch|draft|draw|put|build|rough|write|give|make|come up with|need|want|like)\b[^.?!]{0,20}?"
                    r"\b(?:a|an|the|our|my|me a|us a)\s+(?:[\w-]+\s+){0,2}(?:plan|split|mix|allocation|breakdown)\b", re.I)


def need(p: Parsed, mem: Memory) -> str | None:
    """The budget to ask for before a split across the channels named, when none was said; else None."""
    if not _SPLIT.search(p.text) or mem.facts.get("budget") or any(n.money or n.role == "budget" for n in p.numbers):
        return None
    if len(channelfig.said_names(p.text)) < 2 or re.search(r"\d\s*%|\b\d{2}\s*/\s*\d{2}\b", p.text):
        return None  # one channel's share, or the shares given: a rule or a reading of them is asked
    return "budget for that period (the total in dollars you can put across those channels)"
