"""An acronym that is a word of a platform's name the question says ("TV" of "connected TV").

Why: the reader refuses passages that never write a code or acronym the question asks about (a passage on
Meta does not answer a question on Reddit). But "TV" in "connected TV" is not asked on its own: it is part of
the platform's name, and a KB that writes the platform by another of its names ("CTV", "streaming TV") names
it all the same. So such an acronym is found when the passages name the platform by any of its names.
"""
from __future__ import annotations

import re

from mpa.vocabulary import VOCABULARY, match_terms, term_pattern


def in_said_name(acronym: str, question: str, text: str) -> bool:
    """Is ``acronym`` a word of a vocabulary platform name ``question`` says, and does ``text`` (the passages,
    lower-cased or not) name that platform by one of its names?"""
    for key in match_terms(question, VOCABULARY["platforms"]):
        names = [key.lower(), *VOCABULARY["platforms"][key]]
        said = [n for n in names if re.search(rf"(?<![a-z]){re.escape(n)}(?![a-z])", question.lower())]
        if any(acronym.lower() in n.split() for n in said) and term_pattern(tuple(names)).search(text.lower()):
            return True
    return False
