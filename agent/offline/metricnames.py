"""Metric names as people shorten and inflect them, matched through ``rag``'s analyzer.

Why: the vocabulary lists a metric's names as written ("return on ad spend", "click-through
rate", "LTV:CAC"), and people say "click-through rates", "return on spend", "click-through",
"LTV/CAC". Three general rules of how a multi-word name is shortened, applied to every name of
every metric (nothing here lists a phrase):

* **inflection** — the name's words, stemmed, in order and adjacent ("click-through rates");
* **a dropped inner word** — a name of three or more content words with one inner word left out,
  its first and last words kept ("return on spend" for "return on ad spend", "cost per
  impression" for "cost per thousand impressions"); stop words of the name must still be there,
  so "LTV and CAC" never reads as "LTV to CAC";
* **a distinctive compound** — a hyphen/slash/colon compound of a name that belongs to one metric
  only ("click-through" is said of CTR alone);

and one of how ratios are written: a ratio metric "A:B" is also "A/B", "A-to-B" and "A to B".
The same rules read the other name tables of the vocabulary (``find(text, VOCABULARY["verticals"])``:
"banks", "online stores", "consumer goods"); :func:`positions` is the exact, word-bounded reading
they fall back from.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline import metricforms
from mpa.resolve import same_word
from mpa.vocabulary import VOCABULARY, built_for
from rag.analyzer import get_analyzer
from rag.regexes import compiled

_A = get_analyzer(True, True)
_TOKEN = re.compile(r"[a-z0-9]+(?:[-:/.&][a-z0-9]+)*")


@lru_cache(maxsize=8192)
def _token_terms(tok: str) -> tuple[str, frozenset[str]]:
    """(the token's own term or "" for a stop word, every term it yields)."""
    got = _A(tok)
    if not got:
        return "", frozenset({tok})   # a stop word matches only itself
    return got[0], frozenset(got)


def ratio_forms(key: str) -> list[str]:
    """"A:B" → "a:b", "a/b", "a-to-b", "a to b" (how a ratio is written)."""
    if ":" not in key:
        return []
    a, b = (x.lower() for x in key.split(":", 1))
    return [f"{a}:{b}", f"{a}/{b}", f"{a}-to-{b}", f"{a} to {b}"]


@lru_cache(maxsize=8)
def _names(items: tuple[tuple[str, tuple[str, ...]], ...]) -> tuple[dict[str, list[tuple[str, tuple[str, ...]]]],
                                                                      dict[str, str]]:
    """Every form of every name (the name's per-token terms, and each with one inner content word
    left out when it has three or more), indexed by its first term; and the compounds that belong
    to one key only."""
    index: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    owners: dict[str, set[str]] = {}
    for key, syns in items:
        for s in dict.fromkeys([*syns, *ratio_forms(key)]):
            pairs = [(own or t, bool(own) or bool(re.search(r"[-:/]", t)))
                     for t in _TOKEN.findall(s.lower()) for own in [_token_terms(t)[0]]]
            if not pairs:
                continue
            seq = tuple(t for t, _ in pairs)
            forms = [seq]
            if sum(c for _, c in pairs) >= 3:
                forms += [seq[:k] + seq[k + 1:] for k in range(1, len(seq) - 1) if pairs[k][1]]
            for form in forms:
                index.setdefault(form[0], []).append((key, form))
            for t in seq:
                if re.search(r"[-:/]", t):
                    owners.setdefault(t, set()).add(key)
    unique = {t: next(iter(ks)) for t, ks in owners.items() if len(ks) == 1}
    return index, unique


def find(text: str, table: dict[str, list[str]] | None = None) -> list[tuple[int, int, str]]:
    """(start, end, key) of each name ``text`` says by the module's rules, earliest first."""
    table = VOCABULARY["metrics"] if table is None else table
    index, unique = built_for(table, _names)
    toks = _tokens(text.lower())
    found: list[tuple[int, int, str]] = []

    def run(form: tuple[str, ...], i: int) -> bool:
        if len(form) == 1:  # a one-word name is the word itself, not a part of a compound ("cac" of "ltv/cac")
            return toks[i][2] == form[0]
        return i + len(form) <= len(toks) and all(form[j] in toks[i + j][3] for j in range(len(form)))

    for i, (start, _, own, terms_) in enumerate(toks):
        for term in terms_:
            for key, form in index.get(term, ()):
                if run(form, i):
                    found.append((start, toks[i + len(form) - 1][1], key))
        if own in unique:
            found.append((start, toks[i][1], unique[own]))
    found.sort(key=lambda f: (f[0], -(f[1] - f[0])))
    out, seen = [], set()
    for f in found:
        if f[2] not in seen and not any(f[0] < e and f[1] > s for s, e, _ in out):
            seen.add(f[2])
            out.append(f)
    return out


@lru_cache(maxsize=4096)
def _tokens(low: str) -> tuple[tuple[int, int, str, frozenset[str]], ...]:
    """(start, end, own term, every term) of each token of ``low``: a message is read against several tables."""
    return tuple((m.start(), m.end(), *_token_terms(m.group(0))) for m in _TOKEN.finditer(low))


_SHARE = re.compile(r"\b(?:share|percentage|percent|proportion|fraction|rate|how many) of (?:the |our |my |your |those |these |them )?"
                    r"((?:[a-z][a-z\-]*\s*){1,5})", re.I)


# what a conversion counts: a visitor who buys, signs up, books … (not "ends up happy")
_CONVERTS = re.compile(r"\b(?:buy|bought|purchas|order|sign|register|enrol|subscrib|book|apply|appli|download|install|"
                       r"check(?:s|ed|ing)? ?out|pay|paid|donat|join|(?:turn|turns|turned|turning) into|become|became)", re.I)


def loosely_named(text: str, table: dict[str, list[str]] | None = None,
                  spans: list[tuple[int, int]] | None = None) -> list[tuple[int, str]]:
    """(position, key) of each metric asked in words other than its names: a rate asked as a share
    or as how often something happens (:func:`rate_asked`), or a long name said with words between its
    own (:func:`spread`), or a metric described by the ratio it is (:mod:`agent.offline.metricforms`:
    "a share of the clicks that turn into sales", "revenue back per ad dollar"), which wins where it
    reads the same words as a share; its words are added to ``spans`` (where the message names metrics)."""
    table = VOCABULARY["metrics"] if table is None else table
    desc3 = metricforms.described(text, table)
    if spans is not None:  # the words a description takes are the metric's: "each new shopper" prices no "shopper"
        spans += [(a, b) for a, b, _ in desc3]
    desc = [(a, k) for a, _, k in desc3]
    at = {pos for pos, _ in desc}
    found = sorted([x for x in rate_asked(text, table) if x[0] not in at] + spread(text, table) + desc + clipped(text, table))
    return [x for i, x in enumerate(found) if x[1] not in {k for _, k in found[:i]}]   # each key once, where first said


# a word then a noun that only says "a figure of it": "the return number", "that lifetime figure"
_CLIPPED = re.compile(r"\b(?:the|that|this|your|a|its|our)\s+(?:(?:normal|typical|usual|average|good|healthy|expected)\s+)?"
                      r"([a-z]+)\s+(?:number|figure|metric|stat|multiple)s?\b")


def clipped(text: str, table: dict[str, list[str]] | None = None) -> list[tuple[int, str]]:
    """(position, key) of a long name clipped to its first word and a word for a figure ("the return number":
    return on ad spend). Only a word that opens a name of three content words or more and that no other
    metric's names use at all, and never a priced unit's name ("cost per …", "… cost"): "the customer number"
    counts customers, "the return number" asks the return."""
    table = VOCABULARY["metrics"] if table is None else table
    opens, used = built_for(table, _openers)
    out = []
    for m in _CLIPPED.finditer(text.lower()):
        t = _token_terms(m.group(1))[0]
        if t and len(opens.get(t, ())) == 1 and used.get(t) == opens[t]:
            out.append((m.start(1), next(iter(opens[t]))))
    return out


def _openers(items: tuple[tuple[str, tuple[str, ...]], ...]) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """For :func:`clipped`, read once per table: the keys each word opens a long name of, and the keys
    each word is used by."""
    opens: dict[str, set[str]] = {}
    used: dict[str, set[str]] = {}
    for key, syns in items:
        for s in syns:
            toks = [_token_terms(t)[0] for t in _TOKEN.findall(s.lower())]
            for t in filter(None, toks):
                used.setdefault(t, set()).add(key)
            if len([t for t in toks if t]) >= 3 and not re.search(r"\bcost|\bper\b|\bprice", s) and toks[0]:
                opens.setdefault(toks[0], set()).add(key)
    return opens, used


_GAP = 3   # content words a speaker puts inside a long name: "return [should we expect] on ad spend"


def spread(text: str, table: dict[str, list[str]] | None = None) -> list[tuple[int, str]]:
    """(position, key) of a name of three content words or more said in order with a few words
    between them, within one clause ("what return should we expect on ad spend?": return on ad
    spend). A shorter name spread out is too likely to be chance ("cost … per … click")."""
    table = VOCABULARY["metrics"] if table is None else table
    low = text.lower()
    toks = [(start, terms_, own) for start, _, own, terms_ in _tokens(low)]
    clause_of, clause, seen = [], 0, 0  # how many clause marks come before each word
    for s0, _, _ in toks:
        clause += len(_CLAUSE_MARK.findall(low, seen, s0))
        seen = s0
        clause_of.append(clause)
    out = []
    for key, seqs in built_for(table, _long_names):
        for seq in seqs:
            for i, (start, terms_, _) in enumerate(toks):
                if seq[0] not in terms_:
                    continue
                j, gaps = i, 0
                for want in seq[1:]:
                    j += 1
                    while j < len(toks) and want not in toks[j][1] and gaps <= _GAP and j - i <= len(seq) + 2 * _GAP:
                        gaps += bool(toks[j][2])  # a stop word between ("our ad spend") is no gap
                        j += 1
                    if j >= len(toks) or gaps > _GAP or j - i > len(seq) + 2 * _GAP or clause_of[j] != clause_of[i]:
                        break
                else:
                    if gaps:
                        out.append((start, key))
                        break
            if out and out[-1][1] == key:
                break
    return out


_CLAUSE_MARK = re.compile(r"[.?!;,]")


def _long_names(items: tuple[tuple[str, tuple[str, ...]], ...]) -> list[tuple[str, list[list[str]]]]:
    """For :func:`spread`, read once per table: each key's names of three content words or more, as
    the terms said in order (a stop word as itself)."""
    return [(key, [[own or t for t in _TOKEN.findall(s) for own in [_token_terms(t)[0]]] for s in syns
                   if sum(1 for t in _TOKEN.findall(s) if _token_terms(t)[0]) >= 3]) for key, syns in items]


# how often someone does something, as a rate of the audience's — not how often we (the advertiser) do it: "how often
# should we pay for …", "how often do I check …" ask a habit of the asker's, no rate
_OFTEN = re.compile(r"\bhow often (?:do|does|did|will|would|should) (?!(?:we|i)\b)(?:the |our |my |your )?(?:[a-z\-]+ ){1,2}?"
                    r"(?P<verb>[a-z]+)\b", re.I)


def rate_asked(text: str, table: dict[str, list[str]] | None = None) -> list[tuple[int, str]]:
    """(position, key) of a rate asked as a share: "what share of visitors convert" — the rate
    metric (a name ending in "rate") whose other words share a root with what the share does
    ("convert" / "conversion rate"), when exactly one does; a share of visitors or clicks doing
    what a conversion counts ("end up buying", "sign up", "turn into orders") is the conversion rate."""
    table = VOCABULARY["metrics"] if table is None else table
    out = []
    for m in _OFTEN.finditer(text):  # "how often do people click": a rate whose name says the verb
        keys = _rates_saying(table, {t for t in _A(m.group("verb")) if len(t) >= 4})
        if not keys and _CONVERTS.match(m.group("verb")):
            keys = {key for key, syns in table.items() for s in syns if s == "conversion rate"}
        if len(keys) == 1:
            out.append((m.start(), keys.pop()))
    for m in _SHARE.finditer(text):
        # "people who click and go on to install": what is counted is the last thing they do
        later = re.split(r"\b(?:go(?:es)? on to|went on to|then|end up|ended up|later|eventually)\b",
                         re.split(r"[.?!;,]", text[m.start(1):])[0])
        if len(later) > 1 and later[-1].strip() and _CONVERTS.search(later[-1]):
            out += [(m.start(), key) for key, syns in table.items() if "conversion rate" in syns]
            continue
        words = m.group(1).split()
        # the first word is who is counted (a conversion rate's "clicks"); what they do names the rate
        said = {t for t in _A(" ".join(words[1:] if len(words) > 1 else words)) if len(t) >= 4}
        keys = _rates_saying(table, said)
        if not keys and re.match(r"(?:site |web |store |paid )?(?:visitors|visits|clicks|clickers|traffic|sessions|shoppers)\b",
                                 m.group(1), re.I) and _CONVERTS.search(m.group(1)):
            # the share of visitors who do what the campaign wants (buy, sign up, enroll) is what a
            # conversion rate measures: the rate whose name says so
            keys = {key for key, syns in table.items() for s in syns if s == "conversion rate"}
        if len(keys) == 1:
            out.append((m.start(), keys.pop()))
    return out


def _rates_saying(table: dict[str, list[str]], said: set[str]) -> set[str]:
    """The rate metrics (a name ending in "rate") whose other words share a root with ``said``."""
    return {key for key, syns in table.items() for s in syns
            if s.endswith(" rate") and any(same_word(w, t) for w in _A(s[:-5]) for t in said)}


class _KeyPatterns:
    """One word-bounded pattern per key of a table, built once per table (escaping and sorting every
    synonym on each call cost more than the matching), and which keys a text can name at all.

    Why the second part: a pattern that opens with a look-behind is tried at every position of the
    text, ~4 µs per key and text, and the places table has 55 keys. A synonym's first ``[a-z0-9]``
    run can only occur as a whole run of the lower-case text (the boundaries on both sides are
    exactly the characters outside ``[a-z0-9]``), or, for its last run, that run with the plural
    "s"; so only the keys with such a run in the text (and those a run cannot decide: a synonym
    with no run or with capitals, which the lower-case text never holds) are searched. The spans
    found are exactly those of searching every key."""

    def __init__(self, items: tuple[tuple[str, tuple[str, ...]], ...], plural: bool):
        end = r")s?(?![a-z0-9])" if plural else r")(?![a-z0-9])"
        self.pats = [(key, re.compile(r"(?<![a-z0-9])(?:" + "|".join(sorted(map(re.escape, syns), key=len, reverse=True))
                                      + end)) for key, syns in items]
        self.by_run: dict[str, set[int]] = {}
        self.always: set[int] = set()
        for i, (_, syns) in enumerate(items):
            if not syns:  # no synonym: the empty pattern, which matches anywhere
                self.always.add(i)
            for syn in syns:
                runs = _RUN.findall(syn)
                if not runs or syn != syn.lower() or not syn.isascii():
                    self.always.add(i)
                    continue
                self.by_run.setdefault(runs[0], set()).add(i)
                if plural and len(runs) == 1 and syn.endswith(runs[0]):  # "cpm" is also said "cpms"
                    self.by_run.setdefault(runs[0] + "s", set()).add(i)

    def named(self, low: str) -> list[tuple[str, re.Pattern]]:
        keys = set(self.always)
        for run in set(_RUN.findall(low)):
            keys.update(self.by_run.get(run, ()))
        return [self.pats[i] for i in sorted(keys)]


_RUN = re.compile(r"[a-z0-9]+")


def _key_patterns(items: tuple[tuple[str, tuple[str, ...]], ...]) -> _KeyPatterns:
    return _KeyPatterns(items, False)


def _plural_key_patterns(items: tuple[tuple[str, tuple[str, ...]], ...]) -> _KeyPatterns:
    return _KeyPatterns(items, True)


def positions(text: str, table: dict[str, list[str]], plural: bool = False) -> list[tuple[int, str]]:
    """(position, key) of every key whose synonym occurs in ``text``, earliest first; a match
    inside a longer match of another key does not count ("CAC" inside "LTV:CAC"). With ``plural``
    a name followed by "s" counts as the name ("CPMs", "conversion rates"): for metric names, not
    for places ("LA" is not in "Las Vegas")."""
    low = text.lower()
    spans = []
    for key, pat in built_for(table, _plural_key_patterns if plural else _key_patterns).named(low):
        spans += [(m.start(), -(m.end() - m.start()), m.end(), key) for m in pat.finditer(low)]
    kept: list[tuple[int, int, str]] = []
    for start, _, end, key in sorted(spans):
        if not any(start < e and end > s for s, e, _ in kept):
            kept.append((start, end, key))
    out, seen = [], set()
    for start, _, key in kept:
        if key not in seen:
            seen.add(key)
            out.append((start, key))
    return out


def any_name(table: dict[str, list[str]]) -> re.Pattern:
    """Every name of ``table`` as written (a plural "s" allowed, longest first), word-bounded: made once per
    table as it is now (:func:`~mpa.vocabulary.built_for`), not joined and looked up on every message."""
    return built_for(table, _any_name)


def _any_name(items: tuple[tuple[str, tuple[str, ...]], ...]) -> re.Pattern:
    syns = sorted({re.escape(x) for _, names in items for x in names}, key=len, reverse=True)
    return re.compile(r"(?<![a-z0-9])(?:" + "|".join(syns) + r")s?(?![a-z0-9])")


def units_listed(low: str, spans: list[tuple[int, int]], unit_of: dict[str, str]) -> list[tuple[int, str]]:
    """(position, metric) for a counted unit listed beside a named metric as another thing asked
    about ("what do installs and conversion rates look like"): the unit's price metric. Not when a
    number or "how many" counts it ("500 installs", "how many installs"). ``unit_of``: metric → its
    counted unit ("CPI" → "install"), as the parser reads it from the vocabulary; ``spans``: where
    the message names metrics."""
    if not spans or re.search(r"\d|\bhow many\b", low):
        return []
    out = []
    for key, unit in unit_of.items():
        if " " in unit:
            continue
        for m in compiled(rf"\b{re.escape(unit)}s\b").finditer(low):
            # "installs and (store-page) conversion rates" / "CTR and clicks": a metric named next to it
            a = re.match(r"\s*(?:,|and|or)\s+(?:[a-z\-]+\s+){0,2}", low[m.end():])
            b = re.search(r"(?:,|\band|\bor)\s+$", low[:m.start()])
            if a and any(s0 >= m.end() and low[m.end():s0] == a.group(0)[:s0 - m.end()] and s0 - m.end() <= len(a.group(0))
                         for s0, _ in spans) or b and any(e0 == b.start() or low[e0:b.start()].strip(" ,") == ""
                                                          for _, e0 in spans if e0 <= b.start()):
                out.append((m.start(), key))
    return out
