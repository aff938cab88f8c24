"""A search API other programs can call: ``python -m rag serve`` (FastAPI on uvicorn).

Endpoints: ``POST /search`` (query, mode/method/preset, filters, top_k, optional packing),
``POST /tools/{name}`` (only when a tool provider is plugged in — ``python -m mpa serve`` plugs
in its domain's tools), ``POST /feedback``, ``GET /healthz``, ``GET /stats``; OpenAPI docs
at ``/docs``. Why a separate module and not a method of the engine: the engine stays a library
with no web dependency; ``fastapi`` and ``uvicorn`` are imported only when a server starts.

The index is loaded once (:class:`EngineHolder`). Every ``reload_every_s`` seconds at most, a
request checks the KB folder's (name, size, mtime) listing; when it changed, the engine is
rebuilt incrementally (``RetrievalEngine.from_directory``) and swapped in under a lock, so a
long-running server never answers from a KB that changed under it for longer than that.
"""
from __future__ import annotations

import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Protocol

import numpy as np
from pydantic import BaseModel, Field, field_validator  # request models are module-level so FastAPI resolves them

from rag.config import METHODS, MODES, PRESETS, get_preset
from rag.documents import list_kb_files
from rag.domain import Domain

MAX_BODY_BYTES = 64 * 1024  # a query, filters and a feedback note fit in far less
MAX_QUERY_CHARS = 2000
MAX_TOP_K = 100


