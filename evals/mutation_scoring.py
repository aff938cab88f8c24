"""Scoring for the mutation suite (:mod:`evals.mutation`): the cached baseline cases, every scorer
of an experiment on one (possibly mutated) output, per-turn values, the reporter's experiment record
for a set of outputs, and the gate's verdict over those records — the same code paths
``braintrust eval`` and the reporter use, so a mutant is judged exactly as a real run would be."""
from __future__ import annotations

import contextlib
import copy
import io
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any


@dataclass
class Case:
    data: Any  # the EvalCase
    output: Any  # baseline task output (cached)
    task_md: dict  # metadata the task wrote (case_errors, record_extra, …)

    @property
    def metadata(self) -> dict:
        return dict(getattr(self.data, "metadata", None) or {})


@dataclass
class Experiment:
    evaluator: Any
    cases: list[Case]
    family: str = ""
    key: str = ""
    base_scores: list[dict] = field(default_factory=list)  # per case: name -> Score
    base_rep: dict | None = None


def _call_scorer(scorer, case: Case, output: Any, md: dict) -> list:
    from braintrust import Score

    res = scorer(input=case.data.input, output=output, expected=case.data.expected, metadata=md)
    if isinstance(res, Score):
        return [res]
    if isinstance(res, list):
        return [r for r in res if isinstance(r, Score)]
    name = scorer._name() if hasattr(scorer, "_name") else getattr(scorer, "__name__", "scorer")
    if isinstance(res, dict):
        return [Score(name=res.get("name", name), score=res.get("score"), metadata=res.get("metadata") or {})]
    return [Score(name=name, score=res)]


def score_case(exp: Experiment, case: Case, output: Any) -> tuple[dict, dict]:
    """Every scorer of the experiment on one case → ({name: Score}, case metadata as the
    framework would leave it)."""
    md = {**case.metadata, **copy.deepcopy(case.task_md)}
    scores: dict = {}
    for s in exp.evaluator.scores or []:
        try:
            for sc in _call_scorer(s, case, output, md):
                scores[sc.name] = sc
        except Exception as exc:  # recorded like the framework does: a scorer error fails the gate
            name = s._name() if hasattr(s, "_name") else getattr(s, "__name__", "scorer")
            md.setdefault("scorer_errors", {})[name] = f"{type(exc).__name__}: {exc}"
    return scores, md


def per_turn(score) -> dict[int, float]:
    """A Score's value per conversation turn (``{0: value}`` for a single answer)."""
    if score is None or score.score is None:
        return {}
    turns = (score.metadata or {}).get("turns")
    if isinstance(turns, list):
        return {int(t["turn"]): float(t["score"]) for t in turns if isinstance(t, dict) and t.get("turn") is not None
                and t.get("score") is not None}
    return {0: float(score.score)}


def build_rep(exp: Experiment, outputs: list, scored: list[tuple[dict, dict]]) -> dict:
    """The reporter's experiment record for these outputs (its own ``report_eval``)."""
    from evals.reporter import report_eval

    ev = exp.evaluator
    meta = dict(ev.metadata or {})
    meta["n_cases"] = len(exp.cases)
    proxy = SimpleNamespace(metadata=meta, eval_name=ev.eval_name, experiment_name=ev.experiment_name,
                            project_name=ev.project_name, scores=ev.scores, trial_count=1, data=ev.data)
    results = [SimpleNamespace(input=c.data.input, output=o, expected=c.data.expected, metadata=md,
                               scores={n: s.score for n, s in sc.items()}, error=None)
               for c, o, (sc, md) in zip(exp.cases, outputs, scored)]
    with contextlib.redirect_stdout(io.StringIO()):
        return report_eval(proxy, SimpleNamespace(results=results, summary=SimpleNamespace(experiment_url=None)))


@dataclass
class GateVerdict:
    passed: bool
    composite: float | None
    means: dict[str, float | None]
    reasons: list[str]


def gate_decision(reps: list[dict]) -> GateVerdict:
    """The gate's verdict over gated experiment records: :func:`evals.gate.decide`, fed by the
    reporter's own conversion."""
    from evals.common import selected_preset
    from evals.gate import config_from_weights, decide
    from evals.reporter import _summaries
    from scorers.composite import load_config

    d = decide(_summaries(reps), config_from_weights(load_config(), selected_preset()))
    return GateVerdict(bool(d.passed), d.composite, pooled_means(reps), [str(r) for r in d.reasons])


def pooled_means(reps: list[dict]) -> dict[str, float | None]:
    """Each scorer's mean over every case it applies to, pooled across the experiments (what the
    composite combines) — computed even when the composite cannot be."""
    vals: dict[str, list[float]] = {}
    for r in reps:
        for c in r["cases"]:
            if c["error"]:
                continue
            for n, v in c["scores"].items():
                if n not in r["judges"]:
                    vals.setdefault(n, [])
                    if v is not None:
                        vals[n].append(float(v))
    return {n: (sum(v) / len(v) if v else None) for n, v in vals.items()}
