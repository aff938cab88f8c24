"""A question asking leave to do a thing ("is it ok if I upload our client list …?") is answered by the
sentence that forbids or allows that very act ("do not upload lists whose …"), whatever its heading.

Why: the reader prefers, on a question of what one should do, a section headed as a rule (``reader.NORM_HEAD``,
"Unique rule: …", "The … standard"). A knowledge base also states its prohibitions in plain prose under a topic
heading ("Sensitive categories": "… do not upload lists whose very existence implies one"); then a rule
sharing the question's nouns but about something else (how fast an uploaded list decays) won on its
heading. A sentence that directs the asked act — the question's own verb beside "do not", "never", "avoid",
"only if" — is the rule the question asks for: its section is preferred (BOOST), above a rule heading's own
preference (a heading says a rule is there; the sentence says it is about this act).

General English only: the yes/no form of asking leave (:func:`~agent.offline.leaveask.asks_leave`), the verb it
asks about (after "if I", "to", "can we just"), and the words that forbid or condition an act.
"""
from __future__ import annotations

import re

from agent.offline.leaveask import asks_leave
from agent.offline.passages import terms

# the act a yes/no question asks leave for: the verb after "if I / we", "ok to", "can we (just)", "do we need to"
_ACT = re.compile(r"\b(?:if|whether) (?:i|we|you|they) (?:just |simply |still |also )?([a-z]+)|"
                  r"\b(?:ok(?:ay)?|fine|allowed|safe|sensible|legal|alright) to (?:just |simply )?([a-z]+)|"
                  r"\b(?:can|could|may|should|must) (?:i|we) (?:just |simply |still |also |even )?([a-z]+)|"
                  r"\b(?:do|does) (?:i|we) (?:need|have) to (?:just |simply )?([a-z]+)", re.I)
# verbs that name no act of their own (an auxiliary, a light verb): "can we be …", "is it ok if we do …"
_LIGHT = frozenset({"be", "have", "do", "get", "go", "make", "take", "use", "try", "keep", "start", "put", "run",
                    "need", "want", "still", "not", "really", "actually", "even"})
# a sentence forbidding an act or allowing it only on a condition
DIRECTIVE = re.compile(r"\b(?:do not|don't|never|must not|mustn't|should not|shouldn't|cannot|can't|may not|"
                       r"avoid|not allowed|prohibit\w*|banned|only (?:if|when|after|once))\b", re.I)
BOOST = 1.5  # a section with a sentence directing the very act asked about (the reader's rule heading: 1.25)


def acts(question: str) -> set[str]:
    """The terms of the acts a yes/no question of leave asks about ("is it ok if I upload …" → {"upload"});
    empty for any other question."""
    if not asks_leave(question):
        return set()
    verbs = {next(g for g in m.groups() if g).lower() for m in _ACT.finditer(question)}
    return {t for v in verbs - _LIGHT for t in terms(v)}


def directs(asked: set[str], units) -> bool:
    """Does a sentence of the section (units with ``text`` and ``terms``) forbid or condition one of the asked acts?"""
    return bool(asked) and any(asked & u.terms and DIRECTIVE.search(u.text) for u in units)
