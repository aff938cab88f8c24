"""The engine over a Postgres store (:func:`rag.pgstore.open_engine` builds it).

Why a subclass and not a second engine: the store is the source of truth, but search, modes,
filters, citations and packing must behave exactly as on an index file, so the in-memory
engine is built over the chunks read back from Postgres and only ``method="postgres"`` — the
store's own SQL retriever — is added. Everything else is :class:`RetrievalEngine` unchanged.
"""
from __future__ import annotations

import numpy as np

from rag.engine import RetrievalEngine
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
        clone = super().with_config(config)
        clone.__class__ = PostgresEngine  # the base class clones into itself
        return clone

    def with_domain(self, domain):
        clone = super().with_domain(domain)
        clone.__class__ = PostgresEngine
        return clone
