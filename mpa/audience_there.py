"""The same people sized for the place asked under another label: a KB may size one audience in two lists with two
labels — "Dog-Owning Households" by market, "Households with a dog" among its national counts.

Why: the look-up matches the audience's label first and then the place. When the label matched first has no size
for the place asked ("and nationwide?" after a market), the KB may still size those people there under the other
label; the follow-up that changes only the place was declined although the KB answers it. So, then, the labels
sized for that place are matched against the query by the same rules as any label (:func:`mpa.labels.match_audience`,
the caller's check that the label counts what the query names), and only one label found answers. No place is
assumed: the place is the one asked, and a label sized nowhere there leaves the decline as it was.
"""
from __future__ import annotations

from typing import Callable

from mpa.audience_described import fact_definitions
from mpa.audience_unsaid import keeper
from mpa.labels import match_audience


def relabelled(query: str, aud: list, there: list, matched: set, texts) -> list:
    """The facts of ``there`` (the audience facts sized for the place asked) of the one label other than ``matched``
    that ``query`` names; [] when none or several do."""
    labels = sorted({f.audience for f in there if f.audience} - set(matched))
    keep: Callable[[str], bool] = keeper(query, fact_definitions(aud, texts), sorted({f.geography for f in aud if f.geography}))
    names = match_audience(query, labels, labels, keep) if labels else []
    return [f for f in there if f.audience == names[0]] if len(names) == 1 else []
