"""One frozen configuration object holding every retrieval knob, plus named presets.

A/B runs are one word each (``get_preset("hybrid-rrf")``). Only the fields in
:data:`INDEX_FIELDS` change what is written to disk; the rest are search-time knobs, so
switching fusion method never forces a rebuild.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

METHODS = ("tfidf", "bm25", "weighted", "rrf")
MODES = ("fast", "balanced", "thorough")
# token budget of the search results a tool hands a model, per mode (``MPA_SEARCH_BUDGET``
# overrides it, rag.settings): five passages of the shipped KB are ~1,100–1,500 tokens, so
# balanced keeps them all and only trims outliers, fast halves that, thorough has room to spare
SEARCH_BUDGETS = {"fast": 1000, "balanced": 2000, "thorough": 4000}


@dataclass(frozen=True)
class RagConfig:
    # chunking (tokens are cl100k_base tokens)
    chunk_target_tokens: int = 400
    chunk_max_tokens: int = 600
    chunk_min_tokens: int = 100
    chunk_overlap_tokens: int = 50
    max_file_bytes: int = 10_000_000
    # analyzer
    stem: bool = True
    stop_words: bool = True
    subword_ngrams: int = 0  # 4 → TF-IDF also sees character 4-grams of stems (BM25 never does)
    subword_prefix: int = 0  # 4 → TF-IDF also sees each word stem's first 4 letters (BM25 never does)
    # BM25 Okapi (rank_bm25 defaults)
    bm25_k1: float = 1.5
    bm25_b: float = 0.75
    bm25_epsilon: float = 0.25
    # TF-IDF length normalisation: pivoted slope (rag.index), a search-time knob; 1.0 = the plain
    # cosine. 0.25 (the textbook slope) lifted SciFact train 0.688 -> 0.693 and every shipped-KB golden
    # tag of the default preset, but kb_txt paraphrase MRR fell 0.655 -> 0.601 (one golden; README,
    # SciFact; bench/default_sweep.md); presets pinned to 1.0 below measured worse with it on the goldens.
    tfidf_pivot: float = 0.25
    # fusion
    method: str = "weighted"
    tfidf_weight: float = 0.6
    bm25_weight: float = 0.4
    rrf_k: int = 60
    candidate_pool: int = 50
    # dense retrieval (rag.dense; optional): weight of the embedding run in fusion, 0 = off
    dense_weight: float = 0.0
    dense_max_tokens: int = 128
    # boost (mapped back to 0–1 by odds multiplication, see rag.fusion.apply_boost); a domain
    # adds its own boosts (rag.domain)
    phrase_boost: float = 2.0
    # diversification
    mmr: bool = False
    mmr_lambda: float = 0.7
    # context packing (rag.packing)
    context_budget_tokens: int = 8000
    per_doc_cap: int = 2
    per_section_cap: int = 1
    # value × this per passage beyond a cap (soft caps, rag.packing). 1.0 = caps only reported:
    # on the shipped KB every penalty < 1 cost answer recall for single-source questions (see
    # README, packing); 0.7 helps multi-hop questions at tight budgets.
    cap_penalty: float = 1.0
    redundancy_threshold: float = 0.85
    answerability_bonus: float = 0.05
    pack_min_relative_score: float = 0.5  # candidates under this × the best score are not packed
    # modes and query adaptation (rag.engine.search)
    adaptive: bool = False  # intent picks fusion weights/pool from INTENT_PRESETS
    fast_pool: int = 20
    thorough_pool: int = 50
    reranker: str = "features"  # "features" | "llm" (needs ANTHROPIC_API_KEY)
    cache_ttl_s: float = 300.0
    cache_size: int = 512
    # answering
    top_k: int = 5
    min_score: float = 0.3
    mode: str | None = None  # None: use `method` as configured; else fast | balanced | thorough

    def __post_init__(self):
        if self.method not in METHODS:
            raise ValueError(f"method must be one of {METHODS}, got {self.method!r}")
        if self.mode is not None and self.mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, got {self.mode!r}")
        if not (0 < self.chunk_min_tokens <= self.chunk_target_tokens <= self.chunk_max_tokens):
            raise ValueError(
                "chunk sizes must satisfy 0 < chunk_min_tokens <= chunk_target_tokens <= chunk_max_tokens"
            )
        if not (0 <= self.chunk_overlap_tokens < self.chunk_min_tokens):
            raise ValueError("chunk_overlap_tokens must be >= 0 and smaller than chunk_min_tokens")
        if self.tfidf_weight < 0 or self.bm25_weight < 0 or self.tfidf_weight + self.bm25_weight <= 0:
            raise ValueError("fusion weights must be non-negative and not both zero")
        if self.reranker not in ("features", "llm"):
            raise ValueError("reranker must be 'features' or 'llm'")
        if not (0.0 <= self.dense_weight < 1.0):
            raise ValueError("dense_weight must be in [0, 1): the lexical runs keep the rest of the weight")
        if not 0.0 < self.tfidf_pivot <= 1.0:
            raise ValueError("tfidf_pivot is a slope in (0, 1] (1.0 = cosine normalisation)")
        if self.phrase_boost < 1:
            raise ValueError("phrase_boost is a multiplier >= 1 (use 1.0 to switch it off)")

    def with_(self, **changes: Any) -> "RagConfig":
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any], strict: bool = True) -> "RagConfig":
        """``strict=False`` drops unknown fields (a config stored by another version)."""
        known = {f.name for f in fields(cls)}
        unknown = set(d) - known
        if unknown and strict:
            raise ValueError(f"unknown RagConfig fields: {sorted(unknown)}")
        return cls(**{k: v for k, v in d.items() if k in known})

    def index_hash(self) -> str:
        """Hash of the fields that determine the on-disk index (chunking + analyzer + BM25)."""
        payload = {k: getattr(self, k) for k in INDEX_FIELDS}
        if not self.subword_prefix:  # added later: index files built without it stay current
            del payload["subword_prefix"]
        return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()[:16]

    def config_hash(self) -> str:
        return hashlib.sha256(json.dumps(self.to_dict(), sort_keys=True).encode()).hexdigest()[:16]


# Query intent → (tfidf weight, bm25 weight, candidate pool) when `adaptive` is on.
INTENT_PRESETS: dict[str, tuple[float, float, int]] = {
    "definition": (0.5, 0.5, 30),
    "numeric": (0.4, 0.6, 40),
    "procedure": (0.6, 0.4, 50),
    "comparison": (0.6, 0.4, 60),
    "exploratory": (0.6, 0.4, 50),
}
IDENTIFIER_MIN_BM25 = 0.6  # exact identifiers force keyword search to carry at least this weight

INDEX_FIELDS = (
    "chunk_target_tokens", "chunk_max_tokens", "chunk_min_tokens", "chunk_overlap_tokens",
    "max_file_bytes", "stem", "stop_words", "subword_ngrams", "subword_prefix", "bm25_k1", "bm25_b", "bm25_epsilon",
)

# ``tfidf_pivot=COSINE``: presets that keep the plain cosine because the pivot cost them golden
# tags (datasets/retrieval.jsonl, measured): tfidf, hybrid-rrf(-mmr) lost unique-fact MRR/recall,
# hybrid-dense lost paraphrase recall, thorough lost multi-hop recall; hybrid-subword was tuned with
# the cosine. The default (hybrid-weighted) and balanced gained on every tag.
COSINE = 1.0
PRESETS: dict[str, RagConfig] = {
    "tfidf": RagConfig(method="tfidf", tfidf_pivot=COSINE),
    "bm25": RagConfig(method="bm25"),
    "hybrid-weighted": RagConfig(method="weighted"),
    "hybrid-rrf": RagConfig(method="rrf", tfidf_pivot=COSINE),
    "hybrid-rrf-mmr": RagConfig(method="rrf", mmr=True, tfidf_pivot=COSINE),
    # TF-IDF on stems + their character 3-grams, BM25 with k1=1.2, b=0.5, weights 0.4/0.6:
    # chosen on SciFact *train* (bench/beir.py); n=4 and weights 0.5/0.6 were close behind
    "hybrid-subword": RagConfig(method="weighted", subword_ngrams=3, tfidf_weight=0.4, bm25_weight=0.6,
                                bm25_k1=1.2, bm25_b=0.5, tfidf_pivot=COSINE),
    # TF-IDF also sees each word stem's first 4 letters (rag.analyzer, subword_prefix; they re-score the word
    # candidates only), BM25 k1=0.9, b=0.6, weights 0.5/0.4, pivot 0.25: chosen on SciFact half A with both KBs'
    # goldens per tag (bench/sweep_default.py, bench/default_sweep.md): SciFact train 0.7012 (A 0.6907, B 0.7117)
    # vs BM25 0.6903; +56 % postings, 1.0-1.8x the default's query CPU; not the default: shipped-KB multi-hop
    # file MRR 0.984 -> 0.979 and kb_txt paraphrase 0.613 < 0.655 (pre-pivot), and the default's query-time
    # and index-size targets vs bm25s have no room for it (README, SciFact)
    "hybrid-prefix": RagConfig(method="weighted", subword_prefix=4, bm25_k1=0.9, bm25_b=0.6, tfidf_weight=0.5),
    # lexical hybrid + all-MiniLM-L6-v2 embeddings (numpy), equal weight: for paraphrased questions
    "hybrid-dense": RagConfig(method="weighted", dense_weight=0.5, tfidf_pivot=COSINE),
    "fast": RagConfig(mode="fast"),
    "balanced": RagConfig(mode="balanced", adaptive=True),
    "thorough": RagConfig(mode="thorough", adaptive=True, tfidf_pivot=COSINE),
}
# The default: SciFact train 0.6927 (A 0.6802, B 0.7053) vs bm25 0.6903 (0.6739, 0.7068) — >= BM25 overall and on
# half A, 0.0015 under it on held-out B, and short of 0.70; no setting of its own knobs reaches 0.70
# (bench/default_sweep.md)
DEFAULT_PRESET = "hybrid-weighted"


def get_preset(name: str) -> RagConfig:
    try:
        return PRESETS[name]
    except KeyError:
        raise ValueError(f"unknown preset {name!r}; choose one of {sorted(PRESETS)}") from None
