"""The search API over real HTTP on 127.0.0.1 (uvicorn in a thread, httpx as the client)."""
from __future__ import annotations

import shutil
import socket
import threading
import time
from pathlib import Path

import httpx
import pytest

from rag.feedback import FeedbackStore

# rag.serve (FastAPI, ~0.18 s of CPU to import) is imported where a server starts: collection imports
# every test module in each xdist worker, and only the worker given the REST API files (conftest.py's
# units) serves anything.

ROOT = Path(__file__).resolve().parent.parent
KBS = {"kb": ROOT / "tests" / "fixtures" / "kb", "kb_txt": ROOT / "tests" / "fixtures" / "kb_txt"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, holder, store):
        import uvicorn

        from rag.serve import create_app

        self.port = _free_port()
        self.server = uvicorn.Server(uvicorn.Config(create_app(holder, store), host="127.0.0.1", port=self.port,
                                                    log_level="error"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self):
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("server did not start")
            time.sleep(0.01)
        self.client = httpx.Client(base_url=f"http://127.0.0.1:{self.port}", timeout=10)
        return self.client

    def __exit__(self, *exc):
        """Closes the client's connections and tells the server to stop, without waiting for it: uvicorn notices
        on its next 0.1 s tick and then sleeps 0.1 s more before closing (~0.2 s a server, idle time of the worker
        that waits). Its thread is a daemon on a port of its own, and no later test talks to it."""
        self.client.close()
        self.server.should_exit = True


def _serve(src: Path, tmp: Path):
    from mpa.engine import domain
    from mpa.tools import ToolExecutor
    from rag.serve import EngineHolder

    kb = tmp / "kb"
    shutil.copytree(src, kb)
    holder = EngineHolder(kb, "hybrid-weighted", tmp / "index", domain(), ToolExecutor, reload_every_s=0.0)
    store = FeedbackStore(tmp / "fb.sqlite3")
    return Server(holder, store), kb, store


@pytest.fixture(scope="module", params=sorted(KBS))
def served(request, tmp_path_factory):
    """One server per KB for the read-only tests (building an index per test is the slow part)."""
    server, kb, store = _serve(KBS[request.param], tmp_path_factory.mktemp(request.param))
    with server as client:
        yield client, kb, store


@pytest.fixture
def served_fresh(tmp_path):
    server, kb, store = _serve(KBS["kb_txt"], tmp_path)
    with server as client:
        yield client, kb, store


def test_search_returns_cited_results_and_packs(served):
    client, _, _ = served
    r = client.post("/search", json={"query": "cost per click benchmarks", "top_k": 3, "pack_budget": 300,
                                      "trace": True})
    assert r.status_code == 200, r.text
    body = r.json()
    assert 1 <= len(body["results"]) <= 3
    first = body["results"][0]
    assert first["citation"] and first["citation_id"] and first["section_path"] and "breakdown" in first
    assert body["packed"]["tokens"] <= 300 and body["packed"]["ids"] and "trace" in body["packed"]


@pytest.mark.parametrize("payload, field", [
    ({"query": ""}, "query"), ({"query": "cpc", "top_k": 0}, "top_k"), ({"query": "cpc", "preset": "nope"}, "preset"),
    ({"query": "cpc", "mode": "turbo"}, "mode"), ({"query": "cpc", "bogus": 1}, "bogus"),
    ({"query": "cpc", "filters": {"no_such_field": "x"}}, "filters"),
])
def test_invalid_input_is_422_naming_the_field(served, payload, field):
    client, _, _ = served
    r = client.post("/search", json=payload)
    assert r.status_code == 422, r.text
    assert any(field in d["loc"] for d in r.json()["detail"]), r.text


def test_oversized_body_is_refused(served):
    client, _, _ = served
    r = client.post("/search", content=b'{"query": "' + b"x" * 70_000 + b'"}',
                    headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_tools_run_with_the_executor_schema_and_errors(served):
    client, _, _ = served
    ok = client.post("/tools/search_knowledge_base", json={"query": "audience sizing"})
    assert ok.status_code == 200 and ok.json()["citations"], ok.text
    bad = client.post("/tools/get_benchmark", json={"vertical": "retail"})  # metric missing
    assert bad.status_code == 422 and "metric" in bad.json()["detail"]
    assert client.post("/tools/launch_rockets", json={}).status_code == 404


def test_feedback_is_stored_and_stats_count_requests(served):
    client, _, store = served
    client.post("/search", json={"query": "frequency cap"})
    client.post("/search", json={"query": "frequency cap"})
    r = client.post("/feedback", json={"rating": "bad", "question": "frequency cap?", "answer": "no idea",
                                       "note": "missed the rule", "retrieved_ids": ["a#1"]})
    assert r.status_code == 201, r.text
    rows = list(store.rows("bad"))
    assert [(x.question, x.note, x.retrieved_ids, x.channel) for x in rows][-1:] == [
        ("frequency cap?", "missed the rule", ["a#1"], "api")]
    assert client.post("/feedback", json={"rating": "meh", "question": "q"}).status_code == 422
    st = client.get("/stats").json()
    assert st["requests"]["/search"]["requests"] >= 2 and st["requests"]["/search"]["latency_ms_p95"] >= 0
    assert st["cache"]["hybrid-weighted"]["hits"] >= 1
    assert client.get("/healthz").json()["status"] == "ok"
    assert "/search" in client.get("/openapi.json").json()["paths"]


def test_kb_change_is_picked_up_without_restart(served_fresh):
    client, kb, _ = served_fresh
    q = {"query": "zanzibarian quokka budgeting"}
    assert not any("quokka" in r["text"].lower() for r in client.post("/search", json=q).json()["results"])
    (kb / "new-note.md").write_text("# Quokka notes\n\nZanzibarian quokka budgeting is a made-up practice "
                                    "used to test reloading of the served index.\n")
    time.sleep(0.05)
    hits = client.post("/search", json=q).json()["results"]
    assert hits and "quokka" in hits[0]["text"].lower()
    assert client.get("/stats").json()["reloads"] >= 1


def test_cli_errors_are_one_line(capsys, tmp_path):
    from rag.serve import main

    assert main(["--kb", str(tmp_path / "missing")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not a folder" in err[0]
