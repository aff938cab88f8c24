"""Context packing: the token-budgeted packer (``rag.packing.ContextPacker``) against a naive
packer (chars/4 token estimate, score order, no dedupe, tail cut) at the same budget, on the
retrieval goldens that name answer-bearing snippets (multi-hop goldens: one per source).

Both packers get the same candidates — the top ``MPA_PACK_POOL`` (default 20) results of the
gated preset — and the same budget ``MPA_PACK_BUDGET`` (default 2000 tokens; at the packer's
8000-token default every candidate fits for both, so nothing would be compared). Scores:
``answer_recall_at_budget``, ``non_redundancy`` (1 / redundancy ratio), ``garbage_free``
(1 − garbage fraction), ``within_budget`` (exact tiktoken count); packing latency is in each
case's metadata. Not gated: it measures a component, the gate is the composite.

    braintrust eval --no-send-logs evals/eval_packing.py
    python evals/eval_packing.py            # the same comparison as a plain table, no Braintrust
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from evals.common import (case, get_engine, golden, guard, linked, load_jsonl, make_arm,  # noqa: E402
                          selected_preset, settings, sweep_requested, trial_task)
from mpa.record import EvalOutput  # noqa: E402


def cases() -> list:
    rows = [r for r in load_jsonl("retrieval.jsonl") if r.get("answer_text") or r.get("answer_texts")]
    out = []
    for r in rows:
        exp = {"sources": r["expected_sources"]}
        exp.update({k: r[k] for k in ("answer_text", "answer_texts") if r.get(k)})
        out.append(case(r["id"], {"query": r["query"]}, exp, r.get("tags")))
    return out


def pack_output(engine, query: str, policy: str, budget: int | None = None, pool: int | None = None) -> dict:
    """One packed context; ``budget``/``pool`` default to ``MPA_PACK_BUDGET``/``MPA_PACK_POOL``."""
    s = settings()
    budget, pool = budget or s.pack_budget, pool or s.pack_pool
    from rag.packing import ContextPacker, naive_pack
    from rag.passages import parse_passages
    from rag.tokens import count_tokens

    results = engine.search(query, top_k=pool)
    t0 = time.perf_counter()
    packed = naive_pack(results, budget) if policy == "naive" else ContextPacker(engine, budget_tokens=budget).pack(
        query, results)
    ms = (time.perf_counter() - t0) * 1000
    passages = []
    for p in parse_passages(packed.text, include_cut=True):  # the naive baseline may cut the last one
        passages.append({"id": p.id, "source": engine.chunk(p.id).source, "tokens": count_tokens(p.text), "text": p.text})
    return EvalOutput(context=packed.text, passages=passages, tokens=packed.tokens, budget=budget,
                      retrieved=[r.to_dict(with_text=False) for r in results],
                      extra={"policy": policy, "pack_ms": round(ms, 3)}).to_dict()


def make_task(policy: str):
    preset = selected_preset()

    def run(input: dict, md: dict) -> dict:
        out = pack_output(get_engine(preset), input["query"], policy)
        md["pack_ms"] = out["pack_ms"]
        return out

    return trial_task(run)


def table() -> int:
    """Plain comparison without Braintrust (used by `make bench` and the README)."""
    from scorers.packing import PACKING_SCORERS

    engine, cfg = get_engine(selected_preset()), settings()
    rows = cases()
    multi = sum(1 for c in rows if c.expected.get("answer_texts"))
    print(f"packing on {len(rows)} retrieval goldens with answer snippets ({multi} multi-hop, one snippet per "
          f"source); candidates = top {cfg.pack_pool} of {selected_preset()}")
    print(f"{'budget':>6} {'policy':<8} {'answer recall':>13} {'redundancy':>10} {'garbage':>8} "
          f"{'over budget':>11} {'p50 ms':>7}")
    for budget in sorted({1000, cfg.pack_budget, 8000}):
        for policy in ("naive", "packer"):
            sums = {"answer_recall": 0.0, "redundancy": 0.0, "garbage": 0.0, "over": 0}
            lat = []
            for c in rows:
                out = pack_output(engine, c.input["query"], policy, budget)
                lat.append(out["pack_ms"])
                s = {sc.__name__: sc(output=out, expected=c.expected) for sc in PACKING_SCORERS}
                sums["answer_recall"] += s["answer_recall_at_budget"].score
                nr = s["non_redundancy"]
                sums["redundancy"] += nr.metadata["redundancy_ratio"] if nr else 1.0
                gf = s["garbage_free"]
                sums["garbage"] += gf.metadata["garbage_fraction"] if gf else 0.0
                sums["over"] += out["tokens"] > budget
            n = len(rows)
            lat.sort()
            print(f"{budget:>6} {policy:<8} {sums['answer_recall'] / n:13.3f} {sums['redundancy'] / n:10.3f} "
                  f"{sums['garbage'] / n:8.3f} {sums['over']:>11} {lat[n // 2]:7.2f}")
    print("(redundancy = packed sentence tokens ÷ distinct sentence tokens; garbage = share of packed tokens from "
          "passages of no expected source; over budget = cases whose exact tiktoken count exceeds the budget)")
    return 0


if __name__ == "__main__":
    sys.exit(table())

from evals.register import register  # noqa: E402
from scorers.packing import PACKING_SCORERS  # noqa: E402

with guard(__file__):  # an error here is recorded for the gate, then braintrust reports it
    _budget, _pool = settings().pack_budget, settings().pack_pool
    # compare-only: runs with MPA_SWEEP=1 (make sweep) or when this file is named on the command line
    for _policy in (("naive", "packer") if sweep_requested(__file__) else ()):
        _key = f"packing/{_policy}"
        _ref = golden("retrieval.jsonl")
        _rows = linked(_ref, cases(), label="retrieval-answers")  # the goldens with answer snippets
        _arm = make_arm("packing", _key, _key, selected_preset(), False, _ref, len(_rows),
                        extra={"budget": _budget, "pool": _pool, "policy": _policy}, trial_count=1)
        register(_arm, _rows, make_task(_policy), PACKING_SCORERS, 1,
                 f"Context packing ({_policy}) at {_budget} tokens")
