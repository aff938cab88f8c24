"""A split written on one line of shares under its caption, read as one statement naming each part before its share.

Why: a plain-text KB may give one starting split per kind of business as a caption over a single line of shares —
"STARTING MIX: CUSTOM TATTOO STUDIO" over "Instagram 45% | Google search 25% | TikTok 15% | Test money 15%". The line
has no sentence end and the caption stands alone, so the passage reader (:func:`~agent.offline.passages.units`) drops
both as fragments, and the split reader (:mod:`~agent.offline.splitrule`) never saw the split to work on the user's
budget. Here such a line becomes the form a mix table read out already has ("Custom tattoo studio: Instagram: 45%;
Google search: 25%; …."): what the split is for first (the caption's last part, after its colon — the words the case
is told apart by, not the "starting mix" every caption shares), then each part named before its share.

Only the layout is read: two or more cells apart by "|", each a name then one percentage, adding up to 100 (a point
either way); a caption is the line directly above when it is in capitals with no sentence end. Nothing else changes.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline.captionrows import spoken

_CELL = re.compile(r"^\s*(?P<name>[A-Za-z][^|%:\d]{0,50}?)\s+(?P<share>\d{1,2}(?:\.\d+)?)\s*%\s*$")
_CAPTION = re.compile(r"^[^a-z.!?;|]{3,80}$")  # capitals, no sentence end, no pipe


def _shares(line: str) -> list[tuple[str, str]] | None:
    """(name, share) of each cell of a line of shares adding up to 100, else None."""
    if "|" not in line or "%" not in line:
        return None
    cells = [_CELL.match(c) for c in line.split("|")]
    if len(cells) < 2 or not all(cells):
        return None
    found = [(m.group("name").strip(), m.group("share")) for m in cells]
    return found if abs(sum(float(s) for _, s in found) - 100) <= 1 else None


@lru_cache(maxsize=4096)
def read(text: str) -> str:
    """``text`` with each captioned line of shares (module doc) written as one statement; ``text`` itself when none."""
    if "|" not in text or "%" not in text:
        return text
    lines = text.split("\n")
    out: list[str] = []
    for ln in lines:
        found = _shares(ln)
        if not found:
            out.append(ln)
            continue
        head = out[-1].strip() if out else ""
        lead = ""
        if head and _CAPTION.match(head) and re.search(r"[A-Z]", head):
            lead = spoken(head.rpartition(":")[2].strip() or head)
            out.pop()
        said = "; ".join(f"{n}: {s}%" for n, s in found) + "."
        out.append(f"{lead}: {said}" if lead else said)
    return "\n".join(out)
