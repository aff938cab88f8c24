"""RetrievalEngine: build or load an index over a knowledge base and search it.

    engine = RetrievalEngine.from_directory("docs", get_preset("hybrid-weighted"),
                                            index_path=".index/docs-index.json", domain=my_domain)
    for r in engine.search("how do I rotate the signing keys", top_k=5):
        print(r.rank, r.score, r.citation)

The engine is generic: what the documents are about — chunk metadata, score boosts, query
intent rules, extra reranker features — comes in as a :class:`rag.domain.Domain` of plain
callables (default: none of them). ``from_directory`` (with :mod:`rag.indexfile`) reuses the index file when its schema
version, KB fingerprint and index hash (chunking/analyzer configuration + domain identity) all
match; when only some KB files changed it re-reads just those files and refits the
global statistics from the stored counts of the rest; a corrupt or mismatched file is
reported (warning naming the reason) and rebuilt, never used stale.

(Just over 400 lines on purpose: the engine's public API — build, load, search, pack, filters — in one
class; the index file, the query path and fusion are already their own modules.)
"""
from __future__ import annotations

import logging
import warnings
from pathlib import Path
from typing import Any, Iterable, Sequence

import numpy as np
import scipy.sparse as sp

from rag import indexfile
from rag import persistence as store
from rag import query as _query  # imported once: a search-time import statement costs every query
from rag.indexfile import _analyzer, _chunk_docs, _record_skipped, index_hash, scan_kb  # noqa: F401 (index_hash: API)
from rag.cache import TTLCache
from rag.config import RagConfig
from rag.documents import LoadReport, load_directory
from rag.index import LexicalIndex, count_matrix
from rag.domain import GENERIC, Boost, Domain, Tagger
from rag.rerank import make_reranker
from rag.types import Chunk, ResultList, SearchResult

log = logging.getLogger("rag")



class IndexRebuildWarning(UserWarning):
    """Emitted when an index file could not be reused and was rebuilt (the message says why)."""


def resolve_domain(domain: Domain | None = None, tagger: Tagger | None = None,
                   boosts: Iterable[Boost] | None = None) -> Domain:
    """``domain``, with ``tagger``/``boosts`` given as plain callables replacing its own."""
    d = domain or GENERIC
    if tagger is not None:
        d = d.with_(tagger=tagger, name=d.name if domain is not None else "custom")
    if boosts is not None:
        d = d.with_(boosts=tuple(boosts))
    return d


