"""A follow-up that asks what the user does — a how-to or a consequence — not for a figure again.

Why: after a figure was looked up ("what LTV:CAC should we hit?"), a short follow-up that names no slot
of its own ("and if we come in under it?", "and what do we check every week?") was read as the same
look-up once more (:func:`agent.offline.memory.carry` repeats the last question when a follow-up only
swaps a slot), so the user was shown the same figure again. What the follow-up asks for decides:

* a figure is asked with a slot (a business, place, platform, metric, end of a range, a number) or
  with a verb of the figure itself (pay, expect, spend, cost, get, hit, be …) — the look-up is repeated;
* a question whose subject is the user doing something else ("we come in under", "do we report",
  "can I fix") asks what to do, or what happens then: it is searched, with the last turn's topic
  carried (:mod:`agent.offline.searchq`), like any other follow-up.

Only the repeat of the last look-up is gated (the calculation branches read a budget move — "what if we double" —
before this test could), and a bare slot swap right after such a turn still belongs to the look-up before it
(:func:`swaps_after_action`). General English only: personal subjects, auxiliaries, and verbs that ask for an amount.
"""
from __future__ import annotations

import re

from mpa.vocabulary import VOCABULARY, match_terms

# auxiliaries and adverbs that may stand between the subject and its verb ("we should still", "i'd just")
_AUX = r"(?:(?:do|did|does|don't|didn't|should|shouldn't|would|wouldn't|could|couldn't|can|can't|will|won't|must|might|" \
       r"may|shall|need to|have to|has to|want to|got to|gotta|going to|gonna|then|just|still|ever|actually|really|also|" \
       r"even|only|now|already|always|never|usually|first)\s+)*"
_DOES = re.compile(r"\b(?:we|i|you)(?:'d|'ll)?\s+" + _AUX + r"([a-z]+)\b", re.I)
# verbs whose object is an amount: the question asks for a figure (what would we pay / expect / get / be at)
_FIGURE_VERBS = frozenset("""
pay paying paid expect expecting expected spend spending spent cost costs budget budgeting afford get getting got see
seeing hit hitting reach reaching aim aiming target targeting be been being am are was were is have has had need
charge charging bid bidding land landing assume assuming benchmark quote estimate estimating forecast project
""".split())


def asks_own_action(p) -> bool:
    """Does the parsed message ask what the user does (or what follows when they do it) and name no slot a
    figure could be asked with? Then a follow-up of it repeats no look-up."""
    if p.numbers or p.metrics or p.metric_phrases or p.audiences or p.geographies or p.end or p.calc \
            or p.vertical or p.industry_phrase or p.business_phrase or match_terms(p.text, VOCABULARY["platforms"]):
        return False
    verbs = [m.group(1).lower() for m in _DOES.finditer(p.text)]
    return bool(verbs) and all(v not in _FIGURE_VERBS for v in verbs)


def swaps_after_action(p, previous_text: str) -> bool:
    """Does the message only swap a slot ("and on bing?", "and the high end?", "and in Ohio?") right after a
    turn that asked what the user does? That turn was searched though it sat on a look-up (:func:`asks_own_action`),
    so the swap still belongs to the look-up before it: it is not read on from the searched answer."""
    from agent.offline.parse import parse  # imported late: the parser is heavy and imports much of the agent
    if p.numbers or p.metrics or p.audiences or p.calc or not (p.end or p.geographies or match_terms(
            p.text, VOCABULARY["platforms"])) or len(p.text.split()) > 6:
        return False
    return asks_own_action(parse(previous_text))
