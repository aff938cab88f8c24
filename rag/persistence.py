"""The index on disk: a JSON manifest and one binary sidecar of numpy arrays; never pickle.

``<index>.json`` (``schema_version`` 3) is human-readable::

    {"schema_version": 3, "created_at": "...", "kb_dir": "/abs/kb",
     "kb_fingerprint": "<sha256 over (name, size, sha256) of every KB file>",
     "config": {...}, "config_hash": "...", "domain": "...", "n_chunks": 606,
     "files": {"a.md": {"sha256": "...", "size": 123, "rows": [0, 7]}, ...},
     "skipped": [["bad.txt", "binary file (NUL bytes)"]],
     "dense": {"model": "...@128", "dim": 384},                     # optional
     "sidecar": {"file": "<index>.json.<digest>.arrays", "size": ..., "arrays":
                 {"rows": {"dtype": "<i4", "shape": [nnz], "offset": 0, "crc32": ...}, ...}},
     "checksum": "<sha256 of the rest of the manifest>"}

The sidecar holds the term columns (``ptr``, ``rows``, ``cnt``: counts, not weights), two
per-chunk statistics (``norm``, ``doc_len``), the vocabulary, the chunk records (one JSON object
per line, parsed only when a chunk is first used), chunk ids, declared-line flags and the dense
vectors with their content keys. It is memory-mapped, so a load reads the manifest, checks each
array's CRC-32 and is done: no JSON parse of the corpus, no refit. Why a new sidecar name per
content: the manifest is replaced atomically *after* its sidecar is complete, so a crash leaves
the old pair or the new pair, never a manifest pointing at half a sidecar.

(Just over 400 lines on purpose: the writer, the reader and the structural checks of one file format
stay in one module so a format change is made in one place.)
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
import zlib
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

import numpy as np

SCHEMA_VERSION = 3  # 3: JSON manifest + binary sidecar (2: one JSON file with base64 arrays)
ALIGN = 64
STALE_TEMP_S = 600  # a temp file older than this is a killed writer's, not a running one's
REQUIRED = ("kb_fingerprint", "config", "config_hash", "files", "n_chunks", "sidecar", "checksum")
EAGER_RECORDS_BYTES = 16_000_000  # chunk records up to this size are all checked on load (~50 ms)
ARRAYS = ("ptr", "rows", "cnt", "norm", "doc_len", "vocab", "records", "record_ptr", "record_blocks", "ids",
          "declared")
RECORD_BLOCK = 16  # chunk records per zlib block: ~3× smaller on disk, ~50 µs to read one block


class IndexFileError(ValueError):
    """The index file is missing, unreadable, corrupt, inconsistent, or from another schema."""


def fingerprint(files: dict[str, dict[str, Any]]) -> str:
    h = hashlib.sha256()
    for name in sorted(files):
        h.update(f"{name}\0{files[name]['size']}\0{files[name]['sha256']}\n".encode())
    return h.hexdigest()


def manifest_checksum(manifest: dict[str, Any]) -> str:
    body = {k: v for k, v in manifest.items() if k != "checksum"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def text_blob(items: Sequence[str]) -> np.ndarray:
    """Newline-joined UTF-8 (for strings that hold no newline: terms, hex keys)."""
    return np.frombuffer("\n".join(items).encode("utf-8"), dtype=np.uint8)


def blob_text(blob: np.ndarray) -> list[str]:
    return bytes(blob).decode("utf-8").split("\n") if len(blob) else []


def json_blob(obj: Any) -> np.ndarray:
    return np.frombuffer(json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8"), dtype=np.uint8)


def records_blob(records: Iterator[dict]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Compact JSON records compressed in blocks of :data:`RECORD_BLOCK`: (compressed bytes,
    where each record starts in the uncompressed stream (n + 1), where each block starts (m + 1))."""
    parts = [json.dumps(r, ensure_ascii=False, separators=(",", ":")).encode("utf-8") for r in records]
    ptr = np.zeros(len(parts) + 1, dtype=np.int64)
    ptr[1:] = np.cumsum([len(p) for p in parts])
    blocks = [zlib.compress(b"".join(parts[i:i + RECORD_BLOCK]), 1) for i in range(0, len(parts), RECORD_BLOCK)]
    bptr = np.zeros(len(blocks) + 1, dtype=np.int64)
    bptr[1:] = np.cumsum([len(b) for b in blocks])
    return np.frombuffer(b"".join(blocks), dtype=np.uint8), ptr, bptr


