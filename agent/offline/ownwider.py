"""A KB's own metric whose name holds a vocabulary metric ("CAC payback", in months) read as the KB's, not as the
vocabulary metric inside it (CAC, a price).

Why: the message parser names the vocabulary's metrics first; "how long is the CAC payback for an email security
vendor?" was read as a CAC question and answered that the KB had no CAC figure — while the KB states "CAC Payback:
9-12 months". The KB's own name (as the benchmark tool declares it, :mod:`~agent.offline.kbmetrics`) said in full
around the vocabulary metric's words is the metric asked.
"""
from __future__ import annotations


def drop_covered(named: list[tuple[int, str]], own: list[tuple[int, str]], text: str) -> list[tuple[int, str]]:
    """``named`` (position, metric key) less each vocabulary metric said inside a longer own name of ``own``
    (position, name) — the key's own words found within that name's span of ``text``."""
    def inside(pos: int, key: str) -> bool:
        return any(o <= pos < o + len(name) and key.lower() != name and key.lower() in name.lower()
                   and text[o:o + len(name)].lower() == name.lower() for o, name in own)
    return [(pos, key) for pos, key in named if not inside(pos, key)]
