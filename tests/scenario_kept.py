"""The problems the scenario loader finds in each scenario (``agent.scenario._known_problems``), kept in pytest's
cache folder between the test processes and between runs — as tests/kbfacts_kept.py keeps a KB's facts.

Why: the suite loads ~460 scenario files (every paraphrase set's schema checks, the datasets, each fixture KB's
goldens); validating one (the JSON schema, then the semantic checks) costs ~1.5 ms of CPU: ~0.7 s a run, split over
the workers, for files that rarely change. Here the first process that validates a scenario writes its problem list
and every other process, in this run or a later one, loads it (~0.05 ms).

Never stale: the file's name is a hash of the function's whole argument (the scenario's text, as the loader passes
it, and the file stem), its folder's name a hash of the code that decides the problems — agent/scenario.py (schema
and semantic checks), agent/simulator.py (placeholders), every file of mpa/ (the vocabulary the schema's enums come
from) — and of the jsonschema version, so a changed check finds no file and validates, as before. Folders of other
versions are deleted. Without pytest's cache (``-p no:cacheprovider``) nothing changes. Written atomically (a
temporary file renamed): the workers may race to write the same scenario."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDER = "scenario-problems"


def code_digest() -> str:
    """A hash of the code deciding a scenario's problems (module docstring) and of the jsonschema version."""
    from importlib.metadata import version

    digest = hashlib.sha256(f"jsonschema {version('jsonschema')}".encode())
    files = [ROOT / "agent" / "scenario.py", ROOT / "agent" / "simulator.py",
             *sorted(p for p in (ROOT / "mpa").iterdir() if p.is_file())]
    for path in files:
        digest.update(f"{path.parent.name}/{path.name}".encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def keep_problems(config) -> Path | None:
    """``agent.scenario._known_problems`` read through the cache folder in this process; the folder, or ``None``
    without pytest's cache. Called by the first test of a process (a session fixture in conftest.py): the xdist
    controller, which loads no scenario, never imports the loader for it."""
    cache = getattr(config, "cache", None)
    if cache is None:
        return None
    from agent import scenario

    root = cache.mkdir(FOLDER)
    folder = root / code_digest()
    for old in root.iterdir():
        if old != folder:
            shutil.rmtree(old, ignore_errors=True) if old.is_dir() else old.unlink(missing_ok=True)
    folder.mkdir(exist_ok=True)
    if not hasattr(scenario._known_problems, "kept_in"):
        scenario._known_problems = kept(scenario._known_problems, folder)
    return folder


def kept(problems, folder: Path):
    """``problems(text, stem)`` (a scenario's problem list), loaded from ``folder`` when a process wrote it before,
    else computed and written there. Cached in the process as the loader caches it (128 entries)."""

    @lru_cache(maxsize=128)
    def known_problems(text: str, stem: str | None) -> tuple[str, ...]:
        key = json.dumps([text, stem])
        path = folder / f"{hashlib.sha256(key.encode()).hexdigest()[:32]}.json"
        try:
            return tuple(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, TypeError):
            pass
        found = problems(text, stem)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            tmp.write_text(json.dumps(list(found)), encoding="utf-8")
            os.replace(tmp, path)
        except OSError:  # a read-only cache folder: validate each time, as without it
            tmp.unlink(missing_ok=True)
        return tuple(found)

    known_problems.__wrapped__ = problems
    known_problems.kept_in = folder
    return known_problems
