"""A question's words as the knowledge base writes them: contractions read as words, and a KB's
compound terms rebuilt from the separate words a user types.

Why, measured on the lexical index (query side only; documents are indexed as before):

* **Contractions.** The tokenizer splits on the apostrophe, so "can't" is "can" (a stop word) and
  a lone ``t``; "doesn't" is "doesn" and ``t``. The clitics are rare terms of a KB written without
  contractions (``t`` idf 5.8 on ``kb/``, ``ve`` 6.7), or words it never uses at all ("doesn"), and both weigh heavily
  against a passage's coverage of the question — a how-to question with one "can't" lost the 30%
  relevance floor, and its best passage was whichever one happened to hold a "can't". A clitic is
  grammar, not topic: "n't" reads as "not" (a stop word), and 're 've 'll 'd 'm are dropped.
* **Compounds a stop word hides.** A KB names its rules with hyphenated compounds ("the
  two-channel test", "a loop-back rule", "first-party data"); a user writes the words apart ("two
  channels", "loop back"). Where one part is a stop word the index keeps only the other part, and
  the distinctive term is lost. When two adjacent words of the query are the parts of one of the
  KB's own hyphenated terms (matched after stemming; a digit read as its number word, "2 channels"),
  and one part is a stop word, the compound is added to the query — when it is much rarer in the KB
  than its content part (idf higher by :data:`RARER`): then the stop list lost what tells passages
  apart ("two-channel" 6.3 vs "channel" 2.1). Where the content part is about as rare ("opt-in" vs
  "opt"), it already says it all, and adding the compound would only weigh that one idea twice.
  Compounds of two content words need nothing: their parts already match.
* **Spelling.** British and American spellings stem apart ("optimise" → ``optimis``, "optimize" →
  ``optim``; "behaviour", "centre", "programme", "analyse", "licence"), so a question in the other
  spelling shares no term with the KB. A word the KB never uses is written in the other spelling
  when that one is the KB's (:class:`Spellings`; either direction, only regular suffix pairs).
"""
from __future__ import annotations

import re

# n't after these stems is not "<stem> not": can't → can not, won't → will not, shan't → shall not
_IRREGULAR_NOT = {"ca": "can", "wo": "will", "sha": "shall", "ai": "is"}
_NOT = re.compile(r"\b([a-z]+?)n['’]t\b", re.I)
# 's is left alone: a KB writes possessives itself ("the customer's"), so it is a common, light term there
_CLITIC = re.compile(r"(?<=[a-z])['’](?:re|ve|ll|d|m)\b", re.I)
_WORD = re.compile(r"[a-z0-9]+", re.I)
# a word, and the hyphen that joins it to the next word with nothing else between them (the words of
# _WORD with, per word, whether the text between it and the next one is exactly "-")
_WORD_HYPHEN = re.compile(r"([a-z0-9]+)(-(?=[a-z0-9]))?", re.I)
RARER = 1.0  # least idf gap (natural log: ~2.7 times fewer chunks) between a compound and its content part
_NUMBER_WORDS = "zero one two three four five six seven eight nine ten eleven twelve".split()


def contractions(text: str) -> str:
    """``text`` with "n't" written as " not" and the clitics 're 've 'll 'd 'm dropped."""
    if "'" not in text and "’" not in text:
        return text
    text = _NOT.sub(lambda m: f"{_IRREGULAR_NOT.get(m.group(1).lower(), m.group(1))} not", text)
    return _CLITIC.sub("", text)


