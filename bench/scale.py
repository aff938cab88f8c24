"""Scale benchmark: synthetic corpora of 1k / 10k / 100k chunks.

    python bench/scale.py [--sizes 1000,10000,100000] [--queries 200] [--oracle-queries 20]

For each size, a fresh worker process (so peak RSS is per size) builds a corpus of
pseudo-words with a Zipf distribution (80–160 words per chunk, 30k-word vocabulary), then
reports: index build time and peak RSS, our hybrid search p50/p95 (weighted fusion, top 5,
through ``RetrievalEngine.search``), ``rank_bm25.BM25Okapi.get_scores`` p50/p95 on the same
tokens, the speed ratio, and the largest BM25 score difference between the two (parity).
"""
from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def pct(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def make_corpus(n: int, seed: int = 42):
    import numpy as np

    rng = np.random.default_rng(seed)
    syll = ["ka", "lo", "mi", "ne", "ru", "ta", "ve", "so", "pi", "da", "ge", "zu", "ha", "bo", "fi", "ny"]
    vocab = sorted({"".join(rng.choice(syll, size=rng.integers(2, 5))) for _ in range(40000)})[:30000]
    vocab = np.array(vocab)
    p = 1.0 / np.arange(1, len(vocab) + 1) ** 1.05
    p /= p.sum()
    lens = rng.integers(80, 161, size=n)
    words = rng.choice(len(vocab), size=int(lens.sum()), p=p)
    texts, pos = [], 0
    for L in lens:
        texts.append(" ".join(vocab[words[pos:pos + L]]))
        pos += L
    qwords = rng.choice(np.arange(50, 5000), size=(1000, 4))
    queries = [" ".join(vocab[q[: rng.integers(2, 5)]]) for q in qwords]
    return texts, queries


def worker(n: int, n_queries: int, n_oracle: int) -> dict:
    import numpy as np

    from rag.config import RagConfig
    from rag.engine import RetrievalEngine

    texts, queries = make_corpus(n)
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.perf_counter()
    engine = RetrievalEngine.from_records(((f"c{i}", "", t) for i, t in enumerate(texts)), RagConfig())
    build = time.perf_counter() - t0
    queries = queries[:n_queries]
    for q in queries[:20]:
        engine.search(q, method="weighted")
    lat = []
    for q in queries:
        t0 = time.perf_counter()
        engine.search(q, top_k=5, method="weighted")
        lat.append((time.perf_counter() - t0) * 1000)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux; before the oracle exists

    from rank_bm25 import BM25Okapi

    an = engine.index.analyzer
    t0 = time.perf_counter()
    oracle = BM25Okapi([an.words(t) for t in texts], k1=engine.config.bm25_k1, b=engine.config.bm25_b)
    oracle_build = time.perf_counter() - t0
    olat, maxdiff = [], 0.0
    for q in queries[:n_oracle]:
        toks = an.words(q)
        t0 = time.perf_counter()
        ref = oracle.get_scores(toks)
        olat.append((time.perf_counter() - t0) * 1000)
        ids, cnt, _ = engine.index.query_terms(q)
        maxdiff = max(maxdiff, float(np.abs(engine.index.bm25_scores(ids, cnt) - ref).max()))
    return {"chunks": n, "build_s": build, "peak_rss_mib": rss / 1024, "rss_before_build_mib": rss_before / 1024,
            "hybrid_p50_ms": pct(lat, .5), "hybrid_p95_ms": pct(lat, .95),
            "rank_bm25_p50_ms": pct(olat, .5), "rank_bm25_p95_ms": pct(olat, .95),
            "rank_bm25_build_s": oracle_build, "bm25_max_abs_diff": maxdiff}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--oracle-queries", type=int, default=20)
    ap.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(args.worker, args.queries, args.oracle_queries)))
        return 0
    print(f"{'chunks':>7} {'build s':>8} {'peak RSS MiB':>12} {'hybrid p50':>10} {'hybrid p95':>10} "
          f"{'rank_bm25 p50':>13} {'rank_bm25 p95':>13} {'ratio p50':>9} {'max |Δ| bm25':>12}")
    for n in map(int, args.sizes.split(",")):
        out = subprocess.run([sys.executable, __file__, "--worker", str(n), "--queries", str(args.queries),
                              "--oracle-queries", str(args.oracle_queries)], capture_output=True, text=True)
        if out.returncode:
            print(out.stderr, file=sys.stderr)
            return out.returncode
        r = json.loads(out.stdout.strip().splitlines()[-1])
        print(f"{r['chunks']:>7,} {r['build_s']:8.1f} {r['peak_rss_mib']:12.0f} {r['hybrid_p50_ms']:10.2f} "
              f"{r['hybrid_p95_ms']:10.2f} {r['rank_bm25_p50_ms']:13.1f} {r['rank_bm25_p95_ms']:13.1f} "
              f"{r['rank_bm25_p50_ms'] / r['hybrid_p50_ms']:8.0f}× {r['bm25_max_abs_diff']:12.1e}", flush=True)
    print("(hybrid = TF-IDF + BM25 weighted fusion through RetrievalEngine.search, top 5; "
          "rank_bm25 = BM25Okapi.get_scores alone on the same tokens; peak RSS is the worker's, "
          "measured before the rank_bm25 oracle is built)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
