"""Postgres as the source of truth for a knowledge base: chunks, metadata and content hashes.

    store = PostgresStore("postgresql://user@host/db", schema="rag_docs")
    report = store.sync("docs", get_preset("hybrid-weighted"), domain)   # incremental, by file hash
    store.search("how do I rotate the signing keys", top_k=5)            # [(chunk id, BM25 score)]
    engine = rag.pgengine.open_engine(uri, "docs", config, domain)       # the usual engine API

Why: the JSON index is one file per process, rebuilt in memory; a team that grows wants the
chunks in a database other programs can read, with full-text search that does not need the
whole corpus in RAM. The KB folder is still what authors edit: :meth:`PostgresStore.sync`
chunks it with the engine's own loader and chunker (:mod:`rag.documents`, :mod:`rag.chunking`)
and rewrites only the files whose SHA-256 changed, so Postgres and the folder agree.

Lexical retrieval in SQL: a generated ``tsvector`` column (title, headers, text) with a GIN
index; candidates are the chunks matching any lexeme of the query (an OR ``tsquery``) —
``websearch_to_tsquery`` ANDs every word, so a natural question loses most of its matches
(``match="all"`` keeps it for comparison). They are ranked by BM25 Okapi computed in SQL
(``ranking="bm25"``, the default: idf from per-lexeme document frequencies kept by ``ts_stat``,
tf from the tsvector's positions) or by ``ts_rank_cd`` (``ranking="ts_rank_cd"``), which has
no idf — a frequent word counts as much as a rare one. On SciFact (bench/pg.py) BM25 in SQL
matches the in-memory BM25 (nDCG@10 0.692 vs 0.690) where ts_rank_cd reaches 0.42; ts_rank_cd
is 2–3× faster on large corpora.

:func:`rag.pgengine.open_engine` syncs, reads the chunks back and builds a ``PostgresEngine``: the
in-memory engine over exactly the stored chunks (every method, mode, filter, citation and
pack works unchanged) that also answers ``method="postgres"`` from SQL.

(Just over 400 lines on purpose: schema, incremental sync and the SQL retrievers share the one
connection and schema helpers; the engine view over the store lives in :mod:`rag.pgengine`.)
"""
from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from rag.chunking import chunk_document
from rag.config import RagConfig
from rag.dense import text_key
from rag.documents import EmptyKnowledgeBaseError, LoadReport, file_sha256, list_kb_files, load_document
from rag.domain import GENERIC, Domain
from rag.types import Chunk

TS_CONFIG = "english"  # Snowball English stemming + stop words, like rag.analyzer
RANKINGS = ("ts_rank_cd", "bm25")
_COLS = ("id", "source", "ord", "doc_id", "title", "section_path", "section_paths", "headers", "text",
         "start_char", "end_char", "tokens", "declared", "metadata", "filter_keys", "content_hash")


class StoreError(ValueError):
    """The store cannot be reached or used; the message is one line naming the cause (a
    ValueError, so every CLI reports it as one line like its other bad-input errors)."""


def redact(uri: str) -> str:
    """The URI with its password hidden (error messages and logs)."""
    return re.sub(r"(//[^:/@]*:)[^@/]*@", r"\1***@", uri)


def schema_for(kb_dir: str | Path) -> str:
    """Default schema of a KB folder: ``rag_<folder name>`` (one schema per KB in one database)."""
    name = re.sub(r"[^a-z0-9_]+", "_", Path(kb_dir).resolve().name.lower()).strip("_") or "kb"
    return f"rag_{name}"[:63]


def filter_keys(metadata: dict[str, Any]) -> list[str]:
    """``field=value`` for every value of every metadata field (as ``str``, as the engine's
    filters compare) and ``field?`` for truthy fields: the filters become array overlaps on a
    GIN-indexed column, with exactly :meth:`RetrievalEngine.filter_mask` semantics."""
    out = []
    for k, v in metadata.items():
        vals = v if isinstance(v, (list, tuple, set, frozenset)) else ([] if v is None else [v])
        out += [f"{k}={x}" for x in vals]
        if v:
            out.append(f"{k}?")
    return sorted(set(out))


