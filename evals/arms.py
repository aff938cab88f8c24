"""What makes an experiment an identifiable arm of an A/B comparison in Braintrust.

Without this, every run re-registered the same names (``conversations``, ``retrieval-bm25``…)
with no baseline, so Braintrust diffed each experiment against whatever came last in the
project — usually another family. Here every experiment gets:

* a **name** saying what it tests: ``<eval>.<preset>.<model>.<arm hash>`` (``conversations.
  hybrid-weighted.offline-baseline.3f2a9c1b``), the arm hash covering the preset's config hash,
  the agent/model and any eval-specific knobs (packing budget…);
* **tags** (``eval:…``, ``preset:…``, ``model:…``, ``gated``/``compare-only``, ``dataset:…``) and
  **metadata**: config hash, dataset name + content hash, KB fingerprint, agent/model, git, run id;
* a **baseline**: ``MPA_BASELINE`` (``--baseline``) names experiments by id, name or run id, and
  each eval takes the one of its own eval and dataset; without it, the latest experiment of the
  same eval and dataset. It is passed as ``base_experiment_id`` because ``braintrust eval``
  (SDK 0.47) drops ``base_experiment_name`` but forwards the id;
* **dataset linkage**: each golden file is uploaded once per content hash as a Braintrust dataset
  (``<stem>@<hash12>``; a later run finds it by name and uploads nothing) and every case carries
  an ``origin`` pointing at its dataset row. Offline only the hashes are recorded.

Network calls happen only when logs are sent (``braintrust eval`` with a ``BRAINTRUST_API_KEY``
and without ``--no-send-logs``).
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import sys
import threading
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", re.I)
RUN_ID = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ") + f"-{os.getpid()}"


class BaselineError(ValueError):
    """``MPA_BASELINE`` names no experiment of the project."""


# ------------------------------------------------------------------ content hashes
def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def content_hash(paths: list[Path]) -> str:
    """sha256 over (name, sha256 of bytes) of every file (directories: their files, sorted)."""
    files: list[Path] = []
    for p in paths:
        files += sorted(q for q in p.rglob("*") if q.is_file()) if p.is_dir() else [p]
    h = hashlib.sha256()
    for f in files:
        h.update(f"{f.name}\0{_sha(f.read_bytes()) if f.is_file() else 'missing'}\n".encode())
    return h.hexdigest()


_kb_cache: dict[str, str] = {}


def kb_fingerprint(kb: Path) -> str:
    """The index's KB fingerprint (same formula as ``rag.persistence.fingerprint``)."""
    key = str(kb)
    if key not in _kb_cache:
        from rag.indexfile import scan_kb
        from rag.persistence import fingerprint

        _kb_cache[key] = fingerprint(scan_kb(kb))
    return _kb_cache[key]


_CODE_PACKAGES = ("rag", "mpa", "agent", "scorers", "evals")
_code_cache: list[str] = []


def code_fingerprint(root: Path | None = None) -> str:
    """sha256 over (path, sha256 of bytes) of every ``.py`` and ``.json`` file of the five packages.

    Why beside the commit: a run from a working tree with edits records the same commit as one
    without them, so two records at one commit could silently hold different code's scores. Equal
    fingerprints mean the same code and weights ran; read from the files, so no git is needed. Not
    :func:`content_hash`: that names a file by its base name (every package has an ``__init__.py``) and
    takes every file, bytecode included."""
    if root is None and _code_cache:
        return _code_cache[0]
    base = root or Path(__file__).resolve().parents[1]
    h = hashlib.sha256()
    for pkg in _CODE_PACKAGES:
        for f in sorted(q for q in (base / pkg).rglob("*") if q.suffix in (".py", ".json") and q.is_file()
                        and "__pycache__" not in q.parts):
            h.update(f"{f.relative_to(base).as_posix()}\0{_sha(f.read_bytes())}\n".encode())
    if root is None:
        _code_cache.append(h.hexdigest())
    return h.hexdigest()


