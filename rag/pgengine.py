"""The engine over a Postgres store: :func:`open_engine` syncs a KB folder into the store and
builds it from the stored chunks.

Why a subclass and not a second engine: the store is the source of truth, but search, modes,
filters, citations and packing must behave exactly as on an index file, so the in-memory
engine is built over the chunks read back from Postgres and only ``method="postgres"`` — the
store's own SQL retriever — is added. Everything else is :class:`RetrievalEngine` unchanged.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from rag.config import RagConfig
from rag.documents import EmptyKnowledgeBaseError
from rag.domain import GENERIC, Domain
from rag.engine import RetrievalEngine, index_hash
from rag.pgstore import PostgresStore, StoreError, schema_for, text_key
from rag.types import ResultList, SearchResult


class PostgresEngine(RetrievalEngine):
    """:class:`RetrievalEngine` plus ``method="postgres"`` answered by ``self.store`` in SQL."""

    store = None  # rag.pgstore.PostgresStore, set by open_engine
    sync_report = None  # what the last sync did (rag.pgstore.SyncReport)

    def search(self, query, top_k=None, filters=None, method=None, mode=None):
        if method != "postgres":
            return super().search(query, top_k, filters, method, mode)
        if mode is not None:
            raise ValueError("method postgres is one retriever: it takes no mode")
        self.filter_mask(filters)  # the engine's validation and its messages
        top_k = top_k or self.config.top_k
        if not query or not query.strip():
            return ResultList([], reason="empty query")
        hits = [(i, s) for i, s in self.store.search(query, top_k, filters, dict(self.domain.filters))
                if i in self.by_id]
        if not hits:
            return ResultList([], reason="no chunk passes the filters" if filters else "no chunk matches the query")
        ids, _, unknown = self.index.query_terms(query)
        rows = [self.by_id[i] for i, _ in hits]
        cover = self.index.coverage(ids, np.asarray(rows, dtype=np.int64), len(unknown))
        top = hits[0][1] or 1.0
        return ResultList(SearchResult(chunk=self.chunks[r], score=s / top, rank=n, breakdown={
            self.store.ranking: s, "fused": s / top, "boost": 1.0, "coverage": float(cv)})
            for n, ((_, s), r, cv) in enumerate(zip(hits, rows, cover.tolist()), start=1))

    def with_config(self, config):
        if config.dense_weight > 0 and (self.dense is None or self.config.dense_max_tokens != config.dense_max_tokens):
            _attach_dense(self, self.store, config.dense_max_tokens)  # from pgvector, not re-encoded per process
        clone = super().with_config(config)
        clone.__class__ = PostgresEngine  # the base class clones into itself
        return clone

    def with_domain(self, domain):
        clone = super().with_domain(domain)
        clone.__class__ = PostgresEngine
        return clone


def open_engine(uri: str, kb_dir: str | Path | None = None, config: RagConfig | None = None,
                domain: Domain | None = None, schema: str | None = None, rebuild: bool = False, **store_kw):
    """Sync ``kb_dir`` into the store (when given), read every chunk back and build the engine
    over them: the store is the source of truth, the engine its searchable view. Without
    ``kb_dir`` the store must already hold a KB synced with this configuration and domain."""
    from rag.analyzer import get_analyzer
    from rag.index import count_matrix

    cfg, dom = config or RagConfig(), domain or GENERIC
    if schema is None and kb_dir is None:
        raise StoreError("name the store's schema or the KB folder it holds")
    store_kw = {"bm25_k1": cfg.bm25_k1, "bm25_b": cfg.bm25_b, **store_kw}
    store = PostgresStore(uri, schema or schema_for(kb_dir), **store_kw)
    report = store.sync(kb_dir, cfg, dom, full=rebuild) if kb_dir is not None else None
    if report is None and store._meta("index_hash") != index_hash(cfg, dom):
        raise StoreError(f"schema {store.schema} holds no KB synced with this configuration and domain; "
                         "pass the KB folder to sync it")
    chunks = store.chunks()
    if not chunks:
        raise EmptyKnowledgeBaseError(f"the store (schema {store.schema}) holds no chunks")
    files, skipped = store.files()
    counts, vocab = count_matrix([c.index_text for c in chunks], get_analyzer(cfg.stem, cfg.stop_words,
                                                                              cfg.subword_ngrams, cfg.subword_prefix))
    engine = PostgresEngine(chunks, counts, vocab, cfg, files, str(Path(kb_dir).resolve()) if kb_dir else None,
                            skipped, dom)
    engine.store = store
    engine.sync_report = report
    if cfg.dense_weight > 0:
        _attach_dense(engine, store, cfg.dense_max_tokens)
    engine.rebuild_reason = report.summary() if report else None
    return engine


def _attach_dense(engine, store: PostgresStore, max_tokens: int) -> None:
    """Dense presets: embeddings live in pgvector keyed by chunk-text hash; only chunks without
    one are encoded (and stored), so a restart or an unchanged KB encodes nothing."""
    from rag import dense as dn

    enc = dn.get_encoder(max_tokens)
    keys = [text_key(c.index_text) for c in engine.chunks]
    have = store.vectors(enc.name, keys, enc.dim)
    missing = [i for i, k in enumerate(keys) if k not in have]
    new = dict(zip((keys[i] for i in missing), enc.encode([engine.chunks[i].index_text for i in missing]))) \
        if missing else {}
    store.save_vectors(enc.name, new)
    have.update(new)
    engine.dense = np.stack([have[k] for k in keys]).astype(np.float32)
    engine.dense_model = enc.name
    engine.dense_encoded = len(missing)
