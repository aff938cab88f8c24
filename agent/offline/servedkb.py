"""The knowledge-base folder the tools serve, and its documents, read once per folder.

Why: a few rules read the knowledge base as a whole, not only the passages a search returned — the
meaning search over every section (:mod:`~agent.offline.meaningsearch`) and the KB's own measure words
(:mod:`~agent.offline.kbterms`). They read the same folder, ``MPA_KB_DIR`` (set by the evals' ``--kb``)
else ``kb/``, with the engine's own parser; one reader keeps that one parse per folder and process.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path


def folder() -> str | None:
    """The resolved folder the tools serve, or None when it is no folder."""
    from rag.settings import RagSettings
    kb = Path(RagSettings.read("kb_dir") or Path("kb"))
    return str(kb.resolve()) if kb.is_dir() else None


@lru_cache(maxsize=4)
def documents(kb: str) -> tuple:
    """The documents (:class:`rag.documents.Document`) of the KB folder ``kb``; none when it holds none
    or cannot be read."""
    from rag.documents import EmptyKnowledgeBaseError, load_directory
    try:
        return tuple(load_directory(kb).documents)
    except (EmptyKnowledgeBaseError, OSError):
        return ()
