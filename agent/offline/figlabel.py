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
