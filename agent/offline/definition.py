"""What a term means: "what does CPA mean?", "define ROAS", "what's a holdout?", and "what's the
difference between CPA and CAC?" — answered with the knowledge base's own definition of the term.

Why a module: a definition question has one content word, the term, and every passage that uses
the term matches it; a glossary entry, which names the term once, ranks below passages that repeat
it, and the reader quotes whichever passage says "mean" or "is" near it ("does not mean the campaign
is failing"). Knowledge bases define terms in a few plain layouts, and this module reads those, not
any one KB's words:

* a heading that is the term, with the definition under it — ``### CPA (cost per acquisition)``;
* a paragraph or list item that starts with the term and a separator — ``CPA - Cost per acquisition.
  Media spend divided by …``, ``- **Holdout**: a group …``, ``Reach: the number of …``;
* a sentence that starts with the term (spelled out or not) and says what it is — ``CPA (cost per
  acquisition) is the cost of …``, ``Cost per acquisition (CPA) means …``.

When the passages the question's own search returned hold no definition, the term is searched once
more on its own — with its spelled-out name when the passages spell it out
(:func:`~agent.offline.kbterms.expansions`) or the domain's vocabulary names it: "CPA cost per
acquisition" finds the glossary that "what does CPA mean?" did not (the question's "mean" matched
"does not mean", and its metric drew benchmark tables). Nothing is said
when no passage defines the term: the agent's usual answer stands.

A question asked with a verb ("what does BDI measure?") is answered first by a sentence that goes on from
the term with that verb ("BDI (…) measures how well the brand sells …"): it says what was asked in the
asked terms, where the glossary's entry may open with the term's formula. A definition line ending in ":"
("… measures how well …:") takes the paragraph it announces along (the formula under it).
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline import readingstate
from agent.offline.kbterms import expansions
from agent.offline.asking import question_sentences
from agent.offline.passages import is_instruction, is_pointer, message_sentences
from agent.offline.toolread import ToolOutcome
from mpa.vocabulary import VOCABULARY
from rag.sentences import sentences
from rag.regexes import compiled

_SEARCHING = {"search_knowledge_base", "research_topic"}
# "what does X mean / stand for / measure", "define X", "what is (a|an|the) X", "X meaning", "what is meant by X"
_SINGLE = re.compile(r"^\W*(?:(?:so|and|ok(?:ay)?|sorry|quick one|quick question|remind me|um+|uh+|hm+|er+|oh|wait|"
                     r"(?:pardon|excuse|forgive)\s+me|also|but|then|please|(?:can|could|would)\s+(?:you|u)|honestly|tbh|to\s+be\s+honest|"
                     r"i\s+mean|actually)\W+)*(?:"
                     r"what(?:\s+(?:does|do)|'s|’s|s)\s+(?:the\s+(?:term|word|acronym|abbreviation)\s+)?(?P<a>.+?)\s+"
                     r"(?:mean|stand\s+for|measure|refer\s+to)|"
                     r"(?:define|definition\s+of|meaning\s+of|explain(?:\s+what)?)\s+(?:an?\s+|the\s+)?(?P<b>.+?)(?:\s+(?:is|means))?|"
                     # "what's this CPM thing (you mentioned)": the term inside a pointer at it
                     r"what(?:'s|’s|s|\s+is)\s+(?:this|that)\s+(?P<e>.+?)\s+(?:thing|business|stuff|word)(?:\s+(?:you|u)\s+"
                     r"(?:mentioned|keep\s+saying|said|used|wrote))?|"
                     r"what(?:'s|’s|s|\s+is|\s+are)\s+(?:meant\s+by\s+)?(?:an?\s+|the\s+)?(?P<c>.+?)|"
                     # "i don't know what a KPI is", "not sure what CPM means": a definition asked by a statement
                     r"(?:i\s+)?(?:(?:don'?t|do\s+not|dont)\s+(?:really\s+)?(?:know|understand|get)|(?:i'?m\s+)?not\s+sure|no\s+idea)"
                     r"\s+what\s+(?:an?\s+|the\s+)?(?P<f>.+?)\s+(?:is|means|stands\s+for)|"
                     r"(?P<d>.+?)\s*(?:—|-|:)?\s*(?:meaning|definition)"
                     r")\s*(?:(?:,\s*|\s+)(?:exactly|again|actually|in\s+plain\s+(?:terms|english|words)|please|here|to\s+"
                     r"(?:me|us)|simply|in\s+simple\s+terms)\b)*"
                     # "… and how do I calculate it?", "… and how is it worked out": the meaning with its formula
                     r"(?:,?\s+and\s+how\s+(?:(?:do|can|would|should)\s+(?:i|you|we)\s+(?:calculate|compute|work\s+out|measure|"
                     r"figure\s+out)\s+(?:it|that|this)|(?:is|'s)\s+(?:it|that|this)\s+(?:calculated|computed|worked\s+out|measured)))?"
                     r"\s*[?.!]*\s*$",
                     re.I)
# "the difference between X and Y", "X vs Y — what's the difference?", "how does X differ from Y" (a bare
# "X vs Y?" compares figures as often as meanings: left to the reader)
_PAIR = re.compile(r"\bdifference\s+between\s+(?P<a>.+?)\s+and\s+(?P<b>.+?)\s*[?.!]*\s*$|"
                   r"^\W*(?:what(?:'s|’s|\s+is)\s+)?(?P<c>[^?.!]+?)\s+(?:vs\.?|versus)\s+(?P<d>[^?.!—-]+?)\s*"
                   r"(?:—|-|:|,)?\s*what(?:'s|’s|\s+is)\s+the\s+difference\s*[?.!]*\s*$|"
                   r"\bhow\s+(?:does|do|is|are)\s+(?P<e>.+?)\s+differ(?:ent)?\s+from\s+(?P<f>.+?)\s*[?.!]*\s*$|"
                   # "is a CPA the same as a CAC?", "is CPL the same thing as CPA"
                   r"^\W*(?:(?:so|and|wait|sorry|ok(?:ay)?)\W+)*is\s+(?:an?\s+|the\s+)?(?P<g>[^?.!]+?)\s+the\s+same\s+(?:thing\s+)?as\s+"
                   r"(?:an?\s+|the\s+)?(?P<h>[^?.!]+?)\s*[?.!]*\s*$", re.I)
# a term is a name: no figure, no judgement of a value, no pointing back, a few words at most
_NOT_A_TERM = re.compile(r"[\d$%]|(?<![\w-])(?:" + "|".join((
    "typical average normal good bad best worst reasonable realistic healthy decent benchmark target range budget "
    "my our your their it its this that these those they we i you for in on at with "
    "should could would can will how why when where which who difference next first last step there then worth like looking going").split()) + r")(?![\w-])|\w(?:'s|’s)\b",
                         re.I)  # a word of a hyphenated term ("move-in", "opt-in") is no pronoun
MAX_TERM_WORDS = 4
MAX_WORDS = 70


# the term said alone, then asked about: "CPM? what's that?", "LTV:CAC?? what does that mean"
_NAMED_THEN_ASKED = re.compile(r"^\W*(?P<t>[^?.!]{1,40}?)\s*\?+\s*(?:(?:and\s+|so\s+|sorry,?\s+)?what(?:'s|’s|s|\s+is)\s+"
                               r"(?:that|this)|what\s+does\s+(?:that|this)\s+(?:mean|stand\s+for))\s*[?.!]*\s*$", re.I)
# a one-word exclamation before the question ("huh? what's a KPI?"): no question of its own
_NOISE = re.compile(r"\W*(?:huh|eh|what|sorry|hm+|um+|uh+|wait|pardon)\W*", re.I)


def asked_terms(question: str) -> list[str]:
    """The term(s) a definition question asks about (two for "the difference between X and Y"), or []."""
    return list(_asked_terms(question, readingstate.key()))


@lru_cache(maxsize=2048)
def _asked_terms(question: str, kb: tuple) -> tuple[str, ...]:
    """:func:`asked_terms`, kept: a turn asks it of its message three times (the definition reader, its second search,
    the meaning search). ``kb``: :func:`agent.offline.readingstate.key` — besides the text, all the reading of a
    business beside the question (:func:`_clauses`) depends on, as for :func:`agent.offline.parse.parse`."""
    return tuple(_terms_asked(question))


def _terms_asked(question: str) -> list[str]:
    if re.search(r"\d", question):  # figures given ("… 6% of its volume … What is the CDI?"): a calculation's
        return []
    if m := _NAMED_THEN_ASKED.match(question):  # "CPM? what's that?"
        return [t] if (t := _term(m.group("t"))) else []
    said = [" ".join(s.split()) for s in message_sentences(question) if s.strip()]
    several = len([q for q in question_sentences(question) if not _NOISE.fullmatch(q)]) > 1  # "huh? what's X?": one
    for q in said:  # "Ignore that. What is CPA?": the sentence that asks (one asking sentence, no other question)
        if several:
            break
        for c in _clauses(q):
            m = _PAIR.search(c)
            if m:
                got = [_term(t) for t in [t for t in m.groups() if t][:2]]
                if all(got):
                    return got
                continue
            m = _SINGLE.match(c)
            t = _term(next((g for g in m.groups() if g), "")) if m else None
            if t:
                return [t]
    return []


# an aside beside the asking clause that makes it a figure question: a figure, a judgement or price word, or a
# business or place it is for ("what's a CPM, for a shop like mine?")
_FIGURE_ASIDE = re.compile(r"[\d$%]|^\W*(?:for|in|on|at|with|per|across|by|from|during|like)\b|\b(?:typical|typically|average|"
                           r"normal|usual|usually|good|bad|benchmark|range|cost|costs|pay|paying|charge|expect|budget|roughly|"
                           r"ballpark)\b", re.I)


def _clauses(sentence: str) -> list[str]:
    """The sentence, then each clause of it beside asides that say no figure: people put an apology or a reason
    before or after a definition question ("pardon me, what is X", "what's X, you use it a lot")."""
    parts = [c for c in re.split(r"\s*(?:,|;|\s[-—–]\s)\s*", sentence) if c.strip()]
    if len(parts) < 2:
        return [sentence]
    from agent.offline.business import business  # (a business named beside it: "a bank then — what's CAC?" asks its figure)
    aside: dict[int, bool] = {}  # each part read once, when first asked of (it was read again beside every other part)

    def says_figure(j: int) -> bool:
        if j not in aside:
            aside[j] = bool(_FIGURE_ASIDE.search(parts[j]) or business(parts[j]))
        return aside[j]
    return [sentence] + [c for i, c in enumerate(parts) if not any(says_figure(j) for j in range(len(parts)) if j != i)]


def _term(raw: str) -> str | None:
    t = re.sub(r"^(?:an?|the)\s+", "", raw.strip(" \"'“”‘’*,"), flags=re.I).strip()
    t = re.sub(r"(?:\s+(?:even|actually|really|exactly|again))+$", "", t, flags=re.I)  # "what does ROAS even mean"
    words = t.split()
    if not words or len(words) > MAX_TERM_WORDS or _NOT_A_TERM.search(t) or "," in t:
        return None
    return t


# the header of a glossary table's second column ("| Term | Meaning |", "| Metric | Definition |"): not a table of figures
_GLOSSARY_HEAD = re.compile(r"^(?:meaning|definition|defined as|description|what it (?:is|means)|explanation|stands for)$",
                            re.I)


def _paragraphs(text: str) -> list[tuple[str, str]]:
    """(heading over it, text) of each paragraph or list item of a passage, lines joined."""
    out: list[tuple[str, str]] = []
    heading, cur = "", []

    def flush() -> None:
        if cur:
            out.append((heading, " ".join(cur)))
            cur.clear()
    glossary = False  # inside a table whose second column says what each row's term means
    for ln in text.split("\n"):
        s = ln.strip()
        if s.startswith("|"):  # a glossary table's row: "| Holdout | A group kept from … |" → "Holdout: A group …"
            flush()
            cells = [c.strip() for c in s.strip("|").split("|")]
            if len(cells) >= 2 and _GLOSSARY_HEAD.search(cells[1]):
                glossary = True  # its header row ("| Term | Meaning |")
            elif glossary and cells[0] and not all(re.fullmatch(r":?-{2,}:?", c) for c in cells if c):
                out.append((heading, f"{cells[0]}: {' '.join(c for c in cells[1:] if c)}"))
            continue
        glossary = False
        if not s or s.startswith("#") or re.match(r"[-*•]\s|\d+[.)]\s", s):
            flush()
            if s.startswith("#"):
                heading = s.lstrip("#").strip()
                out.append((heading, ""))  # the heading itself: a section may be the term's
                continue
            s = re.sub(r"^(?:[-*•]|\d+[.)])\s+", "", s)
        if s:
            cur.append(s)
    flush()
    return out


def _names(term: str, label: str, spelled: str = "") -> bool:
    """Is ``label`` (a heading, a paragraph's first words) the term: the term or its spelled-out name,
    with the other in brackets or nothing after it?"""
    label = re.sub(r"[*_`]", "", label).strip().lower()
    label = re.sub(r"^the\s+", "", label)
    for name in filter(None, (term.lower(), spelled.lower())):
        if name not in label:  # both patterns need the name itself: a plain look for it first
            continue
        if compiled(rf"{re.escape(name)}s?(?:\s*\([^()]*\))?").fullmatch(label) or compiled(
                rf"[^()]{{3,60}}\(\s*{re.escape(name)}s?\s*\)").fullmatch(label):
            return True
    return False


_LEAD = re.compile(r"^\W*(?P<label>[^.:;—–]{1,80}?)\s*(?:\*\*)?\s*(?:(?P<sep>:|—|–|\s-\s)|\s+(?:is|are|means|measures|"
                   r"refers\s+to)\b)")


def _spells_out(m: re.Match, para: str, spelled: str) -> bool:
    """Does a "term: …" line give the term's full name — in brackets on its label ("**CPB (cost per
    booking)**: …") or right after the separator ("CPA - Cost per acquisition. …")? A glossary line does;
    a list of options ("MMM: quarterly, every channel") does not."""
    after = para[m.end():].lstrip(" *").lower()
    return "(" in m.group("label") or bool(spelled and after.startswith(spelled.lower()))


# the verb a definition question asks with ("what does BDI measure?"): a sentence saying the term "measures …" answers
# in its own terms, before a heading's definition that may open with the term's formula
_ASKED_VERB = re.compile(r"^\W*(?:[\w' ]+?\W+)?what\s+(?:does|do)\s+.+?\s+(?P<verb>measure|mean|stand\s+for|refer\s+to)\b", re.I)


def _asked_verb(question: str) -> str:
    """The verb of a "what does X measure / mean / stand for / refer to" question, lower case ("" for none)."""
    m = _ASKED_VERB.search(question)
    return " ".join(m.group("verb").lower().split()) if m else ""


def _says_as_asked(verb: str, m: re.Match, para: str) -> bool:
    """Does the sentence go on from the term with the question's own verb ("BDI … measures how well …")?"""
    said = re.match(r"\s*(?:\*\*)?\s*(\w+(?:\s+(?:for|to))?)", para[m.end("label"):])
    if not verb or not said:
        return False
    first, *rest = verb.split()  # "stand for": "stands for"
    return " ".join(said.group(1).lower().split()) in (verb, " ".join([first + "s", *rest]))


