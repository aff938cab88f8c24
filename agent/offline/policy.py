"""OfflineAgent — a deterministic extractive baseline policy, not Claude: the decisions.

One round of tools per turn. From the parsed message and the conversation's slots it decides
what kind of turn this is (small talk, a statement answering the assistant's question, a
clarification it must ask for, a follow-up leaning on the last turn, a benchmark / audience /
calculation / how-to question, or several at once) and which tools to call; then it composes
the answer from the tool results only (``compose``, ``arith``, ``passages``).
"""
from __future__ import annotations

import re
from typing import Any

from agent.messages import ModelResponse
from agent.offline import stepnamed, steporder, platformkind, alternatives, antecedent, changedmetric, glossalone, clarify, rereading, restating, retrying, planvertical, userfigures, planplatform, replies, amending, messagereads, rangeask, chainrate, askedreply, arith, bands, compose, definition, followup, gaps, worked, captionlists, partplatform
from agent.offline import turnread, leadins, splitback, quotedreach, ownbench, partshare, businessdocs, kblabels, leftout, ruleask, kbmetrics, opening, ownfigure, parts, quotedfig, reportedcount, sidebyside, uncovered, partslots, framename, agedmetric
from agent.offline import splitbend, offtopic, prosecount, perperiod, stepcost, targetrate, reachshare, reasonask, ownresults, affordask, chainedrate, changedfig, platformretry, cacback, pointedaudience, madeup, absentsubject, businessask, channelfig, coverage, declfirst, declined, formulas, planmath, platformfig, placeretry, platformslot, rangeend, routeretry, scene, scope, searchq, servedkb, sizing, stepask, steprange, terseaudience, typed, unpriced, verdict, verdicttag, sectionreads, asidegloss, meaningask, pairback, othersown, whatcounts, rowprice, resultask
from agent.offline.memory import Memory, return_to
from agent.offline.recall import read as read_slots, remember
from agent.offline.parse import DEFINITION, GUIDANCE, HEADCOUNT, RANGE_CUE, WHY, Parsed, parse
from agent.offline.passages import STEP
from agent.offline.reader import extract
from agent.offline.toolread import ToolOutcome, answers, merge_passages, outcomes_of, text_of, turn_start, turns

NAME = replies.NAME
_RETRIEVAL = worked.RETRIEVAL  # the tools whose results are passages


def _understood(text: str, mem: Memory, previous: tuple | None) -> Parsed:
    """The message with what it leaves to the conversation — except after a turn answered from the
    knowledge base's prose, which a follow-up continues ("and how long at minimum?" after a testing
    rule is not a benchmark question because a benchmark was asked three turns ago)."""
    p = parse(text)
    if searchq.asks_threshold(text) or reasonask.asks_reason(text):  # "CPMs are up 35%: at what point do I act?", "… says
        p.calc, p.metrics, p.metric_phrases = None, [], [] if reasonask.asks_reason(text) else p.metric_phrases  # CAC looks fine. why is that wrong?": the rule, the reason
    return_to(text, mem)
    return p if searchq.continues_reading(text, p, previous) else messagereads.read(p, text, mem)  # in order


def bench_inputs(vertical: str, metric: str, text: str, other: str | None = None) -> list[dict]:
    """get_benchmark inputs: one per platform the user named ("on Google, and on Bing"), in the
    order named; one for a platform the vocabulary does not know (``other``); none named: no platform."""
    return [{"vertical": vertical, "metric": metric, **({"platform": p} if p else {})}
            for p in partplatform.with_unnamed(text, metric, platformfig.platforms(text)) or [other]]  # a part naming none

