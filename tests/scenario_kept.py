"""The problems the scenario loader finds in each scenario (``agent.scenario._known_problems``), kept in pytest's
cache folder between the test processes and between runs — as tests/kbfacts_kept.py keeps a KB's facts, by the
same mechanism (tests/disk_kept.py).

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

import json
from pathlib import Path

from tests.disk_kept import code_digest as _digest, kept_on_disk, version_folder

ROOT = Path(__file__).resolve().parents[1]
FOLDER = "scenario-problems"


def code_digest() -> str:
    """A hash of the code deciding a scenario's problems (module docstring) and of the jsonschema version."""
    from importlib.metadata import version

    return _digest([ROOT / "agent" / "scenario.py", ROOT / "agent" / "simulator.py",
                    *sorted(p for p in (ROOT / "mpa").iterdir() if p.is_file())], f"jsonschema {version('jsonschema')}")


def keep_problems(config) -> Path | None:
    """``agent.scenario._known_problems`` read through the cache folder in this process; the folder, or ``None``
    without pytest's cache. Called by the first test of a process (a session fixture in conftest.py): the xdist
    controller, which loads no scenario, never imports the loader for it."""
    folder = version_folder(config, FOLDER, code_digest(), prune=True)
    if folder is None:
        return None
    from agent import scenario

    if not hasattr(scenario._known_problems, "kept_in"):
        scenario._known_problems = kept(scenario._known_problems, folder)
    return folder


def kept(problems, folder: Path):
    """``problems(text, stem)`` (a scenario's problem list), loaded from ``folder`` when a process wrote it before,
    else computed and written there (JSON). Cached in the process as the loader caches it (128 entries)."""
    known_problems = kept_on_disk(lambda text, stem: tuple(problems(text, stem)), folder,
                                  key=lambda text, stem: json.dumps([text, stem]).encode(), suffix=".json",
                                  dump=lambda found: json.dumps(list(found)).encode("utf-8"),
                                  load=lambda raw: tuple(json.loads(raw.decode("utf-8"))),
                                  unreadable=(ValueError, TypeError), maxsize=128)
    known_problems.__wrapped__ = problems
    return known_problems
