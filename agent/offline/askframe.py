"""The frame a question is asked in — "how do we decide whether …", "how can I tell if …", "is it worth …" — taken
off when a search with it found nothing.

Why: "how do we decide if a trade show is worth booking?" asks about booking a trade show; "decide" and "worth" are
how the user asks, and both are rare enough in a KB to count heavily against the query's coverage, so the search
engine reported no passage near enough (29% of the query's weighted words, under its 30% floor) while the KB's rule
for booking a show holds every other word. The frame verbs (deciding, telling, knowing, judging, working out whether)
and a worth-it predicate name no topic; the search is retried without them (:func:`without`, a candidate of
:func:`~agent.offline.searchq.retry`), and the reader looks for the question's words without the frame verbs
(:func:`frameless`: "decide" found in no passage is no sign that the passages miss the topic) while it still reads
the verdict asked for ("worth", "should") from the whole question. English question frames only — no KB's words.
"""
from __future__ import annotations

import re

# "how do we decide if", "how can I tell whether", "what's the best way to judge if", "how do you know when"
_FRAME = re.compile(r"\b(?:how (?:do|does|can|could|should|would|will) (?:i|we|you|one|they)|what(?:'s| is) the (?:best )?"
                    r"way to|help (?:me|us))\s+(?:decide|tell|know|judge|determine|figure out|work out|check|see|assess|"
                    r"evaluate)\s+(?:if|whether|when)\b", re.I)
# "… is worth booking", "worth it", "worth a try": the verdict asked for, not its topic
_WORTH = re.compile(r"\b(?:is|are|it's|its)?\s*worth(?:while| it| a (?:try|shot|test))?\b", re.I)


def without(query: str) -> str:
    """``query`` without its asking frame and worth-it predicate; ``query`` itself when it has neither."""
    out = _WORTH.sub(" ", _FRAME.sub(" ", query))
    return re.sub(r"\s+([?.!,;:])", r"\1", " ".join(out.split())).strip(" ,;:")


def frameless(question: str) -> str:
    """``question`` without its asking frame ("how do we decide if"), its worth-it predicate kept: the words the
    reader looks for in the passages (the verdict asked for is still read from the whole question)."""
    return re.sub(r"\s+([?.!,;:])", r"\1", " ".join(_FRAME.sub(" ", question).split())).strip(" ,;:")
