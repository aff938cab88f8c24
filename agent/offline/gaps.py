"""The parts of a question the composed answer does not cover, said plainly: "the knowledge base
has no figure for Brazil", "its figures are not for TikTok", "it keeps no forecast for 2031".

Why a module: a figure quoted for a question is only an answer to the parts of the question it is
about. A software CPC range answers "what does a click cost software firms?", not "… in Brazil?"
nor "… on TikTok?"; the current programmatic CPM is no forecast for 2031; a sentence of the KB
saying "no figures are kept for app install campaigns" is a decline, not a benchmark. The policy
composes the answer; this reads it against the question and the passages it cites, and

* says which named place, platform or future year the cited passages do not speak of,
* and declines with the KB's own exclusion when a passage of the cited documents states one that
  names what the question asks about ("retargeting excluded", "No figures are kept for …").

Every test is KB-driven (the words of the passages the answer cites) or English structure (a
place after "in", a year after "will … in"). The supported figure stays beside the caveat: the
user still learns the nearest thing the KB holds, and nothing is invented.
"""
from __future__ import annotations

import re
from functools import cache, lru_cache

from agent.offline.passages import _DOMAIN, domain_stems, in_family, message_sentences, sentences, terms
from agent.offline.business import business
from agent.offline.excludeditem import needed
from agent.offline.focus import WH_NP, planning_focus
from agent.offline.places import geographies
from agent.offline.parse import DEFINITION
from agent.offline.pastyear import past_year
from agent.offline import homeplace, kbmetrics, kbrowname, metricask, metricsaid, nameforms, ownrow, placequote, platformsaid, platformslot
from agent.offline.asking import question_sentences
from agent.offline.searchq import CITED
from agent.offline.ownrow import names_vertical, other_verticals
from agent.offline.toolread import ToolOutcome
from mpa.vocabulary import VOCABULARY, match_terms, term_pattern
from rag.anyword import any_word
from rag.regexes import compiled

_YEAR = re.compile(r"\b(20\d\d)\b")  # a year a question or a passage names

# a prediction: a modal of the future with a year, or a forecast asked for by name
_FUTURE = any_word("will", "going to", "gonna", r"predict\w*", r"forecast\w*", "project(?:ion|ed)?s?")
# a later time without a year: "next year", "in five years"
_LATER = re.compile(r"\bnext (?:year|quarter|month|season)\b|\b(?:in|within|over) (?:the next |the coming )?(?:\d+|two|three|four|five|ten|a few) "
                    r"years\b|\byears from now\b|\bby the end of the decade\b", re.I)
# the present moment: live prices the KB, a set of planning ranges, cannot know
_NOW = re.compile(r"\b(?:today|tonight|right now|at the moment|at this (?:very )?(?:moment|minute|hour)|as of (?:now|today)|"
                  r"this (?:very )?(?:minute|hour|morning|afternoon)|live|real[- ]time|currently)\b", re.I)
# a question after a value: "what does X cost", "how much is Y" (not "how do I lower it")
_WAS_IT = re.compile(r"\bwhat (?:was|were) (?:that|it|those|these|they|the)\b", re.I)
_VALUE = re.compile(r"(?:^|[.!?,]\s*)(?:so\s+|and\s+|ok\s+)?(?:what(?:'s|s| is| are| would be| will be)|how much|"
                    r"what\b[^?.!]*\b(?:cost|costs|charge|charges|pay|run|runs)|"
                    r"(?:the\s+)?(?:price|cost)s?\s+(?:of|per|for))\b",
                    re.I)
_MEANING = re.compile(r"\bdifferen(?:ce|t)\b|\bdiffers?\b|\bmeans?\b|\bstands? for\b", re.I)  # a meaning asked, no figure
_PRICE = re.compile(r"\b(?:cost|costs|price|prices|priced|charge|charges|pay|pays|per (?:lead|install|click|view|sale|order))\b",
                    re.I)
# a KB sentence stating what its figures leave out
_EXCLUDES = re.compile(r"\b(?:no figures? (?:are|is) (?:kept|given|published|available)|no figures? (?:here )?for|(?:are|is) excluded|excluded\b|"
                       r"excluding|(?:are|is) not covered|not covered|out of scope|left out|(?:is|are) missing from|"
                       r"(?:have|has) no benchmarks?|does not publish|no (?:vertical )?breakdowns? exist)\b", re.I)

