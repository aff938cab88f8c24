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
from agent.offline.reader import MAX_WORDS
from agent.offline.searchq import CITED, READING_TOOLS
from agent.offline.toolread import ToolOutcome

_RULE = re.compile(r"^-{5,}$")  # the dash line that frames a plain-text heading
_DECLARED = re.compile(r"^\s*META_[A-Z_]+:")  # a section's declared metadata, no prose
# "next" / "first" naming a time ("next quarter", "first week"): a date, not a place in an order
_TIME = re.compile(r"\b(?:next|first)\s+(?:day|week|month|quarter|year|season|time|flight|launch)s?\b", re.I)
_MARKUP = re.compile(r"[*`_]+")
_END = 60  # the last characters of a section's body that an answer quoting it to its end holds


def _flat(text: str) -> str:
    return " ".join(_MARKUP.sub("", text).split())


def _quoted(previous: tuple, secs: tuple) -> int | None:
    """The index in ``secs`` (the KB's sections in document order) of the last section the previous
    answer quoted to its end: a section of the cited passage's document whose body's last sentence is
    in that answer's first quote."""
    answer = previous[1] or ""
    cited = CITED.findall(answer)
    passages = {p["id"]: p for o in previous[2] if o.name in READING_TOOLS for p in o.passages}
    passage = passages.get(cited[0]) if cited else None
    if passage is None:
        return None
    source = passage.get("source", "").split("›")[0].strip()
    quote = _flat(answer.split(f"[{cited[0]}]", 1)[1].split("\n\n", 1)[0])
    ends = [i for i, sec in enumerate(secs) if sec.source == source and _flat(sec.text)[-_END:] in quote]
    return ends[-1] if ends else None  # what comes after follows where the quote ended


def following(question: str, previous: tuple | None, outcomes: list[ToolOutcome]) -> meaningsearch.Section | None:
    """The section after the one the previous answer quoted to its end, in the same document, when
    ``question`` asks what comes next; else None."""
    if not previous or not outcomes or any(o.name != "search_knowledge_base" for o in outcomes) \
            or not followup.asks_next(_TIME.sub(" ", question), previous):
        return None  # a step, a figure or a size looked up answers by its own tool; a clarifying question, none
    secs = meaningsearch._kb(outcomes or previous[2])
    at = _quoted(previous, secs)
    if at is None or at + 1 >= len(secs) or secs[at + 1].source != secs[at].source:
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
    return _quote(sec, held[0], k) if held else None


def _quote(sec: meaningsearch.Section, passage: dict, k: int) -> str | None:
    """The first ``k`` sentences (at most MAX_WORDS) under ``sec``'s heading line in ``passage``, up to the
    next heading, cited. Why not the reader: it would rank the sentences by the question's words, and a
    question of order ("then what?") has none; the section's lead states what it is about."""
    lines = passage.get("text", "").split("\n")
    head = re.compile(rf"^\W*{re.escape(sec.path[-1])}\s*$", re.I)
    at = next((i for i, ln in enumerate(lines) if head.match(ln)), None)
    if at is None:
        return None
    body: list[str] = []
    for i in range(at + 1, len(lines)):
        ln = lines[i].strip()
        nxt = lines[i + 1].strip() if i + 1 < len(lines) else ""
        if ln.startswith("#") or (_RULE.match(ln) and nxt and not _RULE.match(nxt)):
            break  # the next section's heading (Markdown) or its dash-framed heading
        if not _RULE.match(ln) and not _DECLARED.match(ln):
            body.append(lines[i])
    said: list[str] = []
    for u in units("\n".join(body)):
        if is_instruction(u.text) or is_pointer(u.text):
            continue
        if len(said) >= k or (said and len(" ".join(said + [u.text]).split()) > MAX_WORDS):
            break
        said.append(u.text)
    return f"Based on Knowledge Base [{passage['id']}]: " + " ".join(said) if said else None
