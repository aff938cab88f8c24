"""The CI gate's decision, as a pure function of what ran and what the configuration requires.

``braintrust eval`` keeps going when an eval file fails to import and only fails the command when
the reporter says so, so the gate must check *what ran*, not just what scored. :func:`decide`
fails closed:

* every **required** eval (``gate.required_evals`` in ``scorers/weights.json``) ran — a missing,
  unimportable or unselected one fails, with the cause (import error, file absent) in the reason;
* every case completed: no errored case, no scorer error, ``completed == loaded × trials``, and
  ``loaded`` ≥ the dataset rows counted independently of the eval's own loader;
* every weighted scorer applied somewhere in the gated evals;
* nothing limited the run (``MPA_EVAL_LIMIT``, ``--filter``): such a run is *partial — not
  gateable*;
* the composite over the gated evals is at least the threshold, **and** each required eval's own
  composite is at least its floor (so one collapsed eval cannot be averaged away), **and** each
  per-eval scorer floor holds.

Every reason has a kind: ``broken`` (the run itself is wrong: settings, imports, errors, missing
files), ``partial`` (the run was deliberately reduced) or ``score`` (it ran and scored too low).
No I/O here: :mod:`evals.reporter` builds the inputs from the Braintrust results and prints.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping

BROKEN, PARTIAL, SCORE = "broken", "partial", "score"
PASS, FAIL, NOT_GATEABLE = "PASS", "FAIL", "PARTIAL — not gateable"


# ------------------------------------------------------------------ inputs
@dataclass(frozen=True)
class ScorerSummary:
    mean: float | None          # over the cases the scorer applies to (None: applied nowhere)
    applicable: int
    cases: int
    errors: int = 0             # scorer exceptions
    judge: bool = False         # LLM judge: reported, never gated


@dataclass(frozen=True)
class EvalSummary:
    """One experiment that ran."""
    key: str                    # "conversations", "tools/get_benchmark", "retrieval/hybrid-weighted", …
    family: str
    gated: bool
    loaded: int                 # dataset cases the eval loaded (before trials)
    trials: int
    expected: int               # case results that should have come back (loaded × trials, after --filter)
    completed: int              # case results that came back
    errored: int = 0
    scorers: Mapping[str, ScorerSummary] = field(default_factory=dict)


@dataclass(frozen=True)
class RequiredEval:
    key: str
    file: str                   # eval file name under evals/
    dataset: str | None = None  # under datasets/: a .jsonl file or a glob of files
    floor: float | None = None  # minimum per-eval composite
    scorer_floors: Mapping[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class GateConfig:
    weights: Mapping[str, float]            # weighted scorers (weight > 0)
    threshold: float
    required: tuple[RequiredEval, ...]


@dataclass(frozen=True)
class RunFacts:
    """What the reporter knows about the run besides the experiments' results."""
    limit: int | None = None
    filters: tuple[str, ...] = ()
    settings_error: str | None = None
    load_errors: Mapping[str, str] = field(default_factory=dict)   # eval file name → error
    missing_files: frozenset[str] = frozenset()                    # required eval files absent on disk
    unregistered: frozenset[str] = frozenset()  # eval files the command selected that neither registered nor
                                                # recorded an error (they failed before their guard)
    dataset_rows: Mapping[str, int] = field(default_factory=dict)  # required key → rows counted on disk


# ------------------------------------------------------------------ output
@dataclass(frozen=True)
class Reason:
    kind: str                   # BROKEN | PARTIAL | SCORE
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass
class GateDecision:
    passed: bool
    partial: bool
    reasons: list[Reason]
    composite: float | None
    per_eval: dict[str, float | None]            # gated eval → its composite
    means: dict[str, float | None]               # weighted scorer → pooled mean over the gated evals
    coverage: dict[str, tuple[int, int]]         # weighted scorer → (applicable, cases)
    threshold: float

    @property
    def verdict(self) -> str:
        return PASS if self.passed else NOT_GATEABLE if self.partial else FAIL

    @property
    def broken(self) -> bool:
        return any(r.kind == BROKEN for r in self.reasons)

    def exit_ok(self, report_only: bool = False) -> bool:
        """The command's success: the verdict, or — in report-only mode — only "the run is not broken"."""
        return not self.broken if report_only else self.passed