_AFTER = re.compile(r"^(?:no figures?|excluding)", re.I)  # the phrasings that name what is left out after them …
_BOTH = re.compile(r"missing from|does not publish", re.I)  # … and those naming it on both sides

# "in the United Kingdom", "across Brazil": a capitalised name after a preposition of place
_PLACE = re.compile(r"\b(?:in|across|throughout|within|for)\s+(?:the\s+)?((?:[A-Z][a-z]+)(?:\s+[A-Z][a-z]+){0,2})\b")
_NOT_PLACE = re.compile(r"^(?:January|February|March|April|May|June|July|August|September|October|November|December|"
                        r"Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Q[1-4]|Step|Section|Our|My|This|"
                        r"That|Black Friday|Christmas)\b")


def cited(answer: str, outcomes: list[ToolOutcome]) -> list[dict]:
    """The passages the answer cites, as the tools returned them."""
    ids = set(CITED.findall(answer))
    out, seen = [], set()
    for o in outcomes:
        for ps in o.passages:
            if ps.get("id") in ids and ps["id"] not in seen:
                seen.add(ps["id"])
                out.append(ps)
    return out


def _states_figure(answer: str) -> bool:
    """Does the answer state a number outside its citations (an id's "#2" is none)?"""
    return re.search(r"(?<![A-Za-z])\d", CITED.sub("", answer)) is not None


def _said(name: str, text: str) -> bool:
    low, name = text.lower(), name.lower()  # (the pattern needs the name itself: a plain look for it first)
    return name in low and compiled(r"(?<![A-Za-z])" + re.escape(name) + r"(?![A-Za-z])").search(low) is not None


def places(question: str) -> list[str]:
    """The places the question names: the vocabulary's and the capitalised names after "in"."""
    found = [g for _, g in geographies(question)]
    for m in _PLACE.finditer(question):
        name = m.group(1)
        if _NOT_PLACE.match(name) or any(match_terms(name, VOCABULARY[k]) for k in ("platforms", "verticals",
                                                                                      "metrics", "geographies")):
            continue
        if not any(name.lower() in g.lower() or g.lower() in name.lower() for g in found):
            found.append(name)
    return found


def _place_said(place: str, text: str) -> bool:
    syns = VOCABULARY["geographies"].get(place, [])
    bare = re.sub(r"\s+(?:dma|market|metro|area)$", "", place, flags=re.I)
    return _said(bare, text) or any(_said(s, text) for s in syns)


def unsaid_places(question: str, text: str) -> list[str]:
    return [p for p in places(question) if not _place_said(p, text)]


_NAME = re.compile(r"(?<![.?!:]\s)(?<!^)(?<![A-Za-z'’])([A-Z][a-z]+(?:[A-Z][a-z]+)*)\b")


def unsaid_names(question: str, text: str) -> list[str]:
    """Capitalised names in the question (not opening a sentence) that the cited text never uses
    and that no vocabulary table names: "the Fed", "Coca-Cola" — what a passage without them is not about."""
    out = []
    for m in _NAME.finditer(question.strip()):
        name = m.group(1)
        if name in ("I", "What", "How", "Which", "When", "Why", "Who") or _NOT_PLACE.match(name) or \
                name.lower() in _DOMAIN or any(match_terms(name, VOCABULARY[k]) for k in _TABLES) or \
                compiled(rf"(?<![A-Za-z]){re.escape(name)}(?![a-z])").search(text) or (  # as a name: "fed" is no "Fed";
                    len(name) > 3 and compiled(rf"(?<![A-Za-z]){re.escape(name.upper())}(?![A-Za-z])").search(text)) \
                or nameforms.short_for(name, text):  # a caption's "APPLE"; "Philly" where "Philadelphia" is written
            continue
        out.append(name)
    return list(dict.fromkeys(out))


_TABLES = ("platforms", "verticals", "metrics", "geographies", "audiences", "uncovered_verticals", "industries",
           "topics")


