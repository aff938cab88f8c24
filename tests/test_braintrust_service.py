"""What the evals upload, asserted against a fake Braintrust service (tests/fake_braintrust.py)
driven by the real SDK through the real ``braintrust eval`` CLI (its ``main``, run in this process:
tests/inprocess.py). No network: the SDK is pointed at 127.0.0.1 with ``BRAINTRUST_API_KEY=fake``."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tests.fake_braintrust import FakeBraintrust
from tests.inprocess import clean_env, run_braintrust_eval

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def fake_braintrust():
    with FakeBraintrust() as bt:
        yield bt


def run_eval(bt: FakeBraintrust, files: list[Path], extra_env: dict | None = None, cwd: Path = ROOT,
             args: tuple[str, ...] = ()):
    """``braintrust eval`` against the fake service, in this process (tests/inprocess.py: a fresh SDK
    state, environment and ``evals`` package per run, flushed as the CLI flushes at exit)."""
    env = clean_env(**bt.env(), PYTHONPATH=str(ROOT), **(extra_env or {}))
    return run_braintrust_eval(["--no-progress-bars", *args, *map(str, files)], env, cwd=cwd)


def test_sdk_logs_a_tiny_eval_to_the_fake_service(fake_braintrust, tmp_path):
    f = tmp_path / "eval_tiny.py"
    f.write_text(textwrap.dedent("""
        from braintrust import Eval
        Eval("tiny", experiment_name="double", data=[{"input": 1, "expected": 2}, {"input": 2, "expected": 5}],
             task=lambda x: x * 2, scores=[lambda input, output, expected: float(output == expected)])
    """))
    r = run_eval(fake_braintrust, [f])
    assert r.returncode == 0, r.stderr
    (exp,) = fake_braintrust.experiments()
    assert exp["name"] == "double"
    roots = [row for row in fake_braintrust.rows("experiment", exp["id"]) if not row.get("span_parents")]
    assert sorted(row["input"] for row in roots) == [1, 2]
    assert sorted(row["output"] for row in roots) == [2, 4]
    assert fake_braintrust.upload_bytes("/logs3") > 0


# ------------------------------------------------------------------ the harness's own plumbing
TINY_EVAL = '''
import time
from braintrust import Eval, Score
from evals.common import PROJECT, case, golden, linked, load_jsonl, make_arm, selected_preset, timed, trial_task
from evals.reporter import REPORTER
from scorers.judges import judge_scorers

def cases():
    return [case(r["id"], {"q": r["q"]}, {"a": r["a"]}) for r in load_jsonl("tiny.jsonl")]

def run(input, md):
    time.sleep(0.05)
    if input["q"] == "boom":  # a failed model call the task survives: recorded, not raised
        md["case_errors"] = ["turn 0: model error: fake 500"]
    return {"response": input["q"].upper(), "retrieved": [{"id": "c1", "source": "a.md", "text": "x" * 5000}],
            "context": "y" * 10000}

def exact(input, output, expected, metadata=None):
    return Score(name="exact", score=float(output["response"] == expected["a"]),
                 metadata={"top": list(range(100)), "why": "z" * 2000, "items": list(range(50))})

_ref = golden("tiny.jsonl")
_cases = linked(_ref, cases())
_arm = make_arm("tiny", "tiny", "tiny", selected_preset(), False, _ref, len(_cases))
Eval(PROJECT, **_arm.eval_kwargs(), data=lambda: _cases, task=trial_task(run), scores=timed([exact, *judge_scorers()]),
     reporter=REPORTER)
'''


def _tiny_setup(tmp_path: Path) -> tuple[Path, dict]:
    ds = tmp_path / "datasets"
    ds.mkdir()
    (ds / "tiny.jsonl").write_text('{"id": "t1", "q": "ok", "a": "OK"}\n{"id": "t2", "q": "boom", "a": "BOOM"}\n')
    f = tmp_path / "eval_tiny.py"
    f.write_text(TINY_EVAL)
    env = {"MPA_DATASETS": str(ds), "MPA_KB_DIR": str(ROOT / "tests" / "fixtures" / "kb"), "MPA_GATE": "off",
           "MPA_RESULTS_DIR": str(tmp_path / "results"), "MPA_AGENT": "offline", "MPA_JUDGES": "off",
           "MPA_INDEX": str(tmp_path / "index.json")}
    return f, env


def _by_kind(rows: list[dict]) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for r in rows:
        a = r.get("span_attributes") or {}
        kind = "root" if not r.get("span_parents") else a.get("type") if a.get("name") != "task" else "task"
        out.setdefault(kind, []).append(r)
    return out


def _seed(bt: FakeBraintrust, name: str, eval_: str, dataset: str) -> dict:
    """An experiment as an earlier run would have left it."""
    p = bt.state.project(name="mpa-rag-eval")
    return bt.state.create_experiment({"project_id": p["id"], "name": name,
                                       "metadata": {"eval": eval_, "dataset": {"name": dataset}}})


def test_arm_baseline_dataset_root_error_and_lean_spans(fake_braintrust, tmp_path):
    bt = fake_braintrust
    f, env = _tiny_setup(tmp_path)
    first = _seed(bt, "tiny.hybrid-weighted.offline-baseline.00000000", "tiny", "tiny.jsonl")
    _seed(bt, "other.bm25.offline-baseline.00000000", "other", "tiny.jsonl")  # newer, another eval
    # one worker thread: the second case's task and the first case's scorers queue behind a 50 ms task
    r = run_eval(bt, [f], {**env, "MPA_RAG_PRESET": "bm25"}, args=("--num-workers", "1"))
    assert "Traceback" not in r.stderr, r.stderr
    second = bt.experiments()[-1]
    # named for what they test, tagged, with the hashes that identify the arm
    assert second["name"].startswith("tiny.bm25.offline-baseline.")
    assert {"eval:tiny", "preset:bm25", "model:offline-baseline", "compare-only"} <= set(second["tags"])
    md = second["metadata"]
    assert md["config_hash"] and len(md["kb_fingerprint"]) == 64 and len(md["code_fingerprint"]) == 64 and md["git"]
    assert md["dataset"]["name"] == "tiny.jsonl" and len(md["dataset"]["hash"]) == 64
    # the arm diffs against the latest experiment of the same eval and dataset, not the newest one
    assert second["base_exp_id"] == first["id"]
    # the golden file became one dataset, uploaded once; cases point at its rows
    (ds,) = bt.state.datasets.values()
    assert ds["name"] == f"tiny@{md['dataset']['hash'][:12]}" and md["dataset"]["id"] == ds["id"]
    assert sorted(r["id"] for r in bt.rows("dataset")) == ["t1", "t2"]
    kinds = _by_kind(bt.rows("experiment", second["id"]))
    roots = {r["input"]["q"]: r for r in kinds["root"]}
    assert all(r["origin"]["object_id"] == ds["id"] for r in roots.values())
    # a case whose task recorded an error carries it on the root span
    assert "model error: fake 500" in roots["boom"]["error"] and not roots["ok"].get("error")
    # lean: no chunk texts or long context on the root, no input on task/score spans, compact score metadata
    out = roots["ok"]["output"]
    assert "text" not in out["retrieved"][0] and len(out["retrieved"][0]["preview"]) < 200
    assert len(out["context"]) < 400
    assert all("input" not in r and "output" not in r for r in kinds["task"])
    assert all("input" not in r for r in kinds["score"])
    smd = kinds["score"][0]["metadata"]
    assert "top" not in smd and len(smd["items"]) <= 13 and len(smd["why"]) < 400
    # honest durations: the task span times the 50 ms of work and score spans the scoring, not the queue
    # (relative bounds, so a loaded machine stretches both sides alike)
    dur = {k: [t["metrics"]["end"] - t["metrics"]["start"] for t in kinds[k]] for k in ("task", "score", "root")}
    assert min(dur["task"]) >= 0.045
    assert max(dur["score"]) < min(dur["task"])
    # a root's duration is its task's (the system's latency), not scheduling to the last score:
    # the case queued behind the other one's task would otherwise show the two tasks' sum
    assert min(dur["root"]) >= 0.045 and max(dur["root"]) < min(dur["task"]) + 0.5 * min(dur["task"])
    # the local record keeps the real experiment name, id and URL, and the baseline
    import json
    rec = json.loads((tmp_path / "results" / "latest.json").read_text())
    (exp,) = rec["experiments"]
    assert exp["experiment"] == second["name"] and exp["experiment_id"] == second["id"]
    assert exp["experiment_url"].endswith(second["name"]) and exp["baseline"]["id"] == first["id"]
    assert rec["datasets"]["tiny.jsonl"]["hash"] == md["dataset"]["hash"]


def test_judge_calls_are_traced_under_their_score_span(fake_braintrust, tmp_path):
    from tests.fake_anthropic import FakeMessagesServer, tool_use_message

    verdict = {"claims_total": 1, "claims_supported": 1, "unsupported_claims": [], "rationale": "ok"}
    f, env = _tiny_setup(tmp_path)
    env.pop("MPA_JUDGES")
    with FakeMessagesServer([tool_use_message(("tu1", "record_verdict", verdict)),
                             tool_use_message(("tu2", "record_verdict", verdict))]) as claude:
        r = run_eval(fake_braintrust, [f], {**env, "ANTHROPIC_API_KEY": "test", "ANTHROPIC_BASE_URL": claude.url})
        assert len(claude.requests) == 2, r.stderr
    rows = fake_braintrust.rows("experiment", fake_braintrust.experiments()[-1]["id"])
    spans = {r["span_id"]: r for r in rows}
    llm = [r for r in rows if (r.get("span_attributes") or {}).get("type") == "llm"]
    assert len(llm) == 2
    for r in llm:
        parent = spans[r["span_parents"][0]]
        assert (parent["span_attributes"]["name"], parent["span_attributes"]["type"]) == ("judge_grounding", "score")


@pytest.mark.slow
def test_two_runs_named_baseline_and_dataset_uploaded_once(fake_braintrust, tmp_path):
    bt = fake_braintrust
    f, env = _tiny_setup(tmp_path)
    for preset in ("bm25", "tfidf"):
        run_eval(bt, [f], {**env, "MPA_RAG_PRESET": preset})
    a, b = bt.experiments()
    assert a["base_exp_id"] is None and b["base_exp_id"] == a["id"]
    inserts = [q for q in bt.requests if q["path"] == "/logs3" and any("dataset_id" in r for r in q["body"]["rows"])]
    assert len(inserts) == 1  # the second run found the dataset of that content hash and uploaded nothing
    r = run_eval(bt, [f], {**env, "MPA_BASELINE": a["name"]})
    assert bt.experiments()[-1]["base_exp_id"] == a["id"], r.stderr
    r = run_eval(bt, [f], {**env, "MPA_BASELINE": "no-such-experiment"})
    assert "MPA_BASELINE='no-such-experiment'" in r.stderr and len(bt.experiments()) == 3


def test_a_forced_model_error_is_a_root_error_end_to_end(fake_braintrust, tmp_path):
    """Claude path, real SDKs: the Messages API refuses every call (a non-retryable 400), so each
    conversation's task fails; Braintrust must see that on the case's root span, and the gate fails."""
    from tests.fake_anthropic import FakeMessagesServer, error_body

    refuse = lambda _req: (400, error_body("invalid_request_error", "forced failure for the test"))  # noqa: E731
    with FakeMessagesServer(refuse) as srv:
        r = run_eval(fake_braintrust, [ROOT / "evals" / "eval_run_check.py", ROOT / "evals" / "eval_conversations.py"],
                     {"MPA_AGENT": "anthropic", "ANTHROPIC_API_KEY": "fake", "ANTHROPIC_BASE_URL": srv.url,
                      "MPA_JUDGES": "off", "MPA_EVAL_LIMIT": "2", "MPA_RESULTS_DIR": str(tmp_path / "results")})
    assert r.returncode != 0  # errored cases (and a limited run) never pass the gate
    (exp,) = [e for e in fake_braintrust.experiments() if e["name"].startswith("conversations.")]
    roots = _by_kind(fake_braintrust.rows("experiment", exp["id"]))["root"]
    # Seen once under a cold fresh-clone run: one root without the error. The message carries what the SDK
    # printed (failed or retried log requests show there) so the next occurrence says why.
    if not (len(roots) == 2 and all("forced failure for the test" in (x.get("error") or "") for x in roots)):
        # pytest.fail, not an assert message: pytest elides long assert messages and hid the cause once
        pytest.fail("\n".join([f"root {x.get('id')}: error={x.get('error')!r} keys={sorted(x)}" for x in roots]
                               + ["--- stderr ---", r.stderr[-3000:]]), pytrace=False)
