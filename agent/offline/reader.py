"""Reading retrieved passages for a how-to / rule question: which *section* answers, and which of
its sentences to quote.

Why sections, not sentences: a knowledge-base rule lives under a heading ("Frequency capping",
"The review cycle") and is often split over a lead sentence and a list; the sentence that shares
the most words with the question is as often a neighbouring chunk's overview ("This playbook
covers …") or an example. So the reader first scores each section of the candidate passages —
the question's words found in its heading path and body (weighted by rarity among the
candidates, as in :mod:`~agent.offline.passages`), whether one of its sentences has the *form*
of the answer the question asks for (a frequency for "how often", a duration for "how long", a
number for "how much / what rate", a requirement for "what makes … complete";
:mod:`~agent.offline.answerforms`) — then quotes that section's best sentences, every item of a list
under it included, its lead sentence when the section is short, all of it when the user asked to
be walked through a worked case or when meaning rather than words chose it; a short paragraph it quotes from comes
whole (:mod:`~agent.offline.shortrule`: a rule's exception and second threshold sit beside the sentence that matched).

When two sections come close on words (a paraphrased question shares few of them), their
similarity in *meaning* to the question (:mod:`~agent.offline.semantic`, a small sentence
encoder) is added to their scores (and a winner far in meaning yields to a near one: a word collision,
:func:`~agent.offline.sectionmeaning.blend`); when the words find no section at all, the section nearest in
meaning answers if it is near enough (:data:`~agent.offline.sectionmeaning.NEAREST`); a heading of an illustration (an example, a
worked case, a sample dialogue, and every heading under one) yields to the rule it illustrates unless
the question asks to be shown a worked case or the example works the user's own figures; a rate the
user reports ("pacing at 86%") favours the section whose band holds it (:func:`~agent.offline.bands.rate_fit`).
When the best section of another document comes within a toss-up's margin of the winner on a rule or how-to
question, a short quote of it follows under its own citation (:mod:`~agent.offline.tossup`).

General rules only: English question forms, the KB's own headings read from the passages, and
the words the conversation carried over (``context``, weighted at half: the topic of a
follow-up is a hint, not the question), and the KB's own terms for a concept the question names in everyday words
(:mod:`~agent.offline.gloss`: they stand for those words when judging whether the passages answer at all, and weigh
in at half, like a question word's attribute, only when the question's own words find no section of their own).
"""
from __future__ import annotations

import math
import re
from functools import lru_cache

from agent.offline import qapairs, timepoint, askframe, bands, bound, everyrow, focus, forbids, gloss, glosshead, kbterms, kbthesaurus, mediaword, namedrow, normphrase, ownwords, placekinds, pointsback, sectionkind, sectionmeaning, setting, shortrule, stepheaded, subject, tossup, unrepeated, valueask, wholelist, workedcase
from agent.offline.answerforms import NUMBER, QUANTITY, answer_forms, has_form, noun_asked
from agent.offline.numbers import digits, stated, stated_values
from agent.offline.passages import (IDENT, STEP, by_head, kb_words, names_found, near_matches as _matches, plainly_media, relevant,
                                    term_set, terms, through_parts)
from agent.offline.searchq import attributes
from agent.offline.sectionunits import Unit as _Unit, levels as _levels, units_of as _units, with_directions as _with_directions, within as _within
from rag.anyword import any_word

CANDIDATES = 8          # passages read (the first few are also what relevance is judged on)
LEAD_WORDS = 40         # a quote shorter than this is a lead the next sentence completes
HEAD_LEAD = 60          # a whole section this short that has subsections is their lead: they carry the method it names
# forms of "do" the analyzer's stop list keeps ("doesn't" read as "does not" → "doe"): grammar, not what is asked —
# "and if that doesn't work?" met "which does not" in a worked example and stood alone there
_AUXILIARY = frozenset({"doe", "did"})
MAX_WORDS = 170         # an answer quotes, it does not paste a section
# a question about what one should / must / may do ("can we just …?" asks leave), and the headings under which a KB states its rules
# — or that asks to judge a situation against one ("is that a problem?", "worth it?", "when can we resume?")
NORMATIVE = re.compile(r"\b(?:should|must|need|needs|required?|allowed|ok|okay|rule|standard|too (?:high|low|much|many|"
                       r"long|short))\b|\b(?:can|could|may) (?:i|we) (?:just |simply |still )?[a-z]+\b|"
                       r"\b(?:problem|issue|worry|worried|fine|normal|enough|anything|safe|bad|wrong|worth)\b|"
                       r"\bwhen (?:can|could|should|do|may) (?:i|we)\b", re.I)
