"""The eval harness end to end: ``braintrust eval --no-send-logs`` (in-process) on a small subset (summary
table, record, gate exit codes), ``python -m evals.compare`` and ``python -m evals.report``."""
from __future__ import annotations

import copy
import json
import subprocess
from pathlib import Path

import numpy as np
import pytest

from tests.inprocess import clean_env, run_braintrust_eval

ROOT = Path(__file__).resolve().parents[1]
EVAL_FILES = ["evals/eval_retrieval.py", "evals/eval_tools.py", "evals/eval_abstention.py",
              "evals/eval_conversations.py"]
# a few cases of every dataset, including paraphrase retrieval goldens the lexical engine misses,
# so the measured composite is below 1
SUBSET = r"metadata.case_id=^(r00[1-4]|r13[0-5]|b00[1-4]|b1[23]\d|aud00[1-4]|aud04\d|a00[1-4]|control-b00\d|s0[1-3]-.*)$"


def run_eval(results: Path, *extra_args: str, files=EVAL_FILES, **env) -> subprocess.CompletedProcess:
    """``braintrust eval --no-send-logs FILES ARGS`` run in this process (tests/inprocess.py): the
    environment is replaced for the run, so a run sees only its own settings; the real CLI in a
    subprocess is in the slow tests of tests/test_gate_runs.py."""
    return run_braintrust_eval(["--no-send-logs", *files, *extra_args],
                               clean_env(MPA_RESULTS_DIR=results, MPA_AGENT="offline", MPA_JUDGES="off",
                                         MPA_RETRIEVAL_PRESETS="tfidf", **env))


def records(d: Path) -> list[Path]:
    return sorted(p for p in d.glob("*.json") if p.name != "latest.json")


@pytest.fixture(scope="module")
def subset_run(tmp_path_factory):
    results = tmp_path_factory.mktemp("results")
    proc = run_eval(results, "--filter", SUBSET, MPA_GATE="off")  # a subset is not gateable: report only
    return results, proc


def test_offline_subset_prints_summary_and_writes_record(subset_run):
    results, proc = subset_run
    out = proc.stdout
    assert proc.returncode == 0, out[-3000:] + proc.stderr[-3000:]
    assert "MPA eval summary" in out and "Per-eval scorer means" in out
    assert "Retrieval by preset" in out and "COMPOSITE" in out and "-> " in out
    assert "PARTIAL — not gateable" in out and "PARTIAL: --filter" in out
    assert "weights (" in out  # the weights are printed with every run
    recs = records(results)
    assert len(recs) == 1 and (results / "latest.json").is_file()
    rec = json.loads(recs[0].read_text())
    assert rec["schema"] == 1 and "commit" in rec["git"] and rec["preset"] == "hybrid-weighted"
    from evals.arms import code_fingerprint
    assert rec["code_fingerprint"] == code_fingerprint()  # the code that ran, beside the commit
    keys = {e["key"] for e in rec["experiments"]}
    assert {"retrieval/tfidf", "retrieval/hybrid-weighted", "tools/get_benchmark", "tools/get_audience_sizing",
            "abstention", "conversations"} <= keys
    for e in rec["experiments"]:
        assert e["metadata"]["config"] and e["metadata"]["preset"]
        assert e["cases"], e["key"]
        for c in e["cases"]:
            assert c["id"] and isinstance(c["scores"], dict) and "output" in c
            for v in c["scores"].values():
                assert v is None or 0.0 <= v <= 1.0
    conv = next(e for e in rec["experiments"] if e["key"] == "conversations")
    assert {c["id"] for c in conv["cases"]} == {"s01-novice-ecommerce", "s02-fintech-sophisticated",
                                                 "s03-high-stakes-travel"}
    assert any("turns" in d for c in conv["cases"] for d in c["details"].values())  # per-turn verdicts kept
    assert rec["gate"]["verdict"] == "PARTIAL — not gateable" and rec["gate"]["report_only"] is True
    assert "partial" in rec["gate"]["reason_kinds"] and "broken" not in rec["gate"]["reason_kinds"]
    assert 0 < rec["gate"]["composite"] < 1
    assert set(rec["composite"]["coverage"]) >= {"grounding", "abstention", "retrieval_recall@5"}


def test_gate_above_measured_composite_exits_nonzero(tmp_path):
    """A gate above what a run measures fails it. The run is the paraphrase retrieval goldens the
    lexical presets miss (composite well below 1), so the gate is above it by construction."""
    proc = run_eval(tmp_path, "--filter", r"metadata.case_id=^r13[0-5]$", files=["evals/eval_retrieval.py"],
                    MPA_GATE="0.99")
    rec = json.loads((tmp_path / "latest.json").read_text())
    assert rec["gate"]["composite"] < 0.99, rec["gate"]
    assert proc.returncode != 0, proc.stdout[-2000:]
    assert "FAIL: composite" in proc.stdout and "PARTIAL: --filter" in proc.stdout
    assert rec["gate"]["passed"] is False and "score" in rec["gate"]["reason_kinds"]


def test_errored_cases_fail_the_gate(tmp_path):
    empty_kb = tmp_path / "kb"
    empty_kb.mkdir()
    proc = run_eval(tmp_path / "res", files=["evals/eval_tools.py"], MPA_EVAL_LIMIT="3", MPA_GATE="0",
                    MPA_KB_DIR=str(empty_kb), MPA_INDEX=str(tmp_path / "idx.json"))
    assert proc.returncode != 0
    assert "errored" in proc.stdout and "PASS" not in proc.stdout.split("COMPOSITE")[-1]


