"""A fake Braintrust service (app + data-plane API) on 127.0.0.1 for tests of what the evals upload.

Stdlib only. The real ``braintrust`` SDK (checked against 0.47) talks to it exactly as to
braintrust.dev when ``BRAINTRUST_API_KEY=fake`` and ``BRAINTRUST_APP_URL``/``BRAINTRUST_API_URL``
point here (login answers with this server as ``api_url``). Every request is kept (method, path,
query, body size, parsed JSON body) so tests can assert experiment names, metadata, baseline ids,
dataset linkage, root-span errors and bytes uploaded. Endpoints:

  app  POST /api/apikey/login                  -> org_info (api_url/proxy_url point back here)
  app  POST /api/base_experiment/get_id        -> stored base experiment, or 400 (none)
  api  GET  /version                           -> {"logs3_payload_max_bytes": ...}
  api  POST /v1/project, GET /v1/project[/<id>]
  api  POST /v1/experiment                     -> create (ensure_new => "name-1" suffix on clash)
  api  GET  /v1/experiment[?experiment_name=&project_id=|project_name=], GET /v1/experiment/<id>
  api  GET  /v1/experiment/<id>/summarize      -> score means from the uploaded spans, compared (rows
                                                  matched on `input`) with comparison_experiment_id,
                                                  else base_exp_id, else the project's previous experiment
  api  POST /logs3                             -> stores rows (merging `_is_merge` rows by id)
  api  POST /v1/dataset, GET /v1/dataset, POST /v1/dataset/<id>/insert|fetch  (minimal)
  any  GET  /_fake/state                       -> {"projects", "experiments", "datasets", "rows"}

In tests (see the ``fake_braintrust`` fixture in tests/test_braintrust_service.py)::

    with FakeBraintrust() as bt:
        env = {**os.environ, **bt.env()}   # BRAINTRUST_API_KEY=fake + URLs
        ... run `braintrust eval` ...
        bt.state.experiments, bt.rows("experiment"), bt.upload_bytes()

From a shell (to measure a whole run)::

    python tests/fake_braintrust.py --port 8787 --capture /tmp/bt.jsonl
"""
from __future__ import annotations

import argparse
import json
import sys
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

try:  # imported as tests.fake_x (repo root on sys.path) or as fake_x / run as a script (tests/ on sys.path)
    from tests.background_server import BackgroundServer
except ImportError:
    from background_server import BackgroundServer

ORG_ID = "00000000-0000-4000-8000-0000000000aa"
ORG_NAME = "fake-org"


def _merge(dst: dict, src: dict) -> dict:
    for k, v in src.items():
        if isinstance(v, dict) and isinstance(dst.get(k), dict):
            _merge(dst[k], v)
        else:
            dst[k] = v
    return dst


