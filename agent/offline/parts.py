"""The parts of a multi-part question: each one answered, or said plainly to be unanswered.

Why: "what CAC should we expect, and how should we split between search and social?" asks two things.
A benchmark look-up answers the first; the reader (:func:`~agent.offline.reader.extract`) then never ran,
because it only reads when no paragraph exists yet, so the second part was silently dropped. The project
asks the agent to answer every part of a question or say which part it cannot.

A message is split into the clauses that each ask something (its question sentences,
:func:`~agent.offline.asking.question_sentences`, and within one
sentence the clauses joined by ", and how …", "; what …", "also, which …"). A part a tool answers (it names
a metric, a calculation, an audience to size) is left to the tool's paragraph. Every other part that stands
on its own and asks what to do ("how should we …"; not "is that good?", which judges the figure before it, nor
"is X worth it?", a judgement the figures serve) gets a search of its
own words and a reader paragraph of its own, with the budget the message states (a band's section, not
another band's). When a part's search finds nothing that answers it, the reply names that part.
Only a message mixing both kinds is touched: a question without a tool part is read whole, as before.
"""
from __future__ import annotations

import re

from agent.offline import affordask, bands, bandsibling, channelfig, listedasks, periods, searchq, sidebyside
from agent.offline.parse import parse
from agent.offline.asking import question_sentences
from agent.offline.passages import message_sentences
from agent.offline.reader import extract
from agent.offline.toolread import ToolOutcome, merge_passages

_WH = r"(?:how|what|what's|whats|which|when|where|why|who)"
_AUX = (r"(?:should|do|does|can|could|would|will|is|are)\s+(?:i|we|you|they|it|this|that|there|the|a|an|our|my|"
        r"your|their|these|those)")  # an inverted question ("should we …", "is there …"), not "and are planning …"
_ASK = rf"(?:{_WH}|{_AUX})\b"
# a clause joined to the one before by a conjunction (after a comma or not) or a semicolon, opening with a question
# word: "…, and how should we …", "…; what …" — not "For a dental chain, what's …" (one question, a topic before it)
_JOIN = re.compile(rf"(?:\s*,\s*|\s+)(?:and|but|plus|also)\s+(?:also,?\s+|then,?\s+)?(?={_ASK})|\s*;\s*(?={_ASK})", re.I)
_OPENER = re.compile(r"^\W*(?:(?:and|also|plus|but|then|oh|ok(?:ay)?|so)\b[,:]?\s*)+", re.I)
_ASKS = re.compile(rf"^{_ASK}", re.I)
_LEAD_IN = re.compile(rf"^[^,;:?]{{1,60}}[,:]\s*(?={_ASK})", re.I)  # "for a store like ours, what …", "for us (20k): what …"
# what to do, asked of the knowledge base's advice ("how should we …", "what do we …", "which … to …"); a yes/no
# judgement ("is X worth it?") or a quantity ("how many …") leans on the figures the tools give instead
_HOW_TO = re.compile(r"^(?:how|what|which|when|where)\b(?!\s+(?:many|much)\b).*?\b(?:should|do|does|can|could|would|"
                     r"will|must|to)\b", re.I)
_POINTS_BACK = re.compile(r"\b(?:that|this|those|these|it|them|they)\b\s*(?:[?.!,]|$)|^(?:is|are|was|does|do)\s+"
                          r"(?:that|this|it|those|these|they)\b", re.I)


def split(text: str) -> list[str]:
    """The clauses of ``text`` that ask something, in order: each clause opening with a question word (after a
    topic lead-in: "for our shop, what …"); a
    question ("…?") with no such clause is one part (statements of the situation left out)."""
    out: list[str] = []
    asked = question_sentences(text)
    for sentence in message_sentences(text):
        clauses = [_LEAD_IN.sub("", _OPENER.sub("", c).strip(" ,;")) for c in _JOIN.split(sentence)]
        clauses = [c for c in clauses if c]
        asking = [item for c in clauses if _ASKS.search(c) for item in listedasks.items(c, _by_tool)]
        out += asking or ([sentence.strip()] if sentence in asked else [])
    return out


