"""The goods a service business works on, named in the user's message, are not the user's vertical.

Why: "we calibrate bank vaults", "I'm a photographer who frames hotel suites", "we hem and mend apparel" name a
vertical of the vocabulary ("bank", "hotel") or a label of the served KB ("Apparel") — as the object of work done on it. :mod:`mpa.workverb` says when such an object names the goods' trade rather than the user's (the verb is
no verb of owning goods, and the label does not name that work). The parser then sets that vertical aside, as it sets
aside whom a business serves (:mod:`agent.offline.served`), and the business is looked up by the work clause itself
("we calibrate bank vaults and cash counters"), which the benchmark tool reads with the same rule — so a covered
vertical of that work is found, and otherwise the KB's lack of one is said instead of the goods' figures.
"""
from __future__ import annotations

import re

from agent.offline import kblabels
from mpa.headnoun import other_trade
from mpa.vocabulary import VOCABULARY
from mpa.workverb import NOT_WORK, other_work, owning, worked_on, works


def _names(key: str) -> tuple[str, tuple[str, ...]]:
    """A vocabulary vertical's name and the other names that reach it ("financial services": "bank", "banking", …)."""
    return key.replace("-", " "), tuple(VOCABULARY["verticals"].get(key, ()))


def outside(text: str, named: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The (position, vertical key) pairs of ``named`` not said as goods a service works on (module doc), nor as the
    modifier of another trade's doer ("a hotel florist": :func:`mpa.headnoun.other_trade`, the check the label
    rules make)."""
    return [(i, k) for i, k in named if not worked_on(text, i, *_names(k)) and not other_trade(_phrase_at(text, i), _names(k)[0])]


# the noun phrase a vocabulary name opens: its words up to a function word, a participle, a possessive or punctuation
_PHRASE = re.compile(r"[a-z][a-z\-]*(?: (?!(?:for|to|at|in|on|with|from|by|of|and|or|but|so|who|that|which|what|how|is|"
                     r"are|was|were|we|i|like|near|here|there|now|typical|typically|usual|normal|what's|whats)\b|[a-z]+ing\b)"
                     r"[a-z][a-z\-]*\b(?!')){0,3}", re.I)   # a participle starts what is said of it: "recruiting …"


def _phrase_at(text: str, at: int) -> str:
    """The noun phrase opening at ``at`` ("hotel florist" in "I'm a hotel florist. typical cpc?")."""
    m = _PHRASE.match(text, at)
    return m.group(0) if m else ""


def sets_aside(text: str, label: str) -> bool:
    """Does ``text`` say the KB ``label`` only as the goods a service works on ("we hem and mend apparel")?"""
    return clause(text, label) is not None


def clause(text: str, label: str | None = None) -> str | None:
    """The work clause to look the business up by ("we calibrate bank vaults and cash counters") when its
    object names a vocabulary vertical, or ``label`` (else any label of the served KB), only as the goods it works on;
    None otherwise."""
    for v, s, e in works(text):
        labels = [label] if label else kblabels.labels()   # the served KB's labels the goods' words reach
        # each vocabulary vertical, by any word of its names ("packaging": "packaged goods"; other_work checks the reach)
        if any(other_work(v, text[s:e], *_names(k)) for k in VOCABULARY["verticals"]) \
                or any(other_work(v, text[s:e], lb) for lb in labels):
            return f"we {v} {' '.join(text[s:e].split())}".lower()
    return None


def as_work(before: str, goods: str, text: str) -> str:
    """The business a sentence "we <verb> <goods>" names (``before``: its words up to the goods): the goods, unless the
    verb is work on them and they name a vocabulary vertical or a label of the served KB that work sets aside
    (:func:`clause`: "we calibrate bank vaults") — then the work clause, which the benchmark tool reads the same way."""
    words = [w for w in re.findall(r"[a-z]+", before.lower()) if w not in ("out", "up", "off", "back")]
    if not words or owning(words[-1]) or words[-1] in NOT_WORK:
        return goods
    return clause(text) or goods
