""""Why don't you have that?" after the agent said what the knowledge base lacks: searched as what it lacks.

Why: a decline names what is missing ("The knowledge base does not contain an automotive ROAS benchmark — …"), and
the user's natural next question is why ("how come there's no number for that?", "why is that missing?"). That
question names nothing of its own, and a declined turn carries no topic (:func:`~agent.offline.searchq.topic_of`),
so it was searched as its own few words, found nothing or a passage on something else, and was declined or answered
off topic. Knowledge bases say what they leave out and why, under a heading of their own — "What is not covered",
"Pairs intentionally not covered", "left out on purpose" — so the question is searched as the missing thing the last
answer named with the words such a passage is written in ("automotive ROAS not covered left out").
"""
from __future__ import annotations

import re

from rag.anyword import any_word

# the thing a decline says the knowledge base lacks: "does not contain an automotive ROAS benchmark", "has no
# figure for Tacoma", "has no frozen pizzas CAC benchmark"
_LACKED = re.compile(r"^The knowledge base (?:does not contain|has no|states no)\s+(?:an?\s+|any\s+)?"
                     r"(?:(?:figure|size|benchmark|number|data|information)\s+(?:for|on)\s+)?(?P<what>[^—(.;:\n]{2,80}?)"
                     r"(?:\s+(?:benchmark|figure|range|size|number)s?)?(?=\s*[—(.;:\n]|\s+in\b|\s+—)", re.I)
# the message asks why something is absent: "why" / "how come" with a negation or a word of absence, or alone
_WHY = any_word("why", "how come", "what'?s the reason", "any reason")
_ABSENT = re.compile(r"\b(?:no|not|n't|nothing|missing|lack\w*|left out|leave\w* out|skip\w*|without|cover\w*|"
                     r"include\w*|have|has|exclud\w*)\b|n't\b", re.I)
MAX_WORDS = 10  # a longer message asks something of its own


def asks_why_absent(text: str) -> bool:
    """Does the message only ask why something is missing ("how come you don't have that one?", "why not?")?"""
    return bool(_WHY.search(text)) and len(text.split()) <= MAX_WORDS and (
        bool(_ABSENT.search(text)) or len(text.split()) <= 3)


def lacked(answer: str) -> str:
    """What the answer says the knowledge base lacks ("automotive ROAS"), or ""."""
    m = _LACKED.match((answer or "").strip())
    return m.group("what").strip() if m and not re.match(r"(?i)information\b", m.group("what")) else ""


def asked(text: str, previous: tuple | None) -> str:
    """The question a why-is-it-missing message means after a decline, in the words a knowledge base writes what it
    leaves out in ("why is automotive ROAS not covered, left out?"); "" for any other message. It is searched and
    read as the message's own words: the asking frame ("how come there's no number for that") holds none of them."""
    if not previous or not asks_why_absent(text) or not (what := lacked(previous[1])):
        return ""
    return f"why is {what} not covered, left out?"


# the message asks the source or the reason of what the last answer said: "says who?", "according to whom?", "where
# does that come from?", "why does that matter?", "what's the reasoning?"
_SOURCE = re.compile(r"\b(?:says? who|who says|according to (?:whom|who|what)|who (?:decided|made) (?:that|this|it)|"
                     r"where (?:does|did) (?:that|this|it) come from|where did you get (?:that|this)|"
                     r"what'?s (?:that|this|it) based on|based on what|why does (?:that|this|it) matter|"
                     r"why (?:is|would) (?:that|this|it) (?:important|matter)|why (?:that|this) rule|"
                     r"what'?s the (?:reasoning|reason|logic|rationale)(?: behind (?:that|this|it))?)\b", re.I)
# a heading's numbering label ("Section 3 - …", "Part 2: …"): no word of what the section says
_LABEL = re.compile(r"^\s*(?:section|part|chapter|stage|step)\s+\d+\s*[-–—:.]\s*", re.I)
_CITED = re.compile(r"\[([^\[\]\s]+#\d+)\]")


def asks_source(text: str) -> bool:
    """Does the message only ask where the last answer's rule comes from or why it matters ("says who? why does
    that matter")?"""
    return bool(_SOURCE.search(text)) and len(text.split()) <= MAX_WORDS


def source_asked(text: str, previous: tuple | None) -> str:
    """The question a says-who message means after an answer quoting a passage: why the quoted section's rule
    holds, in the words a knowledge base gives a rule's reason and name in ("why <heading>: the reason, the rule");
    "" for any other message. Why: the message's own words ("says", "who", "matter") are in no section, and the
    carried topic's many words rank the section just quoted first again; a KB states a rule and its reason, often
    under the rule's own heading or identifier, beside the section that applied it."""
    if not previous or not asks_source(text):
        return ""
    cited = _CITED.findall(previous[1] or "")
    passages = {p.get("id"): p for o in previous[2] or () for p in getattr(o, "passages", ()) or ()}
    source = (passages.get(cited[0]) or {}).get("source", "") if cited else ""
    heading = _LABEL.sub("", source.split("›")[-1].split("+")[0]).strip() if "›" in source else ""
    return f"why {heading}: the rule, its identifier and reason" if heading else ""
