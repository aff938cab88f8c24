"""Closed compounds: words a KB writes as one that a user writes as two, or hyphenated (and back).

Why: the analyzer reads "payback" as one term and "pays back" as ``pay`` (``back`` is a stop word), so a
question in the split form never meets the section the KB names with the closed word; "sign-up" is kept
whole (plus ``sign``) and never meets "signup"; "re-target" never meets "retarget". Which words are
compounds is read from the index vocabulary itself, never from a list, so this holds for any KB.

Query side only (documents are indexed as before, so BM25/TF-IDF statistics and the index file are
unchanged): the KB's own term is *added* to the question, as :class:`rag.queryforms.Compounds` adds a
hidden hyphenated compound — the words the user typed still count.

* Two adjacent words, apart or hyphenated, whose concatenation (after the analyzer's normalisation;
  the first word also by its stem, "pays back" → "payback", "signed up" → "signup") is a term of the
  vocabulary: that term is added. Guards, each against a false join measured on the seen questions:
  the words are joined only across white space or a hyphen (not an apostrophe: "we're putting" is not
  "reput"); both are letters, two or more; at least one is a content word ("for me" is not "form",
  "can only" not "canon"); neither is a pronoun or an article ("caps it" is not "capita"); and the
  joined term must be the first word and at least half of the second, so a stem that cut into the second
  word ("carryover" → ``carryov`` keeps "ov" of "over") joins, and one that ends in a letter or two of it does not.
* One word the KB never writes, whose normal form is the closed form of a hyphenated term the KB does
  write ("signups" when the KB writes "sign-ups"): that term is added (one per word; a reader replaces the
  word by it, so one typed word stays one word).

Each look-up is a set membership per adjacent pair or unknown word: no scan of the vocabulary per
query (the hyphenated terms are keyed once, on the first query).
"""
from __future__ import annotations

import re

_WORD = re.compile(r"[a-z]+", re.I)
# a word of _WORD, and whether a hyphen touches it on either side (one findall: no match objects)
_HYPHEN_WORD = re.compile(r"(-?)([a-z]+)(?=(-?))", re.I)
# a word of _WORD, and the gap to the next one when a join may cross it: exactly a hyphen, or only white space
_WORD_GAP = re.compile(r"([a-z]+)(-(?=[a-z])|\s+(?=[a-z]))?", re.I)
# words that never end (or begin) a compound: personal pronouns and articles (English grammar, not a KB's wording)
_NEVER = frozenset("a an the i me my we us our you your it its he him his she her they them their this that "
                   "these those".split())


class Joins:
    """The KB's closed compounds met by a question's split or hyphenated words, and its hyphenated terms
    met by a closed word."""

    def __init__(self, vocab, analyzer):
        self._vocab = vocab if isinstance(vocab, (set, frozenset, dict)) else set(vocab)
        self._norm = analyzer._norm
        self._stop = analyzer.stop_words
        self.hyphenated: dict[str, list[str]] = {}  # closed form's normal form → the KB's hyphenated terms
        for term in self._vocab:
            if "-" not in term:  # (most words: one part, no compound — skipped before splitting every word)
                continue
            parts = term.split("-")
            if len(parts) == 2 and all(p.isalpha() for p in parts):
                key = self._norm(parts[0] + parts[1])
                if key and key not in self._vocab:
                    self.hyphenated.setdefault(key, []).append(term)
        for terms in self.hyphenated.values():
            terms.sort()
        self._memo: dict[tuple[str, str], tuple[str, str] | None] = {}  # a pair's answer: queries repeat their words
        self._word_memo: dict[str, tuple[str, str] | None] = {}  # a word's (normal form, hyphenated term)

    def joined(self, a: str, b: str) -> tuple[str, str] | None:
        """(vocabulary term, the one word it was read from) for ``a`` and ``b`` written as one word, if any."""
        key = (a.lower(), b.lower())
        hit = self._memo.get(key, False)
        if hit is False:
            hit = self._joined(*key)
            if len(self._memo) < 100_000:
                self._memo[key] = hit
        return hit

    def _joined(self, a: str, b: str) -> tuple[str, str] | None:
        if len(a) < 2 or len(b) < 2 or a in _NEVER or b in _NEVER or (a in self._stop and b in self._stop):
            return None
        stem_a = self._norm(a) or a
        for first in dict.fromkeys((a, stem_a)):
            term = self._norm(first + b)
            rest = term[len(first):] if term and term[:len(first)] == first else ""
            if (rest and term in self._vocab and b.startswith(rest) and 2 * len(rest) >= len(b)
                    and term != stem_a and term != self._norm(b)):
                return term, first + b
        return None

    def _pairs(self, text: str):
        """(start, end, term, one word) for each pair of adjacent words of ``text``, apart or hyphenated, that
        is one of the KB's closed compounds; pairs do not overlap (the earlier wins)."""
        words = list(_WORD.finditer(text))
        low = [w.group().lower() for w in words]
        memo, end = self._memo, -1
        for i in range(len(words) - 1):
            x, y = words[i], words[i + 1]
            if x.start() < end:
                continue
            gap = text[x.end():y.start()]
            if gap == "-" or (gap and gap.isspace()):
                hit = memo.get((low[i], low[i + 1]), False)
                if hit is False:
                    hit = self.joined(low[i], low[i + 1])
                if hit:
                    end = y.end()
                    yield x.start(), y.end(), hit[0], hit[1]

    def found(self, text: str) -> list[str]:
        """The KB's closed compounds that adjacent words of ``text`` make, in order, each once (what a search
        adds to the question: the words typed still count). The pairs of :meth:`_pairs`, read from one
        ``findall`` (no match objects: every search asks this of its whole question)."""
        words = _WORD_GAP.findall(text)  # (word, the gap to the next word when a join may cross it)
        memo, out, skip = self._memo, [], False
        for (a, gap), (b, _) in zip(words, words[1:]):
            if skip or not gap:
                skip = False
                continue
            key = (a.lower(), b.lower())
            hit = memo.get(key, False)
            if hit is False:
                hit = self.joined(*key)
            if hit:
                out.append(hit[0])
                skip = True  # pairs do not overlap: the earlier wins
        return list(dict.fromkeys(out))

    def rewrite(self, text: str) -> str:
        """``text`` with each pair of words that is one of the KB's closed compounds written as one word ("pays
        back" → "payback"): for a reader, which counts the question's words, one compound is one word."""
        out, at = [], 0
        for start, end, _, word in self._pairs(text):
            out += [text[at:start], word]
            at = end
        return "".join(out) + text[at:]

    def hyphenated_for(self, text: str) -> dict[str, str]:
        """Normal form → the KB's hyphenated term, for each word of ``text`` the KB writes only hyphenated
        ("signups" → ``signup`` → "sign-ups"). One term per word — the one spelt with the same letters,
        else the first — so one word the user typed stays one word (a reader's share of words counts it once)."""
        out: dict[str, str] = {}
        if not self.hyphenated:
            return out
        memo = self._word_memo
        for before, word, after in _HYPHEN_WORD.findall(text):
            word = word.lower()
            hit = memo.get(word, False)
            if hit is False:  # a word's answer does not depend on the text around it: one look-up per word
                key = self._norm(word)
                forms = self.hyphenated.get(key) if key and key not in self._vocab else None
                hit = (key, next((f for f in forms if f.replace("-", "") == word), forms[0])) if forms else None
                if len(memo) < 100_000:
                    memo[word] = hit
            if hit is not None and not before and not after:
                out.setdefault(*hit)
        return out
