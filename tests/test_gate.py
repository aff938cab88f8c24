"""The gate's decision (``evals.gate.decide``) as a pure function: every rule has a case that
fails it, and the shipped ``scorers/weights.json`` is a valid gate configuration."""
from __future__ import annotations

import pytest

from evals.gate import (BROKEN, FAIL, NOT_GATEABLE, PARTIAL, PASS, SCORE, EvalSummary, GateConfig, RequiredEval,
                        RunFacts, ScorerSummary, config_from_weights, decide, eval_composite)

W = {"recall": 1.0, "bench": 2.0, "audience": 1.0, "abstention": 1.5, "grounding": 1.5}
REQUIRED = (
    RequiredEval("retrieval/hybrid-weighted", "eval_retrieval.py", "retrieval.jsonl", floor=0.8),
    RequiredEval("tools/get_benchmark", "eval_tools.py", "benchmarks.jsonl", floor=0.9,
                 scorer_floors={"bench": 0.95}),
    RequiredEval("tools/get_audience_sizing", "eval_tools.py", "audience.jsonl", floor=0.9),
    RequiredEval("abstention", "eval_abstention.py", "abstain.jsonl", floor=0.9),
    RequiredEval("conversations", "eval_conversations.py", "scenarios/*.json", floor=0.9),
)
CFG = GateConfig(W, 0.95, REQUIRED)
ROWS = {"retrieval/hybrid-weighted": 10, "tools/get_benchmark": 8, "tools/get_audience_sizing": 5,
        "abstention": 6, "conversations": 3}


def sc(mean, applicable=None, cases=10, errors=0, judge=False):
    return ScorerSummary(mean, cases if applicable is None else applicable, cases, errors, judge)


def ev(key, family, scorers, n, trials=1, completed=None, errored=0, gated=True, loaded=None, expected=None):
    loaded = n if loaded is None else loaded
    expected = loaded * trials if expected is None else expected
    return EvalSummary(key, family, gated, loaded, trials, expected,
                       expected if completed is None else completed, errored,
                       {k: (v if isinstance(v, ScorerSummary) else sc(v, cases=loaded * trials))
                        for k, v in scorers.items()})


def good_run(**override):
    runs = {
        "retrieval/hybrid-weighted": ev("retrieval/hybrid-weighted", "retrieval", {"recall": 0.9}, 10),
        "tools/get_benchmark": ev("tools/get_benchmark", "tools", {"bench": 1.0}, 8),
        "tools/get_audience_sizing": ev("tools/get_audience_sizing", "tools", {"audience": 1.0}, 5),
        "abstention": ev("abstention", "abstention", {"abstention": 0.98, "grounding": 1.0}, 6),
        "conversations": ev("conversations", "conversations", {"grounding": 1.0, "bench": 1.0, "abstention": 1.0},
                            3),
    }
    runs.update(override)
    return [r for r in runs.values() if r is not None]


def facts(**kw):
    kw.setdefault("dataset_rows", ROWS)
    return RunFacts(**kw)


def kinds(d):
    return {r.kind for r in d.reasons}


def text(d):
    return "\n".join(r.text for r in d.reasons)


# ----------------------------------------------------------------- the passing run
def test_complete_honest_run_passes():
    d = decide(good_run(), CFG, facts())
    assert d.passed and d.verdict == PASS and d.reasons == [] and d.exit_ok()
    assert d.composite == pytest.approx((1 * 0.9 + 2 * 1.0 + 1 * 1.0 + 1.5 * (0.98 * 6 + 3) / 9 + 1.5 * 1.0) / 7)
    assert set(d.per_eval) == {r.key for r in REQUIRED}
    assert d.coverage["grounding"] == (9, 9)


def test_compare_only_evals_do_not_enter_the_composite():
    other = ev("retrieval/tfidf", "retrieval", {"recall": 0.1}, 10, gated=False)
    d = decide(good_run() + [other], CFG, facts())
    assert d.passed and d.means["recall"] == pytest.approx(0.9)


