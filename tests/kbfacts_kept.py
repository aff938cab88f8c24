"""The facts of each KB text the suite reads (``mpa.facts._text_facts``), kept in pytest's cache folder between the
test processes and between runs — as the session engines keep their indexes there (``conftest._index_cache``); the
mechanism, shared with tests/scenario_kept.py, is tests/disk_kept.py.

Why: reading a KB's facts (lists, metric lines, grids, prose audiences, sentences naming verticals) is the largest
part of a test process's first question on a KB: kb/'s ~0.2 s of CPU, each plain-text fixture KB's ~0.06-0.13 s.
The product reads them once per process (an ``lru_cache`` keyed by the KB's whole text); each xdist worker is a
process of its own and meets ~34 KBs (the fixture KBs and the small ones tests write), so every run read them again
in each worker: ~0.9-1.0 s of CPU per worker measured (``_text_facts`` timed in a full run). Here the first
process that reads a KB writes its facts (pickled) and every other process, in this run or a later one, loads them
(~1 ms a KB).

Never stale: the file's name is a hash of the KB's text (the function's whole argument), and its folder's name a
hash of the code that reads facts — every file of ``mpa/`` and ``rag/`` (``mpa.facts`` imports from nothing else;
``mpa/everyday.json`` is data the readers load) — so a changed reader finds no file and reads the KB itself,
as before. Folders of other code versions are deleted. Without pytest's cache (``-p no:cacheprovider``) nothing
changes. Written atomically (a temporary file renamed): the workers may race to write the same KB.
"""
from __future__ import annotations

import pickle
from pathlib import Path

from tests.disk_kept import code_digest as _digest, kept_on_disk, version_folder

ROOT = Path(__file__).resolve().parents[1]
FOLDER = "kb-facts"


def code_digest() -> str:
    """A hash of every file of ``mpa/`` and ``rag/`` (names and bytes), bytecode aside."""
    return _digest(sorted(p for pkg in ("mpa", "rag") for p in (ROOT / pkg).iterdir() if p.is_file()))


def keep_facts(config, wrap: bool = True) -> Path | None:
    """``mpa.facts._text_facts`` read through the cache folder in this process (unless not ``wrap``: an xdist
    controller, which reads no KB, does not even import the reader); the folder, or ``None`` without pytest's
    cache. The controller (no ``workerinput``) also deletes other code versions' folders."""
    folder = version_folder(config, FOLDER, code_digest(), prune=not hasattr(config, "workerinput"))
    if folder is not None and wrap:
        from mpa import facts

        facts._text_facts = kept(facts._text_facts, folder)
    return folder


def kept(read, folder: Path):
    """``read(docs)`` (a KB's facts from its (source, text) pairs), loaded from ``folder`` when a process wrote
    them before, else read and written there (pickled). Cached in the process as the product caches it."""
    return kept_on_disk(read, folder, key=lambda docs: pickle.dumps(docs, protocol=4), suffix=".pickle",
                        dump=lambda facts: pickle.dumps(facts, protocol=pickle.HIGHEST_PROTOCOL), load=pickle.loads,
                        unreadable=(EOFError, pickle.UnpicklingError, AttributeError, ImportError, TypeError, ValueError),
                        maxsize=64)
