"""The answer to a planner's-formula turn: the KB passage stating the rule, then the working.

Why a module apart from :mod:`~agent.offline.policy`: a formula turn ("how many clicks will $5k
buy at that CPC?", "how many of those 500 are real?") is answered differently from every other
turn — the rule the KB states is quoted first and the user's figures are run through it — and it
keeps the policy under 400 lines.
"""
from __future__ import annotations

import re

from agent.offline import mediashare, businessdocs, closerate, compose, ownbench, planmath, reportedcount, searchq, sharecite, sizeshare, userrule
from agent.offline.passages import message_sentences
from agent.offline.reader import extract
from agent.offline.toolread import ToolOutcome, merge_passages

RETRIEVAL = ("search_knowledge_base", "get_step_guidance", "research_topic")
RULE_Q = searchq.RULE_Q  # appended to a search for the multiplier a "how many actually …" question needs


def answer(text: str, previous: tuple | None, outcomes: list[ToolOutcome], w: planmath.Work | None,
            k: int, vertical: str | None = None, earlier: list[ToolOutcome] = ()) -> str:
    """The KB passage stating the rule, quoted and cited, then the working on the user's numbers (``vertical``: the
    conversation's business — another business's document states no rule of its)."""
    ranked = businessdocs.kept(merge_passages([o for o in outcomes if o.name in RETRIEVAL and o.found]), vertical)
    if isinstance(w, closerate.CloseWork):  # the KB's rule on the close rate; none stated: the ratio its value is set by
        return closerate.answer(text, w, ranked) or compose.ask_for("target LTV:CAC ratio")
    if w is not None and w.base is not None:  # a value said before: the KB's stated share of it, else ask for the ratio
        got = userrule.share_of(w.base, True, ranked[:6], f"{text} {w.search}")
        return f"{got[0]}\n\n{planmath.shown(got[1], got[2])}" if got else compose.ask_for("target LTV:CAC ratio")
    if w is not None and sizeshare.is_share(w.lines):  # the user's share of a size the KB gave: the cited size is the source
        return planmath.shown(w.lines)
    tq = searchq.form(text, previous)
    focus = w.quote if w is not None and w.quote else tq.focus  # the rule the working applies, when the words point elsewhere
    quote = extract(focus, ranked, k, context=tq.topic, names=tq.names) if ranked else None
    if w is not None and (rule := planmath.rule_sentence(w, ranked)) and (not quote or said(rule) not in quote):
        quote = rule if not quote else f"{rule}\n\n{quote}"
    if w is None:  # the top passages, then the top of the search made for the multiplier rule itself
        ranked, rule_hits = planmath.fitting(text, ranked[:4]), planmath.fitting(text, [  # factors that fit the question,
            ps for o in outcomes if o.found and str(o.input.get("query", "")).endswith(RULE_Q) for ps in o.passages])
        rate = planmath.rate_sentence(ranked) or planmath.rate_sentence(rule_hits) or last_rule(previous) or reportedcount.share_sentence(
            text, [ps for o in outcomes if o.found for ps in o.passages])  # or the share of it the KB credits
        if rate and (not quote or said(rate) not in quote):
            quote = rate if not quote else f"{rate}\n\n{quote}"
    lines = list(w.lines) if w else planmath.adjusted(text, quote or "")
    if not lines and quote:  # a rule with nothing to apply to (no multiplier, a bare percentage): say what it says
        return quote
    beside = (ownbench.paragraph(w, text, outcomes) or mediashare.beside(w, text, earlier)) if w is not None else None  # the business's range, judged
    if not quote and lines and w is not None:  # arithmetic on the user's own figures needs no passage to stand
        return (sharecite.shown(w, ranked, None) if w.shares else planmath.shown(lines)) + (f"\n\n{beside}" if beside else "")
    if not quote:
        return compose.abstain([("information that answers this question", "")], [])
    cite = re.search(r"\[([^\]]+#\d+)\]", quote)
    if w is not None and w.shares:  # a split's lines: the passage's own shares cited, the user's own their arithmetic
        return f"{quote}\n\n{sharecite.shown(w, ranked, cite.group(1) if cite else None)}"
    return f"{quote}\n\n{planmath.shown(lines, cite.group(1) if cite and (w is None or w.cited) else None)}" + (
        f"\n\n{beside}" if beside else "")


def last_rule(previous: tuple | None) -> str | None:
    """The multiplier rule the last answer quoted ("… multiply code-attributed conversions by 2.5 …"), cited as it was:
    the count the user gives next ("84 orders came in on the codes — the real number?") is what it applies to, though
    this turn's search, made of the count's words, may not find the rule again."""
    for m in re.finditer(r"Based on Knowledge Base \[([^\]]+#\d+)\]: ([^\n]+)", (previous or ("", ""))[1] if previous and len(previous) > 1 else ""):
        for sent in message_sentences(m.group(2)):
            if planmath.MULTIPLY.search(sent):
                return f"Based on Knowledge Base [{m.group(1)}]: {sent}"
    return None


def said(cited: str) -> str:
    """The sentence of a cited quote ("Based on Knowledge Base [id]: sentence"): a quote of another
    section of the same passage does not already say it."""
    return cited.split("]: ", 1)[-1]
