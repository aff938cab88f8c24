"""A profile's metric line led by the name of a platform the KB states figures for elsewhere: that platform's figure.

Why: "BRIDAL SALON - SEASON PROFILE" lists "Instagram Cost Per Click: $1.35" and "Threads Cost Per Click: $0.95". The
vocabulary knows Instagram (Meta), so that line was Meta's CPC; it does not know Threads, so that line was a CPC of
no platform, and "the cost per click on Threads for a bridal salon" declined ("only for Meta, no named platform").
The KB names Threads as a platform itself — a row of its "BY PLATFORM" list of taproom visits — so a metric line
whose label opens with that name, the metric after it, is Threads' figure. Only names the KB's own facts carry are
read; no list of platforms is kept here.
"""
from __future__ import annotations

import re


def platform_led(facts: list) -> None:
    """In place: a benchmark fact of a metric line with no platform whose label is "<a stated platform> <more words>"
    takes that platform (the longest name that opens the label)."""
    stated = sorted({f.platform for f in facts if f.kind == "benchmark" and f.platform}, key=len, reverse=True)
    for f in facts:
        if f.kind != "benchmark" or f.platform or f.form != "metric-line" or not f.label:
            continue
        low = f.label.lower() if f.label.isascii() else None  # in ASCII, a label opening with p opens with its lower case
        f.platform = next((p for p in stated if (low is None or not p.isascii() or low.startswith(p.lower()))
                           and re.match(rf"{re.escape(p)}\s+\w", f.label, re.I)), None)
