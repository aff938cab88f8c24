"""Feedback round trip: /bad in chat → stored → feedback-to-goldens drafts → rows the evals load."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rag.feedback import FeedbackError, FeedbackStore

ROOT = Path(__file__).resolve().parent.parent
KBS = {"kb": ROOT / "tests" / "fixtures" / "kb", "kb_txt": ROOT / "tests" / "fixtures" / "kb_txt"}  # small KBs: fast


def test_store_validates_and_persists(tmp_path):
    db = tmp_path / "f.sqlite3"
    s = FeedbackStore(db)
    with pytest.raises(FeedbackError, match="rating"):
        s.add("meh", "q")
    with pytest.raises(FeedbackError, match="question"):
        s.add("bad", "   ")
    s.add("bad", "q1", note="n", retrieved_ids=["x#1"], config={"k": 1})
    s.close()
    rows = list(FeedbackStore(db).rows())
    assert [(r.rating, r.question, r.note, r.retrieved_ids, r.config) for r in rows] == [("bad", "q1", "n", ["x#1"], {"k": 1})]


def _chat(monkeypatch, kb: Path, db: Path, lines: list[str]) -> str:
    from agent.__main__ import main

    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    monkeypatch.delenv("BRAINTRUST_API_KEY", raising=False)
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["--kb", str(kb), "--index", str(db.parent / "idx.json"), "--model", "offline",
                 "--feedback", str(db), "chat"]) == 0
    return out.getvalue()


@pytest.mark.parametrize("kb_name", sorted(KBS))
def test_bad_feedback_becomes_loadable_draft_goldens(monkeypatch, tmp_path, kb_name):
    from evals.feedback_goldens import append_rows, draft_rows
    from evals.loaders import read_jsonl
    from mpa.engine import build_engine

    kb, db = KBS[kb_name], tmp_path / "fb.sqlite3"
    engine = build_engine(kb)
    metric_vertical = {"kb": "What CAC should an ecommerce brand plan for?",
                       "kb_txt": "What CPC do plumbers pay on Google Ads?"}[kb_name]
    out = _chat(monkeypatch, kb, db, ["/bad too early", metric_vertical, "/bad the figure was off",
                                      "How should I set a frequency cap?", "/good",
                                      "Which chess opening is best for beginners?", "/bad"])
    assert "no answer yet to rate" in out and out.count("stored in") == 3
    fb = list(FeedbackStore(db).rows("bad"))
    assert len(fb) == 2 and fb[0].config["tool_calls"]
    rows = draft_rows(fb, engine)
    drafted = [r for rs in rows.values() for r in rs]
    assert len(drafted) == 2 and all(r["draft"] is True and r["from_feedback"]["id"] for r in drafted)
    assert rows["abstain.jsonl"] and rows["abstain.jsonl"][0]["must_abstain"] is True
    out_dir = tmp_path / "ds"
    assert sum(append_rows(out_dir, rows).values()) == 2
    assert sum(append_rows(out_dir, rows).values()) == 0  # idempotent: never duplicates a feedback id
    for name in rows:
        path = out_dir / name
        if path.exists():
            loaded = read_jsonl(path)
            assert loaded and all(r["id"].startswith("fb") for r in loaded)


@pytest.mark.slow
def test_reviewed_feedback_drafts_run_in_the_evals(monkeypatch, tmp_path):
    """The Done-when round trip: the drafts, with the flag dropped, are cases the evals run."""
    from evals.feedback_goldens import append_rows, draft_rows
    from mpa.engine import build_engine

    db = tmp_path / "fb.sqlite3"
    _chat(monkeypatch, ROOT / "kb", db, ["What CAC should an ecommerce brand plan for?", "/bad off",
                                       "Which chess opening is best for beginners?", "/bad"])
    out_dir = tmp_path / "ds"
    append_rows(out_dir, draft_rows(list(FeedbackStore(db).rows("bad")), build_engine(ROOT / "kb")))
    for name in ("benchmarks.jsonl", "audience.jsonl", "retrieval.jsonl", "abstain.jsonl"):
        p = out_dir / name
        rows = [json.loads(x) for x in p.read_text().splitlines()] if p.exists() else []
        p.write_text("".join(json.dumps({k: v for k, v in r.items() if k != "draft"}) + "\n" for r in rows))
    env = {**os.environ, "MPA_GATE": "off", "MPA_JUDGES": "off", "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "evals", "--agent", "offline", "--no-send-logs", "--no-progress-bars",
                          "--kb", str(ROOT / "kb"), "--datasets", str(out_dir), "--presets", "hybrid-weighted",
                          "tools", "abstention"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert "[tools/get_benchmark] 1 cases, 0 errored" in run.stdout + run.stderr, run.stdout[-2000:] + run.stderr[-2000:]
    assert "[abstention] " in run.stdout + run.stderr
