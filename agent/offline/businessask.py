"""Whose business? Asked when it decides the figure; the reply answers the question it was asked for.

Why: a figure the knowledge base states per business ("what's a typical CTR?", "is a $3 CPC normal?"), asked
where no business has been named in the conversation, has as many answers as the KB has businesses. Searched as
it stands, it found some business's passage (kb/'s retail table quoted as "the" CTR) or none (declined on a KB
whose figures are in per-business lists, although it holds them). :func:`needed` asks the one question that
decides it (:data:`BUSINESS_Q`) — only for a metric the benchmark tool declares for two or more businesses
("Figures by business in this knowledge base: …", :func:`agent.offline.kbmetrics.by_business`), and not when a
platform or channel is named (its own figures answer), nor for a definition, a rule or a calculation. When the
search did quote another business's figure anyway, :func:`agent.offline.gaps.review` ends with the same question.
The reply ("we sell furniture online", "a dental practice", "B2B software") names a business and asks nothing;
searched as it stands it finds nothing to answer. It answers the question asked back, so the turn is the last question with that business in it — as a
budget given after "what is your budget?" completes the calculation it was asked for.
"""
from __future__ import annotations

import re

from agent.offline import channelfig, kbmetrics, platformfig, ruleask
from agent.offline.asking import asks_anything
from agent.offline.gaps import BUSINESS_Q
from agent.offline.parse import DEFINITION, EVALUATE, GUIDANCE, RANGE_CUE, parse
from mpa.vocabulary import VOCABULARY, term_pattern


# what a bare figure question says besides its metric: function words, the asking of a figure and its judgement
_ASKING = frozenset("""a an the is are was be do does should would could will can what what's whats how much many
which i we my our us me you your it its this that for to of on in at per about around roughly usually typically
typical normal normally average usual good ok okay fine bad decent reasonable healthy acceptable any expect expected
plan planning benchmark benchmarks range ranges rate rates cost costs pay paying charge go for too high low steep
expensive cheap overpaying underpaying line number figure figures right now these days so and or hi hey quick
question bucks dollars dollar cents usd eur euros pounds k grand thousand""".split())
_WORD = re.compile(r"[a-z][a-z']*")


def bare(p) -> bool:
    """Does the message say nothing but the metric, its asking and the user's own figure of it? A channel, a format,
    a company, a place or a year said ("print magazine ads", "Peloton's", "in Canada", "last year") is a subject the
    search answers or declines by itself."""
    text = p.text.lower()
    for key in p.metrics:
        text = term_pattern(tuple([key, *VOCABULARY["metrics"].get(key, [])])).sub(" ", text)
    for phrase in p.metric_phrases:  # the KB's own, as said ("the sibling enrollment rate")
        text = term_pattern((phrase.lower(),)).sub(" ", text)
    return not [w for w in _WORD.findall(text) if w not in _ASKING]


def unnamed(p, mem) -> bool:
    """Has nobody named a business — in this message (parsed ``p``) or the conversation (``mem``) — and does the
    message say nothing but a metric and the asking of its figure (:func:`bare`)?"""
    return not (p.vertical or p.verticals or p.industry_phrase or p.business_phrase or p.business_refers_back
                or mem.vertical or mem.business) and bare(p)


def _figure_alone(p, in_words: bool = False) -> bool:
    """Does the message ask a figure of its metric and nothing else a search or a rule would answer: no definition,
    rule, calculation, step or audience, no platform or channel, no number but the user's own figure of it?
    ``in_words``: the metric is the KB's own, named in words — itself the figure asked ("what's the sibling
    enrollment rate?", :func:`agent.offline.rangeask.asks`), with no word of range or judgement needed."""
    text = p.text
    if not (RANGE_CUE.search(text) or EVALUATE.search(text) or in_words) or DEFINITION.search(text) or GUIDANCE.search(text) \
            or ruleask.asks_rule(text) or p.calc or p.step or p.audiences:
        return False
    if platformfig.platforms(text) or channelfig.named(text):
        return False
    return all((n.role or "").startswith("price:") or n.role == "pct" and len(p.metrics) == 1 for n in p.numbers)


def needed(p, mem) -> str | None:
    """The question asking whose business it is, when the turn (parsed ``p``; the conversation's ``mem``) asks a
    figure the KB states per business and nobody has said the business; else None."""
    if not p.metrics or not unnamed(p, mem) or not set(p.metrics) <= kbmetrics.by_business() or not _figure_alone(p):
        return None
    return f"The knowledge base states {' and '.join(p.metrics)} figures business by business. {BUSINESS_Q}"


