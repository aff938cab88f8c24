"""A question whose subject is "that" or "those" with nothing of its own before it leans on the last turn.

Why: "does that matter?", "would those work for a clinic?", "what does that look like nationwide?" — the
demonstrative after the auxiliary is the subject the question asks about, and a message that said nothing before
it can only mean what the conversation said last. :func:`agent.offline.searchq.leans_on_previous` caught a bare
"that" before a stop ("higher than that?") or opening a clause ("that upload is old"), but not as the subject
after an auxiliary, so such a follow-up was searched on its own two words and answered from an unrelated section.
When the message states something first ("we spend 18k a month. how many leads does that get us?") or gives a
figure, the pronoun may stand for that, so only a single clause with no figure counts. English structure only.
"""
from __future__ import annotations

import re

from agent.offline.asking import sentences

_AUX = r"(?:does|do|did|is|was|are|were|would|will|could|should|can|might|must|has|have|isn't|doesn't|wouldn't|won't)"
# "does that matter", "would those work" — not "is that the …"/"do those we …", where "that" opens a clause or a noun phrase
_SUBJECT = re.compile(r"\b" + _AUX + r"\s+(?:that|those)\b(?!\s+(?:the|a|an|we|i|you|they|it|our|my|your|their)\b)", re.I)


def subject_points_back(text: str) -> bool:
    """Is ``text`` one sentence with no figure whose subject is a bare "that"/"those" after an auxiliary?"""
    return len(sentences(text)) == 1 and not re.search(r"\d", text) and bool(_SUBJECT.search(text))
