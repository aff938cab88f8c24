"""Reading experiment records (written by :mod:`evals.reporter`) for compare and report."""
from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any


class RecordError(ValueError):
    pass


def _identities(e: dict) -> set[str]:
    """Every string that names experiment ``e``: its Braintrust name (as given and as requested),
    id, URL, and arm name."""
    ids = {e.get("experiment"), e.get("requested_name"), e.get("experiment_id"), e.get("experiment_url"),
           (e.get("metadata") or {}).get("arm")}
    return {str(i) for i in ids if i}


def find_experiment(spec: str, results: Path | None = None) -> tuple[dict, str, str]:
    """The newest local record holding the experiment named ``spec`` (Braintrust name, id, URL or
    arm name) or the run ``spec`` → (record, key or "", label)."""
    if results is None:
        from evals.paths import results_dir

        results = results_dir()
    files = sorted((p for p in Path(results).glob("*.json") if p.name != "latest.json"), reverse=True)
    for p in files:
        try:
            rec = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            continue
        if rec.get("run") == spec:
            return rec, "", f"{p.name} (run {spec})"
        for e in rec.get("experiments") or []:
            if spec in _identities(e):
                return rec, e["key"], f"{p.name}#{e['key']} ({e.get('experiment')})"
    raise RecordError(f"no record at {spec} and no experiment or run named {spec!r} in the records under {results}")


def load_record(spec: str, results: Path | None = None) -> tuple[dict, str | None, str]:
    """``path``, ``path#experiment-key``, or a Braintrust experiment name / id / URL or run id found
    in the local records → (record, key or None, label)."""
    path, _, key = spec.partition("#")
    p = Path(path)
    if p.is_dir():
        p = p / "latest.json"
    if not p.is_file():
        if "#" not in spec or spec.startswith("http"):  # a URL may hold a "#"
            rec, k, label = find_experiment(spec, results)
            return rec, (k or None), label
        raise RecordError(f"no record at {p}")
    try:
        rec = json.loads(p.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise RecordError(f"{p} is not a JSON record: {exc}") from exc
    if "experiments" not in rec:
        raise RecordError(f"{p} has no 'experiments': not an evals.reporter record")
    label = f"{p.name}" + (f"#{key}" if key else "")
    if key and not any(e["key"] == key for e in rec["experiments"]):
        keys = ", ".join(e["key"] for e in rec["experiments"])
        raise RecordError(f"{p}: no experiment {key!r}; experiments: {keys}")
    return rec, (key or None), label


def experiments(rec: dict) -> dict[str, dict]:
    return {e["key"]: e for e in rec["experiments"]}


def case_scores(exp: dict) -> dict[str, dict[str, list[float]]]:
    """case id → scorer → every trial's value (errored cases and None values left out); the
    per-case composite is included under ``composite``."""
    out: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for c in exp["cases"]:
        if c.get("error"):
            continue
        cid = str(c.get("id"))
        for name, v in (c.get("scores") or {}).items():
            if isinstance(v, (int, float)):
                out[cid][name].append(float(v))
        if isinstance(c.get("composite"), (int, float)):
            out[cid]["composite"].append(float(c["composite"]))
    return out


def case_means(exp: dict) -> dict[str, dict[str, float]]:
    """case id → scorer → mean over trials."""
    return {cid: {n: sum(v) / len(v) for n, v in d.items() if v} for cid, d in case_scores(exp).items()}


def errored(exp: dict) -> int:
    return sum(1 for c in exp["cases"] if c.get("error"))


