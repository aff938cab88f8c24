"""The media-planning domain on top of the generic retrieval package :mod:`rag`.

Vocabulary (:mod:`mpa.vocabulary`), chunk tagging (:mod:`mpa.tagging`), MPA-10 steps
(:mod:`mpa.steps`), ranking signals (:mod:`mpa.ranking`), query intent (:mod:`mpa.intent`),
the KB's tables (:mod:`mpa.tables`), structured look-ups (:mod:`mpa.lookups`,
:mod:`mpa.research`) and the agent's tools (:mod:`mpa.tools`). :func:`mpa.engine.build_engine`
wires the domain into :class:`rag.engine.RetrievalEngine`. Imports go one way: rag ← mpa.
"""


def domain():
    """The media-planning :class:`rag.domain.Domain` (see :func:`mpa.engine.domain`)."""
    from mpa.engine import domain as make

    return make()
