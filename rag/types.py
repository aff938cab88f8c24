"""Core value types shared across the rag package (DESIGN §4)."""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any

# ``META_KEY: value`` lines declare metadata for their section (rag.documents): they become
# the chunk's ``declared`` fields and are not indexed as body text
DECLARED_LINE = re.compile(r"^[ \t]*META_([A-Z][A-Z0-9_]*):[ \t]*(.*?)[ \t]*$", re.M)


@dataclass
class Chunk:
    """A retrievable passage. ``text`` is the raw source slice ``[start, end)``; the index
    sees :attr:`index_text` (title + section path + text: contextual chunking)."""

    id: str
    doc_id: str
    source: str
    title: str
    section_path: tuple[str, ...]
    text: str
    index: int
    start: int
    end: int
    tokens: int
    metadata: dict[str, Any] = field(default_factory=dict)
    # every section path the chunk holds text of, when it holds more than one (small sections
    # merge); empty for a chunk inside one section
    section_paths: tuple[tuple[str, ...], ...] = ()

    @property
    def held_paths(self) -> tuple[tuple[str, ...], ...]:
        return self.section_paths or (self.section_path,)

    @property
    def headers(self) -> list[str]:
        """Every header above or inside the chunk (each held path's components, title excluded),
        in order: what a section-level relevance judgement matches against."""
        out: list[str] = []
        for p in self.held_paths:
            for h in p[1:] if len(p) > 1 else p:
                if h not in out:
                    out.append(h)
        return out
    declared: dict[str, str] = field(default_factory=dict)  # META_ lines of its section

    @property
    def section(self) -> str:
        """The innermost section header (or the title for a document preamble)."""
        return self.section_path[-1] if self.section_path else self.title

    @property
    def citation(self) -> str:
        """Human citation: ``source › section › subsection``. A chunk holding several sections
        names each of them below their common parent (``source › Parent › A + B``); a parent whose
        header opens the chunk is named by its child's path. Made by :func:`_citation` from the
        fields it depends on (memoised there: every search result and packed passage is cited)."""
        try:
            return _citation(self.source, self.held_paths)
        except TypeError:  # paths given as lists (unhashable): made afresh
            return _citation.__wrapped__(self.source, self.held_paths)

    @property
    def index_text(self) -> str:
        """What the index sees: the title, every header the chunk sits under or holds, the text
        (declared metadata lines removed: they are metadata, not body)."""
        path = list(dict.fromkeys(h for p in self.held_paths for h in p))
        body = DECLARED_LINE.sub("", self.text) if self.declared else self.text
        return f"{self.title}\n{' › '.join(path)}\n{body}"

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["section_path"] = list(self.section_path)
        d["section_paths"] = [list(p) for p in self.section_paths]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Chunk":
        d = dict(d)
        d["section_path"] = tuple(d["section_path"])
        d["section_paths"] = tuple(tuple(p) for p in d.get("section_paths") or ())
        return cls(**d)


@dataclass
class SearchResult:
    """One ranked hit. ``score`` is in [0, 1]; ``breakdown`` explains it."""

    chunk: Chunk
    score: float
    rank: int
    breakdown: dict[str, float] = field(default_factory=dict)

    @property
    def citation(self) -> str:
        return self.chunk.citation

    @property
    def citation_id(self) -> str:
        return self.chunk.id

    def to_dict(self, with_text: bool = True) -> dict[str, Any]:
        d = {
            "rank": self.rank,
            "id": self.chunk.id,
            "score": round(self.score, 6),
            "source": self.chunk.source,
            "section": self.chunk.section,
            "sections": self.chunk.headers,
            "citation": self.citation,
            "breakdown": {k: round(v, 6) for k, v in self.breakdown.items()},
        }
        if with_text:
            d["text"] = self.chunk.text
        return d


class ResultList(list):
    """A list of :class:`SearchResult` that can carry a ``reason`` when it is empty
    (empty query, only stop words, everything filtered out)."""

    def __init__(self, items=(), reason: str | None = None):
        super().__init__(items)
        self.reason = reason


@lru_cache(maxsize=16384)
def _citation(source: str, held_paths: tuple[tuple[str, ...], ...]) -> str:
    """:attr:`Chunk.citation` of a chunk of ``source`` holding ``held_paths`` (a pure function of them)."""
    paths = [p for p in held_paths if not any(len(q) > len(p) and q[:len(p)] == p for q in held_paths)]
    if len(paths) == 1:
        return " › ".join([source, *paths[0][1:]])
    common = list(paths[0])
    for p in paths[1:]:
        n = 0
        while n < min(len(common), len(p)) and common[n] == p[n]:
            n += 1
        common = common[:n]
    tails = list(dict.fromkeys(" › ".join(p[len(common):]) for p in paths))
    sep = "; " if any(" › " in t for t in tails) else " + "  # "A › B; C › D" cannot be misread
    return " › ".join([source, *common[1:], sep.join(tails)])
