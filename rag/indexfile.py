"""How an engine's index goes to disk and comes back: save, reuse when current, update
incrementally when some KB files changed, and the KB scan the fingerprint is made of.

Split out of :mod:`rag.engine` so that the engine module is about searching; the format itself
(manifest + sidecar, checksums, structure) is :mod:`rag.persistence`.
"""
from __future__ import annotations

import hashlib
import logging
from pathlib import Path
from typing import Any, Iterable

import numpy as np
import scipy.sparse as sp

from rag import persistence as store
from rag.analyzer import get_analyzer
from rag.chunking import chunk_document
from rag.config import RagConfig
from rag.documents import PARSER_VERSION, Document, LoadReport, file_sha256, list_kb_files, load_document
from rag.domain import Domain
from rag.index import count_matrix, merge_counts
from rag.types import Chunk

log = logging.getLogger("rag")


def _analyzer(cfg: RagConfig):
    return get_analyzer(cfg.stem, cfg.stop_words, cfg.subword_ngrams, cfg.subword_prefix)


def _chunk_docs(docs: Iterable[Document], cfg: RagConfig, domain: Domain) -> list[Chunk]:
    out = []
    for doc in docs:
        for ch in chunk_document(doc, cfg):
            ch.metadata = domain.metadata(ch)
            out.append(ch)
    return out


def index_hash(cfg: RagConfig, domain: Domain) -> str:
    """What a stored index must match to be reused: the chunking/analyzer fields of the
    config and the identity of the domain whose tagger wrote the chunk metadata."""
    return hashlib.sha256(f"{cfg.index_hash()}|{domain.identity}|parser{PARSER_VERSION}".encode()).hexdigest()[:16]


def reuse(cls, payload: store.StoredIndex, kb: Path, cfg: RagConfig, index_path: Path, domain: Domain):
    """Return (engine, None) when the stored index can be used (possibly after an
    incremental update), else (None, reason)."""
    if payload["config_hash"] != index_hash(cfg, domain):
        if payload.get("domain") not in (None, domain.identity):
            return None, f"it was tagged by another domain ({payload.get('domain')}, now {domain.identity})"
        return None, "it was built with a different chunking/analyzer configuration or domain"
    stored = payload["files"]
    current = scan_kb(kb)
    if store.fingerprint(current) == payload["kb_fingerprint"]:
        return from_payload(cls, payload, cfg, domain), None
    changed = sorted(n for n in current if n not in stored or stored[n]["sha256"] != current[n]["sha256"])
    removed = sorted(n for n in stored if n not in current)
    log.info("index %s: %d changed/new and %d removed KB files; updating incrementally",
             index_path, len(changed), len(removed))
    engine = incremental(cls, payload, kb, cfg, changed, set(current), domain)
    engine._stored_dense = payload.dense  # unchanged chunks keep their vectors
    engine.index_path = index_path
    if cfg.dense_weight > 0:
        engine.ensure_dense(save=False)
    engine.rebuild_reason = (f"incremental update: {len(changed)} changed/new file(s) {changed[:5]}, "
                             f"{len(removed)} removed {removed[:5]}")
    engine.try_save(index_path)
    return engine, None

def from_payload(cls, payload, cfg: RagConfig, domain: Domain):
    chunks = payload.chunks(Chunk.from_dict)
    engine = cls(chunks, None, payload.vocab, cfg, payload["files"], payload.get("kb_dir"),
                 payload.get("skipped"), domain, stored=payload)
    engine._stored_dense = payload.dense
    return engine

