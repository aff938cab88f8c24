"""The harness as a plugin: paths from flags/env (evals.paths), the pre-run check of
``python -m evals``, draft goldens from ``python -m evals bootstrap``, and the eval files reading
datasets only through the configured directory."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from evals import paths
from evals.__main__ import main as evals_main, prog as evals_prog
from evals.bootstrap import bootstrap, main as bootstrap_main

ROOT = Path(__file__).resolve().parents[1]
KB_TXT = ROOT / "tests" / "fixtures" / "kb_txt"
KB_TXT_DATASETS = ROOT / "tests" / "fixtures" / "kb_txt_datasets"
ENV = ("MPA_KB_DIR", "MPA_DATASETS", "MPA_WEIGHTS", "MPA_INDEX", "MPA_RESULTS_DIR")


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    """No path setting from outside, and none leaks out (``python -m evals`` sets os.environ)."""
    saved = dict(os.environ)
    for v in ENV:
        monkeypatch.delenv(v, raising=False)
    yield
    os.environ.clear()
    os.environ.update(saved)


# ------------------------------------------------------------------ evals.paths
def test_clone_defaults_are_the_repository():
    assert paths.in_repo()
    assert paths.kb_dir() == ROOT / "kb" and paths.datasets_dir() == ROOT / "datasets"
    assert paths.index_path() == ROOT / ".index" / "kb-index.json"  # what `make eval` builds
    assert paths.results_dir() == ROOT / "results"
    assert paths.weights_path() == ROOT / "scorers" / "weights.json"


def test_overrides_and_one_index_per_kb(monkeypatch, tmp_path):
    monkeypatch.setenv("MPA_KB_DIR", str(KB_TXT))
    monkeypatch.setenv("MPA_DATASETS", str(KB_TXT_DATASETS))
    assert paths.kb_dir() == KB_TXT and paths.datasets_dir() == KB_TXT_DATASETS
    assert paths.dataset_file("audience.jsonl") == KB_TXT_DATASETS / "audience.jsonl"
    idx = paths.index_path()
    assert idx.parent == ROOT / ".index" and idx.name.startswith("kb_txt-") and idx.name != "kb-index.json"
    monkeypatch.setenv("MPA_RESULTS_DIR", str(tmp_path / "r"))
    assert paths.results_dir() == tmp_path / "r"


def test_missing_paths_name_the_flag_and_the_file(monkeypatch, tmp_path):
    monkeypatch.setenv("MPA_DATASETS", str(tmp_path))
    with pytest.raises(paths.PathSettingError, match=r"dataset retrieval\.jsonl not found in .*--datasets"):
        paths.dataset_file("retrieval.jsonl")
    monkeypatch.setenv("MPA_KB_DIR", str(tmp_path / "nope"))
    with pytest.raises(paths.PathSettingError, match=r"MPA_KB_DIR=.*\(--kb\): not a directory"):
        paths.kb_dir()
    monkeypatch.setenv("MPA_WEIGHTS", str(tmp_path / "w.json"))
    with pytest.raises(paths.PathSettingError, match=r"--weights"):
        paths.weights_path()


def test_installed_layout_requires_kb_and_datasets_and_writes_to_cwd(monkeypatch, tmp_path):
    """Outside a clone nothing may default into site-packages: KB and datasets must be named,
    index and results go to the current directory."""
    monkeypatch.setattr(paths, "in_repo", lambda: False)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(paths.PathSettingError, match=r"no knowledge base given: pass --kb DIR .*MPA_KB_DIR"):
        paths.kb_dir()
    with pytest.raises(paths.PathSettingError, match=r"--datasets DIR .*MPA_DATASETS"):
        paths.datasets_dir()
    monkeypatch.setenv("MPA_KB_DIR", str(KB_TXT))
    assert paths.index_path().parent == tmp_path / ".index"
    assert paths.results_dir() == tmp_path / "results"
    assert paths.weights_path().is_file()  # the packaged weights


# ------------------------------------------------------------------ python -m evals pre-run check
def test_evals_cli_reports_missing_dataset_files_before_running(tmp_path, capsys):
    (tmp_path / "retrieval.jsonl").write_text("")
    rc = evals_main(["--kb", str(KB_TXT), "--datasets", str(tmp_path), "--no-send-logs"])
    err = capsys.readouterr().err
    assert rc == 2
    for name in ("benchmarks.jsonl", "audience.jsonl", "abstain.jsonl", "scenarios/"):
        assert f"dataset {name} not found in {tmp_path}" in err
    assert "retrieval.jsonl" not in err and "Traceback" not in err
    rc = evals_main(["--kb", str(KB_TXT), "--datasets", str(tmp_path), str(ROOT / "evals" / "eval_retrieval.py"),
                     "--weights", str(tmp_path / "nope.json")])
    err = capsys.readouterr().err
    assert rc == 2 and err.strip().splitlines() == [
        f"{evals_prog()}: MPA_WEIGHTS={str(tmp_path / 'nope.json')!r} (--weights): no such file"]


def test_no_eval_file_reads_the_repository_datasets_directly():
    """Every dataset path goes through evals.paths (--datasets), none is built from the repo root."""
    bad = []
    for p in sorted((ROOT / "evals").glob("*.py")):
        for n, line in enumerate(p.read_text().splitlines(), 1):
            if re.search(r"""/\s*["']datasets["']|["']datasets["']\s*/""", line) and p.name != "paths.py":
                bad.append(f"{p.name}:{n}: {line.strip()}")
    assert not bad, bad


