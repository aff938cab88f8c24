"""Check the numpy MiniLM forward pass (rag/dense.py) against sentence-transformers.

    python bench/dense_parity.py            # needs sentence-transformers (+ torch) in this interpreter

Encodes a set of media-planning sentences (short, long, truncated at 128 word pieces) with
both implementations from the same weights and prints the largest absolute difference and
the smallest cosine between the two vectors of a sentence. The project itself never needs
torch; this script is how the hand-written forward pass was verified.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SENTENCES = [
    "What is a typical customer acquisition cost for an ecommerce brand?",
    "How many customers does a $50,000 monthly budget buy at a $55 CAC?",
    "Geo-lift tests compare treated and control markets to measure incremental sales.",
    "KPI-NC-01 counts new customers, deduplicated against the full customer file.",
    " ".join(["Pacing keeps daily spend within tolerance while channels ramp and auctions shift."] * 20),
    "x",
]


def main() -> int:
    try:
        from sentence_transformers import SentenceTransformer
    except ImportError:
        print("dense_parity: sentence-transformers is not installed here — nothing to compare "
              "(pip install torch sentence-transformers in a scratch venv to run it)")
        return 0
    import numpy as np

    from rag.dense import MiniLMEncoder, model_dir

    ours = MiniLMEncoder(max_tokens=128).encode(SENTENCES)
    st = SentenceTransformer(str(model_dir()), device="cpu")
    st.max_seq_length = 128
    ref = st.encode(SENTENCES, normalize_embeddings=True, convert_to_numpy=True)
    diff = float(np.abs(ours - ref).max())
    cos = float(np.min(np.sum(ours * ref, axis=1)))
    print(f"{len(SENTENCES)} sentences: max |Δ| = {diff:.2e}, min cosine(numpy, sentence-transformers) = {cos:.6f}")
    return 0 if cos > 0.9999 else 1


if __name__ == "__main__":
    sys.exit(main())
