""""What LTV to CAC are we running at?", "what's our payback on a new client?": the user's OWN ratio, which
only their figures give — so the turn asks for them instead of quoting the KB's typical range.

Why: a ratio or a payback is worked out from two of the business's own figures (what a customer is worth,
what one costs, what one brings in a month). Asked as theirs and as it stands now — a possessive or "we" with
a present verb ("what's our …", "what … are we at", "where is our …") and no word of the norm or of a target
("typical", "should", "aim for", "normal", "good") — the KB's range is not the answer: the agent must ask
for the figures it lacks (measured on dev19: two such turns were answered with the vertical's benchmark).
"what LTV:CAC is typical?", "what payback should we aim for?" still ask the KB's figure. A figure in the
turn, or both of a ratio's remembered, is not asked again; a payback with a figure of theirs remembered is left to
the rules that work with the user's figures (measured: dev17's "whats our ltv to cac on that" after the user's own
cost per loan asks for the value only).
English only: pronouns, tense and the norm's adjectives; the metrics are the vocabulary's ratio keys."""
from __future__ import annotations

import re

from agent.offline.memory import Memory
from agent.offline.parse import Parsed
from agent.offline.passages import message_sentences

_PAYBACK = re.compile(r"\bpay\s?back\b|\bearn (?:it |that )?back\b", re.I)
_RATIO = re.compile(r"\bltv\s*(?::|/|to)\s*cac\b|\blifetime value to (?:cac|acquisition cost)\b", re.I)
# the user's own figure as it stands: "our payback", "are we running at", "we're at", "do we have"
_OURS_NOW = re.compile("|".join((
    r"\b(?:what(?:'s| is)|whats|where(?:'s| is)|how (?:long|much) is|how long's)\s+(?:our|my)\b",  # "what's our …"
    r"\b(?:(?:are|r) we|we(?:'re| are)) (?:running|sitting|at|getting|seeing)\b",  # "what … are we running at"
    r"\bdo we (?:have|get|run)\b", r"\b(?:our|my) (?:current|actual|real)\b")), re.I)
# the norm or a target: the KB's figure is what is asked
_NORM = re.compile(r"\b(?:typical|typically|usual|usually|normal|normally|average|benchmark|industry|standard|good|"
                   r"healthy|decent|reasonable|target|aim|should|ought|expect|ideal|acceptable|okay|ok|bad|"
                   r"others|competitors|peers|like us|like ours|most)\b", re.I)


def asks_own(text: str) -> tuple[bool, bool]:
    """(a ratio, a payback) asked as the user's own figure as it stands — no norm or target word in the asking
    sentence (see the module doc)."""
    ratio, payback = bool(_RATIO.search(text)), bool(_PAYBACK.search(text))
    own = [s for s in message_sentences(text) if _OURS_NOW.search(s)]
    ok = bool(own) and not any(_NORM.search(s) for s in own)
    return ratio and ok, payback and ok


def need(p: Parsed, mem: Memory) -> str | None:
    """The figures to ask for before working out the user's own LTV:CAC or payback, or None."""
    text = p.text
    ratio, payback = bool(_RATIO.search(text) or "LTV:CAC" in p.metrics), bool(_PAYBACK.search(text))
    own = [s for s in message_sentences(text) if _OURS_NOW.search(s)]  # the norm in the sentence that asks it
    if not (ratio or payback) or not own or any(_NORM.search(s) for s in own) or p.numbers:
        return None
    worth = "lifetime value per customer (gross margin over a customer's life)"
    if ratio and not mem.facts.get("LTV"):  # their own cost said before ("it costs us $240 to get one"): the value only
        return worth if mem.facts.get("price") else f"{worth} and cost to acquire one customer (CAC)"
    if ratio or mem.facts.get("price") or mem.facts.get("LTV"):
        return None  # a figure of theirs is known: the rules that work with the user's figures ask for what is left
    return "gross margin per customer per month and cost to acquire one customer (CAC)"
