"""The knowledge-base folder the tools serve, and its documents, read once per folder.

Why: a few rules read the knowledge base as a whole, not only the passages a search returned — the
meaning search over every section (:mod:`~agent.offline.meaningsearch`) and the KB's own measure words
(:mod:`~agent.offline.kbterms`). They read the same folder, ``MPA_KB_DIR`` (set by the evals' ``--kb``)
else ``kb/``, with the engine's own parser; one reader keeps that one parse per folder and process.
"""
from __future__ import annotations

import functools
import os
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

# How many KB folders' readings each per-folder cache keeps. A process may switch between KBs (the test session
# reads about a dozen: kb/, the fixture KBs and the small KBs tests write); at 4 or 8 the readings of one KB were
# evicted by the others and made again (~0.1-0.3 s each), though they depend on nothing but the folder.
PER_KB = 16

_RESOLVED: dict[tuple[str, str], str] = {}  # (the setting as given, the working directory) → its resolved path
# The answer of folder() while a model call is held (:func:`held`): [] until it is first asked, then [the answer].
_HELD: ContextVar[list | None] = ContextVar("servedkb_held", default=None)


def held(create):
    """``create`` (a model call) with :func:`folder` answered once for the whole call.

    Why: the rules ask for the folder about twenty times per model call (each reading of a message is cached per
    folder); reading the setting, the working directory and the disk each time was ~5 % of the offline agent's CPU.
    Nothing in one model call changes the setting or the folder, and the next call asks afresh, so a test that
    changes ``MPA_KB_DIR`` or removes the folder between calls is still answered from the new state."""
    @functools.wraps(create)
    def call(*args, **kwargs):
        token = _HELD.set([])
        try:
            return create(*args, **kwargs)
        finally:
            _HELD.reset(token)
    return call


def folder() -> str | None:
    """The resolved folder the tools serve, or None when it is no folder (once per model call: :func:`held`)."""
    memo = _HELD.get()
    if memo:
        return memo[0]
    found = _folder()
    if memo is not None:
        memo.append(found)
    return found


def _folder() -> str | None:
    """:func:`folder`, asked now. Several rules ask on every model call (~15,000 times in the test suite);
    resolving the path each time (a ``realpath`` walk) cost more than their own work, so it is resolved once per
    setting and working directory — whether it is a folder is still asked every time."""
    from rag.settings import RagSettings
    raw = str(RagSettings.read("kb_dir") or Path("kb"))
    key = (raw, os.getcwd())
    hit = _RESOLVED.get(key)
    if hit is None:
        kb = Path(raw)
        if not kb.is_dir():
            return None
        hit = _RESOLVED.setdefault(key, str(kb.resolve()))
    return hit if os.path.isdir(hit) else None


@lru_cache(maxsize=PER_KB)
def documents(kb: str) -> tuple:
    """The documents (:class:`rag.documents.Document`) of the KB folder ``kb``; none when it holds none
    or cannot be read."""
    from rag.documents import EmptyKnowledgeBaseError, load_directory
    try:
        return tuple(load_directory(kb).documents)
    except (EmptyKnowledgeBaseError, OSError):
        return ()


@lru_cache(maxsize=PER_KB)
def facts(kb: str) -> tuple:
    """Every fact (:func:`mpa.facts.kb_facts`) of the KB folder ``kb``'s documents, read once per folder: the rules
    that read a KB's own rows (its labels, markets, figures) all ask for the same list. Read-only: shared."""
    from mpa.facts import kb_facts
    return tuple(kb_facts([(d.source, d.text) for d in documents(kb)]))
