"""Retrieval goldens (``datasets/retrieval.jsonl``) for each named retrieval preset — one
Braintrust experiment per preset, so presets can be compared side by side (and offline with
``python -m evals.compare``). The preset chosen by ``MPA_RAG_PRESET`` is the gated one.

Output per case: ``retrieved`` = the top ``top_k`` (the config's k, what the agent would see)
and ``ranking`` = the top 10 (for recall@k curves in ``evals.report``).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from evals.common import (CURVE_K, case, get_engine, golden, guard, linked, load_jsonl,  # noqa: E402
                          make_arm, retrieval_presets, selected_preset, trial_task)
from evals.register import register  # noqa: E402
from rag.config import get_preset  # noqa: E402
from mpa.record import EvalOutput  # noqa: E402
from scorers import retrieval_scorers  # noqa: E402


def _expected(row: dict) -> dict:
    exp = {"sources": row["expected_sources"]}
    for k in ("expected_sections", "answer_text", "answer_texts", "expected_chunk_ids"):
        if k in row:
            exp[k] = row[k]
    return exp


def cases() -> list:
    return [case(r["id"], {"query": r["query"]}, _expected(r), r.get("tags")) for r in load_jsonl("retrieval.jsonl")]


def make_task(preset: str):
    top_k = get_preset(preset).top_k

    def run(input: dict, md: dict) -> dict:
        engine = get_engine(preset)
        results = engine.search(input["query"], top_k=top_k)
        ranking = engine.search(input["query"], top_k=max(CURVE_K, top_k))
        return EvalOutput(retrieved=[r.to_dict(with_text=False) for r in results],
                          extra={"ranking": [{"id": r.chunk.id, "source": r.chunk.source} for r in ranking],
                                 "reason": results.reason}).to_dict()

    return trial_task(run)


with guard(__file__):  # an error here is recorded for the gate, then braintrust reports it
    _ref = golden("retrieval.jsonl")
    _rows = linked(_ref, cases())
    _gate_preset = selected_preset()
    for _preset in retrieval_presets():  # the preset under test; every preset with MPA_SWEEP
        _key = f"retrieval/{_preset}"
        _arm = make_arm("retrieval", _key, "retrieval", _preset, _preset == _gate_preset, _ref, len(_rows),
                        trial_count=1)
        # one trial: retrieval is deterministic, trials would only repeat identical rankings
        register(_arm, _rows, make_task(_preset), retrieval_scorers(5), 1, f"Retrieval goldens with preset {_preset}")
