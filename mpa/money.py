"""Money written without a dollar, pound or euro sign before it: an ISO code ("CHF 6.80", "SEK 95-120"), a currency's
letter before the figure ("R62-78" in rand, "Rp 4,500", "RM 1.20") or its symbol after the figure ("1.10-1.45 zł",
"95-120 kr", "450 Kč", "12,50 €").

Why: a KB of several markets writes each price as it was billed, in the market's own way of writing money; a list
read only for "$"-style figures lost every row of those markets ("META CPM IN SOUTH AFRICA" over "- Conversions:
R62-78", "ALLEGRO ADS CPC IN POLAND" over "- Consumer Electronics: 1.10-1.45 zł"), or kept them as counts of people.
The figure patterns of :mod:`mpa.fact_text` take these forms here; :func:`local_unit` says which currency a figure is.
"""
from __future__ import annotations

import re

ISO_MONEY = ("CHF", "SEK", "NOK", "DKK", "ISK", "PLN", "CZK", "HUF", "RON", "JPY", "CNY", "KRW", "INR", "IDR", "THB",
             "MYR", "PHP", "SGD", "HKD", "TWD", "AUD", "NZD", "CAD", "USD", "MXN", "BRL", "ARS", "CLP", "COP", "PEN",
             "EUR", "GBP", "ZAR", "AED", "SAR", "ILS", "TRY", "EGP", "NGN", "KES")
ISO = "(?:" + "|".join(ISO_MONEY) + r")\s(?=\d)"
# a currency's letters before the figure, no space or one: rand ("R62-78"), rupiah ("Rp 4,500"), ringgit ("RM 1.20")
LETTERS_BEFORE = r"(?:Rp|RM|R)\s?(?=\d)"
# a currency's symbol after the figure (Central and Northern European usage): złoty, krona/krone, koruna, forint, leu
SIGN_AFTER = r"(?:\s?(?:zł|zl|kr|Kč|Ft|lei|€)(?![\w]))"


def local_unit(value: str) -> str:
    """The currency of a figure written in one of these forms ("R", "zł", "CHF"), else ""."""
    v = value.strip()
    if m := re.match(ISO, v):
        return m.group(0).strip()
    if m := re.match(LETTERS_BEFORE, v):
        return m.group(0).strip()
    if m := re.search(r"\d" + SIGN_AFTER + r"$", v):
        return m.group(0)[1:].strip()
    return ""