NORM_HEAD = any_word("rules?", "standards?", "thresholds?", "guardrails?", "policy", "limits?", "caps?", "ceilings?",
                     "floors?", "minimums?", "requirements?", "required", "triggers?", "red line", "exceptions?")
_FORMULA_HEAD = re.compile(r"\w\s*[×÷=+]\s*\w")  # a heading spelling a calculation ("population × penetration")
# a figure naming a rule ("your 10 percent floor", "the 72-hour re-entry rule"): the rule's name, not the user's own figure
_NAMED_FIGURE = re.compile(r"(?<![$\d.,])\d[\d.,]*\s*(?:%|percent\b|per cent\b)?(?:[\s-]+(?!(?:a|an|the|and|or|with|"
                           r"on|in|for|of|to|at|by|per|is|are|has|have)\b)[a-z]+){0,3}?[\s-]+(?=" + NORM_HEAD.pattern + ")", re.I)
_EXAMPLE_HEAD = sectionkind.EXAMPLE_HEAD  # headings of illustrations, not of the rule they illustrate
# a question asking to be shown a worked case ("walk me through how a cut like that is done")
_SHOW = re.compile(r"\bwalk (?:me|us) through\b|\bshow (?:me|us)\b|\b(?:an?|one|some|any) (?:worked )?examples?\b|"
                   r"\bexamples? of\b|\bstep[- ]by[- ]step\b|"
                   r"\bhow (?:is|was|would) (?:that|it|this|one|an? [\w ]{1,30}?)(?: like that)? (?:be )?"
                   r"(?:done|calculated|worked out)\b", re.I)
_WORKED = workedcase.WORKED  # shown arithmetic: "$3,333.33 × 1.2 = $4,000"


def _illustration(u: "_Unit") -> bool:
    """Is the unit part of an illustration — an example heading over it anywhere in its outline
    ("Worked example: …" › "Reading the index on day 12" is still the example)?"""
    return _example_heading(u.heading, u.outline)


@lru_cache(maxsize=8192)
def _example_heading(heading: str, outline: str) -> bool:  # asked of every unit of each section a turn ranks
    return any(_EXAMPLE_HEAD.search(h) for h in [heading, *outline.split(" › ")])


def _works_figures(question: str, section: list["_Unit"]) -> bool:
    """Does the section work the user's own figures (every number the question states appears in it)?
    Then the worked case is the user's case, not an illustration with other numbers."""
    mine = stated_values(STEP.sub(" ", question))
    return bool(mine) and mine <= set().union(*(stated_values(c.text) for c in section))


def _amounts(question: str) -> bool:
    """Does the question state an amount — money, a percentage, a fraction or a number above a
    small count? "Combine two audiences" counts things; "$80k a month" is a figure to work."""
    return any(n.money or n.pct or n.value > 10 or not float(n.value).is_integer() for n in stated(digits(STEP.sub(" ", question))))


