"""The Postgres retriever (rag.pgstore) beside the in-memory BM25: quality on SciFact, speed at scale.

    python bench/pg.py scifact PATH/TO/scifact [--qrels train.tsv]
    python bench/pg.py scale --chunks 100000,1000000 [--queries 200]

Get SciFact (BEIR format: corpus.jsonl, queries.jsonl, qrels/train.tsv) from
https://public.ukp.informatik.tu-darmstadt.de/thakur/BEIR/datasets/scifact.zip and unzip it.
Without ``--uri`` a throw-away Postgres is started with ``pgserver`` in a temporary folder and
stopped after; with ``--uri postgresql://…`` the bench writes schema ``bench_pg`` there.

``scifact``: nDCG@10 / Recall@100 of the in-memory BM25 (the generic engine, phrase boost off,
as bench/beir.py) and of the SQL retriever, each BEIR document one chunk bulk-loaded with COPY:
``ts_rank_cd`` with several length normalisations, and BM25 computed in SQL (``ranking="bm25"``).
``scale``: N synthetic chunks (Zipf pseudo-words as bench/scale.py, 40–80 words each, streamed
to COPY in batches so 1M fits in memory), build time (COPY + GIN index + statistics), and query
p50/p95 for 2–4-word queries (top 10) with both rankings.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.beir import load_beir, ndcg_at_k, recall_at_k  # noqa: E402
from bench.scale import pct  # noqa: E402
from rag.pgstore import PostgresStore, StoreError  # noqa: E402

SCHEMA = "bench_pg"


class Server:
    """``--uri`` as given, else a pgserver Postgres in a temporary folder (stopped on exit)."""

    def __init__(self, uri: str | None):
        self.uri, self.server, self.tmp = uri, None, None

    def __enter__(self) -> str:
        if self.uri:
            return self.uri
        import pgserver

        self.tmp = tempfile.TemporaryDirectory(prefix="bench-pg-")
        t0 = time.perf_counter()
        self.server = pgserver.get_server(Path(self.tmp.name) / "pgdata", cleanup_mode="stop")
        print(f"# started Postgres (pgserver) in {time.perf_counter() - t0:.1f} s", flush=True)
        return self.server.get_uri()

    def __exit__(self, *exc):
        if self.server is not None:
            self.server.cleanup()
            self.tmp.cleanup()


def _evaluate(search, queries, qrels) -> dict[str, float]:
    nd, rc, lat = [], [], []
    for qid, rel in qrels.items():
        t0 = time.perf_counter()
        ranked = search(queries[qid])
        lat.append((time.perf_counter() - t0) * 1000)
        nd.append(ndcg_at_k(ranked, rel))
        rc.append(recall_at_k(ranked, rel))
    return {"ndcg@10": sum(nd) / len(nd), "recall@100": sum(rc) / len(rc), "p50_ms": pct(lat, .5),
            "p95_ms": pct(lat, .95)}


def cmd_scifact(args) -> int:
    from rag.config import RagConfig
    from rag.engine import RetrievalEngine

    if not (args.data_dir / "corpus.jsonl").exists():
        print(f"pg: no corpus.jsonl in {args.data_dir}; get SciFact from "
              "https://public.ukp.informatik.tu-darmstadt.de/thakur/BEIR/datasets/scifact.zip", file=sys.stderr)
        return 2
    corpus, queries, qrels = load_beir(args.data_dir, args.qrels)
    records = [(d["_id"], d.get("title", ""), d.get("text", "")) for d in corpus]
    print(f"SciFact: {len(corpus):,} docs, {len(qrels)} judged queries ({args.qrels})")
    print(f"{'retriever':<40} {'nDCG@10':>8} {'Recall@100':>11} {'p50 ms':>7} {'p95 ms':>7}")

    def row(name, r):
        print(f"{name:<40} {r['ndcg@10']:8.4f} {r['recall@100']:11.4f} {r['p50_ms']:7.2f} {r['p95_ms']:7.2f}",
              flush=True)

    cfg = RagConfig(phrase_boost=1.0, candidate_pool=100, top_k=100)
    engine = RetrievalEngine.from_records(records, cfg)
    row("in-memory bm25 (k1 1.5, b 0.75)", _evaluate(
        lambda q: [r.chunk.id for r in engine.search(q, top_k=100, method="bm25")], queries, qrels))
    with Server(args.uri) as uri:
        store = PostgresStore(uri, SCHEMA)
        t0 = time.perf_counter()
        store.load_records(records)
        print(f"# loaded into Postgres in {time.perf_counter() - t0:.1f} s", flush=True)
        variants = [("ts_rank_cd", n, "any") for n in args.norms] + [("ts_rank_cd", 0, "all"), ("bm25", 0, "any")]
        for ranking, norm, match in variants:
            st = PostgresStore(uri, SCHEMA, ranking=ranking, normalization=norm, bm25_k1=1.5, bm25_b=0.75, match=match)
            name = (f"postgres ts_rank_cd {'OR' if match == 'any' else 'websearch AND'} (norm {norm})"
                    if ranking == "ts_rank_cd" else "postgres bm25 in SQL (1.5, 0.75)")
            row(name, _evaluate(lambda q: [i for i, _ in st.search(q, 100)], queries, qrels))
            st.close()
        store.close()
    return 0


def synthetic(n: int, seed: int = 42, batch: int = 50_000):
    """``(id, "", text)`` for ``n`` chunks of Zipf pseudo-words, generated batch by batch."""
    import numpy as np

    rng = np.random.default_rng(seed)
    syll = ["ka", "lo", "mi", "ne", "ru", "ta", "ve", "so", "pi", "da", "ge", "zu", "ha", "bo", "fi", "ny"]
    vocab = np.array(sorted({"".join(rng.choice(syll, size=rng.integers(2, 5))) for _ in range(40000)})[:30000])
    p = 1.0 / np.arange(1, len(vocab) + 1) ** 1.05
    p /= p.sum()
    qwords = rng.choice(np.arange(50, 5000), size=(1000, 4))
    queries = [" ".join(vocab[q[: rng.integers(2, 5)]]) for q in qwords]

    def gen():
        for start in range(0, n, batch):
            m = min(batch, n - start)
            lens = rng.integers(40, 81, size=m)
            words = vocab[rng.choice(len(vocab), size=int(lens.sum()), p=p)]
            pos = 0
            for j, L in enumerate(lens):
                yield f"c{start + j}", "", " ".join(words[pos:pos + L])
                pos += L
    return gen(), queries


def cmd_scale(args) -> int:
    with Server(args.uri) as uri:
        print(f"{'chunks':>9} {'build s':>8} {'ranking':>11} {'p50 ms':>8} {'p95 ms':>8} {'hits/query':>10}")
        for n in map(int, args.chunks.split(",")):
            records, queries = synthetic(n)
            store = PostgresStore(uri, SCHEMA)
            t0 = time.perf_counter()
            store.load_records(records)
            build = time.perf_counter() - t0
            size = store.conn.execute("SELECT pg_size_pretty(pg_total_relation_size('chunks'))").fetchone()[0]
            for ranking in args.rankings.split(","):
                st = PostgresStore(uri, SCHEMA, ranking=ranking)
                for q in queries[:5]:
                    st.search(q, 10)  # warm the cache
                lat, hits = [], []
                for q in queries[: args.queries]:
                    t0 = time.perf_counter()
                    hits.append(len(st.search(q, 10)))
                    lat.append((time.perf_counter() - t0) * 1000)
                print(f"{n:>9,} {build:8.1f} {ranking:>11} {pct(lat, .5):8.1f} {pct(lat, .95):8.1f} "
                      f"{sum(hits) / len(hits):10.1f}", flush=True)
                st.close()
            print(f"#   {n:,} chunks: table + indexes {size}", flush=True)
            store.close()
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--uri", help="an existing Postgres (default: start one with pgserver in a temp folder)")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sf = sub.add_parser("scifact", help="nDCG@10 of the Postgres retriever beside the in-memory BM25")
    sf.add_argument("data_dir", type=Path, help="BEIR SciFact folder (corpus.jsonl, queries.jsonl, qrels/)")
    sf.add_argument("--qrels", default="train.tsv")
    sf.add_argument("--norms", type=lambda v: [int(x) for x in v.split(",")], default=[0, 1, 32],
                    help="ts_rank_cd normalisation flags to try (default 0,1,32)")
    sf.set_defaults(func=cmd_scifact)
    sc = sub.add_parser("scale", help="build time and query p50/p95 at N synthetic chunks")
    sc.add_argument("--chunks", default="100000", help="comma-separated sizes (default 100000)")
    sc.add_argument("--queries", type=int, default=200)
    sc.add_argument("--rankings", default="ts_rank_cd,bm25")
    sc.set_defaults(func=cmd_scale)
    args = ap.parse_args(argv)
    try:
        return args.func(args)
    except StoreError as exc:
        print(f"pg: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
