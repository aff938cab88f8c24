"""The query read once: every query-side stage from one split of the question on white space.

Why: :func:`rag.queryforms.query_text` followed by the analyzer is the definition of a query's terms —
contractions, the KB's spelling, hidden compounds, closed and hyphenated forms, then the analyzer — but
each stage reads the whole text with its own regular expression and its own per-word loop: five passes
over every question, ~40 µs of a 160 µs search on ``kb/``. None of those expressions matches across
white space, so what each stage sees of a question is what it sees of each white-space-delimited
segment, in order, plus what happens *between* adjacent segments (a pair of words for a compound or a
closed form). A segment's reading depends on the segment alone (and on the KB), so it is worked out the
first time the segment is met and kept (:class:`_Segment`); a question then costs one ``split``, one
look-up per segment, and one loop over the segment boundaries. :meth:`QueryReader.terms` equals
``analyzer(query_text(...))`` term for term and in order (tests check it on texts built to exercise the
gaps between words, on ``kb/`` and a plain-text KB): the order matters, it is the order the candidates'
scores are summed in.
"""
from __future__ import annotations

import re

from rag.queryforms import _WORD_HYPHEN, contractions

_LETTERS_GAP = re.compile(r"([a-z]+)(-(?=[a-z]))?", re.I)  # rag.joins' words and their hyphen gaps, in one segment
_LETTER = re.compile(r"[a-z]", re.I)  # what may follow the white space of a closed-form pair (rag.joins._WORD_GAP)
_MEMO = 100_000  # segments kept per KB


class _Segment:
    """What every stage reads in one segment (after contractions), worked out once.

    ``words``: the analyzer's word terms of the segment in the KB's spelling. Compounds
    (:meth:`rag.queryforms.Compounds.found`): ``hits`` of pairs inside the segment, and the keys of
    its first and last words for the pairs that cross white space (``last_key`` only when it can
    start one). Closed forms (:meth:`rag.joins.Joins.found`): ``joins`` — per pair of letter words
    inside the segment, its closed form or None — and the first and last letter words, whether
    the segment starts and ends with a letter (a pair crosses white space only then). Hyphenated
    terms (:meth:`rag.joins.Joins.hyphenated_for`): ``hyphenated`` (normal form, term) pairs."""

    __slots__ = ("words", "has_words", "first_key", "last_key", "hits", "first", "last", "opens", "closes",
                 "joins", "hyphenated")


class QueryReader:
    """``analyzer(query_text(query, compounds, spellings, joins))``, read segment by segment."""

    def __init__(self, analyzer, compounds, spellings, joins):
        self.analyzer = analyzer
        self.compounds = compounds
        self.spellings = spellings
        self.joins = joins
        self._memo: dict[str, _Segment] = {}

    def terms(self, query: str) -> list[str]:
        """The query's terms, as :func:`rag.queryforms.query_text` and the analyzer give them."""
        memo = self._memo
        segments = [memo.get(s) or self._read(s) for s in contractions(query).split()]
        words: list[str] = []
        hits: list[str] = []
        joined: list[str] = []
        hyphenated: dict[str, str] = {}
        by_parts = self.compounds.by_parts
        pair, pairs = self.joins.joined, self.joins._memo
        last_key = None  # the compound key of the last word so far, when it can start a compound
        last = None  # the last letter word so far
        opened = skip = False  # opened: that word ends its segment (a pair across the white space may join)
        for seg in segments:
            words += seg.words
            if seg.has_words:
                if last_key is not None:
                    h = by_parts.get((last_key, seg.first_key))
                    if h:
                        hits.append(h)
                hits += seg.hits
                last_key = seg.last_key
            if seg.first is None:  # no letter word: a pair across this segment has no white-space gap
                opened = False
                continue
            if last is not None:  # the pair across the white space before this segment
                if skip:
                    skip = False
                elif opened and seg.opens:
                    h = pairs.get((last, seg.first), False)  # the memo read inline: most pairs stop here
                    if h is False:
                        h = pair(last, seg.first)
                    if h:
                        joined.append(h[0])
                        skip = True
            for h in seg.joins:  # the pairs inside the segment (hyphenated), the earlier pair winning
                if skip:
                    skip = False
                elif h:
                    joined.append(h)
                    skip = True
            for key, term in seg.hyphenated:
                hyphenated.setdefault(key, term)
            last, opened = seg.last, seg.closes
        extra = list(dict.fromkeys(hits))
        extra += [t for t in [*dict.fromkeys(joined), *hyphenated.values()] if t not in extra]
        words_of = self.analyzer.words
        for t in extra:
            words += words_of(t)
        return self.analyzer.with_subwords(words)

    def _read(self, segment: str) -> _Segment:
        """A segment's reading by each stage's own method (the plain definitions), kept."""
        c, j = self.compounds, self.joins
        text = self.spellings.respell(segment) if self.spellings is not None else segment
        seg = _Segment()
        seg.words = tuple(self.analyzer.words(text))
        cwords = [w for w, _ in _WORD_HYPHEN.findall(text)]
        seg.has_words = bool(cwords)
        seg.hits = tuple(c.found(text))
        seg.first_key = c._key(cwords[0]) if cwords else None
        key = c._key(cwords[-1]) if cwords else None
        seg.last_key = key if key in c._firsts else None
        letters = _LETTERS_GAP.findall(text)
        seg.first = letters[0][0].lower() if letters else None
        seg.last = letters[-1][0].lower() if letters else None
        seg.opens = bool(_LETTER.match(text))
        seg.closes = bool(_LETTER.match(text[-1:]))
        seg.joins = tuple((j.joined(a, b) or (None,))[0] if gap else None
                          for (a, gap), (b, _) in zip(letters, letters[1:]))
        seg.hyphenated = tuple(j.hyphenated_for(text).items())
        if len(self._memo) < _MEMO:
            self._memo[segment] = seg
        return seg