def extract(question: str, passages: list[dict], max_sentences: int = 3, context: str = "", budget_said: tuple | None = None,
            said: str = "", names: frozenset = frozenset(), eased: bool = False):
    """Quote the sentences of the section that best answers ``question``, cited — or None when the
    passages do not really answer it (too little of its content, a name or code it asks about
    missing: :func:`~agent.offline.passages.relevant`); ``budget_said``: (amount, period) of a budget it points at;
    ``said``: the previous answer, which a follow-up's quote does not merely repeat (:mod:`unrepeated`); ``names``: the
    names a follow-up carries from the turn before (:func:`~agent.offline.searchq.carried_names`); ``eased``: judge the
    share of words as for a plainly media question (the business's own pages, :mod:`~agent.offline.boundread`)."""
    asked = placekinds.written(askframe.frameless(question), " ".join(ps["text"] for ps in passages[:4]))  # "Philly" as "Philadelphia"; no "how do we decide if"
    plain = kb_words(STEP.sub(" ", asked), passages[:CANDIDATES])
    plain = (kbterms.used(plain) or plain) if eased else plain  # the user's particulars no KB page says: no evidence
    norm_adjs, norm_nouns = normphrase.asked(question)  # "your usual terms": the phrase, not the word "usual"
    q = _with_directions(plain) - norm_adjs - _AUXILIARY  # "shorter" also asks about what "reduces"
    quantity = valueask.named(question, q) if valueask.asked(question) else set()  # "what rate is normal?": a usual value
    ctx = set(terms(context)) - q
    top = passages[:CANDIDATES]
    if not q or not top:
        return None
    judged = top[:4]
    covered = set().union(*(plain & term_set(ps["text"]) for ps in judged))
    nearest = None  # the section chosen by meaning when the words alone do not answer
    kb_word = eased or kbterms.eases(plain)  # "clicks": the KB's own measure word eases the share of words
    gloss_text = gloss.hint(question)
    glossed = set(terms(gloss_text)) - plain  # the KB's terms for the question's everyday words stand for them
    if not relevant(asked, plain, covered, judged, kb_word):
        both = plain | ctx | glossed
        if not (ctx or glossed) or not relevant(f"{asked} {context} {gloss_text}", both, set().union(
                *(both & term_set(ps["text"]) for ps in judged)), judged, kb_word):
            if not names_found(asked, covered, judged):
                return None
            nearest = sectionmeaning.nearest(question, _units(judged),
                                             None if _SHOW.search(question) else lambda us: _illustration(us[0]))
            if nearest is None and not glosshead.files(question, judged):  # nor a section filed under its concept
                return None
    if not focus.stated(question, judged):
        return None  # shared words, but what it asks for (an interest rate, a legal verdict) is stated nowhere
    if nearest is None and not ctx and (not plainly_media(question, plain) or mediaword.by_one_word(question, plain)) \
            and not re.search(r"\d", digits(STEP.sub(" ", question))) and sectionmeaning.unrelated(question, _units(judged)):
        return None  # shared words, unrelated meaning: "elections" in a passage on busy ad auctions is a collision
    cands = _units(top)
    if not cands:
        return None
    hint = set(terms(" ".join(setting.attributes_asked(question, attributes)))) - q  # "how often": a frequency, a hint
    glossed -= q | hint  # … and are a hint to the section, like a question word's attribute
    # the section explaining the KB's own term for what everyday words describe (:mod:`kbthesaurus`)
    kb_head, explains = "" if context else kbthesaurus.explaining(question), set()
    ctx -= hint
    n = len(cands)
    held: dict[int, list] = {}  # a sentence repeated by overlapping passages has one word set: each set is matched once
    for c in cands:
        held.setdefault(id(c.terms), [c.terms, 0])[1] += 1
    indexed: dict[int, tuple] = {id(c.terms): (c.terms, c.heads) for c in cands if c.heads is not None}
    # ^ id of a word set read this turn → (the set, :func:`by_head` of it): each set indexed once

    def matched(which: set[str], s: set[str]) -> set[str]:
        hit = indexed.get(id(s))
        if hit is None or hit[0] is not s:
            hit = indexed[id(s)] = (s, by_head(s))
        return _matches(which, s, hit[1])

    every = q | hint | glossed | ctx
    held_by = dict.fromkeys(every, 0)  # a word's near match depends on it and the set alone: each set matched once
    for s, k in held.values():
        for t in matched(every, s):
            held_by[t] += k
    scene = _matches(setting.scene_words(question), q)  # "Our launch moved up. What can't we rush?": "launch" sets the scene
    weight = {t: math.log(1.0 + n / (1 + held_by[t])) * (1.0 if t in q and t not in scene else setting.WEIGHT if t in q else 0.5)
              for t in every}
    idents = [i.lower() for i in IDENT.findall(question)]
    forms, noun = answer_forms(question), noun_asked(question)  # "at what level …?": a heading naming the level tells it
    method = sectionkind.asks_method(question, forms)
    normative, leave = bool(NORMATIVE.search(question)), forbids.acts(question)  # "is it ok if I upload …?": the act asked leave for
    shown = bool(_SHOW.search(question))  # asks for a worked case: an illustration is the answer
    figures = bool(re.search(r"\d", digits(_NAMED_FIGURE.sub(" ", STEP.sub(" ", question)))))
    named = {re.match(r"[\d.,]*\d", m.group()).group() for m in _NAMED_FIGURE.finditer(STEP.sub(" ", question))}
    amounts = figures and _amounts(question)  # "two audiences", "3 guardrails": counts, not figures to work
    filed = () if amounts else glosshead.heads(question)  # the KB's terms for its everyday words: the heading (figures: the working)
    budget = bands.budget_of(STEP.sub(" ", question)) if figures else None
    budget, period = budget_said if (referred := budget is None and bool(budget_said)) else (budget, None)  # "that budget"
    pointed = _matches(set(terms(bands.pointer(question))), q) if referred else set()
    rates = bands.rates_of(STEP.sub(" ", question)) if figures else []
    limit = bound.sought(question)  # "the longest": a heading naming only the minimum states the other end

    def own(c: _Unit, which: set[str]) -> float:
        # math.fsum, not sum: the words come from a set, whose order follows the process's string hashing — a
        # plain sum's last bit followed it, and two sentences matching the same words tied or not at random
        s = math.fsum(weight[t] for t in matched(which, c.terms))
        s += 2.0 if which is q and any(i in c.text.lower() for i in idents) else 0.0
        return s * (0.5 if c.overview else 1.0)

    asks = {id(c): own(c, q) for c in cands}  # the turn's own words: which sentences of a section to quote
    sections: dict[tuple[int, str], list[_Unit]] = {}
    for c in cands:
        sections.setdefault((c.rank, c.heading), []).append(c)

    def rank_sections(asked: set[str]) -> tuple[list, dict, dict]:
        scores = {id(c): asks[id(c)] + own(c, asked - q) for c in cands}

        def section_score(key) -> float:
            us = sections[key]
            body = set().union(*(c.terms for c in us))
            cover = math.fsum(weight[t] for t in _matches(asked, body))
            own_head = matched(asked, us[0].head_terms) - sectionkind.marker_terms(us[0].heading)  # "Worked …": a kind
            head = math.fsum(weight[t] for t in own_head) + 0.5 * math.fsum(weight[t] for t in matched(asked, us[0].parent_terms)
                                                                - own_head)
            if pointed and bands.fit(budget, us[0].heading, period) > 1:
                head += math.fsum(weight[t] for t in pointed - own_head)
            best = max(scores[id(c)] for c in us)
            if best <= 0 and head <= 0:
                return 0.0
            # a section with no sentence of the asked-for form ("how long" → a duration) cannot answer it (each form
            # asked counts);
            # under a heading that matches, every sentence is on topic
            said = [c for c in us if scores[id(c)] > 0 or head > 0]
            formed = sum(any(has_form(f, c) for c in said) or (f is NUMBER and bool(noun & us[0].head_terms)) for f in forms) / len(forms) if forms else 1.0
            s = (0.25 * cover + best + head) * (0.5 + 0.5 * formed)
            if normative and (NORM_HEAD.search(us[0].heading) or (IDENT.search(us[0].heading)
                                                                  and not _FORMULA_HEAD.search(us[0].heading))):
                s *= 1.25  # a question of what one should do prefers the section stating a rule (or naming a coded one —
                # unless its heading spells a calculation: "the ABC-XYZ chain: base × share" is a method, not a rule)
            if not _illustration(us[0]) and any(re.search(rf"(?<![\d.,]){re.escape(n)}(?![\d.,]*\d)", us[0].heading) for n in named):
                s *= 1.25  # "your 10 percent floor": the heading naming its rule by that figure ("The FLOOR-10 rule")
            if _illustration(us[0]) and not shown and not (figures and _works_figures(question, us)):
                s *= 0.7  # the principle, not a worked example of it — unless asked for one or it works the user's own
            if any(h in us[0].heading.lower() for h in explains):  # it holds the KB's term for the everyday words
                s *= 1.5
            s *= glosshead.weight(filed, us[0].heading, top[key[0]].get("source", ""))  # headed with the KB's term for it
            if glossed & asked:  # the heading names the KB's term for what the question says in everyday words
                s *= 1.0 + 0.5 * len(_matches(glossed, us[0].head_terms)) / len(glossed)
            if hint - glossed:  # the heading names what the question word asks for ("how often" → "… cadence"): that section answers
                s *= 1.0 + 0.5 * len(_matches(hint - glossed, us[0].head_terms)) / len(hint - glossed)
            s *= bands.rate_fit(rates, " ".join(c.text for c in us)) if rates else 1.0  # a rate stated: the rule whose band holds it
            s *= bands.fit(budget, us[0].heading, period)  # a budget stated: the section of its band, not another's
            s *= bound.fit(*limit, us[0].heading)
            s *= forbids.BOOST if forbids.directs(leave, us) else 1.0  # "is it ok if I upload …?" and "do not upload …"
            s *= normphrase.BOOST if norm_nouns and normphrase.states(norm_nouns, " ".join(c.text for c in us)) else 1.0  # "standard terms"
            s *= sectionkind.fit(method, top[key[0]].get("source", ""))  # "how do we prove …?": a method, not a figure table
            return s * (0.6 if all(c.overview for c in us) else 1.0) * (1.0 - 0.03 * key[0])

        words = {k: section_score(k) for k in sections}
        by = words if amounts else sectionmeaning.blend(question, sections, words)  # figures: a worked example may be the answer
        meant.clear()  # a section ahead only by meaning: the words cannot tell which of its sentences answer
        meant.update(k for k in by if words[k] < sectionmeaning.CONTENDER * max(words.values()))
        return sorted(sections, key=lambda k: (-by[k], k[0])), by, scores

    meant: set = set()
    ranked, by, scores = rank_sections(q | hint)
    if glossed and not _stands_alone(q | hint, sections[ranked[0]]):  # the own words find no section of their own:
        hint |= glossed  # the KB's terms for what they say in everyday words weigh in (:mod:`gloss`)
        ranked, by, scores = rank_sections(q | hint)
    if kb_head and not matched(q | hint, sections[ranked[0]][0].head_terms | sections[ranked[0]][0].parent_terms) and not forbids.directs(leave, sections[ranked[0]]):
        explains.add(kb_head)  # only when the words name no heading of the section they rank first (nor a sentence directing the act asked): else they are the KB's
        ranked, by, scores = rank_sections(q | hint)
    doc = (lambda k: top[k[0]].get("source", "").split("›")[0].strip())
    if ctx and not _stands_alone(q | hint, sections[ranked[0]]):  # "how long" names its duration itself
        ranked, by, scores = rank_sections(q | hint | ctx)  # a follow-up: the carried topic decides, among the
        ranked = ownwords.first(ranked, by, lambda k: (len(matched(q, set().union(*(c.terms for c in sections[k])))),
                                                       doc(k)))  # sections near the top, one holding its own words
    ranked = qapairs.asked_first(question, subject.first(ranked, by, sections, subject.media(question), q, lambda h: bool(NORM_HEAD.search(h) or IDENT.search(h))), sections, top)  # a medium asked about: a section naming it
    ranked = pointsback.first(question, ranked, sections, _illustration)  # "… deliverability. why does it matter?"
    ranked = stepheaded.first(question, ranked, by)  # "which step is about …?": the section headed with the step
    ranked = namedrow.first(question, ranked, sections, top, by)  # "what would Angi charge?": the list holding that row
    if normative and not figures and not shown and QUANTITY.intersection(forms):  # how long it should be: the rule,
        ranked = workedcase.rule_first(ranked, by, sections, NORM_HEAD, doc)  # before its document's worked figures
    banded = [k for k in ranked if bands.fit(budget, k[1], period) > 1 and by[k] > 0 and (by[k] >= 0.8 * by[ranked[0]] or (
        pointed and doc(k) == doc(ranked[0])))]  # a close call; or the winner's document split by the budget pointed at
    if nearest and not shown and by[ranked[0]] > by.get(nearest, 0.0) and not (figures and _works_figures(question, sections[nearest])) \
            and (_illustration(sections[nearest][0]) and not _illustration(sections[ranked[0]][0]) or normative and not figures
                 and workedcase.yields(sections[nearest], sections[ranked[0]], NORM_HEAD, forms)):
        nearest = None  # an illustration near in meaning — or a section only working an example, asked what should be —
        # yields to the rule the words (and the asked form) rank first (:mod:`workedcase`)
    # "what rate is normal?": the section stating a range for that rate, not one defining it
    rng = valueask.unit(question)
    stating = [k for k in ranked if by[k] > 0 and not _illustration(sections[k][0])  # an example's figures are its own
               and valueask.states(quantity, sections[k], rng)] if quantity else []
    key = banded[0] if banded else nearest or ranked[0]  # the section of the stated budget's own band, not an overview
    key = key if not stating or key in stating else stating[0]
    if by[key] <= 0 and not nearest:
        return None
    # asked to be walked through a worked case, or a section found by meaning rather than words: all of it, as far as an
    # answer quotes (MAX_WORDS)
    whole = (shown and _illustration(sections[key][0])) or key == nearest or key in meant
    # a section splitting its advice by budget in its items ("**Under $50k a month**: …"): the stated budget's item
    named = [c for c in valueask.rows(quantity, sections[key], rng) if c.item >= 0] if key in stating else []  # table rows
    quoted = [c for c in sections[key] if c.item < 0 or c in named] if named else sections[key]  # "what rate is normal?":
    # the rows stating it, not the table's other rows
    worked = bool(re.search(r"\d", digits(question)))
    owned = bands.own_items(budget, quoted, period, setting.asked_words(question) & q)
    chosen = bands.with_own(_quote(owned, scores, asks, max_sentences, forms, worked=worked, whole=whole), quoted, budget, period)
    if not chosen:
        return None
    chosen = timepoint.picked(question, namedrow.added(question, qapairs.one_answer(chosen, scores, top[key[0]]["text"]), sections[key], top[key[0]]["text"], names), sections[key])  # "… on Yelp": the item labelled so; "day 10": its rule
    chosen = everyrow.widened(question, chosen, sections[key], MAX_WORDS)  # "each kind of report": every row
    if not whole and not named and chosen != quoted:
        chosen = wholelist.completed(question, shortrule.whole(chosen, owned, said, worked, top[key[0]]["text"]), owned, said, MAX_WORDS)
    more = _subsections(chosen, sections[key], [c for c in cands if c.rank == key[0]], top[key[0]]["text"])
    chosen = (unrepeated.widen(chosen, sections[key], scores, said, MAX_WORDS) if context else chosen) + more
    cite = top[key[0]]["id"]
    out = f"Based on Knowledge Base [{cite}]: " + _scope(key[1], chosen, top[key[0]]["text"]) + " ".join(c.text for c in chosen)
    other = None if nearest or banded or stating or shown or figures or quantity or key in meant \
        else tossup.runner_up(question, sections, ranked, by, key, doc)  # two documents it cannot tell apart: both, cited
    if other and (also := tossup.trimmed(_quote(sections[other], scores, asks, tossup.SENTENCES, forms, worked=False), asks)):
        out += f" Based on Knowledge Base [{top[other[0]]['id']}]: " + " ".join(c.text for c in also)
    return out


