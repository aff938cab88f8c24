"""Choose the default preset by SciFact *and* both knowledge bases' retrieval goldens, in one run.

    python bench/sweep_default.py PATH/TO/scifact [--qrels train.tsv] [--grid small|full]

Why a script of its own: issue 12 asks for a default "never below BM25", chosen by a public
benchmark and the goldens together, never by one of them. Each candidate setting is printed
with SciFact nDCG@10 on half A (the half settings may be chosen on) and half B (held out), and
with the file- and section-level MRR of every golden tag on the shipped KB (``kb/``, goldens
``datasets/retrieval.jsonl``) and on the plain-text fixture KB (``tests/fixtures/kb_txt``, goldens
``tests/fixtures/kb_txt_datasets/retrieval.jsonl``), scored by the project's own scorers
(:func:`scorers.retrieval_scorers`). A setting qualifies when its half-A nDCG@10 is at least
BM25's and no golden tag's MRR falls below the better of the current default's and the default's
before its TF-IDF pivot (``tfidf_pivot=1.0``); half B is read only to
confirm the one chosen.

Index-time fields (BM25 k1/b) need one index per value; search-time fields (weights, pivot,
pool) reuse it (:meth:`rag.engine.RetrievalEngine.with_config`).
"""
from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from beir import evaluate, halves, load_beir  # noqa: E402
from rag.config import DEFAULT_PRESET, RagConfig, get_preset  # noqa: E402
from rag.engine import RetrievalEngine  # noqa: E402

KBS = {"kb": (ROOT / "kb", ROOT / "datasets" / "retrieval.jsonl"),
       "kb_txt": (ROOT / "tests" / "fixtures" / "kb_txt", ROOT / "tests" / "fixtures" / "kb_txt_datasets" / "retrieval.jsonl")}

GRIDS = {
    "small": {"bm25_k1": [1.2, 1.5], "bm25_b": [0.75], "tfidf_weight": [0.4, 0.5, 0.6], "tfidf_pivot": [0.25, 1.0],
              "candidate_pool": [50]},
    "lowb": {"bm25_k1": [0.9, 1.2], "bm25_b": [0.4, 0.5, 0.6], "tfidf_weight": [0.4, 0.6], "tfidf_pivot": [0.25, 0.4],
             "candidate_pool": [50]},
    "prefix": {"subword_prefix": [3], "bm25_k1": [0.9, 1.2], "bm25_b": [0.4, 0.75], "tfidf_weight": [0.4, 0.5],
               "tfidf_pivot": [0.25, 0.4], "candidate_pool": [50]},
    "full": {"bm25_k1": [0.9, 1.2, 1.5], "bm25_b": [0.6, 0.75, 0.9], "tfidf_weight": [0.3, 0.4, 0.5, 0.6],
             "tfidf_pivot": [0.25, 0.5, 1.0], "candidate_pool": [50, 100]},
}


def golden_scores(engine: RetrievalEngine, rows: list[dict]) -> dict[str, dict[str, float]]:
    """Mean file-level and section-level MRR per tag (and ``all``), with the eval's top_k."""
    from mpa.record import EvalOutput
    from scorers.retrieval import MRR, SectionMRR

    file_mrr, sec_mrr = MRR(), SectionMRR()
    sums: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0])
    for row in rows:
        res = engine.search(row["query"], top_k=engine.config.top_k)
        out = EvalOutput(retrieved=[r.to_dict(with_text=False) for r in res]).to_dict()
        exp = {"sources": row["expected_sources"], **{k: row[k] for k in ("expected_sections",) if k in row}}
        f = file_mrr(input={"query": row["query"]}, output=out, expected=exp).score or 0.0
        s = sec_mrr(input={"query": row["query"]}, output=out, expected=exp)
        s = f if s.score is None else s.score
        for tag in ["all", *row.get("tags", [])]:
            acc = sums[tag]
            acc[0] += f
            acc[1] += s
            acc[2] += 1
    return {t: {"file": a[0] / a[2], "section": a[1] / a[2], "n": a[2]} for t, a in sums.items()}


