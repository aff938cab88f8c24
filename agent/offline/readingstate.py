"""What a cached reading of a message depends on besides its text — one key for every per-message cache.

Why: the parse (:func:`agent.offline.parse.parse`), a definition question's terms (:mod:`~agent.offline.definition`)
and a turn's searches (:mod:`~agent.offline.turnform`) are kept per message, and each reads three things that can
change inside one process: the names the KB declares (:func:`~agent.offline.kblabels.declared`), the folder the
tools serve (:func:`~agent.offline.servedkb.folder`: its explanations, glosses, markets) and whether the meaning
similarity is switched off (:func:`~agent.offline.semantic.switched_off`: a place or a business read by meaning).
Written once here, so a cache cannot key on two of the three.
"""
from __future__ import annotations

from agent.offline import kblabels, semantic, servedkb


def key() -> tuple:
    """The state a reading of a message depends on, hashable (module doc)."""
    return kblabels.declared(), servedkb.folder(), semantic.switched_off()