class Compounds:
    """The KB's two-part hyphenated terms ("two-channel"), keyed by their parts' normal forms."""

    def __init__(self, vocab, analyzer, idf=None):
        """``idf``: term → idf (None: every compound counts as rarer than its parts)."""
        self._norm = analyzer._norm
        self._stop = analyzer.stop_words
        self._keys: dict[str, str] = {}
        self.by_parts: dict[tuple[str, str], str] = {}
        for term in vocab:
            parts = term.split("-")
            if len(parts) != 2 or not all(p.isalpha() for p in parts) or not any(p in self._stop for p in parts):
                continue
            content = [self._key(p) for p in parts if p not in self._stop]
            if idf is None or all(idf(term) - idf(c) >= RARER for c in content):
                self.by_parts.setdefault((self._key(parts[0]), self._key(parts[1])), term)
        self._firsts = frozenset(a for a, _ in self.by_parts)  # a pair whose first key is not one cannot match

    def _key(self, word: str) -> str:
        """A word's normal form (a digit as its number word), kept per word: every query asks it of every word."""
        hit = self._keys.get(word)
        if hit is None:
            low = word.lower()
            if low.isdigit() and int(low) < len(_NUMBER_WORDS):
                low = _NUMBER_WORDS[int(low)]
            hit = self._norm(low) or low
            if len(self._keys) < 100_000:
                self._keys[word] = hit
        return hit

    def found(self, text: str) -> list[str]:
        """The KB compounds whose parts are two adjacent words of ``text``, in order — not when the text
        writes them hyphenated already ("the two-channel example": the index reads that term itself, and
        adding it again weighed it twice: gated retrieval MRR 0.853 → 0.845)."""
        if not self.by_parts:
            return []
        words = _WORD_HYPHEN.findall(text)  # (word, "-" when a hyphen joins it to the next word)
        keys, key, firsts, hits = self._keys, self._key, self._firsts, []
        for (a, hyphen), (b, _) in zip(words, words[1:]):
            if not hyphen:
                ka = keys.get(a) or key(a)  # the memo read inline: most pairs stop here
                if ka in firsts:
                    h = self.by_parts.get((ka, key(b)))
                    if h:
                        hits.append(h)
        return list(dict.fromkeys(hits))


# British ↔ American suffixes (either direction): optimise/optimize, analyse/analyze, behaviour/behavior,
# centre/center, catalogue/catalog, programme/program, licence/license
_SPELLINGS = [("isation", "ization"), ("isations", "izations"), ("ise", "ize"), ("ised", "ized"), ("ises", "izes"),
              ("ising", "izing"), ("yse", "yze"), ("ysed", "yzed"), ("ysing", "yzing"), ("our", "or"),
              ("ours", "ors"), ("tre", "ter"), ("tres", "ters"), ("ogue", "og"), ("ogues", "ogs"), ("mme", "m"),
              ("mmes", "ms"), ("ence", "ense")]
_ALPHA = re.compile(r"[A-Za-z]{4,}")


class Spellings:
    """Words the KB never uses, written in the other spelling when the KB uses that one."""

    def __init__(self, vocab, analyzer):
        self._vocab = vocab if isinstance(vocab, (set, frozenset, dict)) else set(vocab)
        self._analyzer = analyzer
        self._memo: dict[str, str | None] = {}  # a word's answer: it depends on the word alone

    def _known(self, word: str) -> bool:
        got = self._analyzer(word)
        return bool(got) and all(t in self._vocab for t in got)

    def variant(self, word: str) -> str | None:
        """The other spelling of ``word`` that the KB uses, when it never uses ``word`` itself."""
        hit = self._memo.get(word, False)
        if hit is False:
            hit = self._variant(word)
            if len(self._memo) < 100_000:
                self._memo[word] = hit
        return hit

    def _variant(self, word: str) -> str | None:
        low = word.lower()
        if self._known(low) or not self._analyzer(low):
            return None
        for a, b in _SPELLINGS:
            for old, new in ((a, b), (b, a)):
                if low.endswith(old) and len(low) - len(old) >= 3 and self._known(low[:-len(old)] + new):
                    return low[:-len(old)] + new
        return None

    def respell(self, text: str) -> str:
        variant = self.variant
        if not any(variant(w) for w in _ALPHA.findall(text)):  # the common case: the text is left as it is
            return text
        return _ALPHA.sub(lambda m: variant(m.group(0)) or m.group(0), text)


def query_text(text: str, compounds: Compounds | None, spellings: Spellings | None = None, joins=None) -> str:
    """The query as the index should read it: contractions resolved, words in the KB's spelling, hidden
    compounds and the KB's closed or hyphenated forms of its words (``joins``, :class:`rag.joins.Joins`) appended. (Dropping the auxiliary forms the stop list lacks — "does", "got" — was tried: no
    gain on any set, and gated retrieval recall@5 0.894 → 0.892, one golden that lost a chance match.)"""
    text = contractions(text)
    if spellings is not None:
        text = spellings.respell(text)
    extra = compounds.found(text) if compounds is not None else []
    if joins is not None:
        extra += [t for t in [*joins.found(text), *joins.hyphenated_for(text).values()] if t not in extra]
    return f"{text} {' '.join(extra)}" if extra else text