class LazyRecords(Sequence):
    """A read-only sequence whose items are built from stored JSON records on first access
    (one compressed block is inflated per miss; the last few blocks are kept)."""

    def __init__(self, blob: np.ndarray, ptr: np.ndarray, bptr: np.ndarray, make: Callable[[dict], Any],
                 check=None):
        self._blob, self._ptr, self._bptr, self._make, self._check = blob, ptr, bptr, make, check
        self._items: list = [None] * (len(ptr) - 1)
        self._blocks: dict[int, bytes] = {}

    def __len__(self) -> int:
        return len(self._items)

    def _block(self, b: int) -> bytes:
        data = self._blocks.get(b)
        if data is None:
            try:
                data = zlib.decompress(bytes(self._blob[self._bptr[b]:self._bptr[b + 1]]))
            except zlib.error as exc:
                raise IndexFileError(f"chunk record block {b} is corrupt: {exc}") from None
            if len(self._blocks) >= 8:
                self._blocks.pop(next(iter(self._blocks)))
            self._blocks[b] = data
        return data

    def record(self, i: int) -> Any:
        """The stored JSON record ``i`` (parsed, unchecked)."""
        b = i // RECORD_BLOCK
        base = self._ptr[b * RECORD_BLOCK]
        raw = self._block(b)[self._ptr[i] - base:self._ptr[i + 1] - base]
        try:
            return json.loads(raw)
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise IndexFileError(f"chunk record {i} is corrupt: {exc}") from None

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        item = self._items[i]
        if item is None:
            rec = self.record(i)
            problem = self._check(i, rec) if self._check else None
            if problem:
                raise IndexFileError(f"index is inconsistent: {problem}")
            item = self._items[i] = self._make(rec)
        return item

    def __iter__(self):
        return (self[i] for i in range(len(self)))


def read_records(arrays: dict[str, np.ndarray]) -> list[dict]:
    """Every stored chunk record, parsed (for checks and tests)."""
    recs = LazyRecords(arrays["records"], arrays["record_ptr"], arrays["record_blocks"], lambda r: r)
    return [recs.record(i) for i in range(len(recs))]


def _atomic_write(path: Path, write: Callable) -> None:
    """Write to a temp file in the same directory, fsync, then ``os.replace`` — a crash
    leaves either the old file or the new one, never half of one."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_json_atomic(path: str | Path, payload: dict[str, Any]) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(path)
    _atomic_write(path, lambda f: f.write(json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()))


def write_index(path: str | Path, manifest: dict[str, Any], arrays: dict[str, np.ndarray]) -> None:
    """Sidecar first (new name), then the manifest that names it, then remove older sidecars."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(path)
    directory, parts, offset = {}, [], 0
    for name, arr in arrays.items():
        a = np.ascontiguousarray(arr)
        pad = (-offset) % ALIGN
        offset += pad
        directory[name] = {"dtype": a.dtype.str, "shape": list(a.shape), "offset": offset,
                           "crc32": zlib.crc32(memoryview(a).cast("B")) if a.nbytes else 0}
        parts.append((pad, a))
        offset += a.nbytes
    digest = hashlib.sha256(json.dumps(directory, sort_keys=True).encode()).hexdigest()[:16]
    side = path.with_name(f"{path.name}.{digest}.arrays")

    def write_arrays(f):
        for pad, a in parts:
            f.write(b"\0" * pad)
            if a.nbytes:
                f.write(memoryview(a).cast("B"))

    _atomic_write(side, write_arrays)
    manifest = {"schema_version": SCHEMA_VERSION, **manifest,
                "sidecar": {"file": side.name, "size": offset, "arrays": directory}}
    manifest["checksum"] = manifest_checksum(manifest)
    write_json_atomic(path, manifest)
    for old in path.parent.glob(f"{path.name}.*.arrays"):
        if old.name != side.name:
            try:
                old.unlink()
            except OSError:
                pass


def remove_stale_temps(path: Path, max_age_s: float = STALE_TEMP_S) -> list[Path]:
    """Delete ``.<name>*.tmp`` files a killed writer left beside ``path`` (older than
    ``max_age_s``, so a concurrent writer's file is left alone). Returns what was removed."""
    removed = []
    now = time.time()
    for tmp in path.parent.glob(f".{path.name}.*tmp"):
        try:
            if now - tmp.stat().st_mtime > max_age_s:
                tmp.unlink()
                removed.append(tmp)
        except OSError:
            pass
    return removed


