"""When the business asked about has no table, the answer says so first, and quotes no other business's figure.

Why: a benchmark look-up for a business the KB does not cover ("we run a tattoo studio, what CPL?") misses, and the
search beside it finds passages that hold *other* businesses' figures — a list of local-service rows, another
vertical's table. The answer used to quote such a passage first and add "the knowledge base has no tattoo studio
CPL benchmark" after it, so a reader met a confident number ("Personal Injury Law Firms: $410-520") before the
decline, and a planner could copy it. Two rules, both general:

* :func:`kept` drops a paragraph that quotes a benchmark figure the KB labels as another row — a business (its
  vertical or row label) or a place (a market's row) the question does not name — read from the KB's own facts
  (:func:`rows`): by the value quoted, or by a paragraph that names such a label and states a figure. A
  platform's row is every business's figure on that platform, so it stays. With nothing left, the turn is the
  plain decline, which also says no other vertical's number is substituted.
* :func:`placed` puts the decline before what remains (a definition, a rule, a platform's figure), so the first
  thing said is that the KB has no figure for this business — except when a paragraph works the user's own
  numbers through (shown arithmetic on a number the user gave): that is the answer, and the missing benchmark is
  a note after it.

The same holds for the notes :mod:`~agent.offline.gaps` adds after an answer ("the knowledge base has no billboard
figure for this; the figures above are not billboard's"): :func:`reviewed` drops a paragraph quoting another row's
figure above such a note and says the note first — or, with nothing left, says only what the KB lacks (a note that
names whose figures they are, "the figures above are for Online MBA Programs", keeps them, labelled, after it); and
it says the note first when all that is above it is a passage's figure that is no row of the KB's (a pacing rule's "20%",
a program's "$10,000 a month" quoted for a billboard's price), since that answers nothing asked. A row quoted above
a note (the business's own figure, a platform's figure for every business) stays first: it answers, and the note
qualifies it.

The same holds for a count asked in a place the KB does not size that audience in ("dog owning households in
boise?", sized only for the United States and Texas): the sizing tool's note first (it names where the KB sizes
them), and no paragraph quoting another place's count of the KB's (:func:`_elsewhere`: the Texas worked example's
"6.0 million") — the national row may follow the note, as what it is. A place asked that was sized (a Florida count
beside a Tampa miss) answers, and its note follows it.

A miss about the business applies (the tool says it has no table for it), and one about the metric (the business's
table lacks it) unless the benchmark tool found another figure that answers (a CAC for "the all-in cost of a new
buyer"); a platform or a place the KB lacks for a business it does cover keeps the answer first and its note after,
as before: the figure quoted is that business's own.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline import compose, servedkb
from agent.offline.gaps import CITED, cited
from agent.offline.toolread import ToolOutcome
from mpa.audience_lookups import NATIONAL
from mpa.resolve import says_words
from mpa.tables import CURRENCY, number_value
from mpa.vocabulary import VOCABULARY, match_terms
from rag.regexes import compiled

# how the benchmark tool says it has no table for a business (mpa.lookups, mpa.fact_lookups, agent.offline.uncovered)
_NO_BUSINESS = re.compile(r"^it has no benchmark (?:table for|for the vertical) '|which the benchmark tables do not cover")
_FIGURE = re.compile(CURRENCY + r"\s?\d|\d(?:\.\d+)?\s?%|\d:1\b|\d(?:\.\d+)?x\b")
_WORKED = re.compile(r"=\s*(?:about\s+)?" + CURRENCY + r"?\d")  # shown arithmetic: "$15,000 ÷ 375 = $40"
_NUMBER = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s?(k|m|thousand|million)?\b", re.I)


_NO_METRIC = re.compile(r"^it has no benchmark for the metric '|^the .+? table covers .+ but not |^it has .+ figures for .+ but "
                        r"none for '")


# how the sizing tool says it sizes the audience asked, but not in the place asked (mpa.audience_lookups, mpa.fact_lookups)
_NO_PLACE = re.compile(r"^it sizes .+ only for .+, not for ")


def no_place(misses: list[tuple[str, str]]) -> bool:
    """Does one of the turn's misses say the KB sizes the audience asked only in other places than the one asked?"""
    return any(_NO_PLACE.search(why or "") for _, why in misses)


def no_business(misses: list[tuple[str, str]]) -> bool:
    """Does one of the turn's misses say the KB has no table for the business asked about?"""
    return any(_NO_BUSINESS.search(why or "") for _, why in misses)


def no_metric(misses: list[tuple[str, str]]) -> bool:
    """Does one of the turn's misses say the KB states no figure of the metric asked (for the business asked)?"""
    return any(_NO_METRIC.search(why or "") for _, why in misses)


