"""``python -m evals feedback-to-goldens --feedback FILE --kb DIR --out DIR`` — turn complaints into goldens.

Every ``/bad`` in ``python -m agent chat`` (or ``bad`` posted to ``POST /feedback``) is a case the
assistant got wrong in front of a user. This drafts one golden row per negative feedback, in the
datasets schema (``datasets/README.md``), chosen by what the turn did — never by its wording:

* it called ``get_benchmark`` → a ``benchmarks.jsonl`` look-up for the same vertical, metric and
  platform, expecting what the KB states now (or an absent pair when it states nothing);
* it called ``get_audience_sizing`` → an ``audience.jsonl`` look-up the same way;
* its answer cited passages → a ``retrieval.jsonl`` query (the question) expecting the files and
  sections of the cited passages (the reviewer corrects them when the complaint is that they
  were the wrong ones);
* its answer cited nothing (it abstained, or answered without the KB) → an ``abstain.jsonl`` row
  that must abstain; when the KB does answer the question, the reviewer moves it to retrieval.

The expected values come from the KB through the same tools the agent used, so a reviewer must
confirm each one: every row carries ``"draft": true`` and the user's note. Rows are appended to
existing files (atomically, never duplicating a feedback id), so the loop can run after every
session; ``make eval`` loads them once the reviewer drops the draft flag.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from evals.bootstrap import write_jsonl_atomic
from evals.loaders import read_jsonl


def _meta(fb) -> dict[str, Any]:
    return {"draft": True, "from_feedback": {"id": fb.id, "note": fb.note, "answer": fb.answer[:300],
                                             "channel": fb.channel}}


def _benchmark_row(fb, inp: dict, executor) -> dict:
    r = executor.execute("get_benchmark", inp)
    d = r.data or {}
    row = {"id": f"fb{fb.id}-benchmark", "vertical": inp["vertical"], "metric": inp["metric"],
           "platform": inp.get("platform"), "expected_value": d.get("value"), "expected_low": d.get("low"),
           "expected_high": d.get("high"), "expected_source": d.get("source"),
           "tags": ["from-feedback"] + ([] if d else ["absent"])}
    if d.get("facts"):
        row["expected_facts"] = [{k: f.get(k) for k in ("value", "low", "high", "unit", "platform", "source")}
                                 for f in d["facts"]]
    return {**row, **_meta(fb)}


def _audience_row(fb, inp: dict, executor) -> dict:
    r = executor.execute("get_audience_sizing", inp)
    d = r.data or {}
    return {"id": f"fb{fb.id}-audience", "audience_type": inp["audience_type"], "geography": inp.get("geography"),
            "expected_source": d.get("source"), "expected_size": d.get("total_size"),
            "expected_size_text": d.get("size_text"),
            "expected_row": {"audience": d.get("audience_type"), "geography": d.get("geography")} if d else None,
            "tags": ["from-feedback"] + ([] if d else ["absent"]), **_meta(fb)}


def _retrieval_row(fb, engine) -> dict | None:
    ids = [i for i in fb.config.get("citations", []) if i in engine.by_id]
    if not ids:
        return None
    chunks = [engine.chunk(i) for i in ids]
    return {"id": f"fb{fb.id}-retrieval", "query": fb.question,
            "expected_sources": list(dict.fromkeys(c.source for c in chunks)),
            "expected_sections": list(dict.fromkeys(c.section for c in chunks if c.section)),
            "tags": ["from-feedback"], **_meta(fb)}


def draft_rows(feedback: list, engine) -> dict[str, list[dict]]:
    """Per dataset file, the draft rows for the negative ``feedback`` rows (see the module doc)."""
    from mpa.tools import ToolExecutor

    executor = ToolExecutor(engine)
    out: dict[str, list[dict]] = {"benchmarks.jsonl": [], "audience.jsonl": [], "retrieval.jsonl": [],
                                  "abstain.jsonl": []}
    for fb in feedback:
        if fb.rating != "bad":
            continue
        calls = [c for c in fb.config.get("tool_calls", []) if isinstance(c, dict) and isinstance(c.get("input"), dict)]
        bench = [c["input"] for c in calls if c.get("name") == "get_benchmark"
                 and {"vertical", "metric"} <= set(c["input"])]
        aud = [c["input"] for c in calls if c.get("name") == "get_audience_sizing" and "audience_type" in c["input"]]
        if bench:
            out["benchmarks.jsonl"].append(_benchmark_row(fb, bench[0], executor))
        elif aud:
            out["audience.jsonl"].append(_audience_row(fb, aud[0], executor))
        else:
            row = _retrieval_row(fb, engine)
            if row:
                out["retrieval.jsonl"].append(row)
            else:
                out["abstain.jsonl"].append({"id": f"fb{fb.id}-abstain", "question": fb.question,
                                             "must_abstain": True, "category": "from-feedback",
                                             "why": "the answer cited nothing; if the KB does answer it, move it to retrieval.jsonl",
                                             **_meta(fb)})
    return out


def append_rows(out_dir: Path, rows: dict[str, list[dict]]) -> dict[str, int]:
    """Append to each file the rows whose id it does not hold yet; returns rows added per file."""
    out_dir.mkdir(parents=True, exist_ok=True)
    added = {}
    for name, new in rows.items():
        path = out_dir / name
        old = read_jsonl(path) if path.exists() else []  # a bad line stops here, naming file and line
        have = {r.get("id") for r in old}
        fresh = [r for r in new if r["id"] not in have]
        if fresh:
            write_jsonl_atomic(path, old + fresh)
        added[name] = len(fresh)
    return added


def main(argv: list[str] | None = None) -> int:
    from rag.feedback import FeedbackError, FeedbackStore

    ap = argparse.ArgumentParser(prog="python -m evals feedback-to-goldens", description=__doc__.split("\n\n")[0])
    ap.add_argument("--feedback", default=".feedback/feedback.sqlite3", help="feedback SQLite file "
                    "(default .feedback/feedback.sqlite3, where chat and serve store it)")
    ap.add_argument("--kb", default="kb", help="knowledge base the expected values are read from (default kb)")
    ap.add_argument("--out", default="datasets", help="datasets folder to append the drafts to (default datasets)")
    args = ap.parse_args(argv)
    fb_path, kb = Path(args.feedback), Path(args.kb)
    prog = "feedback-to-goldens"
    if not fb_path.is_file():
        print(f"{prog}: --feedback {fb_path}: no such file (record feedback with /bad in python -m agent chat)",
              file=sys.stderr)
        return 2
    if not kb.is_dir():
        print(f"{prog}: --kb {kb}: not a directory", file=sys.stderr)
        return 2
    try:
        feedback = list(FeedbackStore(fb_path).rows("bad"))
        from mpa.engine import build_engine

        rows = draft_rows(feedback, build_engine(kb))
        added = append_rows(Path(args.out), rows)
    except (FeedbackError, OSError, ValueError) as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return 2
    print(f"{prog}: {len(feedback)} negative feedback row(s) in {fb_path}")
    for name, n in added.items():
        print(f"  {Path(args.out) / name}: +{n} draft row(s)")
    print('Review each draft (expected values come from the KB as it is now), then drop "draft": true.')
    return 0


if __name__ == "__main__":
    sys.exit(main())
