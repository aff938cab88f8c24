"""The composite score: a weighted mean over the deterministic scorers, weights in
``scorers/weights.json`` (the one configuration file; ``$MPA_WEIGHTS`` points elsewhere).

* Per case, :func:`case_composite` averages the weighted scorers that *apply* to the case.
* Per run, :func:`run_composite` takes every scorer's values over all cases, averages each over
  the cases it applies to (``None`` = not applicable, never counted), reports each scorer's
  coverage (applicable / cases), and combines the means with the weights (renormalised over the
  weighted scorers present). It **fails loudly** (:class:`MissingScorerError`) when a weighted
  scorer that the run attached produced no score at all, or when a weighted scorer the caller
  requires was not attached.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

from braintrust import Score

from scorers.settings import ScorerSettings

CONFIG_PATH = Path(__file__).with_name("weights.json")


class MissingScorerError(RuntimeError):
    """A weighted scorer is missing from the run (not attached, or never applicable)."""


def load_config(path: str | os.PathLike | None = None) -> dict:
    """The weights/gate file: ``path``, else ``MPA_WEIGHTS``, else the packaged ``weights.json``."""
    p = Path(path or ScorerSettings.read("weights") or CONFIG_PATH)
    with open(p, encoding="utf-8") as fh:
        cfg = json.load(fh)
    w = cfg.get("weights")
    if not isinstance(w, dict) or not w:
        raise ValueError(f"{p}: 'weights' must be a non-empty object")
    for k, v in w.items():
        if not isinstance(v, (int, float)) or v < 0:
            raise ValueError(f"{p}: weight of {k!r} must be a number >= 0, got {v!r}")
    if sum(w.values()) <= 0:
        raise ValueError(f"{p}: at least one weight must be positive")
    for key, spec in ((cfg.get("gate") or {}).get("required_evals") or {}).items():
        if key.startswith("_"):
            continue
        where = f"{p}: gate.required_evals.{key}"
        if not isinstance(spec, dict) or not isinstance(spec.get("file"), str):
            raise ValueError(f"{where}: needs a 'file' (the eval file under evals/)")
        floors = {"floor": spec.get("floor"), **{f"scorer_floors.{k}": v for k, v in
                                                 (spec.get("scorer_floors") or {}).items() if not k.startswith("_")}}
        for name, v in floors.items():
            if v is not None and (not isinstance(v, (int, float)) or not 0 <= v <= 1):
                raise ValueError(f"{where}.{name} must be a number in [0, 1], got {v!r}")
    cfg["_path"] = str(p)
    return cfg


def weights(cfg: dict | None = None) -> dict[str, float]:
    cfg = cfg or load_config()
    return {k: float(v) for k, v in cfg["weights"].items() if float(v) > 0}


def gate_threshold(cfg: dict | None = None) -> float:
    """``MPA_GATE`` when it is a number, else ``gate.threshold`` of the weights file (``MPA_GATE=off``
    is report only: the threshold still applies to the verdict)."""
    override = ScorerSettings.read("gate")
    v = override if override is not None else float((cfg or load_config())["gate"]["threshold"])
    if not 0 <= v <= 1:
        raise ValueError(f"gate threshold (MPA_GATE or gate.threshold) must be in [0, 1], got {v}")
    return v


def format_weights(cfg: dict | None = None) -> str:
    cfg = cfg or load_config()
    parts = [f"{k}={v:g}" for k, v in cfg["weights"].items()]
    return f"weights ({cfg['_path']}): " + ", ".join(parts)


def case_composite(scores: Mapping[str, float | None], w: Mapping[str, float] | None = None) -> float | None:
    """Weighted mean of the weighted scorers that apply to one case (None when none applies)."""
    w = weights() if w is None else w
    num = den = 0.0
    for name, weight in w.items():
        s = scores.get(name)
        if s is None or weight <= 0:
            continue
        num += weight * float(s)
        den += weight
    return num / den if den else None


@dataclass
class CompositeResult:
    composite: float | None
    means: dict[str, float | None]
    coverage: dict[str, tuple[int, int]]  # name -> (applicable cases, cases)
    weights: dict[str, float]
    used: dict[str, float] = field(default_factory=dict)  # weights actually combined (renormalised)
    not_attached: list[str] = field(default_factory=list)


def run_composite(values: Mapping[str, Iterable[float | None]], n_cases: Mapping[str, int] | None = None,
                  w: Mapping[str, float] | None = None, required: Iterable[str] = ()) -> CompositeResult:
    """``values[name]`` = that scorer's per-case scores (None = not applicable) over the run."""
    w = dict(weights() if w is None else w)
    means: dict[str, float | None] = {}
    coverage: dict[str, tuple[int, int]] = {}
    for name, vals in values.items():
        vals = list(vals)
        app = [float(v) for v in vals if v is not None]
        total = (n_cases or {}).get(name, len(vals))
        coverage[name] = (len(app), total)
        means[name] = sum(app) / len(app) if app else None
    missing_required = sorted(set(required) & set(w) - set(values))
    if missing_required:
        raise MissingScorerError(f"weighted scorer(s) {missing_required} were not run; the composite needs every "
                                 f"weighted scorer (weights: {CONFIG_PATH.name})")
    empty = sorted(n for n in w if n in values and means.get(n) is None)
    if empty:
        raise MissingScorerError(f"weighted scorer(s) {empty} were attached but produced no score on any case "
                                 "(never applicable, or every call failed)")
    present = {n: wt for n, wt in w.items() if n in means and means[n] is not None}
    tot = sum(present.values())
    composite = sum(wt * means[n] for n, wt in present.items()) / tot if tot else None
    return CompositeResult(composite, means, coverage, w, {n: wt / tot for n, wt in present.items()} if tot else {},
                           sorted(n for n in w if n not in values))


class Composite:
    """A Braintrust scorer that runs ``scorers`` and adds their per-case weighted mean.

    ``Eval(scores=[Composite([grounding, abstention, ...])])`` logs every component score plus
    ``composite``; use it *instead of* listing the components separately.
    """

    def __init__(self, scorers: list, w: Mapping[str, float] | None = None, name: str = "composite"):
        self.scorers = list(scorers)
        self.w = dict(weights() if w is None else w)
        self.name = name
        unweighted = [s.name for s in self.scorers if getattr(s, "name", None) not in self.w]
        self.unweighted = unweighted

    def _name(self) -> str:
        return self.name

    def __call__(self, input: Any = None, output: Any = None, expected: Any = None, metadata: dict | None = None,
                 **kwargs: Any) -> list[Score]:
        parts = [s(input=input, output=output, expected=expected, metadata=metadata) for s in self.scorers]
        comp = case_composite({p.name: p.score for p in parts}, self.w)
        return parts + [Score(name=self.name, score=comp,
                              metadata={"weights": {p.name: self.w.get(p.name, 0.0) for p in parts},
                                        "applicable": [p.name for p in parts if p.score is not None]})]