class SearchRequest(BaseModel):
    model_config = {"extra": "forbid"}
    query: str = Field(min_length=1, max_length=MAX_QUERY_CHARS)
    top_k: int = Field(5, ge=1, le=MAX_TOP_K)
    preset: str | None = Field(None, description=f"one of {sorted(PRESETS)}")
    method: str | None = Field(None, description=f"one of {list(METHODS)}")
    mode: str | None = Field(None, description=f"one of {list(MODES)}")
    filters: dict[str, Any] | None = None
    pack_budget: int | None = Field(None, ge=1, le=100_000, description="pack results into this many tokens")
    trace: bool = False

    @field_validator("query")
    @classmethod
    def _not_blank(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("must not be blank")
        return v

    @field_validator("preset", "method", "mode")
    @classmethod
    def _one_of(cls, v, info):
        # method "postgres" = the store's SQL retriever (a server started with --store)
        choices = {"preset": sorted(PRESETS), "method": [*METHODS, "postgres"], "mode": list(MODES)}[info.field_name]
        if v is not None and v not in choices:
            raise ValueError(f"unknown {info.field_name} {v!r}; choose one of {choices}")
        return v


class FeedbackRequest(BaseModel):
    model_config = {"extra": "forbid"}
    rating: str = Field(pattern="^(good|bad)$")
    question: str = Field(min_length=1, max_length=MAX_QUERY_CHARS)
    answer: str = Field("", max_length=50_000)
    note: str = Field("", max_length=2_000)
    retrieved_ids: list[str] = Field(default_factory=list, max_length=200)
    config: dict[str, Any] = Field(default_factory=dict)


class ToolProvider(Protocol):
    """What ``/tools/{name}`` needs: the agent's tool executor (``mpa.tools.ToolExecutor``)."""

    names: list[str]

    def execute(self, name: str, tool_input: Any) -> Any: ...


def kb_listing(kb: Path) -> tuple:
    """(relative name, size, mtime_ns) of every KB file: cheap to take, changes with any edit."""
    out = []
    for p in list_kb_files(kb):
        try:
            st = p.stat()
        except OSError:
            continue
        out.append((p.relative_to(kb).as_posix(), st.st_size, st.st_mtime_ns))
    return tuple(out)


class EngineHolder:
    """One engine per preset over one KB, loaded lazily, rebuilt when the KB folder changes."""

    def __init__(self, kb: Path, preset: str, index_dir: Path | None, domain: Domain | None,
                 tools_factory: Callable[[Any], ToolProvider] | None = None, reload_every_s: float = 2.0,
                 store: str | None = None):
        self.kb, self.default_preset, self.index_dir = Path(kb), preset, index_dir
        self.store = store  # a postgresql:// URI: engines are built from the chunks synced into it
        self.domain, self.tools_factory, self.reload_every_s = domain, tools_factory, reload_every_s
        self._lock = threading.Lock()
        self._engines: dict[str, Any] = {}
        self._tools: ToolProvider | None = None
        self._listing = kb_listing(self.kb)
        self._checked = time.monotonic()
        self.reloads = 0

    def _index_path(self, preset: str) -> Path | None:
        if self.index_dir is None:
            return None
        return self.index_dir / f"{self.kb.resolve().name}-{preset}-index.json"

    def _build(self, preset: str):
        from rag.engine import RetrievalEngine

        if self.store:
            from rag.pgengine import open_engine

            return open_engine(self.store, self.kb, get_preset(preset), self.domain)

        return RetrievalEngine.from_directory(self.kb, get_preset(preset), index_path=self._index_path(preset),
                                              domain=self.domain)

    def _maybe_reload(self) -> None:
        now = time.monotonic()
        if now - self._checked < self.reload_every_s:
            return
        self._checked = now
        listing = kb_listing(self.kb)
        if listing != self._listing:
            self._listing = listing
            self._engines.clear()
            self._tools = None
            self.reloads += 1

    def engine(self, preset: str | None = None):
        preset = preset or self.default_preset
        with self._lock:
            self._maybe_reload()
            eng = self._engines.get(preset)
            if eng is None:
                eng = self._engines[preset] = self._build(preset)
            return eng

    def loaded(self) -> dict[str, Any]:
        """Preset → engine, for the engines loaded so far (nothing is loaded by asking)."""
        with self._lock:
            return dict(self._engines)

    def tools(self) -> ToolProvider | None:
        if self.tools_factory is None:
            return None
        eng = self.engine()
        with self._lock:
            if self._tools is None or getattr(self._tools, "engine", eng) is not eng:
                self._tools = self.tools_factory(eng)
            return self._tools


class RequestStats:
    """Request counts and latency percentiles per endpoint (for ``GET /stats``)."""

    def __init__(self, keep: int = 10_000):
        self.keep = keep
        self.counts: Counter = Counter()
        self.errors: Counter = Counter()
        self.latencies: dict[str, list[float]] = {}
        self._lock = threading.Lock()

    def record(self, route: str, status: int, ms: float) -> None:
        with self._lock:
            self.counts[route] += 1
            if status >= 400:
                self.errors[route] += 1
            lat = self.latencies.setdefault(route, [])
            lat.append(ms)
            if len(lat) > self.keep:
                del lat[: len(lat) - self.keep]

    def summary(self) -> dict[str, Any]:
        with self._lock:
            out = {}
            for route, n in sorted(self.counts.items()):
                lat = sorted(self.latencies.get(route, []))
                out[route] = {"requests": n, "errors": self.errors[route],
                              **{f"latency_ms_p{q}": round(_pct(lat, q), 3) for q in (50, 95, 99)}}
            return out


def _pct(values: list[float], q: float) -> float:
    """Nearest-rank percentile, as :meth:`mpa.tools.ToolExecutor.stats` reports it (0.0 for none)."""
    return float(np.percentile(values, q, method="inverted_cdf")) if values else 0.0


def create_app(holder: EngineHolder, feedback_store: Any | None = None):
    """The FastAPI application over ``holder``; ``feedback_store`` is a :class:`rag.feedback.FeedbackStore`."""
    from fastapi import FastAPI, HTTPException, Request
    from fastapi.responses import JSONResponse

    app = FastAPI(title="rag search API", version="1",
                  description="Hybrid TF-IDF + BM25 search over one knowledge-base folder, with citations.")
    stats = RequestStats()

    def _unprocessable(field: str, msg: str):
        return JSONResponse(status_code=422, content={"detail": [{"loc": ["body", field], "msg": msg,
                                                                  "type": "value_error"}]})

    @app.middleware("http")
    async def _limit_and_time(request: Request, call_next):
        t0 = time.perf_counter()
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY_BYTES):
            response = JSONResponse(status_code=413,
                                    content={"detail": f"request body over {MAX_BODY_BYTES} bytes"})
        elif length is None and request.method == "POST":
            body = b""
            async for part in request.stream():
                body += part
                if len(body) > MAX_BODY_BYTES:
                    break
            if len(body) > MAX_BODY_BYTES:
                response = JSONResponse(status_code=413,
                                        content={"detail": f"request body over {MAX_BODY_BYTES} bytes"})
            else:
                request._body = body  # starlette reads the cached body back
                response = await call_next(request)
        else:
            response = await call_next(request)
        route = request.scope.get("route")
        stats.record(getattr(route, "path", request.url.path), response.status_code,
                     (time.perf_counter() - t0) * 1000)
        return response

    @app.get("/healthz")
    def healthz() -> dict[str, Any]:
        eng = holder.engine()
        st = eng.stats()
        return {"status": "ok", "kb": str(holder.kb), "preset": holder.default_preset,
                "documents": st["documents"], "chunks": st["chunks"]}

    @app.get("/stats")
    def get_stats() -> dict[str, Any]:
        caches = {preset: eng.cache.stats() for preset, eng in holder.loaded().items()}
        return {"requests": stats.summary(), "cache": caches, "reloads": holder.reloads}

    @app.post("/search")
    def search(req: SearchRequest) -> Any:
        eng = holder.engine(req.preset)
        if req.method == "postgres" and getattr(eng, "store", None) is None:
            return _unprocessable("method", "method postgres needs the server started with --store postgresql://…")
        t0 = time.perf_counter()
        try:
            results = eng.search(req.query, top_k=req.top_k, filters=req.filters, method=req.method, mode=req.mode)
        except ValueError as exc:  # unknown filter key/value: the engine's message names the valid ones
            return _unprocessable("filters", str(exc))
        out: dict[str, Any] = {
            "query": req.query, "preset": req.preset or holder.default_preset,
            "method": req.method or eng.config.method, "reason": results.reason,
            "latency_ms": round((time.perf_counter() - t0) * 1000, 3),
            "results": [{**r.to_dict(), "citation_id": r.citation_id, "section_path": r.chunk.headers}
                        for r in results],
        }
        if req.pack_budget:
            packed = eng.pack(req.query, list(results), budget_tokens=req.pack_budget)
            out["packed"] = {"text": packed.text, "ids": packed.ids, "tokens": packed.tokens}
            if req.trace:
                out["packed"]["trace"] = packed.trace
        return out

    @app.post("/tools/{name}")
    def run_tool(name: str, tool_input: dict[str, Any]) -> Any:
        tools = holder.tools()
        if tools is None:
            raise HTTPException(404, "no tools on this server (python -m mpa serve plugs in the agent's tools)")
        if name not in tools.names:
            raise HTTPException(404, f"unknown tool {name!r}; available tools: {', '.join(tools.names)}")
        result = tools.execute(name, tool_input)
        body = result.to_dict() if hasattr(result, "to_dict") else dict(result)
        if body.get("is_error"):
            return JSONResponse(status_code=422, content={"detail": body["content"], "tool": name})
        return body

    @app.post("/feedback", status_code=201)
    def feedback(req: FeedbackRequest) -> Any:
        if feedback_store is None:
            raise HTTPException(503, "feedback is not stored on this server (start it with --feedback PATH)")
        row_id = feedback_store.add(rating=req.rating, question=req.question, answer=req.answer, note=req.note,
                                    retrieved_ids=req.retrieved_ids, config=req.config, channel="api")
        return {"id": row_id, "stored": str(feedback_store.path)}

    return app


