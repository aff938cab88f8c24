"""Whether the passages quoted state the business asked about under the KB's own row label.

Why: :func:`agent.offline.gaps.other_verticals` reads a benchmark file's vertical from its name, the shipped KB's
convention ("benchmarks-saas.md"). A plain-text KB may name a file after one vertical and list many businesses'
rows in it (kb_txt2's "b2b_saas_and_finance_costs" lists Online MBA Programs and Credit Cards): an answer quoting
the asked business's own row must not be told "the figures above are saas's". A row label counts as asked when the
question says every content word of it, singular or plural ("online mba program" says "Online MBA Programs").
"""
from __future__ import annotations

from functools import lru_cache

from agent.offline import servedkb
from mpa.resolve import says_words
from mpa.vocabulary import VOCABULARY, match_terms


@lru_cache(maxsize=servedkb.PER_KB)
def labels(folder: str | None) -> tuple[str, ...]:
    """The business labels the served KB states benchmark figures for, longest first."""
    if not folder:
        return ()
    from mpa.facts import kb_facts
    docs = [(d.source, d.text) for d in servedkb.documents(folder)]
    found = set()
    for f in kb_facts(docs):
        if f.kind != "benchmark":
            continue
        found.add((f.vertical or "").strip())
        if not f.vertical and f.label and f.label not in (f.platform, f.geography) and not match_terms(
                f.label, VOCABULARY["platforms"]):  # a row named by its kind ("Online MBA Programs"), not a platform's
            found.add(f.label.strip())
    return tuple(sorted(found - {""}, key=lambda s: (-len(s), s)))


def stated(question: str, passages: list[dict]) -> bool:
    """True when a passage states a row label of the served KB that the question names in full."""
    texts = [ps.get("text", "").lower() for ps in passages]
    return any(says_words(label, question) and any(label.lower() in t for t in texts)
               for label in labels(servedkb.folder()))
