"""What a knowledge domain plugs into the generic retrieval engine.

The engine knows documents, chunks, lexical/dense scores and fusion; it knows nothing about
what the documents are about. A :class:`Domain` adds that, as plain callables:

* ``tagger(source, title, section_path, text) -> dict`` — metadata stored with each chunk in
  the index (filters and boosts read it). It runs at indexing time, so its identity (``name``,
  ``version`` and the tagger's qualified name) is part of the index fingerprint: an index
  built for another domain, or by an older tagger, is never reused.
* ``boosts`` — each ``boost(query, chunks) -> list[float] | None`` is called once per search
  with the candidate chunks and returns one multiplier (≥ 1) per chunk, or ``None`` when the
  query does not concern it (then it costs nothing per candidate). Boosts are search-time:
  changing them never forces a rebuild.
* ``intent(query) -> QueryIntent`` — picks fusion weights (adaptive mode), the reranker's
  applicable features and the packer's answerability bonus. Default: the generic rules.
* ``features`` — extra reranker features ``(name, weight, make)``: ``make(query, intent)``
  returns a ``chunk -> [0, 1]`` scorer, or ``None`` when the feature does not apply to the
  query (its weight then goes back to the first-stage score).
* ``filters`` — filter name → metadata field, when they differ (``{"kinds": "kind"}``); any
  other filter name must be a metadata field itself.
* ``declare(metadata, declared) -> dict`` — folds a chunk's declared ``META_KEY: value``
  fields (parsed generically by :mod:`rag.documents`) into its tagged metadata; declared
  values override keyword tagging. Default: kept as ``metadata["declared"]``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from rag.intent import QueryIntent, detect_intent
from rag.types import Chunk

Tagger = Callable[[str, str, Sequence[str], str], dict]
Boost = Callable[[str, Sequence[Chunk]], "Sequence[float] | None"]
FeatureFactory = Callable[[str, QueryIntent], "Callable[[Chunk], float] | None"]


@dataclass(frozen=True)
class Domain:
    name: str = "generic"
    version: str = "1"
    tagger: Tagger | None = None
    boosts: tuple[Boost, ...] = ()
    intent: Callable[[str], QueryIntent] = detect_intent
    features: tuple[tuple[str, float, FeatureFactory], ...] = ()
    filters: Mapping[str, str] = field(default_factory=dict)
    declare: Callable[[dict, dict], dict] | None = None

    @property
    def identity(self) -> str:
        """What the on-disk index depends on: the domain and its tagger."""
        def who(f) -> str:
            return f"{f.__module__}.{getattr(f, '__qualname__', type(f).__name__)}" if f is not None else "none"

        return f"{self.name}:{self.version}:{who(self.tagger)}:{who(self.declare)}"

    def tag(self, source: str, title: str, section_path: Sequence[str], text: str) -> dict[str, Any]:
        return dict(self.tagger(source, title, tuple(section_path), text)) if self.tagger is not None else {}

    def metadata(self, chunk: Chunk) -> dict[str, Any]:
        """The metadata stored with ``chunk``: tagged, then its declared fields folded in."""
        meta = self.tag(chunk.source, chunk.title, chunk.section_path, chunk.text)
        if not chunk.declared:
            return meta
        if self.declare is not None:
            return dict(self.declare(meta, dict(chunk.declared)))
        return {**meta, "declared": dict(chunk.declared)}

    def with_(self, **changes: Any) -> "Domain":
        from dataclasses import replace

        return replace(self, **changes)


GENERIC = Domain()
