"""The facts of each KB text the suite reads (``mpa.facts._text_facts``), kept in pytest's cache folder between the
test processes and between runs — as the session engines keep their indexes there (``conftest._index_cache``).

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

import hashlib
import os
import pickle
import shutil
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDER = "kb-facts"


def code_digest() -> str:
    """A hash of every file of ``mpa/`` and ``rag/`` (names and bytes), bytecode aside."""
    digest = hashlib.sha256()
    for path in sorted(p for pkg in ("mpa", "rag") for p in (ROOT / pkg).iterdir() if p.is_file()):
        digest.update(f"{path.parent.name}/{path.name}".encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def keep_facts(config, wrap: bool = True) -> Path | None:
    """``mpa.facts._text_facts`` read through the cache folder in this process (unless not ``wrap``: an xdist
    controller, which reads no KB, does not even import the reader); the folder, or ``None`` without pytest's
    cache. The controller (no ``workerinput``) also deletes other code versions' folders."""
    cache = getattr(config, "cache", None)
    if cache is None:
        return None
    root = cache.mkdir(FOLDER)
    folder = root / code_digest()
    if not hasattr(config, "workerinput"):
        for old in root.iterdir():
            if old != folder:
                shutil.rmtree(old, ignore_errors=True) if old.is_dir() else old.unlink(missing_ok=True)
    folder.mkdir(exist_ok=True)
    if wrap:
        from mpa import facts

        facts._text_facts = kept(facts._text_facts, folder)
    return folder


def kept(read, folder: Path):
    """``read(docs)`` (a KB's facts from its (source, text) pairs), loaded from ``folder`` when a process wrote
    them before, else read and written there. Cached in the process as the product caches it."""

    @lru_cache(maxsize=64)
    def text_facts(docs: tuple[tuple[str, str], ...]) -> tuple:
        path = folder / f"{hashlib.sha256(pickle.dumps(docs, protocol=4)).hexdigest()[:32]}.pickle"
        try:
            return pickle.loads(path.read_bytes())
        except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, TypeError, ValueError):
            pass
        facts = read(docs)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            tmp.write_bytes(pickle.dumps(facts, protocol=pickle.HIGHEST_PROTOCOL))
            os.replace(tmp, path)
        except OSError:  # a read-only cache folder: read each time, as without it
            tmp.unlink(missing_ok=True)
        return facts

    text_facts.__wrapped__ = read
    return text_facts
