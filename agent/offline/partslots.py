"""Each part of a two-part figure question looked up with its own business and platform.

Why: "what's the cost per booked appointment for a chiropractor, and what's their Google CPC?" asks two figures.
The look-ups were the cross product of the message's metrics with its one business and every platform it named,
so the first figure was asked "on Google Ads" (the KB keeps it blended: "no benchmark"), and in "the cost per
eligible applicant for a school district and the applicant-to-hire rate for transit operators" both figures went
to the school district (the second business was never looked up). English marks the parts: a clause joined by
"and" / a comma / a semicolon or a new sentence, each naming its own metric. A part that names its own business
is a whole question: it takes only the platforms it names itself. A part that names none ("and what's their
CPC?") leans on the message: its business, and the platforms the message names, as before.
Only a message whose every metric sits in exactly one part, with two parts or more, is touched; anything else
(one clause naming two metrics, "the Google CPC and CPM for dentists") keeps the plain cross product.
"""
from __future__ import annotations

import re

from agent.offline import planvertical, platformfig
from agent.offline.parse import parse
from agent.offline.recall import remember

# a part's boundary: a sentence end or semicolon; a comma or "and" before the next part's question word or article
_CUT = re.compile(r"[?;]\s*|\.\s+|(?:\s*,\s*|\s+)(?:and|plus|also|but)\s+(?=(?:what|what's|whats|how|which|the|"
                  r"their|its|a|an|for)\b)|,\s+(?=(?:what|what's|whats|how|which)\b)", re.I)


def _parts(text: str) -> list[str]:
    return [c.strip(" ,") for c in _CUT.split(text) if c and c.strip(" ,")]


def _metrics(part: str) -> list[str]:
    p = parse(part)
    return list(p.metrics) + list(p.metric_phrases)


def calls(text: str, metrics: list[str], vertical: str | None, other: str | None, mem, history: list) -> list[dict] | None:
    """get_benchmark inputs, one per metric, each from the part naming it; None when the message is not
    parts that each name their own metrics (``mem``, ``history``: the conversation, which a part's "a shop like
    ours" points back to)."""
    if len(metrics) < 2:
        return None
    parts = _parts(text)
    if len(parts) < 2:
        return None
    owner: dict[str, str] = {}
    for part in parts:
        for m in _metrics(part):
            if m in owner and owner[m] != part:
                return None  # one metric asked in two parts: not told apart by its part
            owner[m] = part
    if any(m not in owner for m in metrics) or len({owner[m] for m in metrics}) < 2:
        return None
    out: list[dict] = []
    for m in metrics:
        part = owner[m]
        own = _own_vertical(part, mem, history)
        plats = platformfig.platforms(part) or ([] if own else platformfig.platforms(text) or [other])
        out += [{"vertical": own or vertical, "metric": m, **({"platform": pl} if pl else {})} for pl in plats or [None]]
    return out


def _own_vertical(part: str, mem, history: list) -> str | None:
    """The business a part names itself, read as the conversation reads it ("a shop like ours": the user's); None
    when the part names none (then the conversation's business is not its own: the message's is)."""
    p = parse(part)
    if not planvertical.of(part, p, remember([]), []):
        return None
    return planvertical.of(part, p, mem, history)