def test_compare_two_presets_and_fail_on_regression(subset_run, tmp_path, run_main):
    from evals.compare import main

    results, _ = subset_run
    rec_path = records(results)[0]
    code, out, err = run_main(main, [f"{rec_path}#retrieval/tfidf", f"{rec_path}#retrieval/hybrid-weighted"])
    assert code == 0, err
    assert "retrieval_recall@5" in out and "p(rand)" in out and "95% CI" in out

    # a copy where a weighted scorer got clearly worse on many conversation/tool cases
    rec = json.loads(rec_path.read_text())
    worse = copy.deepcopy(rec)
    for e in worse["experiments"]:
        if e["key"] == "tools/get_benchmark":
            for c in e["cases"]:
                c["scores"]["benchmark_accuracy"] = 0.0
                c["composite"] = 0.0
    bad = tmp_path / "worse.json"
    bad.write_text(json.dumps(worse))
    argv = [rec_path, bad, "--fail-on-regression"]
    code, out, err = run_main(main, argv)
    assert code == 1, out[-2000:]
    assert "Significant regressions" in out and "benchmark_accuracy" in out
    assert "regressions (composite" in out  # per-case regressions keyed by case id
    # without the flag it only reports
    code, out, err = run_main(main, argv[:-1])
    assert code == 0


def test_report_writes_self_contained_html(subset_run, tmp_path, run_main):
    from evals.report import main

    results, _ = subset_run
    out = tmp_path / "report.html"
    code, _, err = run_main(main, [records(results)[0], results, "--out", out])
    assert code == 0, err
    html = out.read_text()
    assert html.startswith("<!doctype html>") and html.count("<svg") >= 2
    assert "recall@k" in html and "s01-novice-ecommerce" in html and "per-turn verdicts" in html
    assert "<script" not in html and 'src="http' not in html and 'href="http' not in html


# ----------------------------------------------------------------- statistics and reporter units
def test_randomisation_and_bootstrap():
    from evals.compare import bootstrap_ci, paired_ttest, randomisation_test

    rng = np.random.default_rng(1)
    base = rng.uniform(0.4, 0.6, 150)
    tiny = base + rng.normal(0.0, 0.05, 150)  # noise only
    assert randomisation_test(tiny - base, 4000) > 0.05
    shifted = base + 0.1 + rng.normal(0.0, 0.05, 150)
    assert randomisation_test(shifted - base, 4000) < 0.001
    assert paired_ttest(base, shifted) < 0.001
    lo, hi = bootstrap_ci(shifted - base)
    assert lo < 0.1 < hi and hi - lo < 0.04
    assert randomisation_test(np.zeros(10)) == 1.0


def _ttest_inputs():
    rng = np.random.default_rng(7)
    for n in (3, 8, 40):
        base = rng.random(n)
        yield n, base, np.clip(base + rng.normal(0.05, 0.1, n), 0, 1)


def test_paired_ttest_is_scipy_ttest_rel():
    """``paired_ttest`` repeats ``scipy.stats.ttest_rel``'s steps without importing scipy.stats (~1 s of
    CPU per process): its p-values are the ones ttest_rel gave for these samples (scipy 1.17.1), exactly."""
    from evals.compare import paired_ttest

    given = {3: 0.23248379275002826, 8: 0.39295806044616916, 40: 0.004674292575535574}
    for n, base, new in _ttest_inputs():
        assert paired_ttest(base, new) == pytest.approx(given[n], rel=1e-12, abs=0)


@pytest.mark.slow
def test_paired_ttest_matches_scipy_live():
    from scipy import stats

    from evals.compare import paired_ttest

    for _, base, new in _ttest_inputs():
        assert paired_ttest(base, new) == pytest.approx(float(stats.ttest_rel(new, base).pvalue), rel=1e-12, abs=0)


def _rep(family, key, scorers, values, gated=True):
    cases = [{"id": f"{key}-{i}", "trial": 0, "scores": dict(zip(scorers, vs)), "error": None, "scorer_errors": {},
              "details": {}, "composite": None} for i, vs in enumerate(values)]
    return {"key": key, "family": family, "preset": "hybrid-weighted", "gated": gated, "metadata": {},
            "scorers": scorers, "judges": [], "expected_cases": len(cases), "cases": cases,
            "summary": {}}


def test_reporter_fails_loudly_on_missing_weighted_scorer(tmp_path, monkeypatch, capsys):
    from evals import reporter

    monkeypatch.setenv("MPA_RESULTS_DIR", str(tmp_path))
    monkeypatch.setenv("MPA_GATE", "0")
    reps = [_rep("retrieval", "retrieval/hybrid-weighted", ["retrieval_recall@5", "mrr", "ndcg@5"], [[1, 1, 1]]),
            _rep("tools", "tools/x", ["benchmark_accuracy", "audience_sizing", "source_recall"], [[1, 1, 1]]),
            _rep("abstention", "abstention", ["abstention", "grounding", "citation_validity", "source_citation"],
                 [[1, None, None, None]]),  # grounding etc. attached but never applicable
            _rep("conversations", "conversations", ["calculation_presence"], [[1]])]
    for r in reps:
        r["summary"] = reporter.summarize(r["cases"], r["scorers"])
    assert reporter.report_run(reps) is False
    out = capsys.readouterr().out
    assert "FAIL: weighted scorer(s) source_citation, citation_validity, grounding were attached but applied to no " \
           "case" in out
    rec = json.loads((tmp_path / "latest.json").read_text())
    assert rec["gate"]["passed"] is False