class State:
    def __init__(self, base_url: str, git_metadata: str, max_bytes: int):
        self.base_url = base_url
        self.git_metadata = git_metadata
        self.max_bytes = max_bytes
        self.lock = threading.Lock()
        self.projects: dict[str, dict] = {}  # id -> project
        self.experiments: dict[str, dict] = {}  # id -> experiment
        self.datasets: dict[str, dict] = {}
        self.rows: dict[tuple, dict] = {}  # (object_type, object_id, row id) -> merged row
        self.seq = 0

    def now(self) -> str:
        return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime()) + f".{int(time.time() * 1e6) % 1000000:06d}Z"

    # ------------------------------------------------------------- objects
    def project(self, name: str | None = None, pid: str | None = None) -> dict | None:
        with self.lock:
            if pid:
                return self.projects.get(pid)
            for p in self.projects.values():
                if p["name"] == name:
                    return p
            p = {"id": str(uuid.uuid4()), "org_id": ORG_ID, "name": name, "created": self.now(),
                 "deleted_at": None, "user_id": "fake-user", "settings": None}
            self.projects[p["id"]] = p
            return p

    def create_experiment(self, body: dict) -> dict:
        with self.lock:
            pid = body["project_id"]
            name = body.get("name") or f"experiment-{len(self.experiments) + 1}"
            same = [e for e in self.experiments.values() if e["project_id"] == pid and e["name"] == name]
            if same and not body.get("ensure_new", True):
                return same[0]
            if same:
                i = 1
                names = {e["name"] for e in self.experiments.values() if e["project_id"] == pid}
                while f"{name}-{i}" in names:
                    i += 1
                name = f"{name}-{i}"
            self.seq += 1
            e = {"id": str(uuid.uuid4()), "project_id": pid, "name": name,
                 "description": body.get("description"), "created": self.now(), "_seq": self.seq,
                 "repo_info": body.get("repo_info"), "commit": (body.get("repo_info") or {}).get("commit"),
                 "base_exp_id": body.get("base_exp_id"), "deleted_at": None,
                 "dataset_id": body.get("dataset_id"), "dataset_version": body.get("dataset_version"),
                 "public": bool(body.get("public")), "user_id": "fake-user",
                 "metadata": body.get("metadata"), "tags": body.get("tags")}
            self.experiments[e["id"]] = e
            return e

    def find_experiments(self, q: dict) -> list[dict]:
        name = q.get("experiment_name")
        pid = q.get("project_id")
        pname = q.get("project_name")
        out = []
        for e in sorted(self.experiments.values(), key=lambda e: -e["_seq"]):
            if name and e["name"] != name:
                continue
            if pid and e["project_id"] != pid:
                continue
            if pname and self.projects.get(e["project_id"], {}).get("name") != pname:
                continue
            out.append(e)
        return out

    # ------------------------------------------------------------- rows
    def add_rows(self, rows: list[dict]) -> int:
        n = 0
        with self.lock:
            for r in rows:
                if not isinstance(r, dict):
                    continue
                if "experiment_id" in r:
                    key = ("experiment", r["experiment_id"], r.get("id"))
                elif "dataset_id" in r:
                    key = ("dataset", r["dataset_id"], r.get("id"))
                else:
                    key = ("project_logs", r.get("project_id"), r.get("id"))
                r = dict(r)
                is_merge = r.pop("_is_merge", False)
                if is_merge and key in self.rows:
                    _merge(self.rows[key], r)
                else:
                    self.rows[key] = r
                n += 1
        return n

    def traces(self, exp_id: str) -> dict[str, dict]:
        """root_span_id -> {"root": root row, "scores": {name: value}} for one experiment."""
        out: dict[str, dict] = {}
        for (kind, oid, _), r in list(self.rows.items()):
            if kind != "experiment" or oid != exp_id:
                continue
            t = out.setdefault(r.get("root_span_id") or r.get("id"), {"root": None, "scores": {}})
            if not r.get("span_parents"):
                t["root"] = r
            for k, v in (r.get("scores") or {}).items():
                if isinstance(v, (int, float)):
                    t["scores"][k] = v
        return out

    def summarize(self, exp_id: str, q: dict) -> dict:
        e = self.experiments.get(exp_id)
        if e is None:
            return {}
        cmp_id = q.get("comparison_experiment_id") or e.get("base_exp_id")
        if not cmp_id:  # the previous experiment of the same project
            prev = [x for x in self.experiments.values() if x["project_id"] == e["project_id"] and x["_seq"] < e["_seq"]]
            cmp_id = max(prev, key=lambda x: x["_seq"])["id"] if prev else None
        mine = self.traces(exp_id)

        def by_input(traces):
            d = {}
            for t in traces.values():
                if t["root"] is not None:
                    d.setdefault(json.dumps(t["root"].get("input"), sort_keys=True), []).append(t["scores"])
            return d

        def means(traces):
            acc: dict[str, list] = {}
            for t in traces.values():
                for k, v in t["scores"].items():
                    acc.setdefault(k, []).append(v)
            return {k: sum(v) / len(v) for k, v in acc.items() if v}

        m = means(mine)
        cmp_traces = self.traces(cmp_id) if cmp_id else {}
        cm = means(cmp_traces)
        a, b = by_input(mine), by_input(cmp_traces)
        scores = {}
        for k, v in m.items():
            imp = reg = 0
            matched = 0
            for inp, lst in a.items():
                if inp not in b:
                    continue
                x = [s[k] for s in lst if k in s]
                y = [s[k] for s in b[inp] if k in s]
                if x and y:
                    matched += 1
                    d = sum(x) / len(x) - sum(y) / len(y)
                    imp += d > 1e-9
                    reg += d < -1e-9
            scores[k] = {"name": k, "score": v, "diff": (v - cm[k]) if k in cm else None,
                         "improvements": imp if cmp_id else None, "regressions": reg if cmp_id else None}
        cmp_name = self.experiments[cmp_id]["name"] if cmp_id in self.experiments else None
        p = self.projects.get(e["project_id"], {})
        return {"project_name": p.get("name"), "experiment_name": e["name"],
                "project_url": f"{self.base_url}/app/{ORG_NAME}/p/{p.get('name')}",
                "experiment_url": f"{self.base_url}/app/{ORG_NAME}/p/{p.get('name')}/experiments/{e['name']}",
                "comparison_experiment_name": cmp_name, "scores": scores, "metrics": {}}

    def dump(self) -> dict:
        with self.lock:
            return {"projects": list(self.projects.values()), "experiments": list(self.experiments.values()),
                    "datasets": list(self.datasets.values()),
                    "rows": [{"_object": list(k[:2]), **v} for k, v in self.rows.items()]}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    state: State
    requests: list  # every request, in arrival order (set per server by FakeBraintrust)
    capture = None  # optional JSONL file
    keep_bodies = True  # False in the CLI (a whole run uploads ~100 MB)
    capture_lock = threading.Lock()

    def log_message(self, fmt, *args):  # quiet
        pass

    # ------------------------------------------------------------- plumbing
    def _record(self, body: bytes, parsed, status: int):
        u = urlsplit(self.path)
        rec = {"t": time.time(), "method": self.command, "path": u.path, "query": parse_qs(u.query),
               "body_bytes": len(body), "status": status, "body": parsed if self.keep_bodies else None}
        with self.capture_lock:
            self.requests.append(rec)
            if self.capture is not None:
                self.capture.write(json.dumps(rec, ensure_ascii=False) + "\n")
                self.capture.flush()

    def _send(self, status: int, obj) -> None:
        data = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _handle(self):
        n = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(n) if n else b""
        parsed = None
        if body:
            try:
                parsed = json.loads(body)
            except ValueError:
                parsed = None
        try:
            status, obj = self.route(urlsplit(self.path), parsed)
        except Exception as exc:  # a bug here must not look like a service answer
            status, obj = 500, {"error": f"fake_braintrust: {type(exc).__name__}: {exc}"}
        self._record(body, parsed, status)
        self._send(status, obj)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _handle

    # ------------------------------------------------------------- routes
    def route(self, u, body):
        st = self.state
        path = u.path.rstrip("/") or "/"
        q = {k: v[-1] for k, v in parse_qs(u.query).items()}
        m = self.command
        if path == "/api/apikey/login" and m == "POST":
            org = {"id": ORG_ID, "name": ORG_NAME, "api_url": st.base_url, "proxy_url": st.base_url,
                   "realtime_url": None, "is_universal_api": True}
            if st.git_metadata != "omit":
                org["git_metadata"] = {"collect": st.git_metadata}
            return 200, {"org_info": [org]}
        if path == "/version":
            return 200, {"logs3_payload_max_bytes": st.max_bytes, "version": "fake"}
        if path == "/v1/project" and m == "POST":
            return 200, st.project(name=(body or {}).get("name"))
        if path == "/v1/project" and m == "GET":
            ps = [p for p in st.projects.values() if not q.get("project_name") or p["name"] == q["project_name"]]
            return 200, {"objects": ps}
        if path.startswith("/v1/project/") and m == "GET":
            p = st.project(pid=path.split("/")[3])
            return (200, p) if p else (404, {"error": "no such project"})
        if path == "/v1/experiment" and m == "POST":
            return 200, st.create_experiment(body or {})
        if path == "/v1/experiment" and m == "GET":
            return 200, {"objects": st.find_experiments(q)}
        parts = path.split("/")
        if path.startswith("/v1/experiment/") and m == "GET":
            e = st.experiments.get(parts[3])
            if e is None:
                return 404, {"error": "no such experiment"}
            if len(parts) == 5 and parts[4] == "summarize":
                return 200, st.summarize(e["id"], q)
            return 200, e
        if path == "/api/base_experiment/get_id" and m == "POST":
            e = st.experiments.get((body or {}).get("id"))
            if not e or not e.get("base_exp_id"):
                return 400, {"error": "no base experiment"}
            return 200, {"base_exp_id": e["base_exp_id"], "base_exp_name": st.experiments[e["base_exp_id"]]["name"]}
        if path == "/logs3" and m == "POST":
            rows = (body or {}).get("rows")
            if isinstance(rows, dict):  # overflow reference
                return 501, {"error": "fake_braintrust: overflow not supported"}
            return 200, {"ids": [], "n": st.add_rows(rows or [])}
        if path == "/logs3/overflow":
            return 501, {"error": "fake_braintrust: overflow not supported"}
        if path == "/v1/dataset" and m == "POST":
            b = body or {}
            with st.lock:
                for d in st.datasets.values():
                    if d["project_id"] == b.get("project_id") and d["name"] == b.get("name"):
                        return 200, d
                d = {"id": str(uuid.uuid4()), "project_id": b.get("project_id"), "name": b.get("name"),
                     "description": b.get("description"), "metadata": b.get("metadata"), "created": st.now()}
                st.datasets[d["id"]] = d
            return 200, d
        if path == "/v1/dataset" and m == "GET":
            return 200, {"objects": [d for d in st.datasets.values()
                                     if not q.get("dataset_name") or d["name"] == q["dataset_name"]]}
        if path.startswith("/v1/dataset/") and len(parts) == 5 and parts[4] in ("insert", "fetch"):
            if parts[4] == "insert":
                return 200, {"row_ids": [r.get("id") for r in (body or {}).get("events", [])]}
            rows = [dict(v) for (k, oid, _), v in st.rows.items() if k == "dataset" and oid == parts[3]]
            return 200, {"events": rows, "cursor": None}
        if path == "/_fake/state":
            return 200, st.dump()
        return 404, {"error": f"fake_braintrust: unhandled {m} {path}"}


