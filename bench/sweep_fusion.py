"""SciFact nDCG@10 (halves A/B) of many fusion variants from one index per BM25 (k1, b), in seconds.

    python bench/sweep_fusion.py PATH/TO/scifact [--k1 1.2,1.5] [--b 0.5,0.75]

Why a script of its own: ``bench/sweep_default.py`` runs the whole engine per setting (and the
goldens), which is right for the few finalists but too slow to explore fusion itself. Here each
query's candidate arrays (:meth:`rag.index.LexicalIndex.candidates`: TF-IDF cosine, BM25,
IDF-weighted coverage) are computed once per (k1, b), and every fusion variant — score
normalisation, weights, pivot slope, a coverage run — is numpy over those arrays, reproducing
:func:`rag.query._fuse` (pool = top_k = 100, no boosts: what ``bench/beir.py`` measures). Choose on
half A; half B is printed only to confirm.
"""
from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from beir import halves, load_beir, ndcg_at_k  # noqa: E402
from rag.analyzer import get_analyzer  # noqa: E402
from rag.index import LexicalIndex, count_matrix  # noqa: E402
from rag.query import minmax, top  # noqa: E402

POOL = 100


def norm(x: np.ndarray, how: str) -> np.ndarray:
    if len(x) == 0:
        return x
    if how == "minmax":
        return minmax(x)
    if how == "max":
        m = x.max()
        return x / m if m > 0 else x
    if how == "z":
        sd = x.std()
        return (x - x.mean()) / sd if sd > 0 else np.zeros(len(x))
    if how == "dbsf":  # distribution-based: mean ± 3 sd mapped to [0, 1]
        mu, sd = x.mean(), x.std()
        if sd == 0:
            return np.ones(len(x))
        return np.clip((x - (mu - 3 * sd)) / (6 * sd), 0, 1)
    raise ValueError(how)


def fuse(tf, bm, cov, tw, bw, cw, how, normset="union"):
    tt, tb = top(tf, POOL), top(bm, POOL)
    cand = np.unique(np.concatenate([tt, tb]))
    f = np.zeros(len(cand))
    if how.startswith("rrf"):
        k = int(how[3:] or 60)
        f[np.searchsorted(cand, tt)] += tw / (k + np.arange(1, len(tt) + 1))
        f[np.searchsorted(cand, tb)] += bw / (k + np.arange(1, len(tb) + 1))
        return cand, f
    if normset == "union":
        f += tw * norm(tf[cand], how) + bw * norm(bm[cand], how)
    else:  # statistics of each run's own pool, applied to the union
        for s, w, t in ((tf, tw, tt), (bm, bw, tb)):
            v = s[t]
            if how == "minmax":
                lo, hi = v.min(), v.max()
                f += w * np.clip((s[cand] - lo) / (hi - lo if hi > lo else 1), 0, None)
            elif how == "z":
                f += w * (s[cand] - v.mean()) / (v.std() or 1)
            else:
                f += w * norm(s[cand], how)
    if cw:
        f += cw * cov[cand]
    return cand, f


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data_dir", type=Path)
    ap.add_argument("--qrels", default="train.tsv")
    ap.add_argument("--k1", default="1.5")
    ap.add_argument("--b", default="0.75")
    ap.add_argument("--pivot", default="0.25,0.4,1.0")
    ap.add_argument("--tw", default="0.4,0.5,0.6", help="TF-IDF weights (BM25 weight = 1 - this)")
    ap.add_argument("--cw", default="0", help="weights of the coverage run (added on top)")
    ap.add_argument("--norms", default="minmax,max,z,dbsf,rrf60")
    ap.add_argument("--normset", default="union", help="union | pool (comma list)")
    args = ap.parse_args(argv)
    corpus, queries, qrels = load_beir(args.data_dir, args.qrels)
    qids = list(qrels)
    A, B = halves(qids)
    an = get_analyzer(True, True, 0)
    counts, vocab = count_matrix([f"{d.get('title', '')}\n{d.get('text', '')}" for d in corpus], an)
    doc_ids = np.array([d["_id"] for d in corpus])
    fl = lambda s: [float(x) for x in s.split(",")]  # noqa: E731

    def score(rank_lists):
        nd = {q: ndcg_at_k(r, qrels[q]) for q, r in rank_lists.items()}
        return (np.mean([nd[q] for q in qids]), np.mean([nd[q] for q in A]), np.mean([nd[q] for q in B]))

    print(f"{'k1':>4} {'b':>5} {'pivot':>5} {'tw':>4} {'cw':>4} {'norm':>7} {'set':>5}  {'all':>7} {'A':>7} {'B':>7}")
    for k1, b in itertools.product(fl(args.k1), fl(args.b)):
        idx = LexicalIndex(counts, vocab, an, k1=k1, b=b)
        cache = {}
        for q in qids:
            ids, cnt, unk = idx.query_terms(queries[q])
            docs, tf, bm, cov, _ = idx.candidates(ids, cnt, n_unknown=len(unk))
            cache[q] = (docs, tf, bm, cov)
        # the comparator: BM25 alone with this k1/b
        rl = {}
        for q, (docs, tf, bm, cov) in cache.items():
            t = top(bm, POOL)
            rows = docs[t]
            rl[q] = list(doc_ids[rows[np.lexsort((rows, -bm[t]))]])
        a = score(rl)
        print(f"{k1:4} {b:5} {'bm25':>5} {'':>4} {'':>4} {'':>7} {'':>5}  {a[0]:7.4f} {a[1]:7.4f} {a[2]:7.4f}", flush=True)
        for pv in fl(args.pivot):
            scale = idx.pivot_scale(pv)
            for tw, cw, how, ns in itertools.product(fl(args.tw), fl(args.cw), args.norms.split(","),
                                                     args.normset.split(",")):
                rl = {}
                for q, (docs, tf, bm, cov) in cache.items():
                    tfp = tf if scale is None else tf * scale[docs]
                    cand, f = fuse(tfp, bm, cov, tw, 1 - tw, cw, how, ns)
                    rows = docs[cand]
                    o = np.lexsort((rows, -f))[:100]
                    rl[q] = list(doc_ids[rows[o]])
                a = score(rl)
                print(f"{k1:4} {b:5} {pv:5} {tw:4} {cw:4} {how:>7} {ns:>5}  {a[0]:7.4f} {a[1]:7.4f} {a[2]:7.4f}",
                      flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
