"""The one sentence boundary of the system under test: chunking, context packing, the domain's
look-ups and the offline agent all cut text into sentences here.

Why one: four slightly different regexes cut the same passage four ways, so a sentence the
chunker kept whole could be split by the packer or the agent (a figure losing its subject, a
trimmed passage ending mid-thought). The scorers keep their own splitter on purpose
(scorers/text.py): a parsing bug on one side must not hide itself on the other.

* :data:`SENTENCE_END` — for edited prose (KB passages): ".", "!" or "?" (with a closing quote
  or bracket) and whitespace, then what starts a sentence (a capital, a digit, a quote, a
  bracket, "$", "*", "-"). "e.g. the", "3.5x" and "St. Paul" do not end a sentence.
* :data:`PARAGRAPH_OR_SENTENCE_END` — the same, or a blank line (a list or a heading ends there
  too): where a passage may be trimmed.
* :func:`sentence_spans` — where each sentence of a paragraph starts and ends (the domain's
  prose facts keep the offsets of the sentence they read a figure from).
* :data:`LOOSE_SENTENCE_END` — any ".", "!" or "?" then whitespace: for text nobody capitalises
  (chat messages, "huh, low. and for the other one?") and for a single note line.
"""
from __future__ import annotations

import re

# the closing quote or bracket stays with its sentence (both look-behinds are fixed-width)
# … but not after a short title or place abbreviation: "Minneapolis-St. Paul", "Dr. Lee", "Ft. Worth"
SENTENCE_END = re.compile(r"(?:(?<=[.!?])(?<!\b(?:St|Mt|Ft|Dr|Mr|Ms|vs)\.)|(?<=[.!?][\"')\]]))\s+(?=[A-Z0-9\"'(\[$*-])")
PARAGRAPH_OR_SENTENCE_END = re.compile(SENTENCE_END.pattern + r"|\n\s*\n")
# (not after a place's or a title's abbreviation, typed in either case: "minneapolis-st. paul", "Mt. Hood")
LOOSE_SENTENCE_END = re.compile(r"(?<=[.!?])(?<!\b(?:[Ss]t|[Mm]t|[Ff]t|[Dd]r|[Mm]r|[Mm]s|[Vv]s)\.)\s+")


def sentences(text: str) -> list[str]:
    """The sentences of a prose passage, each line cut at :data:`SENTENCE_END`; blank pieces dropped."""
    return [s for line in text.splitlines() for s in SENTENCE_END.split(line) if s.strip()]


def loose_sentences(text: str) -> list[str]:
    """A message or a note in sentences by :data:`LOOSE_SENTENCE_END`, one line at a time."""
    return [s for line in text.splitlines() for s in LOOSE_SENTENCE_END.split(line) if s.strip()]


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) offsets of the sentences of ``text`` cut at :data:`SENTENCE_END` (a paragraph
    whose lines wrap is one run of prose: a line break is white space here), white space around
    them left out."""
    bounds = [0, *(x for m in SENTENCE_END.finditer(text) for x in (m.start(), m.end())), len(text)]
    spans = [(b - len(text[a:b].lstrip()), a + len(text[a:b].rstrip())) for a, b in zip(bounds[::2], bounds[1::2])]
    return [(a, b) for a, b in spans if a < b]