# ----------------------------------------------------------------- rule: every required eval ran
def test_missing_required_eval_fails_and_names_it():
    d = decide(good_run(conversations=None), CFG, facts(missing_files=frozenset({"eval_conversations.py"})))
    assert not d.passed and d.verdict == FAIL and d.broken
    assert "required eval conversations did not run: evals/eval_conversations.py does not exist" in text(d)


def test_unimportable_eval_names_the_recorded_cause_once_per_file():
    err = "datasets/audience.jsonl line 7: invalid JSON (Expecting ',' delimiter, column 54)"
    d = decide(good_run(**{"tools/get_benchmark": None, "tools/get_audience_sizing": None}), CFG,
               facts(load_errors={"eval_tools.py": err}))
    assert not d.passed and d.verdict == FAIL
    assert len(d.reasons) == 1
    assert d.reasons[0].text == ("required evals tools/get_benchmark, tools/get_audience_sizing did not run: "
                                 f"evals/eval_tools.py failed to import: {err}")


def test_eval_that_failed_before_its_guard_is_broken_not_partial():
    d = decide(good_run(abstention=None), CFG, facts(unregistered=frozenset({"eval_abstention.py"})))
    assert kinds(d) == {BROKEN} and "evals/eval_abstention.py failed to import" in text(d)


def test_unselected_required_eval_makes_the_run_partial():
    d = decide(good_run(abstention=None), CFG, facts())
    assert not d.passed and d.partial and d.verdict == NOT_GATEABLE
    assert kinds(d) == {PARTIAL} and "abstention did not run" in text(d)
    assert d.exit_ok(report_only=True) and not d.exit_ok()


def test_non_required_eval_that_failed_to_import_fails():
    d = decide(good_run(), CFG, facts(load_errors={"eval_packing.py": "ValueError: boom"}))
    assert not d.passed and "evals/eval_packing.py failed to import: ValueError: boom" in text(d)
    d = decide(good_run(), CFG, facts(unregistered=frozenset({"eval_packing.py"})))
    assert not d.passed and "evals/eval_packing.py failed to import" in text(d)


def test_invalid_setting_is_one_line_naming_the_setting():
    msg = "MPA_RAG_PRESET='hybrid-wieghted': unknown retrieval preset; valid presets: tfidf, bm25"
    loads = {f: msg for f in ("eval_tools.py", "eval_abstention.py", "eval_conversations.py", "eval_retrieval.py",
                              "eval_packing.py")}
    d = decide([], CFG, facts(settings_error=msg, load_errors=loads))
    assert not d.passed and len(d.reasons) == 1 and d.broken
    assert d.reasons[0].text.startswith(f"invalid setting: {msg} (so retrieval/hybrid-weighted, tools/get_benchmark")
    assert not d.exit_ok(report_only=True)  # a broken run fails even in report-only mode


def test_retrieval_on_another_preset_does_not_stand_in_for_the_preset_under_test():
    runs = good_run(**{"retrieval/hybrid-weighted": None})
    runs.append(ev("retrieval/tfidf", "retrieval", {"recall": 0.9}, 10))
    d = decide(runs, CFG, facts())
    assert not d.passed and "retrieval/hybrid-weighted did not run" in text(d)


# ----------------------------------------------------------------- rule: every case completed
def test_errored_case_fails():
    bad = ev("abstention", "abstention", {"abstention": 1.0, "grounding": 1.0}, 6, errored=1)
    d = decide(good_run(abstention=bad), CFG, facts())
    assert not d.passed and "abstention: 1 of 6 case(s) errored" in text(d)


def test_errored_case_in_a_compare_only_eval_fails_too():
    bad = ev("packing/packer", "packing", {"x": 1.0}, 4, errored=2, gated=False)
    d = decide(good_run() + [bad], CFG, facts())
    assert not d.passed and "packing/packer: 2 of 4 case(s) errored" in text(d)


