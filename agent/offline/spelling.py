"""A user's message read as meant when a word of it is mistyped: "conversiion rate for fiinance" asks
the conversion rate for finance.

Why: every rule of the offline agent matches words — the vocabulary's metric and vertical names, the
KB's headings and labels, place names, question words. People type with slips (a dropped, doubled or
swapped letter, a neighbouring key), and one slip in the word a rule keys on turns a question the agent
answers into one it declines or misreads. This step corrects those slips before any rule reads the
message, conservatively, with the bundled English frequency dictionary of ``symspellpy`` extended by
the words the agent knows for this KB: the served KB's own text (headings, table labels, metric,
vertical and place names) and the shared vocabulary's terms. So a KB term is never "corrected" and a
misspelt KB term is read as it.

Only a word unknown to both dictionaries (nor an inflection or a compound of known words) is touched,
and only when a known word lies one edit away (two for a long word, against the KB's terms, keeping both
its ends). Of several, the one that keeps the first letter wins, then the one a usual slip explains (two
letters swapped, one doubled, one dropped, a neighbouring key), then the one keeping the last letter, then
a term of the KB, then the commoner word. Never touched: short words (slang and abbreviations live there: "thru", "tbh"), numbers and
words touching digits, codes, URLs and addresses, words with a capital inside or in capitals ("HELOC",
"iPhone"); a capitalised word inside a sentence (a name), or a word where English puts a platform's or a
place's name ("on quora", "in shreveport"), is only read as a name the KB itself uses ("Spotfy" →
"Spotify", never "Venmo" → "venom" nor "quora" → "quota"). The message the user wrote stays in the
conversation as written; only the agent's reading of it is corrected. The dictionaries load lazily,
once per process (and the KB's once per KB folder).
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources

from agent.offline import servedkb

MIN_LEN = 5  # shorter words are left as typed: too many abbreviations and slang lie one edit from English
LONG = 8  # from this length a word may be two edits from a KB term
MIN_COUNT = 200_000  # an English correction must be a common word (rare ones are more often a brand one edit off)

_WORD = re.compile(r"(?<![\w@/.\\'’])[A-Za-z]+(?:['’][A-Za-z]+)*(?![\w@/\\]|\.\w|['’]\w)")
_TOKEN = re.compile(r"[a-z]+")
_HYPHENATED = re.compile(r"\b[a-z]+-[a-z]+\b")
_SENTENCE_START = re.compile(r"(?:^|[.!?:;]\s+|\n\s*)$")
_NAME_SLOT = re.compile(r"\b(?:on|via|through|in|at|across|around|near|outside|throughout)\s+$", re.I)
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
# each letter's neighbours on a QWERTY keyboard: a struck neighbour is as usual a slip as a dropped letter
_NEAR_KEYS = {ch: "".join(r2[max(c - 1, 0):c + 2] for r2 in _ROWS[max(r - 1, 0):r + 2]).replace(ch, "")
              for r, row in enumerate(_ROWS) for c, ch in enumerate(row)}


@lru_cache(maxsize=1)
def frequencies() -> dict[str, int]:
    """The English frequency dictionary bundled with symspellpy, as it is (word → count)."""
    path = resources.files("symspellpy") / "frequency_dictionary_en_82_765.txt"
    words: dict[str, int] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if len(parts) == 2:
            words[parts[0]] = int(parts[1])
    return words


@lru_cache(maxsize=1)
def english() -> dict[str, int]:
    """:func:`frequencies`, with each contraction also known without its apostrophe ("doesnt"), so it
    is never "corrected" to another word."""
    words = dict(frequencies())
    for w, c in frequencies().items():
        if "'" in w:
            words.setdefault(w.replace("'", ""), c)
    return words


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in _strings(k) + _strings(v)]
    if isinstance(value, (list, tuple, set, frozenset)):
        return [s for v in value for s in _strings(v)]
    return []


@lru_cache(maxsize=1)
def _shared_words() -> dict[str, int]:
    """The words of the agent's shared vocabulary: metric, vertical, topic, channel and place terms,
    the everyday phrases for KB concepts, world places and US states."""
    from agent.offline.worldplaces import _NAMES
    from mpa.audience_lookups import US_STATE_CODES
    from mpa.vocabulary import VOCABULARY
    everyday = json.loads((resources.files("mpa") / "everyday.json").read_text(encoding="utf-8"))
    counts: dict[str, int] = {}
    for s in _strings(VOCABULARY) + _strings(everyday.get("concepts")) + list(_NAMES) + list(US_STATE_CODES.values()):
        for w in _TOKEN.findall(s.lower()):
            counts[w] = counts.get(w, 0) + 1
    return counts


@lru_cache(maxsize=servedkb.PER_KB)
def _kb(folder: str | None) -> dict[str, int]:
    """The KB's and the shared vocabulary's words → count, for the KB folder. A word the KB writes hyphenated
    counts written closed too: "checkin" where it says "check-in" is its word, not a slip for "checking"."""
    counts = dict(_shared_words())
    for doc in servedkb.documents(folder) if folder else ():
        text = f"{getattr(doc, 'title', '')}\n{getattr(doc, 'text', '')}".lower()
        for w in _TOKEN.findall(text) + [h.replace("-", "") for h in _HYPHENATED.findall(text)]:
            counts[w] = counts.get(w, 0) + 1
    return counts


@lru_cache(maxsize=8)
def _kb_index(folder: str | None):
    """A SymSpell index of :func:`_kb`'s words (built only when a word unknown to both dictionaries is typed)."""
    from symspellpy import SymSpell
    index = SymSpell(max_dictionary_edit_distance=2, prefix_length=7)
    for w, c in _kb(folder).items():
        if len(w) >= 3:
            index.create_dictionary_entry(w, c)
    return index


