"""Devices, operating systems and consoles a product runs on: "phones", "the Switch", "iOS and Android".

Why: an app or game maker names where its product runs beside what it is ("a farming sim for phones"), and that
device was taken for the business — "phones" then matched whichever benchmark file happens to mention phone calls
(a car dealer's phone leads), and the answer spoke for the wrong vertical. A phrase made only of devices names no
kind of business: the benchmark look-up declines it (:func:`only`) and asks what the product is, and the offline
agent's business reader skips it (agent.offline.madefor). Trade vocabulary of app and game publishing, nothing else.
"""
from __future__ import annotations

import re

WORD = (r"(?:smart ?)?phones?|smartphones?|mobiles?|mobile devices?|cell ?phones?|cellphones?|iphones?|ipads?|"
        r"tablets?|android|ios|pc|pcs|mac|macs|macos|desktops?|laptops?|consoles?|(?:nintendo )?switch|"
        r"xbox(?: one| series [xs])?|playstation(?: \d)?|ps[345]|steam(?: deck)?|web|browsers?|vr|quest|smart ?tvs?|"
        r"apple watch|watches|app ?stores?|google play|play store")
_ONLY = re.compile(r"^(?:(?:the|a|an|our|their|both)\s+)?(?:" + WORD + r")(?:\s*(?:,|and|or|&|/|\+)\s*(?:the\s+)?(?:" + WORD
                   + r"))*$", re.I)


def only(phrase: str) -> bool:
    """Is ``phrase`` only devices, systems or consoles ("phones", "the switch", "ios and android")?"""
    return bool(_ONLY.match(" ".join((phrase or "").split())))


def retrieved_with_metric(search, with_metric: set[str], key_of):
    """The retrieval look-up ``search(key_of)`` run first over the verticals whose table has the metric asked, then
    over all: when the user's words fit two verticals' passages, one that states the metric wins over one that
    does not (a "not in this table" answer for the wrong vertical helps no one)."""
    return search(lambda c: k if (k := key_of(c)) in with_metric else None) or search(key_of)