class OfflineAgent:
    """OfflineAgent — a deterministic extractive baseline policy, not Claude (see the package doc)."""

    name = NAME

    def __init__(self, max_sentences: int = 3, **_: Any):
        self.max_sentences = max_sentences

    @servedkb.held
    def create(self, *, system: str, messages: list[dict], tools: list[dict] | None = None,
               max_tokens: int | None = None, tool_choice: dict | None = None) -> ModelResponse:
        start = turn_start(messages)
        user_text = antecedent.budget_it(platformslot.unclipped(stepask.in_step_words(asidegloss.without(typed.read(text_of(messages[start]["content"])))
                                         if start is not None else "", tools)))  # "on insta": on instagram
        earlier = turns(messages[:start or 0])
        user_text = quotedreach.with_channel(pointedaudience.named(user_text, raw := [t for t in earlier if t[0].strip()]), [t[0] for t in raw])  # "how many of those?": who was just described
        history = askedreply.history(raw, said := [a for t, a in zip(earlier, answers(messages[:start or 0])) if t[0].strip()], lambda h: read_slots(_as_history(h)).facts.get("budget"))  # replies to an asking, as bound
        user_text = pairback.named(user_text, said)  # "how are those two different?": the two metrics just given
        previous = searchq.previous_turn(history, said)
        outcomes = outcomes_of(messages[start or 0:])  # this turn's tool results (read once: the readers below only test them)
        if direct := perperiod.respond(user_text, raw, said, outcomes, tools, len(messages)):
            return direct  # "per day?" after a working: its results per that period
        if (ask := (askedreply.still_asked(user_text, [h[0] for h in raw], said, slots := remember(_as_history(history)))) or chainrate.work(user_text, said) or targetrate.work(user_text, said) or stepcost.work(user_text, said) or reachshare.work(user_text, [t[0] for t in raw], said) or prosecount.work(user_text, said)) \
                and not outcomes:  # "$20 each" when the capacity was asked too: that one again
            return replies.said(ask)
        asked = user_text
        if again := captionlists.answered(user_text, [h[0] for h in raw], said) or resultask.answered(user_text, [h[0] for h in raw], said):
            user_text, previous = again, None  # the case (or the result) asked for, named: the question it answers
        elif again := restating.restated(user_text, [h[0] for h in raw], said, slots.facts.get("budget"), history, previous):  # in order
            user_text, previous = again, None
        tool_names = {t["name"] for t in tools or []}
        may_call = bool(tool_names) and not (tool_choice or {}).get("type") == "none"
        self.steps = stepask.declared_steps(tools) or getattr(self, "steps", {})  # the framework's order, as declared
        self.framework = stepask.framework_names(tools) or getattr(self, "framework", set())  # its name ("MPA-10")
        self.steps_said = framename.said(tools) if tools else getattr(self, "steps_said", None)  # as the greeting says them
        if tools:
            kbmetrics.declare(tools)  # the metrics this KB names itself ("CPB (cost per booking)")
            kblabels.declare(tools)  # and its verticals ("Holiday rentals")
        if not outcomes and may_call:
            calls = self.plan(user_text, history, tool_names, previous)
            calls = calls if "get_benchmark" not in tool_names else ownresults.benchmark_calls(  # the norm for each result of the user's figures
                user_text, [h[0] for h in history], calls, next((i.get("vertical") for n, i in calls if n == "get_benchmark"), None) or read_slots(_as_history(history)).vertical)
            if calls:
                return replies.calls(len(messages), calls)
        if may_call and outcomes and "get_step_guidance" in tool_names and self._all_steps(user_text) and not any(
                o.name == "get_step_guidance" for o in outcomes):  # the steps no search result named, one by one
            if gaps := stepask.unlisted(self.steps, merge_passages([o for o in outcomes if o.found])):
                return replies.calls(len(messages), [("get_step_guidance", {"step": n}) for n in gaps], "s", gaps)
        if may_call and (more := retrying.tool_calls(user_text, [h[0] for h in history], outcomes, previous, "search_knowledge_base" in tool_names)):
            return replies.calls(len(messages), more, "b")  # a place sized, a platform's own figure; by the route, or a search
        user_text = platformkind.as_searched(user_text, outcomes)  # "into Angi" read as "into one lead site" once searched so
        again = retrying.first_search(user_text, outcomes, said) if may_call and "search_knowledge_base" in tool_names else None
        text = "" if again else definition.read(user_text, outcomes, self.max_sentences) or whatcounts.read(user_text, previous, outcomes, self.max_sentences) or leftout.instead(user_text, outcomes, glossalone.answered(lambda o: self.answer(
            user_text, history, o, previous), user_text, outcomes))  # a term's own definition, else the reader's answer (or the KB's exclusion of it)
        text = leadins.kept(rereading.first_reading(user_text, history, previous, outcomes, text, self.max_sentences, said), text)  # in order; no bodiless lead-in
        text = leadins.kept(chainedrate.more(asked, history, changedfig.shown(asked, history, text)), text) if asked != user_text else text  # "redo the leads and the patients"
        again = again or (retrying.second_search(user_text, previous, outcomes, text, said) if may_call and "search_knowledge_base" in tool_names else None)
        if again:  # every search came back empty: once more with the question alone / without the user's figures
            return replies.calls(len(messages), [("search_knowledge_base", {"query": again, "top_k": searchq.TOP_K})], "r", [""])
        text = splitbend.bent(chainedrate.same_turn(user_text, text, history[-1][0] if history else ""), [user_text] + [h[0] for h in history[-3:]],
                              merge_passages([o for o in outcomes + [o for h in history[-3:] for o in h[-1]] if o.found]))  # a new business's split  # "how many leads, and if we close 8% of them how many sales": both
        text = amending.amended(user_text, [h[0] for h in history], said, text, outcomes, asked)  # in order
        return replies.said(text)

    def _whole_step(self, text: str, history: list | None = None) -> tuple[int, int | None] | None:
        """The framework step a question about a whole step asks for ("step 3", "the final step",
        "the one after X"), or None."""
        ref = stepask.asked_step(text, getattr(self, "steps", {}))
        if ref and stepask.about_whole_step(text, self.steps, ref, getattr(self, "framework", set())):
            return ref
        return stepask.neighbour_of_last(text, getattr(self, "steps", {}), _last_step(history)) or opening.first_step(
            text, getattr(self, "steps", {}), getattr(self, "framework", set()), not history)

    def _all_steps(self, text: str) -> bool:
        return steprange.asks_listing(text, getattr(self, "steps", {}), getattr(self, "framework", set()))

    # Intent → tool calls ----------------------------------------------------------------
    def plan(self, text: str, history: list, tools: set[str], previous: tuple | None = None) -> list[tuple[str, dict]]:
        p, mem = turnread.read(self, text, _as_history(history), previous, _understood)  # once per turn; "our" after a comparison
        stmt = compose.statement(text)
        vertical = planvertical.of(text, p, mem, _as_history(history))  # in order
        if scope.chat(text, p.smalltalk) or scope.outside(text) or othersown.asks(text) or madeup.asks(text):
            return []  # (a competitor's own spend: no KB holds it, othersown)
        if meant := meaningask.calls(text, tools, searchq.TOP_K) or whatcounts.calls(text, previous, vertical, tools, searchq.TOP_K):
            return meant  # "wait, what's a CPV?" mid-conversation: the term's definition, not the vertical's figure; what "that figure" counts
        if "get_benchmark" in tools and (rate := chainrate.lookup(text, (previous or ("", ""))[1], vertical or mem.vertical)):
            return [rate]  # "how many of those would buy, what's the usual rate": the next stage's rate, applied below
        w = _formula(text, history, mem, previous)
        if w is not None or (planmath.adjusted(text, "multiply by 1") and p.numbers and not p.metrics):
            if (w and planmath.missing(w)) or "search_knowledge_base" not in tools:
                return []
            plain_text = re.sub(r"[~$]?\d[\d,.]*(?:\s*(?:k|m|bn|thousand|million|billion)\b|%)?", " ", text)  # numbers match no passage's words
            plain_q = " ".join(plain_text.split())[:400]  # "how many actually …" of a reported count: the KB's rule below
            rule_q = [f"{q[:380]}{worked.RULE_Q}" for q in dict.fromkeys([plain_q, reportedcount.counted_clause(text),
                                                                      reportedcount.figure_words(text)]) if q] if w is None else []
            return ownbench.calls(w, text, vertical, tools) + [("search_knowledge_base", {"query": q, "top_k": searchq.TOP_K})
                    for q in ([w.search] if w and w.search else []) + [plain_q] + rule_q]  # a judged metric: the business's range
        if not p.metrics and (narrow := platformfig.narrowed(text, vertical, _as_history(history), tools)):
            return narrow  # "we're a gym" after a platform's figures by vertical: that vertical's figure
        if stmt is not None:
            if p.metrics and vertical and "get_benchmark" in tools:
                return [("get_benchmark", b) for m in p.metrics for b in bench_inputs(vertical, m, text)]
            if stmt[0] == "unknown" and "search_knowledge_base" in tools:
                return [("search_knowledge_base", {"query": f"how to estimate {stmt[1]}"})]
            return []
        if clarify.clarification(p, mem, [h[0] for h in history]):
            return []
        if self._all_steps(text) and "search_knowledge_base" in tools:  # "walk me through the framework's steps"
            return [("search_knowledge_base", {"query": stepask.listing_query(self.steps), "top_k": 10})] + [
                ("search_knowledge_base", {"query": q, "top_k": searchq.TOP_K}) for q in searchq.form(text, previous).queries]
        if (pair := steporder.compared_steps(text, self.steps)) and "search_knowledge_base" in tools:
            return [("search_knowledge_base", {"query": stepask.query(n, self.steps), "top_k": searchq.TOP_K}) for n in pair]
        whole = self._whole_step(text, history)
        if not whole and (n := stepask.inside_last(text, self.steps, _last_step(history))) and "search_knowledge_base" \
                in tools:  # "what does it output?" after a turn about one step: inside that step
            return ([("get_step_guidance", {"step": n, "topic": text[:200]})] if "get_step_guidance" in tools else []) + [
                ("search_knowledge_base", {"query": f"Step {n} {self.steps[n]} {text}"[:400], "top_k": searchq.TOP_K})]
        if whole and "search_knowledge_base" in tools:
            shown = [whole[1]] if whole[1] and stepask.asks_anchor(text) else []  # "which number is X, and after it?"
            return ([("get_step_guidance", {"step": whole[0]})] if "get_step_guidance" in tools else []) + [
                ("search_knowledge_base", {"query": stepask.query(n, self.steps), "top_k": searchq.TOP_K})
                for n in [whole[0], *shown]]
        calls: list[tuple[str, dict]] = []
        if p.audiences and (p.sizing_cue or p.followup) and "get_audience_sizing" in tools and not (
                p.calc and p.value("budget") is not None):  # "$1.2M: how many new students?" is a purchase count
            for aud, geo in p.audiences:
                calls.append(("get_audience_sizing", {"audience_type": aud, **({"geography": geo} if geo else {})}))
        metrics = agedmetric.aged(text, list(p.metrics) + list(p.metric_phrases))  # "the day-30 cohort ROAS": at that age
        metrics = arith.lookups(p, mem, metrics)
        asks_range = rangeask.asks(p, text, mem)  # any cue, read in order
        guidance = (bool(p.step or GUIDANCE.search(text)) and not RANGE_CUE.search(text) or ruleask.asks_rule(text)) and not p.calc
        if metrics and vertical and asks_range and not guidance and not DEFINITION.search(text) \
                and "get_benchmark" in tools:
            last = _as_history(history)[-1] if history else ("", [])  # "and on Quora?" after a platform's figure
            other = planplatform.other(text, last, [h[0] for h in _as_history(history)], metrics)  # in order
            each = partslots.calls(text, metrics, vertical, other, mem, _as_history(history))  # a part: its own slots
            calls += [("get_benchmark", b) for b in each or [b for v in (p.verticals if len(p.verticals) > 1 else [vertical])
                                                                for m in metrics for b in bench_inputs(v, m, text, other)]]
            if WHY.search(text) and "search_knowledge_base" in tools:
                calls.append(("search_knowledge_base", {"query": text.strip()[:500]}))
        chan_metrics = p.metrics or [m for m in p.metric_phrases if kbmetrics.says(m)] or channelfig.priced(text)  # the KB's own, too
        if chan_metrics and _channel_turn(text, p, history) and "search_knowledge_base" in tools:
            calls += [("search_knowledge_base", {"query": q, "top_k": searchq.TOP_K}) for q in channelfig.queries(text, chan_metrics)]
            hist = _as_history(history)  # no vertical named: the platform's figure for every vertical the KB lists
            calls += platformfig.calls(text, hist[-1][0] if hist else "", chan_metrics, tools, p.geographies) if not (
                vertical or guidance or p.calc) else []  # a market named: its row in a list by market
        if calls and not (p.metric_phrases and not p.metrics and {"budget", "count"} <= {n.role for n in p.numbers}):
            return parts.with_searches(text, calls, tools)  # the cost of one's own spend and count: the KB's rules too
        if p.calc and arith.calculation(p, mem, {}) is not None:  # arithmetic on numbers given: nothing to look up
            return quotedfig.calls(text, p, vertical, tools)  # but the row of a figure said to be the KB's
        if p.sizing_cue and not p.calc and "get_audience_sizing" in tools and not sizing.counts_things(text) and (
                re.search(r"\bhow (?:many|big|large)\b", text, re.I) or (p.geographies and HEADCOUNT.search(text))
                or sizing.SIZE_OF_PEOPLE.search(text)):
            calls += [("get_audience_sizing", {"audience_type": sizing.audience_phrase(text, p.geographies), **({"geography": g} if g else {})})
                      for g in p.geographies or [None]]  # each place asked about: "in Chicago, and nationwide"
        if (step := p.step or stepnamed.step(text, self.steps)) and "get_step_guidance" in tools:  # "the seventh step", too
            topic = _step_topic(text)
            calls.append(("get_step_guidance", {"step": step, **({"topic": topic} if topic else {})}))
        if "search_knowledge_base" in tools:
            calls += [("search_knowledge_base", {"query": q, "top_k": searchq.TOP_K}) for q in (
                [] if chan_metrics else sidebyside.queries(text)) + searchq.form(text, previous).queries + sectionreads.queries(text, searchq.form(text, previous).focus, history, previous)]  # each side, then all
        return parts.with_searches(text, calls + terseaudience.calls(text, p, tools) + affordask.calls(text, p, tools) + partshare.calls(text, tools) + platformkind.calls(text, tools), tools)  # each part no tool answers: its own search; a bare audience sized

    # Tool results → answer ----------------------------------------------------------------
    def answer(self, text: str, history: list, outcomes: list[ToolOutcome], previous: tuple | None = None) -> str:
        p, mem = turnread.read(self, text, _as_history(history), previous, _understood)  # once per turn; "our" after a comparison
        stmt = compose.statement(text)
        if scope.chat(text, p.smalltalk) and not outcomes or scene.only(text, p, previous):  # a scene: searched, for
            return compose.smalltalk_reply(text, getattr(self, "steps_said", None)) if scope.chat(text, p.smalltalk) else scene.REPLY  # the turns after
        if not outcomes and (what := scope.outside(text)):
            return scope.decline(what)
        if not outcomes and othersown.asks(text):  # "what is our closest rival spending?"
            return compose.abstain([(othersown.WHAT, "")], [])
        if not outcomes and madeup.asks(text):  # "just make up a number for my report": no figure is invented
            return compose.abstain([(madeup.WHAT, "")], [])
        if outcomes and (scope.other_trade(text, outcomes) or offtopic.said(text)):  # or one the user calls off topic  # "… how do I file my quarterly taxes?": no path answers it
            return compose.abstain([("information that answers this question", "")], [])
        if outcomes and (gone := absentsubject.subject(text)):  # "what's Shopify's fee?": a thing no page of the KB speaks of
            return compose.abstain([(f"anything on {gone}", "")], [])
        w = _formula(text, history, mem, previous)
        if w is not None and (need := planmath.missing(w)):
            return compose.ask_for(need)
        if (w is not None or (planmath.adjusted(text, "multiply by 1") and p.numbers and not p.metrics)) and outcomes:
            return worked.answer(text, previous, outcomes, w, self.max_sentences, p.vertical or mem.vertical, [o for h in _as_history(history) for o in h[1]])
        if stmt is None and not outcomes:
            ask = clarify.clarification(p, mem, [h[0] for h in history])
            if ask:
                return ask
        outcomes = terseaudience.kept(text, p, platformretry.kept(placeretry.superseded(routeretry.superseded(quotedfig.kept(text, p, outcomes), text))))  # the rows holding a quoted figure; no miss a retry found
        paras: list[str] = []
        misses: list[tuple[str, str]] = []
        bench: dict[str, dict] = {}
        stale = {id(o): compose.other_period(o, text) or uncovered.miss(o) for o in outcomes
             if o.name == "get_benchmark" and o.found}  # an earlier year; a business the tables do not cover
        misses += [m for m in stale.values() if m]
        outcomes = [o for o in outcomes if not stale.get(id(o))]
        every, outcomes = outcomes, [o for o in outcomes if not platformfig.asked(o)]  # by platform alone: read below
        lack = platformfig.lacking(every)  # platforms asked alone whose list holds no figure
        misses += [compose.miss(o) for o in lack]
        for o in outcomes:
            if o.name == "get_benchmark":
                if o.found:
                    b = compose.bench_fields(o, text)
                    bench[b["metric"]] = b
                    bench.setdefault(o.input.get("metric", ""), b)
                elif not o.is_error:
                    misses.append(compose.miss(o))
        chan_metrics = p.metrics or [m for m in p.metric_phrases if kbmetrics.says(m)] or channelfig.priced(text)  # the KB's own, too
        chan = channelfig.paragraph(text, chan_metrics, merge_passages(
            [o for o in outcomes if o.name in _RETRIEVAL and o.found])) if chan_metrics and _channel_turn(
            text, p, history) and not changedmetric.reported(text) else None  # "CPMs jumped 30%": the move is asked
        chan = quotedreach.beside(text, ownfigure.beside_quote(text, chan or platformfig.paragraph(every, text)))  # and the user's figure beside it
        if chan:  # the platform's own figure answers; a vertical without a table is no gap
            paras.append(chan)
            misses = []
        elif ask := businessask.after_platform_miss(p, mem, every):  # no figure by platform at all: whose business?
            return ask
        calc_para = userfigures.calculation(text, p, mem, bench, previous, outcomes)  # in order
        if calc_para:
            paras.append(calc_para)
        shown = set()
        own = arith.own_figures(p, mem)
        for o in outcomes:
            if o.name == "get_benchmark" and o.found:
                b = compose.bench_fields(o, text)
                seen = (b["id"], b["metric"], tuple(b["facts"]))  # one passage may list each platform asked for
                if seen in shown:
                    continue
                shown.add(seen)
                mine, what = None, ""
                if not p.calc:
                    mine = compose.users_figure(p.numbers, p.metrics, b)
                    if stmt and stmt[0] == "known":
                        mine = p.numbers[0].value if p.numbers else None
                        what = re.sub(r"\s+in (?:dollars|usd)\b", "", stmt[1], flags=re.I)
                key = b["metric"] if b["metric"] in own else o.input.get("metric", "")
                if key in own:
                    mine, what = own[key], key
                paras.append(compose.benchmark_para(b, mine, what))
            elif o.name == "get_audience_sizing":
                if o.found:
                    paras.append(compose.audience_para(o))
                elif not o.is_error and not calc_para:  # a count worked out answers "how many"; no size was asked
                    misses.append(compose.miss(o))
        ranked = followup.unsaid(_own_business(sizing.not_about_others(outcomes, merge_passages(
            [o for o in outcomes if o.name in _RETRIEVAL and o.found])),
                                               p.vertical or mem.vertical), text, previous)  # not what was just quoted
        searched = any(o.name in _RETRIEVAL for o in outcomes)
        whole = self._whole_step(text, history)  # (read once: the three asks below are one)
        if (n := stepask.inside_last(text, self.steps, _last_step(history))) and not whole:
            ranked = stepask.of_step(n, ranked, outcomes) or ranked  # "what does it output?": that step's passages
        elif (n := stepnamed.step(text, self.steps)) and not whole:
            ranked = stepnamed.of_step(n, ranked) or ranked  # "what do I do in leg 5?": no overview naming every step
        if whole and ranked and not paras and (para := stepask.summary(whole[0], self.steps, whole, ranked, self.max_sentences, outcomes,
                                                                         stepask.asks_anchor(text), stepask.by_topic(text))):
            paras.append(para)
        if self._all_steps(text) and ranked and not paras and (para := steprange.listing(text, self.steps, ranked)):
            paras.append(para)
        if (pair := steporder.compared_steps(text, self.steps)) and ranked and not paras and (
                para := steporder.order_answer(pair, self.steps, ranked)):
            paras.append(para)
        if (kind := coverage.asked_kind(text)) and ranked and not paras and (para := coverage.listing(kind, ranked)):
            paras.append(para)
        if ranked and not paras and platformfig.quotable(lack, ranked):  # not another
            tq = searchq.form(text, previous)  # platform's figure in its place
            para = extract(stmt[1] if stmt else verdicttag.untagged(tq.focus), ranked, self.max_sentences, context=tq.topic, names=tq.names,
                           budget_said=bands.referred(text, mem.facts.get("budget"), mem.budget_period), said=(previous or ('', ''))[1])
            whose = " ".join(filter(None, (mem.vertical, mem.business)))  # the business the conversation is about
            para = captionlists.chosen(text, para, ranked, whose) or para  # "… for consumer apps": the list under that caption
            para = alternatives.other_side(text, para, ranked, self.max_sentences) or para  # "by city or by region?": both
            para = userfigures.ruled(text, para, ranked, previous, p.calc, stmt, whose, merge_passages([  # a rule the KB states, on
                o for h in _as_history(history)[-3:] for o in h[-1] if o.name in _RETRIEVAL and o.found]))  # the user's figures
            named = stepask.named_in_answer(text, para, ranked, getattr(self, "steps", {})) if para else None
            para = f"{named} {para}" if named else para or stepnamed.section(text, self.steps, ranked, self.max_sentences, outcomes)
            if para and platformfig.own_quote(para, lack):  # a platform lacking a list's figure: only its own words
                paras.append(para)
                listed = [compose.miss(o) for o in lack]  # (its figure said in prose: no list's miss)
                misses = [m for m in misses if (not m[0].startswith("a size for") or sizing.elsewhere(m, para))
                          and not compose.stated_in(m, para) and m not in listed]
        if not chan and not chan_metrics and (side := sidebyside.paragraph(text, outcomes)):  # "Google Ads vs Meta": each
            paras = sidebyside.merged(text, side, paras)  # side, then what the reader quoted when it is no side's section
        elif not chan and not calc_para and (row := rowprice.bought(text, merge_passages(  # "what does $3,000 buy on X?":
                [o for o in outcomes if o.name in _RETRIEVAL and o.found]), bands.budget_of(text))):  # its row, worked
            paras = rowprice.first(row, paras)
        elif not chan and not calc_para and (ask := resultask.which(text, p, bands.budget_of(text))):
            return ask  # "what does $8,000 buy for a dental practice?": no result named, no row of the business priced
        more, missed = parts.answer(text, paras, outcomes, (mem.facts["budget"], mem.budget_period) if mem.facts.get(
            "budget") else None, self.max_sentences)  # every part of the question answered, or named as not
        paras, misses = paras + more, misses + missed
        if searched and not paras and not stmt:
            misses.append(("information that answers this question", ""))
        errors = [o for o in outcomes if o.is_error]
        if stmt is not None:
            return "\n\n".join([compose.acknowledge(stmt)] + (
                paras or [compose.NO_DATA_YET if stmt[0] == "unknown" else ""])).strip()
        paras = declfirst.kept(text, paras, misses, every)  # a business with no table: no other business's figure
        if (asked := None if calc_para else unpriced.ask(p, mem, misses)) or not paras:  # a quote is no price of one
            return asked or compose.abstain(misses, errors)  # the user's own price of one asked, with the decline
        paras = declfirst.placed(text, paras, misses, outcomes)  # and its decline said first
        return declfirst.reviewed(text, every, gaps.review(text, "\n\n".join([v for v in [verdict.line(text, outcomes)] if v] + paras), every, bool(p.metrics or p.metric_phrases or chan_metrics or (
            bench and platformfig.platforms(text))) and not ruleask.asks_rule(text) and not changedmetric.reported(text), p.vertical or (None if p.industry_phrase or (  # a working's platform, too
                p.business_phrase and not p.business_refers_back) or declined.in_general(text) else mem.vertical), unnamed=businessask.unnamed(p, mem)))  # a business named now, not the last turn's