def serve(holder: EngineHolder, host: str, port: int, feedback_store: Any | None = None,
          log_level: str = "warning") -> None:
    """Run uvicorn in this thread until interrupted."""
    import uvicorn

    uvicorn.run(create_app(holder, feedback_store), host=host, port=port, log_level=log_level)


def main(argv: list[str] | None = None, domain: str | None = None, tools: str | None = None,
         prog: str = "python -m rag serve") -> int:
    """``serve`` command line. ``domain`` / ``tools`` are ``module:callable`` defaults a domain
    package passes (``python -m mpa serve`` plugs in its domain and its tool executor)."""
    import argparse
    import importlib
    import os
    import sys

    from rag.cli import default_kb, load_domain
    from rag.config import DEFAULT_PRESET
    from rag.feedback import FeedbackError, FeedbackStore
    from rag.settings import RagSettings

    settings = RagSettings.for_command()
    if settings is None:
        return 2

    ap = argparse.ArgumentParser(prog=prog, description="Serve search (and tools) over HTTP; docs at /docs.")
    ap.add_argument("--kb", type=Path, default=None, help="KB folder (default $MPA_KB_DIR, else ./kb)")
    ap.add_argument("--preset", default=DEFAULT_PRESET, choices=sorted(PRESETS))
    ap.add_argument("--index-dir", type=Path, default=Path(".index"), help="where index files live (default .index)")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--feedback", type=Path, default=settings.feedback_db,
                    help="SQLite file for POST /feedback (default $MPA_FEEDBACK_DB, else .feedback/feedback.sqlite3)")
    ap.add_argument("--reload-every", type=float, default=2.0, metavar="SECONDS",
                    help="check the KB folder for changes at most this often (default 2)")
    ap.add_argument("--domain", default=domain or os.environ.get("RAG_DOMAIN") or None, metavar="MODULE:CALLABLE")
    ap.add_argument("--store", default=settings.store, metavar="postgresql://…",
                    help="serve the chunks synced into Postgres instead of an index file (default $MPA_STORE)")
    args = ap.parse_args(argv)
    kb = args.kb or default_kb(settings.kb_dir)
    try:
        if not kb.is_dir():
            raise ValueError(f"--kb {kb}: not a folder")
        if not 0 < args.port < 65536:
            raise ValueError(f"--port {args.port}: must be 1-65535")
        dom = load_domain(args.domain)
        factory = None
        if tools:
            mod, _, attr = tools.partition(":")
            factory = getattr(importlib.import_module(mod), attr)
        holder = EngineHolder(kb, args.preset, args.index_dir, dom, factory, args.reload_every, args.store)
        holder.engine()  # load (or build) the index before the first request
        store = FeedbackStore(args.feedback)
    except (ValueError, FeedbackError, OSError) as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return 2
    st = holder.engine().stats()
    print(f"serving {kb} ({st['documents']} files, {st['chunks']} chunks, preset {args.preset}) on "
          f"http://{args.host}:{args.port}  — docs at /docs, feedback → {args.feedback}", file=sys.stderr)
    try:
        serve(holder, args.host, args.port, store)
    except KeyboardInterrupt:
        pass
    return 0
