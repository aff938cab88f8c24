"""Reading experiment records (written by :mod:`evals.reporter`) for compare and report."""
from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any


class RecordError(ValueError):
    pass


def load_record(spec: str) -> tuple[dict, str | None, str]:
    """``path`` or ``path#experiment-key`` → (record, key or None, label)."""
    path, _, key = spec.partition("#")
    p = Path(path)
    if p.is_dir():
        p = p / "latest.json"
    if not p.is_file():
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


def label_of(rec: dict, path_label: str) -> str:
    g = rec.get("git") or {}
    return f"{rec.get('preset')} @{(g.get('commit') or '')[:7]} ({rec.get('model') or rec.get('agent') or '?'}) " \
           f"[{path_label}]"


def errored(exp: dict) -> int:
    return sum(1 for c in exp["cases"] if c.get("error"))


def summary_means(exp: dict) -> dict[str, Any]:
    return {n: s.get("mean") for n, s in (exp.get("summary") or {}).items()}