def _edits1(word: str) -> set[str]:
    """Every string one deletion, transposition, substitution or insertion away from ``word``."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    return ({a + b[1:] for a, b in splits if b} | {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
            | {a + c + b[1:] for a, b in splits if b for c in _LETTERS} | {a + c + b for a, b in splits for c in _LETTERS})


def _slip_rank(typed: str, word: str) -> int:
    """How usual the one slip from ``word`` to ``typed`` is: two letters swapped or one doubled, then a
    letter dropped or a neighbouring key struck, then another letter added, then another key struck."""
    if len(typed) == len(word):
        if sorted(typed) == sorted(word):
            return 3
        return 2 if any(a != b and b in _NEAR_KEYS.get(a, "") for a, b in zip(word, typed)) else 0
    if len(typed) == len(word) + 1:  # one letter added: a doubled one is as usual as two swapped
        return 3 if any(typed[i] == typed[i + 1] and typed[:i] + typed[i + 1:] == word for i in range(len(word))) else 1
    return 2


def _known(word: str, eng: dict[str, int], kb_words: dict[str, int]) -> bool:
    """Is ``word`` a known word, an inflection of one ("bootcamp" of the KB's "bootcamps", "depts" of
    "dept") or two common words written as one ("cofounder")?"""
    def known(w: str) -> bool:
        return w in eng or w in kb_words
    if known(word) or known(word + "s") or known(word + "es") or word.endswith("s") and known(word[:-1]) or \
            word.endswith("es") and known(word[:-2]):
        return True
    return any(eng.get(word[:i], 0) >= MIN_COUNT and eng.get(word[i:], 0) >= MIN_COUNT for i in range(4, len(word) - 3))


def suggestion(word: str, folder: str | None = None, kb_only: bool = False) -> str | None:
    """The word ``word`` (lower case) was meant to be, or None when it is known or no correction is
    safe: a KB term one edit away (two for a long word), else (unless ``kb_only``) a common English word
    one edit away."""
    from symspellpy import Verbosity
    eng = english()
    kb_words = _kb(folder)
    if len(word) < MIN_LEN or _known(word, eng, kb_words):
        return None
    near = [s for s in _kb_index(folder).lookup(word, Verbosity.CLOSEST, max_edit_distance=2 if len(word) >= LONG else 1)
            if s.distance == 1 or (s.term[0], s.term[-1]) == (word[0], word[-1])]  # two slips keep the word's ends
    one = {s.term for s in near if s.distance == 1} | (set() if kb_only else {
        w for w in _edits1(word) if eng.get(w, 0) >= MIN_COUNT and "'" not in w})
    if one:  # a slip rarely hits the first letter; the commoner slips first; then the KB's own term, the commoner
        return max(one, key=lambda w: (w[0] == word[0], _slip_rank(word, w), w[-1] == word[-1], w in kb_words,
                                       kb_words.get(w, 0), eng.get(w, 0), w))
    return near[0].term if near else None


def _correct(m: re.Match, text: str, folder: str | None) -> str:
    word = m.group(0)
    if "'" in word or "’" in word or len(word) < MIN_LEN or word.isupper() or any(c.isupper() for c in word[1:]):
        return word
    # a capitalised word inside a sentence is a name, and so is an unknown word where English puts the name of a
    # platform or a place ("on quora", "in shreveport"): read as one only if it is a name the KB itself uses
    before = text[:m.start()]
    fix = suggestion(word.lower(), folder, kb_only=word[0].isupper() and not _SENTENCE_START.search(before)
                     or bool(_NAME_SLOT.search(before)))
    if not fix:
        return word
    return fix[0].upper() + fix[1:] if word[0].isupper() else fix


@lru_cache(maxsize=512)
def _read(text: str, folder: str | None) -> str:
    return _WORD.sub(lambda m: _correct(m, text, folder), text)


def read(text: str, folder: str | None = None) -> str:
    """``text`` with each mistyped word read as the known word it was meant to be (see the module doc);
    every other character as written. ``folder``: the KB whose words count as known (default: the served one)."""
    if not text or not _WORD.search(text):
        return text
    return _read(text, servedkb.folder() if folder is None else folder)