def test_fewer_results_than_cases_times_trials_fails():
    short = ev("conversations", "conversations", {"grounding": 1.0, "bench": 1.0, "abstention": 1.0}, 3, trials=3,
               completed=7)
    d = decide(good_run(conversations=short), CFG, facts())
    assert not d.passed and "conversations: only 7 of 9 cases completed" in text(d)


def test_eval_that_loaded_fewer_rows_than_the_dataset_holds_fails():
    d = decide(good_run(), CFG, facts(dataset_rows={**ROWS, "tools/get_audience_sizing": 7}))
    assert not d.passed
    assert "tools/get_audience_sizing: loaded 5 cases but datasets/audience.jsonl has 7" in text(d)


def test_deterministic_scorer_error_fails_but_judge_error_does_not():
    s = {"abstention": sc(1.0, cases=6, errors=2), "grounding": sc(1.0, cases=6)}
    d = decide(good_run(abstention=ev("abstention", "abstention", s, 6)), CFG, facts())
    assert not d.passed and "2 deterministic scorer error(s)" in text(d)
    s = {"abstention": sc(1.0, cases=6), "grounding": sc(1.0, cases=6), "judge": sc(None, 0, 6, errors=6, judge=True)}
    assert decide(good_run(abstention=ev("abstention", "abstention", s, 6)), CFG, facts()).passed


def test_required_eval_not_marked_gated_fails():
    d = decide(good_run(abstention=ev("abstention", "abstention", {"abstention": 1.0, "grounding": 1.0}, 6,
                                      gated=False)), CFG, facts())
    assert not d.passed and "abstention: required eval ran but was not marked gated" in text(d)


# ----------------------------------------------------------------- rule: no limit, no filter
def test_limited_run_is_partial_not_gateable():
    d = decide(good_run(), CFG, facts(limit=3))
    assert not d.passed and d.verdict == NOT_GATEABLE and kinds(d) == {PARTIAL}
    assert "MPA_EVAL_LIMIT=3" in text(d) and not d.exit_ok()


def test_filtered_run_is_partial_and_does_not_check_dataset_rows():
    d = decide(good_run(), CFG, facts(filters=("metadata.case_id=^a00",), dataset_rows={**ROWS, "abstention": 60}))
    assert d.verdict == NOT_GATEABLE and kinds(d) == {PARTIAL} and "--filter" in text(d)


# ----------------------------------------------------------------- rule: every weighted scorer applied
def test_weighted_scorer_attached_nowhere_fails():
    runs = good_run(**{"tools/get_audience_sizing": ev("tools/get_audience_sizing", "tools", {"other": 1.0}, 5)})
    d = decide(runs, CFG, facts())
    assert not d.passed and "weighted scorer(s) audience were not run by any gated eval" in text(d)


def test_weighted_scorer_never_applicable_fails():
    s = {"audience": sc(None, applicable=0, cases=5)}
    d = decide(good_run(**{"tools/get_audience_sizing": ev("tools/get_audience_sizing", "tools", s, 5)}), CFG,
               facts())
    assert not d.passed and "audience were attached but applied to no case" in text(d)


def test_weighted_scorer_only_in_a_compare_only_eval_does_not_count():
    runs = good_run(**{"tools/get_audience_sizing": ev("tools/get_audience_sizing", "tools", {"x": 1.0}, 5)})
    runs.append(ev("tools/other", "tools", {"audience": 1.0}, 5, gated=False))
    assert "audience were not run" in text(decide(runs, CFG, facts()))


# ----------------------------------------------------------------- rule: composite and floors
def test_composite_below_threshold_fails():
    d = decide(good_run(), GateConfig(W, 0.999, REQUIRED), facts())
    assert not d.passed and kinds(d) == {SCORE} and d.verdict == FAIL
    assert f"composite {d.composite:.4f} < gate 0.9990" in text(d)