# ------------------------------------------------------------------ bootstrap
def test_bootstrap_plain_text_kb(tmp_path, capsys):
    out = tmp_path / "goldens"
    assert bootstrap_main(["--kb", str(KB_TXT), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    rows = {n: [json.loads(x) for x in (out / n).read_text().splitlines()] for n in
            ("benchmarks.jsonl", "audience.jsonl", "retrieval.jsonl", "abstain.jsonl")}
    for n, rs in rows.items():
        assert f"{out / n}: {len(rs)} draft rows" in printed
        assert all(r["draft"] is True for r in rs)
        assert len({r["id"] for r in rs}) == len(rs)
    # one query per dash-framed section of the plain-text KB, answer text verbatim in its file
    assert len(rows["retrieval.jsonl"]) >= 20
    for r in rows["retrieval.jsonl"]:
        text = " ".join((KB_TXT / r["expected_sources"][0]).read_text().split())
        assert " ".join(r["answer_text"].split()) in text, r
        assert r["query"].endswith("?")


def test_bootstrap_refuses_to_overwrite_without_force(tmp_path, capsys):
    (tmp_path / "audience.jsonl").write_text('{"id": "mine"}\n')
    assert bootstrap_main(["--kb", str(KB_TXT), "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "audience.jsonl" in err and "--force" in err and "Traceback" not in err
    assert (tmp_path / "audience.jsonl").read_text() == '{"id": "mine"}\n'
    assert not (tmp_path / "retrieval.jsonl").exists()  # nothing written when refusing
    counts = bootstrap(KB_TXT, tmp_path, force=True)
    assert counts["retrieval.jsonl"] > 0 and not list(tmp_path.glob(".*.tmp"))
    assert bootstrap_main(["--kb", str(tmp_path / "none"), "--out", str(tmp_path)]) == 2


def test_draft_rows_are_counted_when_loaded(monkeypatch, tmp_path, capsys):
    from evals import common

    bootstrap(ROOT / "kb", tmp_path)
    monkeypatch.setenv("MPA_DATASETS", str(tmp_path))
    rows = common.load_jsonl("audience.jsonl")
    assert rows and f"audience.jsonl: {len(rows)} of {len(rows)} rows are drafts (included" in capsys.readouterr().err


def test_eval_files_by_short_name_and_directory():
    from evals.__main__ import eval_files

    every = eval_files([])
    assert [Path(f).name for f in every] == sorted(p.name for p in (ROOT / "evals").glob("eval_*.py"))
    got = eval_files(["tools", "eval_retrieval", "evals/eval_packing.py"])
    assert [Path(f).resolve() for f in got] == [
        ROOT / "evals" / n for n in ("eval_tools.py", "eval_retrieval.py", "eval_packing.py")]
