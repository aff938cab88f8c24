"""A priced unit whose first word only says whose it is: "student inquiry", "household inquiry", "parent enquiry form".

Why: the KB says what its metrics count in its own words ("a lead is a form fill, demo request or qualified
contact", "Inquiries: … ÷ CPL"); a unit said with the person it comes from ("one household inquiry") has a word no
such text says, and resolving it whole left a doubt and no metric. The person is not the thing counted: when the
whole unit resolves to nothing, the unit without its person word is asked (:func:`mpa.lookups.lookup_benchmark`).
A person word is a word for people in general or for the people a business serves, never the thing itself.
"""
from __future__ import annotations

import re

_PERSON = re.compile(r"^(?:person|people|someone|somebody|individual|folks?|kids?|child|children|family|families|"
                     r"households?|parents?|students?|patients?|clients?|customers?|members?|shoppers?|guests?|"
                     r"prospects?|users?|visitors?|buyers?|donors?|residents?|homeowners?|drivers?|travell?ers?)\s+"
                     r"(?=[a-z])", re.I)


def without_owner(unit: str) -> str | None:
    """``unit`` without a first word that names a person ("household inquiry" → "inquiry"), or None when it has none."""
    rest = _PERSON.sub("", unit.strip(), count=1)
    return rest if rest != unit.strip() and rest.split() and not re.match(r"(?:who|that|which)\b", rest, re.I) else None


def owned_phrase(metric: str) -> str | None:
    """A "cost per <person> <thing>" metric phrase without its person word ("cost per inquiry"), or None."""
    m = re.match(r"^\s*(cost per|price per|cost of an?|price of an?)\s+(.+)$", metric or "", re.I)
    rest = without_owner(m.group(2)) if m else None
    return f"{m.group(1)} {rest}" if rest else None