def read_index_file(path: str | Path) -> "StoredIndex":
    """Read the manifest, map the sidecar, check checksums and structure; raise
    :class:`IndexFileError` naming the problem."""
    path = Path(path)
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise IndexFileError(f"index file {path} does not exist") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise IndexFileError(f"index file {path} is corrupt or unreadable: {exc}") from None
    if not isinstance(manifest, dict):
        raise IndexFileError(f"index file {path} is corrupt: top level is not an object")
    version = manifest.get("schema_version")
    if version != SCHEMA_VERSION:
        raise IndexFileError(f"index file {path} has schema version {version!r}, this code reads {SCHEMA_VERSION}")
    missing = [k for k in REQUIRED if k not in manifest]
    if missing:
        raise IndexFileError(f"index file {path} is corrupt: missing {missing}")
    if manifest_checksum(manifest) != manifest["checksum"]:
        raise IndexFileError(f"index file {path} is corrupt: checksum mismatch (manifest)")
    try:
        arrays = _map_sidecar(path, manifest["sidecar"])
        stored = StoredIndex(manifest, arrays)
        problem = stored.structure_problem()
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        if isinstance(exc, IndexFileError):
            raise
        raise IndexFileError(f"index file {path} is inconsistent: {type(exc).__name__}: {exc}") from None
    if problem:
        raise IndexFileError(f"index file {path} is inconsistent: {problem}")
    return stored


def legacy_dense(path: Path) -> dict | None:
    """Dense vectors from a schema-2 index file (one JSON, base64 arrays), so that the format
    change does not cost a re-encoding of the KB (a minute on two cores); None otherwise."""
    import base64

    try:
        old = json.loads(Path(path).read_text(encoding="utf-8"))
        d = old["dense"] if old.get("schema_version") == 2 else None
        if not d:
            return None
        vecs = np.frombuffer(base64.b64decode(d["vectors"]), dtype="<f4").reshape(-1, int(d["dim"]))
        if len(vecs) != len(d["keys"]):
            return None
        return {"model": d["model"], "dim": int(d["dim"]), "keys": list(d["keys"]), "vectors": vecs}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def _map_sidecar(path: Path, side: dict) -> dict[str, np.ndarray]:
    name = side["file"]
    if not isinstance(name, str) or "/" in name or "\\" in name or not name.startswith(path.name + "."):
        raise IndexFileError(f"index file {path} names an invalid sidecar {name!r}")
    file = path.with_name(name)
    try:
        size = file.stat().st_size
    except OSError:
        raise IndexFileError(f"index file {path}: its sidecar {name} is missing") from None
    if size != side["size"]:
        raise IndexFileError(f"index file {path}: its sidecar {name} is truncated or was replaced ({size} bytes, "
                             f"expected {side['size']})")
    data = np.memmap(file, dtype=np.uint8, mode="r") if size else np.zeros(0, dtype=np.uint8)
    out = {}
    for key, d in side["arrays"].items():
        dtype = np.dtype(d["dtype"])
        count = int(np.prod(d["shape"])) if d["shape"] else 1
        if d["offset"] < 0 or d["offset"] + count * dtype.itemsize > size:
            raise IndexFileError(f"index file {path}: array {key} lies outside the sidecar")
        a = np.frombuffer(data, dtype=dtype, count=count, offset=d["offset"]).reshape(d["shape"])
        if (zlib.crc32(memoryview(a).cast("B")) if a.nbytes else 0) != d["crc32"]:
            raise IndexFileError(f"index file {path} is corrupt: checksum mismatch (sidecar array {key})")
        out[key] = a
    return out


_CHUNK_FIELDS = {"id": str, "doc_id": str, "source": str, "title": str, "text": str, "section_path": list,
                 "index": int, "start": int, "end": int, "tokens": int, "metadata": dict}


def chunk_problem(n: int, c: Any) -> str | None:
    """Why stored chunk record ``n`` is unusable, or None."""
    if not isinstance(c, dict):
        return f"chunk {n} is not an object"
    for name, typ in _CHUNK_FIELDS.items():
        if not isinstance(c.get(name), typ) or (typ is int and isinstance(c.get(name), bool)):
            return f"chunk {n} has no valid {name!r} ({typ.__name__})"
    return None


