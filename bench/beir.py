"""nDCG@10 and Recall@100 on any BEIR-format folder, for tfidf, bm25, weighted and rrf.

    python bench/beir.py PATH/TO/scifact --qrels train.tsv

Get SciFact (BEIR format) from https://public.ukp.informatik.tu-darmstadt.de/thakur/BEIR/datasets/scifact.zip
and unzip it; ``make bench SCIFACT=PATH`` runs this script on it.

Each corpus entry (title + text) is indexed as one passage (BEIR documents are short), with
the same analyzer and BM25 parameters as the media-planning KB, by the generic engine (no
domain plugged in) with the exact-phrase boost off, so the figures measure retrieval alone. Published
reference points (SciFact test split): BM25 0.665 (BEIR paper), stemmed BM25 ≈ 0.686 (bm25s).
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rag.config import RagConfig, get_preset  # noqa: E402
from rag.engine import RetrievalEngine  # noqa: E402


def load_beir(data_dir: Path, qrels_name: str):
    corpus = [json.loads(line) for line in open(data_dir / "corpus.jsonl", encoding="utf-8")]
    queries = {q["_id"]: q["text"] for q in map(json.loads, open(data_dir / "queries.jsonl", encoding="utf-8"))}
    qrels: dict[str, dict[str, int]] = defaultdict(dict)
    with open(data_dir / "qrels" / qrels_name, encoding="utf-8") as f:
        next(f)
        for line in f:
            qid, did, score = line.rstrip("\n").split("\t")
            if int(score) > 0:
                qrels[qid][did] = int(score)
    return corpus, queries, qrels


def ndcg_at_k(ranked: list[str], rel: dict[str, int], k: int = 10) -> float:
    dcg = sum((2 ** rel.get(d, 0) - 1) / math.log2(i + 2) for i, d in enumerate(ranked[:k]))
    ideal = sorted(rel.values(), reverse=True)[:k]
    idcg = sum((2 ** r - 1) / math.log2(i + 2) for i, r in enumerate(ideal))
    return dcg / idcg if idcg else 0.0


def recall_at_k(ranked: list[str], rel: dict[str, int], k: int = 100) -> float:
    return len(set(ranked[:k]) & set(rel)) / len(rel) if rel else 0.0


def evaluate(engine: RetrievalEngine, queries, qrels, method: str) -> dict[str, float]:
    nd, rc, lat = [], [], []
    for qid, rel in qrels.items():
        t0 = time.perf_counter()
        res = engine.search(queries[qid], top_k=100, method=method)
        lat.append((time.perf_counter() - t0) * 1000)
        ranked = [r.chunk.id for r in res]
        nd.append(ndcg_at_k(ranked, rel))
        rc.append(recall_at_k(ranked, rel))
    lat.sort()
    return {"ndcg@10": sum(nd) / len(nd), "recall@100": sum(rc) / len(rc), "p50_ms": lat[len(lat) // 2]}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data_dir", type=Path)
    ap.add_argument("--qrels", default="train.tsv", help="file under DATA_DIR/qrels (default train.tsv)")
    ap.add_argument("--methods", default="tfidf,bm25,weighted,rrf")
    ap.add_argument("--tfidf-weight", type=float, default=None, help="override fusion weight (bm25 = 1 - w)")
    ap.add_argument("--no-subword", action="store_true", help="skip the hybrid-subword preset run")
    args = ap.parse_args(argv)
    if not (args.data_dir / "corpus.jsonl").exists():
        print(f"beir: no corpus.jsonl in {args.data_dir} — skipping (the dataset is not part of this repo)")
        return 0
    corpus, queries, qrels = load_beir(args.data_dir, args.qrels)
    cfg = RagConfig(phrase_boost=1.0, candidate_pool=100, top_k=100)
    if args.tfidf_weight is not None:
        cfg = cfg.with_(tfidf_weight=args.tfidf_weight, bm25_weight=1 - args.tfidf_weight)
    t0 = time.perf_counter()
    engine = RetrievalEngine.from_records(((d["_id"], d.get("title", ""), d.get("text", "")) for d in corpus), cfg)
    build = time.perf_counter() - t0
    print(f"BEIR {args.data_dir.name}: {len(corpus):,} docs, {len(qrels)} judged queries ({args.qrels}); "
          f"index built in {build:.1f} s; weights tfidf {cfg.tfidf_weight} / bm25 {cfg.bm25_weight}")
    print(f"{'method':<10} {'nDCG@10':>8} {'Recall@100':>11} {'p50 ms':>7}")
    for m in args.methods.split(","):
        r = evaluate(engine, queries, qrels, m)
        print(f"{m:<10} {r['ndcg@10']:8.4f} {r['recall@100']:11.4f} {r['p50_ms']:7.2f}")
    if not args.no_subword:
        sub = get_preset("hybrid-subword").with_(phrase_boost=1.0, candidate_pool=100, top_k=100)
        t0 = time.perf_counter()
        engine = RetrievalEngine.from_records(((d["_id"], d.get("title", ""), d.get("text", "")) for d in corpus), sub)
        build = time.perf_counter() - t0
        print(f"preset hybrid-subword (TF-IDF also on stem {sub.subword_ngrams}-grams; BM25 k1={sub.bm25_k1}, b={sub.bm25_b}; "
              f"weights {sub.tfidf_weight}/{sub.bm25_weight}; build {build:.1f} s):")
        for m in ("bm25", "weighted"):
            r = evaluate(engine, queries, qrels, m)
            print(f"{m:<10} {r['ndcg@10']:8.4f} {r['recall@100']:11.4f} {r['p50_ms']:7.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