def after_platform_miss(p, mem, outcomes: list) -> str | None:
    """The question asking whose business it is, when a platform's figure was asked with no business named and the KB
    states no figure by platform at all (the tool says so) but states the metric business by business ("What does a click cost on
    Google Ads?" on a KB whose CPC table is per business): the business decides the figure there; else None."""
    named = p.vertical or p.verticals or p.industry_phrase or p.business_phrase or p.business_refers_back or mem.vertical \
        or mem.business
    if named or not p.metrics or not set(p.metrics) <= kbmetrics.by_business() or p.calc or p.step or p.audiences \
            or p.numbers or DEFINITION.search(p.text) or GUIDANCE.search(p.text) or ruleask.asks_rule(p.text):
        return None
    missed = [o for o in outcomes if o.name == "get_benchmark" and o.input.get("platform") and not o.input.get("vertical")
              and not o.found and not o.is_error and "no figures by platform" in o.content]  # (a KB whose figures are
    # by platform and lacks this one has no figure for any business: its decline stands)
    if not missed or any(o.found for o in outcomes if o.name == "get_benchmark"):
        return None
    metrics = " and ".join(p.metrics)
    return (f"The knowledge base has no {metrics} figure for {missed[0].input['platform']} on its own; it states "
            f"{metrics} figures business by business. {BUSINESS_Q}")


def sole(p, mem) -> str | None:
    """The one business the KB states the figure asked for (``"CPI (gaming)"`` declared), when nobody has named one:
    with nothing to choose between, its figure is the answer ("what's a typical CPI?" on a KB that states CPI for
    mobile games alone); else None."""
    asked = p.metrics or p.metric_phrases  # "what's the sibling enrollment rate?": the KB's own, of one business
    if not asked or not unnamed(p, mem) or not _figure_alone(p, in_words=not p.metrics):
        return None
    owners = {kbmetrics.sole_business(m) for m in asked}
    return owners.pop() if len(owners) == 1 and None not in owners else None


def with_figure(need: str) -> str:
    """Both questions at once, when the user's own figure is to be judged and nobody has said the business."""
    return f"To judge it I need your {need} and your business: what is your {need}, and {BUSINESS_Q[0].lower()}{BUSINESS_Q[1:]}"


def _names_business(text: str) -> bool:
    p = parse(text)
    return bool(p.vertical or p.business_phrase or p.industry_phrase) and not p.metrics


def _asks_business(answer: str) -> bool:
    end = (answer or "").rstrip().lower()
    return end.endswith(BUSINESS_Q.lower()) or end.endswith(platformfig.NARROW_OFFER.lower())


def _reply(reply: str, question: str) -> str | None:
    """The reply as a statement of what ``question`` asked (the figure, the business), or None when it answers
    neither (a question of its own, a long message: a new turn)."""
    if asks_anything(reply) or len(reply.split()) > 12:
        return None
    reply = reply.strip().rstrip(".!")
    figure = re.search(r"what is your (.+?), and ", question)  # asked with the business (:func:`with_figure`)
    if figure and re.search(r"\d", reply) and not parse(reply).metrics:  # "$14, we're a dealer": the figure asked
        reply = f"Our {figure.group(1)} is {reply[0].lower()}{reply[1:]}"
    for said in (reply, f"We are {reply[0].lower()}{reply[1:]}"):  # "a dental practice": we are one
        if _names_business(said):
            return f"{said}."
    return f"{reply}." if figure and re.search(r"\d", reply) else None


def restated(text: str, asked: list[str], said: list[str]) -> str | None:
    """The question that was asked back about, with this message's answer (and any earlier answers to the same
    asking back) in it, when the last answer asked whose business it is; else None. ``asked`` are the conversation's
    earlier user messages, ``said`` the answers to them, in order."""
    if not said or not _asks_business(said[-1]):
        return None
    start = len(said) - 1
    while start > 0 and _asks_business(said[start - 1]):  # "$14" answered one asking back, "we sell cars" the next
        start -= 1
    out = [asked[start].strip()]
    for reply, question in zip([*asked[start + 1:], text], said[start:]):
        if (stated := _reply(reply, question)) is None:
            return None
        out.append(stated)
    return " ".join(out)