# ------------------------------------------------------------------ config
def config_from_weights(cfg: Mapping, preset: str, threshold: float | None = None) -> GateConfig:
    """:class:`GateConfig` from the ``weights.json`` dict; ``{preset}`` in a required key is the
    preset under test; ``threshold`` overrides ``gate.threshold``."""
    gate = cfg.get("gate") or {}
    req = []
    for key, spec in (gate.get("required_evals") or {}).items():
        if key.startswith("_"):
            continue
        floors = {k: float(v) for k, v in (spec.get("scorer_floors") or {}).items() if not k.startswith("_")}
        req.append(RequiredEval(key.replace("{preset}", preset), spec["file"], spec.get("dataset"),
                                None if spec.get("floor") is None else float(spec["floor"]), floors))
    w = {k: float(v) for k, v in cfg["weights"].items() if float(v) > 0}
    thr = float(gate["threshold"]) if threshold is None else float(threshold)
    return GateConfig(w, thr, tuple(req))


# ------------------------------------------------------------------ arithmetic
def _weighted(means: Mapping[str, float | None], weights: Mapping[str, float]) -> float | None:
    num = den = 0.0
    for name, w in weights.items():
        m = means.get(name)
        if m is None:
            continue
        num += w * m
        den += w
    return num / den if den else None


def eval_composite(ev: EvalSummary, weights: Mapping[str, float]) -> float | None:
    """The weighted mean of this eval's weighted scorer means (over the scorers that applied)."""
    return _weighted({n: s.mean for n, s in ev.scorers.items() if not s.judge}, weights)


def pooled(evals: Iterable[EvalSummary], weights: Mapping[str, float]):
    """Per weighted scorer: the mean over every applicable case of the given evals, and coverage."""
    num: dict[str, float] = {}
    app: dict[str, int] = {}
    tot: dict[str, int] = {}
    for ev in evals:
        for name, s in ev.scorers.items():
            if s.judge or name not in weights:
                continue
            app[name] = app.get(name, 0) + s.applicable
            tot[name] = tot.get(name, 0) + s.cases
            if s.mean is not None and s.applicable:
                num[name] = num.get(name, 0.0) + s.mean * s.applicable
    means = {n: (num[n] / app[n] if app[n] and n in num else None) for n in app}
    return means, {n: (app[n], tot[n]) for n in app}


