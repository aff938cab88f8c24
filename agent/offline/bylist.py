"""Which of a section's lists a "which … is cheapest?" question asks over: the one whose "BY …" line it names.

Why: a plain-text KB puts several lists under one section — the costs by service type, the rates by service type,
the costs by lead source — and "which lead source is cheapest for monitored alarm systems?" took the cheapest
dollar row of all of them (a video doorbell's $64-82, a row of another list), or none when the section mixed too
much. The list's own "BY <dimension>" line says what its rows are; when the question says that dimension (every
word of it, by stem: "lead source", "wedding marketplace", "streaming service"), only that list's rows are
compared. A question naming no list's dimension, or a passage with no such lines, compares the rows as before.
"""
from __future__ import annotations

import re

from agent.offline.passages import term_set

_BY = re.compile(r"^BY ([A-Z][A-Z -]*?)(?:\s+[-–—]\s+.*)?\s*$", re.M)


def narrowed(question: str, items: list, text: str) -> list:
    """The ``items`` (units of one section, from the passage ``text``) under the "BY …" line the question names."""
    lines = [(m.start(), term_set(m.group(1))) for m in _BY.finditer(text or "")]
    asked = term_set(question)
    named = {at for at, words in lines if words and words <= asked}
    if not named or len(named) == len(lines):
        return items

    def under(c) -> int | None:  # the "BY …" line right above the item
        at = c.item - 10_000 if c.item >= 10_000 else text.find(c.text[:40])
        above = [start for start, _ in lines if 0 <= start < at] if at >= 0 else []
        return above[-1] if above else None
    kept = [c for c in items if under(c) in named]
    return kept if len(kept) >= 2 else items
