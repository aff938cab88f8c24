"""The gate end to end: ``braintrust eval`` in a subprocess must exit non-zero, naming the cause,
for every way a run can be broken — and a bad assistant driven through the Claude code path (the
real ``anthropic`` SDK against a fake Messages server on 127.0.0.1) must fail it while the honest
offline baseline passes.

Broken runs use a temporary copy of the tree (code symlinked; ``evals/`` and ``datasets/``
copied, then broken), so the working tree is never touched. The fast tests break the run at
import time (no case runs) and run the CLI's ``main`` in this process on the tree's own ``evals/``
(tests/inprocess.py); the full runs are ``slow`` and run the real ``braintrust`` command in a
subprocess, exit code and all.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tests.inprocess import clean_env, run_braintrust_eval  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BRAINTRUST = Path(sys.executable).parent / "braintrust"


def make_tree(dest: Path) -> Path:
    """A runnable copy of the repository: packages and the KB symlinked, evals/ and datasets/ copied, and
    the checkout's index of kb/ when it has one (``.index/kb-index.json`` and its sidecar, as a clone
    that ran the evals has them): a run loads it (~0.05 s) rather than building kb/'s index (~0.6 s of
    CPU). The engine checks it against the KB's files as for any index, and rebuilds when it is stale."""
    dest.mkdir(parents=True, exist_ok=True)
    for src in ROOT.iterdir():
        if src.name not in ("evals", "datasets", "results", ".index", ".git", ".venv", "tests") \
                and not src.name.startswith("."):
            (dest / src.name).symlink_to(src)
    shutil.copytree(ROOT / "evals", dest / "evals", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "datasets", dest / "datasets")
    index = sorted((ROOT / ".index").glob("kb-index.json*"))
    if index:
        (dest / ".index").mkdir()
        for f in index:
            shutil.copy2(f, dest / ".index" / f.name)
    return dest


def _gate_env(tree: Path, **env) -> dict[str, str]:
    settings = {"MPA_AGENT": "offline", "MPA_JUDGES": "off", "MPA_RETRIEVAL_PRESETS": "hybrid-weighted",
                "MPA_RESULTS_DIR": tree / "results", "MPA_INDEX": tree / ".index" / "kb-index.json"}
    return clean_env(**{**settings, **env})  # a test's own setting (MPA_AGENT=claude) wins over the defaults


def run_gate(tree: Path, *files: str, **env) -> subprocess.CompletedProcess:
    """The real ``braintrust eval`` CLI in a subprocess, in ``tree`` (the slow whole runs)."""
    if not BRAINTRUST.exists():
        pytest.skip("braintrust CLI not installed in this environment")
    cmd = [str(BRAINTRUST), "eval", "--no-send-logs", "--no-progress-bars", *(files or ["evals/"])]
    return subprocess.run(cmd, cwd=tree, env=_gate_env(tree, **env), capture_output=True, text=True, timeout=900)


def run_gate_here(tree: Path, *files: str, **env) -> subprocess.CompletedProcess:
    """The same run in this process, on the tree's own copy of ``evals/`` (tests/inprocess.py): the fast
    tests, which break a run at load time, pay no interpreter start-up."""
    return run_braintrust_eval(["--no-send-logs", "--no-progress-bars", *(files or ["evals/"])],
                               _gate_env(tree, **env), cwd=tree)


def gate_lines(proc) -> list[str]:
    out = proc.stdout
    tail = out.split("COMPOSITE", 1)[-1] if "COMPOSITE" in out else ""
    return [ln.strip() for ln in tail.splitlines() if ln.strip().startswith(("FAIL:", "PARTIAL:"))]


def verdict(proc) -> str:
    for ln in proc.stdout.splitlines():
        if "COMPOSITE" in ln and "->" in ln:
            return ln.split("->", 1)[1].strip()
    return ""


