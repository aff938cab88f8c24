"""The index on disk: one versioned JSON file, written atomically, never pickle.

Layout (``schema_version`` 2)::

    {"schema_version": 2, "created_at": "...", "kb_dir": "/abs/kb",
     "kb_fingerprint": "<sha256 over (name, size, sha256) of every KB file>",
     "config": {...}, "config_hash": "<RagConfig.index_hash()>",
     "files": {"a.md": {"sha256": "...", "size": 123, "rows": [0, 7]}, ...},
     "skipped": [["bad.txt", "binary file (NUL bytes)"]],
     "chunks": [{Chunk fields}, ...],
     "vocabulary": ["term", ...],
     "counts": {"shape": [n, v], "indptr": "<b64 int64>", "indices": "<b64 int32>", "data": "<b64 int32>"},
     "dense": {"model": "...@128", "dim": 384, "keys": ["<text hash>", ...], "vectors": "<b64 f32>"},  # optional
     "checksum": "<sha256 of chunk ids + count arrays (+ dense vectors)>"}

Only term *counts* are stored; TF-IDF and BM25 weights are refitted on load (milliseconds),
so the file cannot hold statistics that disagree with its own counts. Loading JSON cannot
execute code, unlike pickle.
"""
from __future__ import annotations

import base64
import hashlib
import json
import os
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import numpy as np
import scipy.sparse as sp

SCHEMA_VERSION = 2  # 2: chunks carry section_paths (every section a merged chunk holds)


class IndexFileError(ValueError):
    """The index file is missing, unreadable, corrupt, or from another schema."""


def _b64(arr: np.ndarray, dtype) -> str:
    return base64.b64encode(np.ascontiguousarray(arr, dtype=dtype).tobytes()).decode("ascii")


def _unb64(s: str, dtype) -> np.ndarray:
    return np.frombuffer(base64.b64decode(s.encode("ascii"), validate=True), dtype=dtype)


def encode_vectors(m: np.ndarray) -> str:
    return _b64(m, "<f4")


def decode_vectors(s: str, dim: int) -> np.ndarray:
    v = _unb64(s, "<f4")
    if dim <= 0 or len(v) % dim:
        raise IndexFileError("dense vectors do not match their dimension")
    return v.reshape(-1, dim).astype(np.float32)


def encode_counts(m: sp.csr_matrix) -> dict[str, Any]:
    return {"shape": list(m.shape), "indptr": _b64(m.indptr, "<i8"),
            "indices": _b64(m.indices, "<i4"), "data": _b64(m.data, "<i4")}


def decode_counts(d: dict[str, Any]) -> sp.csr_matrix:
    shape = tuple(d["shape"])
    indptr, indices, data = _unb64(d["indptr"], "<i8"), _unb64(d["indices"], "<i4"), _unb64(d["data"], "<i4")
    if len(indptr) != shape[0] + 1 or len(indices) != len(data) or (len(indptr) and indptr[-1] != len(data)):
        raise IndexFileError("count matrix arrays are inconsistent with its shape")
    if len(indices) and (indices.max() >= shape[1] or indices.min() < 0):
        raise IndexFileError("count matrix has a term id outside the vocabulary")
    return sp.csr_matrix((data.astype(np.int32), indices.astype(np.int32), indptr.astype(np.int64)), shape=shape)


def checksum(chunk_ids: list[str], counts: dict[str, Any], vocab: list[str], dense: dict | None = None) -> str:
    h = hashlib.sha256()
    extra = (dense["model"], *dense["keys"], dense["vectors"]) if dense else ()
    for part in (*chunk_ids, *vocab, counts["indptr"], counts["indices"], counts["data"], *extra):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()


def fingerprint(files: dict[str, dict[str, Any]]) -> str:
    h = hashlib.sha256()
    for name in sorted(files):
        h.update(f"{name}\0{files[name]['size']}\0{files[name]['sha256']}\n".encode())
    return h.hexdigest()