def incremental(cls, payload: store.StoredIndex, kb: Path, cfg: RagConfig, changed: list[str], present: set[str],
                 domain: Domain):
    old_chunks = payload.chunks(Chunk.from_dict)
    ptr, rows, cnt, n = payload.columns
    old_counts = sp.csc_matrix((np.asarray(cnt, dtype=np.int32), rows, ptr), shape=(n, len(payload.vocab))).tocsr()
    old_counts.sort_indices()
    old_vocab = payload.vocab
    report = LoadReport()
    chunks: list[Chunk] = []
    parts = []
    files: dict[str, dict] = {}
    reread = set(changed)
    for rel in sorted(present):
        if rel in reread:
            doc = load_document(kb / rel, kb, cfg.max_file_bytes, report)
            if doc is None:
                continue
            new = _chunk_docs([doc], cfg, domain)
            m, v = count_matrix([c.index_text for c in new], _analyzer(cfg))
            parts.append((m, v))
            files[rel] = {"sha256": doc.sha256, "size": doc.size, "rows": [len(chunks), len(chunks) + len(new)]}
            chunks.extend(new)
        elif rel in payload["files"]:
            a, b = payload["files"][rel]["rows"]
            parts.append((old_counts[a:b], old_vocab))
            files[rel] = {**payload["files"][rel], "rows": [len(chunks), len(chunks) + (b - a)]}
            chunks.extend(old_chunks[a:b])
    if not chunks:
        raise store.IndexFileError("knowledge base has no usable documents after the update")
    counts, vocab = merge_counts(parts)
    skipped = [s for s in payload.get("skipped", []) if s[0] in present and s[0] not in reread]
    _record_skipped(files, report.skipped, {r: _scan_one(kb, r) for r, _ in report.skipped}, len(chunks))
    return cls(chunks, counts, vocab, cfg, files, str(kb.resolve()), skipped + report.skipped, domain)


def save(self, path: str | Path) -> None:  # self: the RetrievalEngine
    """Write the manifest and its sidecar (rag.persistence): counts per term in the
    smallest integer type that holds them, statistics, chunk records, dense vectors."""
    idx = self.index
    cnt = np.asarray(idx._cnt)
    small = np.uint8 if cnt.max(initial=0) < 256 else (np.uint16 if cnt.max(initial=0) < 65536 else np.int32)
    records, record_ptr, record_blocks = store.records_blob(c.to_dict() for c in self.chunks)
    arrays = {"ptr": idx._ptr, "rows": idx._rows, "cnt": cnt.astype(small), "norm": idx.norm,
              "doc_len": idx.doc_len, "vocab": store.text_blob(idx.vocab), "records": records,
              "record_ptr": record_ptr, "record_blocks": record_blocks, "ids": store.json_blob([c.id for c in self.chunks]),
              "declared": self.declared_rows().astype(np.uint8)}
    dense = None
    if self.dense is not None:
        from rag.dense import text_key

        dense = {"model": self.dense_model, "dim": int(self.dense.shape[1]),
                 "keys": [text_key(c.index_text) for c in self.chunks], "vectors": self.dense}
    elif self._stored_dense is not None:
        dense = self._stored_dense  # keep vectors a non-dense config did not need
    manifest = {
        "created_at": store.now_iso(),
        "kb_dir": self.kb_dir,
        "kb_fingerprint": store.fingerprint(self.files),
        "config": self.config.to_dict(),
        "config_hash": index_hash(self.config, self.domain),
        "domain": self.domain.identity,
        "n_chunks": len(self.chunks),
        "files": self.files,
        "skipped": self.skipped,
    }
    if dense is not None:
        manifest["dense"] = {"model": dense["model"], "dim": dense["dim"]}
        arrays["dense_keys"] = store.text_blob(dense["keys"])
        arrays["dense_vectors"] = np.asarray(dense["vectors"], dtype=np.float32)
    store.write_index(path, manifest, arrays)


def _record_skipped(files: dict, skipped: list, scanned: dict, n_rows: int) -> None:
    """Skipped files still enter the fingerprint (with no rows), so an unchanged bad file
    does not make the index look stale on every load."""
    for rel, reason in skipped:
        if rel in scanned and scanned[rel]:
            files[rel] = {**scanned[rel], "rows": [n_rows, n_rows], "skipped": reason}


def _scan_one(kb: Path, rel: str) -> dict[str, Any] | None:
    try:
        data = (kb / rel).read_bytes()
    except OSError:
        return None
    return {"sha256": file_sha256(data), "size": len(data)}


def scan_kb(kb: Path) -> dict[str, dict[str, Any]]:
    """Name → {sha256, size} for every supported file now in the KB (for the fingerprint)."""
    out = {}
    for p in list_kb_files(kb):
        try:
            data = p.read_bytes()
        except OSError:
            continue
        out[p.relative_to(kb).as_posix()] = {"sha256": file_sha256(data), "size": len(data)}
    return out
