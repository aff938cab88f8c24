"""Unit tests of evals.arms (naming, baseline choice, when logs count as sent) and evals.lean
(what the span customizer uploads) — the fake-service tests cover them end to end."""
from __future__ import annotations

import pytest

from evals.arms import BaselineError, arm_hash, arm_name, content_hash, pick_baseline, sending_logs
from evals.lean import LeanExport, compact, lean_output


def _exp(i, name, eval_="conversations", dataset="scenarios/", run="r1"):
    return {"id": f"id-{i}", "name": name, "metadata": {"eval": eval_, "dataset": {"name": dataset}, "run": run}}


EXPS = [_exp(3, "retrieval.bm25.x.1", "retrieval", "retrieval.jsonl", "r2"), _exp(2, "conversations.bm25.x.1", run="r2"),
        _exp(1, "conversations.tfidf.x.2"), _exp(0, "retrieval.tfidf.x.2", "retrieval", "retrieval.jsonl")]


def test_latest_baseline_is_same_eval_and_dataset_never_another_family():
    assert pick_baseline(EXPS, "conversations", "scenarios/", None)[0]["id"] == "id-2"
    assert pick_baseline(EXPS, "retrieval", "retrieval.jsonl", None)[0]["id"] == "id-3"
    assert pick_baseline(EXPS, "conversations", "other.jsonl", None)[0] is None
    assert pick_baseline(EXPS, "abstention", "abstain.jsonl", None)[0] is None


def test_named_baseline_by_name_id_or_run():
    assert pick_baseline(EXPS, "conversations", "scenarios/", "conversations.tfidf.x.2")[0]["id"] == "id-1"
    assert pick_baseline(EXPS, "conversations", "scenarios/", "id-1")[0]["id"] == "id-1"
    # a run id: each eval takes its own experiment of that run
    assert pick_baseline(EXPS, "retrieval", "retrieval.jsonl", "r1")[0]["id"] == "id-0"
    assert pick_baseline(EXPS, "conversations", "scenarios/", "r1")[0]["id"] == "id-1"
    # a name of another eval: no baseline for this one (never another family)
    assert pick_baseline(EXPS, "conversations", "scenarios/", "retrieval.tfidf.x.2")[0] is None
    with pytest.raises(BaselineError, match="no-such"):
        pick_baseline(EXPS, "conversations", "scenarios/", "no-such")


def test_names_and_hashes(tmp_path):
    h = arm_hash("cfg1", "offline", "offline-baseline", None)
    assert h != arm_hash("cfg2", "offline", "offline-baseline", None) != arm_hash("cfg1", "anthropic", "m", None)
    assert arm_name("tools/get_benchmark", "bm25", "offline-baseline", h) == f"tools-get_benchmark.bm25.offline-baseline.{h}"
    (tmp_path / "a.jsonl").write_text("1\n")
    before = content_hash([tmp_path])
    (tmp_path / "a.jsonl").write_text("2\n")
    assert content_hash([tmp_path]) != before


def test_logs_count_as_sent_only_under_braintrust_eval_with_a_key():
    key = {"BRAINTRUST_API_KEY": "k"}
    assert sending_logs(["/x/braintrust", "eval", "evals/"], key)
    assert not sending_logs(["/x/braintrust", "eval", "--no-send-logs", "evals/"], key)
    assert not sending_logs(["/x/braintrust", "eval", "evals/"], {})
    assert not sending_logs(["-m", "evals.mutation", "--check"], key)


def test_lean_output_keeps_ids_and_previews_once():
    call = {"name": "search_kb", "content": "r" * 5000, "passages": [{"id": "c1", "text": "t" * 900}]}
    out = lean_output({"response": "answer", "tool_calls": [call], "turns": [{"assistant": "a", "tool_calls": [call]}],
                       "retrieved": [{"id": "c1", "source": "s.md", "text": "t" * 900, "breakdown": {"bm25": 1}}],
                       "context": "c" * 9000})
    assert out["response"] == "answer" and out["tool_calls"] == "1 call(s): see turns"
    assert out["retrieved"] == [{"id": "c1", "source": "s.md", "preview": "t" * 160 + "… [740 more chars]"}]
    assert len(out["turns"][0]["tool_calls"][0]["content"]) < 200 and len(out["context"]) < 400
    assert compact({"top": [1], "l": list(range(20))}) == {"l": list(range(12)) + ["… 8 more"]}


