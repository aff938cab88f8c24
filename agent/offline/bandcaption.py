"""A plain-text KB's caption that states a money band, read as the label of the paragraph under it.

Why: a plain-text KB splits advice by budget with ALL-CAPS captions over paragraphs ("TIER 2 - $50K TO $250K PER
MONTH" over "Run a quarterly lift test …"), where a Markdown KB writes "**$50k–$250k a month**: Run …". The reader
cuts a passage into sentences, and a caption is none: it was dropped, the paragraphs under every band read as one
section's prose, and "we spend $120k a month — which measurement fits?" was answered with the other bands' advice.
Written as the paragraph's label, the caption is what :func:`~agent.offline.bands.own_items` already reads in a
Markdown KB: the stated budget's band is quoted, the others left out.

Only a caption whose words bound a money band (:func:`~agent.offline.bands.band`, ``named``) is read so, standing
alone after a blank line over a prose paragraph (not a list, not a "Label: value" line); nothing else changes.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline import bands

_CAPTION = re.compile(r"^[^a-z:_|#]{3,80}$")  # ALL CAPS, no label colon, no table or Markdown mark
_PROSE = re.compile(r"^(?![-*•|#])(?![A-Z][\w ./&-]{0,40}:\s)\S.*[a-z]")  # a sentence, not an item nor "Label: value"


@lru_cache(maxsize=4096)
def labelled(text: str) -> str:
    """``text`` with each money-band caption over a prose paragraph written as that paragraph's label, one list item
    ("- TIER 2 - $50K TO $250K PER MONTH: Run a quarterly …"); ``text`` itself when it has none."""
    if "$" not in text:
        return text
    lines = text.split("\n")
    out, i = [], 0
    while i < len(lines):
        s = lines[i].strip()
        if (_CAPTION.match(s) and re.search(r"[A-Z]", s) and (i == 0 or not lines[i - 1].strip()) and i + 1 < len(lines)
                and _PROSE.match(lines[i + 1].strip()) and bands.band(s, named=True)):
            j = i + 1
            while j < len(lines) and lines[j].strip():
                j += 1
            out.append(f"- {s}: " + " ".join(ln.strip() for ln in lines[i + 1:j]))
            i = j
            continue
        out.append(lines[i])
        i += 1
    return "\n".join(out)
