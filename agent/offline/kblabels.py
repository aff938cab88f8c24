"""The verticals a knowledge base names in its own words, as the benchmark tool declares them.

Why: the vocabulary knows the shipped KB's verticals; another KB labels its own ("Holiday rentals",
"Grooming salons and boarding kennels"), and get_benchmark's description lists them ("This knowledge
base's own: …"). When no sentence form names the user's business (:mod:`agent.offline.business`:
"for a …", "we're a …"), a label whose part the message says in full — every content word of it,
stemmed ("holiday rentals", "our inn" for "… and inns") — is the business asked about. A part's
every word, not one: "home" alone is not "Home Improvement", "higher" alone not "Higher Education".

:func:`declare` is called once per model call with the tools it was handed.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline import kbmetrics
from agent.offline.passages import terms

_LABELS: list[str] = []
_OWN = re.compile(r"This knowledge base's own: ([^\n]+?)\.(?:\s|$)")
_SPLIT = re.compile(r"\s*(?:,|&|/|\band\b|\bor\b|\+)\s*", re.I)


def declare(tools: list[dict] | None) -> None:
    """Read the KB's own vertical labels from get_benchmark's vertical description (none: empty)."""
    _LABELS.clear()
    for t in tools or []:
        if t.get("name") == "get_benchmark":
            desc = (((t.get("input_schema") or {}).get("properties") or {}).get("vertical") or {}).get("description", "")
            m = _OWN.search(desc)
            _LABELS.extend(x.strip() for x in (m.group(1).split(", ") if m else []) if x.strip())


def named_in(text: str) -> str | None:
    """The one declared label a part of which the text says in full (None when none or several)."""
    said = set(terms(text))
    hits = {label for label, part in _parts(tuple(_LABELS)) if part <= said}
    return hits.pop() if len(hits) == 1 else None


@lru_cache(maxsize=8)
def _parts(labels: tuple[str, ...]) -> tuple[tuple[str, frozenset[str]], ...]:
    """(label, the words of one of its parts) for each part with words: read once per declaration."""
    return tuple((label, frozenset(terms(part))) for label in labels for part in _SPLIT.split(label) if terms(part))


def state() -> tuple:
    """What is declared now, hashable: a cached reading of a message holds for this declaration only."""
    return tuple(_LABELS)


def declared() -> tuple:
    """Every name the KB declares now (its metrics and its labels), hashable: the key under which a
    reading of a message (:mod:`agent.offline.parse`, :mod:`recall`, :mod:`formulas`) is cached."""
    return kbmetrics.state() + state()
