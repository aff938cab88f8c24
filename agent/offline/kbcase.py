"""A KB's own acronym or name typed in lower case, read in the KB's capitals: "ev" → "EV", "roi" → "ROI",
"linkedin" → "LinkedIn".

Why: rules key on capitals — an audience named by its acronym ("shopping for an EV"), a metric ("ROI",
"MMM"), a platform — and people typing fast leave every capital off. English cannot tell a lower-case
acronym from a word in general ("us", "la", "it"), so only a word the knowledge base itself answers is read
back: the KB writes it with a capital inside (all capitals, or a capital past the first letter), never
writes it in lower case, and English's frequency dictionary does not know it as a word. Its KB form is the
one the KB writes most. A plural or a possessive typed without its apostrophe ("mmms", "cpms") is read as
the form with "s". Only a fully lower-case word is touched; a word the user capitalised is theirs; a chat
word ("ok", "thx") is the user's register, not the KB's acronym.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline import servedkb

_CASED = re.compile(r"(?<![\w'’-])([A-Za-z][A-Za-z]*[A-Z][A-Za-z]*)(?![\w'’-])")
_LOWER_WORD = re.compile(r"(?<![\w@/.\\'’-])[a-z]{2,}(?![\w@/\\'’-]|\.\w)")


@lru_cache(maxsize=servedkb.PER_KB)
def forms(folder: str | None) -> dict[str, str]:
    """lower-case word → the KB's capitalised form, for the KB folder (see the module doc)."""
    from agent.offline.spelling import english
    if not folder:
        return {}
    cased: dict[str, dict[str, int]] = {}
    lower: set[str] = set()
    for doc in servedkb.documents(folder):
        text = f"{getattr(doc, 'title', '')}\n{getattr(doc, 'text', '')}"
        for m in _CASED.finditer(text):
            w = m.group(1)
            cased.setdefault(w.lower(), {}).setdefault(w, 0)
            cased[w.lower()][w] += 1
        lower.update(re.findall(r"(?<![A-Za-z])[a-z]+(?![A-Za-z])", text))
    from agent.offline.shortforms import CHAT
    skip = set(english()) | {k.lower() for k in CHAT} | {"ok", "okay"}
    return {low: max(seen, key=lambda f: (seen[f], f)) for low, seen in cased.items()
            if low not in lower and low not in skip and len(low) >= 2}


def mark(text: str, folder: str | None = None) -> str:
    """``text`` with each lower-case word that is one of the KB's capitalised acronyms or names written
    as the KB writes it (see the module doc)."""
    known = forms(servedkb.folder() if folder is None else folder)
    if not known:
        return text

    def one(m: re.Match) -> str:
        w = m.group(0)
        if w in known:
            return known[w]
        if w.endswith("s") and w[:-1] in known and w not in known:
            return known[w[:-1]] + "s"
        return w
    return _LOWER_WORD.sub(one, text)
