"""A platform the KB lists as one row of a list by a kind of platform ("BY LEAD SITE" / "- Angi: $215 to $270"), asked
about in a rule's terms: "can I put half of my budget into Angi?" is a question about one lead site.

Why a module: the KB states its rule for the kind ("no single lead site … takes more than 40% of a client's paid
budget"), never for each row, and the question names the row; the search for the row's name alone found nothing, so
the turn declined. When the reader declined, the search is run once more with each such platform said as one of its
kind (the "BY …" line of the list it is a row of, read from the served KB), so the rule's section and the row's list
are both found and the reader can quote the rule; a question of what one may do ("can I …", "is it ok to …") runs that
search from the start. Nothing when the platform is no row of a list by a kind of platform.
"""
from __future__ import annotations

import re

from agent.offline import kblabels, leaveask, servedkb
from mpa.list_rows import names_platforms

_BY = re.compile(r"^\s*BY\s+([A-Z][A-Z -]*?)(?:\s+[-–—]\s.*)?\s*$")
_DECLINED = "The knowledge base does not contain information"


def kind(name: str) -> str | None:
    """The kind of platform ``name`` is a row of in the served KB ("lead site" of "BY LEAD SITE"), else None."""
    kb = servedkb.folder()
    row = re.compile(rf"^\s*[-*•]\s*{re.escape(name)}\s*:", re.I | re.M)
    for d in servedkb.documents(kb) if kb else ():
        for m in row.finditer(d.text):
            for line in reversed(d.text[:m.start()].rstrip("\n").split("\n")[-15:]):
                if (by := _BY.match(line)) is not None:
                    dim = " ".join(by.group(1).lower().split())
                    return dim if names_platforms(dim) and dim not in ("platform", "platforms") else None
                if not line.strip():
                    break
    return None


def query(question: str, outcomes: list, answer: str) -> str | None:
    """The question with each platform the KB lists by its kind said as "one <kind>", to search once when the reader
    declined; else None."""
    if not answer.startswith(_DECLINED):
        return None
    out = _as_kind(question)
    if out == question or any(o.input.get("query") == out for o in outcomes):
        return None
    return out


def as_searched(question: str, outcomes: list) -> str:
    """The question as :func:`query` said it, once that search is among ``outcomes`` (the reader then reads the rule
    for the kind, which never names the row); else the question."""
    said = _as_kind(question)
    return said if said != question and any(o.input.get("query") == said for o in outcomes) else question


def _as_kind(question: str) -> str:
    out = question
    for s, e, name in sorted(kblabels.platforms_in(question), reverse=True):
        if k := kind(name):
            out = f"{out[:s]}one {k}{out[e:]}"
    return out


def calls(question: str, tools: set[str]) -> list[tuple[str, dict]]:
    """For a question of what one may do ("can I put half into Angi?"), the search with each such platform said as one
    of its kind, beside the turn's own searches; [] otherwise."""
    said = _as_kind(question) if "search_knowledge_base" in tools and leaveask.ASKS_LEAVE.search(question) else question
    return [("search_knowledge_base", {"query": said[:400], "top_k": 8})] if said != question else []
