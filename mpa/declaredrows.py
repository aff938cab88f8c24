"""Rows of a list by a kind of business ("BY VENUE TYPE", "BY PROGRAM TYPE") that the section declares as its verticals.

Why: a list "BY VENUE TYPE" over "- Escape Rooms: $18.50–24.00" is kept by its own dimension (the fact reader files no
vertical for a row of a dimension it does not know to be businesses), and the benchmark tool still finds the row when
asked for it; but the agent learns the KB's businesses from the tool's declared labels, so a bare follow-up ("what
about trampoline parks?") named nothing it knew and kept the business of the turn before — the escape rooms' figure
came back for trampoline parks. When the section's own ``META_VERTICALS`` line names the row (``TRAMPOLINE_PARKS``), the
KB itself says the row is a business: it is declared with the others.
"""
from __future__ import annotations

import re

from mpa.lookups import tables
from rag.engine import RetrievalEngine

_DECLARED = re.compile(r"^[ \t]*META_VERTICALS:[ \t]*(.*)$", re.M)


def _key(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", name.lower())


def declared_rows(facts: list, texts: dict[str, str]) -> set[str]:
    """The labels of benchmark rows filed with no vertical (nor platform) that the ``META_VERTICALS`` line of their
    section — the last one above the row in its document's text (``texts``: source → text) — names."""
    out = set()
    for f in facts:
        if f.kind != "benchmark" or f.vertical or f.platform or not f.label or not f.qualifier:
            continue
        above = _DECLARED.findall((texts.get(f.source) or "")[:f.start])
        if above and _key(f.label) in {_key(v) for v in above[-1].split(",") if v.strip()}:
            out.add(f.label)
    return out


def rows(engine: RetrievalEngine, facts: list) -> set[str]:
    """:func:`declared_rows` of the engine's KB."""
    return declared_rows(facts, tables(engine).texts)