def _named(label: str, question: str) -> bool:
    """Is ``label`` (a row label or a vertical key) the business or place the question names?"""
    return says_words(label, question) or label in match_terms(question, VOCABULARY["verticals"]) or any(
        key in match_terms(label, VOCABULARY["verticals"]) for key in match_terms(question, VOCABULARY["verticals"]))


@lru_cache(maxsize=servedkb.PER_KB)
def rows(folder: str | None) -> dict[str, tuple[tuple[str, str], ...]]:
    """Each file's benchmark figures with the label of the row each belongs to: the vertical the KB reads it under,
    else its own row label (a business, "Online MBA Programs", or a market, "Ontario") — never a platform's row."""
    if not folder:
        return {}
    out: dict[str, list[tuple[str, str]]] = {}
    for f in servedkb.facts(folder):
        label = (f.vertical or ("" if f.label == f.platform or match_terms(f.label or "", VOCABULARY["platforms"])
                                else f.label) or "").strip()
        if f.kind == "benchmark" and label and f.value:
            out.setdefault(f.source, []).append((f.value, label))
    return {k: tuple(v) for k, v in out.items()}


@lru_cache(maxsize=servedkb.PER_KB)
def markets(folder: str | None) -> frozenset[str]:
    """The row labels of :func:`rows` that are markets ("Ontario", "Atlanta"), not businesses."""
    if not folder:
        return frozenset()
    return frozenset(f.label.strip() for f in servedkb.facts(folder)
                     if f.kind == "benchmark" and f.label and not f.vertical and f.label == f.geography)


def others(question: str, para: str, outcomes: list[ToolOutcome]) -> list[str]:
    """The KB labels of rows the question does not name whose benchmark figures ``para`` quotes (or names, beside a
    figure of its own); none when ``para`` also quotes a row the question names ("Food Banks: $31-37" beside
    another cause's figure, for a food bank): the business's own figure is an answer, qualified by its note."""
    found = quoted(para, outcomes)
    return [] if any(_named(label, question) for label in found) else found


def quoted(para: str, outcomes: list[ToolOutcome]) -> list[str]:
    """The KB labels of rows whose benchmark figures ``para`` quotes (or names, beside a figure of its own)."""
    table = rows(servedkb.folder())
    bare = CITED.sub("", para)
    found = [label for ps in cited(para, outcomes) for value, label in table.get(
        (ps.get("source") or "").split("›")[0].strip(), ()) if value in ps.get("text", "") and value in bare]
    if _FIGURE.search(bare):
        low = bare.lower()
        found += [label for label in {lb for pairs in table.values() for _, lb in pairs} if compiled(
            r"(?<![\w-])" + re.escape(label.lower()) + r"(?![\w-])").search(low)]
    return list(dict.fromkeys(found))


def _works_users(para: str, question: str) -> bool:
    """Does ``para`` show arithmetic on a number the user gave ("$15,000 ÷ 150 = $100" for "we spent 15k … 150
    orders")?"""
    if not _WORKED.search(para):
        return False
    given = {number_value(m.group(1), m.group(2)) for m in _NUMBER.finditer(question)}
    shown = {number_value(m.group(1), m.group(2)) for m in _NUMBER.finditer(CITED.sub("", para))}
    return bool({v for v in given if v >= 2} & shown)


def kept(question: str, paras: list[str], misses: list[tuple[str, str]], outcomes: list[ToolOutcome]) -> list[str]:
    """``paras`` without those quoting another business's figure, when the business asked has no table (or its table
    lacks the metric), and without those quoting another place's count, when the KB sizes the audience asked only in
    other places — unless they work the user's numbers or quote what the tools found."""
    if no_place(misses):  # a count of the audience in another place is no count of it here
        paras = [p for p in paras if _works_users(p, question) or _tools_own(p, outcomes) or not _elsewhere(p, misses)]
    if not (no_business(misses) or no_metric(misses)):
        return paras
    return [p for p in paras if _works_users(p, question) or _tools_own(p, outcomes) or not others(question, p, outcomes)]


def _elsewhere(para: str, misses: list[tuple[str, str]]) -> bool:
    """Does ``para`` quote a count the KB states for another place than the one a place miss names ("6.0 million"
    households, the Texas row, for "in boise")? Read from the KB's own audience rows, by the value quoted. The
    national row is no other place's: said after the note (which names the places the KB sizes), it is offered as
    the national figure it is."""
    if not (folder := servedkb.folder()):
        return False
    asked = {m.group(1).strip().lower() for _, why in misses if (m := re.search(r", not for (.+)$", why or ""))}
    bare = CITED.sub("", para)
    return any(f.kind == "audience" and f.value and (f.geography or "").lower() not in asked | {NATIONAL.lower()} and re.search(
        r"(?<![\d.,])" + re.escape(f.value) + r"(?![\d])", bare) for f in servedkb.facts(folder))


