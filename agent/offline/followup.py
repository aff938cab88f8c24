"""A follow-up that asks what comes next: it may not be answered with the previous quote again.

Why: "then what do we launch first?", "and after that?", "ok, what's the next move?" say nothing
of their topic; the topic is carried from the turn before (:mod:`~agent.offline.searchq`), so the
search finds the very section the previous answer quoted — and quoting it again answers nothing
new. Such a turn asks for the step that follows, so the sentences the user was just shown are
taken out of the passages before the reader chooses: the section next to it in the same document
(or the same section's other sentences) is what is left to answer. Any other follow-up may be
answered by the same text again — "can we go higher than that?" is answered by the exception the
quoted rule states — and a follow-up that swaps a slot ("and for hotels?", "on Bing?") asks the
same question of something else; for those nothing is taken out.
General rules only: English discourse (words of order and sequence, a message that names no topic
of its own), and the text of the previous answer.
"""
from __future__ import annotations

import re

from agent.offline.passages import PASSAGE_SENTENCE, terms
from agent.offline.searchq import CITED, leans_on_previous
from mpa.vocabulary import VOCABULARY, match_terms

# the message asks for what comes in order: English words of sequence ("first", "next", "then what",
# "after that", "start with", "before anything else") — "next week" is a time, not the next step
_SEQUENCE = re.compile(r"\b(?:first|firstly|next(?!\s+(?:weeks?|months?|years?|quarters?|days?|time|season|spring|summer|"
                       r"fall|autumn|winter|weekend|holidays?|q[1-4])\b)|afterwards?|after (?:that|this|it)|then what|what then|start(?:s|ing)? "
                       r"(?:with|by)|begin(?:s|ning)? (?:with|by)|kick (?:off|things off) with|priorit\w*|before "
                       r"(?:anything|everything) else|in (?:what|which) order|lead with)\b", re.I)
_ITEM = re.compile(r"^\s*(?:[-*•]|\d{1,2}[.)])\s+")
_MIN_CHARS = 25  # shorter fragments ("Step 2.", a label) are no quote of their own
_SLOTS = ("verticals", "uncovered_verticals", "industries", "metrics", "platforms", "audiences", "geographies")


def names_own_topic(text: str) -> bool:
    """Does the message name something the knowledge base's vocabulary knows (a business, metric,
    platform, audience, channel)? Then it is a question of its own, even when it opens like a
    follow-up ("and for hotels?")."""
    return any(match_terms(text, VOCABULARY[t]) for t in _SLOTS if t in VOCABULARY)


def said(piece: str, answer: str) -> bool:
    """Was ``piece`` (a sentence or list item) quoted in ``answer``? A fragment shorter than a quote of its own
    ("Step 2.", a label) never counts."""
    piece = piece.strip()
    return len(piece) >= _MIN_CHARS and piece in answer


def _unsaid_text(text: str, answer: str) -> str:
    out = []
    for line in text.split("\n"):
        body = _ITEM.sub("", line).strip()
        if not body or body.startswith(("#", "|")):
            out.append(line)
            continue
        if said(body.rstrip(";.,"), answer):
            continue
        kept = [s for s in PASSAGE_SENTENCE.split(line) if not said(s.rstrip(), answer)]
        if any(k.strip() for k in kept):
            out.append(" ".join(k.strip() for k in kept if k.strip()) if len(kept) < len(PASSAGE_SENTENCE.split(line))
                       else line)
    return "\n".join(out)


def asks_next(text: str, previous: tuple | None) -> bool:
    """Does this message lean on a previous answer that quoted the KB, ask what comes in order and name no
    topic of its own?"""
    answer = previous[1] if previous else ""
    return bool(answer) and bool(CITED.search(answer)) and leans_on_previous(text) and bool(_SEQUENCE.search(text)) \
        and not names_own_topic(text)


def unsaid(passages: list[dict], text: str, previous: tuple | None) -> list[dict]:
    """``passages`` without the sentences the previous answer quoted, when this message leans on that
    turn, asks what comes in order and names no topic of its own; unchanged otherwise."""
    if not asks_next(text, previous):
        return passages
    answer = previous[1]
    out = []
    for ps in passages:
        new = _unsaid_text(ps.get("text", ""), answer)
        if new == ps.get("text", ""):
            out.append(ps)
        elif terms(re.sub(r"^#.*$", " ", new, flags=re.M)):
            out.append({**ps, "text": new})
    return out
