"""Throughput and latency of the REST search API under bounded concurrent clients.

    python bench/serve.py [--kb kb] [--queries datasets/retrieval.jsonl] [--requests 400] [--clients 1,8,32]

Starts ``python -m mpa serve`` in its own process on a free 127.0.0.1 port (so client and
server do not share a GIL), warms it with every query once, then for each client count sends
``--requests`` POST /search requests from that many threads (each with its own keep-alive
connection) and prints requests/s and p50/p95/p99 latency seen by the clients. Queries cycle
through the retrieval goldens (or the KB's built-in fallback list), so the result cache sees
repeats the way a real service does; ``--no-cache-repeats`` makes every request unique.
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.latency import load_queries, pct  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(kb: Path, port: int, workdir: Path) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "mpa", "serve", "--kb", str(kb), "--port", str(port),
           "--index-dir", str(workdir / "index"), "--feedback", str(workdir / "fb.sqlite3")]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"bench/serve.py: server exited: {proc.stderr.read().strip()}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("bench/serve.py: server did not answer /healthz within 120 s")


def run(port: int, queries: list[str], clients: int, n_requests: int, unique: bool) -> dict:
    latencies: list[float] = []
    lock = threading.Lock()
    counter = iter(range(n_requests))
    errors = 0

    def worker() -> None:
        nonlocal errors
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as c:
            for i in counter:
                q = queries[i % len(queries)] + (f" {clients}x{i}" if unique else "")
                t0 = time.perf_counter()
                r = c.post("/search", json={"query": q, "top_k": 5})
                ms = (time.perf_counter() - t0) * 1000
                with lock:
                    latencies.append(ms)
                    errors += r.status_code != 200

    threads = [threading.Thread(target=worker) for _ in range(clients)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t0
    return {"clients": clients, "requests": len(latencies), "errors": errors, "rps": len(latencies) / wall,
            "p50": pct(latencies, 0.50), "p95": pct(latencies, 0.95), "p99": pct(latencies, 0.99)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kb", type=Path, default=ROOT / "kb")
    ap.add_argument("--queries", type=Path, default=ROOT / "datasets" / "retrieval.jsonl")
    ap.add_argument("--requests", type=int, default=400)
    ap.add_argument("--clients", default="1,8,32")
    ap.add_argument("--no-cache-repeats", action="store_true", help="make every query unique (no cache hits)")
    args = ap.parse_args()
    if not args.kb.is_dir():
        print(f"bench/serve.py: --kb {args.kb}: not a folder", file=sys.stderr)
        return 2
    queries = load_queries(args.queries)
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        proc = start_server(args.kb, port, Path(tmp))
        try:
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as c:
                for q in queries:
                    c.post("/search", json={"query": q, "top_k": 5})
            rows = [run(port, queries, int(n), args.requests, args.no_cache_repeats)
                    for n in args.clients.split(",")]
            cache = httpx.get(f"http://127.0.0.1:{port}/stats").json()["cache"]
        finally:
            proc.terminate()
            proc.wait(10)
    print(f"REST /search on {args.kb} ({len(queries)} distinct queries, {args.requests} requests per row, "
          f"{'unique queries' if args.no_cache_repeats else 'repeats hit the result cache'}; cache {json.dumps(cache)})")
    print(f"{'clients':>7}  {'req/s':>8}  {'p50 ms':>7}  {'p95 ms':>7}  {'p99 ms':>7}  errors")
    for r in rows:
        print(f"{r['clients']:>7}  {r['rps']:8.1f}  {r['p50']:7.2f}  {r['p95']:7.2f}  {r['p99']:7.2f}  {r['errors']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