# ----------------------------------------------------------------- fast: broken at import time
def test_unknown_preset_fails_with_one_line_naming_the_setting(tmp_path):
    proc = run_gate_here(make_tree(tmp_path / "t"), MPA_RAG_PRESET="hybrid-wieghted")
    assert proc.returncode != 0, proc.stdout[-2000:]
    lines = gate_lines(proc)
    assert len(lines) == 1, lines
    assert lines[0].startswith("FAIL: invalid setting: MPA_RAG_PRESET='hybrid-wieghted': unknown retrieval preset")
    assert "hybrid-weighted" in lines[0] and "conversations" in lines[0]  # valid presets, evals that did not run
    assert verdict(proc).startswith("FAIL")


@pytest.mark.slow
@pytest.mark.parametrize("env, needle", [
    ({"MPA_TRIALS": "0"}, "MPA_TRIALS='0': must be a positive integer"),
    ({"MPA_GATE": "1.5"}, "MPA_GATE='1.5': must be a number in [0, 1]"),
    ({"MPA_AGENT": "gpt"}, "MPA_AGENT='gpt': unknown agent"),
    ({"MPA_EVAL_LIMIT": "three"}, "MPA_EVAL_LIMIT='three': must be a positive integer"),
])
def test_invalid_settings_fail_naming_the_setting(tmp_path, env, needle):
    proc = run_gate(make_tree(tmp_path / "t"), "evals/eval_run_check.py", "evals/eval_tools.py", **env)
    assert proc.returncode != 0
    assert any(needle in ln for ln in gate_lines(proc)), gate_lines(proc)


def test_malformed_dataset_line_names_file_and_line(tmp_path):
    tree = make_tree(tmp_path / "t")
    p = tree / "datasets" / "audience.jsonl"
    lines = p.read_text(encoding="utf-8").split("\n")
    lines[6] = lines[6].replace(", ", " ", 1)  # line 7 loses a comma
    p.write_text("\n".join(lines), encoding="utf-8")
    proc = run_gate_here(tree, "evals/eval_run_check.py", "evals/eval_tools.py")
    assert proc.returncode != 0
    (line,) = [ln for ln in gate_lines(proc) if "eval_tools.py" in ln]
    assert "tools/get_benchmark, tools/get_audience_sizing did not run" in line
    assert "datasets/audience.jsonl line 7: invalid JSON" in line


@pytest.mark.slow
def test_scenario_errors_name_file_and_line_or_field(tmp_path):
    tree = make_tree(tmp_path / "t")
    scen = sorted((tree / "datasets" / "scenarios").glob("*.json"))
    data = json.loads(scen[0].read_text(encoding="utf-8"))
    data.pop("id")
    scen[0].write_text(json.dumps(data, indent=2), encoding="utf-8")
    proc = run_gate(tree, "evals/eval_run_check.py", "evals/eval_conversations.py")
    assert proc.returncode != 0
    assert any(f"datasets/scenarios/{scen[0].name}: missing required field 'id'" in ln for ln in gate_lines(proc))

    broken = json.dumps({**data, "id": scen[0].stem}, indent=2) + "\n}garbage\n"
    scen[0].write_text(broken, encoding="utf-8")
    n = broken.splitlines().index("}garbage") + 1  # the line the stray text is on
    proc = run_gate(tree, "evals/eval_run_check.py", "evals/eval_conversations.py")
    assert proc.returncode != 0
    assert any(f"datasets/scenarios/{scen[0].name} line {n}: invalid JSON (Extra data" in ln
               for ln in gate_lines(proc)), gate_lines(proc)


def test_deleted_required_eval_file_fails(tmp_path):
    tree = make_tree(tmp_path / "t")
    (tree / "evals" / "eval_conversations.py").unlink()
    proc = run_gate_here(tree, MPA_EVAL_LIMIT="1")  # a quick (partial) run: the missing file is still named
    assert proc.returncode != 0
    assert any("evals/eval_conversations.py does not exist" in ln for ln in gate_lines(proc)), gate_lines(proc)


# ----------------------------------------------------------------- slow: whole runs
@pytest.mark.slow
def test_deleted_eval_file_fails_a_full_run(tmp_path):
    tree = make_tree(tmp_path / "t")
    (tree / "evals" / "eval_conversations.py").unlink()
    proc = run_gate(tree)
    assert proc.returncode != 0
    assert gate_lines(proc) == ["FAIL: required eval conversations did not run: "
                                "evals/eval_conversations.py does not exist"]


