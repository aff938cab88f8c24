"""Questions about what the knowledge base covers: "which industries do you have figures for?",
"what markets does the KB cover?" — answered with the KB's own list, cited.

Why a module: such a question asks for a *list of the KB's kinds of things*, not a passage that
shares its words; quoting the best three sentences of a section names three of ten. The list is
read at run time from the retrieved passages: a table (or bulleted list) under a heading, or with
a column header, that names the kind asked about ("Vertical synonyms", a "Vertical name" column),
and its rows' entries in that column are the answer. Grammar only: "which / what" + a plural
noun + "do you / does the knowledge base / can you" + a verb of having (have, cover, know, …).
"""
from __future__ import annotations

import re

from agent.offline.passages import markdown_tables, terms

_ASK = re.compile(r"\b(?:which|what)\s+(?:kinds? of\s+|types? of\s+)?(?P<kind>[a-z][\w-]*s)\b[^?.!]{0,40}?\b"
                  r"(?:do|does|can|could|did)\s+(?:you|u|ya|the (?:knowledge base|kb|tool|tools|data)|it|this)\b"
                  r"[^?.!]{0,30}?\b(?:have|has|got|cover|covers|know|support|supports|include|includes|hold|holds|"
                  r"carry|list|keep|keeps|store|stores|track|tracks|offer|offers|provide|provides|give|gives|"
                  r"contain|contains)\b", re.I)
_MIN_ROWS = 3


def asked_kind(text: str) -> str | None:
    """The kind of thing a coverage question asks the KB to list ("verticals"), or None."""
    m = _ASK.search(text)
    return m.group("kind").lower() if m else None


def listing(kind: str, passages: list[dict]) -> str | None:
    """The entries of the first table of the passages whose heading or a column header names
    ``kind`` (that column's cells, else the first column's), cited — or None."""
    want = set(terms(kind))
    for ps in passages:
        for heading, (header, *rows) in markdown_tables(ps.get("text", "")):
            if len(rows) < _MIN_ROWS:
                continue
            cols = [k for k, h in enumerate(header) if want & set(terms(h))]
            if not cols and not want & set(terms(heading)):
                continue
            col = cols[0] if cols else 0
            filled = [r[col] for r in rows if col < len(r) and r[col]]
            names = list(dict.fromkeys(filled))  # a market of two rows is one market
            if len(filled) < _MIN_ROWS or len(names) < 2:
                continue
            said = ", ".join(names[:-1]) + f" and {names[-1]}"
            where = f' ("{heading}")' if heading else ""
            return (f"Based on Knowledge Base [{ps['id']}]: the knowledge base lists {len(names)} {kind}{where}: "
                    f"{said}.")
    return None
