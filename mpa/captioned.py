"""A list of platform rows asked by the words its caption puts before its metric ("IN-GAME CPM - 2025" / "BY PLATFORM" /
"- Roblox: $14-18"): "what CPM should I plan for in-game ads?" names no platform and no business, only what the list is
about — the answer is that list, one figure per platform.

Why a module: the fact reader keeps each row's platform, metric and vertical (the section's), not the caption's other
words, so "in-game" named nothing the tool knew ("'in-game' names no platform or channel"). The caption is read back
from the KB's text above the row at look-up time; only a list whose rows are platforms ("BY PLATFORM", "BY NETWORK", …)
counts, and only a caption's short run of words before its metric, never a known platform's name (that one is the
platform's own figure) nor the business its rows are for.
"""
from __future__ import annotations

import re

from mpa.captions import _words_before, metric_words
from mpa.labelwords import norm
from mpa.lookups import tables
from mpa.vocabulary import VOCABULARY, match_terms
from rag.engine import RetrievalEngine

_ROW = re.compile(r"^\s*[-*•]\s")
_BY = re.compile(r"^\s*BY\s+(?P<dim>[A-Z][A-Z -]*?)(?:\s+[-–—]\s.*)?\s*$")


def caption_above(text: str, start: int) -> list[str]:
    """The capitalised caption lines over the list row at ``start`` (nearest last), past the rows above it."""
    lines = text[:start].split("\n")[:-1]
    while lines and _ROW.match(lines[-1]):
        lines.pop()
    block: list[str] = []
    while lines and lines[-1].strip() and lines[-1].strip() == lines[-1].strip().upper():
        block.insert(0, lines.pop().strip())
    return block


def _subject(f, text: str) -> str | None:
    """The words before the metric in the caption of the platform list ``f`` is a row of, else None."""
    from mpa.list_rows import names_platforms
    block = caption_above(text, f.start)
    dims = [m.group("dim").lower() for m in map(_BY.match, block) if m]
    if not dims or not names_platforms(dims[0]):
        return None
    said = next(filter(None, (_words_before(h, metric_words(f.metric)) for h in block if not _BY.match(h))), None)
    if not said or not re.fullmatch(r"[A-Za-z][A-Za-z&.' -]{1,40}", said) or len(said.split()) > 4 \
            or match_terms(said, VOCABULARY["platforms"]) or _about(said, f.vertical or ""):
        return None  # a known platform's own figures, or the business the rows are for ("CRYPTO EXCHANGE CPI")
    return said.title() if said.isupper() else said


def _about(said: str, vertical: str) -> bool:
    """Do the caption's words name the business its rows are for ("SECURITY VENDOR" of Cybersecurity's rows)?"""
    whole = norm(vertical).replace(" ", "")
    return any(w.rstrip("s") in whole for w in norm(said.replace("-", " ")).split() if len(w) > 3)


def subject_rows(engine: RetrievalEngine, facts: list, asked: str, metric: str | None = None) -> list:
    """The platform rows among ``facts`` (the KB's, :func:`mpa.fact_lookups.facts`) of the lists whose caption's subject
    is ``asked`` ("in-game", "In Game"), of ``metric`` when given (a canonical metric name), in document order."""
    want = norm(asked.replace("-", " "))
    t = tables(engine)
    return [f for f in facts if f.kind == "benchmark" and f.form == "list" and f.platform and f.metric
            and (metric is None or f.metric == metric) and (s := _subject(f, t.texts.get(f.source, "")))
            and norm(s.replace("-", " ")) == want]


def subjects(engine: RetrievalEngine, facts: list) -> list[str]:
    """Every caption subject of a platform list among ``facts`` ("In-Game"), for the platform note the tools declare."""
    t = tables(engine)
    return sorted({s for f in facts if f.kind == "benchmark" and f.form == "list" and f.platform and f.metric
                   and (s := _subject(f, t.texts.get(f.source, "")))})
