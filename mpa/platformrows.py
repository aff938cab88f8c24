"""A platform's rows written for a business under a shorter or longer label than the list row the look-up matched:
"Rows below are for assisted living only" over "- Google Ads: $430-520", asked of "assisted living buildings", which
the labels match to the row "Assisted Living Communities" of a list by community type (no platform rows of its own).

Why: a kept list row answers for what it is named (:func:`mpa.fact_lookups._kept_rows`), and declined when it had no
row for the platform asked ("only for no named platform, not for 'Google Ads'"); yet the KB may state the same
business's figures by platform in another section, under the label its sentence declares ("assisted living"). When
a vertical whose every word is within the row's label (or the other way round) has that platform's row for the
metric, the row does not decline: the look-up goes on to the verticals, which find it. Nothing is listed: the labels
and platforms are the KB's own.
"""
from __future__ import annotations

from mpa.captions import platforms_in_kb
from mpa.glossed import kb_short_name
from mpa.labelwords import stems


def elsewhere(facts, labels: list[str], metric: str | None, platform: str | None, texts) -> bool:
    """Does a vertical named within (or around) one of ``labels`` state ``metric`` on ``platform``?"""
    if not platform or not metric:
        return False
    words = [set(stems(lb)) for lb in labels]
    theirs = [f for f in facts if f.kind == "benchmark" and f.vertical and f.metric == metric and f.platform and any(
        (v := set(stems(f.vertical))) and (v <= w or w <= v) for w in words)]
    stated = {f.platform for f in theirs}
    plats = platforms_in_kb(kb_short_name(platform, texts, stated), stated) if stated else None
    return bool(plats and any(f.platform in plats for f in theirs))