def kb_engines(cfg: RagConfig, cache: dict) -> dict[str, RetrievalEngine]:
    from mpa.engine import build_engine

    key = cfg.index_hash()
    if key not in cache:
        cache[key] = {name: build_engine(kb, cfg) for name, (kb, _) in KBS.items()}
    return {name: e.with_config(cfg) for name, e in cache[key].items()}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data_dir", type=Path)
    ap.add_argument("--qrels", default="train.tsv")
    ap.add_argument("--grid", choices=sorted(GRIDS), default="small")
    ap.add_argument("--knobs", type=json.loads, help='a grid as JSON instead of --grid: {"bm25_k1": [0.9, 1.2], ...}')
    ap.add_argument("--out", type=Path, help="also write every row as JSON lines here")
    args = ap.parse_args(argv)
    if not (args.data_dir / "corpus.jsonl").exists():
        print(f"sweep_default: no corpus.jsonl in {args.data_dir} (get SciFact: see bench/beir.py)", file=sys.stderr)
        return 2
    corpus, queries, qrels = load_beir(args.data_dir, args.qrels)
    split = halves(list(qrels))
    goldens = {name: [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
               for name, (_, path) in KBS.items()}
    sci_cache: dict[str, RetrievalEngine] = {}
    kb_cache: dict[str, dict] = {}

    def measure(cfg: RagConfig) -> dict:
        bench_cfg = cfg.with_(phrase_boost=1.0, top_k=100)
        key = bench_cfg.index_hash()
        if key not in sci_cache:
            sci_cache[key] = RetrievalEngine.from_records(
                ((d["_id"], d.get("title", ""), d.get("text", "")) for d in corpus), bench_cfg)
        r = evaluate(sci_cache[key].with_config(bench_cfg), queries, qrels, split=split)
        g = {name: golden_scores(e, goldens[name]) for name, e in kb_engines(cfg, kb_cache).items()}
        return {"A": r["ndcg@10 A"], "B": r["ndcg@10 B"], "all": r["ndcg@10"], "p50": r["p50_ms"], "goldens": g}

    base = get_preset(DEFAULT_PRESET)
    ref = {"bm25": measure(get_preset("bm25")), "default": measure(base),
           "default-cosine": measure(base.with_(tfidf_pivot=1.0))}  # the default before the pivot
    # no tag may fall below the better of the default and the default before the pivot
    best = {"goldens": {kb: {tag: {lv: max(ref[r]["goldens"][kb][tag][lv] for r in ("default", "default-cosine"))
                                   for lv in ("file", "section")} for tag in ref["default"]["goldens"][kb]}
                        for kb in KBS}}
    print(f"{'setting':<44} {'A':>7} {'B':>7} {'all':>7}  goldens MRR file/section (kb | kb_txt), worst tag Δ")
    for name, m in ref.items():
        print(f"{name:<44} {m['A']:7.4f} {m['B']:7.4f} {m['all']:7.4f}  {summary(m)}")
    grid = args.knobs or GRIDS[args.grid]
    rows = []
    for values in itertools.product(*grid.values()):
        knobs = dict(zip(grid, values))
        cfg = base.with_(**knobs)
        m = measure(cfg)
        worst = worst_tag_delta(m, best)
        ok = m["A"] >= ref["bm25"]["A"] and worst[0] >= -1e-9
        label = " ".join(f"{k.replace('bm25_', '').replace('tfidf_', '').replace('candidate_', '').replace('subword_', '')}={v}"
                         for k, v in knobs.items())
        print(f"{label:<44} {m['A']:7.4f} {m['B']:7.4f} {m['all']:7.4f}  {summary(m)}  "
              f"{worst[0]:+.3f} {worst[1]}{'  OK' if ok else ''}", flush=True)
        rows.append({"knobs": knobs, **m, "worst_tag_delta": worst, "qualifies": ok})
    if args.out:
        args.out.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return 0


def summary(m: dict) -> str:
    g = m["goldens"]
    return " | ".join(f"{g[k]['all']['file']:.3f}/{g[k]['all']['section']:.3f}" for k in KBS)


def worst_tag_delta(m: dict, ref: dict) -> tuple[float, str]:
    """The largest MRR loss (file or section level) of any golden tag on either KB vs ``ref``."""
    worst = (0.0, "")
    for kb in KBS:
        for tag, now in m["goldens"][kb].items():
            for level in ("file", "section"):
                d = now[level] - ref["goldens"][kb][tag][level]
                if d < worst[0]:
                    worst = (d, f"{kb}:{tag}:{level}")
    return worst


if __name__ == "__main__":
    sys.exit(main())