class RetrievalEngine:
    def __init__(self, chunks: Sequence[Chunk], counts: sp.csr_matrix | None, vocab: list[str], config: RagConfig,
                 files: dict[str, dict[str, Any]], kb_dir: str | None = None,
                 skipped: list | None = None, domain: Domain | None = None, *, stored=None):
        """``stored`` (a :class:`rag.persistence.StoredIndex`) replaces ``counts``: term columns,
        statistics, ids and flags come from the memory-mapped sidecar, chunks are read lazily."""
        self.config = config
        self.domain = domain or GENERIC
        self.chunks = chunks
        self.files = files
        self.kb_dir = kb_dir
        self.skipped = list(skipped or [])
        self.index = LexicalIndex(counts, vocab, _analyzer(config),
                                  k1=config.bm25_k1, b=config.bm25_b, epsilon=config.bm25_epsilon,
                                  columns=stored.columns if stored else None, stats=stored.stats if stored else None)
        ids = stored.ids if stored else [c.id for c in chunks]
        self.by_id = {cid: i for i, cid in enumerate(ids)}
        self._filters = None  # rag.filters.Filters, on first filtered search
        self._terms_cache: dict[int, list[str]] = {}
        self._norm_text: dict[int, str] = {}
        self._declared: np.ndarray | None = stored.arrays["declared"].astype(bool) if stored else None
        self._qvec_cache: dict[tuple[str, str], np.ndarray] = {}
        self.cache = TTLCache(config.cache_ttl_s, config.cache_size)
        self.reranker = make_reranker(config.reranker)
        self.rebuild_reason: str | None = None
        self.save_error: str | None = None
        self.index_path: Path | None = None  # set by from_directory: where dense vectors get saved
        self.dense: np.ndarray | None = None  # (n_chunks, 384) unit vectors when a dense preset asked
        self.dense_model: str | None = None
        self._stored_dense: dict | None = None

    # ================================================================= building
    @classmethod
    def build(cls, kb_dir: str | Path, config: RagConfig | None = None, domain: Domain | None = None,
              tagger: Tagger | None = None, boosts: Iterable[Boost] | None = None) -> "RetrievalEngine":
        """Read, chunk, tag and index every document of ``kb_dir`` from scratch."""
        cfg = config or RagConfig()
        report = load_directory(kb_dir, cfg.max_file_bytes)
        engine = cls._from_documents(report, cfg, str(Path(kb_dir).resolve()), resolve_domain(domain, tagger, boosts))
        _record_skipped(engine.files, report.skipped, scan_kb(Path(kb_dir)), len(engine.chunks))
        return engine

    @classmethod
    def _from_documents(cls, report: LoadReport, cfg: RagConfig, kb_dir: str, domain: Domain) -> "RetrievalEngine":
        chunks, files = [], {}
        for doc in report.documents:
            start = len(chunks)
            chunks.extend(_chunk_docs([doc], cfg, domain))
            files[doc.source] = {"sha256": doc.sha256, "size": doc.size, "rows": [start, len(chunks)]}
        analyzer = _analyzer(cfg)
        counts, vocab = count_matrix([c.index_text for c in chunks], analyzer)
        return cls(chunks, counts, vocab, cfg, files, kb_dir, report.skipped, domain)

    @classmethod
    def from_records(cls, records: Iterable[tuple[str, str, str]], config: RagConfig | None = None,
                     domain: Domain | None = None) -> "RetrievalEngine":
        """Index pre-split passages ``(id, title, text)`` as one chunk each — for public
        IR test collections (BEIR) and synthetic scale tests, where documents are already short."""
        cfg = config or RagConfig()
        domain = domain or GENERIC
        chunks = []
        for n, (rid, title, text) in enumerate(records):
            ch = Chunk(id=str(rid), doc_id=str(rid), source=str(rid), title=title or "", section_path=(title or "",),
                       text=text, index=n, start=0, end=len(text), tokens=0)
            ch.metadata = domain.tag(ch.source, ch.title, (), text)
            chunks.append(ch)
        counts, vocab = count_matrix([f"{c.title}\n{c.text}" for c in chunks], _analyzer(cfg))
        return cls(chunks, counts, vocab, cfg, files={}, domain=domain)

    @classmethod
    def from_directory(cls, kb_dir: str | Path, config: RagConfig | None = None,
                       index_path: str | Path | None = None, rebuild: bool = False, domain: Domain | None = None,
                       tagger: Tagger | None = None, boosts: Iterable[Boost] | None = None) -> "RetrievalEngine":
        """The normal entry point: reuse ``index_path`` when it is current, update it
        incrementally when some KB files changed, rebuild it when it is corrupt or was built
        with another configuration or domain, and (re)write it atomically when anything changed."""
        cfg = config or RagConfig()
        domain = resolve_domain(domain, tagger, boosts)
        kb = Path(kb_dir)
        if index_path is None:
            return cls.build(kb, cfg, domain)
        index_path = Path(index_path)
        reason = None
        stored_dense = None  # vectors are keyed by chunk-text hash: valid across rebuilds
        if rebuild:
            reason = "rebuild requested"
        elif not index_path.exists():
            reason = None  # first build: nothing to warn about
        else:
            try:
                payload = store.read_index_file(index_path)
                stored_dense = payload.dense
                engine, reason = cls._reuse(payload, kb, cfg, index_path, domain)
                if engine is not None:
                    engine._stored_dense = stored_dense
                    return engine._attach(index_path)
            except store.IndexFileError as exc:
                reason = str(exc)
                stored_dense = stored_dense or store.legacy_dense(index_path)
            except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
                reason = f"index file {index_path} is inconsistent ({type(exc).__name__}: {exc})"
        if reason:
            warnings.warn(f"rebuilding index {index_path}: {reason}", IndexRebuildWarning, stacklevel=2)
            log.warning("rebuilding index %s: %s", index_path, reason)
        engine = cls.build(kb, cfg, domain)
        engine.rebuild_reason = reason or "no index file yet"
        engine.index_path = index_path
        engine._stored_dense = stored_dense
        if cfg.dense_weight > 0:
            engine.ensure_dense(save=False)
        engine.try_save(index_path)
        return engine

    def try_save(self, path: str | Path) -> bool:
        """Save, but a read-only or full disk is one warning line, not an error: the index is
        in memory and searches go on (``save_error`` keeps the reason; ``rag index`` reports it)."""
        try:
            self.save(path)
        except OSError as exc:
            self.save_error = f"could not write index file {path}: {exc.strerror or exc}; searching from memory"
            log.warning("%s", self.save_error)
            return False
        self.save_error = None
        return True

    def _attach(self, index_path: Path) -> "RetrievalEngine":
        """Remember the index file; compute (and persist) dense vectors if the config wants them."""
        self.index_path = index_path
        if self.config.dense_weight > 0:
            self.ensure_dense()
        return self

    def ensure_dense(self, save: bool = True) -> bool:
        """Make sure every chunk has an embedding: vectors stored in the index file are reused
        for chunks whose text is unchanged (content hash), only the rest are encoded. Returns
        True when anything was encoded (and the index file, if known, was rewritten)."""
        from rag import dense as dn

        enc = dn.get_encoder(self.config.dense_max_tokens)
        keys = [dn.text_key(c.index_text) for c in self.chunks]
        if self.dense is not None and self.dense_model == enc.name and len(self.dense) == len(keys):
            return False
        have: dict[str, np.ndarray] = {}
        st = self._stored_dense
        if st and st.get("model") == enc.name:
            try:
                vecs = np.asarray(st["vectors"], dtype=np.float32)
                if vecs.ndim != 2 or len(vecs) != len(st["keys"]) or int(st["dim"]) != enc.dim:
                    raise store.IndexFileError("dense vectors do not match their keys or the model's dimension")
                have = dict(zip(st["keys"], vecs))
            except (store.IndexFileError, KeyError, ValueError, TypeError) as exc:
                log.warning("stored dense vectors unusable (%s); re-encoding", exc)
        missing = [i for i, k in enumerate(keys) if k not in have]
        out = np.zeros((len(keys), enc.dim), dtype=np.float32)
        for i, k in enumerate(keys):
            if k in have:
                out[i] = have[k]
        if missing:
            log.warning("encoding %d of %d chunks with %s (numpy; ~35 ms CPU per 128-token chunk, spread over the cores)",
                        len(missing), len(keys), enc.name)
            out[missing] = enc.encode([self.chunks[i].index_text for i in missing])
        self.dense, self.dense_model = out, enc.name
        self._stored_dense = None
        if missing and save and self.index_path is not None:
            self.try_save(self.index_path)
        return bool(missing)

    @classmethod
    def _reuse(cls, payload, kb: Path, cfg: RagConfig, index_path: Path, domain: Domain):
        return indexfile.reuse(cls, payload, kb, cfg, index_path, domain)

    @classmethod
    def _from_payload(cls, payload, cfg: RagConfig, domain: Domain) -> "RetrievalEngine":
        return indexfile.from_payload(cls, payload, cfg, domain)

    @classmethod
    def load(cls, path: str | Path, kb_dir: str | Path | None = None,
             config: RagConfig | None = None, domain: Domain | None = None) -> "RetrievalEngine":
        """Load an index file. With ``kb_dir`` (or the KB directory recorded in the file) the
        index is checked against the KB and rebuilt if stale or corrupt; without any KB
        directory a corrupt file raises :class:`rag.persistence.IndexFileError`."""
        path = Path(path)
        try:
            payload = store.read_index_file(path)
        except store.IndexFileError:
            if kb_dir is None:
                raise
            return cls.from_directory(kb_dir, config or RagConfig(), index_path=path, domain=domain)
        domain = domain or GENERIC
        cfg = config or RagConfig.from_dict(payload["config"], strict=False)
        kb = kb_dir or payload.get("kb_dir")
        if kb and Path(kb).is_dir():
            return cls.from_directory(kb, cfg, index_path=path, domain=domain)
        if payload["config_hash"] != index_hash(cfg, domain):
            raise store.IndexFileError(f"index file {path} was built with a different configuration or domain and "
                                       "no KB directory is available to rebuild it; pass kb_dir")
        return cls._from_payload(payload, cfg, domain)._attach(path)

    def save(self, path: str | Path) -> None:
        """Write the index file and its sidecar (:func:`rag.indexfile.save`)."""
        indexfile.save(self, path)

    def with_config(self, config: RagConfig) -> "RetrievalEngine":
        """Same index, different search-time knobs (cheap). Index fields must match."""
        if config.index_hash() != self.config.index_hash():
            raise ValueError("config changes chunking/analyzer fields: build a new engine instead")
        if config.dense_weight > 0 and (self.dense is None or self.config.dense_max_tokens != config.dense_max_tokens):
            saved, self.config = self.config, config
            try:
                self.ensure_dense()
            finally:
                self.config = saved
        clone = object.__new__(RetrievalEngine)
        clone.__dict__.update(self.__dict__)
        clone.config = config
        clone.cache = TTLCache(config.cache_ttl_s, config.cache_size)
        clone.reranker = make_reranker(config.reranker)
        return clone

    def with_domain(self, domain: Domain) -> "RetrievalEngine":
        """Same index, other search-time domain hooks (boosts, intent, features). The tagger
        must be the one the index was built with."""
        if domain.identity != self.domain.identity:
            raise ValueError(f"the index was tagged by {self.domain.identity}, not {domain.identity}: build a new engine")
        clone = object.__new__(RetrievalEngine)
        clone.__dict__.update(self.__dict__)
        clone.domain = domain
        clone.cache = TTLCache(self.config.cache_ttl_s, self.config.cache_size)
        clone._filters = None
        return clone

    # ================================================================= searching
    @property
    def filters(self):
        """Columnar metadata filters (rag.filters), built on first use."""
        if self._filters is None:
            from rag.filters import Filters

            self._filters = Filters(self.chunks, self.domain.filters)
        return self._filters

    def filter_keys(self) -> list[str]:
        """Valid filter names: the domain's named filters and every metadata field of a chunk."""
        return self.filters.keys()

    def filter_mask(self, filters: dict | None) -> np.ndarray | None:
        """Boolean mask of chunks passing ``filters`` (None = no filtering), validated first
        (:class:`rag.filters.Filters`): a list-valued filter keeps chunks whose field holds *any*
        listed value; ``True``/``False`` keep chunks whose field is truthy/falsy; keys AND."""
        return self.filters.mask(filters)

    def search(self, query: str, top_k: int | None = None, filters: dict | None = None,
               method: str | None = None, mode: str | None = None) -> ResultList:
        """Ranked results for ``query``.

        ``method`` picks the retriever/fusion (tfidf | bm25 | weighted | rrf); ``mode`` is the
        speed/quality dial and overrides it: ``fast`` = BM25 only over a small pool,
        ``balanced`` = hybrid + MMR, ``thorough`` = hybrid over a 50-candidate pool, reranked.
        With ``config.adaptive`` the query's intent picks the fusion weights and pool size, and
        exact identifiers force BM25 to carry at least 60% of the weight.
        """
        cfg = self.config
        if top_k is None:
            top_k = cfg.top_k
        if isinstance(top_k, bool) or not isinstance(top_k, (int, np.integer)) or top_k < 1:
            raise ValueError(f"top_k must be an integer >= 1, got {top_k!r}")
        top_k = int(top_k)
        mode = mode or cfg.mode
        if mode is not None and mode not in ("fast", "balanced", "thorough"):
            raise ValueError(f"mode must be fast, balanced or thorough, got {mode!r}")
        if method is not None and method not in ("tfidf", "bm25", "weighted", "rrf"):
            raise ValueError(f"method must be tfidf, bm25, weighted or rrf, got {method!r}")
        mask = self.filter_mask(filters)  # validate filters even when the query is empty
        cached = self.cache.maxsize > 0 and self.cache.ttl > 0
        if cached:
            key = (query, repr(sorted((filters or {}).items())), top_k, method, mode)
            hit = self.cache.get(key)
            if hit is not None:
                return ResultList(hit, reason=hit.reason)
        if mask is not None and not mask.any():
            res = ResultList([], reason=self.filters.empty_reason(filters))
        else:
            res = self._search(query, top_k, mask, method, mode)
        if not cached:
            return res
        self.cache.put(key, res)
        return ResultList(res, reason=res.reason)  # a copy: callers may change theirs

    def _search(self, query: str, top_k: int, mask: np.ndarray | None, method: str | None,
                mode: str | None) -> ResultList:
        return _query.search(self, query, top_k, mask, method, mode)

    def _query_vector(self, query: str, encoder) -> np.ndarray:
        """Query embeddings are the slow part of a dense search (a few ms in numpy): keep the
        last few hundred, since evals and agents ask the same query with other k or filters."""
        key = (encoder.name, query)
        vec = self._qvec_cache.get(key)
        if vec is None:
            vec = encoder.encode([query])[0]
            if len(self._qvec_cache) >= 512:
                self._qvec_cache.pop(next(iter(self._qvec_cache)))
            self._qvec_cache[key] = vec
        return vec

    def chunk_terms(self, row: int) -> list[str]:
        """Analyzed word terms of a chunk's index text (cached; the reranker reads them)."""
        hit = self._terms_cache.get(row)
        if hit is None:
            hit = self._terms_cache[row] = self.index.analyzer.words(self.chunks[row].index_text)
        return hit

    def pack(self, query: str, results: list[SearchResult] | None = None, **kwargs):
        """Search (unless ``results`` are given) and pack into the token budget (rag.packing)."""
        from rag.packing import ContextPacker

        if results is None:
            results = self.search(query, top_k=kwargs.pop("top_k", 20), mode=kwargs.pop("mode", None))
        return ContextPacker(self, **kwargs).pack(query, results)

    def declared_rows(self) -> np.ndarray:
        """Per chunk: does it have declared ``META_`` lines (text the index does not see)?"""
        if self._declared is None:
            self._declared = np.array([bool(c.declared) for c in self.chunks], dtype=bool)
        return self._declared

    def has_phrase(self, row: int, phrases: list[str]) -> bool:
        """Does chunk ``row``'s text hold one of the (lower-cased, whitespace-normalised)
        phrases verbatim? Normalised texts are made once per chunk, on first need."""
        text = self._norm_text.get(row)
        if text is None:
            text = self._norm_text[row] = " ".join(self.chunks[row].text.lower().split())
        return phrases[0] in text if len(phrases) == 1 else any(p in text for p in phrases)  # no generator: a hot path

    def _mmr(self, order: list[int], score: dict[int, float], k: int) -> list[int]:
        """Maximal Marginal Relevance over TF-IDF cosine: trade relevance for novelty."""
        lam = self.config.mmr_lambda
        cand = order[: max(k * 4, k)]
        vecs = self.index.tfidf_rows(np.asarray(cand))
        sim = (vecs @ vecs.T).toarray()
        chosen: list[int] = []
        left = list(range(len(cand)))
        while left and len(chosen) < k:
            best, best_val = None, -np.inf
            for j in left:
                red = max((sim[j, c] for c in chosen), default=0.0)
                val = lam * score[cand[j]] - (1 - lam) * red
                if val > best_val:
                    best, best_val = j, val
            chosen.append(best)
            left.remove(best)
        picked = [cand[j] for j in chosen]
        return picked + [i for i in order if i not in set(picked)]

    # ================================================================= helpers
    def chunk(self, chunk_id: str) -> Chunk:
        try:
            return self.chunks[self.by_id[chunk_id]]
        except KeyError:
            raise KeyError(f"no chunk with id {chunk_id!r}") from None

    def stats(self) -> dict[str, Any]:
        indexed = sum(1 for f in self.files.values() if not f.get("skipped"))
        return {"documents": indexed, "chunks": len(self.chunks), "vocabulary": len(self.index.vocab),
                "skipped": self.skipped, "config_hash": index_hash(self.config, self.domain),
                "domain": self.domain.identity}