def _scope(heading: str, chosen: list[_Unit], text: str) -> str:
    """The section's heading, when it states an amount the quote does not repeat ("Tier 1: under
    $50k per month" over "Typical shape: search 40%–50% …"): the heading scopes every sentence under
    it, and the quote alone would drop that scope. Empty otherwise — and when the cited passage's own
    text does not hold the heading (a section begun in an earlier chunk), whose amount it cannot support."""
    said = {n.value for c in chosen for n in stated(digits(c.text))}
    scoped = [n for n in stated(digits(heading)) if (n.money or n.pct) and n.value not in said]
    return f"{heading.rstrip('.:')}: " if scoped and heading.rstrip(".:") in text else ""


def _subsections(chosen: list[_Unit], section: list[_Unit], passage: list[_Unit], text: str) -> list[_Unit]:
    """A quote that is the whole of a short lead ("A complete brief names five things:") continues
    into the subsections under it ("#### The five fields" and its list): there the substance is. Only
    deeper headings of the same passage, in reading order, up to MAX_WORDS; none when the lead already
    says enough (HEAD_LEAD: two sentences defining a term before "### The X standard" are its lead) or a sentence of
    the section was left out."""
    words = sum(len(c.text.split()) for c in chosen)
    if chosen[-1] is not section[-1] or len(chosen) < len(section) or words >= HEAD_LEAD:
        return []
    level = _levels(text)
    out = []
    for c in sorted((c for c in passage if c.pos > section[-1].pos), key=lambda c: c.pos):
        if level.get(c.heading, 0) <= level.get(section[0].heading, 9) or words + len(c.text.split()) > MAX_WORDS:
            break
        out.append(c)
        words += len(c.text.split())
    return out


