"""What one "what …" clause of a question asks when it lists several things, or borrows the verb before it.

Why a module apart from :mod:`~agent.offline.parts`: ``parts`` splits a message into the clauses that ask; these are
readings of one clause's shape. "What CAC, ROAS and search/social split should we plan for?" asks three things
with one verb; a figure tool answers the first two and nothing answered the third, which was silently dropped.
"…, and what search/social split?" asks with the verb of the clause before it; "what's the best split …" asks
for advice though no modal verb says so. All three are English, not any KB's or data set's wording.
"""
from __future__ import annotations

import re
from typing import Callable

_LISTED = re.compile(r"^(?P<wh>what|which)\s+(?P<items>[^?]+?)\s+(?P<rest>(?:should|do|does|can|could|would|will|is|are|"
                     r"might|must)\b.*)$", re.I)  # the things asked for, listed before the clause's verb
_ITEM_SEP = re.compile(r"\s*,\s*(?:and\s+|&\s+)?|\s+(?:and|&)\s+", re.I)
_VERBLESS = re.compile(r"^(?:what|which)\s+(?!about\b|if\b|else\b|now\b)(?!.*\b(?:should|do|does|did|can|could|would|will|"
                       r"is|are|was|were|must|to|'s|s)\b)[^?]+\??$", re.I)  # "what search/social split?": no verb
_BEST = re.compile(r"^(?:what|which)(?:'s|\s+is|\s+are|\s+would be)?\s+(?:the\s+|a\s+)?(?:best|right|ideal|recommended|"
                   r"smartest|sensible|usual)\b", re.I)  # a recommendation asked for


def items(clause: str, by_tool: Callable[[str], bool]) -> list[str]:
    """``clause``, or one question per thing it lists before its verb when the list mixes what a tool answers
    (``by_tool``) with what it does not: "what CAC, ROAS and search/social split should we plan for?" → "what CAC
    should we plan for?", "what ROAS should we plan for?", "what search/social split?". A thing no tool answers is
    asked by its own words alone: the rest of the clause names the business and the budget, which the look-ups
    already serve and the reader is given apart."""
    m = _LISTED.match(clause)
    listed = [i for i in _ITEM_SEP.split(m.group("items")) if i] if m else []
    if len(listed) < 2 or any(len(i.split()) > 4 for i in listed):
        return [clause]
    asked = [f"{m.group('wh')} {i} {m.group('rest')}" for i in listed]
    tooled = [by_tool(a) for a in asked]
    if all(tooled) or not any(tooled):
        return [clause]
    return [a if t else f"{m.group('wh')} {i}?" for a, t, i in zip(asked, tooled, listed)]


def advice_asked(part: str) -> bool:
    """Does ``part`` ask for advice without a modal verb: "what's the best …", or a verbless "what search/social
    split?" that borrows the verb of the clause before it?"""
    return bool(_BEST.search(part) or _VERBLESS.search(part))
