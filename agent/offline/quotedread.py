"""The section the KB headed with a name the user quoted beside the question (:mod:`quotedterm`), quoted when the turn
would decline. A module of its own: :mod:`quotedterm` is read by the search's query forming, below the readers this
one uses in the import order.
"""
from __future__ import annotations

import re

from agent.offline.meaningsearch import _DECLINE  # the agent's plain decline
from agent.offline.passages import is_instruction, is_pointer, units
from agent.offline.quotedterm import query, terms
from agent.offline.searchq import clean

MAX_WORDS = 170  # an answer quotes, it does not paste a section (the reader's limit)


def read(text: str, outcomes, answer: str, k: int) -> str | None:
    """When the turn would decline: the first section of a passage the quoted-name search returned whose heading
    path names the quoted name ("Writing SMART objectives › The five tests"), quoted from its lead with every item
    of its list (as far as :data:`MAX_WORDS`), cited. The user named what they ask about, and the KB headed a section
    with that name: the words the question shares with its body are no test of that. None otherwise."""
    asked, names = query(text), terms(text)
    if not asked or not answer.startswith(_DECLINE):
        return None
    for o in outcomes:
        if o.name != "search_knowledge_base" or not o.found or o.input.get("query") != clean(asked)[:400]:
            continue
        for ps in o.passages:
            if not any(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", ps.get("source", ""), re.I) for n in names):
                continue
            us = [u for u in units(ps.get("text", "")) if not is_instruction(u.text) and not is_pointer(u.text)]
            first = [u for u in us if u.heading == us[0].heading] if us else []
            said: list[str] = []
            for u in first:
                if (len(said) >= k and u.item < 0) or (said and len(" ".join(said + [u.text]).split()) > MAX_WORDS):
                    break
                said.append(u.text)
            if said:
                return f"Based on Knowledge Base [{ps['id']}]: " + " ".join(said)
    return None