def unsaid_platforms(question: str, text: str) -> list[str]:
    """Platforms the question names that the cited text never names (by any of their names)."""
    out = []
    for key in dict.fromkeys(k for _, k in platformsaid.said(question)):  # as meant: "Microsoft's search ads" is one
        if not term_pattern(tuple(VOCABULARY["platforms"][key])).search(text.lower()):
            out.append(key)
    return out


def unsaid_channels(question: str, text: str) -> list[str]:
    """Channels the question names (the vocabulary's channel words: "email", "podcast", "billboard")
    that the cited text never names: a search or social CTR is no email click rate."""
    words = [w for w in VOCABULARY["topics"]["channels"] if not w.startswith("channel")]  # said in the plural, too
    return [w for w in words if (_said(w, question) or _said(w + "s", question)) and not (_said(w, text) or _said(w + "s", text))]


# the tables whose names are the KB's own subjects (a covered vertical, a metric, a platform); a business the KB
# does not cover ("uncovered_verticals", "industries") is a subject the cited text must speak of
_KNOWN = ("platforms", "verticals", "metrics", "geographies", "audiences", "topics")


def unsaid_subject(question: str, text: str, tables: tuple[str, ...] = _TABLES) -> list[str]:
    """The question's own subject words — outside the planning vocabulary, the words every figure
    question uses and the vocabulary's tables — when the cited text uses none of them: a glossary
    line on "cost per thousand impressions" says nothing of radio spots or listeners."""
    from agent.offline.aswritten import in_text
    question = in_text(question, text)  # "nonskippable spots" where the text says "non-skippable"
    named = {t for k in tables + ("platforms",) for key in match_terms(question, VOCABULARY[k])
             for w in [key, *VOCABULARY[k][key]] for t in terms(w)}
    words = [w for w in dict.fromkeys(terms(question)) if w not in domain_stems() | _DOMAIN | _GENERIC | _PLAIN | named
             | _OWN and len(w) > 2 and not w.isdigit()]
    have = set(terms(text))
    if not words or any(_within({w}, have) for w in words):
        return []
    return list(dict.fromkeys(w for w in re.findall(r"[A-Za-z][\w'’-]*", question) if set(terms(w)) & set(words)))


# a figure asked for by its noun: "what's the typical cart abandonment rate …", "what's a normal refund ratio …"
_FIGURE_NP = re.compile(r"\bwhat(?:'s|’s|s| is| are)\s+(?:the|a|an)\s+(?:[a-z-]+\s+){0,3}?(?:rate|ratio|percentage|share|"
                        r"number|count|average|amount|price|cost|value)s?\b(?!\s+(?:of\s+)?(?:my|our|your|this|that))",
                        re.I)
# a price asked in so many words ("what does X cost", "what do they charge"): "pay back" or "spend" ask no price
_PRICED = re.compile(r"\b(?:cost|costs|price|prices|priced|charge|charges)\b", re.I)
# (question words and pronouns typed without the apostrophe, "whats", "thats", stem to words of no subject)
_OWN = set(terms("we our us you your they their typical thousand hundred million per each one whats hows wheres "
                 "whos thats theres heres im ive dont isnt arent doesnt didnt"))


def unpaired(platforms: list[str], vertical: str | None, passages: list[dict]) -> list[str]:
    """The platforms asked about for ``vertical`` that no single cited passage names together with
    it: a TikTok-wide CPC beside a travel-wide one is no TikTok figure for travel."""
    if not vertical:
        return []
    return [p for p in platforms if not any(
        term_pattern(tuple(VOCABULARY["platforms"][p])).search(ps.get("text", "").lower()) and names_vertical(vertical, ps)
        for ps in passages)]


def future_year(question: str, text: str) -> str | None:
    """The year a prediction asks about ("what will CPMs be in 2031?", "… next year") when it is
    later than every year the cited passages state, else None."""
    if not _FUTURE.search(question):
        return None
    if (later := _LATER.search(question)):
        return later.group(0)
    asked = [int(y) for y in _YEAR.findall(question)]
    stated = [int(y) for y in _YEAR.findall(text)]
    if asked and max(asked) > max(stated, default=0):
        return str(max(asked))
    return None


