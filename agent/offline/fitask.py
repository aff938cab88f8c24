"""A follow-up asking whether the rule just quoted fits the user — "does that split still make sense for us?", "is
that rule right for a shop our size?" — answered from the section of the same document that says when the rule applies
or bends ("When to bend 70/20/10", "When to use OOH and when not to", "SECTION 4 - WHEN TO USE WHICH").

Why: the message names its subject only by pointing back ("that split"), and what it asks is whether the rule holds
in the user's circumstance ("we're brand new to paid media"). The search of its own words reads "split" as any split
(a split test) and the reader quotes that; the KB states the answer in a section of the rule's own document headed by
when it applies. Read from the KB's layout and English only:

* the question asks fit — a pointer ("that", "this", "it", "the same") and a verb of fitting said of the user ("make
  sense for us", "work for us", "apply to us", "right for us"): :func:`asks_fit`;
* the previous answer quoted a section of the served KB (its citation);
* a section of that document whose heading opens with "When" (or names exceptions), whose headings or text share a
  word with the quoted section's headings (its numbering label aside), is searched by its headings (:func:`query`) and quoted from that search (:func:`read`); of
  several, the one sharing most words with that path and the question, the first on a tie.
"""
from __future__ import annotations

import re

from agent.offline import meaningsearch, servedkb
from agent.offline.passages import terms
from agent.offline.searchq import CITED, _quoted_heading

_POINTER = r"(?:that|this|it|those|these|the same)"
_FIT = re.compile(rf"\b{_POINTER}\b[^.?!]{{0,40}}?\b(?:still )?(?:makes? sense|works?|appl(?:y|ies)|holds?|fits?|suits?|"
                  r"(?:is|be) (?:right|ok|okay|smart|wise)|(?:is|be) (?:a good idea))\b[^.?!]{0,20}?\b(?:for|to) (?:us|me|our|my|a|an)\b"
                  rf"|\b(?:does|would|will|is|should)\b[^.?!]{{0,10}}\b{_POINTER}\b[^.?!]{{0,30}}?\b(?:still )?(?:makes? sense|"
                  r"work|apply|hold|fit|suit|right|ok|okay|wise|smart)\b[^.?!]{0,20}?\b(?:for|to) (?:us|me|our|my|a|an)\b"
                  # "… barely any history. does that change the split?": the circumstance just said, against the rule quoted
                  rf"|\b(?:does|would|will|should|could)\s+{_POINTER}\s+change\s+(?:the|that|this|our|my|your)\s+[a-z]", re.I)
_LABEL = re.compile(r"^\s*(?:section|part|chapter|stage|step)\s+\d+\s*[-–—:.]\s*", re.I)  # "SECTION 4 - ": numbering
_WHEN_HEAD = re.compile(r"^\s*(?:section\s+\d+\s*[-–—:]\s*)?when\b|\bexceptions?\b", re.I)


def asks_fit(text: str) -> bool:
    return bool(_FIT.search(text))


def _quoted(previous: tuple | None) -> meaningsearch.Section | None:
    """The section of the served KB the previous answer quoted first (its cited passage's file and quoted heading)."""
    if not previous or not previous[1]:
        return None
    cited = CITED.findall(previous[1])
    passages = {p["id"]: p for o in previous[2] for p in o.passages}
    ps = passages.get(cited[0]) if cited else None
    kb = servedkb.folder()
    if not ps or not kb:
        return None
    src, head = ps.get("source", "").split(" › ")[0].strip(), _quoted_heading(ps, previous[1]).strip().lower()
    said = [s for s in meaningsearch.sections(kb) if s.source == src and s.path[-1].strip().lower() == head]
    return said[0] if said else None


def bend(text: str, previous: tuple | None) -> meaningsearch.Section | None:
    """The section of the quoted one's document saying when its rule applies, for a fit question; else None."""
    if not asks_fit(text):
        return None
    was = _quoted(previous)
    if was is None:
        return None
    path = set(terms(" ".join(_LABEL.sub(" ", h) for h in was.path[1:])))
    asked = set(terms(text))
    best, score = None, 0
    for s in meaningsearch.sections(servedkb.folder()):
        if s.source != was.source or not _WHEN_HEAD.search(s.path[-1]):
            continue
        shared = path & set(terms(f"{' '.join(_LABEL.sub(' ', h) for h in s.path[1:])} {s.text}"))
        if shared and len(shared) + len(asked & set(terms(s.encoded))) > score:
            best, score = s, len(shared) + len(asked & set(terms(s.encoded)))
    return best


def query(text: str, previous: tuple | None) -> list[str]:
    sec = bend(text, previous)
    return [sec.query] if sec else []


def read(text: str, previous: tuple | None, outcomes, k: int) -> str | None:
    sec = bend(text, previous)
    if sec is None:
        return None
    held = meaningsearch._holding(sec, [p for o in outcomes if o.input.get("query") == sec.query for p in o.passages])
    return meaningsearch.quote(sec, held[0], k) if held else None