# ------------------------------------------------------------------ the decision
def decide(results: Iterable[EvalSummary], config: GateConfig, run: RunFacts = RunFacts()) -> GateDecision:
    results = list(results)
    ran = {ev.key: ev for ev in results}
    reasons: list[Reason] = []
    add = lambda kind, text: reasons.append(Reason(kind, text))  # noqa: E731

    # 1. the run's own configuration and loading
    by_setting = {f for f, e in run.load_errors.items() if run.settings_error and e == run.settings_error}
    missing_by_file: dict[str, list[str]] = {}
    for req in config.required:
        if req.key not in ran:
            missing_by_file.setdefault(req.file, []).append(req.key)
    if run.settings_error:
        stopped = [k for f, keys in missing_by_file.items()
                   if f in by_setting or (f not in run.load_errors and f not in run.missing_files) for k in keys]
        more = f" (so {', '.join(stopped)} did not run)" if stopped else ""
        add(BROKEN, f"invalid setting: {run.settings_error}{more}")
    for file, keys in missing_by_file.items():
        what = f"required eval{'s' if len(keys) > 1 else ''} {', '.join(keys)} did not run"
        if file in by_setting or (run.settings_error and file not in run.load_errors
                                  and file not in run.missing_files):
            continue  # explained by the setting
        if file in run.load_errors:
            add(BROKEN, f"{what}: evals/{file} failed to import: {run.load_errors[file]}")
        elif file in run.missing_files:
            add(BROKEN, f"{what}: evals/{file} does not exist")
        elif file in run.unregistered:
            add(BROKEN, f"{what}: evals/{file} failed to import (see 'Failed to import' above)")
        else:
            add(PARTIAL, f"{what}: evals/{file} was not part of this run")
    for file, err in run.load_errors.items():
        if file not in missing_by_file and file not in by_setting:
            add(BROKEN, f"evals/{file} failed to import: {err}")
    for file in sorted(run.unregistered):
        if file not in missing_by_file and file not in run.load_errors:
            add(BROKEN, f"evals/{file} failed to import (see 'Failed to import' above)")
    if run.limit is not None:
        add(PARTIAL, f"MPA_EVAL_LIMIT={run.limit}: only the first {run.limit} cases of each dataset ran")
    if run.filters:
        add(PARTIAL, f"--filter {' '.join(run.filters)}: only a subset of the cases ran")
    reduced = run.limit is not None or bool(run.filters)

    # 2. every case of every eval completed
    required_keys = {r.key: r for r in config.required}
    for ev in results:
        if ev.errored:
            add(BROKEN, f"{ev.key}: {ev.errored} of {ev.completed} case(s) errored")
        n_serr = sum(s.errors for s in ev.scorers.values() if not s.judge)
        if n_serr:
            add(BROKEN, f"{ev.key}: {n_serr} deterministic scorer error(s)")
        if ev.completed < ev.expected:
            add(BROKEN, f"{ev.key}: only {ev.completed} of {ev.expected} cases completed")
        req = required_keys.get(ev.key)
        rows = run.dataset_rows.get(ev.key)
        if req is not None and not reduced and rows is not None and ev.loaded < rows:
            add(BROKEN, f"{ev.key}: loaded {ev.loaded} cases but datasets/{req.dataset} has {rows}")
        if req is not None and not ev.gated:
            add(BROKEN, f"{ev.key}: required eval ran but was not marked gated")

    # 3. the composite over the gated evals, with every weighted scorer applied somewhere
    gated = [ev for ev in results if ev.gated]
    means, coverage = pooled(gated, config.weights)
    if not missing_by_file:  # scorers of a missing eval are already explained by its reason
        not_run = [n for n in config.weights if n not in coverage]
        if not_run:
            add(BROKEN, f"weighted scorer(s) {', '.join(not_run)} were not run by any gated eval")
    never = [n for n in config.weights if n in coverage and means.get(n) is None]
    if never:
        add(BROKEN, f"weighted scorer(s) {', '.join(never)} were attached but applied to no case")
    composite = _weighted(means, config.weights)
    if composite is None:
        if gated:
            add(BROKEN, "no weighted scorer produced a score: no composite")
        elif not missing_by_file and not run.settings_error:
            add(BROKEN, "no gated eval ran")
    elif composite < config.threshold:
        add(SCORE, f"composite {composite:.4f} < gate {config.threshold:.4f}")

    # 4. per-eval floors: one collapsed eval cannot hide in the average
    per_eval = {ev.key: eval_composite(ev, config.weights) for ev in gated}
    for req in config.required:
        ev = ran.get(req.key)
        if ev is None:
            continue
        c = eval_composite(ev, config.weights)
        if req.floor is not None:
            if c is None:
                add(BROKEN, f"{req.key}: no weighted scorer applied, so its floor {req.floor:.3f} cannot be checked")
            elif c < req.floor:
                add(SCORE, f"{req.key}: composite {c:.4f} < floor {req.floor:.4f}")
        for name, floor in req.scorer_floors.items():
            s = ev.scorers.get(name)
            if s is None or s.mean is None:
                add(BROKEN, f"{req.key}: scorer {name} has a floor ({floor:.3f}) but did not score")
            elif s.mean < floor:
                add(SCORE, f"{req.key}: {name} {s.mean:.4f} < floor {floor:.4f}")

    partial = any(r.kind == PARTIAL for r in reasons)
    return GateDecision(not reasons, partial, reasons, composite, per_eval, means, coverage, config.threshold)


__all__ = ["BROKEN", "FAIL", "NOT_GATEABLE", "PARTIAL", "PASS", "SCORE", "EvalSummary", "GateConfig", "GateDecision",
           "Reason", "RequiredEval", "RunFacts", "ScorerSummary", "config_from_weights", "decide", "eval_composite",
           "pooled"]