@pytest.mark.slow
def test_limited_run_is_partial_and_not_gateable(tmp_path):
    proc = run_gate(make_tree(tmp_path / "t"), MPA_EVAL_LIMIT="2")
    assert proc.returncode != 0
    assert verdict(proc) == "PARTIAL — not gateable"
    assert "PARTIAL: MPA_EVAL_LIMIT=2: only the first 2 cases of each dataset ran" in gate_lines(proc)
    proc = run_gate(make_tree(tmp_path / "u"), MPA_EVAL_LIMIT="2", MPA_GATE="off")  # report only: exit 0
    assert proc.returncode == 0 and verdict(proc).startswith("PARTIAL — not gateable")


def _record(tree: Path) -> dict:
    return json.loads((tree / "results" / "latest.json").read_text(encoding="utf-8"))


@pytest.mark.slow
def test_honest_offline_baseline_passes_the_gate(tmp_path):
    tree = make_tree(tmp_path / "t")
    proc = run_gate(tree)
    assert proc.returncode == 0, "\n".join(gate_lines(proc)) + proc.stdout[-1500:]
    rec = _record(tree)
    assert rec["gate"]["verdict"] == "PASS" and rec["gate"]["reasons"] == []


# A bad assistant through the Claude code path (tests/bad_assistant.py). Measured on 2026-11-23
# after merging main d7c5c46: every variant fails the gate on scores, and each is caught by the
# conversation eval's own floor (0.68), not only by the pooled composite — conversations composite
# hedge 0.50, swap 0.60, inflate 0.58 (honest offline 0.73); abstention 0.33 / 0.53 / 0.45 (floor
# 0.94) because the bad assistant answers out-of-scope questions. Not caught by any single scorer
# yet: the swapped citation itself (citation_validity stays 1.00 — membership only); swap is caught
# through benchmark_accuracy / audience_sizing / calculation_presence, which its answers miss.


@pytest.fixture(scope="module")
def bad_runs(tmp_path_factory):
    from bad_assistant import MODES, responder
    from fake_anthropic import FakeMessagesServer

    out = {}
    for mode in MODES:
        tree = make_tree(tmp_path_factory.mktemp(f"bad-{mode}"))
        with FakeMessagesServer(responder(mode)) as srv:
            proc = run_gate(tree, MPA_AGENT="anthropic", ANTHROPIC_BASE_URL=srv.url, ANTHROPIC_API_KEY="fake",
                            MPA_AGENT_MODEL="claude-fake-bad")
            n_requests = len(srv.requests)
        out[mode] = (proc, _record(tree), n_requests)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["hedge", "swap", "inflate"])
def test_bad_assistant_through_the_claude_path_fails_the_gate(bad_runs, mode):
    proc, rec, n_requests = bad_runs[mode]
    assert n_requests > 100  # the conversations and abstention evals really talked to the fake server
    assert rec["model"] == "claude-fake-bad" and rec["agent"] == "anthropic"
    assert proc.returncode != 0
    assert rec["gate"]["verdict"] == "FAIL"
    kinds = set(rec["gate"]["reason_kinds"])
    assert "partial" not in kinds  # failed on what it answered, not because a required eval was missing
    assert any("floor" in r or "composite" in r for r in rec["gate"]["reasons"]), rec["gate"]["reasons"]


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["hedge", "swap", "inflate"])
def test_bad_assistant_fails_each_agent_eval_floor(bad_runs, mode):
    """Not only the average: the conversation and abstention evals each fall below their own floor."""
    _, rec, _ = bad_runs[mode]
    for key in ("conversations", "abstention"):
        assert rec["gate"]["per_eval"][key] < rec["gate"]["floors"][key], (mode, key, rec["gate"]["per_eval"])
        assert any(r.startswith(f"{key}: composite") and "< floor" in r for r in rec["gate"]["reasons"])
