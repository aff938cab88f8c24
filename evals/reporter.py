"""The project reporter: summary table, local experiment record, and the CI gate.

Under ``braintrust eval`` an ``Eval()`` call only *registers* an evaluator, so code after it
never sees results; the CLI hands every evaluator's result to its reporter instead and exits
non-zero when ``report_run`` returns False. This reporter:

* ``report_eval`` (once per experiment): collects every case — id, trial, input, expected,
  trimmed output, scores, the scorers' explanations, errors — and the per-scorer means with
  coverage (cases the scorer applies to / cases);
* ``report_run`` (once per run): prints the per-eval scorer means, the retrieval comparison
  across presets, and the composite over the *gated* experiments with each weighted scorer's
  coverage, each required eval's composite against its floor; writes the experiment record
  ``results/<time>-<preset>.json`` (+ ``latest.json``); and returns the verdict of
  :func:`evals.gate.decide` — False, failing the command, when a required eval did not run (the
  cause comes from :mod:`evals.loaderrors`: an import error, an invalid setting, a deleted file),
  a case errored or did not complete, a weighted scorer is missing, the run was limited
  ("partial — not gateable"), or the composite or an eval's floor is not met. With
  ``MPA_GATE=off`` the verdict is printed and only a broken run fails the command.
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

from evals import loaderrors
from evals.arms import RUN_ID
from evals.lean import lean_output
from evals.common import ROOT, git_commit
from evals.paths import PathSettingError, datasets_dir
from evals.gate import EvalSummary, GateConfig, RunFacts, ScorerSummary, config_from_weights, decide
from evals.loaders import count_rows
from evals.settings import Settings, SettingsError, load_settings
from rag.config import DEFAULT_PRESET
from rag.settings import given
from scorers.composite import case_composite, format_weights, load_config, weights
from scorers.judges import judge_status

EVALS_DIR = Path(__file__).resolve().parent
RUN_CHECK = "run-check"  # evals/eval_run_check.py: makes sure report_run runs even when every eval failed to load
RECORD_SCHEMA = 1
_T0 = time.perf_counter()


# ------------------------------------------------------------------ helpers
def _results_dir() -> Path:
    from evals.paths import results_dir

    return results_dir()


def trim_output(out: Any) -> Any:
    """Outputs as stored in records: chunk texts and score breakdowns dropped (ids, sources,
    sections, ranks and scores stay), tool results cut to 400 characters, conversation tool calls
    kept once (per turn), context cut to 1000; answers are kept in full."""
    return lean_output(out, n=400, context_n=1000, passage_n=None)


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


def _cli_filter_args() -> list[str]:
    """The ``--filter`` arguments of the running ``braintrust eval`` command (if any)."""
    argv = sys.argv
    if "--filter" not in argv:
        return []
    toks = []
    for t in argv[argv.index("--filter") + 1:]:
        if t.startswith("-"):
            break
        toks.append(t)
    return toks


def _cli_filters() -> list:
    toks = _cli_filter_args()
    if not toks:
        return []
    from braintrust.framework import parse_filters

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
    summ = result.summary
    exp_url = getattr(summ, "experiment_url", None)
    rep = {
        "name": evaluator.eval_name, "project": evaluator.project_name,
        # the name Braintrust gave the experiment (it appends "-1", "-2" on a clash), its id and URL
        "experiment": getattr(summ, "experiment_name", None) or evaluator.experiment_name,
        "requested_name": evaluator.experiment_name, "experiment_id": getattr(summ, "experiment_id", None),
        "baseline": meta.get("baseline"), "compared_with": getattr(summ, "comparison_experiment_name", None),
        "key": meta.get("key") or evaluator.eval_name, "family": meta.get("family"), "preset": meta.get("preset"),
        "gated": bool(meta.get("gated")), "metadata": _jsonable(meta),
        "scorers": all_names, "judges": [n for n, det in names if not det],
        "expected_cases": _expected_cases(evaluator, meta, len(cases)),
        "cases": cases, "summary": summary, "experiment_url": exp_url,
    }
    if rep["family"] == RUN_CHECK:
        return rep
    n_err = sum(1 for c in cases if c["error"])
    line = "  ".join(f"{n} {_fmt(s['mean'], 5)} ({s['applicable']}/{s['cases']})" for n, s in summary.items())
    print(f"[{rep['key']}] {len(cases)} cases, {n_err} errored | {line}", flush=True)
    vs = braintrust_comparison(summ) if meta.get("baseline") else None  # no baseline: the service would diff
    if vs:                                                                 # against another family
        rep["braintrust_diff"] = vs["scores"]
        diffs = "  ".join(f"{n} {d['diff']:+.3f} (+{d['improvements']}/-{d['regressions']})"
                          for n, d in vs["scores"].items() if d["diff"] is not None)
        print(f"    {rep['experiment']} vs {vs['baseline']}: {diffs or 'no matching scores'}  {exp_url or ''}",
              flush=True)
    return rep


def braintrust_comparison(summary: Any) -> dict | None:
    """Braintrust's own diff against the baseline (what its summary would print; this reporter
    replaces that summary), or None when logs were not sent or there is no baseline."""
    base = getattr(summary, "comparison_experiment_name", None)
    scores = getattr(summary, "scores", None) or {}
    if not base or not isinstance(scores, dict):
        return None
    return {"baseline": base, "scores": {n: {"diff": getattr(s, "diff", None),
                                             "improvements": getattr(s, "improvements", None),
                                             "regressions": getattr(s, "regressions", None)}
                                         for n, s in scores.items()}}


def _summaries(reps: list[dict]) -> list[EvalSummary]:
    out = []
    for r in reps:
        judges = set(r["judges"])
        scorers = {n: ScorerSummary(s["mean"], s["applicable"], s["cases"], s["errors"], n in judges)
                   for n, s in r["summary"].items()}
        meta = r.get("metadata") or {}
        out.append(EvalSummary(r["key"], r["family"] or "", r["gated"], int(meta.get("n_cases", len(r["cases"]))),
                               int(meta.get("trials", 1) or 1), r["expected_cases"], len(r["cases"]),
                               sum(1 for c in r["cases"] if c["error"]), scorers))
    return out


def _selected_eval_files() -> set[str] | None:
    """Names of the eval files the running ``braintrust eval`` command was given (parsed with the
    CLI's own parser and file collection); None outside that command."""
    argv = sys.argv[1:]
    if not argv or argv[0] != "eval":
        return None
    try:
        import argparse

        from braintrust.cli import eval as bt_eval

        parent = argparse.ArgumentParser(add_help=False)
        parent.add_argument("--verbose", "-v", default=0, action="count")
        parser = argparse.ArgumentParser(add_help=False)
        bt_eval.build_parser(parser.add_subparsers(dest="subcommand"), parent)
        args, _ = parser.parse_known_args(argv)
        return {Path(h.in_file).name for h in bt_eval.initialize_handles(args.files)}
    except (Exception, SystemExit):  # an unparseable command line: nothing to compare with
        return None


def _run_facts(cfg: dict) -> tuple[RunFacts, GateConfig, Settings | None]:
    """What should have run (from the config, independently of which eval files imported) and
    what stopped the others: settings, recorded import errors, eval files absent from disk."""
    settings, settings_error = None, None
    try:
        settings = load_settings()
    except SettingsError as exc:
        settings_error = str(exc)
    preset = settings.preset if settings else DEFAULT_PRESET
    gcfg = config_from_weights(cfg, preset, settings.gate if settings else None)
    limit = settings.limit if settings else (given().get("MPA_EVAL_LIMIT") or None)
    missing = frozenset(r.file for r in gcfg.required if not (EVALS_DIR / r.file).is_file())
    try:
        datasets = datasets_dir()
    except PathSettingError as exc:  # no/bad --datasets: nothing counts, the gate fails naming the flag
        datasets, settings_error = None, settings_error or str(exc)
    rows = {r.key: count_rows(datasets, r.dataset) if datasets else 0 for r in gcfg.required if r.dataset}
    errors, ok = loaderrors.errors(), loaderrors.loaded()
    selected = _selected_eval_files() or set()
    unregistered = frozenset(f for f in selected if f not in ok and f not in errors)
    facts = RunFacts(limit=limit, filters=tuple(_cli_filter_args()), settings_error=settings_error,
                     load_errors=errors, missing_files=missing, unregistered=unregistered, dataset_rows=rows)
    return facts, gcfg, settings


def report_run(results: list[dict], verbose: bool = False, jsonl: bool = False) -> bool:
    cfg = load_config()
    facts, gcfg, settings = _run_facts(cfg)
    report_only = bool(settings and settings.report_only)
    reps = [r for r in results if isinstance(r, dict) and r.get("family") != RUN_CHECK]
    gated = [r for r in reps if r["gated"]]
    decision = decide(_summaries(reps), gcfg, facts)
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

    # composite, per-eval floors and the gate
    print(f"\nComposite over gated experiments ({', '.join(r['key'] for r in gated) or 'none'}):", file=out)
    print(f"  {'scorer':<24}{'weight':>8}{'mean':>9}{'coverage':>14}", file=out)
    for name, wt in gcfg.weights.items():
        cov = decision.coverage.get(name)
        cov_s = f"{cov[0]}/{cov[1]}" if cov else "not run"
        print(f"  {name:<24}{wt:>8g}{_fmt(decision.means.get(name), 9)}{cov_s:>14}", file=out)
    print("\nRequired evals (per-eval composite vs floor):", file=out)
    for req in gcfg.required:
        c = decision.per_eval.get(req.key)
        state = "ran" if any(r["key"] == req.key for r in reps) else "DID NOT RUN"
        floor = f"{req.floor:.3f}" if req.floor is not None else "—"
        print(f"  {req.key:<34} composite {_fmt(c)}   floor {floor}   [{state}]", file=out)
    for r in reps:
        for c in r["cases"]:
            if c["error"]:
                print(f"  ERROR [{r['key']}] {c['id']} (trial {c['trial']}): {c['error'][:300]}", file=out)
    det_scorer_errs = [(r["key"], c["id"], k, v) for r in reps for c in r["cases"] for k, v in c["scorer_errors"].items()
                       if k not in r["judges"]]
    for key, cid, k, v in det_scorer_errs[:20]:
        print(f"  SCORER ERROR [{key}] {cid} {k}: {v}", file=out)
    judge_errs = [(r["key"], c["id"], k, v) for r in reps for c in r["cases"] for k, v in c["scorer_errors"].items()
                  if k in r["judges"]]
    for key, cid, k, v in judge_errs[:20]:
        print(f"  judge error (not gated) [{key}] {cid} {k}: {v}", file=out)
    composite = decision.composite
    mode = "  (MPA_GATE=off: report only)" if report_only else ""
    print(f"\n  COMPOSITE {_fmt(composite)}   gate {gcfg.threshold:.3f}   ->  {decision.verdict}{mode}", file=out)
    for why in decision.reasons:
        label = {"broken": "FAIL", "partial": "PARTIAL", "score": "FAIL"}[why.kind]
        print(f"  {label}: {why.text}", file=out)
    reasons = [r.text for r in decision.reasons]

    # the experiment record
    elapsed = time.perf_counter() - _T0
    record = {
        "schema": RECORD_SCHEMA,
        "created_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "git": git_commit(), "preset": settings.preset if settings else given().get("MPA_RAG_PRESET"),
        "agent": (gated[0]["metadata"].get("agent") if gated else None),
        "model": (gated[0]["metadata"].get("model") if gated else None),
        "argv": sys.argv, "env": given(),
        "run": RUN_ID, "kb_fingerprint": next((r["metadata"].get("kb_fingerprint") for r in reps), None),
        "code_fingerprint": next((r["metadata"].get("code_fingerprint") for r in reps), None),
        "datasets": {d["name"]: d for d in ((r["metadata"].get("dataset") or None) for r in reps) if d},
        "weights": cfg["weights"], "weights_file": cfg["_path"], "judges": judge_status(),
        "gate": {"threshold": gcfg.threshold, "composite": composite, "passed": decision.passed,
                 "verdict": decision.verdict, "partial": decision.partial, "report_only": report_only,
                 "reasons": reasons, "reason_kinds": [r.kind for r in decision.reasons],
                 "per_eval": decision.per_eval,
                 "floors": {r.key: r.floor for r in gcfg.required}},
        "composite": None if composite is None else {
            "value": composite, "means": decision.means, "coverage": decision.coverage,
            "not_run": [n for n in gcfg.weights if n not in decision.coverage]},
        "elapsed_s": round(elapsed, 2),
        "experiments": reps,
    }
    path = write_record(record)
    print(f"  record: {path}   ({elapsed:.1f}s since the evals were loaded)", file=out)
    print(bar, file=out, flush=True)
    return decision.exit_ok(report_only)


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
