"""The project reporter: summary table, local experiment record, and the CI gate.

Under ``braintrust eval`` an ``Eval()`` call only *registers* an evaluator, so code after it
never sees results; the CLI hands every evaluator's result to its reporter instead and exits
non-zero when ``report_run`` returns False. This reporter:

* ``report_eval`` (once per experiment): collects every case — id, trial, input, expected,
  trimmed output, scores, the scorers' explanations, errors — and the per-scorer means with
  coverage (cases the scorer applies to / cases);
* ``report_run`` (once per run): prints the per-eval scorer means, the retrieval comparison
  across presets, and the composite over the *gated* experiments with each weighted scorer's
  coverage; writes the experiment record ``results/<time>-<preset>.json`` (+ ``latest.json``);
  and returns False — failing the command — when the composite is below the gate, when any case
  errored or did not complete, or when a weighted scorer is missing.
"""
from __future__ import annotations

import json
import math
import os
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from braintrust.framework import ReporterDef

from evals.common import ROOT, git_commit, selected_preset
from scorers.composite import (MissingScorerError, case_composite, format_weights, gate_threshold, load_config,
                               run_composite, weights)
from scorers.judges import judge_status

FAMILIES = ("retrieval", "tools", "conversations", "abstention")
RECORD_SCHEMA = 1
_T0 = time.perf_counter()


# ------------------------------------------------------------------ helpers
def _results_dir() -> Path:
    from evals.paths import results_dir

    return results_dir()


def _short(text: Any, n: int = 400) -> Any:
    if isinstance(text, str) and len(text) > n:
        return text[:n] + f"… [{len(text) - n} more chars]"
    return text


def _trim_call(c: dict) -> dict:
    c = dict(c)
    c["content"] = _short(c.get("content"))
    if "passages" in c:
        c["passages"] = [{k: v for k, v in p.items() if k != "text"} for p in c.get("passages") or []]
    return c


def trim_output(out: Any) -> Any:
    """Outputs as stored in records: chunk texts and score breakdowns dropped (ids, sources,
    sections, ranks and scores stay),
    tool results cut to 400 characters, conversation tool calls kept once (per turn); answers
    are kept in full."""
    if not isinstance(out, dict):
        return out
    o = dict(out)
    for key in ("retrieved", "passages"):
        if isinstance(o.get(key), list):
            o[key] = [{k: v for k, v in r.items() if k not in ("text", "breakdown", "citation")}
                      if isinstance(r, dict) else r for r in o[key]]
    if isinstance(o.get("turns"), list) and isinstance(o.get("tool_calls"), list):
        o["tool_calls"] = f"{len(o['tool_calls'])} call(s): see turns"  # the same calls are kept per turn
    if isinstance(o.get("tool_calls"), list):
        o["tool_calls"] = [_trim_call(c) if isinstance(c, dict) else c for c in o["tool_calls"]]
    if isinstance(o.get("turns"), list):
        turns = []
        for t in o["turns"]:
            if isinstance(t, dict):
                t = dict(t)
                if isinstance(t.get("tool_calls"), list):
                    t["tool_calls"] = [_trim_call(c) if isinstance(c, dict) else c for c in t["tool_calls"]]
            turns.append(t)
        o["turns"] = turns
    if "context" in o:
        o["context"] = _short(o["context"], 1000)
    return o


def _slim_details(details: dict) -> dict:
    """Scorer explanations without the ranked list each retrieval metric repeats ("top")."""
    out = {}
    for name, d in details.items():
        if isinstance(d, dict):
            d = {k: v for k, v in d.items() if k != "top"}
            if isinstance(d.get("turns"), list):
                d["turns"] = [{k: v for k, v in t.items() if k != "top"} if isinstance(t, dict) else t
                              for t in d["turns"]]
        out[name] = d
    return out


def _jsonable(x: Any) -> Any:
    try:
        json.dumps(x)
        return x
    except (TypeError, ValueError):
        return json.loads(json.dumps(x, default=str))


