"""Machine-checkable citations (DESIGN §6): the phrase "Based on Knowledge Base" plus bracketed
chunk ids such as ``[pricing-guide#3]``. One parser, shared by the conversation engine
(runtime citation check) and the scorers, so both always agree on what was cited.
"""
from __future__ import annotations

import re

KB_PHRASE = re.compile(r"based on (?:the )?knowledge[- ]base", re.I)
CHUNK_ID = r"[A-Za-z0-9][A-Za-z0-9._/\-]*#\d+"
CHUNK_ID_RE = re.compile(CHUNK_ID)
BRACKET = re.compile(r"\[([^\[\]]{1,400})\]")


def cited_ids(text: str) -> list[str]:
    """Chunk ids cited in brackets, in order of first appearance, deduplicated:
    ``[a#1]``, ``[a#1, b#2]`` and ``[a#1][b#2]`` all count."""
    out: list[str] = []
    for m in BRACKET.finditer(text or ""):
        for part in re.split(r"[,;\s]+", m.group(1)):
            part = part.strip()
            if part and re.fullmatch(CHUNK_ID, part) and part not in out:
                out.append(part)
    return out


def remove_citations(text: str, ids: set[str] | list[str]) -> str:
    """Drop the given ids from every bracket (a bracket left empty disappears)."""
    drop = set(ids)

    def fix(m: re.Match) -> str:
        parts = [p.strip() for p in re.split(r"[,;]", m.group(1))]
        if not any(re.fullmatch(CHUNK_ID, p) for p in parts):
            return m.group(0)
        keep = [p for p in parts if p and p not in drop]
        return f"[{', '.join(keep)}]" if keep else ""

    return re.sub(r"[ \t]+([.,;:])", r"\1", BRACKET.sub(fix, text or ""))
