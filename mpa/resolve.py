"""Resolve a user's free-text name (an industry, a metric) to one of a small set of keys
without a synonym list: by stemmed word overlap with the keys' labels, then by retrieval over
the knowledge base.

Why: a synonym vocabulary only knows the words someone thought to write down. Users type
"online shops", "cost of a lead", "store chains"; the knowledge base itself usually says what
a vertical covers ("also called e-commerce, DTC … brands that sell through their own online
store") and what a metric means ("CPI (cost per install)"). So when the vocabulary has no
match, the words are matched against the labels the KB gives each key and, failing that,
searched: the best passage that belongs to exactly one key (a vertical's benchmark file, a
section headed by a metric code) and shares most of the user's words names the key.

Conservative by design: a phrase whose words the KB does not share resolves to nothing, so an
uncovered industry ("solar installers") stays uncovered instead of borrowing another
vertical's numbers.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Iterable, Mapping

from rag.analyzer import get_analyzer
from rag.sentences import loose_sentences

if TYPE_CHECKING:  # pragma: no cover
    from rag.engine import RetrievalEngine
    from rag.types import Chunk

_ANALYZE = get_analyzer(True, True)
PREFIX = 6  # stems sharing their first 6 letters count as the same word ("acquisit"/"acquisition"); 5 let "hospital" meet "hospitality"


def terms(text: str) -> frozenset[str]:
    """Stemmed content words of ``text`` (numbers dropped). Cached: the resolvers ask for the
    same labels' and KB pieces' words on every look-up."""
    return _terms(text or "")


@lru_cache(maxsize=8192)
def _terms(text: str) -> frozenset[str]:
    return frozenset(t for t in _ANALYZE(text) if not t[0].isdigit())


def same_word(a: str, b: str) -> bool:
    if a == b:
        return True
    n = min(len(a), len(b))
    return n >= PREFIX and a[:PREFIX] == b[:PREFIX]


def coverage(query: set[str], text_terms: set[str]) -> float:
    """Share of ``query`` words that some word of ``text_terms`` matches (see :func:`same_word`).
    A word matches when the text holds it, or holds a word as long as :data:`PREFIX` with its first
    :data:`PREFIX` letters — :func:`same_word` exactly, from a set of prefixes instead of comparing
    every pair (a look-up compares each label with every KB piece: that was quadratic)."""
    if not query:
        return 0.0
    heads = _heads(text_terms) if isinstance(text_terms, frozenset) else _heads.__wrapped__(text_terms)
    return sum(1 for q in query if q in text_terms or (len(q) >= PREFIX and q[:PREFIX] in heads)) / len(query)


@lru_cache(maxsize=8192)
def _heads(text_terms: frozenset[str]) -> frozenset[str]:
    """The first :data:`PREFIX` letters of each word of ``text_terms`` at least that long (cached per set
    of words: :func:`terms` hands out the same frozensets again)."""
    return frozenset(t[:PREFIX] for t in text_terms if len(t) >= PREFIX)


def label_scores(phrase: str, labels: dict[str, str]) -> dict[str, float]:
    """Each key's label coverage of the phrase's words."""
    q = terms(phrase)
    return {key: coverage(q, terms(label)) for key, label in labels.items()} if q else {}


def by_labels(phrase: str, labels: dict[str, str], min_coverage: float = 1.0) -> str | None:
    """The key whose label covers every word of ``phrase`` (or ``min_coverage`` of them), when
    exactly one key does best; ties resolve to nothing."""
    scored = sorted(((v, k) for k, v in label_scores(phrase, labels).items()), reverse=True)
    if not scored or scored[0][0] < min_coverage:
        return None
    if len(scored) > 1 and scored[1][0] == scored[0][0]:
        return None
    return scored[0][1]


_WORD = re.compile(r"[a-z][a-z0-9]*")

# words for the form, size or reach of an organisation, not its industry: "a small chain of
# clinics" is in the clinics' industry, "a regional hospital network" in the hospitals'
ORGANISATION_WORDS = frozenset("""
    chain chains group groups network networks company companies firm firms startup startups business businesses
    organisation organisations organization organizations org operator operators outfit enterprise
    enterprises agency agencies small smaller big large larger local regional national independent family owned
    family-owned mid midsize mid-size sized boutique practice practices office offices marketplace marketplaces
