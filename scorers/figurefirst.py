"""A decline that opens with somebody else's figure: the KB figures an answer states *before* it says the
knowledge base lacks what was asked, unless the answer labels each of them as the user's own row.

Why: "Personal Injury Law Firms: $410-520. The knowledge base has no tattoo studio CPL benchmark" says the
right thing second; a reader (and a planner copying a number into a plan) meets the confident figure first,
and the figure is real — it is in the evidence, so the invented-number rule of :mod:`scorers.abstention`
lets it pass. On a turn that must abstain, a figure a row claims may come before the decline only when that row is one the
user named (their business, by the KB's own labels or the vocabulary's verticals:
"gaming CPM … no Reddit figure" in a gaming conversation) and no other metric than the message asks for; a
figure of a business the user never named, or the user's own business's figure of another metric ("automotive CPL
$25–$60 … no automotive ROAS benchmark") has to wait until after the decline (or not be there at all). A figure no
row claims (a platform's price for every business, a rule's share) is not judged here: whose it is cannot be read.

The row a figure belongs to is read the way every other scorer reads it (:func:`scorers.kbtables.nearest_name`:
the KB's labels, their parts, the vocabulary), in the figure's own paragraph (its label before it, or after it),
else from the name of the file its paragraph cites ("benchmarks-ecommerce"); the user's rows are the names
of that same table the user's messages say. A figure is a price, a rate, a multiple or a ratio, or a count of
10,000 or more (an audience), or a length of time a label states as its value ("Payback period: 3-4 months");
numbers the user gave are theirs, never an opening figure.
"""
from __future__ import annotations

import re

from scorers.kbtables import PLATFORM_SEP, metrics_in, nearest_name, verticals_in
from scorers.text import ABSTAIN_RE, cited_ids, claim_numbers, close, numbers, paragraphs, strip_citations


def _row(key: str | None) -> str | None:
    return key.split(PLATFORM_SEP)[0] if key else None


def _start(response: str) -> int:
    """Where the first "the knowledge base has no …" is said in ``response``."""
    return m.start() if (m := ABSTAIN_RE.search(response)) else len(response)


# a length of time stated as a row's value: "Payback period: 3-4 months", "average lease length: 7 months" (a small
# plain number is no claim elsewhere — "3 channels", "12 months" of a plan — but after a label's colon it is the figure)
_DURATION_AFTER = re.compile(r"\s*(?:[-–—]|to)?\s*(?:\d[\d.,]*\s*)?(?:days?|weeks?|months?|years?|nights?|hours?)\b", re.I)
_LABEL_BEFORE = re.compile(r":\s*(?:about |around |roughly )?$")


def _stated_duration(para: str, n) -> bool:
    """``n`` is a duration a label states as its value ("Payback period: 3-4 months")."""
    return bool(_DURATION_AFTER.match(para, n.end)) and bool(_LABEL_BEFORE.search(para[max(0, n.start - 20):n.start]))


def _figures(para: str) -> list:
    """The claims of ``para`` (:func:`scorers.text.claim_numbers`) and the durations a label states as its value."""
    claims = claim_numbers(para)
    clean = strip_citations(para)
    if clean != para:  # (claim_numbers reads the text with its citations removed: the positions are of that text)
        return claims
    kept = {(c.start, c.end) for c in claims}
    return sorted(claims + [n for n in numbers(para) if (n.start, n.end) not in kept and _stated_duration(para, n)],
                  key=lambda n: n.start)


def opening_figures(response: str, user_texts: list[str]) -> list[str]:
    """The figures ``response`` states before its first "the knowledge base has no …" sentence that are not
    labelled as a row the user named (each as written, with the row it was read under, if any); [] when the
    answer does not decline or declines first."""
    response = response or ""
    text = strip_citations(response)
    if ABSTAIN_RE.search(text) is None:
        return []
    users = " ".join(user_texts or [])
    theirs = {_row(k) for k in verticals_in(users)}
    asked = set(metrics_in((user_texts or [""])[-1]))  # the metrics this turn's message names
    given = [n.value for n in numbers(users)]
    out = []
    cut = len(strip_citations(response[:_start(response)]))
    for raw, para in zip(paragraphs(response), paragraphs(text)):
        filed = verticals_in(" ".join(re.sub(r"[-_.#\d]+", " ", i) for i in cited_ids(raw)))  # "[benchmarks-saas#3]"
        at = text.find(para)
        for n in _figures(para):
            if at + n.start >= cut:
                break
            if (not n.unit and n.value < 10_000 and not _stated_duration(para, n)) or any(close(n.value, g) for g in given):
                continue  # a formula's constant ("× 1,000"), a count of days; or the user's own number
            row = _row(nearest_name(para, n.start, "verticals") or (filed[0] if filed else None))  # "… saas CPC
            metric = nearest_name(para, n.start, "metrics")  # is $3.50–$7.00 … The Typical range is $3.50–$7.00"
            if row is None:
                continue  # no row claims it (a platform's price, a rule's share): whose it is is not read here
            if row not in theirs:
                out.append(f"{n.text} ({row})")
            elif metric and asked and metric not in asked:  # the user's business, another metric than asked
                out.append(f"{n.text} ({row} {metric})")
    return out


__all__ = ["opening_figures"]