def _scorer_names(evaluator) -> list[tuple[str, bool]]:
    out = []
    for i, s in enumerate(evaluator.scores or []):
        name = s._name() if hasattr(s, "_name") else getattr(s, "__name__", f"scorer_{i}")
        out.append((name, bool(getattr(s, "deterministic", True))))
    return out


def _fmt(v: float | None, width: int = 6) -> str:
    return f"{v:.3f}".rjust(width) if isinstance(v, (int, float)) and not math.isnan(v) else "—".rjust(width)


def summarize(cases: list[dict], names: list[str]) -> dict[str, dict]:
    out = {}
    n = len(cases)
    for name in names:
        vals = [c["scores"].get(name) for c in cases if not c.get("error")]
        app = [v for v in vals if v is not None]
        errs = sum(1 for c in cases if name in (c.get("scorer_errors") or {}))
        out[name] = {"mean": sum(app) / len(app) if app else None, "applicable": len(app), "cases": n,
                     "errors": errs}
    return out


def _cli_filters() -> list:
    """The ``--filter`` patterns of the running ``braintrust eval`` command (if any)."""
    argv = sys.argv
    if "--filter" not in argv:
        return []
    from braintrust.framework import parse_filters

    toks = []
    for t in argv[argv.index("--filter") + 1:]:
        if t.startswith("-"):
            break
        toks.append(t)
    return parse_filters(toks)


def _expected_cases(evaluator, meta: dict, got: int) -> int:
    """Cases the run should have produced: dataset rows (after the CLI's ``--filter``) × trials."""
    trials = int(getattr(evaluator, "trial_count", 1) or 1)
    filters = _cli_filters()
    if not filters:
        return int(meta.get("n_cases", got)) * trials
    from braintrust.framework import EvalCase, evaluate_filter

    data = evaluator.data() if callable(evaluator.data) else evaluator.data
    n = 0
    for d in data:
        d = EvalCase.from_dict(d) if isinstance(d, dict) else d
        if all(evaluate_filter(d, f) for f in filters):
            n += 1
    return n * trials


# ------------------------------------------------------------------ reporter callbacks
def report_eval(evaluator, result, verbose: bool = False, jsonl: bool = False) -> dict:
    meta = dict(evaluator.metadata or {})
    names = _scorer_names(evaluator)
    w = weights()
    cases = []
    for r in result.results:
        md = r.metadata or {}
        err = None
        if r.error is not None:
            err = f"{type(r.error).__name__}: {r.error}"
        elif md.get("case_errors"):
            err = "; ".join(str(e) for e in md["case_errors"])[:1000]
        serr = {k: (str(v).strip().splitlines() or [""])[-1][:300] for k, v in (md.get("scorer_errors") or {}).items()}
        scores = {k: v for k, v in (r.scores or {}).items()}
        cases.append({
            "id": md.get("case_id"), "trial": md.get("trial", 0), "tags": md.get("tags") or [],
            "input": _jsonable(r.input), "expected": _jsonable(r.expected), "output": _jsonable(trim_output(r.output)),
            "scores": scores, "composite": case_composite(scores, w) if not err else None,
            "details": _jsonable(_slim_details(md.get("score_details") or {})), "error": err, "scorer_errors": serr,
            "task_ms": md.get("task_ms"), "extra": _jsonable(md.get("record_extra") or {}),
        })
    # a scorer may return scores under other names than its own (or several): list both
    attached = [n for n, _ in names]
    observed = [k for c in cases for k in c["scores"]]
    all_names = list(dict.fromkeys(attached + observed))
    summary = summarize(cases, all_names)
    exp_url = getattr(result.summary, "experiment_url", None)
    rep = {
        "name": evaluator.eval_name, "experiment": evaluator.experiment_name, "project": evaluator.project_name,
        "key": meta.get("key") or evaluator.eval_name, "family": meta.get("family"), "preset": meta.get("preset"),
        "gated": bool(meta.get("gated")), "metadata": _jsonable(meta),
        "scorers": all_names, "judges": [n for n, det in names if not det],
        "expected_cases": _expected_cases(evaluator, meta, len(cases)),
        "cases": cases, "summary": summary, "experiment_url": exp_url,
    }
    n_err = sum(1 for c in cases if c["error"])
    line = "  ".join(f"{n} {_fmt(s['mean'], 5)} ({s['applicable']}/{s['cases']})" for n, s in summary.items())
    print(f"[{rep['key']}] {len(cases)} cases, {n_err} errored | {line}", flush=True)
    return rep