def test_one_collapsed_eval_cannot_be_averaged_away():
    """Abstention collapses to 0.5 while the pooled composite stays above the gate: its floor catches it."""
    runs = good_run(abstention=ev("abstention", "abstention", {"abstention": sc(0.5, cases=6),
                                                                "grounding": sc(0.5, applicable=1, cases=6)}, 6))
    cfg = GateConfig(W, 0.85, REQUIRED)
    d = decide(runs, cfg, facts())
    assert d.composite > 0.85  # the average alone would pass
    assert not d.passed and "abstention: composite 0.5000 < floor 0.9000" in text(d)
    assert d.per_eval["abstention"] == pytest.approx(0.5)


def test_scorer_floor_in_one_eval_fails():
    runs = good_run(**{"tools/get_benchmark": ev("tools/get_benchmark", "tools", {"bench": 0.94}, 8)})
    d = decide(runs, GateConfig(W, 0.5, tuple(r if r.key != "tools/get_benchmark" else
                                            RequiredEval(r.key, r.file, r.dataset, 0.5, {"bench": 0.95})
                                            for r in REQUIRED)), facts())
    assert not d.passed and "tools/get_benchmark: bench 0.9400 < floor 0.9500" in text(d)


def test_scorer_floor_on_a_scorer_the_eval_did_not_run_fails():
    req = (RequiredEval("abstention", "eval_abstention.py", None, None, {"bench": 0.9}),)
    d = decide([ev("abstention", "abstention", {"abstention": 1.0}, 3)], GateConfig({"abstention": 1.0}, 0.5, req),
               facts())
    assert not d.passed and "scorer bench has a floor (0.900) but did not score" in text(d)


def test_floor_of_an_eval_without_weighted_scores_cannot_pass():
    req = (RequiredEval("abstention", "eval_abstention.py", None, 0.9),
           RequiredEval("tools/x", "eval_tools.py", None, 0.9))
    runs = [ev("abstention", "abstention", {"abstention": 1.0}, 3), ev("tools/x", "tools", {"unweighted": 1.0}, 3)]
    d = decide(runs, GateConfig({"abstention": 1.0}, 0.5, req), facts(dataset_rows={}))
    assert not d.passed and "tools/x: no weighted scorer applied" in text(d)


def test_no_eval_at_all_fails():
    d = decide([], GateConfig(W, 0.5, ()), facts())
    assert not d.passed and "no gated eval ran" in text(d)


def test_judges_never_enter_the_composite():
    s = {"abstention": sc(1.0, cases=6), "grounding": sc(1.0, cases=6), "bench": sc(0.0, cases=6, judge=True)}
    run = ev("abstention", "abstention", s, 6)
    d = decide(good_run(abstention=run), CFG, facts())
    assert d.passed and d.means["bench"] == pytest.approx((8 * 1.0 + 3 * 1.0) / 11)  # the judge's 0.0 is left out
    assert eval_composite(run, W) == pytest.approx(1.0)


# ----------------------------------------------------------------- the shipped configuration
def test_shipped_weights_json_declares_required_evals_with_floors_and_reasons():
    from scorers.composite import load_config

    cfg = load_config()
    gcfg = config_from_weights(cfg, "hybrid-weighted")
    keys = {r.key for r in gcfg.required}
    assert keys == {"conversations", "abstention", "tools/get_benchmark", "tools/get_audience_sizing",
                    "retrieval/hybrid-weighted"}
    spec = cfg["gate"]["required_evals"]
    for name, s in spec.items():
        if name.startswith("_"):
            continue
        assert 0 < s["floor"] <= 1 and s.get("_why"), name
        assert s["file"].startswith("eval_") and s["dataset"], name
    assert "retrieval/bm25" in {r.key for r in config_from_weights(cfg, "bm25").required}
    assert config_from_weights(cfg, "hybrid-weighted", threshold=0.5).threshold == 0.5
