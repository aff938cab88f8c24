"""An adverb inside an infinitive ("to *actually* win a new customer", "to *really* get one booking"): left out.

Why: the rules that read a price asked as what it takes to do something ("and to win a new patient?", "what does it
cost to land a client?") read "to" straight before its verb. Said with an intensifier between them — a split
infinitive, common in speech — the verb was not found: no metric was read, the follow-up kept the previous turn's
metric and answered the wrong figure. An intensifier or a degree adverb there ("actually", "really", "just",
"even", "finally", "ever", "truly", "properly", "successfully") qualifies the doing, not what is asked; the
infinitive without it asks the same thing.
"""
from __future__ import annotations

import re

_SPLIT = re.compile(r"\b(to)\s+(?:actually|really|just|even|finally|ever|truly|properly|successfully|simply)\s+(?=[a-z])",
                    re.I)


def joined(text: str) -> str:
    """``text`` with the intensifier inside each infinitive left out (module doc)."""
    return _SPLIT.sub(r"\1 ", text) if " to " in f" {text.lower()}" else text