def excluded_items(sentence: str) -> list[str]:
    """What a sentence says the figures leave out, as phrases: "retargeting" of "…; retargeting
    excluded", "app install campaigns" and "print" of "No figures are kept for app install campaigns,
    … for print", "Solar … the Bing Ads list" of "Solar is missing from the Bing Ads list"."""
    return list(_excluded(sentence))


@lru_cache(maxsize=16384)
def _excluded(sentence: str) -> tuple[str, ...]:  # each KB sentence a turn reads is asked again on every later turn
    return tuple(_excluded_items(sentence))


def _excluded_items(sentence: str) -> list[str]:
    m = _EXCLUDES.search(sentence)
    if not m:
        return []
    before = re.split(r"[.;:]\s|\(|\b(?:but|because|so|and)\b", sentence[:m.start()])[-1]
    before = re.split(r"\b(?:that|which|who|is|are|was|were)\b", before)[0]  # "fully loaded CAC [that adds …]"
    after = re.split(r"[;:.(]|\b(?:because|since|so|as)\b", sentence[m.end():])[0]
    if _BOTH.search(m.group(0)):  # "Solar is missing from the Bing Ads list": both sides name it
        return [f"{before} {after}"]
    if not _AFTER.search(m.group(0)):
        return [before] if terms(before) else []
    return [x for x in re.split(r",|\b(?:or|and|for)\b", after) if terms(x)]  # a list: each item left out


def exclusion(question: str, passages: list[dict], answer: str) -> tuple[str, str] | None:
    """A sentence of the passages stating that the figures leave out what the question asks about
    (every word of one excluded item is the question's) and the answer does not speak of it
    ("retargeting excluded" beside a prospecting CPC), or one the answer quotes as all it has to
    say (no figure of its own): (the sentence, its passage's id), else None."""
    q = said = None  # the question's and the answer's words, read at the first sentence stating an exclusion (few do)
    for ps in passages:
        for s, items in _exclusions(ps.get("text", "")):
            if q is None:
                q, said = set(terms(question)), set(terms(answer))
            for item in items:
                words = needed(item) - _GENERIC  # a participle linking a thing to its source need not be said
                if not words - _PLAIN or not _within(words, q):
                    continue
                if s in answer and not _states_figure(answer.replace(s, "")):
                    return s, ps["id"]
                if s not in answer and not _within(words, said):
                    return s, ps["id"]
    return None