def _by_tool(part: str) -> bool:
    """A part a tool answers: it names a metric, a calculation or an audience to size."""
    p = parse(part)
    return bool(p.metrics or p.metric_phrases or p.calc or (p.audiences and p.sizing_cue))


def open_parts(text: str) -> list[str]:
    """The parts no tool answers, when the message also has a part a tool answers (else [])."""
    asked = split(text)
    if len(asked) < 2:  # one part (most messages): nothing to split off — and no parse of it needed to say so
        return []
    tool = any(_by_tool(a) for a in asked)  # (a count the conversation carries in: "how many now?", a tool's too)
    if not (tool or any(re.search(r"\bhow many\b", a, re.I) for a in asked)):
        return []
    return [a for a in asked if not _by_tool(a) and (tool and _what_to_do(a) and not _POINTS_BACK.search(a) or _affords(a))
            and len(searchq.content_words(a)) >= 2]


def _what_to_do(part: str) -> bool:
    """The part asks the KB's advice: "how should we …", "what's the best …", or a verbless "what search/social split?"
    that borrows the verb of the part before it."""
    return bool(_HOW_TO.search(part)) or listedasks.advice_asked(part)


def _affords(part: str) -> bool:
    """A part asking whether the budget can carry a channel at all ("is that even enough to run the channel?"): the
    KB's minimum for a channel answers it, beside the count another part asks (:func:`affordask.counts_too`)."""
    return bool(affordask.SUFFICES.search(part)) and channelfig.named(part) and not re.search(r"\d", part)


def _queries(part: str, text: str) -> list[str]:
    """The part's own searches; a part setting channels against each other ("the best split between search and
    social") with a budget stated in the message also searches how the KB splits a budget between them."""
    named = sidebyside.sides(part) if bands.budget_of(text) is not None else []
    shared = [q for q in sidebyside.queries(text, named)[len(named):]] if named else []
    return searchq.form(part).queries + shared + ([f"{' '.join(channelfig.said_names(part)[:1]) or 'channel'} minimum "
                                                   "monthly budget"] if _affords(part) else [])


def with_searches(text: str, calls: list[tuple[str, dict]], tools: set[str]) -> list[tuple[str, dict]]:
    """``calls`` plus a search of each open part's own words (not already searched)."""
    if not calls or "search_knowledge_base" not in tools:
        return calls
    done = {c[1].get("query") for c in calls if c[0] == "search_knowledge_base"}
    more = [q for part in open_parts(text) for q in _queries(part, text) if q not in done]
    return calls + [("search_knowledge_base", {"query": q, "top_k": searchq.TOP_K}) for q in dict.fromkeys(more)]


def _budget(text: str, said: tuple | None) -> tuple | None:
    """(amount, period) of the budget the message states, else the conversation's (``said``)."""
    p = parse(text)
    n = next((n for n in p.numbers if n.role == "budget"), None)
    return (n.value, periods.of_budget(p.norm, n)) if n else said


def answer(text: str, paras: list[str], outcomes: list[ToolOutcome], said: tuple | None,
           max_sentences: int = 3) -> tuple[list[str], list[tuple[str, str]]]:
    """(paragraphs, misses) for the open parts: each part's reader paragraph from its own search, unless
    a paragraph already quotes it; a part its search does not answer, named as a miss."""
    new: list[str] = []
    misses: list[tuple[str, str]] = []
    for part in open_parts(text):
        qs = set(_queries(part, text))
        own = [o for o in outcomes if o.name == "search_knowledge_base" and o.input.get("query") in qs]
        sibling = bandsibling.query(text, own) if own else None  # the budget's own band, searched after another's
        own += [o for o in outcomes if sibling and o.name == "search_knowledge_base" and o.input.get("query") == sibling]
        if not own:
            continue
        found = merge_passages([o for o in own if o.found])
        budget = _budget(text, said) if bands.budget_of(part) is None else None
        para = (sidebyside.band_split(part, found, bands.budget_of(text)) or extract(part, found, max_sentences,
                                                                                     budget_said=budget)) if found else None
        if para is None:
            misses.append((f"an answer to the part “{part.rstrip('?.! ')}”", ""))
        elif not any(para in p or p in para for p in paras + new):
            new.append(para)
    return new, misses