def _channel_turn(text: str, p: Parsed, history: list) -> bool:
    """A platform or channel is named here, or in the question this follow-up continues ("vs X?")."""
    hist = _as_history(history)
    if p.industry_phrase:  # an industry the KB says it does not cover: no channel figure stands in for it
        return False
    return channelfig.named(text) or (bool(hist) and channelfig.named(hist[-1][0]) and (
        p.followup or channelfig.echoed(text, hist[-1][0])))  # "… host-read podcast ads …" then "host-read spots?"


def _formula(text: str, history: list, mem: Memory, previous: tuple | None = None) -> planmath.Work | None:
    """The planner's formula this message asks for (the previous question may have asked it)."""
    hist, cost = _as_history(history), rangeend.pointed(text, mem) or cacback.cost(text, mem)  # a range end pointed at; the user's CAC
    return splitback.formula(text, hist[-1][0] if hist else "", (previous or ("", ""))[1], mem.facts.get("budget"), mem.budget_period) or cacback.shown(formulas.work(text, hist[-1][0] if hist else "", mem.facts.get("budget"), (previous or ("", ""))[1], (
        mem.facts.get("budget"), mem.budget_period) if mem.last_kind != "calc" else None, mem.facts.get("LTV"), mem.sizes, cost), cost, mem)  # not the budget a count used; first, a split said before (or now) in dollars of the budget's period asked


_own_business = businessdocs.kept  # (tests import it from here)


def _as_history(history: list) -> list[tuple[str, list[ToolOutcome]]]:
    """Accept plain earlier user texts (older callers) or (text, outcomes) pairs."""
    return [(h, []) if isinstance(h, str) else h for h in history]


def _last_step(history: list | None) -> int | None:
    return stepask.last_looked_up(hist[-1][1]) if (hist := _as_history(history or [])) else None


def _step_topic(text: str) -> str:
    t = re.sub(r"(?i)\b(what|does|do|say|says|about|recommend|recommends|the|for|a|an|in|of|how|should|we|i)\b", " ", STEP.sub(" ", text))
    return " ".join(re.sub(r"[?.!,]", " ", t).split())[:200]