""".split())


@lru_cache(maxsize=4096)  # pure; the label rules ask it of the same labels on every look-up (~39,000 calls, ~1,000 phrases)
def industry_words(phrase: str) -> str:
    """``phrase`` without the words that describe the organisation's form or size (see
    :data:`ORGANISATION_WORDS`); the phrase itself when nothing else would be left."""
    words = (phrase or "").split()
    kept = [w for w in words if w.lower().strip(",.;:") not in ORGANISATION_WORDS]
    return " ".join(kept) if any(terms(w) for w in kept) else phrase


def gerunds_said(phrase: str, text: str) -> bool:
    """False when every content word of ``phrase`` ends in -ing and ``text`` says none of them as itself: a gerund
    alone names a doing ("reaching", "targeting"), and its stem meets a noun of another sense ("reach-driven
    campaigns", "target CPA") — a stem match on it says nothing of the business ("for reaching practice owners" is no
    CPG brand). A phrase with other words ("brands selling through their own store") is judged by those too."""
    have = _words_of(text or "")
    words = [w for w in _WORD.findall((phrase or "").lower()) if terms(w)]
    return not words or any(not (len(w) > 5 and w.endswith("ing")) or w in have for w in words)


def abbreviates(phrase: str, text: str) -> bool:
    """True when ``phrase`` is a shortened form of consecutive words of ``text``: as many words,
    in order, each equal to its word or a prefix of it of two letters or more, at least one
    shortened and at least one (a content word) whole — "higher ed" in "higher education
    institutions", "pro services" in "professional services". Two words or more, so a lone
    fragment ("ed") never names anything."""
    q = _WORD.findall((phrase or "").lower())
    if len(q) < 2:
        return False
    words = _WORD.findall((text or "").lower())
    for i in range(len(words) - len(q) + 1):
        window = words[i:i + len(q)]
        if not all(t.startswith(w) and len(w) >= 2 for w, t in zip(q, window)):
            continue
        if any(w != t for w, t in zip(q, window)) and any(w == t and terms(w) for w, t in zip(q, window)):
            return True
    return False


def known_to(engine: "RetrievalEngine") -> Callable[[str], bool]:
    """Whether the engine's KB uses a word (every analyzed term of it is in the index's
    vocabulary): what :func:`expand_truncations` asks before reading a word as clipped."""
    vocab = engine.index.term_id
    return lambda w: all(x in vocab for x in terms(w))


def expand_truncations(phrase: str, known: Callable[[str], bool], names: Mapping[str, str]) -> str:
    """``phrase`` with each clipped word ("edu", "fin") written out as a word of ``names`` (key →
    the text naming it) that it begins, when the word itself is unknown (``known`` is False: the KB
    never uses it), has three letters or more, and the longer words it begins all belong to one
    key's text or are one word ("ecom": ecommerce, wherever it is written), or the phrase's other
    words are said by one of the keys' texts only ("uni programs": programs are named beside the
    universities). Anything else is left as it is: a clipped word alone that could start two keys'
    words ("uni": unions, universities) names neither."""
    words_of = {k: set(_WORD.findall((text or "").lower())) for k, text in names.items()}
    out = []
    words = (phrase or "").split()
    for w in words:
        low = w.lower()
        if len(low) >= 3 and low.isalpha() and not known(low):
            hits = {k: sorted((x for x in ws if x.startswith(low) and len(x) >= len(low) + 2), key=len)
                    for k, ws in words_of.items()}
            hits = {k: v for k, v in hits.items() if v}
            rest = " ".join(x for x in words if x is not w)
            if len(hits) > 1 and terms(rest):  # "uni programs": the one key whose text also says the other words
                hits = {k: v for k, v in hits.items() if says_words(rest, names[k])} or hits
            longer = sorted({x for v in hits.values() for x in v}, key=lambda x: (len(x), x))  # one length: by name, not hash order
            if len(hits) == 1 or (longer and len({frozenset(terms(x)) for x in longer}) == 1):
                w = (next(iter(hits.values())) if len(hits) == 1 else longer)[0]
        out.append(w)
    return " ".join(out)


@lru_cache(maxsize=8192)  # pure; asked ~55,000 times a test run of a few thousand (phrase, text) pairs
def says_words(phrase: str, text: str) -> bool:
    """True when every content word of ``phrase`` occurs in ``text`` as itself, singular or plural
    ("hospitals" in "hospital systems", not in "hospitality")."""
    have = _words_of(text or "")
    words = [w for w in _WORD.findall((phrase or "").lower()) if terms(w)]
    return bool(words) and all(_number_forms(w) & have for w in words)


@lru_cache(maxsize=1024)
def _words_of(text: str) -> frozenset[str]:
    """The lower-cased words of ``text``, memoised: :func:`own_word_said` asks this of every vertical's
    whole benchmark file for each word of a phrase, and the files do not change within a process."""
    return frozenset(_WORD.findall(text.lower()))


def own_word_said(phrase: str, passage: str, texts: Mapping[str, str]) -> bool:
    """True when ``passage`` says at least one content word of ``phrase`` as itself (singular or plural,
    :func:`says_words`) that is not said by most of ``texts`` (every key's own text). Why: a stem match
    alone is not the business ("cycling" meets "sales cycles"), and a word most keys' texts use is about
    benchmarks in general, not any one business ("holidays" in each vertical's seasonality notes) — a
    passage that shares only such words with the user's phrase would lend another business's figures."""
    words = [w for w in _WORD.findall((phrase or "").lower().replace("-", " ")) if terms(w)]
    common = {w for w in words if sum(says_words(w, t) for t in texts.values()) > max(1, len(texts) / 2)}
    return any(says_words(w, passage) for w in words if w not in common)


def _number_forms(w: str) -> set[str]:
    return {w, w[:-1] if w.endswith("s") else w + "s", w[:-2] if w.endswith("es") else w + "es"}


def by_retrieval(engine: "RetrievalEngine", phrase: str, key_of: Callable[["Chunk"], str | None],
                 top_k: int = 8, min_coverage: float = 0.5, context: str = "") -> str | None:
    """Search ``phrase`` (plus ``context`` words that help ranking but need not match) and return
    the key of the first result that belongs to a key (``key_of``) and whose text, title and
    section share at least ``min_coverage`` of the phrase's words."""
    q = terms(phrase)
    if not q:
        return None
    for r in engine.search(f"{phrase} {context}".strip(), top_k=top_k):
        key = key_of(r.chunk)
        if key is None:
            continue
        seen = terms(" ".join([r.chunk.title, *r.chunk.section_path, r.chunk.text]))
        if coverage(q, seen) >= min_coverage:
            return key
    return None


def header_key(chunk: "Chunk", keys: Iterable[str]) -> str | None:
    """The one key named as a whole word in the chunk's own section headers ("CPI (cost per
    install)", "CAC in ecommerce"), else None. A chunk that merged small sections naming
    different keys names none: a wrong key is worse than no key (the caller tries the next hit)."""
    keys = list(keys)
    found = set()
    for path in (chunk.section_paths or (chunk.section_path,)):
        words = set((path[-1] if path else "").replace("(", " ").replace(")", " ").split())
        found.update(k for k in keys if k in words)
    return found.pop() if len(found) == 1 else None


# ---------------------------------------------------------------- meaning, when words fail
# A sentence-similarity function ``(phrase, texts) → cosines | None`` plugged in by whoever holds an
# encoder (the offline agent plugs its cached one in); without one, nothing here resolves by meaning.
_MEANING: list[Callable[[str, list[str]], "list[float] | None"]] = []
MEANING_ALONE = 0.6    # the nearest name's similarity for meaning alone to name a key …
MEANING_MARGIN = 0.2   # … and its lead over the next key's nearest name
MEANING_WITH_WORD = 0.55  # the similarity a key that says one of the phrase's words needs ("car wash" is no car dealer)


def use_meaning(similarities: Callable[[str, list[str]], "list[float] | None"] | None) -> None:
    """Plug in (or, with None, take out) the similarity function :func:`by_meaning` uses."""
    _MEANING[:] = [similarities] if similarities else []


def meaning_key() -> tuple:
    """What the plugged-in similarity's answers depend on besides the texts, for a cache of answers that used it
    (:mod:`mpa.lookupmemo`): the function itself, and its switch when it declares one (a ``state`` attribute
    answering the switch's position: the offline agent's encoder can be switched off and on)."""
    if not _MEANING:
        return None, None
    state = getattr(_MEANING[0], "state", None)
    return _MEANING[0], state() if callable(state) else None


def similarities(phrase: str, texts: list[str]) -> "list[float] | None":
    """The plugged-in similarity of ``phrase`` to each of ``texts``; None without an encoder."""
    return _MEANING[0](phrase, texts) if _MEANING and texts and (phrase or "").strip() else None


def by_meaning(phrase: str, names: Mapping[str, Iterable[str]]) -> list[tuple[float, str]] | None:
    """(similarity, key) for each key, best first: a key's similarity is that of its nearest name
    (a label, or one item a table's introduction lists: "clinics", "car dealers"). None without a
    similarity function."""
    if not _MEANING or not (phrase or "").strip():
        return None
    keys, texts = [], []
    for key, ns in names.items():
        for n in ns:
            if n.strip():
                keys.append(key)
                texts.append(n)
    sims = _MEANING[0](phrase, texts) if texts else None
    if sims is None:
        return None
    best: dict[str, float] = {}
    for key, s in zip(keys, sims):
        best[key] = max(best.get(key, -1.0), s)
    return sorted(((s, k) for k, s in best.items()), reverse=True)


def nearest_by_meaning(phrase: str, names: Mapping[str, Iterable[str]], alone: bool = True) -> str | None:
    """The key nearest ``phrase`` by meaning — when ``alone``, only if it is near (:data:`MEANING_ALONE`)
    and clearly nearer than any other key (:data:`MEANING_MARGIN`): meaning by itself names a key only
    when it leaves no doubt. Without ``alone`` the caller has word evidence and asks meaning only
    which key it points at."""
    ranked = by_meaning(phrase, names)
    if not ranked:
        return None
    if not alone:
        return ranked[0][1] if ranked[0][0] >= MEANING_WITH_WORD and (len(ranked) == 1 or ranked[0][0] > ranked[1][0]) \
            else None
    if ranked[0][0] >= MEANING_ALONE and (len(ranked) == 1 or ranked[0][0] - ranked[1][0] >= MEANING_MARGIN):
        return ranked[0][1]
    return None


def listed_names(intro: str) -> list[str]:
    """The names a table's introduction lists for what it covers: its title and the items of its
    first sentence ("hospital systems, clinics, dental and vision practices" → each)."""
    lines = (intro or "").strip().split("\n", 1)
    title = lines[0].lstrip("# ").strip()
    body = lines[1].strip() if len(lines) > 1 else ""
    first = (loose_sentences(body) or [""])[0]
    first = _SAID_OF.split(first)[0]  # "products sold mainly through grocery, drug …": where they sell is not what they are
    items = [x.strip(" .") for x in re.split(r",\s*|:\s*|;\s*|\s+and\s+|\s+or\s+", first)]
    return [title] + [x for x in items if len(x) > 3 and terms(x)]


_SAID_OF = re.compile(r"\s+(?:sold|selling|that sell|which sell|who sell|that|which|who)\b", re.I)


def saying(phrase: str, intros: Mapping[str, str]) -> str | None:
    """Among introductions that all cover ``phrase``'s words, the one key that lists it among the kinds of
    business it covers ("grocers" among retail's department stores and chains; CPG's products are merely
    "sold through grocery"), else the one whose text says each word itself ("hospitals", not
    "hospitality"); None when neither picks one."""
    q = terms(phrase)
    listed = {k for k, text in intros.items() if any(coverage(q, terms(n)) == 1.0 for n in listed_names(text)[1:])}
    if len(listed) == 1:
        return listed.pop()
    said = {k for k, text in intros.items() if says_words(phrase, text)}
    return said.pop() if len(said) == 1 else None


def by_word_and_meaning(phrase: str, texts: Mapping[str, str], names: Mapping[str, Iterable[str]]) -> str | None:
    """A key for a phrase the word rules left unresolved: the key whose text alone says one of the
    phrase's content words ("dental offices": only healthcare's introduction says "dental") when it is
    also the key nearest the phrase by meaning; else the key meaning alone leaves no doubt about
    (:func:`nearest_by_meaning`: "snack" among "food, beverage … products")."""
    words = [w for w in _WORD.findall((phrase or "").lower().replace("-", " ")) if terms(w)]
    said = set()
    for w in words:
        saying = [k for k, text in texts.items() if says_words(w, text)]
        if len(saying) == 1:
            said.add(saying[0])
    if said:
        near = nearest_by_meaning(phrase, names, alone=False)
        if near in said:
            return near
    return nearest_by_meaning(phrase, names)


# "…, a deeper action than an inquiry": what a thing is compared with is not the thing
_CONTRAST = re.compile(r",\s*(?:an? |the )?[a-z\- ]{0,30}?\b(?:than|rather than|not|unlike)\b[^,.;:]*", re.I)


def without_contrast(sentence: str) -> str:
    """``sentence`` without its comparisons ("Education CPA counts submitted applications, a deeper
    action than an inquiry" → "… counts submitted applications"): a note that says what a metric
    counts names other things only to set them apart."""
    return _CONTRAST.sub("", sentence or "")


# "cost per booked test drive", "price of a lesson", "cost to land a new customer": the unit priced
_PRICE_OF = re.compile(r"^\s*(?:cost|price)\s+(?:per|of an?|of|for an?|for|to (?:land|get|win|acquire|gain|book|sign(?: up)?)"
                       r"(?: an?| one)?)\s+(.+)$", re.I)


def priced_unit(phrase: str) -> str:
    """The unit a "cost per …" / "price of …" phrase prices ("cost per booked test drive" → "booked test
    drive"); "" when the phrase prices nothing. The one reading of that form for every resolver."""
    m = _PRICE_OF.match(phrase or "")
    return m.group(1).strip() if m else ""


def unit_by_meaning(phrase: str, labels: Mapping[str, str]) -> str | None:
    """A price of a unit no label words ("cost per download"): the metric whose label prices the unit
    nearest it by meaning ("CPI (cost per install)": an install; "CAC (customer acquisition cost)": a
    customer), when meaning alone leaves no doubt (:func:`nearest_by_meaning`). Only the units are
    compared: every "cost per …" is alike in its first two words."""
    unit = priced_unit(phrase)
    units = {k: [u.group(1) or u.group(2)] for k, lab in labels.items()
             if (u := re.search(r"\bcost per ([a-z][a-z ]*)|\b([a-z]+) acquisition cost\b", lab, re.I))}  # a customer's
    if not (unit and units):
        return None
    if len(same := [k for k, us in units.items() if unit.lower() in (u.lower().strip() for u in us)]) == 1:
        return same[0]  # the very unit a label prices ("day pass price" as "cost per day pass"): no meaning needed
    # "app download": the thing counted is the last word, when the whole says no unit
    return nearest_by_meaning(unit, units) or (nearest_by_meaning(unit.split()[-1], units) if " " in unit else None)
