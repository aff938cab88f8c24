"""A term the user puts in quotes beside the question — "someone said it has to be 'SMART'", "my boss keeps saying
"always-on"" — searched with the question.

Why: the quotes mark a name the user heard and passes on; it is usually the KB's own name for the method asked
about (a heading: "Writing SMART objectives"). But it sits in a sentence of the story, not in the asking sentence,
and the whole message is too long for the search's coverage floor (most of its words are the story's), so the
search of the whole message comes back empty and the search of the asking sentence alone drops the name. A search
of the asking sentence with the quoted name beside it finds the section. Read from typography only: straight or
curly quotes around one to four words, no figure (a quoted figure is the user's data, :mod:`quotedfig`).
"""
from __future__ import annotations

import re

from agent.offline.asking import question_sentences

# quotes around one to four words: '…', "…", ‘…’, “…” (an apostrophe inside a word — "it's" — opens nothing)
_QUOTED = re.compile(r"(?<![\w'’])['\"‘“](?P<t>[A-Za-z][\w/&-]*(?: [\w/&-]+){0,3})['\"’”](?![\w'’])")


def terms(text: str) -> list[str]:
    """The quoted names of ``text``, in order."""
    return [m.group("t") for m in _QUOTED.finditer(text) if not re.search(r"\d", m.group("t"))]


def query(text: str) -> str | None:
    """The asking sentence with each quoted name it leaves out, or None (nothing quoted outside it)."""
    names = terms(text)
    asked = " ".join(question_sentences(text))
    missing = [n for n in names if n.lower() not in asked.lower()]
    return f"{asked} {' '.join(missing)}"[:400] if asked and missing else None


MAX_WORDS = 170  # an answer quotes, it does not paste a section (the reader's limit)


def read(text: str, outcomes, answer: str, k: int) -> str | None:
    """When the turn would decline: the first section of a passage the quoted-name search returned whose heading
    path names the quoted name ("Writing SMART objectives › The five tests"), quoted from its lead with every item
    of its list (as far as :data:`MAX_WORDS`), cited. The user named what they ask about, and the KB headed a section
    with that name: the words the question shares with its body are no test of that. None otherwise."""
    from agent.offline.meaningsearch import _DECLINE  # the agent's plain decline (imported late: it reads the served KB)
    from agent.offline.passages import is_instruction, is_pointer, units
    from agent.offline.searchq import clean
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
