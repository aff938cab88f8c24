"""A figure's label as a calculation's lead-in names it: with the platform whose row the figure is, when the look-up
answered with one platform's row ("Arena Concerts CPTS on Spotify Marquee").

Why: a calculation opens "With the Typical <label> range of <figure> (Based on Knowledge Base [id])", the label being
the tool's ("Arena Concerts CPTS": the vertical and the metric's acronym). When the figure is one platform's row of a
list ("- Spotify Marquee: $4.70-5.50"), that sentence never said whose row it quoted: a reader could not tell it from
the vertical's blended figure, and the cited passage holds few of its words (the acronym is the glossary's). The
platform, as the tool's answer names the row, is what tells the figure apart — only when the answer gave one row,
named by something other than a period or "no platform named".
"""
from __future__ import annotations

import re

_PERIOD = re.compile(r"\s*\b(?:Q[1-4] )?(?:19|20)\d\d(?:[-/]\d{2,4})?\s*$")


def with_platform(label: str, facts) -> str:
    """``label`` with " on <platform>" when ``facts`` (the look-up's (where, value, id) rows) are one platform's row."""
    wheres = {_PERIOD.sub("", where or "").strip() for where, _, _ in facts or []}
    if len(wheres) != 1:
        return label
    where = wheres.pop()
    if not where or where.lower().startswith("no platform") or "," in where or where.lower() in label.lower():
        return label
    return f"{label} on {where}"


def ends_row(looked: dict | None, end: str | None) -> tuple | None:
    """(lo, hi, id) of the one row with two ends this turn's look-up (``looked``) shows beside point figures, when the
    message asks an end of a range ("the high end of the normal range" over the blended "$4.10-5.30" and TikTok's one
    "$6.40": a single figure has no ends, so the row that has them is the one meant); None otherwise."""
    if end not in ("high", "low", "mid") or not looked or len(looked.get("range") or []) == 2:
        return None
    two = [(nums, cid) for _, value, cid in looked.get("facts") or []
           if len(nums := [float(x.replace(",", "")) for x in re.findall(r"\d[\d,]*(?:\.\d+)?", value)]) == 2]
    return (two[0][0][0], two[0][0][1], two[0][1]) if len(two) == 1 and len(looked.get("facts")) > 1 else None