def _definition(term: str, spelled: str, passages: list[dict], verb: str = "") -> tuple[int, dict, str] | None:
    """The best definition of ``term`` in the passages: (its kind, the passage, its text). Kinds, best
    first: -1 a sentence going on from the term with the question's own ``verb`` ("BDI … measures how well …" for
    "what does BDI measure?": it answers in the asked terms, where a glossary entry may open with the formula);
    0 a heading that is the term, with the text under it, or a line giving the term's full name
    (:func:`_spells_out`); 1 a sentence saying what the term is or
    means ("CPA (…) is …"); 2 a line that starts with the term and a separator ("CPA - …", "Holdout: …"),
    which a list of options also looks like ("MMM: quarterly, every channel"). Ties go to the higher
    ranked passage."""
    best: tuple[int, int, dict, str] | None = None
    for rank, p in enumerate(passages):
        paras = _paragraphs(p.get("text", ""))
        for i, (head, para) in enumerate(paras):
            found = None
            if not para and _names(term, head, spelled):  # a heading that is the term: the paragraphs under it
                body = [t for h, t in paras[i + 1:i + 3] if h == head and t]
                found = (0, f"{head}: {' '.join(body)}") if body else None
            elif para and (m := _LEAD.match(para)) and _names(term, m.group("label"), spelled) and re.search(
                    r"[a-z]", para.split("\n")[0]):  # "COST PER BOOKED CALL - GOOGLE ADS 2025" is a list's caption
                found = (-1 if not m.group("sep") and _says_as_asked(verb, m, para) else
                         0 if m.group("sep") and _spells_out(m, para, spelled) else 2 if m.group("sep") else 1, para)
            if found and found[1].rstrip().endswith(":") and i + 1 < len(paras) and paras[i + 1][0] == head:
                found = (found[0], f"{found[1]} {paras[i + 1][1]}".strip())  # a lead ending in ":" announces what follows
            if found and (best is None or (found[0], rank) < best[:2]):
                best = (found[0], rank, p, found[1])
    return (best[0], best[2], best[3]) if best else None


