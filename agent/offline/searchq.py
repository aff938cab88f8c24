"""Forming the search_knowledge_base queries of a turn, and the words a reader should look for.

Why a module: the raw message is a poor query. Three general reasons, none tied to a KB:

* **Question words name an attribute the index cannot see.** "how often" is made of two stop words, so a lexical
  index reads "How often should we …?" as if the question word were not there; the attribute it asks about
  ("frequency") is added instead (:data:`ATTRIBUTES`).
* **Conversation fillers dilute.** "we're trying …", "just", "honestly" match chunks at random; they are dropped
  (:data:`FILLERS`, plain English discourse words).
* **Follow-ups lean on the last turn.** "Can we go higher than that?" or "what if the account is tiny?" say nothing
  about their topic; the topic is the previous question's content words and the section the previous answer quoted
  (its citation, read back from the answer and the tool results of that turn). Such a turn runs two searches — the
  message alone and the message with the carried topic — so a real change of topic still finds its own passages. A
  message that says what it asks but points back ("where should the cut come from?", "that upload is old") runs the
  topic search too, and is judged on its own words. After a calculation the topic is what its answer took up (and
  the budget, when that message moved it), not the chatter around the figures; a thank-you in between carries no topic.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from agent.offline import absentwhy, askframe, bound, gloss, leaveask, pointsback, quotedterm, readingstate, turnform
from agent.offline.ownquestion import asks_own, stands_apart
from agent.offline.asking import asks_anything, question_sentences
from agent.offline.passages import message_sentences, singular_acronyms
from agent.offline.toolread import ToolOutcome
from mpa.tables import CURRENCY

# interrogatives → the attribute they ask about (English grammar, not a domain list)
ATTRIBUTES: tuple[tuple[re.Pattern, str], ...] = (
    (re.compile(r"\bhow (?:often|frequently)\b|\bhow many times\b", re.I), "frequency cadence"),
    (re.compile(r"\bhow long\b", re.I), "duration"),
    # "how do I size an audience?": the way to do a task named in a word or two is the KB's method for it (a longer
    # question names its specifics, whose own section answers: :func:`attributes`)
    (METHOD_ASK := re.compile(r"\bhow (?:do|can|should|would) (?:i|we|you)\b", re.I), "method"),
    (re.compile(r"\bhow (?:fast|quickly|soon)\b", re.I), "speed"),
    # the most or least an amount named may become ("what's the most it could be two weeks from now"): a limit on change
    (bound.AMOUNT_CAP, "limit how far budget can move within period"),
    # a superlative of length asks for the bound of a duration ("the shortest a test may run": its minimum duration)
    (re.compile(r"\bshortest\b", re.I), "minimum duration"),
    (re.compile(r"\blongest\b", re.I), "maximum duration"),
    # a verb of reducing an amount, said in other words than the plain one ("trim everything a bit"): the plain verb
    (re.compile(r"\b(?:trim(?:s|med|ming)?|slash(?:es|ed|ing)?|shrink(?:s|ing)?|shrunk|pared? (?:back|down)|"
                r"scal(?:e|es|ed|ing) back|reduc(?:e|es|ed|ing))\b", re.I), "cut"),
    # the point at which something is done asks for the threshold that sets it off ("at what point do we pull it?")
    (THRESHOLD_ASK := re.compile(r"\bat what (?:point|level|stage)\b|\bhow (?:high|far|bad|big) (?:does|do|should|must|can) "
                                 r"(?:it|that|this|they|[\w-]+) (?:go|get|rise|climb|be)\b[^.?!]{0,30}\bbefore\b|"
                                 # "how many sales do we need before we trust it?": the count a rule sets
                                 # … whoever needs them ("how many conversions does smart bidding need before …?")
                                 r"\bhow (?:many|much)\b[^.?!]{1,40}\b(?:do|does|should|must|would) (?:i|we|you|it|they|"
                                 r"(?:an? |the |our |your )?[a-z][\w-]*(?: [a-z][\w-]*){0,2}) "
                                 r"(?:need|have|get|collect|wait for|see)\b[^.?!]{0,30}\bbefore\b", re.I),
     "threshold trigger"),
    # a yes/no question of what one may or must do asks for the rule (searched only: :data:`SEARCH_ONLY`)
    (leaveask.ASKS_LEAVE, leaveask.WORD),
    # moving an amount out of one thing into another ("shift a third of radio into search"): a reallocation
    (re.compile(r"\b(?:move|moving|moved|shift(?:s|ed|ing)?|transfer(?:s|red|ring)?|"
                r"switch(?:es|ed|ing)?|pull(?:s|ed|ing)?)\b[^.?!]{0,50}\b(?:into|over to)\b", re.I), "reallocation"),
)
# discourse words that carry no topic (hedges, politeness, intent verbs); stop words go anyway
FILLERS = frozenset("""
actually basically honestly literally really just maybe probably possibly perhaps kinda sorta lol haha hey hi hello thanks
thank please ok okay sure yeah yes right well anyway currently roughly trying try tried wondering wonder wanted want wants
guess think thinking thought quick question stuff thing things like tell know let idea ideas help sometimes usually normally
generally typically ever""".split())
# "ok" / "okay" before "to" or "if" is the predicate of a question ("ok to launch now?" asks whether a rule
# allows it), not a discourse word
_FILLER = re.compile(r"(?<![\w'-])(?:" + "|".join(sorted(FILLERS - {"ok", "okay"}, key=len, reverse=True))
                     + r"|ok(?:ay)?(?!\s+(?:to|if)\b)|(?:we|i|you|they)'(?:re|m|ve|ll|d))(?![\w'-])", re.I)
_SUBJECTS = {"i", "we", "you", "they"}
_OPENER = re.compile(r"^\W*(?:and|but|so|also|then|plus|what if|what about|how about|ok(?:ay)?|right)\b", re.I)
# "that", "this", "those" standing for a noun ("higher than that?"); "it" mostly points inside its own sentence
_BARE_PRONOUN = re.compile(r"\b(?:that|this|those|these|them)\s*(?:[?.!,]|$)|\b(?:than|of|about|with|"
                           r"beyond|past|above|below|under|over) (?:that|this|those|these)\b", re.I)
_WORD = re.compile(r"[A-Za-z0-9$%][\w$%:/.\-']*")
_DECLINED = re.compile(r"^\W*(?:the knowledge base does not|i couldn't look that up)", re.I)
CITED = re.compile(r"\[([^\[\]\s]+#\d+)\]")  # "[benchmarks-saas#2]": a passage an answer cites
MAX_QUERY = 500
READING_TOOLS = {"search_knowledge_base", "get_step_guidance", "research_topic"}
TOP_K = 8  # passages per search: the reader looks past the first few for the section that answers


@dataclass
class TurnQuery:
    """What to search for this turn and what the answer should match."""

    focus: str                      # the message, fillers out: what the passages must answer
    topic: str = ""                 # carried from the previous turn ("" when the turn stands alone)
    queries: list[str] = field(default_factory=list)   # (focus + topic), focus, (focus + attributes asked)
    names: frozenset[str] = frozenset()  # the names the carried turn gave ("CTV"): :func:`carried_names`


# everyday abbreviations written out, so they meet the KB's words ("min spend" → "minimum spend"); "min"
# after a number is minutes, not a minimum
_ABBREV = {"min": "minimum", "max": "maximum", "avg": "average", "mo": "month", "mos": "months", "yr": "year", "yrs": "years", "wk": "week", "wks": "weeks", "approx": "approximately"}
_ABBREV_RE = re.compile(r"(?<![\w'-])(" + "|".join(_ABBREV) + r")(?![\w'-])", re.I)


def _written_out(text: str) -> str:
    def one(m: re.Match) -> str:
        word = m.group(1).lower()
        if word == "min" and re.search(r"\d\s*-?$", text[:m.start()]):
            return m.group(0)
        return _ABBREV[word]
    return _ABBREV_RE.sub(one, text)


@lru_cache(maxsize=4096)
def clean(text: str) -> str:
    """The message without filler words (its punctuation kept: sentences still end where they did),
    everyday abbreviations written out. A figure compound ("28-day", "70/20/10", "3-4", "4:1") stays one word as
    typed: the index holds it as the KB writes it, and split it covered less of the passage stating it. An
    amount per period ("$40k/mo") is two words: joined, its period ("month") met nothing. Cached (it reads
    the text alone): a turn forms its searches on each model call."""
    out: list[str] = []
    for tok in re.findall(r"\$?\d[\d,]*(?:\.\d+)?[\w%]*(?:-[^\W_][\w%]*|[/:]\d[\w%]*)*|[\w$%][\w$%:/.'’-]*(?<![.:])|[?.!,;:]",
                          _written_out(_FILLER.sub(" ", singular_acronyms(text)))):  # "CPMs": as the acronym
        if re.fullmatch(r"[?.!,;:]", tok):
            if not out or re.fullmatch(r"[?.!,;:]", out[-1]):
                if out and tok in "?.!":
                    out[-1] = tok  # "thanks! just wondering: what …" → the sentence end survives, not the ":"
                continue
        out.append(tok)
    out = [t for k, t in enumerate(out)  # "we: how do …" — a subject left without its verb
           if not (t.lower() in _SUBJECTS and k + 1 < len(out) and out[k + 1] in ",;:")]
    return re.sub(r"\s+([?.!,;:])", r"\1", " ".join(out)).strip(" ,;:")


def asks_threshold(text: str) -> bool:
    """Does the message ask at what point something is done ("prices jumped 40%: at what point do we pull
    back?")? Then it asks for the rule that sets the action off; the figures it tells are its situation,
    not a calculation or a figure to look up — unless the asking sentence states figures itself ("at what point do
    we break even at a $40 CPA and $60 margin?" is a calculation)."""
    return any(THRESHOLD_ASK.search(s) and not re.search(r"\d", s) for s in message_sentences(text))


SEARCH_ONLY = {leaveask.WORD}  # searched for, but no hint to the reader: it weighs rules by its own test (reader.NORMATIVE)


def attributes(text: str, searching: bool = False) -> list[str]:
    """The attributes the message's question words ask about, when it does not name them (``searching``: also
    those only a search adds, :data:`SEARCH_ONLY`)."""
    return [a for a in _attributes(text) if searching or a not in SEARCH_ONLY]


@lru_cache(maxsize=4096)
def _attributes(text: str) -> tuple[str, ...]:  # read of the text alone, on each model call of a turn
    low = text.lower()
    asked = [" ".join(w for w in attr.split() if w not in low) for pat, attr in ATTRIBUTES if pat.search(text)
             and (pat is not METHOD_ASK or _task_named(text))]
    return tuple(a for a in asked if a)


def _task_named(text: str) -> bool:
    """A "how do I …" question names a task in a word or two, with no question inside it: "how do I size an
    audience?" asks for the method; "how do I tell which part broke?" asks which part (the embedded question)."""
    m = METHOD_ASK.search(text)
    return len(content_words(text)) <= 3 and not re.search(r"\b(?:which|what|whether|if|when|where|who|why)\b",
                                                          text[m.end():], re.I)


def content_words(text: str) -> list[str]:
    """Words that could name a topic (not stop words nor fillers), as typed."""
    from agent.offline.passages import terms  # the reader's analyzer; imported late (passages imports nothing here)
    return [w for w in _WORD.findall(text) if w.lower() not in FILLERS and terms(w)]


# "…. now what?", "then what", "what next?" closing a message: it asks what follows from what was said before
_WHAT_NOW = re.compile(r"\b(?:now|then|so) what\W*$|\bwhat (?:now|then|next)\W*$", re.I)


def leans_on_previous(text: str) -> bool:
    """Does this message need the last turn to be understood? It opens like a continuation
    ("and …", "what if …"), points back with a bare pronoun ("higher than that"), or names
    almost nothing of its own (two content words or fewer). A bare pronoun after a statement of the
    message's own ("the 28-day window doubles our count. how should we read that?") stands for that
    statement, not for the last turn."""
    return bool(_OPENER.match(text) or _WHAT_NOW.search(text) or any(not _said_before(text, m.start()) for m in _BARE_PRONOUN.finditer(text))
                or len(content_words(text)) <= 2 and not asks_own(text))  # "should i spend more in december": its own


def _said_before(text: str, at: int) -> bool:
    """Does an earlier sentence of the message state something of its own (four content words or more,
    no figure the pronoun could stand for, no pointer back) before the sentence holding position ``at``?"""
    ends = [m.end() for m in re.finditer(r"[.?!;:—]\s+|\s[-–]\s", text[:at])]
    before = text[:ends[-1]] if ends else ""
    return len(content_words(before)) >= 4 and not re.search(r"\d", before) and not _BARE_PRONOUN.search(before) \
        and not _DEMONSTRATIVE.search(before)


# a distal demonstrative opening a clause ("oh that upload is …", "those leads — are they any good?"): it
# stands for something said before ("this" may point at what the message itself goes on to say)
_DEMONSTRATIVE = re.compile(r"(?:^|[.?!;]\s*)(?:(?:oh|ah|so|and|but|ok(?:ay)?|well|hmm|then)\W+)?(?:that|those)\b", re.I)


def points_back(text: str, prev_text: str) -> bool:
    """Does the message refer to something the previous message introduced — with a demonstrative
    ("that upload is old") or with "the" before a word of that message
    ("where should the cut come from?" after "they cut us 20%")?"""
    from agent.offline.passages import terms
    if _DEMONSTRATIVE.search(text):
        return True
    before = set(terms(prev_text))
    return any(set(terms(m.group(1))) & before for m in re.finditer(r"\bthe\s+([a-z][\w-]+)", text, re.I))


def topic_of(prev_text: str, prev_answer: str, prev_outcomes: list[ToolOutcome]) -> str:
    """The previous turn's topic: the heading of the first passage its answer cited, plus its
    question's content words — "" when that answer declined (a question the
    knowledge base does not cover sets no topic)."""
    parts: list[str] = []
    cited = CITED.findall(prev_answer or "")
    if _DECLINED.match(prev_answer or ""):
        return ""
    # a heading of a passage the answer read (a benchmark table's or a sizing row's heading names no topic)
    passages = {p["id"]: p for o in prev_outcomes if o.name in READING_TOOLS for p in o.passages}
    for cid in cited[:1]:
        parts.append(_quoted_heading(passages.get(cid), prev_answer))
    # lower-cased: a name said before ("GM just cut us") is context now, not one this answer must hold. After a
    # lookup or a calculation (no passage read), only the words its answer took up or that name a media-planning
    # thing: the rest of such a question is who, when and chatter ("welp", "pls"), not a topic
    from agent.offline.passages import domain_stems, terms
    said = content_words(prev_text)
    if not any(o.name in READING_TOOLS for o in prev_outcomes):
        echoed = set(terms(prev_answer)) | domain_stems()
        said = [w for w in said if set(terms(w)) & echoed]
    parts.append(" ".join(said).lower())
    if _states_budget(prev_text):  # "finance cut us to 1.8M": the topic is the budget (and its change), a word left out
        from agent.offline.budgetmove import CHANGE_VERB
        parts.append(" ".join(["budget", *(m.group(0).lower() for m in CHANGE_VERB.finditer(prev_text))]))
    return " ".join(dict.fromkeys(" ".join(parts).split()))


def carried_names(text: str, prev_text: str) -> frozenset[str]:
    """The names (lower-cased) the previous message gave, for a follow-up that names nothing itself: "We're launching
    our first CTV campaign. How often should the ads be refreshed on it?" asks about CTV's row of a table, though the
    topic carried into the search is lower-cased (a name said before must not be one every passage holds)."""
    from agent.offline import namedrow  # imported late: it reads places
    return frozenset() if namedrow.names(text) else frozenset(namedrow.names(prev_text))


def _states_budget(text: str) -> bool:
    """The message gives a budget or moves it ("finance cut us to 1.8M", "they trimmed us 15%")."""
    from agent.offline.budgetmove import moves_budget  # the parser and the slots read the user's figures (imported late)
    from agent.offline.parse import parse
    p = parse(text)
    return (any(n.role == "budget" for n in p.numbers) or moves_budget(p)) and "budget" not in text.lower()


def _quoted_heading(passage: dict | None, answer: str) -> str:
    """The heading of the section the answer quoted from ``passage`` (its parents are the
    document's outline, not the topic); the passage's last heading when no sentence is found."""
    from agent.offline.passages import units
    if not passage:
        return ""
    said = [u.heading for u in units(passage["text"]) if u.text in answer and u.heading]
    src = passage.get("source", "")
    return said[0] if said else (src.rsplit("›", 1)[1].replace(" + ", " ") if "›" in src else "")


def focus(text: str, previous: tuple[str, str, list[ToolOutcome]] | None = None) -> str:
    """:func:`form`'s ``focus`` alone, for a reader of it that needs no search formed (those read the KB's glosses)."""
    return (absentwhy.asked(text, previous) or absentwhy.source_asked(text, previous) or clean(text) or text.strip())[:MAX_QUERY]  # "why is that missing?": what the decline named


@turnform.kept  # a turn forms its searches several times: once is enough (:mod:`turnform`)
def form(text: str, previous: tuple[str, str, list[ToolOutcome]] | None = None) -> TurnQuery:
    """The queries of this turn: its own (cleaned) words; when it leans on the previous turn, the
    same words with that turn's topic, searched first; when its question words ask for an
    attribute it does not name, the words with that attribute, searched last."""
    q = TurnQuery(focus=focus(text, previous))
    if previous and leans_on_previous(text) and not asks_threshold(text) and not stands_apart(text, previous[0]):  # its situation is its own statement
        q.topic = topic_of(*previous)
        q.names = carried_names(text, previous[0])
    # a message that says what it asks but points back ("where should the cut come from?"): the last turn's
    # topic helps find the passages; its own words judge them (no carried context for the reader)
    carried = q.topic or (topic_of(*previous) if previous and points_back(text, previous[0]) else "")
    if carried:
        q.queries.append(f"{q.focus} {carried}"[:MAX_QUERY])
    q.queries.append(q.focus)
    if (quoted := quotedterm.query(text)) and clean(quoted) not in q.queries:  # "… has to be 'SMART'": the name, asked
        q.queries.append(clean(quoted)[:MAX_QUERY])
    asked = attributes(text, searching=True)  # searched apart: the KB may use the word for something else
    if asked:
        q.queries.append(" ".join([q.focus, *asked])[:MAX_QUERY])  # whole: the question alone lost a holdout7 turn, won none
    # the KB's own term for what the words describe, read from the KB's explanations (searched last: kbthesaurus)
    from agent.offline import kbthesaurus  # imported late: it reads the served KB
    termed = None if carried else kbthesaurus.query(q.focus[:MAX_QUERY - 60])  # a follow-up leans on the last turn's terms
    glossed = gloss.search(q.focus[:MAX_QUERY - 80], text)  # the KB's terms for the concepts said in everyday words
    if glossed and glossed not in q.queries:
        q.queries.append(glossed)
    if termed:
        q.queries.append(termed)
    return q


def continues_reading(text: str, p, previous: tuple | None) -> bool:
    """Is this a follow-up to a turn answered from passages (search or step guidance only), asking
    for no metric, business, audience or calculation of its own? Such a turn is read, not looked up."""
    if not previous or not leans_on_previous(text) or p.metrics or p.metric_phrases or p.audiences or p.calc \
            or p.vertical or p.industry_phrase or p.business_phrase:
        return False
    if p.numbers and re.search(r"^-.*[÷×].*[=≈]", previous[1] or "", re.M):  # a new figure for the working just shown
        return False
    if (previous[1] or "").startswith("Working:"):  # a working alone answered it: no passage was read to go on with
        return False
    if p.numbers and all(n.role == "budget" for n in p.numbers) and len(text.split()) <= 8:
        return False  # "about 20 grand a month": the budget a calculation asked for before the prose turn, an input
    from agent.offline import doask  # imported late: it reads the parser
    if doask.swaps_after_action(p, previous[0]):  # "and on bing?" after "and what do we check weekly?" on a figure
        return False
    names = {o.name for o in previous[2]}
    return bool(names) and names <= READING_TOOLS


def previous_turn(history: list[tuple[str, list[ToolOutcome]]], answers: list[str]) -> tuple | None:
    """(text, answer, outcomes) of the last earlier turn that said something ("thanks!", "ok cool" in
    between carry no topic: the one before them does), or None at the start of a conversation."""
    if not history:
        return None
    k = next((i for i in range(len(history) - 1, -1, -1) if _says_something(_text(history[i]))), len(history) - 1)
    text, outcomes = history[k] if isinstance(history[k], tuple) else (history[k], [])
    return text, (answers[k] if k < len(answers) else ""), outcomes


def _text(turn) -> str:
    return turn[0] if isinstance(turn, tuple) else turn


def _says_something(text: str) -> bool:
    return _says(text, readingstate.key())


@lru_cache(maxsize=4096)
def _says(text: str, state: tuple) -> bool:
    """:func:`_says_something`, kept per text and ``state`` (:func:`~agent.offline.readingstate.key`: all the parser's
    reading depends on besides the text) — every model call of every turn asks it again of each earlier message."""
    from agent.offline.parse import reading  # imported late: the parser knows small talk
    from agent.offline import scope  # a question of stop words alone ("ok so what do we do first") asks, it is no chat
    p = reading(text)  # (read only)
    return bool(content_words(text)) and not p.smalltalk or asks_anything(text) and not scope.chat(text, p.smalltalk)


_FIGURE = re.compile(CURRENCY + r"?\d[\d,.]*(?:\s*(?:%|k|m|mm|bn|x)\b)?", re.I)


def retry(text: str, outcomes: list[ToolOutcome]) -> str | None:
    """A second search when every search of the turn came back empty (the engine found too little of
    the query): the message's question alone when it also tells a story ("our ads ran … yesterday.
    When can …?"), else its words without the user's own figures (a "$44k" or "36,080" is data no
    passage holds, and it dilutes the query's coverage); once more when that finds nothing too, without
    the words the search reported the KB never uses (:func:`without_unknown`), and then without the frame it is
    asked in ("how do we decide if …", "… worth it": :mod:`askframe`). None when nothing would
    change, when another tool found something, or when every retry was made."""
    searched = [o for o in outcomes if o.name == "search_knowledge_base"]
    if not searched or any(o.found or o.is_error for o in outcomes):
        return None
    focus = clean(text) or text.strip()
    parts = message_sentences(focus)
    asked = question_sentences(focus)
    cand = " ".join(asked) if asked and len(asked) < len(parts) and not pointsback.points_back(asked) else focus  # "… what are they?": whole
    cand = gloss.proposal_query(parts, asked, text) or cand  # "… smart?": the proposal, in the KB's terms for it
    cand = re.sub(r"\s+([?.!,;:])", r"\1", " ".join(_FIGURE.sub(" ", cand).split()))
    done = {o.input.get("query", "") for o in searched}
    bare = without_unknown(cand, searched)
    for c in (*_rule_query(text, searched), gloss.alone(text), cand, bare, askframe.without(bare)):  # last: without "how do we decide if …"
        if len(content_words(c)) >= 1 and c not in done:
            return c[:MAX_QUERY]
    return None


RULE_Q = " multiply by"  # appended to a search for the multiplier a "how many actually …" question needs


def _rule_query(text: str, searched: list[ToolOutcome]) -> list[str]:
    """When the turn searched for the rule adjusting a count the user reports ("a vendor says it can reach
    9 million …: how many real people?") and found nothing, that search once more with only the words the
    count hangs on ("reach multiply by"): the rule speaks of a reported reach, not of the vendor's story."""
    from agent.offline.reportedcount import figure_words  # imported late: it reads the user's figures
    if not any(str(o.input.get("query", "")).endswith(RULE_Q) for o in searched):
        return []
    words = figure_words(text)
    return [f"{words}{RULE_Q}"] if words else []


_NEVER_USED = re.compile(r"Words of the query the knowledge base never uses: ([^\n]*?)\.(?:\s|$)")


def without_unknown(text: str, searched: list[ToolOutcome]) -> str:
    """``text`` without the words an empty search reported the knowledge base never uses: such a word
    ("panic" in "before I panic, what …") counts against the query's coverage yet says nothing of
    what the KB holds. Whether what is left answers the question is the reader's call (every named
    thing found, the meaning close enough), so an off-topic question still declines there."""
    never = {w.strip().lower() for o in searched for m in _NEVER_USED.findall(o.content) for w in m.split(",")}
    if not never:
        return text
    kept = [t for t in re.split(r"(\s+)", text) if t.strip(" ?.!,;:()\"“”").lower() not in never or not t.strip()]
    return re.sub(r"\s+([?.!,;:])", r"\1", " ".join("".join(kept).split())).strip(" ,;:")
