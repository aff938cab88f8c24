"""Per-tool latency of the agent's tool executor on the shipped knowledge base.

    python bench/tools.py [--kb kb] [--index .index/kb-index.json] [--repeat 30]

Each tool is called with a fixed, representative set of inputs (hits, misses, synonyms, bad
input) ``--repeat`` times after one warm-up pass; every call goes through
``ToolExecutor.execute`` — validation, look-up, formatting of the passages the model reads — so
the figures are what a conversation pays per tool call. Prints p50/p95/max per tool and checks
the target from DESIGN §10 (p50 ≤ 2 ms, p95 ≤ 10 ms; the multi-search research_topic is held to
the p95 bound only); exits 1 when a tool misses it.
"""
from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rag.config import get_preset  # noqa: E402
from mpa.engine import build_engine  # noqa: E402
from mpa.tools import ToolExecutor  # noqa: E402

TARGET_P50_MS = 2.0
TARGET_P95_MS = 10.0
# research_topic runs 2–4 searches (plus a second round when coverage is thin) by design, so
# the per-call p50 target cannot apply to it; it is held to the p95 bound only.
MULTI_SEARCH = {"research_topic"}

CASES: dict[str, list[dict]] = {
    "search_knowledge_base": [
        {"query": "typical ecommerce CAC"}, {"query": "What is the UE-PAYBACK-12 guardrail?"},
        {"query": "how should I pace a monthly budget across channels"},
        {"query": "CTV frequency caps", "topic": "channels"}, {"query": "best sourdough hydration"},
        {"query": "How do I deduplicate two overlapping audiences when sizing them?"},
    ],
    "get_benchmark": [
        {"vertical": "e-commerce", "metric": "cost per acquisition"}, {"vertical": "DTC", "metric": "CAC"},
        {"vertical": "fintech", "metric": "LTV:CAC"}, {"vertical": "mobile games", "metric": "CPI"},
        {"vertical": "saas", "metric": "CPI"}, {"vertical": "insurance", "metric": "CPA"},
    ],
    "get_audience_sizing": [
        {"audience_type": "new parents", "geography": "TX"}, {"audience_type": "new moms and dads"},
        {"audience_type": "IT buyers", "geography": "Dallas"}, {"audience_type": "dentists", "geography": "Ohio"},
    ],
    "get_step_guidance": [{"step": 3}, {"step": 10, "topic": "mid-flight budget cut"}, {"step": 8}],
    "research_topic": [{"topic": "launching a DTC skincare brand on CTV and paid social"},
                       {"topic": "retail media incrementality"}],
    "(invalid input)": [],
}


def pct(vals: list[float], q: float) -> float:
    s = sorted(vals)
    k = max(0, min(len(s) - 1, -(-len(s) * q // 100) - 1))
    return s[int(k)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kb", default=str(ROOT / "kb"))
    ap.add_argument("--index", default=str(ROOT / ".index" / "kb-index.json"))
    ap.add_argument("--preset", default="hybrid-weighted")
    ap.add_argument("--repeat", type=int, default=30)
    args = ap.parse_args()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        engine = build_engine(args.kb, get_preset(args.preset), index_path=args.index)
    t0 = time.perf_counter()
    ex = ToolExecutor(engine, include_research=True)  # parses the KB tables once
    setup_ms = (time.perf_counter() - t0) * 1000
    bad = [("get_benchmark", {"vertical": "saas"}), ("nope", {}), ("search_knowledge_base", {"query": " "}),
           ("get_step_guidance", {"step": "3"})]
    plan = [(name, inp) for name, inputs in CASES.items() for inp in inputs] + bad
    for name, inp in plan:  # warm-up: caches, analyzer, thread pool
        ex.execute(name, inp)
    print(f"tool-call latency, shipped KB ({len(engine.chunks)} chunks, {len(engine.files)} files), "
          f"preset {args.preset}, {args.repeat} rounds; Python {platform.python_version()}")
    print(f"executor setup (KB tables parsed once): {setup_ms:.1f} ms")
    failed = False
    # cold = the engine's search-result cache is cleared before every call (a new question);
    # warm = repeated inputs served from that cache (a model re-asking the same thing)
    for label, clear in (("cold (search cache cleared before each call)", True), ("warm (search cache hits)", False)):
        lat: dict[str, list[float]] = {}
        for _ in range(args.repeat):
            for name, inp in plan:
                if clear:
                    engine.cache.clear()
                r = ex.execute(name, inp)
                key = "(invalid input)" if r.is_error else name
                lat.setdefault(key, []).append(r.latency_ms)
        print(f"\n{label}")
        print(f"{'tool':24s} {'calls':>6s} {'p50 ms':>8s} {'p95 ms':>8s} {'max ms':>8s} {'mean ms':>8s}  target")
        for name in CASES:
            v = lat.get(name, [])
            if not v:
                continue
            p50, p95 = pct(v, 50), pct(v, 95)
            ok = (name in MULTI_SEARCH or p50 <= TARGET_P50_MS) and p95 <= TARGET_P95_MS
            failed |= not ok
            note = " (p95 only: 2–4 searches per call)" if name in MULTI_SEARCH else ""
            print(f"{name:24s} {len(v):6d} {p50:8.3f} {p95:8.3f} {max(v):8.3f} {statistics.fmean(v):8.3f}  "
                  f"{'ok' if ok else 'MISSED'}{note}")
    print(f"\ntarget: p50 ≤ {TARGET_P50_MS} ms, p95 ≤ {TARGET_P95_MS} ms per tool (both passes)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