class StoredIndex:
    """A read index: the manifest (``stored["files"]`` …) and typed views of the sidecar."""

    def __init__(self, manifest: dict[str, Any], arrays: dict[str, np.ndarray]):
        self.manifest, self.arrays = manifest, arrays
        self.n = manifest["n_chunks"]
        self.vocab = blob_text(arrays["vocab"])

    def __getitem__(self, key: str) -> Any:
        return self.manifest[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.manifest.get(key, default)

    @property
    def columns(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
        a = self.arrays
        return a["ptr"], a["rows"], a["cnt"], self.n

    @property
    def stats(self) -> tuple[np.ndarray, np.ndarray]:
        return self.arrays["norm"], self.arrays["doc_len"]

    @property
    def ids(self) -> list[str]:
        if not hasattr(self, "_ids"):
            self._ids = json.loads(bytes(self.arrays["ids"]))
        return self._ids

    def chunks(self, make: Callable[[dict], Any]) -> LazyRecords:
        a = self.arrays
        return LazyRecords(a["records"], a["record_ptr"], a["record_blocks"], make, chunk_problem)

    @property
    def dense(self) -> dict | None:
        d = self.manifest.get("dense")
        if not d or "dense_vectors" not in self.arrays:
            return None
        return {"model": d["model"], "dim": d["dim"], "keys": blob_text(self.arrays["dense_keys"]),
                "vectors": self.arrays["dense_vectors"]}

    def structure_problem(self) -> str | None:
        """What makes the index unusable although its checksums match (hand edits, another
        writer's bug): the first problem found, or None. Chunk records are all parsed and checked
        here up to :data:`EAGER_RECORDS_BYTES`; past that (100k-chunk corpora) each is checked when
        first read, since parsing them all would cost what the sidecar saves."""
        a, n, m = self.arrays, self.n, self.manifest
        missing = [k for k in ARRAYS if k not in a]
        if missing:
            return f"sidecar lacks {missing}"
        if not isinstance(n, int) or n <= 0:
            return "no chunks"
        ptr, rows, cnt = a["ptr"], a["rows"], a["cnt"]
        if len(ptr) != len(self.vocab) + 1 or (len(ptr) and (ptr[0] != 0 or ptr[-1] != len(rows))):
            return f"term columns ({len(ptr) - 1}) do not match the vocabulary ({len(self.vocab)}) or postings"
        if len(cnt) != len(rows) or (len(ptr) > 1 and (np.diff(ptr) < 0).any()):
            return "term columns are not monotonic or counts do not match postings"
        if len(rows) and (rows.min() < 0 or rows.max() >= n):
            return "a posting names a chunk outside the index"
        for key, want in (("norm", n), ("doc_len", n), ("declared", n), ("record_ptr", n + 1)):
            if len(a[key]) != want:
                return f"{key} has {len(a[key])} entries, expected {want}"
        ids = self.ids
        if not isinstance(ids, list) or len(ids) != n or not all(isinstance(i, str) for i in ids):
            return "chunk ids are missing or not strings"
        if len(set(ids)) != n:
            return "chunk ids are not unique"
        rp, bp = a["record_ptr"], a["record_blocks"]
        if rp[0] != 0 or (np.diff(rp) <= 0).any():
            return "chunk record offsets are inconsistent"
        if len(bp) != -(-n // RECORD_BLOCK) + 1 or bp[0] != 0 or bp[-1] != len(a["records"]) or (np.diff(bp) <= 0).any():
            return "chunk record blocks are inconsistent"
        if not isinstance(m["files"], dict):
            return "files is not an object"
        for name, f in m["files"].items():
            r = f.get("rows") if isinstance(f, dict) else None
            if not (isinstance(r, list) and len(r) == 2 and all(isinstance(x, int) for x in r)
                    and 0 <= r[0] <= r[1] <= n) or not isinstance(f.get("sha256"), str):
                return f"file entry {name!r} is malformed or its rows lie outside the chunks"
        if rp[-1] <= EAGER_RECORDS_BYTES:
            recs = read_records(a)
            for i, rec in enumerate(recs):
                problem = chunk_problem(i, rec) or (None if rec["id"] == ids[i] else f"chunk {i} id differs from ids")
                if problem:
                    return problem
        d = m.get("dense")
        if d:
            v = a.get("dense_vectors")
            if v is None or v.ndim != 2 or v.shape[1] != d.get("dim") or len(blob_text(a["dense_keys"])) != len(v):
                return "dense vectors do not match their keys or dimension"
        return None


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")
