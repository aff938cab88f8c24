"""Multi-turn scenarios (``datasets/scenarios/*.json``) played through the conversation engine by
the scripted user simulator — the offline agent (a deterministic extractive baseline) by default,
Claude when ``ANTHROPIC_API_KEY`` is set.

Scored **per turn and per scenario**: each scorer scores every turn it applies to against that
turn's ``expect`` (with the evidence retrieved so far in the conversation), and the scenario's
score is the mean over those turns; the per-turn verdicts are in the record (``details``).
A turn that expects KB sources, benchmarks, an audience size, a calculation or key facts is an
in-scope turn: it gets ``must_abstain: false`` unless the scenario says otherwise (or it must ask
a clarifying question), so wrongly declining — or neither answering nor declining — is caught.
``expected_answer`` checks what the answer must contain; ``citation_support`` that each cited
claim is in the chunk it cites (the chunk texts come from the record's ``retrieved`` passages).
A scenario whose planned beats did not happen, or whose turns errored, is an errored case.
"""
from __future__ import annotations

import copy
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from evals.common import (case, dataset_file, get_engine, golden, guard, linked,  # noqa: E402
                          load_scenarios, make_arm, selected_preset, trial_task, trials)
from evals.register import register  # noqa: E402
from scorers import answer_scorers  # noqa: E402
from scorers.judges import judge_scorers  # noqa: E402


def turn_expectations(scenario: dict) -> list[dict]:
    out = []
    abstain_turns = set(scenario.get("expectations", {}).get("must_abstain_turns", []))
    for i, t in enumerate(scenario["turns"]):
        e = copy.deepcopy(t.get("expect") or {})
        if i in abstain_turns:
            e["must_abstain"] = True
        elif "must_abstain" not in e and not e.get("must_clarify") and any(
                e.get(k) for k in ("sources", "benchmarks", "calculations", "audience", "key_facts")):
            e["must_abstain"] = False
        out.append(e)
    return out


def cases() -> list:
    out = []
    for p, sc in load_scenarios():
        exp = {"turns": turn_expectations(sc), "scenario": sc.get("expectations", {})}
        out.append(case(sc["id"], {"scenario": p.name, "persona": sc.get("persona", {}).get("type"),
                                   "turns": [t.get("user") or f"<respond_to {t.get('respond_to')}>"
                                             for t in sc["turns"]]},
                        exp, [sc.get("persona", {}).get("type", "scenario")], title=sc.get("title")))
    return out


def play(input: dict, md: dict) -> dict:
    from agent.scenario import run_scenario

    path = dataset_file("scenarios/") / input["scenario"]
    rec = run_scenario(path, engine=get_engine(selected_preset()))
    if rec.get("errors"):
        md["case_errors"] = list(rec["errors"])
    md["record_extra"] = {"beats": rec.get("beats"), "beats_ok": rec.get("beats_ok"),
                          "completed_turns": rec.get("completed_turns"), "expected_turns": rec.get("expected_turns"),
                          "usage": rec.get("usage"), "model": rec.get("model")}
    return rec


with guard(__file__):  # an error here is recorded for the gate, then braintrust reports it
    _preset = selected_preset()
    _ref = golden("scenarios/")
    _cases = linked(_ref, cases())
    _arm = make_arm("conversations", "conversations", "conversations", _preset, True, _ref, len(_cases))
    register(_arm, _cases, trial_task(play), [*answer_scorers(), *judge_scorers()], trials(),
             "Multi-turn scenarios through the conversation engine, scored per turn and per scenario")
