"""The business a sentence above a list says its rows are for: "Rows below are for bridal salons only."

Why: a section may declare a whole trade (``META_VERTICALS: BRIDAL_RETAIL``) and list one of its businesses' costs by
platform under a sentence that narrows it ("Rows below are for bridal salons only" over "COST PER BOOKED FITTING
APPOINTMENT / BY WEDDING MARKETPLACE"). Read by the section's declaration, the rows were the trade's, and a look-up
of "bridal salon on Zola" declined ("only for no named platform"). The sentence's shape is plain English — rows,
figures or prices "below are for" a short name, then "only" or the clause's end — never a list of names; a name
longer than four words ("crop protection brands buying display and newsletter placements") is a description, not a
business, and is left to the section's own declaration. The name must be a row the document has already listed
("Bridal Salons" of the "BY SHOP TYPE" list above): "All figures below are for general-purpose cards" narrows a kind
the KB lists nowhere, and its rows stay the section's credit cards.
"""
from __future__ import annotations

import re

_SCOPE = re.compile(r"\b(?:rows|figures|prices|costs|lines)\s+below\s+(?:are|apply)\s+(?:for|to)\s+"
                    r"(?P<who>[a-z][a-z'&-]*(?:\s+[a-z][a-z'&-]*){0,3}?)\s*(?:\bonly\b|[(.;,:]|$)", re.I)


def _key(name: str) -> tuple[str, ...]:
    return tuple(w[:-1] if w.endswith("s") and len(w) > 3 else w for w in re.findall(r"[a-z0-9]+", name.lower()))


def rows_scope(line: str, labels) -> str | None:
    """The listed row (of ``labels``, the document's rows so far) a prose line says the lists below are for
    ("Rows below are for bridal salons only" → "Bridal Salons"), else None."""
    m = _SCOPE.search(line or "")
    if not m:
        return None
    who = _key(m.group("who"))
    return next((lb for lb in labels if _key(lb) == who), None)
