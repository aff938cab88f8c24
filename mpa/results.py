"""The results the structured look-ups return (:mod:`mpa.lookups`, :mod:`mpa.audience_lookups`,
:mod:`mpa.fact_lookups`): a benchmark, a sized audience, and the look-up answer that carries one or the reason
there is none.

Why a module of its own: three look-up modules build these and the tools read them (``to_dict()`` is the
structured payload a tool result carries), so the types sit apart from any one way of finding a figure. Every
result is a :class:`CitedFigure`: the unit its figure is in and the chunk that cites it, built alike by
:func:`citing`.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from rag.types import Chunk


@dataclass(kw_only=True)
class CitedFigure:
    """What every look-up result carries beside its figure: the unit the figure is in ("$", "%", "x" for a
    benchmark; "people" or "households" for an audience) and where it is cited — the source file, the chunk that
    holds the figure and that chunk's citation. One base so the tools cite every kind of result alike; keyword-only,
    so a result's own fields keep their places in its constructor (``to_dict()`` lists these first)."""

    source: str
    chunk_id: str
    citation_text: str
    unit: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def citing(chunk: Chunk | None, source: str) -> dict[str, str]:
    """The citation fields of a result read at ``chunk`` of ``source``: the chunk's own, or the file alone when no
    chunk holds the figure."""
    return {"source": source, "chunk_id": chunk.id if chunk else "", "citation_text": chunk.citation if chunk else source}


@dataclass
class BenchmarkResult(CitedFigure):
    """One vertical × metric benchmark. ``value`` is the Typical cell verbatim ("$30–$55");
    ``low``/``high`` are the numbers of that typical range; ``low_value``/``high_value`` are the
    Low and High columns (stress-test bounds)."""

    metric: str
    vertical: str
    value: str
    low: float | None
    high: float | None
    low_value: float | None
    high_value: float | None
    qualifier: str
    metric_name: str = ""
    low_text: str = ""
    high_text: str = ""
    notes_chunk_id: str | None = None
    matched_by: str = "table"  # "table" | "text" (fallback line in prose) | a fact's form (mpa.facts)
    platform: str | None = None
    period: str | None = None
    vertical_matched_by: str = ""  # how a business phrase was read as this vertical (mpa.business), "" when named


@dataclass
class AudienceSizingResult(CitedFigure):
    """A sized audience: ``total_size`` is a number (people, or households when ``unit`` says
    so); ``methodology`` is the factor chain and method that produced it."""

    audience_type: str
    total_size: float | None
    size_text: str
    methodology: str
    geography: str
    method: str = ""
    base_population: str = ""
    qualifiers: str = ""
    worked_example_id: str | None = None
    other_geographies: list[str] = field(default_factory=list)


@dataclass
class Lookup:
    """A look-up answer with the reason when there is none (for the tool's message)."""

    result: Any
    reason: str = ""
