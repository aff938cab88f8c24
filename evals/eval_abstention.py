"""Out-of-scope questions (``datasets/abstain.jsonl``, all ``must_abstain: true``) asked of the
agent in a fresh one-turn conversation: the answer must say plainly that the knowledge base does
not cover it and invent nothing. In-scope controls (a benchmark question per covered vertical,
built from ``datasets/benchmarks.jsonl`` rows in the KB's own words, ``must_abstain: false``) keep the scorer
two-sided: an agent that declines everything fails them."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from evals.common import (case, get_engine, golden, guard, linked, load_jsonl, make_arm,  # noqa: E402
                          selected_preset, trial_task, trials)
from evals.register import register  # noqa: E402
from scorers import (abstention, benchmark_accuracy, citation_support, citation_validity, grounding,  # noqa: E402
                     source_citation)
from scorers.judges import judge_scorers  # noqa: E402

def _facts(row: dict) -> list[dict]:
    """The facts a benchmark golden expects: ``expected_facts`` when present, else the single
    ``expected_value`` (older rows); ``[]`` for an absent pair."""
    if "expected_facts" in row:
        return list(row["expected_facts"] or [])
    if row.get("expected_value") is None:
        return []
    return [{"platform": row.get("platform"), "value": row["expected_value"], "source": row.get("expected_source")}]


def control_cases() -> list:
    """One in-scope benchmark question per covered vertical: the first benchmark golden of each
    vertical that asks in the KB's own words (not tagged ``synonym``) and expects exactly one
    fact. The question names the platform when the golden does."""
    seen, out = set(), []
    for r in load_jsonl("benchmarks.jsonl"):
        tags = r.get("tags") or []
        facts = _facts(r)
        if "synonym" in tags or "absent" in tags or len(facts) != 1:
            continue
        v = r.get("canonical_vertical") or r["vertical"]
        if v in seen:
            continue
        seen.add(v)
        on = f" on {r['platform']}" if r.get("platform") else ""
        q = f"What is the typical {r['metric']}{on} for {r['vertical']} brands?"
        out.append(case(f"control-{r['id']}", {"question": q},
                        {"must_abstain": False, "benchmarks": [{"vertical": v,
                                                                "metric": r.get("canonical_metric") or r["metric"],
                                                                "value": facts[0]["value"]}]},
                        ["in-scope-control"]))
    return out


def cases() -> list:
    out = [case(r["id"], {"question": r["question"]}, {"must_abstain": bool(r.get("must_abstain", True))},
                [r.get("category", "out-of-scope")], why=r.get("why")) for r in load_jsonl("abstain.jsonl")]
    return out + control_cases()


def ask(input: dict, md: dict) -> dict:
    from agent import ConversationEngine, make_model
    from mpa.tools import ToolExecutor

    conv = ConversationEngine(make_model(), ToolExecutor(get_engine(selected_preset())))
    conv.send(input["question"])
    rec = conv.record()
    if rec.get("errors"):
        md["case_errors"] = list(rec["errors"])
    return rec


with guard(__file__):  # an error here is recorded for the gate, then braintrust reports it
    _preset = selected_preset()
    _ref = golden("abstain.jsonl", "benchmarks.jsonl")  # the in-scope controls come from benchmarks.jsonl
    _cases = linked(_ref, cases())
    _arm = make_arm("abstention", "abstention", "abstention", _preset, True, _ref, len(_cases))
    register(_arm, _cases, trial_task(ask),
             [abstention, benchmark_accuracy, grounding, citation_validity, citation_support, source_citation,
              *judge_scorers()], trials(),
             "Out-of-scope questions must be declined honestly; in-scope controls must be answered")
