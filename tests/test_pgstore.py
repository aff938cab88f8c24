"""The Postgres store against a real Postgres: ``pgserver`` (a pip wheel bundling the server and
pgvector) starts one in a temporary folder for this module's tests and stops it after; nothing is
mocked. Under pytest-xdist the workers share one server (pgserver counts the processes holding it)
and each test writes its own schema."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import threading
import uuid
from contextlib import contextmanager
from pathlib import Path

import pytest

from rag.config import get_preset
from rag.pgengine import open_engine
from rag.pgstore import PostgresStore, StoreError

ROOT = Path(__file__).resolve().parent.parent
KBS = {"kb": ROOT / "kb", "kb_txt": ROOT / "tests" / "fixtures" / "kb_txt"}


# a throwaway server: nothing needs to reach the disk (syncing the KBs, and the checkpoint at the stop,
# waited seconds on fsync on a busy disk)
_SETTINGS = ("fsync", "synchronous_commit", "full_page_writes")


def _start(pgserver, data: Path):
    """A server on ``data``; ``None`` when it will not start (its error in the second value)."""
    error = None
    with _initdb_unsynced(pgserver):
        for _ in range(3):  # pg_ctl gives a start 10 s: a loaded machine can need a second try
            try:
                return pgserver.get_server(data, cleanup_mode="stop"), None
            except Exception as exc:  # noqa: BLE001 - any failure to start means: no Postgres here
                error = exc
                pgserver.postgres_server.PostgresServer._instances.pop(data.resolve(), None)  # not a half-started one
    return None, error


@contextmanager
def _initdb_unsynced(pgserver):
    """pgserver's ``initdb`` (run where ``data`` holds no database yet: a fresh clone's first session)
    with ``--no-sync``: initdb otherwise fsyncs its ~1,000 new files before it returns, which is most of
    its time on a busy disk (measured 4.9-6.0 s against 2.1-2.3 s, on one xdist worker that waits for it).
    This server and its template are throwaways, run with fsync off (above). Where pgserver names the
    function otherwise, initdb runs as pgserver runs it."""
    module = getattr(pgserver, "postgres_server", None)
    initdb = getattr(module, "initdb", None)
    if initdb is None:
        yield
        return
    module.initdb = lambda args, **kwargs: initdb([*args, "--no-sync"], **kwargs)
    try:
        yield
    finally:
        module.initdb = initdb


def _copy_tree(src: Path, dst: Path) -> None:
    """``src`` copied to ``dst`` with its owners (as root, pgserver runs Postgres as its own user, which
    must own the data folder). ``cp -a`` where there is one: the ~1,000 files of a data folder cost
    ~0.55 s of CPU through shutil (a Python open/copy/chown per file), ~0.4 s through cp."""
    if shutil.which("cp"):
        try:
            subprocess.run(["cp", "-a", "--", str(src), str(dst)], check=True, capture_output=True)
            return
        except (OSError, subprocess.CalledProcessError):  # not GNU/BSD cp: the portable copy below
            shutil.rmtree(dst, ignore_errors=True)
    shutil.copytree(src, dst)
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        for folder, dirs, files in os.walk(src):
            for name in [".", *dirs, *files]:
                st = os.lstat(Path(folder) / name)
                os.lchown(dst / Path(folder).relative_to(src) / name, st.st_uid, st.st_gid)


def _template(pgserver, cache) -> Path | None:
    """A data folder that was initialised once (``initdb``, ~1-2 s of the session's start) with the
    settings above, kept in pytest's cache folder per pgserver version; each session starts from a
    copy (~0.2 s). ``None`` without pytest's cache (``-p no:cacheprovider``)."""
    if cache is None:
        return None
    from importlib.metadata import version

    tmpl = cache.mkdir("pgdata") / f"pgserver-{version('pgserver')}-{'-'.join(_SETTINGS)}-off"
    if (tmpl / "PG_VERSION").exists():
        return tmpl
    work = tmpl.with_name(f"{tmpl.name}.{os.getpid()}")
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    server, _ = _start(pgserver, work)
    if server is None:
        return None
    import psycopg

    with psycopg.connect(server.get_uri(), autocommit=True) as conn:
        for setting in _SETTINGS:
            conn.execute(f"ALTER SYSTEM SET {setting} = off")
    server.cleanup()  # stops it: a cleanly shut down folder is what gets copied
    for leftover in ("postmaster.pid", ".handle_pids.json"):
        (work / leftover).unlink(missing_ok=True)
    try:
        work.rename(tmpl)  # atomic; another worker may have made it first
    except OSError:
        shutil.rmtree(work, ignore_errors=True)
    return tmpl if (tmpl / "PG_VERSION").exists() else None


@pytest.fixture(scope="session")
def _stopping():
    """The threads stopping a server (below), joined as the session ends."""
    threads: list[threading.Thread] = []
    yield threads
    for t in threads:
        t.join()


@pytest.fixture(scope="module")
def pg_uri(tmp_path_factory, pytestconfig, _stopping):
    """The server, for this module's tests only. It stops in a thread once they are done (``pg_ctl stop``
    waits for the shutdown checkpoint: 0.1-2 s on a busy disk), so that wait overlaps the next files'
    tests rather than being paid at the end of the run, where a session fixture stopped it."""
    try:
        import pgserver
        import psycopg
    except ImportError as exc:
        pytest.skip(f"pgserver/psycopg not installed ({exc}); pip install -e '.[dev]'")
    base = tmp_path_factory.getbasetemp()
    data = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "pgdata"
    tmpl = _template(pgserver, getattr(pytestconfig, "cache", None))
    if tmpl is not None and not data.exists():
        work = data.with_name(f"pgdata.{os.getpid()}")
        _copy_tree(tmpl, work)
        try:
            work.rename(data)  # atomic: the workers share one folder, the first copy wins
        except OSError:
            shutil.rmtree(work, ignore_errors=True)
    data.mkdir(exist_ok=True)  # before get_server: its own mkdir races between workers
    server, error = _start(pgserver, data)
    if server is None:
        pytest.skip(f"pgserver could not start a Postgres server in {data}: {error}")
    if tmpl is None:  # a fresh initdb: the settings are not in it yet
        with psycopg.connect(server.get_uri(), autocommit=True) as conn:
            for setting in _SETTINGS:
                conn.execute(f"ALTER SYSTEM SET {setting} = off")
            conn.execute("SELECT pg_reload_conf()")
    yield server.get_uri()
    _stopping.append(threading.Thread(target=server.cleanup, name="postgres-stop"))
    _stopping[-1].start()


def _schema() -> str:
    return f"t_{uuid.uuid4().hex[:12]}"


@pytest.fixture(scope="session")
def memory_engines(shipped_engine, kb_txt_engine):
    return {"kb": shipped_engine, "kb_txt": kb_txt_engine}  # the session's engines (conftest)


@pytest.fixture(scope="module")
def store_engines(pg_uri):
    from mpa.engine import domain

    return {name: open_engine(pg_uri, kb, None, domain(), schema=_schema()) for name, kb in KBS.items()}


def _xmins(store: PostgresStore) -> dict[str, str]:
    return dict(store.conn.execute("SELECT id, xmin::text FROM chunks").fetchall())


@pytest.mark.parametrize("name", sorted(KBS))
def test_sync_stores_exactly_the_chunks_the_engine_builds(name, store_engines, memory_engines):
    eng, mem = store_engines[name], memory_engines[name]
    assert eng.sync_report.chunks_written == eng.store.count() == len(mem.chunks)
    assert len(eng.sync_report.added) == len(mem.files)
    assert [c.to_dict() for c in eng.chunks] == [c.to_dict() for c in mem.chunks]  # metadata, sections too
    q = eng.chunks[len(eng.chunks) // 2].section
    assert [r.chunk.id for r in eng.search(q)] == [r.chunk.id for r in mem.search(q)]


@pytest.mark.parametrize("name", sorted(KBS))
def test_a_second_sync_touches_nothing(name, store_engines):
    from mpa.engine import domain

    store = store_engines[name].store
    before = _xmins(store)
    rep = store.sync(KBS[name], get_preset("hybrid-weighted"), domain())
    assert (rep.added, rep.changed, rep.removed, rep.chunks_written, rep.chunks_deleted) == ([], [], [], 0, 0)
    assert rep.unchanged == len(store_engines[name].files)
    assert _xmins(store) == before


def test_incremental_sync_rewrites_only_the_changed_files(pg_uri, tmp_path):
    from mpa.engine import build_engine, domain

    kb = tmp_path / "kbcopy"
    shutil.copytree(KBS["kb_txt"], kb)
    files = sorted(p.name for p in kb.glob("*.txt"))
    edited, removed = files[0], files[1]
    store = PostgresStore(pg_uri, _schema())
    cfg = get_preset("hybrid-weighted")
    store.sync(kb, cfg, domain())
    before = _xmins(store)
    with open(kb / edited, "a", encoding="utf-8") as f:
        f.write("\n\nQuarkzilla Appendix\n\nThe quarkzilla procedure applies to every zorbified request.\n")
    (kb / removed).unlink()
    (kb / "new_notes.txt").write_text("NEW NOTES\n\nA new file about florbination of widgets.\n", encoding="utf-8")
    rep = store.sync(kb, cfg, domain())
    assert (rep.changed, rep.removed, rep.added) == ([edited], [removed], ["new_notes.txt"])
    assert rep.unchanged == len(files) - 2
    after = _xmins(store)
    src = {c.id: c.source for c in store.chunks()}
    untouched = {i for i in before if i in after and src[i] not in (edited, removed)}
    assert untouched and all(before[i] == after[i] for i in untouched)  # rows of other files not rewritten
    assert not any(i.startswith(removed.rsplit(".", 1)[0] + "#") for i in after)
    assert {src[i] for i, _ in store.search("quarkzilla zorbified")} == {edited}
    assert {src[i] for i, _ in store.search("florbination")} == {"new_notes.txt"}
    assert [c.to_dict() for c in store.chunks()] == [c.to_dict() for c in build_engine(kb).chunks]
    # another chunking configuration: the store is rewritten in full, never mixed
    rep = store.sync(kb, cfg.with_(chunk_target_tokens=200, chunk_min_tokens=80), domain())
    assert rep.full and rep.unchanged == 0 and rep.chunks_written == store.count()


def _heading_queries(engine) -> dict[str, str]:
    """One multi-word heading per file that no other file uses: heading → its file."""
    seen: dict[str, set] = {}
    for c in engine.chunks:
        for h in c.headers:
            if len(h.split()) >= 3:
                seen.setdefault(h, set()).add(c.source)
    out: dict[str, str] = {}
    for h, srcs in seen.items():
        if len(srcs) == 1 and next(iter(srcs)) not in out.values():
            out[h] = next(iter(srcs))
    return out


@pytest.mark.parametrize("ranking", ["ts_rank_cd", "bm25"])
@pytest.mark.parametrize("name", sorted(KBS))
def test_search_finds_the_file_of_each_heading(name, ranking, pg_uri, store_engines):
    store = PostgresStore(pg_uri, store_engines[name].store.schema, ranking=ranking)
    eng = store_engines[name]
    queries = _heading_queries(eng)
    assert len(queries) >= min(10, len(eng.files))
    src = {c.id: c.source for c in eng.chunks}
    missed = {h: f for h, f in queries.items() if f not in [src[i] for i, _ in store.search(h, 5)]}
    assert not missed
    # OR of the lexemes: a word the KB never uses does not empty the result (an AND query would)
    h, f = next(iter(queries.items()))
    assert f in [src[i] for i, _ in store.search(h + " xylophonic", 5)]
    scores = [s for _, s in store.search(h, 20)]
    assert scores == sorted(scores, reverse=True) and scores[0] > 0
    assert store.search("the of and", 5) == []  # stop words only


def test_filters_keep_the_engine_semantics(store_engines, memory_engines):
    eng, mem = store_engines["kb_txt"], memory_engines["kb_txt"]
    store = eng.store
    q = "sizing steps and market guidance"
    everything = store.search(q, 1000)
    chunk = mem.chunk(everything[0][0])
    field = next(k for k, v in chunk.metadata.items() if isinstance(v, list) and v)
    for filters in ({field: [chunk.metadata[field][0]]}, {field: True}, {field: False},
                    {field: [chunk.metadata[field][0]], "has_benchmarks": False}):
        mask = mem.filter_mask(filters)
        got = store.search(q, 1000, filters)
        assert got == [(i, s) for i, s in everything if mask[mem.by_id[i]]], filters
    assert store.search(q, 1000, {field: True}) and store.search(q, 1000, {field: ["no such value"]}) == []
    alias = next(a for a, f in eng.domain.filters.items() if f == field)
    assert store.search(q, 1000, {alias: True}, aliases=dict(eng.domain.filters)) == store.search(q, 1000, {field: True})
    with pytest.raises(ValueError, match="unknown filter key.*valid keys"):
        store.search(q, 5, {"no_such_field": True})


def test_method_postgres_through_the_engine(store_engines):
    eng = store_engines["kb_txt"]
    res = eng.search("market tiers", top_k=3, method="postgres")
    assert 0 < len(res) <= 3 and res[0].score == 1.0 and all(r.citation.startswith(r.chunk.source) for r in res)
    assert {eng.store.ranking, "coverage"} <= set(res[0].breakdown)
    assert eng.with_config(get_preset("bm25")).search("market tiers", top_k=3, method="postgres")[0].chunk.id \
        == res[0].chunk.id  # a preset view keeps the SQL path
    assert eng.search("  ", method="postgres").reason == "empty query"
    with pytest.raises(ValueError, match="unknown filter"):
        eng.search("market tiers", method="postgres", filters={"nope": True})


def test_tools_answer_the_same_from_the_store(store_engines, memory_engines):
    """The tool eval task (mpa.tools.ToolExecutor, as evals/eval_tools.py runs it) on the store."""
    from mpa.tools import ToolExecutor

    inputs = []
    for fname, tool, keys in (("benchmarks.jsonl", "get_benchmark", ("vertical", "metric", "platform")),
                              ("audience.jsonl", "get_audience_sizing", ("audience_type", "geography"))):
        rows = [json.loads(line) for line in open(ROOT / "datasets" / fname, encoding="utf-8")][:6]
        inputs += [(tool, {k: r[k] for k in keys if r.get(k)}) for r in rows]
    on_store, in_memory = ToolExecutor(store_engines["kb"]), ToolExecutor(memory_engines["kb"])
    for tool, args in inputs:
        got, want = on_store.execute(tool, args).to_dict(), in_memory.execute(tool, args).to_dict()
        got.pop("latency_ms", None), want.pop("latency_ms", None)
        assert got == want, (tool, args)


def test_mpa_store_selects_the_store_everywhere(pg_uri, monkeypatch, capsys):
    from mpa.engine import build_engine, domain
    from rag.cli import main
    from rag.serve import EngineHolder

    monkeypatch.setenv("MPA_STORE", pg_uri)
    assert build_engine(KBS["kb_txt"]).store.count() == len(build_engine(KBS["kb_txt"]).chunks)
    holder = EngineHolder(KBS["kb_txt"], "hybrid-weighted", None, domain(), store=pg_uri)
    assert holder.engine().store.schema == "rag_kb_txt"
    assert main(["search", "market tiers", "--kb", str(KBS["kb_txt"]), "--method", "postgres", "--json"],
                domain="mpa.engine:domain") == 0
    out = json.loads(capsys.readouterr().out)
    assert out["results"] and "bm25" in out["results"][0]["breakdown"]  # the SQL retriever's default ranking


def test_errors_are_one_line(pg_uri, capsys):
    with pytest.raises(StoreError, match="must start with postgresql://"):
        PostgresStore("mysql://localhost/db")
    with pytest.raises(StoreError, match=r"^cannot connect to Postgres at postgresql://u:\*\*\*@/db") as exc:
        PostgresStore("postgresql://u:secret@/db?host=/nonexistent/socket/dir")
    assert "\n" not in str(exc.value) and "secret" not in str(exc.value)
    with pytest.raises(StoreError, match="bad Postgres URI|cannot connect"):
        PostgresStore("postgresql://localhost:notaport/db")
    with pytest.raises(StoreError, match="schema name"):
        PostgresStore(pg_uri, "Robert'); DROP TABLE x;--")
    with pytest.raises(StoreError, match="holds no KB synced"):
        open_engine(pg_uri, None, schema=_schema())
    from rag.cli import main

    assert main(["search", "x", "--kb", str(KBS["kb_txt"]), "--store", "postgresql://u@/db?host=/nonexistent"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: cannot connect to Postgres") and "\n" not in err


@pytest.mark.slow  # encodes the fixture KB with MiniLM in numpy (~70 ms a chunk, minutes on a loaded machine)
def test_dense_preset_keeps_its_vectors_in_pgvector(pg_uri):
    """hybrid-dense on the store: vectors in a pgvector column keyed by chunk text, encoded once."""
    from rag import dense

    if not dense.available():
        pytest.skip("the MiniLM weights are not installed (make installs them)")
    from mpa.engine import domain

    schema, cfg = _schema(), get_preset("hybrid-dense")
    first = open_engine(pg_uri, KBS["kb_txt"], cfg, domain(), schema=schema)
    again = open_engine(pg_uri, KBS["kb_txt"], cfg, domain(), schema=schema)
    assert first.dense_encoded == len(first.chunks) and again.dense_encoded == 0
    assert abs(again.dense - first.dense).max() < 1e-5
    assert first.store.conn.execute("SELECT count(*) FROM vectors").fetchone()[0] == len(first.chunks)
    q = "how to size a target group in one market"
    assert "dense" in again.search(q)[0].breakdown
    plain = open_engine(pg_uri, KBS["kb_txt"], get_preset("hybrid-weighted"), domain(), schema=schema)
    view = plain.with_config(cfg)  # how the evals switch presets: the vectors come from pgvector
    assert getattr(plain, "dense_encoded", None) == 0 and abs(view.dense - first.dense).max() < 1e-5
    vec = dense.get_encoder(cfg.dense_max_tokens).encode([q])[0]
    top = again.store.dense_search(first.dense_model, vec, 3)
    assert top[0][0] == again.chunks[int((again.dense @ vec).argmax())].id


def test_rest_api_serves_the_store_over_http(pg_uri, tmp_path):
    """python -m rag serve --store: /search (engine methods and method=postgres) and the tools."""
    from test_serve import Server

    from mpa.engine import domain
    from mpa.tools import ToolExecutor
    from rag.feedback import FeedbackStore
    from rag.serve import EngineHolder

    holder = EngineHolder(KBS["kb_txt"], "hybrid-weighted", None, domain(), ToolExecutor, store=pg_uri)
    with Server(holder, FeedbackStore(tmp_path / "fb.sqlite3")) as client:
        sql = client.post("/search", json={"query": "market tiers", "method": "postgres", "top_k": 3}).json()
        assert sql["results"] and "bm25" in sql["results"][0]["breakdown"] and sql["results"][0]["citation"]
        mem = client.post("/search", json={"query": "market tiers", "top_k": 3}).json()
        assert mem["results"] and "tfidf" in mem["results"][0]["breakdown"]
        assert client.post("/tools/search_knowledge_base", json={"query": "market tiers"}).status_code == 200
        assert client.get("/healthz").status_code == 200
    plain = EngineHolder(KBS["kb_txt"], "hybrid-weighted", None, domain())
    with Server(plain, FeedbackStore(tmp_path / "fb2.sqlite3")) as client:
        r = client.post("/search", json={"query": "market tiers", "method": "postgres"})
        assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "method"]