# ------------------------------------------------------------------ are logs sent?
def sending_logs(argv: list[str] | None = None, env: dict | None = None) -> bool:
    """True under ``braintrust eval`` with an API key and without ``--no-send-logs`` (also when
    ``python -m evals`` runs it). Plain imports (tests, the mutation suite) never call out."""
    argv = sys.argv if argv is None else argv
    env = os.environ if env is None else env
    return (bool(env.get("BRAINTRUST_API_KEY")) and len(argv) > 1 and Path(argv[0]).name == "braintrust"
            and argv[1] == "eval" and "--no-send-logs" not in argv)


_lock = threading.Lock()
_listing: dict[str, list[dict]] = {}


def _api():
    import braintrust
    from braintrust.logger import _internal_get_global_state

    braintrust.login()
    return _internal_get_global_state().api_conn()


def project_experiments(project: str) -> list[dict]:
    """The project's experiments, newest first (one request per process)."""
    with _lock:
        if project not in _listing:
            objs = list(_api().get_json("v1/experiment", {"project_name": project, "limit": 1000}).get("objects") or [])
            _listing[project] = sorted(objs, key=lambda e: str(e.get("created") or ""), reverse=True)
        return _listing[project]


# ------------------------------------------------------------------ baseline
def _meta(e: dict) -> dict:
    return e.get("metadata") or {}


def _same_arm(e: dict, eval_: str, dataset: str) -> bool:
    m = _meta(e)
    return m.get("eval") == eval_ and (m.get("dataset") or {}).get("name") == dataset


def pick_baseline(experiments: list[dict], eval_: str, dataset: str, spec: str | None) -> tuple[dict | None, str]:
    """(experiment, how) — how = ``MPA_BASELINE`` or ``latest``. ``spec`` is a comma list of
    experiment ids, names or run ids; the eval takes the newest named experiment of its own eval
    and dataset (a name that matches no experiment at all is an error: a typo must not silently
    compare against nothing)."""
    if spec:
        wanted = [s.strip() for s in spec.split(",") if s.strip()]
        known = [e for e in experiments if e.get("id") in wanted or e.get("name") in wanted
                 or _meta(e).get("run") in wanted]
        unknown = [w for w in wanted if not any(w in (e.get("id"), e.get("name"), _meta(e).get("run")) for e in known)]
        if unknown:
            raise BaselineError(f"MPA_BASELINE={spec!r}: no experiment, id or run {', '.join(unknown)!r} in the "
                                f"project")
        mine = [e for e in known if _same_arm(e, eval_, dataset)]
        if len(wanted) == 1 and len(known) == 1 and not mine and not _meta(known[0]).get("eval"):
            mine = known  # an experiment not made by this harness: the user named it, use it
        return (mine[0] if mine else None), "MPA_BASELINE"
    for e in experiments:
        if _same_arm(e, eval_, dataset):
            return e, "latest"
    return None, "latest"


def resolve_baseline(project: str, eval_: str, dataset: str, spec: str | None) -> dict | None:
    """{"id", "name", "how"} of the baseline when logs are sent, else None (``MPA_BASELINE`` given
    offline is only recorded)."""
    if not sending_logs():
        return {"id": None, "name": spec, "how": "MPA_BASELINE (not resolved: logs not sent)"} if spec else None
    if spec and len([s for s in spec.split(",") if s.strip()]) == 1 and UUID.match(spec.strip()):
        return {"id": spec.strip(), "name": None, "how": "MPA_BASELINE"}
    e, how = pick_baseline(project_experiments(project), eval_, dataset, spec)
    return {"id": e["id"], "name": e.get("name"), "how": how} if e else None


# ------------------------------------------------------------------ datasets
@dataclass
class DatasetRef:
    name: str                  # golden file (or directory) relative to the datasets dir: "retrieval.jsonl"
    files: list[Path]
    hash: str = ""
    id: str | None = None      # Braintrust dataset id when uploaded
    bt_name: str | None = None
    uploaded: int = 0          # rows uploaded by this run (0 = reused)
    extra: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"name": self.name, "hash": self.hash, "id": self.id, "bt_name": self.bt_name,
                "uploaded_rows": self.uploaded}


