"""The media-planning domain wired into the generic retrieval engine.

    from mpa.engine import build_engine
    engine = build_engine("kb", get_preset("hybrid-weighted"), index_path=".index/kb-index.json")

:func:`domain` bundles the tagger (:mod:`mpa.tagging`), the benchmark and step boosts and the
reranker features (:mod:`mpa.ranking`) and the intent rules (:mod:`mpa.intent`) into a
:class:`rag.domain.Domain`. Its ``version`` is a hash of the vocabulary, so editing a synonym
list re-tags the index instead of reusing stale metadata.
"""
from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from mpa import ranking
from mpa.intent import detect_intent
from mpa.tagging import declare, tag
from mpa.vocabulary import VOCABULARY
from rag.config import RagConfig
from rag.domain import Domain
from rag.engine import RetrievalEngine
from rag.settings import RagSettings

# filter names of the tools and tests → the tagger's metadata fields
FILTERS = {"document_types": "document_type", "topics": "topics", "steps": "steps", "verticals": "verticals",
           "has_benchmarks": "has_benchmarks"}


@lru_cache(maxsize=1)
def _vocabulary_hash() -> str:
    return hashlib.sha256(json.dumps(VOCABULARY, sort_keys=True).encode()).hexdigest()[:12]


def domain(benchmark_boost: float = ranking.BENCHMARK_BOOST, step_boost: float = ranking.STEP_BOOST) -> Domain:
    """The media-planning :class:`Domain`; boost factors of 1.0 switch a boost off."""
    if benchmark_boost < 1 or step_boost < 1:
        raise ValueError("boosts are multipliers >= 1 (use 1.0 to switch one off)")
    return Domain(name="mpa", version=_vocabulary_hash(), tagger=tag,
                  boosts=(ranking.benchmark_boost(benchmark_boost), ranking.step_boost(step_boost)),
                  intent=detect_intent, features=ranking.RERANK_FEATURES, filters=FILTERS, declare=declare)


def build_engine(kb_dir: str | Path, config: RagConfig | None = None, index_path: str | Path | None = None,
                 rebuild: bool = False, store: str | None = None) -> RetrievalEngine:
    """A media-planning engine over ``kb_dir`` (index reuse as :meth:`RetrievalEngine.from_directory`).
    With ``store`` (or ``$MPA_STORE``) a ``postgresql://`` URI, the KB is synced into Postgres and
    the engine built from the stored chunks (:func:`rag.pgstore.open_engine`); no index file."""
    store = store or RagSettings.read("store")
    if store:
        from rag.pgengine import open_engine

        return open_engine(store, kb_dir, config, domain(), rebuild=rebuild)
    return RetrievalEngine.from_directory(kb_dir, config, index_path=index_path, rebuild=rebuild, domain=domain())


def load_engine(path: str | Path, kb_dir: str | Path | None = None, config: RagConfig | None = None) -> RetrievalEngine:
    """A media-planning engine from an index file (see :meth:`RetrievalEngine.load`)."""
    return RetrievalEngine.load(path, kb_dir, config, domain=domain())
