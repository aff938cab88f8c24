"""A later turn's question read in the documents the conversation's answers already cited, before declining.

Why: the reader (:func:`~agent.offline.reader.extract`) declines when no passage shares enough of the
question's content words. Off the plain media vocabulary it wants 60% of them in one passage — a guard
against stem collisions ("elections" in a passage on elective care). But in a conversation about one
business, a user's later question carries that business's own particulars the KB speaks of only by their
kind: "may we put the ad pixel on our knee surgery recovery page?" after answers quoting the healthcare page,
whose privacy section says "tracking pixels on pages that reveal health conditions". "knee", "surgery",
"recovery" are the user's specifics, not the topic; the search returned the section, and the reader declined.

The documents the conversation's earlier answers *cited* are the business's own pages
(:func:`agent.offline.drawnon.files`). When the turn would end in the plain "no information" decline after
searches alone, and the question asks leave for an action ("is it ok to …", "can we …", "… every morning. ok?",
"sensible?"), carries no figure of the user's and instructs nothing, this reads it once more in the passages of
those documents the turn's searches returned: only the question's words the KB uses somewhere count
(:func:`agent.offline.kbterms.used`: "invisalign", "sciatica" are the user's particulars, no evidence either way),
with the share of words the reader asks of a plainly media question, and only when one *sentence* of such a
passage says at least :data:`~agent.offline.drawnon.SHARED` of the question's content words that are no common
word of the KB. Every other gate of the reader stands: names and codes asked about must be in the passage, what
the question asks for must be stated there (:mod:`~agent.offline.focus`), and a section unrelated in meaning is
no answer. Off-topic questions ("the weather for our sale weekend", "a good brand of standing desk") share no two
uncommon words in one sentence of the business's pages, or ask no leave, and stay declined; a first turn
(nothing cited yet) is untouched. Measured on the seen sets: one declined turn answered, every other turn alike.
"""
from __future__ import annotations

import re

from agent.offline import drawnon, meaningsearch, servedkb
from agent.offline.passages import is_instruction, terms
from agent.offline.reader import extract
from agent.offline.toolread import ToolOutcome, merge_passages
from rag.sentences import sentences

_SEARCHING = meaningsearch._SEARCHING  # the tools whose results are passages to read
_DECLINE = meaningsearch._DECLINE  # the reader's plain "no information" decline
# a question whether an action of the user's is allowed or advisable: "is it ok to …", "can we …", "should we …"
_ASKS_LEAVE = re.compile(r"\b(?:is it|is that|would it be|are we)\s+(?:ok|okay|alright|all right|fine|allowed|legal|safe|wise|"
                         r"smart|a good idea)\b|\b(?:can|could|may|should)\s+(?:we|i)\b|\bare we allowed\b|"
                         r"\b(?:ok|okay|alright|fine|sensible|wise|smart|good idea|make sense|worth it)\W*(?:or (?:not|nah))?\W*\?|"
                         r"\bany reason not to\b", re.I)  # or judged at its end: "… every morning. ok?", "sensible?"


def _held(question: str, passages: list[dict]) -> list[dict]:
    """``passages`` with one sentence that says at least :data:`~agent.offline.drawnon.SHARED` of the question's
    content words, words most sections of the KB say left out (:func:`~agent.offline.drawnon.common`): words
    scattered over a passage ("spring", "sale", "weekend" of a season's notes) are no topic shared."""
    kb = servedkb.folder()
    common = drawnon.common(meaningsearch.sections(kb)) if kb else frozenset()
    own = set(terms(question)) - common
    return [p for p in passages if any(len(own & set(terms(s))) >= drawnon.SHARED for s in sentences(p.get("text", "")))]


def read(question: str, outcomes: list[ToolOutcome], answer: str, k: int, cited: frozenset[str]) -> str | None:
    """The reader's answer from the passages of documents the conversation ``cited`` that this turn's
    searches returned, when ``answer`` is the plain decline (see the module doc); else None."""
    if not cited or not answer.startswith(_DECLINE) or not outcomes or any(o.name not in _SEARCHING for o in outcomes) \
            or not _ASKS_LEAVE.search(question) or re.search(r"\d", question) or is_instruction(question):
        return None
    mine = [p for p in merge_passages([o for o in outcomes if o.found])
            if drawnon.stem(str(p.get("id", "")).split("#")[0]) in cited]
    held = _held(question, mine)
    if not held:
        return None
    return extract(question, held + [p for p in mine if p not in held], k, eased=True)
