""""Is that good or bad compared to normal for stores?" right after the user stated their own spend and what it
brought in: the figure judged is the result of THOSE figures (a ROAS, a cost per customer), so the question is
asked again whole — the figures, the result they give, and the judgement against the norm.

Why: a judgement that only points back ("is that good", "how does that compare to normal") names no metric and no
number; read alone it searched the KB for "normal", and the answer listed the first rows of the business's table
(measured on dev19: a retailer's ROAS from "we spent $8,000 … $31,000 in sales" was judged with the retail CAC, CPA
and CPM rows). The metric is the one the user's own figures make: spend and revenue make a ROAS, spend and a count
of what it won make the price of one (the vocabulary's metric of that unit — leads: CPL — else the CAC: one won is one
acquired; :func:`agent.offline.ownresults.figures` gives each figure its role).
Restated as one message ("We spent $8,000 … What is our ROAS, and is that good compared to normal for stores?"),
the turn takes the path a self-contained question takes: the working and the business's range of that metric.
English only: a pointing word, a word of comparison or judgement, no figure or metric of its own.
"""
from __future__ import annotations

import re

from agent.offline import asking
from agent.offline.ownresults import _COMPARED, figures
from agent.offline.parse import EVALUATE, parse
from agent.offline.unitmetric import unit_metric

_BACK = re.compile(r"\b(?:that|this|it|those|these)\b", re.I)
_MAX_WORDS = 16


def restated(text: str, history: list) -> str | None:
    """The judged result asked again with the figures it comes from (module doc), or None."""
    if not history or len(text.split()) > _MAX_WORDS or not _BACK.search(text):
        return None
    low = text.lower()
    if not (_COMPARED.search(low) or EVALUATE.search(text)):
        return None
    p = parse(text)
    if p.numbers or p.metrics or p.metric_phrases or p.calc or p.audiences:
        return None
    prev = history[-1][0] if isinstance(history[-1], tuple) else history[-1]
    figs = figures(prev or "")
    roles = {f.role for f in figs}
    said = [s for s in asking.sentences(prev) if re.search(r"\d", s)]
    if "spend" not in roles or not said:
        return None
    if "revenue" in roles:
        ask = "What is our ROAS"
    elif "count" in roles and (word := next(f.word for f in figs if f.role == "count")):
        one = word[:-1] if word.endswith("s") and not word.endswith("ss") else word
        ask = f"What is our {unit_metric(one) or 'CAC'}"  # a lead's price is a CPL; any other one won, an acquisition
    else:
        return None
    said = [s.strip() if re.search(r"[.?!]$", s.strip()) else s.strip() + "." for s in said]
    return f"{' '.join(said)} {ask}, and {text.strip()[0].lower()}{text.strip()[1:]}"