@lru_cache(maxsize=4096)
def _exclusions(text: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(sentence, what it says the figures leave out) of each sentence and line of a passage that says so —
    whole sentences first, in order; read once per passage, which every later turn finds again."""
    said = (s.strip() for s in dict.fromkeys([*sentences(text), *text.splitlines()]))
    return tuple((s, items) for s in said if (items := _excluded(s)))


def _money_stated(word: str, text: str) -> bool:
    """A spend, budget or cost asked for is stated by a passage that states a dollar amount ("the min spend
    to test audio": "a five-show test costs about $15,000"), whatever word it says it with."""
    return bool(set(terms(word)) & _MONEY) and bool(re.search(r"\$\s?\d", text))


def _within(words: set[str], have: set[str]) -> bool:
    return all(in_family(w, have) for w in words)


_MONEY = set(terms("spend spending budget cost price fee"))
# words any question about a figure uses; they say nothing of its subject
_GENERIC = set(terms("cost costs price pay paid charge spend typical average usual normal expect plan budget much many "
                     "number figure figures benchmark benchmarks range rate rates per what which how get see run go "
                     "ads ad advertising campaign campaigns company companies business businesses firm brand brands "
                     "market markets good best does do did get list lists here there any"))
_PLAIN = set(terms("cpm cpc cpa cac ctr cvr roas ltv cpl cpi cpcv media marketing budget spend conversion "
                   "acquisition click clicks impression impressions"))


def _planning(ask: str) -> bool:
    """Does the asking sentence itself use a planning word — the vocabulary's or one the KB builds its measures
    from (:mod:`~agent.offline.kbterms`: "what's a single click cost?")? "What's Meta's share price?" names a
    platform, and asks for nothing a plan holds."""
    from agent.offline.kbterms import defining_words
    from agent.offline.passages import plainly_media
    q = set(terms(ask))
    return plainly_media(ask, q) or bool(q & defining_words())


# the one question that decides a figure the KB states business by business (agent.offline.businessask)
BUSINESS_Q = "Which business is this for?"


def review(question: str, answer: str, outcomes: list[ToolOutcome], asks_figure: bool,
           vertical: str | None = None, unnamed: bool = False) -> str:
    """``answer`` with a plain statement of each part of ``question`` it does not cover (see the
    module doc); the answer itself when it cites nothing or covers every part. ``unnamed``: no business has
    been named in the conversation, so other businesses' figures quoted for a figure asked end with the one
    question that decides which figure applies — whose business it is — instead of "the KB has no figure"."""
    passages = cited(answer, outcomes)
    if not passages:
        return answer
    text = " ".join(f"{ps.get('source', '')} {ps.get('text', '')}" for ps in passages)
    notes = []
    every = [ps for o in outcomes for ps in o.passages]
    if (_VALUE.search(question) or _PRICE.search(question)) and (said := exclusion(question, every, answer)):
        return f"The knowledge base does not cover that. Based on Knowledge Base [{said[1]}]: {said[0]}"
    if (year := future_year(question, text)):
        notes.append(f"The knowledge base has no forecast for {year}; its figures are the current planning ranges.")
    elif (asks_figure or _VALUE.search(question) or _WAS_IT.search(question)) and (year := past_year(question, text)) \
            and year not in answer:  # "what was that back in 2019?": the figure just given, asked of a year gone by — said
        answer = f"The knowledge base has no figures for {year}; its figures are the current planning ranges.\n\n{answer}"  # first
    seen = " ".join(f"{ps.get('source', '')} {ps.get('text', '')}" for o in outcomes for ps in o.passages)
    if (asks_figure or _PRICE.search(question) or _FIGURE_NP.search(question)) and (_VALUE.search(question) or metricask.asks(
            question, asks_figure)) and not _states_figure(answer) and not _MEANING.search(question):
        notes.append("The knowledge base states no figure that answers this; the passage above is all it says on it.")
    if (asks_figure or _PRICE.search(question) or re.search(r"\brates?\b", question, re.I)) and (
            now := _NOW.search(question)):
        notes.append(f"The knowledge base has no live figures for {now.group(0).lower()}: what it holds are planning "
                     "ranges, not current prices.")
    looked_up = any(o.name in ("get_benchmark", "get_audience_sizing") and o.found for o in outcomes)
    # the sentences that ask ("which one do I believe?"), not the statements before them ("our MMM puts social at 3x")
    ask = " ".join(question_sentences(question)) or question
    firm = cache(lambda v=vertical: business(ask) if not v else None)  # a value asked for a business no covered vertical
    # holds — read when first needed, of the vertical given (it is filled in below)
    # (a price asked with the user's own figures is worked on them: "our real cost per order" needs no passage on orders)
    asked = ask if _PRICED.search(ask) and not re.search(r"\d", question) else firm().phrase if (_VALUE.search(ask) or WH_NP.search(ask)) and firm() else ""
    if asked and not looked_up and (about := unsaid_subject(asked, text, _KNOWN)):
        if not _planning(ask):  # the scene before it ("our agency buys Meta ads") found the passage, not the
            return (f"The knowledge base does not contain anything on {' '.join(about)}: the passages it returned "
                    "are about something else. I can't answer that from the knowledge base.")  # question: quote nothing
        notes.append(f"The knowledge base has nothing on {' '.join(about)}; the passage above is not about it.")
    if not looked_up and (_VALUE.search(ask) or WH_NP.search(ask)):
        said = set(terms(text)) | set(terms(answer))  # "The steps, in order: …" states the steps it was asked for
        if (unsaid := [w for w in planning_focus(ask) if not _within(set(terms(w)), said) and not _money_stated(w, text)]):
            notes.append(f"The knowledge base has no {' '.join(unsaid)} figure; the passage above does not state one.")
        if not asks_figure and (chans := unsaid_channels(ask, text)):
            notes.append(f"The knowledge base has no {' or '.join(chans)} figure for this; the passage above is not "
                         f"about {' or '.join(chans)}.")
    if (gone := [n for n in homeplace.not_home(question, unsaid_names(question, f"{text} {seen}")) if not (asks_figure and n in places(question))]):
        notes.append(f"The knowledge base has nothing on {' or '.join(gone)}.")
    if asks_figure and not DEFINITION.search(question):  # a meaning or a method asked: its worked figures are no benchmark
        gone = homeplace.not_home(question, unsaid_places(question, text))
        if gone:
            notes.append(f"The knowledge base has no figure for {' or '.join(gone)}; the figures above are not "
                         f"specific to {'it' if len(gone) == 1 else 'them'}.")
        plat = unsaid_platforms(question, text)
        vertical = vertical or next(iter(match_terms(kbrowname.blanked(question), VOCABULARY["verticals"])), None)
        searched = [ps for ps in passages if not any(ps in o.passages for o in outcomes if o.name == "get_benchmark")]
        figures = _states_figure(answer)
        theirs = other_verticals(vertical, searched, answer) if figures else []  # other businesses' figures quoted
        whose = " and ".join([", ".join(theirs[:-1]), theirs[-1]] if theirs[:-1] else theirs)
        if theirs and unnamed and not vertical and not firm() and (asked := set(match_terms(question, VOCABULARY["metrics"]))):
            notes.append(f"The knowledge base's figures for this differ by business; the ones above are for {whose}. {BUSINESS_Q}"
                         if asked <= kbmetrics.by_business() or len(theirs) > 1 else  # stated for one business: its own
                         f"Of the businesses, the knowledge base states {' and '.join(sorted(asked))} for {whose} alone; the figures above are {whose}'s.")
        elif theirs and (vertical or not ownrow.stated(question, searched)):
            notes.append(f"The knowledge base has no {vertical + ' ' if vertical else ''}figure for this; the figures "
                         f"above are for {whose}.")
        elif vertical and figures and not any(names_vertical(vertical, ps) for ps in passages) and not any(
                o.name == "get_audience_sizing" and o.found or _every_business(o) for o in outcomes) and not any(
                o.name == "get_benchmark" and o.found and o.input.get("vertical") == vertical for o in outcomes):
            # (the benchmark tool found the vertical asked under the KB's own label: "RV park" is its "RV Resorts")
            notes.append(f"The knowledge base has no {vertical} figure for this; the figures above are not {vertical}'s.")
        elif not any(map(_every_business, outcomes)) and (alone := unpaired([k for k in dict.fromkeys(k for _, k in platformsaid.said(question)) if k not in plat], vertical,
                                passages)):
            notes.append(f"The knowledge base has no {' or '.join(alone)} figure for {vertical} specifically; what is "
                         f"quoted above is the closest it holds.")
        plat += [c for c in unsaid_channels(question, text) if c not in " ".join(plat).lower()]
        if plat:
            notes.append(f"The knowledge base has no {' or '.join(plat)} figure for this; the figures above are not "
                         f"{' or '.join(plat)}'s.")
    if not DEFINITION.search(question) and _states_figure(answer) and (metrics := metricsaid.unsaid(question, text)):
        notes.append(f"The knowledge base has no {' or '.join(metrics)} figure for this; the figures above are not "
                     f"{' or '.join(metrics)}.")  # a CPM quoted for "the cpa on billboards"
    if not asks_figure and not looked_up and _states_figure(answer) and (
            elsewhere := placequote.unsaid(question, CITED.sub("", answer), places(question), _place_said)):
        notes.append(f"The knowledge base has no figure for {' or '.join(elsewhere)}; the figures above are not for it.")
    notes += platformslot.notes(outcomes)  # a platform the vocabulary does not know, which the tool says it lacks
    return answer if not notes else f"{answer}\n\n{' '.join(notes)}"


def _every_business(o) -> bool:
    """The benchmark tool, asked for a vertical, answered with a platform's figure by platform: the KB states that
    metric for no vertical (a platform's minimum spend), so it is no other business's figure to warn of."""
    return o.name == "get_benchmark" and o.found and bool(o.input.get("vertical")) and bool(
        re.match(r"get_benchmark: .+? — \d+ figure\(s\) in the knowledge base, by ", o.content))
