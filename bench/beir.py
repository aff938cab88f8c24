"""nDCG@10 and Recall@100 on any BEIR-format folder, per retrieval preset, with a held-out half.

    python bench/beir.py PATH/TO/scifact --qrels train.tsv [--presets bm25,hybrid-weighted]

Get SciFact (BEIR format) from https://public.ukp.informatik.tu-darmstadt.de/thakur/BEIR/datasets/scifact.zip
and unzip it; ``make bench SCIFACT=PATH`` runs this script on it.

Each corpus entry (title + text, BEIR practice) is indexed as one passage (BEIR documents are
short), with each preset's own analyzer, BM25 and fusion settings, by the generic engine (no
domain plugged in) with the exact-phrase boost off, so the figures measure retrieval alone.
nDCG@10 is also reported on two fixed halves of the judged queries: A, the half a setting may be
chosen on, and B, held out — a setting tuned on these queries is only credible if B agrees. Published
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

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rag.config import DEFAULT_PRESET, get_preset  # noqa: E402
from rag.engine import RetrievalEngine  # noqa: E402


PRESETS_RUN = ("tfidf", "bm25", "hybrid-weighted", "hybrid-rrf", "hybrid-subword", "hybrid-prefix")


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


def halves(qids: list[str], seed: int = 0) -> tuple[set[str], set[str]]:
    """A fixed random half of the judged queries (A: what presets may be tuned on) and the rest
    (B: held out) — the same split on every run, so a setting chosen on A is checked on B."""
    perm = np.random.default_rng(seed).permutation(len(qids))
    return {qids[i] for i in perm[: len(qids) // 2]}, {qids[i] for i in perm[len(qids) // 2:]}


def evaluate(engine: RetrievalEngine, queries, qrels, method: str | None = None,
             split: tuple[set[str], set[str]] | None = None) -> dict[str, float]:
    nd, rc, lat = {}, [], []
    for qid, rel in qrels.items():
        t0 = time.perf_counter()
        res = engine.search(queries[qid], top_k=100, method=method)
        lat.append((time.perf_counter() - t0) * 1000)
        ranked = [r.chunk.id for r in res]
        nd[qid] = ndcg_at_k(ranked, rel)
        rc.append(recall_at_k(ranked, rel))
    lat.sort()
    out = {"ndcg@10": sum(nd.values()) / len(nd), "recall@100": sum(rc) / len(rc), "p50_ms": lat[len(lat) // 2]}
    for name, part in zip(("A", "B"), split or ()):
        out[f"ndcg@10 {name}"] = sum(nd[q] for q in part) / len(part) if part else float("nan")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data_dir", type=Path)
    ap.add_argument("--qrels", default="train.tsv", help="file under DATA_DIR/qrels (default train.tsv)")
    ap.add_argument("--presets", default=",".join(PRESETS_RUN),
                    help=f"comma-separated presets (default {','.join(PRESETS_RUN)}; {DEFAULT_PRESET} is the default)")
    args = ap.parse_args(argv)
    if not (args.data_dir / "corpus.jsonl").exists():
        print(f"beir: no corpus.jsonl in {args.data_dir} — skipping (the dataset is not part of this repo)")
        return 0
    try:
        presets = {name: get_preset(name) for name in args.presets.split(",")}
    except ValueError as exc:
        print(f"beir: {exc}", file=sys.stderr)
        return 2
    corpus, queries, qrels = load_beir(args.data_dir, args.qrels)
    split = halves(list(qrels))
    print(f"BEIR {args.data_dir.name}: {len(corpus):,} docs, {len(qrels)} judged queries ({args.qrels}); "
          f"halves A/B: {len(split[0])}/{len(split[1])} queries (fixed seed; tune on A, check on B)")
    print(f"{'preset':<16} {'nDCG@10':>8} {'A':>7} {'B':>7} {'Recall@100':>11} {'p50 ms':>7}  settings")
    engines: dict[str, RetrievalEngine] = {}
    for name, preset in presets.items():
        cfg = preset.with_(phrase_boost=1.0, candidate_pool=100, top_k=100)
        key = cfg.index_hash()  # presets that differ only in search-time knobs share one index
        if key not in engines:
            engines[key] = RetrievalEngine.from_records(
                ((d["_id"], d.get("title", ""), d.get("text", "")) for d in corpus), cfg)
        r = evaluate(engines[key].with_config(cfg), queries, qrels, split=split)
        mark = "*" if name == DEFAULT_PRESET else " "
        print(f"{name + mark:<16} {r['ndcg@10']:8.4f} {r['ndcg@10 A']:7.4f} {r['ndcg@10 B']:7.4f} "
              f"{r['recall@100']:11.4f} {r['p50_ms']:7.2f}  {describe(cfg)}")
    print(f"* the default preset ({DEFAULT_PRESET})")
    return 0


def describe(cfg) -> str:
    parts = [cfg.method if not cfg.mode else f"mode {cfg.mode}"]
    if cfg.method in ("weighted", "rrf"):
        parts.append(f"weights {cfg.tfidf_weight}/{cfg.bm25_weight}")
    parts.append(f"k1 {cfg.bm25_k1} b {cfg.bm25_b}")
    if cfg.method != "bm25":
        parts.append("tfidf cosine" if cfg.tfidf_pivot == 1.0 else f"tfidf pivot {cfg.tfidf_pivot}")
    if cfg.subword_ngrams:
        parts.append(f"sub-word {cfg.subword_ngrams}-grams")
    if cfg.subword_prefix:
        parts.append(f"stem {cfg.subword_prefix}-prefixes")
    return ", ".join(parts)


if __name__ == "__main__":
    sys.exit(main())