def _stands_alone(q: set[str], section: list[_Unit]) -> bool:
    """Does the turn's own wording find its section without the carried topic? Its best section
    holds at least two of its words (and most of them), one in a heading."""
    body = set().union(*(c.terms for c in section))
    heads = section[0].head_terms | section[0].parent_terms
    found = _matches(q, body | heads)
    # a KB compound rebuilt from two of the question's words, one a stop word ("two channels"), stands for both
    said = len(found) + sum(1 for t in found if "-" in t and not through_parts(t, q))
    return said >= max(2, math.ceil(0.6 * len(q))) and bool(_matches(q, heads))


def _quote(section: list[_Unit], scores: dict[int, float], asks: dict[int, float], k: int,
           forms: list[re.Pattern], worked: bool = True, whole: bool = False) -> list[_Unit]:
    """The section's sentences worth quoting, in reading order: those sharing the turn's own words
    first (a follow-up asks something new of the carried topic), then the best-matching ones, then
    the ones that follow a short lead; worked arithmetic only when the question has figures
    (``worked``); at most ``k`` sentences and ``MAX_WORDS`` words — every sentence of the section,
    up to MAX_WORDS, when it is a worked case the user asked to be walked through (``whole``)."""
    best = max(scores[id(c)] for c in section)
    keep = [c for c in section if asks[id(c)] > 0 or (scores[id(c)] >= 0.4 * best and scores[id(c)] > 0)]
    if not worked:  # a question without figures asks for the rule, not a worked example's arithmetic
        keep = [c for c in keep if not _WORKED.search(c.text)] or keep
    keep = sorted(keep, key=lambda c: (asks[id(c)] <= 0, -scores[id(c)]))[:k] or section[:1]  # heading-only match
    keep = _contiguous(section, keep, scores, k)
    # a section is about one thing: when the quote is only a short lead ("X is the standard for …"),
    # the sentences after it carry the substance; a quote that already states a rule needs no example
    first = max(keep, key=lambda c: scores[id(c)])
    for c in [c for c in section if c.pos > first.pos and c not in keep][:max(0, k - len(keep))]:
        if sum(len(o.text.split()) for o in keep) >= LEAD_WORDS:
            break
        keep.append(c)
    # a short section quoted from its middle lacks its lead sentence, which names what the rest is about
    # ("Health conditions … carry restrictions." before "Do not upload lists …"): when the section is at most one
    # sentence longer than a quote and fits MAX_WORDS, it comes
    lead = min(section, key=lambda c: c.pos)
    if lead not in keep and lead.item < 0 and len(section) <= k + 1 and sum(len(c.text.split()) for c in section) <= MAX_WORDS:
        keep.append(lead)
    # the asked-for form must be quoted: the best sentence that has it comes along
    if forms and not any(has_form(f, c) for f in forms for c in keep):
        formed = [c for c in section if any(has_form(f, c) for f in forms)]
        keep += sorted(formed, key=lambda c: -scores[id(c)])[:1]
    # a list item is one thought: its other sentences come with the one chosen ("Never add up …; use … instead")
    keep += [c for c in section if c not in keep and c.item >= 0 and any(c.item == o.item for o in keep)]
    return _within(sorted(section if whole else keep, key=lambda c: c.pos), MAX_WORDS)  # whole: a worked case walked through