def _chunk_row(c: Chunk) -> tuple:
    from psycopg.types.json import Jsonb

    key = text_key(c.index_text)  # what the index sees; also the key of its stored dense vector
    return (c.id, c.source, c.index, c.doc_id, c.title, list(c.section_path),
            Jsonb([list(p) for p in c.section_paths]), " › ".join(c.headers), c.text, c.start, c.end, c.tokens,
            Jsonb(c.declared), Jsonb(c.metadata), filter_keys(c.metadata), key)


@dataclass
class SyncReport:
    added: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    unchanged: int = 0
    chunks_written: int = 0
    chunks_deleted: int = 0
    skipped: list[tuple[str, str]] = field(default_factory=list)
    full: bool = False  # everything rewritten (new configuration or domain)

    def summary(self) -> str:
        return (f"store sync: {len(self.added)} added, {len(self.changed)} changed, {len(self.removed)} removed, "
                f"{self.unchanged} unchanged files; {self.chunks_written} chunks written, "
                f"{self.chunks_deleted} deleted" + (" (full resync: configuration or domain changed)" if self.full else ""))


class PostgresStore:
    """Documents and chunks of one KB in one Postgres schema (created idempotently)."""

    def __init__(self, uri: str, schema: str = "rag", ranking: str = "bm25", normalization: int = 0,
                 bm25_k1: float = 1.5, bm25_b: float = 0.75, match: str = "any", connect_timeout: int = 5):
        if not re.match(r"^postgres(ql)?://", uri or ""):
            raise StoreError(f"store URI must start with postgresql:// or postgres://, got {redact(uri or '')!r}")
        if not re.fullmatch(r"[a-z_][a-z0-9_]{0,62}", schema):
            raise StoreError(f"schema name must be lower-case letters, digits and _, got {schema!r}")
        if ranking not in RANKINGS:
            raise StoreError(f"ranking must be one of {RANKINGS}, got {ranking!r}")
        if match not in ("any", "all"):
            raise StoreError(f"match must be any (OR of the lexemes) or all (websearch_to_tsquery), got {match!r}")
        self.match = match
        self.uri, self.schema, self.ranking, self.normalization = uri, schema, ranking, normalization
        self.k1, self.b = bm25_k1, bm25_b
        self._lock = threading.RLock()
        self._keys: list[str] | None = None
        try:
            import psycopg
        except ImportError:
            raise StoreError("the Postgres store needs psycopg: pip install 'mpa-rag-eval[postgres]'") from None
        try:
            self.conn = psycopg.connect(uri, autocommit=True, connect_timeout=connect_timeout)
        except psycopg.ProgrammingError as exc:
            raise StoreError(f"bad Postgres URI {redact(uri)}: {_first_line(exc)}") from None
        except psycopg.Error as exc:
            raise StoreError(f"cannot connect to Postgres at {redact(uri)}: {_first_line(exc)}") from None
        self._create_schema()

    # ----------------------------------------------------------------- schema
    def _create_schema(self) -> None:
        s = self.schema
        with self._lock, self.conn.transaction():
            self.conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (s,))
            self.conn.execute(f"CREATE SCHEMA IF NOT EXISTS {s}")
            self.conn.execute(f"SET search_path TO {s}, public")
            self.conn.execute("""
                CREATE TABLE IF NOT EXISTS documents (
                    source text PRIMARY KEY, sha256 text NOT NULL, size bigint NOT NULL, skipped text);
                CREATE TABLE IF NOT EXISTS chunks (
                    id text PRIMARY KEY, source text NOT NULL REFERENCES documents ON DELETE CASCADE,
                    ord int NOT NULL, doc_id text NOT NULL, title text NOT NULL, section_path text[] NOT NULL,
                    section_paths jsonb NOT NULL, headers text NOT NULL, text text NOT NULL,
                    start_char int NOT NULL, end_char int NOT NULL, tokens int NOT NULL,
                    declared jsonb NOT NULL, metadata jsonb NOT NULL, filter_keys text[] NOT NULL,
                    content_hash text NOT NULL,
                    tsv tsvector GENERATED ALWAYS AS
                        (to_tsvector('english'::regconfig, title || ' ' || headers || ' ' || text)) STORED);
                CREATE INDEX IF NOT EXISTS chunks_tsv ON chunks USING gin (tsv);
                CREATE INDEX IF NOT EXISTS chunks_filters ON chunks USING gin (filter_keys);
                CREATE INDEX IF NOT EXISTS chunks_source ON chunks (source, ord);
                CREATE TABLE IF NOT EXISTS meta (key text PRIMARY KEY, value text NOT NULL);
                CREATE TABLE IF NOT EXISTS lexemes (lexeme text PRIMARY KEY, df int NOT NULL);""")

    def _meta(self, key: str) -> str | None:
        row = self.conn.execute("SELECT value FROM meta WHERE key = %s", (key,)).fetchone()
        return row[0] if row else None

    def _set_meta(self, key: str, value: str) -> None:
        self.conn.execute("INSERT INTO meta VALUES (%s, %s) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
                          (key, value))

    def _refresh_stats(self) -> None:
        """Per-lexeme document frequencies, chunk count and mean length for ``ranking="bm25"``."""
        self.conn.execute("TRUNCATE lexemes")
        self.conn.execute("INSERT INTO lexemes SELECT word, ndoc FROM ts_stat('SELECT tsv FROM chunks')")
        n, avg = self.conn.execute("SELECT count(*), coalesce(avg(length(tsv)), 0) FROM chunks").fetchone()
        self._set_meta("n_chunks", str(n))
        self._set_meta("avg_len", str(float(avg)))
        self.conn.execute("ANALYZE chunks")
        self._keys = None

    # ----------------------------------------------------------------- writing
    def sync(self, kb_dir: str | Path, config: RagConfig | None = None, domain: Domain | None = None,
             full: bool = False) -> SyncReport:
        """Bring the store in line with ``kb_dir``: new and changed files (by SHA-256) are
        re-read, chunked and tagged exactly as :meth:`RetrievalEngine.build` does and their
        chunks replaced; removed files are deleted; unchanged files are not touched. A store
        synced under another chunking configuration or domain is rewritten in full."""
        from rag.engine import index_hash

        cfg, dom = config or RagConfig(), domain or GENERIC
        kb = Path(kb_dir)
        if not kb.is_dir():
            raise EmptyKnowledgeBaseError(f"knowledge-base directory not found: {kb}")
        want = index_hash(cfg, dom)
        rep = SyncReport()
        with self._lock, self.conn.transaction():
            self.conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (self.schema,))
            if full or self._meta("index_hash") != want:
                rep.full = self._meta("index_hash") is not None or full
                rep.chunks_deleted = self.conn.execute("SELECT count(*) FROM chunks").fetchone()[0]
                self.conn.execute("TRUNCATE chunks, documents")
            stored = dict(self.conn.execute("SELECT source, sha256 FROM documents").fetchall())
            current = {}
            for p in list_kb_files(kb):
                try:
                    current[p.relative_to(kb).as_posix()] = (p, file_sha256(p.read_bytes()))
                except OSError:
                    continue
            rep.removed = sorted(set(stored) - set(current))
            for rel in rep.removed:
                rep.chunks_deleted += self._delete(rel)
            for rel, (path, sha) in sorted(current.items()):
                if stored.get(rel) == sha:
                    rep.unchanged += 1
                    continue
                (rep.changed if rel in stored else rep.added).append(rel)
                rep.chunks_deleted += self._delete(rel)
                load = LoadReport()
                doc = load_document(path, kb, cfg.max_file_bytes, load)
                if doc is None:
                    rep.skipped += load.skipped
                    self.conn.execute("INSERT INTO documents VALUES (%s, %s, %s, %s)",
                                      (rel, sha, path.stat().st_size, load.skipped[0][1] if load.skipped else "skipped"))
                    continue
                self.conn.execute("INSERT INTO documents VALUES (%s, %s, %s, NULL)", (rel, doc.sha256, doc.size))
                chunks = chunk_document(doc, cfg)
                for c in chunks:
                    c.metadata = dom.metadata(c)
                self._copy([_chunk_row(c) for c in chunks])
                rep.chunks_written += len(chunks)
            self._set_meta("index_hash", want)
            self._set_meta("domain", dom.identity)
            if rep.added or rep.changed or rep.removed or rep.full:
                self._refresh_stats()
        return rep

    def _delete(self, source: str) -> int:
        n = self.conn.execute("SELECT count(*) FROM chunks WHERE source = %s", (source,)).fetchone()[0]
        self.conn.execute("DELETE FROM documents WHERE source = %s", (source,))
        return n

    def _copy(self, rows: Iterable[tuple]) -> None:
        with self.conn.cursor().copy(f"COPY chunks ({', '.join(_COLS)}) FROM STDIN") as cp:
            for r in rows:
                cp.write_row(r)

    def load_records(self, records: Iterable[tuple[str, str, str]], batch: int = 50_000) -> int:
        """Replace the store's content with pre-split passages ``(id, title, text)``, one chunk
        each (public test collections, synthetic scale runs): COPY with the GIN index dropped
        and rebuilt after, the fast path for millions of rows. Returns the chunk count."""
        from psycopg.types.json import Jsonb

        empty_list, empty_obj = Jsonb([]), Jsonb({})
        n = 0
        with self._lock, self.conn.transaction():
            self.conn.execute("TRUNCATE chunks, documents, lexemes")
            self.conn.execute("DROP INDEX IF EXISTS chunks_tsv")
            self.conn.execute("ALTER TABLE chunks DROP CONSTRAINT IF EXISTS chunks_source_fkey")
            self.conn.execute("INSERT INTO documents VALUES ('', '', 0, NULL)")
            with self.conn.cursor().copy(f"COPY chunks ({', '.join(_COLS)}) FROM STDIN") as cp:
                for rid, title, text in records:
                    rid, title, text = str(rid), title or "", text or ""
                    cp.write_row((rid, "", n, rid, title, [title], empty_list, "", text, 0, len(text), 0,
                                  empty_obj, empty_obj, [], text_key(f"{title}\n{text}")))
                    n += 1
            self.conn.execute("CREATE INDEX chunks_tsv ON chunks USING gin (tsv)")
            self.conn.execute("ALTER TABLE chunks ADD CONSTRAINT chunks_source_fkey FOREIGN KEY (source) "
                              "REFERENCES documents ON DELETE CASCADE")
            self._set_meta("index_hash", "records")
            self._refresh_stats()
        return n

    # ----------------------------------------------------------------- reading
    def count(self) -> int:
        with self._lock:
            return self.conn.execute("SELECT count(*) FROM chunks").fetchone()[0]

    def files(self) -> tuple[dict[str, dict[str, Any]], list[tuple[str, str]]]:
        """(source → {sha256, size}, [(source, skip reason)]) as stored."""
        with self._lock:
            rows = self.conn.execute("SELECT source, sha256, size, skipped FROM documents").fetchall()
        files = {s: {"sha256": h, "size": n, **({"skipped": why} if why else {})} for s, h, n, why in rows}
        return files, sorted((s, why) for s, _, _, why in rows if why)

    def chunks(self, ids: list[str] | None = None) -> list[Chunk]:
        """Stored chunks (all, or those of ``ids`` in that order), in KB order: files as
        :func:`rag.documents.list_kb_files` sorts them, chunks in document order."""
        cols = ", ".join(_COLS)
        with self._lock:
            if ids is None:
                rows = self.conn.execute(f"SELECT {cols} FROM chunks").fetchall()
            else:
                rows = self.conn.execute(f"SELECT {cols} FROM chunks WHERE id = ANY(%s)", (list(ids),)).fetchall()
        out = [Chunk(id=r[0], doc_id=r[3], source=r[1], title=r[4], section_path=tuple(r[5]), text=r[8],
                     index=r[2], start=r[9], end=r[10], tokens=r[11], metadata=r[13],
                     section_paths=tuple(tuple(p) for p in r[6]), declared=r[12]) for r in rows]
        if ids is None:
            out.sort(key=lambda c: (tuple(c.source.split("/")), c.index))
            return out
        pos = {i: n for n, i in enumerate(ids)}
        return sorted(out, key=lambda c: pos[c.id])

    def metadata_keys(self) -> list[str]:
        with self._lock:
            if self._keys is None:
                self._keys = [r[0] for r in self.conn.execute(
                    "SELECT DISTINCT jsonb_object_keys(metadata) FROM chunks ORDER BY 1").fetchall()]
            return self._keys

    def search(self, query: str, top_k: int = 10, filters: dict | None = None,
               aliases: dict[str, str] | None = None) -> list[tuple[str, float]]:
        """``(chunk id, score)`` best first: chunks matching any lexeme of ``query`` (GIN),
        ranked by BM25 or ``ts_rank_cd`` (``ranking``). ``filters`` as the engine's: a
        list keeps chunks whose field holds any listed value, ``True``/``False`` truthy/falsy
        fields, keys AND-ed; ``aliases`` maps filter names to metadata fields."""
        where, params = self._filter_sql(filters or {}, aliases or {})
        lexemes = ("SELECT string_agg(quote_literal(lexeme), ' | ')::tsquery AS q "
                   "FROM unnest(to_tsvector(%(cfg)s::regconfig, %(query)s))")
        if self.match == "all":  # every word required: the recall loss bench/pg.py measures
            lexemes = "SELECT websearch_to_tsquery(%(cfg)s::regconfig, %(query)s) AS q"
        if self.ranking == "ts_rank_cd":
            sql = (f"WITH q AS ({lexemes}) SELECT c.id, ts_rank_cd(c.tsv, q.q, %(norm)s) AS score FROM chunks c, q "
                   f"WHERE c.tsv @@ q.q{where} ORDER BY score DESC, c.id LIMIT %(k)s")
        else:  # BM25 Okapi over the same candidates: idf from lexeme df, tf from the tsvector positions
            sql = (f"WITH qt AS (SELECT DISTINCT lexeme FROM unnest(to_tsvector(%(cfg)s::regconfig, %(query)s))), "
                   f"q AS (SELECT string_agg(quote_literal(lexeme), ' | ')::tsquery AS q FROM qt), "
                   f"w AS (SELECT l.lexeme, ln(1 + (%(n)s - l.df + 0.5) / (l.df + 0.5)) AS idf "
                   f"FROM lexemes l JOIN qt USING (lexeme)), "
                   f"cand AS MATERIALIZED (SELECT c.id, c.tsv, length(c.tsv) AS dl FROM chunks c, q "
                   f"WHERE c.tsv @@ q.q{where}) "  # each candidate read once (not once per term)
                   f"SELECT cand.id, sum(w.idf * cardinality(u.positions) * (%(k1)s + 1) / (cardinality(u.positions) "
                   f"+ %(k1)s * (1 - %(b)s + %(b)s * cand.dl / %(avg)s))) AS score "
                   # only the query's lexemes of each candidate are unnested: setweight marks them (the
                   # stored vectors carry no weights) and ts_filter keeps the marked ones — 3x faster on kb/
                   f"FROM cand CROSS JOIN LATERAL unnest(ts_filter(setweight(cand.tsv, 'A', "
                   f"(SELECT array_agg(lexeme) FROM qt)), '{{a}}')) u JOIN w ON w.lexeme = u.lexeme "
                   f"GROUP BY cand.id ORDER BY score DESC, cand.id LIMIT %(k)s")
        params.update(cfg=TS_CONFIG, query=query, norm=self.normalization, k=int(top_k), k1=self.k1, b=self.b)
        import psycopg

        with self._lock:
            try:
                if self.ranking == "bm25":
                    params.update(n=float(self._meta("n_chunks") or 0), avg=float(self._meta("avg_len") or 1) or 1.0)
                return [(i, float(s)) for i, s in self.conn.execute(sql, params).fetchall()]
            except psycopg.Error as exc:
                raise StoreError(f"Postgres search failed ({redact(self.uri)}): {_first_line(exc)}") from None

    def _filter_sql(self, filters: dict, aliases: dict[str, str]) -> tuple[str, dict]:
        if not filters:
            return "", {}
        valid = sorted(set(aliases) | set(self.metadata_keys()))
        unknown = set(filters) - set(valid)
        if unknown:
            raise ValueError(f"unknown filter key(s) {sorted(unknown)}; valid keys: {valid}")
        where, params = [], {}
        for n, (k, v) in enumerate(sorted(filters.items())):
            fld = aliases.get(k, k)
            if isinstance(v, bool):
                where.append(f"{'' if v else 'NOT '}c.filter_keys @> %(f{n})s")
                params[f"f{n}"] = [f"{fld}?"]
            else:
                where.append(f"c.filter_keys && %(f{n})s")
                params[f"f{n}"] = [f"{fld}={x}" for x in (v if isinstance(v, (list, tuple, set)) else [v])]
        return "".join(f" AND {w}" for w in where), params

    # ----------------------------------------------------------------- dense vectors (pgvector)
    def _vector_table(self, dim: int) -> None:
        import psycopg

        try:
            with self.conn.transaction():
                self.conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
        except psycopg.Error as exc:
            raise StoreError(f"dense presets on the store need the pgvector extension: {_first_line(exc)}") from None
        self.conn.execute(f"CREATE TABLE IF NOT EXISTS vectors (model text NOT NULL, key text NOT NULL, "
                          f"embedding vector({int(dim)}) NOT NULL, PRIMARY KEY (model, key))")

    def vectors(self, model: str, keys: list[str], dim: int) -> dict[str, Any]:
        """Stored embeddings of ``model`` for the chunk-text ``keys`` that have one."""
        import numpy as np

        with self._lock:
            self._vector_table(dim)
            rows = self.conn.execute("SELECT key, embedding::text FROM vectors WHERE model = %s AND key = ANY(%s)",
                                     (model, list(keys))).fetchall()
        return {k: np.array(v.strip("[]").split(","), dtype=np.float32) for k, v in rows}

    def save_vectors(self, model: str, items: dict[str, Any]) -> None:
        """Store embeddings by chunk-text key: unchanged chunks never need encoding again."""
        if not items:
            return
        dim = len(next(iter(items.values())))
        with self._lock, self.conn.transaction():
            self._vector_table(dim)
            self.conn.execute("CREATE TEMP TABLE IF NOT EXISTS new_vectors (model text, key text, embedding text) "
                              "ON COMMIT DELETE ROWS")
            with self.conn.cursor().copy("COPY new_vectors FROM STDIN") as cp:
                for k, v in items.items():
                    cp.write_row((model, k, "[" + ",".join(f"{x:.7g}" for x in v) + "]"))
            self.conn.execute("INSERT INTO vectors SELECT model, key, embedding::vector FROM new_vectors "
                              "ON CONFLICT DO NOTHING")

    def dense_search(self, model: str, vector, top_k: int = 10) -> list[tuple[str, float]]:
        """``(chunk id, cosine similarity)`` best first, by pgvector's ``<=>`` over the stored chunks."""
        q = "[" + ",".join(f"{x:.7g}" for x in vector) + "]"
        with self._lock:
            rows = self.conn.execute(
                "SELECT c.id, 1 - (v.embedding <=> %s::vector) AS sim FROM chunks c JOIN vectors v "
                "ON v.model = %s AND v.key = c.content_hash ORDER BY v.embedding <=> %s::vector LIMIT %s",
                (q, model, q, int(top_k))).fetchall()
        return [(i, float(s)) for i, s in rows]

    def close(self) -> None:
        self.conn.close()


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]