def test_lean_export_sets_root_error_and_strips_duplicates():
    lx = LeanExport()
    root = lx.on_span_export({"span_id": "r", "span_parents": None, "output": {"response": "x"},
                              "metadata": {"case_errors": ["turn 1: model error"], "score_details": {"a": 1}}})
    assert root["error"] == "turn 1: model error" and "score_details" not in root["metadata"]
    ok = lx.on_span_export({"span_id": "r2", "span_parents": None, "metadata": {"case_id": "c"}})
    assert "error" not in ok
    task = lx.on_span_export({"span_id": "t", "span_parents": ["r"], "span_attributes": {"name": "task", "type": "task"},
                              "input": {"q": 1}})
    assert "input" not in task
    later = lx.on_span_export({"span_id": "t", "span_parents": ["r"], "output": {"big": 1}})  # a merge record
    assert "output" not in later
    turn = lx.on_span_export({"span_id": "u", "span_parents": ["t"], "span_attributes": {"name": "turn", "type": "task"},
                              "input": {"user": "hi"}})
    assert turn["input"] == {"user": "hi"}  # the agent's own turn spans keep what they say


def test_compare_finds_records_by_experiment_name_id_url_or_run(tmp_path):
    import json

    from evals.records import RecordError, load_record

    def rec(run, name, eid):
        return {"run": run, "experiments": [{"key": "conversations", "experiment": name + "-1", "requested_name": name,
                                             "experiment_id": eid, "experiment_url": f"http://bt/x/{name}-1",
                                             "metadata": {"arm": name}, "cases": []}]}

    (tmp_path / "20260101T000000-a.json").write_text(json.dumps(rec("run-a", "conversations.a.m.1", "id-a")))
    (tmp_path / "20260102T000000-b.json").write_text(json.dumps(rec("run-b", "conversations.b.m.2", "id-b")))
    for spec in ("conversations.a.m.1", "conversations.a.m.1-1", "id-a", "http://bt/x/conversations.a.m.1-1"):
        r, key, label = load_record(spec, tmp_path)
        assert r["run"] == "run-a" and key == "conversations", spec
    r, key, _ = load_record("run-b", tmp_path)
    assert r["run"] == "run-b" and key is None
    with pytest.raises(RecordError, match="no experiment or run named 'nope'"):
        load_record("nope", tmp_path)


def test_only_the_arms_asked_for(monkeypatch):
    from evals import common

    for k in ("MPA_SWEEP", "MPA_RETRIEVAL_PRESETS", "MPA_NAMED_EVALS"):
        monkeypatch.delenv(k, raising=False)
    monkeypatch.setenv("MPA_RAG_PRESET", "bm25")
    monkeypatch.setattr("sys.argv", ["braintrust", "eval", "evals/"])
    assert common.retrieval_presets() == ["bm25"]  # the preset under test only
    assert not common.sweep_requested("/x/evals/eval_packing.py")
    monkeypatch.setattr("sys.argv", ["braintrust", "eval", "evals/eval_packing.py"])
    assert common.sweep_requested("/x/evals/eval_packing.py")  # named on the command line
    monkeypatch.setenv("MPA_NAMED_EVALS", "eval_tools.py")  # python -m evals names every file it expanded
    assert not common.sweep_requested("/x/evals/eval_packing.py")
    monkeypatch.setenv("MPA_SWEEP", "1")
    assert common.sweep_requested("/x/evals/eval_packing.py") and len(common.retrieval_presets()) > 5
    monkeypatch.setenv("MPA_SWEEP", "maybe")
    with pytest.raises(common.SettingsError, match="MPA_SWEEP"):
        common.settings()
