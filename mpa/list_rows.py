"""Rows of a list whose caption says they are something other than verticals, but which the
knowledge base itself names as verticals elsewhere — and lists whose rows are platforms.

Why: a stranger KB groups its figures by whatever suits the page: ``BY TIER`` over
``- SaaS (Enterprise Tier): $10.90-12.60`` (rows another list of the same KB gives ``BY VERTICAL``),
``BY PLATFORM`` over ``- LinkedIn: $310-380`` under a heading naming the vertical. Read only by
the caption's "BY …" clause, the tier rows were kept as a qualifier (no vertical answered a
look-up for them) and the platform rows were read as verticals named "LinkedIn". The KB's own
lists decide: a row label it names as a vertical in some list is one here too (spelled as that
list spells it), and a "BY PLATFORM/CHANNEL/NETWORK" list's rows are the platforms.
"""
from __future__ import annotations

import re

ROW_PLATFORMS = {"platform", "platforms", "channel", "channels", "network", "networks", "ad platform", "ad platforms"}
_DIMENSION_ROW = re.compile(r"^(?P<dim>[a-z][a-z ]*): (?P<label>.+?)(?:; (?P<rest>.*))?$")


def rows_as_verticals(facts: list) -> None:
    """In place: a benchmark row kept under another dimension ("tier: SaaS (Enterprise Tier)") whose
    label the KB names as a vertical elsewhere becomes that vertical's figure; a vertical spelled in
    another case than the KB's first spelling of it ("Saas (Mid-Market Tier)") takes that spelling."""
    known: dict[str, str] = {}
    for f in facts:  # a row's own spelling ("SaaS") beats one title-cased from an ALL-CAPS heading ("Saas")
        if f.kind == "benchmark" and f.vertical:
            had = known.setdefault(f.vertical.casefold(), f.vertical)
            if had == had.title() and f.vertical != f.vertical.title():
                known[f.vertical.casefold()] = f.vertical
    for f in facts:
        if f.kind != "benchmark":
            continue
        if f.vertical:
            f.vertical = known.get(f.vertical.casefold(), f.vertical)
            continue
        m = _DIMENSION_ROW.match(f.qualifier or "")
        if f.geography is None and m and m.group("label") == f.label and f.label.casefold() in known:
            f.vertical = known[f.label.casefold()]
            f.qualifier = m.group("rest") or ""
