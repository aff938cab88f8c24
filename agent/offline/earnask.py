"""A figure of what one unit brings in, asked by the deed: "what does each message we send bring in?", "what does
one visit earn us?" — when the knowledge base names its own "revenue per <unit>" (and the deed done to it:
"revenue per message sent").

Why: the KB's name is a noun phrase ("revenue per message sent"), the user's a question about one unit and a verb of
earning ("bring in", "earn", "make", "generate", "return"); nothing said the one for the other, so the turn was only
searched and the figure not looked up. Read is English: one unit counted as one ("each", "every", "one", "a", "per"),
an optional clause of what the user does to it ("we send"), a verb of earning; the KB's own declared names decide
(its unit, and the deed's participle when the name has one). With no such name, nothing is read.
"""
from __future__ import annotations

import re

from agent.offline.passages import terms

_ASK = re.compile(r"\b(?:each|every|one|a|an|per) (?P<unit>[a-z][a-z-]*)(?: (?:that |which )?(?:we|you|they|i) (?P<verb>[a-z]+))?"
                  r"(?: (?:usually|typically|normally|actually|really))? (?:brings? in|earns?|makes?|generates?|returns?|yields?)\b",
                  re.I)
_IRREGULAR = {"send": "sent", "sell": "sold", "buy": "bought", "make": "made", "write": "written", "run": "run",
              "show": "shown", "hold": "held", "keep": "kept", "win": "won"}


def participles(verb: str) -> tuple[str, ...]:
    """The forms ``verb``'s past participle may take ("book" → "booked", "place" → "placed", "stop" → "stopped",
    "send" → "sent"), the regular ending first; a caller keeps the one a name it knows uses."""
    v = verb.lower()
    return (_IRREGULAR[v],) if v in _IRREGULAR else tuple(dict.fromkeys(
        (v + "ed", v + "d", v + v[-1:] + "ed", re.sub(r"y$", "ied", v))))


def asked(text: str, names) -> list[tuple[int, str]]:
    """(position, name) of the declared "revenue per …" name (of ``names``) the text asks by one unit and a verb of
    earning: its unit is the said one; a deed said must be the participle after it, when the name has one."""
    out = []
    for m in _ASK.finditer(text or ""):
        unit, verb = terms(m.group("unit")), m.group("verb")
        hits = []
        for n in dict.fromkeys(names):
            words = n.lower().split()
            if words[:2] != ["revenue", "per"] or len(words) < 3 or terms(words[2]) != unit:
                continue
            rest = words[3:]
            if not rest or (len(rest) == 1 and (not verb or rest[0] in participles(verb))):  # "a message" of "… message sent"
                hits.append(n)
        if len(hits) == 1:
            out.append((m.start("unit"), hits[0]))
    return out
