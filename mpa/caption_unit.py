"""A unit a list caption states once, for rows that give bare numbers.

Why: a KB may name the unit in the caption instead of in every row — ``COST PER BOOKED TEST RIDE, US DOLLARS - 2025``
over ``- Cargo E-Bikes: 64–82``, ``TEST-RIDE-TO-PURCHASE RATE, PERCENT - 2025`` over ``- Folding E-Bikes: 41–48``,
``CPM IN SWISS FRANCS`` over ``- Zürich: 14.50–17.00``. Read as written, the caption's metric was lost to the unit
clause ("…, US DOLLARS") and each row was a number of nothing, so no look-up found the figures. The caption is read
without its unit clause, and each bare row figure is that unit's (the fact's ``unit``), shown as the row writes it with
the caption's words after it ("64–82 (us dollars)", "41–48 (percent)") — never with a sign the KB did not print, so an
answer quoting it quotes the KB.
"""
from __future__ import annotations

import re

from mpa.money import ISO_MONEY

# the words a caption uses for a unit, and how a row would write a figure in it
_UNITS = {
    r"(?:US |U\.S\. |AMERICAN |CANADIAN |AUSTRALIAN |NEW ZEALAND |SINGAPORE |HONG KONG )?DOLLARS|USD": "$",
    r"PERCENT|PER ?CENT|PERCENTAGE|%|SHARE OF [A-Z ]+ IN PERCENT": "%",
    r"SWISS FRANCS?": "CHF", r"EUROS?": "€", r"(?:BRITISH )?POUNDS(?: STERLING)?|GBP": "£",
    r"COLOMBIAN PESOS": "COP", r"MEXICAN PESOS": "MXN", r"SWEDISH KRONOR": "SEK", r"NORWEGIAN KRONER": "NOK",
    r"DANISH KRONER": "DKK", r"JAPANESE YEN|YEN": "JPY", r"INDIAN RUPEES|RUPEES": "INR",
}
_UNIT_CLAUSE = re.compile(r"(?:,\s*|\s+)(?:IN\s+)?(?P<unit>" + "|".join([*_UNITS, *ISO_MONEY]) + r")(?=\s*(?:[-–—]\s|\(|$))")


def split_unit(caption: str) -> tuple[str, str]:
    """(the caption without its unit clause, the unit clause's words) — ("COST PER BOOKED TEST RIDE - 2025", "US
    DOLLARS") of "COST PER BOOKED TEST RIDE, US DOLLARS - 2025"; the caption and "" when it states no unit. Only an
    ALL-CAPS caption is read ("…, in percent" in a sentence is prose)."""
    if not caption.isupper():
        return caption, ""
    m = _UNIT_CLAUSE.search(caption)
    if not m:
        return caption, ""
    return (caption[:m.start()] + caption[m.end():]).strip(), m.group("unit")


def unit_sign(words: str) -> str:
    """The unit a caption's words name, as :func:`mpa.fact_text.fact_unit` names it: "$", "%", "CHF" …; "" for none."""
    if not words:
        return ""
    return words if words in ISO_MONEY else next((s for p, s in _UNITS.items() if re.fullmatch(p, words)), "")


def with_unit(value: str, words: str) -> str:
    """A bare figure ("64–82") shown with the caption's unit words after it ("64–82 (us dollars)"); any other figure
    as it is."""
    if not words or not re.fullmatch(r"\d[\d,.]*(?:\s*(?:[-–—]|to)\s*\d[\d,.]*)?", value.strip()):
        return value
    return f"{value.strip()} ({words.lower()})"
