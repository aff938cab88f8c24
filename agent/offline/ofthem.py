""""How many of them …?" right after a size: a part of the people just sized, in the place they were sized.

Why: "How many households are there in Bern?" then "How many of them own an e-bike?" — the second question names
no place, so the audience it asks was sized nationally (or wherever the KB's default is) and declined where the
KB sizes it only by canton, while "them" are the households of Bern. A count asked "of them / of those / of these /
among them" right after an audience answer narrows that audience, so the place it was asked in is the place
asked now; a place the message names itself wins, and a message that asks no count is not touched.
"""
from __future__ import annotations

import re

from agent.offline.memory import Memory
from agent.offline.parse import Parsed

_OF_THEM = re.compile(r"\b(?:how many|what share|what percent(?:age)?|what part|what fraction)\b[^?.!]{0,30}?\b"
                      r"(?:of|among) (?:them|those|these|that group|those people|these people)\b", re.I)


def read(p: Parsed, text: str, mem: Memory) -> Parsed:
    """``p`` with the last sized place as its place, when it asks a count of the people just sized and names none."""
    if p.geographies or mem.last_kind != "audience" or not mem.geography or not _OF_THEM.search(text):
        return p
    p.geographies = [mem.geography]
    return p
