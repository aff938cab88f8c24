"""Words for a person's role or relation — owner, buyer, manager, assistant, customer — which say who someone is,
not what a business does.

Why: ``get_benchmark(vertical="owner")`` answered with automotive's CPC table: no benchmark file's title or
introduction has the word, so the look-up fell back to retrieval, and a car-dealer passage about "owners of competing
models" said it. A role said alone fits every kind of business (each has owners, buyers and managers); whichever file
happens to use the word more is no evidence. A phrase made only of role words names no business: the benchmark look-up
declines it and asks what the business is (as :mod:`mpa.devices` does for "phones"). A role with a trade in front of it
("a bakery owner", "a dental practice manager") is not only a role and is read as before. Plain English words for
people's positions and relations, nothing else.
"""
from __future__ import annotations

import re

WORD = (r"owners?|co-?owners?|buyers?|customers?|clients?|shoppers?|users?|consumers?|managers?|assistants?|"
        r"founders?|co-?founders?|bosses|boss|employees?|staff|partners?|parents?|spouses?|wives|wife|husbands?|"
        r"members?|people|persons?|person|someone|somebody|individuals?|operators?|proprietors?|executives?|"
        r"directors?|presidents?|ceos?|cmos?|cfos?|marketers?|team|teams|family|families|friends?")
_ONLY = re.compile(r"^(?:(?:the|a|an|our|my|their|his|her|its|some|one)\s+)?(?:" + WORD + r")(?:'s|s')?"
                   r"(?:\s*(?:,|and|or|&|/)\s*(?:(?:the|a|an|our|my)\s+)?(?:" + WORD + r")(?:'s|s')?)*$", re.I)


def only(phrase: str) -> bool:
    """Is ``phrase`` only a person's role or relation ("owner", "the buyers", "my boss's", "owner and manager")?"""
    return bool(_ONLY.match(" ".join((phrase or "").split())))


def no_business(phrase: str, verticals: list[str], labels: list[str]) -> str:
    """The benchmark look-up's reason for a role said as the vertical, in the look-up's own words for a phrase that
    matched no business (``verticals``: a table KB's; ``labels``: a KB that states its figures in lists) — so the
    agent retries with the user's whole description of the business, as for any phrase that matched nothing."""
    why = " — matched_by: no match (a person's role names no business; ask what the business is)"
    if verticals:
        return f"it has no benchmark table for {phrase!r}{why} (covered verticals: {', '.join(verticals)})"
    return f"it has no benchmark for the vertical {phrase!r}{why} (verticals it covers: {', '.join(labels)})"
