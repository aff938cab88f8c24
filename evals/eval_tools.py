"""Tool goldens: ``get_benchmark`` (``datasets/benchmarks.jsonl``, absent pairs included) and
``get_audience_sizing`` (``datasets/audience.jsonl``, absent audiences included), run through
``mpa.tools.ToolExecutor`` exactly as the agent calls them. Two experiments, both gated."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from evals.common import (case, get_engine, golden, guard, linked, load_jsonl, make_arm,  # noqa: E402
                          selected_preset, trial_task)
from evals.register import register  # noqa: E402
from mpa.record import EvalOutput, ToolCall  # noqa: E402
from scorers import audience_sizing, benchmark_accuracy, source_recall  # noqa: E402

_executors: dict = {}


def executor():
    preset = selected_preset()
    if preset not in _executors:
        from mpa.tools import ToolExecutor

        _executors[preset] = ToolExecutor(get_engine(preset))
    return _executors[preset]


def tool_output(result, args: dict | None = None) -> dict:
    """The record of one tool call (:class:`mpa.record.EvalOutput`), as Braintrust logs it."""
    return EvalOutput(response=result.content, tool_calls=[ToolCall.from_result(result, input=args)],
                      retrieved=list(result.passages), citations=list(result.citations), data=result.data).to_dict()


def benchmark_cases() -> list:
    out = []
    for r in load_jsonl("benchmarks.jsonl"):
        absent = r.get("expected_value") is None
        exp = {"kind": "benchmark", "value": r.get("expected_value"), "low": r.get("expected_low"),
               "high": r.get("expected_high"), "absent": absent}
        if r.get("expected_source"):
            exp["sources"] = [r["expected_source"]]
        if isinstance(r.get("expected_facts"), list):  # supersedes the single expected value (SCHEMA.md)
            exp["facts"] = r["expected_facts"]
            exp["absent"] = not r["expected_facts"]
            srcs = sorted({f["source"] for f in r["expected_facts"] if f.get("source")})
            exp.pop("sources", None)
            if srcs:
                exp["sources"] = srcs
        inp = {"tool": "get_benchmark", "vertical": r["vertical"], "metric": r["metric"]}
        if r.get("platform"):
            inp["platform"] = r["platform"]
        out.append(case(r["id"], inp, exp, r.get("tags")))
    return out


def audience_cases() -> list:
    out = []
    for r in load_jsonl("audience.jsonl"):
        absent = r.get("expected_size") is None
        exp = {"kind": "audience", "size": r.get("expected_size"), "size_text": r.get("expected_size_text"),
               "source": r.get("expected_source"), "row": r.get("expected_row"), "absent": absent}
        if r.get("expected_source"):
            exp["sources"] = [r["expected_source"]]
        inp = {"tool": "get_audience_sizing", "audience_type": r["audience_type"]}
        if r.get("geography"):
            inp["geography"] = r["geography"]
        out.append(case(r["id"], inp, exp, r.get("tags")))
    return out


def run_tool(input: dict, md: dict) -> dict:
    args = {k: v for k, v in input.items() if k != "tool"}
    result = executor().execute(input["tool"], args)
    if result.is_error:  # a golden's input is valid by construction: an error result is a crash or a bug
        md["case_errors"] = [f"tool {input['tool']} returned an error: {result.content[:300]}"]
    return tool_output(result, args)


with guard(__file__):  # an error here is recorded for the gate, then braintrust reports it
    _preset = selected_preset()
    for _tool, _file, _data, _scorer, _what in (
            ("get_benchmark", "benchmarks.jsonl", benchmark_cases, benchmark_accuracy, "absent pairs"),
            ("get_audience_sizing", "audience.jsonl", audience_cases, audience_sizing, "absent audiences")):
        _ref = golden(_file)
        _cases = linked(_ref, _data())
        _arm = make_arm("tools", f"tools/{_tool}", f"tools/{_tool}", _preset, True, _ref, len(_cases), trial_count=1)
        register(_arm, _cases, trial_task(run_tool), [_scorer, source_recall()], 1,  # the tools are deterministic
                 f"{_tool} goldens, including {_what}")
