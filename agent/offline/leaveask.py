"""A yes/no question about what one may, must or should do — it asks for the rule that allows or forbids it.

Why: "can I move 40% of the social budget into search tomorrow?", "do we need to reshoot the whole ad?", "is that
ok?" name the user's plan, not the knowledge base's answer to it. A knowledge base states what may or must be
done as rules and names them so ("the reallocation speed limit", "Rule of thumb: …", "The … rule"), in words
the question does not share; the plain search of the question found the sections about the plan's topic (search
ads, creative volume) and the rule stayed below the passages read. So such a question also searches with the
word "rule" (:func:`agent.offline.searchq.form`, an attribute searched apart like "how often" → "frequency").

English structure only — the yes/no form: a modal or auxiliary opens the sentence with its subject ("should we
…", "can I just …", "do we need to …", "is it ok …"), or the question ends on a verdict asked for ("… ok?",
"sensible?", "any reason not to?"). A wh-question with a modal ("how long should we …", "what should I …")
asks for a duration or a thing, not for leave, and gets no rule search.

Measured (seen sets, 2026-11-29): the word as a reader hint too (boosting every heading with "rule") lost three
turns, and a broader form (any "should we", "need to") lost nine; so the search alone uses it, and the reader keeps
its own preference for rule sections on normative questions (``reader.NORMATIVE`` / ``NORM_HEAD``).
"""
from __future__ import annotations

import re

ASKS_LEAVE = re.compile(r"(?:^|[.?!;:]\s+|\b(?:so|and|but|ok|okay|then)\s+)(?:should|must|can|could|may|do|does|is|are)\s+"
                        r"(?:i|we|it|that|this|they)\b(?!\s+(?:have|has|had)\b)|\b(?:is|are) (?:it|that|this|they) "
                        r"(?:ok(?:ay)?|fine|allowed|sensible|safe)\b|\b(?:ok(?:ay)?|sensible|allowed)\s*\?|"
                        r"\breason not to\b", re.I)
WORD = "rule"  # what a knowledge base calls a statement of what may or must be done


def asks_leave(text: str) -> bool:
    """Is ``text`` a yes/no question of what one may, must or should do?"""
    return bool(ASKS_LEAVE.search(text))