def _contiguous(section: list[_Unit], keep: list[_Unit], scores: dict[int, float], k: int) -> list[_Unit]:
    """A prose quote that skips a sentence between two it quotes loses the thread (the rule's
    definition sits between its name and its exceptions): it becomes the run of as many
    consecutive sentences that scores best. A list quoted with a gap gets the items between when
    the quote can hold them (``k``); otherwise list items stand on their own."""
    prose = sorted((c for c in section if c.item < 0), key=lambda c: c.pos)
    if len(keep) >= 2 and all(c.item >= 0 for c in keep):  # a list quoted with a gap: the items between come too,
        lo, hi = min(c.pos for c in keep), max(c.pos for c in keep)  # when they fit (the options are read together)
        gap = [c for c in section if lo < c.pos < hi and c not in keep]
        return keep + gap if len(keep) + len(gap) <= k else keep
    if len(keep) < 2 or any(c.item >= 0 for c in keep):
        return keep
    lo, hi = min(c.pos for c in keep), max(c.pos for c in keep)
    if not any(lo < c.pos < hi and c not in keep for c in prose):
        return keep
    n = len(keep)
    runs = [prose[i:i + n] for i in range(len(prose) - n + 1)]
    return max(runs, key=lambda r: (sum(scores[id(c)] for c in r), -r[0].pos)) if runs else keep
