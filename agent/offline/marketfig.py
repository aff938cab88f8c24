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
    """``b`` (:func:`agent.offline.compose.bench_fields`) with only the figures of the market ``text`` names."""
    from agent.offline.gaps import places  # the places a message names, as the gap notes read them
    facts = b.get("facts") or []
    asked = places(text) if len(facts) > 1 and text else []
    mine = [f for f in facts if any(re.search(rf"(?<![a-z]){re.escape(p)}(?![a-z])", f[0], re.I) for p in asked)]
    return {**b, "facts": mine} if mine and len(mine) < len(facts) else b