def _cut(text: str, k: int) -> str:
    said: list[str] = []
    for s in sentences(re.sub(r"[*_`]", "", text)):
        if is_instruction(s) or is_pointer(s):
            continue
        if len(said) >= k or (said and len(" ".join(said + [s]).split()) > MAX_WORDS):
            break
        said.append(s)
    return " ".join(said)


def _passages(outcomes: list[ToolOutcome]) -> list[dict]:
    return [p for o in outcomes if o.name in _SEARCHING and o.found for p in o.passages]


def _spelled(term: str, passages: list[dict]) -> str:
    """The term's spelled-out name: as the returned passages spell it out, else as the domain's vocabulary
    names the metric ("CPA": "cost per acquisition")."""
    said = _spelled_out("\n".join(p.get("text", "") for p in passages)).get(term.lower(), "")
    named = VOCABULARY["metrics"].get(term.upper(), [])
    return said or next((n for n in named if len(n.split()) > 1), "")


@lru_cache(maxsize=256)
def _spelled_out(text: str) -> dict[str, str]:
    """:func:`~agent.offline.kbterms.expansions` of the passages' joined text, once per text: :func:`read` and
    :func:`query` ask it of the same passages, on each model call of a turn (~2.7 ms each). Only read here."""
    return expansions(text)