class FakeBraintrust(BackgroundServer):
    """The service in a background thread: ``with FakeBraintrust() as bt: ... bt.url``."""

    def __init__(self, git_metadata: str = "omit", max_bytes: int = 6 * 1024 * 1024, capture: str | None = None):
        self._serve(type("H", (Handler,), {}))
        self.state = State(self.url, git_metadata, max_bytes)
        self.requests: list[dict] = []
        h = self.srv.RequestHandlerClass
        h.state, h.requests = self.state, self.requests
        h.capture = open(capture, "a", encoding="utf-8") if capture else None

    def _closed(self) -> None:
        if self.srv.RequestHandlerClass.capture is not None:
            self.srv.RequestHandlerClass.capture.close()

    def env(self) -> dict[str, str]:
        """What the SDK needs to talk here (and only here)."""
        return {"BRAINTRUST_API_KEY": "fake", "BRAINTRUST_APP_URL": self.url, "BRAINTRUST_API_URL": self.url,
                "BRAINTRUST_APP_PUBLIC_URL": self.url, "BRAINTRUST_ORG_NAME": ORG_NAME}

    def upload_bytes(self, path: str | None = None) -> int:
        """Request body bytes received (all requests, or those to ``path``)."""
        return sum(r["body_bytes"] for r in list(self.requests) if path is None or r["path"] == path)

    def rows(self, kind: str = "experiment", object_id: str | None = None) -> list[dict]:
        """Merged stored rows of ``kind`` (experiment / dataset / project_logs), optionally of one object."""
        with self.state.lock:
            return [dict(v) for (k, oid, _), v in self.state.rows.items()
                    if k == kind and (object_id is None or oid == object_id)]

    def experiments(self) -> list[dict]:
        return sorted(self.state.experiments.values(), key=lambda e: e["_seq"])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--capture", help="JSONL file every request is appended to")
    ap.add_argument("--git-metadata", choices=["all", "some", "none", "omit"], default="omit",
                    help="org git_metadata setting returned by login ('omit': the org configured none)")
    ap.add_argument("--max-bytes", type=int, default=6 * 1024 * 1024, help="logs3_payload_max_bytes")
    a = ap.parse_args(argv)
    srv = ThreadingHTTPServer(("127.0.0.1", a.port), type("H", (Handler,), {}))
    srv.daemon_threads = True
    url = f"http://127.0.0.1:{srv.server_address[1]}"
    h = srv.RequestHandlerClass
    h.state, h.requests, h.keep_bodies = State(url, a.git_metadata, a.max_bytes), [], False
    h.capture = open(a.capture, "a", encoding="utf-8") if a.capture else None
    print(url, flush=True)
    try:
        srv.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()
        total = sum(r["body_bytes"] for r in h.requests)
        print(f"{len(h.requests)} requests, {total} body bytes ({sum(r['body_bytes'] for r in h.requests if r['path'] == '/logs3')} to /logs3)",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
