"""A how-to question answered from a short list of ways: every item of the list is quoted, not the best few.

Why: the reader quotes a section's sentences that share the question's words (at most three). When the
question asks *how to do* something ("how do we grow the list?", "what do we need to set up so …?") and the
section that answers it is a list of the ways to do it, each item is one way, and the items that carry the
method rarely repeat the question's words: they name the method ("a delayed pop-up with a clear reason to
join", "unchecked consent boxes at checkout") while the question's words sit in the section's heading and its
closing remark. The best-matching sentences then were the remark and one item, and the answer left out most
of the ways the knowledge base lists. The list is the answer; quoted whole when it is short (the reader's
:data:`~agent.offline.reader.MAX_WORDS`).

Only lists of ways are completed, never lists of figures or tables: an item stating an amount, a percentage or a
range is a table row or a budget band, and a table's row (read out with its column names) one of a matrix's rows, which the reader chooses one by one (the business asked, the band of the
budget said — :mod:`~agent.offline.shortrule` leaves them out for the same reason). Nor when the question
states figures of its own (it asks for a working, not the ways), nor when the previous answer already quoted
the section (a follow-up asks for something new of it: :mod:`~agent.offline.unrepeated`).
"""
from __future__ import annotations

import re

from agent.offline.unrepeated import quoted

# a question asking how to do something: "how do we …", "how can I …", "how to …", "what do we need …",
# "what should we set up …" — not "how many / how much" (a quantity) nor "what is …" (a definition)
HOW_TO = re.compile(r"\bhow (?:do|does|can|could|should|would|will|to|are we supposed to)\b|"
                    r"\bwhat (?:do|does|should|must|can) (?:i|we|you|they|one)\b", re.I)
_FIGURE = re.compile(r"[$€£%]|\d")  # an item stating an amount or a count is a row or a band, not a way
# a table row read out with its column names ("Lapsed customers — lead pillar: …; supporting pillar: …"): a row of a
# matrix the reader picks rows from, not one of a list of ways
_ROW = re.compile(r"^[^—]{1,80} — [^:;—]{1,40}: ")


def completed(question: str, chosen: list, section: list, previous: str, limit: int) -> list:
    """``chosen`` plus every other unit of ``section`` in reading order, when ``question`` asks how to do
    something, ``section`` holds a list of at least two items none of which states a figure, and the whole
    section fits ``limit`` words; ``chosen`` otherwise (module doc)."""
    if not HOW_TO.search(question) or _FIGURE.search(question):
        return chosen
    items = {c.item for c in section if c.item >= 0}
    if len(items) < 2 or any(_FIGURE.search(c.text) or _ROW.search(c.text) for c in section if c.item >= 0):
        return chosen
    if len(chosen) >= len(section) or sum(len(c.text.split()) for c in section) > limit:
        return chosen
    if previous and any(quoted(c.text, previous) for c in section):
        return chosen
    return sorted(section, key=lambda c: c.pos)
