"""The business remembered from earlier turns, unless the user asks for figures with no business at all ("ok, what does
a click cost on pinterest in general?") — and a business the knowledge base does not cover stops being the one talked
about once a platform's figures were given for every business.

Why a module: the conversation's memory keeps the last business named, so that "and the CTR?" stays with it. A
business the KB has no figures for was declined; when the user then turns to a platform's figures for every business
and next asks a working on that platform ("we have 3k, how many pinterest clicks?"), the declined business came back
from memory and the working was declined again instead of done with the figures just quoted. A covered business
stays (its own figures are still the ones to narrow to).
"""
from __future__ import annotations

import re

# a figure asked for every business at once: "in general", "generally speaking", "across the board", "for anyone"
_GENERAL = re.compile(r"\bin general\b|\bgenerally(?: speaking)?\b|\bacross the board\b|\bacross (?:all|every) "
                      r"(?:industries|verticals|businesses|sectors)\b|\bregardless of (?:the )?(?:industry|vertical|business)\b|"
                      r"\bfor (?:any|every) (?:business|advertiser|industry)\b", re.I)


def in_general(text: str) -> bool:
    """The message asks for figures for every business at once ("in general", "generally speaking")."""
    return bool(_GENERAL.search(text))


def remembered(text: str, mem, moved: str | None = None) -> str | None:
    """The business the talk is about for a message that names none (``moved``: a place it moved the last one to), or
    None when the message asks for every business (:data:`_GENERAL`)."""
    return None if in_general(text) else moved or mem.vertical or mem.business


def by_business(outcomes: list, mem) -> list:
    """The outcomes that are one business's (a look-up by platform alone is none's). After such a look-up, a business
    remembered that the KB does not cover (no vertical resolved for it) is forgotten."""
    alone = [o for o in outcomes if o.name == "get_benchmark" and not o.input.get("vertical") and o.input.get("platform")]
    if alone and mem.vertical is None and mem.business:
        mem.business = None
    return [o for o in outcomes if o.name != "get_benchmark" or o.input.get("vertical")]
