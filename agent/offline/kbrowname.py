"""A row the knowledge base labels itself, said in full, is the business asked about — not the vocabulary vertical
whose word sits inside the label: "Food Banks" is a cause a KB lists figures for, not "banks" (financial services).

Why: the message parser reads a vertical by the vocabulary's names and their inflections, so one word of a longer
name ("banks" in "food banks", a KB's row under its nonprofits) made the look-up ask for the financial-services
table, which the KB has not, and the answer declined the row the KB does hold. The KB's own row labels are read from
its facts (:func:`mpa.facts.kb_facts`): a benchmark row with no vertical of the vocabulary's filed for it, a label of
two words or more. When the message says such a label in full (each word, singular or plural) and a vocabulary
vertical's match falls inside it, that match is dropped, so the business is read as the user wrote it and the
benchmark tool finds the KB's row. A label that is only the vertical's own name adds nothing and changes nothing.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline import servedkb
from mpa.vocabulary import VOCABULARY


@lru_cache(maxsize=servedkb.PER_KB)
def _labels(folder: str | None) -> tuple[re.Pattern, ...]:
    """A pattern for each of the KB's own multi-word row labels filed under no vocabulary vertical (module doc)."""
    if not folder:
        return ()
    names = {n.lower() for k, syns in VOCABULARY["verticals"].items() for n in (k, *syns)}
    labels = {f.label.strip() for f in servedkb.facts(folder)
              if f.kind == "benchmark" and f.label and not f.vertical and f.label != f.platform
              and f.label != f.geography}
    words = [re.findall(r"[a-z]+", lab.lower()) for lab in sorted(labels)]
    return tuple(re.compile(r"(?<![a-z])" + r"\s+".join(re.escape(w.rstrip("s")) + "s?" for w in ws) + r"(?![a-z])")
                 for ws in words if len(ws) >= 2 and " ".join(ws) not in names)


def outside(text: str, named: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The (position, vertical) pairs of ``named`` not said inside a row label of the served KB's own (module doc)."""
    pats = _labels(servedkb.folder()) if named else ()
    spans = [(m.start(), m.end()) for p in pats for m in p.finditer(text.lower())]
    return [(i, k) for i, k in named if not any(s <= i < e for s, e in spans)]
