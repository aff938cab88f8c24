"""Check the fast numpy MiniLM (rag/dense.py) against the plain reference forward pass and,
when installed, sentence-transformers.

    python bench/dense_parity.py [--kb kb]     # sentence-transformers (+ torch) optional

1. fast vs reference (always): every chunk of the KB is encoded by ``rag.dense.MiniLMEncoder``
   and by ``rag.dense_reference`` (the line-by-line BERT transcription); prints the largest
   absolute difference and the smallest cosine. Passes at cosine ≥ 0.9999.
2. reference vs sentence-transformers (only where that library and torch are installed —
   the project never needs them): a set of short, long and truncated sentences.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SENTENCES = [
    "What is a typical customer acquisition cost for an ecommerce brand?",
    "How many customers does a $50,000 monthly budget buy at a $55 CAC?",
    "Geo-lift tests compare treated and control markets to measure incremental sales.",
    "KPI-NC-01 counts new customers, deduplicated against the full customer file.",
    " ".join(["Pacing keeps daily spend within tolerance while channels ramp and auctions shift."] * 20),
    "x",
]


def compare(a, b) -> tuple[float, float]:
    import numpy as np

    return float(np.abs(a - b).max()), float(np.min(np.sum(a * b, axis=1)))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kb", type=Path, default=ROOT / "kb" if (ROOT / "kb").is_dir() else ROOT / "tests/fixtures/kb")
    args = ap.parse_args(argv)
    from mpa.engine import build_engine
    from rag import dense, dense_reference
    from rag.config import RagConfig

    if not dense.available():
        print("dense_parity: the all-MiniLM-L6-v2 weights are not installed (make setup)")
        return 1
    enc = dense.MiniLMEncoder(max_tokens=128)
    texts = SENTENCES + [c.index_text for c in build_engine(args.kb, RagConfig(cache_size=0)).chunks]
    t0 = time.perf_counter()
    fast = enc.encode(texts, progress=False)
    t1 = time.perf_counter()
    ref = dense_reference.encode(enc, texts)
    t2 = time.perf_counter()
    diff, cos = compare(fast, ref)
    print(f"fast vs reference, {len(texts)} texts ({args.kb.name} chunks + {len(SENTENCES)} sentences): "
          f"max |Δ| = {diff:.2e}, min cosine = {cos:.7f}  ({t1 - t0:.1f} s vs {t2 - t1:.1f} s)")
    ok = cos >= 0.9999
    try:
        from sentence_transformers import SentenceTransformer
    except ImportError:
        print("reference vs sentence-transformers: not installed here — skipped "
              "(pip install torch sentence-transformers in a scratch venv to run it)")
        return 0 if ok else 1
    st = SentenceTransformer(str(dense.model_dir()), device="cpu")
    st.max_seq_length = 128
    st_vecs = st.encode(SENTENCES, normalize_embeddings=True, convert_to_numpy=True)
    diff, cos = compare(ref[:len(SENTENCES)], st_vecs)
    print(f"reference vs sentence-transformers, {len(SENTENCES)} sentences: max |Δ| = {diff:.2e}, "
          f"min cosine = {cos:.7f}")
    return 0 if ok and cos > 0.9999 else 1


if __name__ == "__main__":
    sys.exit(main())
