"""The text analyzer shared by TF-IDF and BM25 (and by the rank_bm25 parity oracle).

Lower-case word tokens; English stop words (scikit-learn's list) removed; Snowball English
stemming (PyStemmer, C). Optionally (``subword_ngrams=4``) each stem longer than n also
yields its character n-grams (``#<pla``, ``#plan``…), a sub-word view that TF-IDF uses and
BM25 ignores: on SciFact it is what lets the hybrid beat BM25, at ~4× the index size. A cheaper
sub-word view (``subword_prefix=4``): each alphabetic stem longer than p also yields its first p
letters as one term (``#nutr*``), so morphological relatives the stemmer keeps apart
(*nutrition* → ``nutrit``, *nutrients* → ``nutrient``) share a TF-IDF term; again BM25 ignores it. Compound identifiers such as ``ABC-NC-01``, ``X:Y`` or
``RATE-90/110`` are kept whole *and* split into their parts, so an exact code matches
exactly while its parts still match loosely. Decimal numbers stay whole ("1.5").
"""
from __future__ import annotations

import re
from functools import lru_cache

import Stemmer

_TOKEN = re.compile(r"[a-z0-9]+(?:[-:/.&][a-z0-9]+)*")
_PART = re.compile(r"[-:/.&]")
_NUMERIC = re.compile(r"^[0-9][0-9.,]*$")
# scikit-learn's ENGLISH_STOP_WORDS (BSD-3-Clause), copied so that importing the engine does not
# import scikit-learn (over a second); tests/test_index.py checks the copy still equals it
ENGLISH_STOP_WORDS = frozenset("""
a about above across after afterwards again against all almost alone along already also although
always am among amongst amoungst amount an and another any anyhow anyone anything anyway
anywhere are around as at back be became because become becomes becoming been before beforehand
behind being below beside besides between beyond bill both bottom but by call can cannot cant co
con could couldnt cry de describe detail do done down due during each eg eight either eleven
else elsewhere empty enough etc even ever every everyone everything everywhere except few
fifteen fifty fill find fire first five for former formerly forty found four from front full
further get give go had has hasnt have he hence her here hereafter hereby herein hereupon hers
herself him himself his how however hundred i ie if in inc indeed interest into is it its itself
keep last latter latterly least less ltd made many may me meanwhile might mill mine more
moreover most mostly move much must my myself name namely neither never nevertheless next nine
no nobody none noone nor not nothing now nowhere of off often on once one only onto or other
others otherwise our ours ourselves out over own part per perhaps please put rather re same see
seem seemed seeming seems serious several she should show side since sincere six sixty so some
somehow someone something sometime sometimes somewhere still such system take ten than that the
their them themselves then thence there thereafter thereby therefore therein thereupon these
they thick thin third this those though three through throughout thru thus to together too top
toward towards twelve twenty two un under until up upon us very via was we well were what
whatever when whence whenever where whereafter whereas whereby wherein whereupon wherever
whether which while whither who whoever whole whom whose why will with within without would yet
you your yours yourself yourselves
""".split())
SUBWORD_MARK = "#"  # prefix of character n-gram terms; word terms never contain it
PREFIX_END = "*"  # ends a stem-prefix term (``#nutr*``); no n-gram term ends with it


class Analyzer:
    """Callable text → list of terms. Picklable-free and cheap to rebuild from its flags."""

    def __init__(self, stem: bool = True, stop_words: bool = True, subword_ngrams: int = 0, subword_prefix: int = 0):
        self.stem = stem
        self.subword_ngrams = subword_ngrams
        self.subword_prefix = subword_prefix
        self.stop_words = frozenset(ENGLISH_STOP_WORDS) if stop_words else frozenset()
        self._stemmer = Stemmer.Stemmer("english") if stem else None
        self._cache: dict[str, str] = {}
        self._segments: dict[str, tuple[str, ...]] = {}  # a lower-cased white-space-free segment → its terms

    def _norm(self, word: str) -> str | None:
        if word in self.stop_words:
            return None
        hit = self._cache.get(word)
        if hit is None:
            hit = self._stemmer.stemWord(word) if self._stemmer else word
            if len(self._cache) < 500_000:
                self._cache[word] = hit
        return hit

    def __call__(self, text: str) -> list[str]:
        return self.with_subwords(self.words(text))

    def with_subwords(self, words: list[str]) -> list[str]:
        """``words`` (a text's word terms, in order) followed by their sub-word terms, as :meth:`__call__`
        gives them: the query path reads its words segment by segment, then adds these once."""
        n, p = self.subword_ngrams, self.subword_prefix
        if not n and not p:
            return words
        out = list(words)
        if p:
            out.extend(f"{SUBWORD_MARK}{w[:p]}{PREFIX_END}" for w in words if len(w) > p and w[0].isalpha())
        if not n:
            return out
        for w in words:
            if len(w) > n and SUBWORD_MARK not in w:
                padded = f"<{w}>"
                out.extend(SUBWORD_MARK + padded[i:i + n] for i in range(len(padded) - n + 1))
        return out

    def words(self, text: str) -> list[str]:
        """Word terms only (what BM25 and the rank_bm25 oracle see). No token crosses white space, so a
        text's terms are its white-space-delimited segments' terms in order: each segment is read once and
        kept (questions, phrases and passages repeat their segments; a query costs a look-up per segment)."""
        out: list[str] = []
        segments = self._segments
        for seg in text.lower().split():
            hit = segments.get(seg)
            if hit is None:
                hit = self._segment(seg)
            out += hit
        return out

    def _segment(self, seg: str) -> tuple[str, ...]:
        out: list[str] = []
        cache = self._cache
        for tok in _TOKEN.findall(seg):
            if not tok.isalnum() and not _NUMERIC.match(tok):  # a token holds only [a-z0-9] and -:/.&
                out.append(tok)  # the whole identifier, unstemmed
                for part in _PART.split(tok):
                    t = self._norm(part)
                    if t:
                        out.append(t)
            else:
                t = cache.get(tok)
                if t is None:
                    t = self._norm(tok)
                if t:
                    out.append(t)
        hit = tuple(out)
        if len(self._segments) < 200_000:  # a bound on memory (~150 bytes a segment), not on correctness
            self._segments[seg] = hit
        return hit


@lru_cache(maxsize=8)
def get_analyzer(stem: bool = True, stop_words: bool = True, subword_ngrams: int = 0, subword_prefix: int = 0) -> Analyzer:
    return Analyzer(stem=stem, stop_words=stop_words, subword_ngrams=subword_ngrams, subword_prefix=subword_prefix)


def is_subword(term: str) -> bool:
    return term.startswith(SUBWORD_MARK)


def is_prefix(term: str) -> bool:
    """A stem-prefix term (``subword_prefix``)."""
    return term.startswith(SUBWORD_MARK) and term.endswith(PREFIX_END)
