""""How would I even know if the billboards worked?" answered from the measurement section of the page the search ranked
first — the channel's own page says how that channel is read.

Why: people ask whether an ad worked in their own words ("did anything", "paid off", "know if it worked"), and a
channel's page answers under a heading of its own ("Measurement via geo-lift", "Measurement specifics for CTV").
The turn's search finds the channel's page by its name but ranks its cost table or its list of formats first, whose
sentences share no word with the question, so the reader declined although the page answers. When the question asks
how to tell whether something worked and the reader declined, the document the turn's first search with results
ranked first is read for a section whose own heading says measurement; that section is searched for by its headings
(one more search) and quoted from its lead. A question that names no channel itself ("if the sign did anything")
asks about the one just discussed: the documents the last answer cited are read first. An answer the reader found is left alone: a passage found by the
question's own words (a page's rule of thumb for reading promo codes) answers better than the general section.
Read from English (the asking) and the KB's own headings, any KB; nothing when the document has no such section.
"""
from __future__ import annotations

import re

from agent.offline import channelfig, drawnon, meaningsearch, servedkb
from agent.offline.toolread import ToolOutcome

# how to tell whether something worked: "know if they worked", "prove it actually worked", "tell whether it paid off"
_PROOF = re.compile(r"\b(?:(?:know|tell|prove|show|see|measure|check|judge|gauge)\b[^.?!]{0,40}?\b(?:if|whether)|prove|show)\b[^.?!]{0,50}?"
                    r"\b(?:work(?:ed|s|ing)?|did (?:anything|something)|does anything|paid off|pays? off|made a difference|"
                    r"makes? a difference|moved the needle|helped)\b", re.I)
_MEASURE = re.compile(r"\bmeasur\w*", re.I)
_DECLINED = "The knowledge base does not contain information"


def asks_proof(question: str) -> bool:
    """Does the question ask how to tell whether something worked?"""
    return bool(_PROOF.search(question))


def _section(outcomes: list[ToolOutcome], last: frozenset[str], named: bool) -> meaningsearch.Section | None:
    """The measurement section (its own heading says it) of the document this turn's first search with results ranked
    first — or, when the question names no channel itself ("how would I know if the sign did anything?"), first of a
    document the last answer cited (``last``, by stem): the thing asked about is the one just discussed."""
    folder = servedkb.folder()
    secs = meaningsearch.sections(folder) if folder else ()
    first = [o.passages[0].get("source", "").split(" › ")[0].strip() for o in outcomes
             if o.name == "search_knowledge_base" and o.passages][:1]
    carried = [] if named else sorted(s.source for s in secs if drawnon.stem(s.source) in last)
    for top in dict.fromkeys(carried + first):
        own = [s for s in secs if s.source == top and len(s.path) >= 2 and _MEASURE.search(s.path[-1])]
        if own:
            return own[0]
    return None


def query(question: str, outcomes: list[ToolOutcome], answer: str, said: list[str] = ()) -> str | None:
    """The headings of that section, to search once, when the question asks how to tell whether something worked and
    the reader declined; else None (``said``: the conversation's answers, the last one's documents carried)."""
    if not asks_proof(question) or not answer.startswith(_DECLINED):
        return None  # answered: a passage the reader found by the question's words (a page's rule of thumb for it)
    sec = _section(outcomes, drawnon.files(list(said)[-1:]), channelfig.named(question))
    if sec is None or any(o.input.get("query") == sec.query for o in outcomes):
        return None
    return sec.query


def read(question: str, outcomes: list[ToolOutcome], k: int) -> str | None:
    """That section's lead, quoted from the passage the search for its headings returned, else None."""
    if not asks_proof(question):
        return None
    folder = servedkb.folder()
    asked = {s.query: s for s in (meaningsearch.sections(folder) if folder else ())}
    for o in outcomes:
        sec = asked.get(o.input.get("query", "")) if o.name == "search_knowledge_base" else None
        if sec is not None and _MEASURE.search(sec.path[-1]):
            held = meaningsearch._holding(sec, o.passages)[:1]
            return meaningsearch.quote(sec, held[0], k + 2) if held else None  # a method's steps: two more, to the word limit
    return None
