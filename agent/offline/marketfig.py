"""The figures of the market a message names, when a look-up lists one vertical's figures in several markets.

Why: a KB may price one business in several markets, each in its own list ("GOOGLE ADS CPC IN AUSTRALIA",
"… IN GERMANY"), and the benchmark tool then lists every market's figure, the market said with its platform
("Google Ads 2025, Australia: A$6.10-7.20"). Asked "what do clicks cost in Germany?", the answer is Germany's
figure, not all four with an offer to pick a platform — and not a note that the KB has no figure for Germany.
Only the figures whose own label names the place asked are kept, and only when some do and some do not.
"""
from __future__ import annotations

import re


def in_market(b: dict, text: str) -> dict:
    """``b`` (:func:`agent.offline.compose.bench_fields`) with only the figures of the market ``text`` names — or,
    when it names none, only the figures said with no market (the KB's own market, as a count with no place is the
    national one): a storage operator asking what clicks cost gets the home market's price, not three currencies."""
    from agent.offline.gaps import places  # the places a message names, as the gap notes read them
    facts = b.get("facts") or []
    if len(facts) < 2:
        return b
    asked = places(text) if text else []
    mine = [f for f in facts if any(re.search(rf"(?<![a-z]){re.escape(p)}(?![a-z])", f[0], re.I) for p in asked)]
    if not mine:  # no market named, or one the KB prices nowhere ("in France"): the unmarked figures, and the
        mine = [f for f in facts if not _marked(f[0])]  # gap note says the KB has none for that place
    if not mine or len(mine) == len(facts):
        return b
    if len(mine) > 1 or b.get("typical"):
        return {**b, "facts": mine}
    from agent.offline.toolread import figures  # one figure left: it is the one to plan with, as a lone line is
    return {**b, "facts": mine, "typical": mine[0][1], "range": figures(mine[0][1])[:2]}


def _marked(where: str) -> bool:
    """A figure's label ends in the market its list is for ("Google Ads 2025, Australia")."""
    from agent.offline.gaps import places
    head, sep, tail = where.rpartition(", ")
    return bool(sep and head and places(f"in {tail}"))
