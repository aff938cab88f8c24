"""A question asking for every member of an enumeration gets the whole list or table it is quoted from.

Why: the reader quotes a section's best-matching sentences, at most three; a table's rows and a
list's items are chosen one by one (:mod:`agent.offline.shortrule`). That suits "what rate is
normal for X?" — one row answers it — but not a question that asks for each member of a set of
kinds ("how often should each kind of report go out?", "what goes in every tier?", "daily, weekly,
etc?"): there the rows left out are part of the answer, and a quote of the first two reads as if
there were no others. So when the question asks distributively (each / every / all the kinds, the
different types, "etc", "and so on") and the quote already holds a row of the section's table, every
row comes, in reading order, when the section fits the answer's word cap; prose of the section not
quoted stays out (the rows are what was asked for). Table rows only: a plain list's items can be
fragments under sub-headings the quote would drop ("Paid social: 20-25%" under one plan shape of
three), and added without them they would read as one list.
"""
from __future__ import annotations

import re

# "each kind of", "every type of", "all the stages", "the different tiers", "the various options";
# "etc" / "and so on" after an example or two of the members
_KINDS = r"(?:kinds?|types?|sorts?|categor(?:y|ies)|stages?|tiers?|levels?|options?|cadences?|phases?)"
EVERY = re.compile(rf"\b(?:(?:each|every|all(?:\s+the)?|the\s+(?:different|various))\s+{_KINDS}\b"
                   r"|\betc\b\.?|\band\s+so\s+(?:on|forth)\b)", re.I)
# a table row as the reader renders it (agent.offline.passages.units): "Daily — report: …; audience: …."
ROW = re.compile(r"^[^—\n]+ — [a-z][^:;\n]*: ")


def asks_every(question: str) -> bool:
    """Does the question ask for every member of a set of kinds (module doc)?"""
    return bool(EVERY.search(question))


def widened(question: str, chosen: list, section: list, max_words: int) -> list:
    """``chosen`` with every table row of ``section`` added in reading order, when the question asks for every
    member (:func:`asks_every`), ``chosen`` holds one of the rows, some row is missing, and the result fits
    ``max_words``; ``chosen`` otherwise."""
    def row(c) -> bool:
        return c.item >= 0 and bool(ROW.match(c.text))
    if not asks_every(question) or not any(row(c) for c in chosen):
        return chosen
    items = [c for c in section if row(c)]
    missing = [c for c in items if c not in chosen]
    if not missing:
        return chosen
    out = sorted(chosen + missing, key=lambda c: c.pos)
    return out if sum(len(c.text.split()) for c in out) <= max_words else chosen