_datasets: dict[tuple, DatasetRef] = {}


def dataset_ref(name: str, files: list[Path]) -> DatasetRef:
    return DatasetRef(name, files, content_hash(files))


def _case_id(c: Any, i: int) -> str:
    return str((getattr(c, "metadata", None) or {}).get("case_id") or i)


def link_dataset(project: str, ref: DatasetRef, cases: list, label: str | None = None) -> list:
    """Upload ``cases`` as the dataset ``<stem>@<hash12>`` unless a dataset of that name exists,
    and point each case's ``origin`` at its row. Offline: ``cases`` unchanged. ``label`` names a
    dataset built differently from the same file (the packing eval's subset of the retrieval goldens)."""
    if not sending_logs():
        return cases
    stem = label or ref.name.rstrip("/").rsplit("/", 1)[-1].split(".")[0]
    bt_name = f"{stem}@{ref.hash[:12]}"
    key = (project, bt_name)
    with _lock:
        known = _datasets.get(key)
        if known is None:
            found = _api().get_json("v1/dataset", {"project_name": project, "dataset_name": bt_name}).get("objects")
            found = [d for d in found or [] if d.get("name") == bt_name]
            ref.bt_name = bt_name
            if found:  # this content was uploaded before: reuse it, upload nothing
                ref.id = found[0]["id"]
            else:  # first time this content is seen: upload every row once
                import braintrust

                ds = braintrust.init_dataset(project, name=bt_name, description=f"golden file {ref.name}",
                                             metadata={"file": ref.name, "content_hash": ref.hash})
                seen = set()
                for i, c in enumerate(cases):
                    rid = _case_id(c, i)
                    if rid not in seen:
                        seen.add(rid)
                        ds.insert(input=c.input, expected=c.expected, metadata=c.metadata, tags=c.tags, id=rid)
                ds.flush()
                ref.id, ref.uploaded = ds.id, len(seen)
            _datasets[key] = known = ref
        ref.id, ref.bt_name, ref.uploaded = known.id, known.bt_name, known.uploaded
    for i, c in enumerate(cases):
        c.origin = {"object_type": "dataset", "object_id": known.id, "id": _case_id(c, i)}
    return cases


# ------------------------------------------------------------------ the arm
@dataclass
class Arm:
    name: str
    tags: list[str]
    metadata: dict
    baseline_id: str | None

    def eval_kwargs(self) -> dict:
        """The ``Eval()`` arguments ``braintrust eval`` forwards to the experiment it registers."""
        return {"experiment_name": self.name, "metadata": self.metadata, "tags": self.tags,
                "base_experiment_id": self.baseline_id}


def arm_hash(config_hash: str, agent: str, model: str, extra: dict | None) -> str:
    blob = json.dumps({"config": config_hash, "agent": agent, "model": model, "extra": extra or {}}, sort_keys=True)
    return _sha(blob.encode())[:8]


def arm_name(eval_: str, preset: str | None, model: str, short_hash: str) -> str:
    parts = [eval_.replace("/", "-"), preset or "-", model, short_hash]
    return ".".join(p.replace(" ", "_") for p in parts)


def arm_tags(eval_: str, family: str, preset: str | None, agent: str, model: str, gated: bool,
             dataset: str) -> list[str]:
    tags = [f"eval:{eval_}", f"family:{family}", f"agent:{agent}", f"model:{model}",
            "gated" if gated else "compare-only", f"dataset:{dataset}"]
    return tags + ([f"preset:{preset}"] if preset else [])


__all__ = ["Arm", "BaselineError", "DatasetRef", "RUN_ID", "arm_hash", "arm_name", "arm_tags", "code_fingerprint",
           "content_hash", "dataset_ref", "kb_fingerprint", "link_dataset", "pick_baseline", "resolve_baseline",
           "sending_logs"]
