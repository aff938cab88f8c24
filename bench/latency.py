"""Latency on the knowledge base: build time, cold load time, search p50/p95 per method.

    python bench/latency.py [--kb kb] [--queries datasets/retrieval.jsonl] [--repeat 3]

Figures go into the README performance table. Queries are the retrieval goldens when present
(else a built-in list); each is run once to warm up, then timed ``--repeat`` times.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rag.config import RagConfig, get_preset  # noqa: E402
from mpa.engine import build_engine  # noqa: E402

FALLBACK_QUERIES = [
    "typical ecommerce CAC", "how do I size an audience in a DMA", "geo-lift test design",
    "what is KPI-NC-01", "budget pacing tolerance", "CTV frequency cap", "LTV to CAC ratio for SaaS",
    "retail media incrementality", "brand safety incident", "minimum detectable effect",
]


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def load_queries(path: Path) -> list[str]:
    if path.exists():
        return [json.loads(line)["query"] for line in path.open(encoding="utf-8") if line.strip()]
    return FALLBACK_QUERIES


def kb_bench_parser(doc: str) -> argparse.ArgumentParser:
    """The options every KB latency bench takes (also bench/dense_encode.py): --kb, --queries, --repeat."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--kb", type=Path, default=ROOT / "kb" if (ROOT / "kb").is_dir() else ROOT / "tests/fixtures/kb")
    ap.add_argument("--queries", type=Path, default=ROOT / "datasets" / "retrieval.jsonl")
    ap.add_argument("--repeat", type=int, default=3)
    return ap


def main(argv=None) -> int:
    args = kb_bench_parser(__doc__).parse_args(argv)
    cfg = RagConfig(cache_size=0)  # time the work, not the cache
    builds = []
    for _ in range(3):
        t0 = time.perf_counter()
        engine = build_engine(args.kb, cfg)
        builds.append(time.perf_counter() - t0)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "index.json"
        engine.save(path)
        size = sum(p.stat().st_size for p in Path(tmp).glob("index.json*"))  # manifest + sidecar
        loads = []
        for _ in range(5):
            t0 = time.perf_counter()
            build_engine(args.kb, cfg, index_path=path)  # verify fingerprint + load
            loads.append(time.perf_counter() - t0)
        code = ("import time,sys; t=time.perf_counter(); from mpa.engine import build_engine; "
                "from rag.config import RagConfig; i=time.perf_counter(); "
                f"build_engine({str(args.kb)!r}, RagConfig(), index_path={str(path)!r}); "
                "e=time.perf_counter(); print(f'{(i-t)*1000:.0f} {(e-i)*1000:.0f}')")
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
        imp_ms, fresh_ms = map(float, out.stdout.split())
    st = engine.stats()
    print(f"KB {args.kb}: {st['documents']} files, {st['chunks']} chunks, {st['vocabulary']:,} terms; "
          f"index file {size / 1024:.0f} KiB")
    print(f"build (read+chunk+tag+fit), median of 3: {statistics.median(builds) * 1000:.0f} ms")
    print(f"cold load (fingerprint check + manifest + mapped sidecar), median of 5: "
          f"{statistics.median(loads) * 1000:.1f} ms; in a fresh process: {fresh_ms:.0f} ms "
          f"(+ {imp_ms:.0f} ms importing numpy/scipy)")
    queries = load_queries(args.queries)
    print(f"search latency over {len(queries)} queries × {args.repeat} (top_k=5):")
    print(f"{'method':<10} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7}")
    for method in ("tfidf", "bm25", "weighted", "rrf"):
        for q in queries:
            engine.search(q, method=method)
        lat = []
        for _ in range(args.repeat):
            for q in queries:
                t0 = time.perf_counter()
                engine.search(q, method=method)
                lat.append((time.perf_counter() - t0) * 1000)
        print(f"{method:<10} {pct(lat, .5):7.2f} {pct(lat, .95):7.2f} {max(lat):7.2f}")
    print("modes (targets p95: fast ≤ 5 ms, balanced ≤ 20 ms, thorough ≤ 100 ms; offline feature reranker):")
    print(f"{'mode':<10} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7}")
    for mode in ("fast", "balanced", "thorough"):
        eng = engine.with_config(get_preset(mode).with_(cache_size=0))  # cache off: time the work
        for q in queries:
            eng.search(q)
        lat = []
        for _ in range(args.repeat):
            for q in queries:
                t0 = time.perf_counter()
                eng.search(q)
                lat.append((time.perf_counter() - t0) * 1000)
        print(f"{mode:<10} {pct(lat, .5):7.2f} {pct(lat, .95):7.2f} {max(lat):7.2f}")
    from rag import dense

    if dense.available():
        t0, c0 = time.perf_counter(), time.process_time()
        eng = engine.with_config(get_preset("hybrid-dense").with_(cache_size=0))
        enc_s, enc_cpu = time.perf_counter() - t0, time.process_time() - c0
        lat = []
        for _ in range(args.repeat):
            for q in queries:
                eng._qvec_cache.clear()  # time the query embedding too
                t0 = time.perf_counter()
                eng.search(q)
                lat.append((time.perf_counter() - t0) * 1000)
        print(f"{'hybrid-dense':<12} {pct(lat, .5):5.2f} {pct(lat, .95):7.2f} {max(lat):7.2f}   "
              f"(numpy MiniLM query embedding included; encoding the {len(engine.chunks)} chunks once took "
              f"{enc_s:.1f} s wall, {enc_cpu:.1f} s CPU; then they live in the index file — "
              f"python bench/dense_encode.py times it alone)")
    else:
        print("hybrid-dense: model not installed (make setup) — skipped")
    cached = engine.with_config(engine.config.with_(cache_size=512))
    for q in queries:
        cached.search(q)
    t0 = time.perf_counter()
    for q in queries:
        cached.search(q)
    print(f"cached repeat of every query: {(time.perf_counter() - t0) * 1000 / len(queries):.3f} ms/query, "
          f"cache {cached.cache.stats()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
