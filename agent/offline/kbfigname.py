"""A split the knowledge base names by its figures ("the 70/20/10 rule", "50/30/20"), typed with spaces or dashes:
"do 70 20 10 with the budget", "a 70-20-10 split" → "70/20/10".

Why: the KB writes such a name as one compound, and the index reads it as one rare term ("70/20/10") beside its
parts. Typed "70 20 10", the message holds only three common numbers: "10" is in every table, "110%" in a pacing
band, so the reader ranks a tolerance band or a document's overview first, and "what does that even mean?" is
answered with the wrong rule. Only a compound the served KB itself writes — three or more numbers joined by "/"
(two could be any range: "20-30 leads") — and only the same numbers in the same order, each apart from the next by
white space, a dash or a spaced slash alone (no "%", "$" or decimal point next to them) is read as the KB writes it.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline import servedkb

_COMPOUND = re.compile(r"(?<![\w./$])(\d{1,3}(?:/\d{1,3}){2,})(?![\w/%]|\.\d)")
_GAP = r"(?:\s*[-–—/]\s*|\s+)"


@lru_cache(maxsize=servedkb.PER_KB)
def _typed(folder: str | None) -> tuple[tuple[re.Pattern, str], ...]:
    """(the compound typed with spaces or dashes, the KB's form) for each compound the KB at ``folder`` writes."""
    if not folder:
        return ()
    written = {m.group(1) for doc in servedkb.documents(folder)
               for m in _COMPOUND.finditer(f"{getattr(doc, 'title', '')}\n{getattr(doc, 'text', '')}")}
    return tuple((re.compile(r"(?<![\w.,$/])" + _GAP.join(c.split("/")) + r"(?![\w%/]|[.,]\d)"), c) for c in sorted(written))


def mark(text: str, folder: str | None = None) -> str:
    """``text`` with each of the KB's figure-named splits typed with spaces or dashes written as the KB writes it."""
    if not re.search(r"\d[\s\-–—/]+\d", text):
        return text
    for typed, kb in _typed(servedkb.folder() if folder is None else folder):
        text = typed.sub(kb, text)
    return text
