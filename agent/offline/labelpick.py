"""One of the businesses the last answer listed, picked by the words that tell it from the others.

Why: a look-up can answer with several of the KB's own labels at once ("SaaS (Enterprise Tier) / SaaS (Mid-Market
Tier) / SaaS (SMB Tier)"); "and mid market" then picks one by the words only it has ("mid", "market"), which no
rule reading a whole label said in full can see. The words are compared stemmed; the label is picked only when
they are in exactly one of the listed labels and every content word of the message that is not a slot (a metric,
a platform) is one of that label's.
"""
from __future__ import annotations

import re

from agent.offline.passages import terms
from mpa.vocabulary import VOCABULARY, any_term

_FILLER = set(terms("and or what about how for the a an then instead now ok okay please pls same one tier"))


def picked(text: str, last: list) -> str | None:
    """The one label of the last turn's several-label look-up (``last``: its outcomes) the message picks, else None."""
    labels: list[str] = []
    for o in last:
        if o.name == "get_benchmark" and o.found:  # "get_benchmark: A / B / C CPC — 3 figure(s) …"
            head, metric = o.fields.get("get_benchmark", "").split(" — ")[0], str(o.input.get("metric", ""))
            head = head[:-len(metric)].rstrip() if metric and head.lower().endswith(metric.lower()) else head
            labels += [x.strip() for x in head.split(" / ")] if " / " in head else []
    labels = list(dict.fromkeys(labels))
    if len(labels) < 2:
        return None
    low = text.lower()
    for table in ("metrics", "platforms"):
        low = any_term(VOCABULARY[table]).sub(" ", low)
    said = set(terms(re.sub(r"[-–]", " ", low))) - _FILLER
    if not said:
        return None
    fits = [lab for lab in labels if said <= set(terms(re.sub(r"[-–()]", " ", lab)))]
    shared = set.intersection(*(set(terms(re.sub(r"[-–()]", " ", lab))) for lab in labels))
    return fits[0] if len(fits) == 1 and not said <= shared else None