def write_json_atomic(path: str | Path, payload: dict[str, Any]) -> None:
    """Write to a temp file in the same directory, fsync, then ``os.replace`` — a crash
    leaves either the old file or the new one, never half of one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(payload, f, ensure_ascii=False, separators=(",", ":"))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


STALE_TEMP_S = 600  # a temp file older than this is a killed writer's, not a running one's


def remove_stale_temps(path: Path, max_age_s: float = STALE_TEMP_S) -> list[Path]:
    """Delete ``.<name>.*.tmp`` files a killed writer left beside ``path`` (older than
    ``max_age_s``, so a concurrent writer's file is left alone). Returns what was removed."""
    removed = []
    now = time.time()
    for tmp in path.parent.glob(f".{path.name}.*.tmp"):
        try:
            if now - tmp.stat().st_mtime > max_age_s:
                tmp.unlink()
                removed.append(tmp)
        except OSError:
            pass
    return removed


def read_index_file(path: str | Path) -> dict[str, Any]:
    """Parse and structurally validate an index file; raise :class:`IndexFileError` naming
    the problem."""
    path = Path(path)
    try:
        with open(path, encoding="utf-8") as f:
            payload = json.load(f)
    except FileNotFoundError:
        raise IndexFileError(f"index file {path} does not exist") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise IndexFileError(f"index file {path} is corrupt or unreadable: {exc}") from None
    if not isinstance(payload, dict):
        raise IndexFileError(f"index file {path} is corrupt: top level is not an object")
    version = payload.get("schema_version")
    if version != SCHEMA_VERSION:
        raise IndexFileError(f"index file {path} has schema version {version!r}, this code reads {SCHEMA_VERSION}")
    required = ("kb_fingerprint", "config", "config_hash", "files", "chunks", "vocabulary", "counts", "checksum")
    missing = [k for k in required if k not in payload]
    if missing:
        raise IndexFileError(f"index file {path} is corrupt: missing {missing}")
    try:
        ids = [c["id"] for c in payload["chunks"]]
        ok = checksum(ids, payload["counts"], payload["vocabulary"], payload.get("dense")) == payload["checksum"]
    except (KeyError, TypeError, AttributeError) as exc:
        raise IndexFileError(f"index file {path} is corrupt: {exc}") from None
    if not ok:
        raise IndexFileError(f"index file {path} is corrupt: checksum mismatch")
    problem = structure_problem(payload)
    if problem:
        raise IndexFileError(f"index file {path} is inconsistent: {problem}")
    return payload


_CHUNK_FIELDS = {"id": str, "doc_id": str, "source": str, "title": str, "text": str, "section_path": list,
                 "index": int, "start": int, "end": int, "tokens": int, "metadata": dict}


def structure_problem(payload: dict[str, Any]) -> str | None:
    """What makes a payload unusable although its checksum matches (hand edits, another
    writer's bug): the first problem found, or None. A checksum covers the bytes; this covers
    the shape — every chunk has its fields with their types, ids are unique, the vocabulary and
    count matrix agree with the chunks, and every file's rows lie inside the chunk list."""
    chunks, vocab, counts, files = payload["chunks"], payload["vocabulary"], payload["counts"], payload["files"]
    if not isinstance(chunks, list) or not chunks:
        return "no chunks"
    for n, c in enumerate(chunks):
        if not isinstance(c, dict):
            return f"chunk {n} is not an object"
        for name, typ in _CHUNK_FIELDS.items():
            if not isinstance(c.get(name), typ) or (typ is int and isinstance(c.get(name), bool)):
                return f"chunk {n} has no valid {name!r} ({typ.__name__})"
    if len({c["id"] for c in chunks}) != len(chunks):
        return "chunk ids are not unique"
    if not isinstance(vocab, list) or not all(isinstance(t, str) for t in vocab):
        return "vocabulary is not a list of strings"
    shape = counts.get("shape") if isinstance(counts, dict) else None
    if not (isinstance(shape, list) and len(shape) == 2 and shape == [len(chunks), len(vocab)]):
        return f"count matrix shape {shape} is not chunks × vocabulary [{len(chunks)}, {len(vocab)}]"
    if not isinstance(files, dict):
        return "files is not an object"
    for name, f in files.items():
        rows = f.get("rows") if isinstance(f, dict) else None
        if not (isinstance(rows, list) and len(rows) == 2 and all(isinstance(r, int) for r in rows)
                and 0 <= rows[0] <= rows[1] <= len(chunks)) or not isinstance(f.get("sha256"), str):
            return f"file entry {name!r} is malformed or its rows lie outside the chunks"
    return None


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")
