"""The middle of a range asked for: "if we land in the middle of that range", "at the midpoint", "split the difference".

Why: a planner who is given a range ("$35–$85") and asked for one figure commonly works at its middle. Before this
module the message's ends reader (``parse``: "the top", "the pricey end") knew only the two ends, so "the middle of
that CPL range" was worked at both ends and the one number asked for was never shown. The midpoint is the two ends'
average, and the working shows it from them ("($35 + $85) ÷ 2 = $60") so every figure is traceable to the range.
"""
from __future__ import annotations

import re

from agent.offline.numbers import money

# "the middle of (that|the) range", "land in the middle", "the midpoint", "halfway between", "split the difference",
# "the average of the range" — not the middle of something else ("in the middle of the funnel"), nor "midway"/"mid-range"
# as adjectives ("a mid-range hotel", "midway through the flight")
_MID = re.compile(r"\bmid-?point\b|\b(?:in|at|to|down|hit|land\w*|come\w*|right|smack) (?:right |smack |about |around )?"
                  r"(?:in )?the middle\b(?!\s+of\b)|\bmiddle of (?:the|that|this|those|these|its|our|your) (?:[a-z]+ ){0,2}(?:range|"
                  r"figures?|numbers?|band|ends?|two)\b|\bhalf ?way between\b|\bsplit(?:ting)? the difference\b|"
                  r"\baverage of (?:the|that|this|those|both) (?:[a-z]+ )?(?:range|ends|two|figures)\b", re.I)


def asked(text: str) -> bool:
    """Does the message ask for the middle of a range?"""
    return bool(_MID.search(text))


def at(end: str, lo: float, hi: float, cid: str | None) -> tuple[float, str, str | None]:
    """(price, note, cited id) at the asked ``end`` of the Typical range ``lo``–``hi``: "high", "low" or "mid"."""
    if end == "high":
        return hi, "at the top of the Typical range", cid
    if end == "low":
        return lo, "at the bottom of the Typical range", cid
    mid = (lo + hi) / 2
    return mid, f"at the midpoint of the Typical range: ({money(lo)} + {money(hi)}) ÷ 2 = {money(mid)}", cid
