"""A calculation that names which shown range it works at by that range's unit ("at the pricey end of that lead
range", "using the click range") works at that range, not at whichever price was looked up last.

Why a module: a conversation may show two prices in a row (a lead's, then a customer's); the next working's price is
otherwise the last one shown. English names the range meant by the unit it prices, right before "range" — the
unit is read by the rule the parser prices units with (:func:`agent.offline.unitmetric.unit_metric`), and only a range the
conversation was shown is taken. Nothing here knows a domain word.
"""
from __future__ import annotations

import re

from agent.offline.unitmetric import unit_metric

# "that lead range", "the typical click price range", "this customer cost range"
_NAMED = re.compile(r"\b(?:that|the|this|same|your|its)\s+(?:(?:typical|normal|usual|whole)\s+)?(?P<unit>[a-z]+)\s+"
                    r"(?:(?:price|cost)\s+)?range\b", re.I)


def metric(norm: str, ranges) -> str | None:
    """The price metric of the one shown range the message names by its unit, else None."""
    named = {m for u in _NAMED.finditer(norm) if (m := unit_metric(u.group("unit").lower())) and m in ranges}
    return named.pop() if len(named) == 1 else None