def _tools_own(para: str, outcomes: list[ToolOutcome]) -> bool:
    """Does ``para`` quote a figure the benchmark tool found (for the business the agent resolved, this turn or one
    before it: "and the all-in cost to sell a car?" after a dealer's question), or a size the sizing tool found? That
    is an answer, not a passage's stray row."""
    found = [compose.bench_fields(o) for o in outcomes if o.name == "get_benchmark" and o.found]
    sizes = [o.fields.get("Estimated size", "") for o in outcomes if o.name == "get_audience_sizing" and o.found]
    return any(v and v in para for b in found for v in [b["typical"], *(value for _, value, _ in b["facts"])]) or any(
        size and size in para for size in sizes)  # and an audience the sizing tool found


def placed(question: str, paras: list[str], misses: list[tuple[str, str]], outcomes: list[ToolOutcome]) -> list[str]:
    """``paras`` with the sentence naming each miss: first when the business asked has no table — or it has one
    without the metric asked and the benchmark tool found nothing else that answers, or the audience asked is sized
    only in other places and no place asked was sized — and no paragraph works the user's numbers through; else
    last."""
    if not misses:
        return paras
    said = " ".join(f"The knowledge base has no {re.sub(r'^an? ', '', w)}{f' ({compose.plain_why(why)})' if why else ''}."
                    for w, why in misses)
    found = any(o.name == "get_benchmark" and o.found for o in outcomes)
    sized = any(o.name == "get_audience_sizing" and o.found for o in outcomes)  # a place asked was sized: that answers
    first = (no_business(misses) or no_metric(misses) and not found or no_place(misses) and not sized) and not any(
        _works_users(p, question) for p in paras)
    return [said, *paras] if first else [*paras, said]


# a note of gaps.review saying what the KB lacks, and its clause about what is quoted above it
_NOTE = re.compile(r"^The knowledge base (?:has no|has nothing on|states no)\b")
_ABOVE = re.compile(r"[;:] [^;:.]*\babove\b[^.]*\.")  # "; the figures above are not billboard's."
_WHOSE = re.compile(r"the figures above are for ")  # gaps' note naming the rows quoted ("… are for Online MBA Programs")
SUBSTITUTE = "I won't substitute a number from another vertical, metric or audience."


def reviewed(question: str, outcomes: list[ToolOutcome], answer: str) -> str:
    """``answer`` (with :mod:`~agent.offline.gaps`' notes) without the paragraphs that quote another row's figure
    above a note saying what the KB lacks, the note said first; only the notes, without their clause about what is
    quoted above, when nothing else is left."""
    paras = answer.split("\n\n")
    notes = [p for p in paras if _NOTE.match(p)]
    if not notes:
        return answer
    body = [p for p in paras if p not in notes]
    answers = [p for p in body if _works_users(p, question) or _tools_own(p, outcomes)]
    places = markets(servedkb.folder())  # another market's row above a place's note stays, as before: the note says so
    kept_ = [p for p in body if p in answers or not [r for r in others(question, p, outcomes) if r not in places]]
    labelled = len(kept_) < len(body) and any(_WHOSE.search(n) for n in notes)
    if labelled:
        kept_ = body  # the note says whose figures they are, by the KB's own labels: said first, they stay, labelled
    if not kept_:
        return " ".join(_ABOVE.sub(".", n) for n in notes) + " " + SUBSTITUTE
    if not labelled and len(kept_) == len(body) and (answers or not all(
            _FIGURE.search(CITED.sub("", p)) and not _quotes_row(p, outcomes) for p in body)):
        return answer  # what is above the note answers, or quotes a row of the KB's (a platform's figure)
    return "\n\n".join([*(re.sub(r"\babove\b", "below", n) for n in notes), *kept_])


@lru_cache(maxsize=servedkb.PER_KB)
def _values(folder: str | None) -> dict[str, frozenset[str]]:
    """Every figure each file states as a row of the KB's (any business, place, platform or audience)."""
    if not folder:
        return {}
    out: dict[str, set[str]] = {}
    for f in servedkb.facts(folder):
        if f.value:
            out.setdefault(f.source, set()).add(f.value)
    return {k: frozenset(v) for k, v in out.items()}


# a row as a passage lists it, read or not as a fact: "TikTok CPM: $5–$12", "Host-read podcast CPM: $20–$50"
_ROWLIKE = re.compile(r"[A-Za-z)][^.;:\n]{0,60}:\s*[A-Z]{0,2}" + CURRENCY + r"?\d")


def _quotes_row(para: str, outcomes: list[ToolOutcome]) -> bool:
    """Does ``para`` quote a figure the KB states as a row (a rule's "no more than 20% every three days" is none)?"""
    table = _values(servedkb.folder())
    bare = CITED.sub("", para)
    return bool(_ROWLIKE.search(bare)) or any(v in bare for ps in cited(para, outcomes)
                                               for v in table.get((ps.get("source") or "").split("›")[0].strip(), ()))
