"""A channel format the KB prices in a table row, said in the user's own words ("the sponsored product listings",
"the digital screens in their stores" for rows "Sponsored products", "In-store digital screens").

Why: the channel-figure route (:mod:`~agent.offline.channelfig`) starts when the message names a platform or channel
the vocabulary or the KB's declared labels know. A format a channel document prices in a cost table ("RMN format |
Pricing unit | Illustrative range") is asked about in everyday words that name no platform, and the turn fell to a
plain search whose best passage was the format's description, not its price. The KB's own row labels are the
names to meet: a row of a table that prices something (a cell or header naming a metric of the vocabulary), whose
label is no metric itself (the vertical tables' "CAC" rows), is said when the message holds at least two of its
words and more than half of them (rag's analyzer: "products" ≈ "product", "in-store" ≈ "store").
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline import servedkb
from agent.offline.passages import markdown_tables, terms
from mpa.vocabulary import VOCABULARY, match_terms

_FIGURE = re.compile(r"\d")


@lru_cache(maxsize=servedkb.PER_KB)
def _labels(kb: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """(row label, its words) of each priced table row of the KB in ``kb``."""
    out = {}
    for d in servedkb.documents(kb):
        for _, (head, *rows) in markdown_tables(d.text):
            priced = bool(match_terms(" ".join(head), VOCABULARY["metrics"]))
            for r in rows:
                if not r or not any(_FIGURE.search(c) for c in r[1:]):
                    continue
                if not (priced or match_terms(" ".join(c for c in r[1:] if not _FIGURE.search(c)), VOCABULARY["metrics"])):
                    continue
                if match_terms(r[0], VOCABULARY["metrics"]) or _FIGURE.search(r[0]):
                    continue
                words = frozenset(terms(r[0].replace("-", " ")))
                if len(words) >= 2:
                    out.setdefault(r[0], words)
    return tuple(out.items())


def labels_said(text: str) -> list[str]:
    """The priced rows' labels the message says by most of their words (see the module's docstring)."""
    kb = servedkb.folder()
    if not kb or not text:
        return []
    said = set(terms(text.replace("-", " ")))
    return [label for label, words in _labels(kb) if len(words & said) >= 2 and 2 * len(words & said) > len(words)]


def metrics_of(labels: list[str]) -> list[str]:
    """The metrics the KB prices the rows ``labels`` in: a text cell of the row ("Pricing unit: CPM"), else the
    headers of its columns that hold figures ("CPM" over "$2–$6")."""
    kb = servedkb.folder()
    out: list[str] = []
    for d in servedkb.documents(kb) if kb else ():
        for _, (head, *rows) in markdown_tables(d.text):
            for r in rows:
                if not r or r[0] not in labels:
                    continue
                own = match_terms(" ".join(c for c in r[1:] if not _FIGURE.search(c)), VOCABULARY["metrics"])
                cols = [m for h, c in zip(head[1:], r[1:]) if _FIGURE.search(c) for m in match_terms(h, VOCABULARY["metrics"])]
                out += [m for m in own or cols if m not in out]
    return out