def _composite(reps: list[dict], cfg: dict) -> tuple[Any, list[str]]:
    """The run composite over the gated experiments (pooled per scorer across them)."""
    w = weights(cfg)
    values: dict[str, list] = {}
    n_cases: dict[str, int] = {}
    for rep in reps:
        ok_cases = [c for c in rep["cases"] if not c["error"]]
        for name in rep["scorers"]:
            if name in rep["judges"]:
                continue
            values.setdefault(name, []).extend(c["scores"].get(name) for c in ok_cases)
            n_cases[name] = n_cases.get(name, 0) + len(rep["cases"])
    families = {r["family"] for r in reps}
    full = set(FAMILIES) <= families
    problems = []
    try:
        res = run_composite(values, n_cases, w, required=list(w) if full else ())
    except MissingScorerError as exc:
        return None, [f"MISSING SCORER: {exc}"]
    if not full:
        problems.append(f"partial run (families {sorted(families)}): composite over the weighted scorers present; "
                        f"not run: {res.not_attached}")
    return res, problems


def report_run(results: list[dict], verbose: bool = False, jsonl: bool = False) -> bool:
    cfg = load_config()
    threshold = gate_threshold(cfg)
    reps = [r for r in results if isinstance(r, dict)]
    gated = [r for r in reps if r["gated"]]
    out = sys.stdout
    bar = "=" * 100
    print("\n" + bar, file=out)
    print("MPA eval summary", file=out)
    print(bar, file=out)
    print(format_weights(cfg), file=out)
    print(judge_status(), file=out)

    # per-eval scorer means (coverage)
    print("\nPer-eval scorer means (applicable cases / cases):", file=out)
    for r in reps:
        flag = "gated" if r["gated"] else "compare-only"
        print(f"  {r['key']:<34} [{flag}] cases={len(r['cases'])}", file=out)
        for name, s in r["summary"].items():
            extra = f"  errors={s['errors']}" if s["errors"] else ""
            judge = "  (LLM judge)" if name in r["judges"] else ""
            print(f"      {name:<24} {_fmt(s['mean'])}  ({s['applicable']}/{s['cases']}){extra}{judge}", file=out)

    # retrieval comparison across presets
    retr = [r for r in reps if r["family"] == "retrieval"]
    if retr:
        cols = [n for n in retr[0]["scorers"]]
        print("\nRetrieval by preset:", file=out)
        print("  " + "preset".ljust(18) + "".join(c[:14].rjust(15) for c in cols), file=out)
        for r in retr:
            mark = " *" if r["gated"] else ""
            print("  " + (str(r["preset"]) + mark).ljust(18) +
                  "".join(_fmt(r["summary"].get(c, {}).get("mean"), 15) for c in cols), file=out)
        print("  (* = the preset the gate scores; choose with MPA_RAG_PRESET)", file=out)

    # composite and gate
    reasons: list[str] = []
    res, problems = _composite(gated, cfg) if gated else (None, ["no gated experiment in this run"])
    print(f"\nComposite over gated experiments ({', '.join(r['key'] for r in gated) or 'none'}):", file=out)
    if res is not None:
        print(f"  {'scorer':<24}{'weight':>8}{'mean':>9}{'coverage':>14}", file=out)
        for name, wt in res.weights.items():
            cov = res.coverage.get(name)
            cov_s = f"{cov[0]}/{cov[1]}" if cov else "not run"
            print(f"  {name:<24}{wt:>8g}{_fmt(res.means.get(name), 9)}{cov_s:>14}", file=out)
    for p in problems:
        print(f"  note: {p}", file=out)
        if p.startswith("MISSING SCORER") or p.startswith("no gated"):
            reasons.append(p)
    composite = res.composite if res is not None else None

    n_err = sum(1 for r in reps for c in r["cases"] if c["error"])
    if n_err:
        reasons.append(f"{n_err} case(s) errored")
        for r in reps:
            for c in r["cases"]:
                if c["error"]:
                    print(f"  ERROR [{r['key']}] {c['id']} (trial {c['trial']}): {c['error'][:300]}", file=out)
    det_scorer_errs = [(r["key"], c["id"], k, v) for r in reps for c in r["cases"] for k, v in c["scorer_errors"].items()
                       if k not in r["judges"]]
    if det_scorer_errs:
        reasons.append(f"{len(det_scorer_errs)} deterministic scorer error(s)")
        for key, cid, k, v in det_scorer_errs[:20]:
            print(f"  SCORER ERROR [{key}] {cid} {k}: {v}", file=out)
    judge_errs = [(r["key"], c["id"], k, v) for r in reps for c in r["cases"] for k, v in c["scorer_errors"].items()
                  if k in r["judges"]]
    for key, cid, k, v in judge_errs[:20]:
        print(f"  judge error (not gated) [{key}] {cid} {k}: {v}", file=out)
    for r in reps:
        if len(r["cases"]) < r["expected_cases"]:
            reasons.append(f"{r['key']}: only {len(r['cases'])} of {r['expected_cases']} cases completed")
    if composite is None and not reasons:
        reasons.append("no composite could be computed")
    elif composite is not None and composite < threshold:
        reasons.append(f"composite {composite:.4f} < gate {threshold:.4f}")
    passed = not reasons
    print(f"\n  COMPOSITE {_fmt(composite)}   gate {threshold:.3f}   ->  {'PASS' if passed else 'FAIL'}", file=out)
    for why in reasons:
        print(f"  FAIL: {why}", file=out)

    # the experiment record
    elapsed = time.perf_counter() - _T0
    record = {
        "schema": RECORD_SCHEMA,
        "created_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "git": git_commit(), "preset": selected_preset(),
        "agent": (gated[0]["metadata"].get("agent") if gated else None),
        "model": (gated[0]["metadata"].get("model") if gated else None),
        "argv": sys.argv, "env": {k: v for k, v in os.environ.items() if k.startswith("MPA_")},
        "weights": cfg["weights"], "weights_file": cfg["_path"], "judges": judge_status(),
        "gate": {"threshold": threshold, "composite": composite, "passed": passed, "reasons": reasons},
        "composite": None if res is None else {"value": res.composite, "means": res.means, "coverage": res.coverage,
                                               "weights_used": res.used, "not_run": res.not_attached},
        "elapsed_s": round(elapsed, 2),
        "experiments": reps,
    }
    path = write_record(record)
    print(f"  record: {path}   ({elapsed:.1f}s since the evals were loaded)", file=out)
    print(bar, file=out, flush=True)
    return passed


def write_record(record: dict) -> Path:
    d = _results_dir()
    d.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S")
    commit = (record.get("git") or {}).get("commit") or "nocommit"
    path = d / f"{stamp}-{record.get('preset')}-{commit[:8]}.json"
    i = 1
    while path.exists():
        path = d / f"{stamp}-{record.get('preset')}-{commit[:8]}-{i}.json"
        i += 1
    data = json.dumps(record, ensure_ascii=False, separators=(",", ":"), default=str)
    for target in (path, d / "latest.json"):
        tmp = target.with_suffix(".tmp")
        tmp.write_text(data, encoding="utf-8")
        os.replace(tmp, target)
    return path


REPORTER = ReporterDef(name="mpa-gate", report_eval=report_eval, report_run=report_run)
