""""What comes after that?" when the previous answer quoted a whole section: the section after it.

Why: a follow-up that asks what comes in order ("ok so what do we do first", "and after that?", "then
what?") names no topic of its own; the previous answer's topic is carried into its search, and the
sentences that answer already quoted are taken out of the passages (:mod:`~agent.offline.followup`), so
that the section next to it is what is left to answer. But when that answer quoted its section to the
end, the next section is often not among the passages at all — the search found the section just
quoted, not the one after it — and the turn was declined or answered from another document. A
knowledge base writes a procedure in order: the diagnosis, then the response; stage one, then stage
two; step one, then step two. So the section that follows the quoted one in its document is searched
for by its headings (as :mod:`~agent.offline.meaningsearch` searches a section it found) and quoted
from the passage that search returns: its first sentences, where a section states what it is about.
Only when the previous answer quoted every sentence its section holds in that passage (a section with
more to say is continued by :mod:`~agent.offline.followup`), and only inside the same document.
General rules only: English words of sequence and the documents' own order of sections.
"""
from __future__ import annotations

import re

from agent.offline import followup, meaningsearch
from agent.offline.passages import is_instruction, is_pointer, units
from agent.offline.searchq import CITED, READING_TOOLS
from agent.offline.toolread import ToolOutcome

# "next" / "first" naming a time ("next quarter", "first week"): a date, not a place in an order
_TIME = re.compile(r"\b(?:next|first)\s+(?:day|week|month|quarter|year|season|time|flight|launch)s?\b", re.I)


def _quoted(previous: tuple) -> tuple[dict, str] | None:
    """(the passage the previous answer quoted first, the heading of the last section it quoted from) —
    only when every sentence of that section in the passage is in the answer."""
    text, answer, outcomes = previous[:3]
    cited = CITED.findall(answer or "")
    passages = {p["id"]: p for o in outcomes if o.name in READING_TOOLS for p in o.passages}
    passage = passages.get(cited[0]) if cited else None
    if passage is None:
        return None
    own = [u for u in units(passage.get("text", "")) if not is_instruction(u.text) and not is_pointer(u.text)]
    said = [u.heading for u in own if u.text in answer and u.heading]
    if not said:
        return None
    heading = said[-1]  # what comes after follows where the quote ended
    if not all(u.text in answer for u in own if u.heading == heading):
        return None  # more of the section is left: the follow-up reads on in it (:mod:`followup`)
    return passage, heading


def following(question: str, previous: tuple | None, outcomes: list[ToolOutcome]) -> meaningsearch.Section | None:
    """The section after the one the previous answer quoted to its end, in the same document, when
    ``question`` asks what comes next; else None."""
    if not previous or not outcomes or any(o.name != "search_knowledge_base" for o in outcomes) \
            or not followup.asks_next(_TIME.sub(" ", question), previous):
        return None  # a step, a figure or a size looked up answers by its own tool; a clarifying question, none
    found = _quoted(previous)
    if found is None:
        return None
    passage, heading = found
    source = passage.get("source", "").split("›")[0].strip()
    secs = meaningsearch._kb(outcomes or previous[2])
    at = next((i for i, s in enumerate(secs) if s.source == source and s.path[-1] == heading), None)
    if at is None or at + 1 >= len(secs) or secs[at + 1].source != source:
        return None
    return secs[at + 1]


def query(question: str, previous: tuple | None, outcomes: list[ToolOutcome]) -> str | None:
    """The search for the next section, when it is asked for and not searched for yet this turn."""
    sec = following(question, previous, outcomes)
    if sec is None or any(o.input.get("query") == sec.query for o in outcomes):
        return None
    return sec.query


def read(question: str, previous: tuple | None, outcomes: list[ToolOutcome], k: int) -> str | None:
    """The next section's first ``k`` sentences, cited from the passage its search returned; else None."""
    sec = following(question, previous, outcomes)
    if sec is None:
        return None
    mine = [p for o in outcomes if o.name == "search_knowledge_base" and o.input.get("query") == sec.query
            for p in o.passages]
    held = meaningsearch._holding(sec, mine)[:1]
    return meaningsearch.quote(sec, held[0], k) if held else None
