"""A judgement word that judges an action the user would take ("is it ok to put the pixel on those pages?"), not a
result already worked out ("is that a good deal for us?").

Why: :func:`agent.offline.worthask.need` asks what one customer is worth before it judges a worked-out result as
good for the user; it read "ok" in "is it ok to put the facebook pixel on our pages? we want to retarget those
people" as such a judgement ("those" pointing back, "our" the user) and asked for gross profit per customer — a
yes/no question of what one may do, which the knowledge base's rules answer, got a clarifying question about money.
English marks the difference: a judgement of an action takes the action as an infinitive or a clause ("ok *to put*",
"fine *for us to run*", "alright *if we* retarget", "a good idea *to* …"); a judgement of a result takes a pronoun or
a noun ("is *that* ok", "a good deal"). Only the first is read here: when every judgement in the message judges an
action, no plan input is asked for.
"""
from __future__ import annotations

import re

from agent.offline.parse import EVALUATE

# the judgement word followed by what is judged: an infinitive ("ok to put"), "for us to …", or "if / that we …"
_ACTION = re.compile(r"^\s*(?:(?:idea|thing|move|practice|plan)\s+)?(?:(?:for|with)\s+(?:us|me|them|you)\s+)?to\s+"
                     r"(?!the\b|a\b|an\b|our\b|my\b|us\b|me\b)[a-z]+|"
                     r"^\s*(?:(?:idea|thing|move)\s+)?(?:if|that|when|whether)\s+(?:we|i|you|they)\b", re.I)


def judges_action(text: str) -> bool:
    """Is every judgement word of ``text`` (:data:`~agent.offline.parse.EVALUATE`) one that judges an action to take
    ("is it ok to add the pixel?", "fine if we retarget them?") rather than a figure or a result?"""
    found = list(EVALUATE.finditer(text))
    return bool(found) and all(_ACTION.search(text[m.end():]) for m in found)
