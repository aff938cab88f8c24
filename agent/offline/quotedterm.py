"""A term the user puts in quotes beside the question — "someone said it has to be 'SMART'", "my boss keeps saying
"always-on"" — searched with the question.

Why: the quotes mark a name the user heard and passes on; it is usually the KB's own name for the method asked
about (a heading: "Writing SMART objectives"). But it sits in a sentence of the story, not in the asking sentence,
and the whole message is too long for the search's coverage floor (most of its words are the story's), so the
search of the whole message comes back empty and the search of the asking sentence alone drops the name. A search
of the asking sentence with the quoted name beside it finds the section (read by :mod:`quotedread`). Read from typography only: straight or
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