def read(question: str, outcomes: list[ToolOutcome], k: int) -> str | None:
    """The KB's own definition of each term the question asks about, cited; None when a term has none."""
    terms = asked_terms(question)
    passages = _passages(outcomes)
    if not terms or not passages:
        return None
    found = [_definition(t, _spelled(t, passages), passages, _asked_verb(question)) for t in terms]
    if not all(found) and not any(f and f[0] <= 1 for f in found):
        return None  # of two compared, one defined only by a "label: …" line (a list of options looks the same): the reader's
    said = "\n\n".join(f"Based on Knowledge Base [{f[1]['id']}]: {_cut(f[2], k)}" for f in found if f)
    missing = [t for t, f in zip(terms, found) if not f]  # of two compared, one the KB defines: that one, and the other named
    return said + "".join(f"\n\nThe knowledge base does not define {t}." for t in missing)


def query(question: str, outcomes: list[ToolOutcome]) -> str | None:
    """The search to run next for a term the returned passages do not define by a heading or a sentence
    of its own — the term alone, with its spelled-out name, once — or None."""
    terms = asked_terms(question)
    passages = _passages(outcomes)
    if not terms or not passages:
        return None
    made = {o.input.get("query") for o in outcomes}
    for t in terms:
        spelled = _spelled(t, passages)
        again = f"{t} {spelled}" if spelled else t
        found = _definition(t, spelled, passages)
        if (found is None or found[0] == 2) and again not in made:
            return again
    return None


paragraphs = _paragraphs  # (heading, paragraph) of a passage, for the readers of a metric's notes
cut = _cut


def defined(term: str, spelled: str, passages: list[dict]) -> tuple[dict, str] | None:
    """(passage, text) of the KB's definition of ``term`` by a heading or a sentence saying what it is (kinds 0-1 of
    :func:`_definition`), or None."""
    found = _definition(term, spelled, passages)
    return (found[1], found[2]) if found and found[0] <= 1 else None
