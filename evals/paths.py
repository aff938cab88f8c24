"""Where the evals read and write: knowledge base, datasets, weights, index, results.

One place resolves every path so the harness runs the same from a clone and from an installed
wheel. Each path comes from a flag of ``python -m evals`` (``--kb``, ``--datasets``, ``--weights``,
``--index``, ``--results-dir``) mapped to an environment variable (``braintrust eval`` passes no
flags to eval files), else a default:

==================  =====================  ======================================  ===========================
flag                variable               default in a clone                      default when installed
==================  =====================  ======================================  ===========================
``--kb``            ``MPA_KB_DIR``         ``kb/``                                 required
``--datasets``      ``MPA_DATASETS``       ``datasets/``                           required
``--weights``       ``MPA_WEIGHTS``        ``scorers/weights.json`` (in the package, both cases)
``--index``         ``MPA_INDEX``          ``.index/<kb>-index.json``              ``./.index/…``
``--results-dir``   ``MPA_RESULTS_DIR``    ``results/``                            ``./results/``
==================  =====================  ======================================  ===========================

"Installed" means the package directory is not a checkout of this repository (no
``pyproject.toml`` and ``datasets/`` beside it): defaults that would point inside
``site-packages`` move to the current directory, and the KB and datasets must be named.
A missing or wrong path raises :class:`PathSettingError` whose one-line message names the flag
and the variable. The variables are read and parsed by :class:`evals.settings.Settings`; this
module adds the defaults and the checks that depend on where the harness runs.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

from evals.settings import Settings

ROOT = Path(__file__).resolve().parents[1]

# dataset files each eval reads (relative to the datasets directory); a missing one stops the run
REQUIRED_DATASETS: dict[str, tuple[str, ...]] = {
    "eval_retrieval.py": ("retrieval.jsonl",),
    "eval_packing.py": ("retrieval.jsonl",),
    "eval_tools.py": ("benchmarks.jsonl", "audience.jsonl"),
    "eval_abstention.py": ("abstain.jsonl", "benchmarks.jsonl"),
    "eval_conversations.py": ("scenarios/",),
}


class PathSettingError(ValueError):
    """A KB/datasets/weights path is missing or wrong; the message names the flag and the variable."""


def _setting(fname: str) -> Path | None:
    """One path setting by its declaration in :class:`Settings` (only its own variable is checked:
    a bad unrelated variable is reported by the settings, not hidden behind a path error)."""
    return Settings.read(fname)


def in_repo() -> bool:
    """True when running from a checkout (the repository's datasets and pyproject beside the packages)."""
    return (ROOT / "pyproject.toml").is_file() and (ROOT / "datasets").is_dir()


def work_dir() -> Path:
    """Base of the default index/results paths: the checkout, or the current directory when installed."""
    return ROOT if in_repo() else Path.cwd()


def _dir_setting(fname: str, var: str, flag: str, default: str, what: str) -> Path:
    p = _setting(fname)
    if p is None:
        if not in_repo():
            raise PathSettingError(f"no {what} given: pass {flag} DIR to `python -m evals` (or set {var})")
        return ROOT / default
    if not p.is_dir():
        raise PathSettingError(f"{var}={str(p)!r} ({flag}): not a directory")
    return p.resolve()


def kb_dir() -> Path:
    """The knowledge base the evals index and the scorers read (``--kb`` / ``MPA_KB_DIR``)."""
    return _dir_setting("kb_dir", "MPA_KB_DIR", "--kb", "kb", "knowledge base")


def datasets_dir() -> Path:
    """The goldens directory (``--datasets`` / ``MPA_DATASETS``), same layout as ``datasets/``."""
    return _dir_setting("datasets", "MPA_DATASETS", "--datasets", "datasets", "datasets directory")


def dataset_file(name: str) -> Path:
    """``name`` inside the datasets directory; a missing file is an error naming it and the directory."""
    d = datasets_dir()
    p = d / name
    if not (p.is_dir() if name.endswith("/") else p.is_file()):
        raise PathSettingError(f"dataset {name} not found in {d} (--datasets / MPA_DATASETS)")
    return p


def missing_datasets(eval_files: list[str] | None = None) -> list[str]:
    """Problems (one line each) with the KB, the datasets directory and the dataset files that
    ``eval_files`` (names like ``eval_tools.py``; default every eval) need — checked before a run."""
    try:
        kb_dir()
    except PathSettingError as exc:
        return [str(exc)]
    names = eval_files or list(REQUIRED_DATASETS)
    problems: list[str] = []
    for name in dict.fromkeys(f for n in names for f in REQUIRED_DATASETS.get(Path(n).name, ())):
        try:
            dataset_file(name)
        except PathSettingError as exc:
            if str(exc) not in problems:
                problems.append(str(exc))
            if "no datasets directory" in str(exc) or "not a directory" in str(exc):
                break
    return problems


def index_path() -> Path:
    """``--index`` / ``MPA_INDEX``, else one index file per KB under ``.index/`` (the shipped KB keeps
    ``kb-index.json``; another KB gets its name and a hash of its path, so two KBs never share one)."""
    configured = _setting("index")
    if configured:
        return configured
    kb = kb_dir().resolve()
    if in_repo() and kb == (ROOT / "kb").resolve():
        name = "kb-index.json"
    else:
        name = f"{kb.name}-{hashlib.sha1(str(kb).encode()).hexdigest()[:8]}-index.json"
    return work_dir() / ".index" / name


def results_dir() -> Path:
    """Where experiment records go (``--results-dir`` / ``MPA_RESULTS_DIR``, else ``results/``)."""
    return _setting("results_dir") or work_dir() / "results"


def weights_path() -> Path:
    """The weights/gate configuration (``--weights`` / ``MPA_WEIGHTS``, else the packaged file)."""
    p = _setting("weights")
    if p is None:
        return ROOT / "scorers" / "weights.json"
    if not p.is_file():
        raise PathSettingError(f"MPA_WEIGHTS={str(p)!r} (--weights): no such file")
    return p


__all__ = ["PathSettingError", "REQUIRED_DATASETS", "ROOT", "dataset_file", "datasets_dir", "in_repo", "index_path",
           "kb_dir", "missing_datasets", "results_dir", "weights_path", "work_dir"]
