"""Reading passages, the parts every reader shares: split a passage into answer units under their
headings (:func:`sentences`, :func:`units`) and decide whether the passages answer the question
at all (:func:`relevant`); which section and sentences to quote is :mod:`~agent.offline.reader`.

Why this is separate from the policy: it is the offline agent's "reading" ability, and
it is where two general safety rules live — a sentence that gives orders to an assistant
("ignore previous instructions…") is never quoted (KB text is data, not instructions), and a
passage that shares too little of the question's content is not passed off as an answer.
Words are compared through ``rag``'s analyzer (the same stemming and stop words retrieval
uses), so "enrolment" meets "enrollment" here exactly as in the index.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from agent.offline import agentnoun, captionrows, formulalead, namedpart, passagelines, shareline
from agent.offline.asking import question_sentences
from agent.offline.aswritten import as_written, held as _held
from mpa.fixed_width import as_lists
from mpa.layout import readable
from mpa.vocabulary import VOCABULARY
from rag.analyzer import get_analyzer
from rag.sentences import LOOSE_SENTENCE_END, SENTENCE_END
from rag.regexes import compiled

_ANALYZE = get_analyzer(True, True)
_EXTRA_STOP = {"typical", "typically", "say", "says", "tell", "know", "want", "need", "like", "just", "pleas",
               "thing", "use", "good", "make", "way", "ok", "okay",
               # what the analyzer leaves of negative contractions ("don't" → "don")
               "don", "doesn", "didn", "isn", "aren", "wasn", "weren", "wouldn", "shouldn", "couldn", "hasn", "haven",
               "hadn", "ll", "ve"}
STEP = re.compile(r"\bstep\s*(10|[1-9])\b", re.I)
IDENT = re.compile(r"\b[A-Z][A-Z0-9]+(?:-[A-Z0-9/]+)+\b")
# An instruction aimed at an assistant, not information: never repeated (prompt injection in KB text).
_INJECTION = re.compile(
    r"\b(?:ignore|disregard|forget|override|bypass)\b[^.!?\n]{0,40}\b(?:instructions?|prompts?|rules|directions|"
    r"guidelines|context|messages?)\b|\byou are now\b|\bsystem prompt\b|\b(?:respond|reply|answer)\s+(?:only\s+)?"
    r"(?:with|by saying)\b|\bnew instructions?\b|\bact as\b", re.I)


# English irregular plurals the stemmer leaves apart from their singular ("people" / "per person")
_IRREGULAR = {"peopl": "person", "children": "child", "men": "man", "women": "woman"}
# "paid" as the past of "pay" — after its subject or an auxiliary, or before the amount ("charities … paid $1.60 per
# click", "what we paid per lead"): the stemmer keeps it apart from "pay", so "the most to pay per click" missed it. The
# adjective ("paid social", "a paid visit", the commonest use in a media KB) stays its own word: read as "pay" it made
# "pay" too common a word to count ("how do I stop paying to reach …" lost its passage)
_PAID_AFTER = re.compile(r"\b(we|i|you|they|he|she|it|who|that|had|have|has|was|were|been|be|get|got)(\s+)paid\b", re.I)
_PAID_BEFORE = re.compile(r"\bpaid(?=\s*[$€£¥₹\d]|\s+(?:about|around|roughly|up to|over|under|more|less|per|for|back|off)\b)", re.I)


def terms(text: str) -> list[str]:
    """Stemmed content words (rag's analyzer; numbers and a few conversational fillers out)."""
    return list(_terms(text))


# an acronym's plural ("CPMs", "KPIs", "DMAs"; a metric's typed lower-case, "cpms"): the stemmer keeps its "s" (no vowel
# before it, or one right before it), so "CPMs" and "CPM" would be two words; written as the acronym, they are one
_PLURAL = re.compile(r"\b([A-Za-z]{2,5})s\b")
_METRIC_NAMES = frozenset(k.upper() for k in VOCABULARY["metrics"])


def singular_acronyms(text: str) -> str:
    """``text`` with each acronym's plural written as the acronym ("CPMs rose" → "CPM rose")."""
    return _PLURAL.sub(lambda m: m.group(1) if m.group(1).isupper() or m.group(1).upper() in _METRIC_NAMES
                       else m.group(0), text)


def _paid_verb(text: str) -> str:
    return _PAID_BEFORE.sub("pay", _PAID_AFTER.sub(r"\1\2pay", text)) if "aid" in text else text


@lru_cache(maxsize=16384)
def _terms(text: str) -> tuple[str, ...]:  # the reader analyses the same KB sentences turn after turn
    return tuple(_IRREGULAR.get(t, t) for t in _ANALYZE(_paid_verb(singular_acronyms(text)))
                 if not t[0].isdigit() and t not in _EXTRA_STOP and len(t) > 1)


@lru_cache(maxsize=4096)
def term_set(text: str) -> frozenset[str]:
    """The set of :func:`terms` of a passage, made once: each turn that finds it compares the question with it."""
    return frozenset(_terms(text))


_POINTER = re.compile(r"^\W*(?:[\w ]{1,20}:\s*)?(?:see|refer to|cf\.?|more in|details? in)\b", re.I)


def kb_words(question: str, passages: list[dict]) -> set[str]:
    """The question's content words (:func:`terms`) as the passages write them (:mod:`~agent.offline.aswritten`:
    their spelling, their hyphenated and closed compounds — a compound in place of the words typed, one word)."""
    held = _held(passages)
    if not held:
        return set(terms(question))
    text, written, compounds = as_written(agentnoun.based(question, held), held)  # "skiers" as the KB's "ski"
    return (set(terms(text)) - set(written)) | set(written.values()) | set(compounds)


def is_pointer(sentence: str) -> bool:
    """True for a sentence that only sends the reader elsewhere ("Detail: see the unit-economics
    guide."): it answers nothing, however many of the question's words its file name holds."""
    return bool(_POINTER.match(sentence)) and len(sentence.split()) <= 15


@lru_cache(maxsize=16384)
def is_instruction(sentence: str) -> bool:
    """True for a sentence that tries to instruct the assistant (see module doc). Cached: every KB
    sentence a turn reads is checked, and the same ones come back turn after turn."""
    return bool(_INJECTION.search(sentence))


_DOMAIN = {
    "ad", "ads", "advert", "advertising", "advertiser", "advertisers", "campaign", "campaigns", "marketing",
    "marketer", "media", "brand", "brands", "audience", "audiences", "impression", "impressions", "cpm", "cpc",
    "cpa", "cac", "ctr", "cvr", "roas", "iroas", "ltv", "cpl", "cpi", "cpcv", "kpi", "kpis", "channel", "channels",
    "budget", "budgets", "spend", "planning", "planner", "reach", "frequency", "attribution", "incrementality",
    "mmm", "mta", "conversion", "conversions", "retargeting", "prospecting", "lookalike", "lookalikes", "creative",
    "programmatic", "ctv", "ooh", "dma", "dmas", "segment", "segments", "targeting", "bidding", "pacing",
    "flighting", "benchmark", "benchmarks", "acquisition", "leads", "installs", "holdout", "geo-lift", "funnel",
    "awareness", "placements", "inventory", "publisher", "publishers", "crm", "first-party", "persona",
    "personas", "tam", "payback", "churn", "cohort", "cohorts", "mpa", "step", "sizing", "playbook", "vertical",
    "verticals", "dtc", "ecommerce", "saas", "cpg", "fintech", "mix", "measurement", "experiment", "experiments",
}


_ITEM = re.compile(r"^\s*(?:[-*•]|\d{1,2}[.)])\s+")
# The agent side's two sentence boundaries, one definition each: KB text splits before a capital, a
# figure or a quote (so "e.g. the" and "$1.5 M" stay whole); a user's message splits after any .!?.
PASSAGE_SENTENCE = SENTENCE_END  # rag.sentences: the boundary the chunker and the packer use
MESSAGE_SENTENCE = LOOSE_SENTENCE_END  # messages are not capitalised


def markdown_tables(text: str) -> list[tuple[str, list[list[str]]]]:
    """(the heading above it, its rows — header row first, separator rows dropped) of each Markdown
    table in a passage. A passage may start or end mid-table, so no separator row is required."""
    out, heading, cur = [], "", []
    for ln in text.split("\n") + [""]:
        s = ln.strip()
        if s.startswith("|"):
            cells = [c.strip() for c in s.strip("|").split("|")]
            if not all(passagelines.RULE_CELL.fullmatch(c) for c in cells if c):
                cur.append(cells)
            continue
        if cur:
            out.append((heading, cur))
            cur = []
        if s.startswith("#"):
            heading = s.lstrip("#").strip()
    return out


def message_sentences(text: str) -> list[str]:
    """A user's message in sentences ("huh, low. and for X?" → a reaction, then the question)."""
    return MESSAGE_SENTENCE.split(text.strip())

def sentences(text: str) -> list[str]:
    """Answer units of a passage: sentences of its prose; a lead-in line ending in ":" joined
    with the list that follows it; each table row read out with its column names. Headings,
    quoted user lines from worked conversations and fragments are skipped."""
    return [u.text for u in units(text)]


class Unit(NamedTuple):
    heading: str    # the heading it sits under ("" before the passage's first heading)
    text: str
    item: int       # the list item it belongs to (its line number), -1 outside a list
    # a unit joining a lead-in with its whole list, or a table row, counts as one item too


def _unwrapped(lines: list[str]) -> list[str]:
    """Hard-wrapped prose (a plain-text KB wraps at a fixed width) joined back into its lines: a
    line that ends without a sentence end and is followed by one starting in lower case continues
    there — so does a long line (filled to the wrap width, ending in a word that needs one more:
    "… share with" / "LinkedIn, which …") followed by one starting with a capital, which a short
    heading line never is."""
    out: list[str] = []
    lengths = sorted(len(ln.rstrip()) for ln in lines if ln.strip())
    # the wrap width (a few lines overrun it); too few lines to tell: no width, no capital-led continuation
    width = lengths[int(0.9 * (len(lengths) - 1))] if len(lengths) >= 4 else 0
    last = 0  # length of the previous physical line
    for ln in lines:
        prev = out[-1].strip() if out else ""
        tail = prev.split()[-1] if prev else ""
        wrapped = ln.lstrip(" ")[:1].islower() or (ln[:1].isupper() and last >= 0.8 * width > 40 and not _ITEM.match(ln)
                                       and tail != tail.upper()) or (  # "… SECTION 2 - HOLDOUTS": a heading ends it
            bool(passagelines.MONEY_START.match(ln) or ln[:1].isdigit() and not _ITEM.match(ln))  # "… people or" / "10,000 households"
            and last >= 0.8 * width > 40)  # "… a pre-roll slot" / "$18-22, and …"
        last = len(ln.rstrip())
        if prev and wrapped and not prev.endswith((".", "!", "?", ":", "|")) and not prev.startswith(("#", "|")):
            out[-1] = f"{out[-1]} {ln.strip()}"
            continue
        out.append(ln)
    return out


def units(text: str) -> list[Unit]:
    """:func:`sentences` with the heading each one sits under and the list item it comes from (a short row of a
    plain-text list with its caption, :mod:`~agent.offline.captionrows`)."""
    return list(_units(captionrows.labelled(as_lists(readable(shareline.read(text))))))  # a leader's dots are no sentence ends


@lru_cache(maxsize=4096)
def _units(text: str) -> tuple[Unit, ...]:  # the same passages come back on every turn that searches them
    out: list[Unit] = []
    heading = ""
    lines = _unwrapped(["" if passagelines.DOC_META.match(ln) else ln.rstrip() for ln in text.split("\n")])
    first_line = next((j for j, ln in enumerate(lines) if ln.strip()), 0)
    header: list[str] | None = None
    i = 0
    while i < len(lines):
        ln = lines[i].strip()
        i += 1
        if not ln or ln.startswith("#"):
            header = None if not ln.startswith("|") else header
            heading = ln.lstrip("#").strip() if ln.startswith("#") else heading
            continue
        if ln.startswith("|"):
            cells = [c.strip() for c in ln.strip("|").split("|")]
            if all(passagelines.RULE_CELL.fullmatch(c) for c in cells if c):
                continue
            if header is None:
                if i < len(lines) and passagelines.RULE_ROW.fullmatch(lines[i].strip()):
                    header = cells  # a header row is followed by the |---| separator
                continue
            if len(cells) == len(header) and cells[0]:
                rest = "; ".join(f"{h.lower()}: {c}" for h, c in zip(header[1:], cells[1:]) if c)
                out.append(Unit(heading, f"{cells[0]} — {rest.rstrip('. ')}.", i))
            continue
        header = None
        if passagelines.USER_LINE.match(ln):
            continue  # a quoted user line from a worked conversation is not an answer
        ln = passagelines.SPEAKER.sub("", ln)
        is_item = bool(passagelines.MARKER.match(ln))
        ln = passagelines.MARKER.sub("", ln)
        nxt = i
        while nxt < len(lines) and not lines[nxt].strip():
            nxt += 1
        if ln.endswith(":") and (led := formulalead.after(lines, nxt, ln)):  # a formula announced: one unit
            texts, i = led
            out += [Unit(heading, t, -1) for t in texts]
            continue
        if ln.endswith(":") and nxt < len(lines) and _ITEM.match(lines[nxt]):
            items = []
            i = nxt
            while i < len(lines) and (_ITEM.match(lines[i]) or (not lines[i].strip() and i + 1 < len(lines)
                                                               and _ITEM.match(lines[i + 1]))):
                if lines[i].strip():
                    items.append(_ITEM.sub("", lines[i]).strip().rstrip(";.,"))
                i += 1
            *before, lead = PASSAGE_SENTENCE.split(ln)
            out += [Unit(heading, b.strip(), -1) for b in before if len(b.strip()) > 25]
            out.append(Unit(heading, f"{lead} " + "; ".join(items) + ".", i))
            continue
        for k, sent in enumerate(PASSAGE_SENTENCE.split(ln)):
            sent = sent.strip()
            if len(sent) <= 25 or sent.endswith((":", "?")):
                continue
            if k == 0 and not out and not is_item and sent[0].islower() and i == first_line + 1:
                continue  # the passage starts mid-sentence (chunk overlap): a fragment, not a statement
            if sent.endswith((".", "!", ")")) or (is_item and len(sent.split()) >= 5):
                out.append(Unit(heading, sent if sent.endswith((".", "!", ")")) else sent.rstrip(";,") + ".",
                                i if is_item else -1))
    return tuple(out)



_SEARCHED = "Knowledge Base"  # what the search tool searches, as its citations name it


def _spelled_out(acronym: str, text: str) -> bool:
    """Does ``text`` write ``acronym`` out as capitalized words with its initials ("NY" as
    "New York")? An abbreviation and its expansion name the same thing."""
    return len(acronym) >= 2 and bool(compiled(r"\b" + r"[a-z]+\s+".join(re.escape(ch) for ch in acronym.upper()) + r"[a-z]+\b").search(text))


def relevant(question: str, q: set[str], covered: set[str], passages: list[dict], kb_word: bool = False) -> bool:
    """Would a careful reader say these passages answer the question? Every code, proper name
    or acronym it asks about must appear in them (:func:`names_found`), and one passage must share
    enough of its content words (less is needed when the question is plainly about media planning, or
    ``kb_word``: it uses a word the KB builds its own measures from, :mod:`~agent.offline.kbterms`)."""
    return names_found(question, covered, passages) and shares_words(question, q, passages, kb_word)


def names_found(question: str, covered: set[str], passages: list[dict]) -> bool:
    """Does every code, proper name or acronym the question asks about appear in the passages?
    A passage about Meta does not answer a question about Reddit, however close their topics:
    no reading by meaning may overrule this."""
    raw = " ".join(ps["text"] for ps in passages)
    text = raw.lower()
    for ident in IDENT.findall(question):
        if ident.lower() not in text:
            return False
    # names and codes are looked for in the question itself: "Our CFO says …" is context, not the topic
    asked = question_sentences(question)
    body = " ".join(asked) if asked and len(asked) < len(message_sentences(question)) \
        else question.strip()
    names = re.findall(r"(?<![.?!]\s)(?<!^)\b([A-Z][a-z]+(?:[A-Z][a-z]+)*)\b", body)
    acronyms = re.findall(r"\b([A-Z]{2,5})s?\b", body)
    for w in names:
        if w.lower() in _DOMAIN or w.lower() in ("i", "what", "how", "which", "when", "why"):
            continue
        if w.lower() not in text and (_ANALYZE(w) or [w.lower()])[0] not in covered:
            return False
    for a in acronyms:
        # the initials of what is searched ("what does the KB recommend?") name where to look, not a topic
        if a.lower() in _DOMAIN or a in ("I", "US", "USA", "OK") or _spelled_out(a, _SEARCHED) or namedpart.in_said_name(a, body, raw):
            continue
        if not compiled(r"(?<![A-Za-z])" + re.escape(a) + r"s?(?![A-Za-z])").search(raw) and not _spelled_out(a, raw):
            return False
    return True


def shares_words(question: str, q: set[str], passages: list[dict], kb_word: bool = False) -> bool:
    """Does one passage share enough of the question's content words ``q``?"""
    # a hyphenated compound counts once, through its parts ("service-reminder" is "service" and "reminder") —
    # unless a part is a stop word the parts lose ("two-channel" says more than "channel")
    words = {t for t in q if not t[0].isdigit() and not ("-" in t and through_parts(t, q))}
    if not words:
        return True
    share = max(len(words & term_set(ps["text"])) for ps in passages) / len(words)
    domain = kb_word or plainly_media(question, words)
    # a section the knowledge base named after the question's own words ("the spam-complaint ceiling"
    # for a question on spam complaints) is on topic, whatever else the question says
    named = max((len(words & set(terms(ps.get("source", "").partition("›")[2]))) for ps in passages), default=0)
    if domain or named >= 2:
        return share >= 0.34
    # off the plain domain, the words must also meet in one sentence: "election" and "next year" in two
    # sentences of a passage about elective care is a stem collision, not an answer
    # a sentence is read with the heading over it ("LinkedIn: $5,000" under "Minimum monthly budgets by channel")
    best_unit = max((len(words & (set(terms(u)) | set(terms(ps.get("source", "").rpartition("›")[2]))))
                     for ps in passages for u in sentences(ps["text"])), default=0)
    return share >= 0.6 and best_unit / len(words) >= 0.5


def through_parts(compound: str, q: set[str]) -> bool:
    """Is every part of ``compound`` a content word of ``q``?"""
    parts = [_ANALYZE(p) for p in compound.split("-")]
    return all(len(p) == 1 and p[0] in q for p in parts)


def plainly_media(question: str, q: set[str]) -> bool:
    """Is the question plainly about media planning: one of its content words ``q`` a domain stem,
    or one of its words a domain word?"""
    return bool(q & domain_stems()) or any(w in _DOMAIN for w in re.findall(r"[a-z0-9][a-z0-9\-]*", question.lower()))


@lru_cache(maxsize=1)
def domain_stems() -> frozenset[str]:
    """Stems that mark a question as plainly about media planning: the words above and the shared
    vocabulary's one-word metric, topic and planning-step names (read at run time; the parts of a
    longer name such as "north star" are ordinary words)."""
    from mpa.vocabulary import VOCABULARY
    words = set(_DOMAIN)
    for kind in ("metrics", "topics", "steps"):
        for key, syns in VOCABULARY[kind].items():
            words.update(w for w in [key, *syns] if len(terms(w)) == 1 and " " not in w)
    return frozenset(t for w in words for t in terms(w) if len(t) > 2)


def near_matches(query: set[str], found: set[str], index: dict[str, list[str]] | None = None) -> set[str]:
    """Query terms present in ``found``, allowing a short derivational ending the stemmer keeps
    ("test" meets "testabl", "retarget" meets "retargeting") or a -t / -sion alternation (:func:`t_to_s`).
    ``index``: :func:`by_head` of ``found``, for a caller matching many queries against one word set."""
    out = query & found
    rest = [qt for qt in query - out if len(qt) >= 4]
    if rest:  # both kinds of near match share their first four letters: only those terms are compared
        heads = index if index is not None else {f[:4] for f in found if len(f) >= 4}
        for qt in rest:
            if qt[:4] in heads and any(len(f) >= 4 and (f.startswith(qt) or qt.startswith(f))
                                       and abs(len(f) - len(qt)) <= 3 or t_to_s(qt, f)
                                       for f in (found if index is None else index[qt[:4]])):
                out.add(qt)
    return out


def by_head(found: set[str]) -> dict[str, list[str]]:
    """The words of ``found`` of four letters or more by their first four: all a near match compares."""
    out: dict[str, list[str]] = {}
    for f in found:
        if len(f) >= 4:
            out.setdefault(f[:4], []).append(f)
    return out


def t_to_s(a: str, b: str) -> bool:
    """A Latin verb and its noun in -sion, as the stemmer leaves them: "convert" and "convers"
    (conversion), "omit" / "omis", "divert" / "divers"."""
    return len(a) == len(b) >= 5 and a[:-1] == b[:-1] and {a[-1], b[-1]} == {"t", "s"}


def in_family(w: str, have: set[str]) -> bool:
    """Is the stem ``w`` in ``have``, or a stem of its family there ("roof" of "roofing" beside "roofer" of
    "Roofers", "plumb" beside "plumber")? The agent's one test of a word's family, for "nothing on X" notes
    and for whether a quoted sentence names the business asked about."""
    return w in have or any(len(w) >= 6 and h[:6] == w[:6] or min(len(w), len(h)) >= 4 and abs(len(h) - len(w)) <= 2
                            and (h.startswith(w) or w.startswith(h)) for h in have)
