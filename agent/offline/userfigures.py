"""The user's own figures worked through: by the calculation the turn asks, or by a rule the quoted passage states —
each chain in the order its steps take precedence.

Why a module of its own: these chains were ``or``-joined calls on long lines of :mod:`agent.offline.policy`'s answer,
so which working wins was visible only by reading them left to right. Here each order is a tuple with one reason
per entry; the first step that gives a working wins, and each is called only when every step before it gave none.
"""
from __future__ import annotations

from agent.offline import arith, capstep, carrycount, leadins, periodrule, stepcap, planmath, proserate, replay, roasrevenue, rulecalc, splitrule, userrule, worked
from agent.offline.firstof import first
from agent.offline.memory import Memory
from agent.offline.parse import Parsed
from agent.offline.toolread import merge_passages


def calculation(text: str, p: Parsed, mem: Memory, bench: dict, previous: tuple | None, outcomes: list) -> str | None:
    """The working of the figures the turn gives or carries, else None (``bench``: the looked-up figures by metric)."""
    said = (previous or ("", ""))[1]  # the last answer
    return leadins.para(first((  # a lead-in with no body is no working: the turn answers as without it
        # the arithmetic the question itself implies, with its inputs found
        lambda: leadins.para(arith.calculation(p, mem, bench)),
        # "how many of those would buy?": a looked-up rate on the count the last answer worked out
        lambda: carrycount.applied(text, said, bench, p.metrics, p.value("count"), p.unit),
        # a stated spend × the looked-up ROAS
        lambda: roasrevenue.revenue(p, bench),
        # last, a rate the KB states only in a sentence, on the count the last answer worked out
        lambda: proserate.applied(text, said, merge_passages([o for o in outcomes if o.name in worked.RETRIEVAL and o.found])),
    )))


def ruled(text: str, para: str | None, ranked: list[dict], previous: tuple | None, calc, stated, business: str = "",
          recent: list[dict] | None = None) -> str | None:
    """The reader's quote ``para`` with the rule it (or a passage ``ranked`` beside it) states applied to the user's
    figures — or the KB's worked example re-run on them, or a rule's verdict on two of them — else ``para``.
    ``calc``: the calculation the question asks (no rule then); ``stated``: the message is a statement; ``business``:
    the one the conversation is about (a split listed per case is that case's); ``recent``: the passages the last few
    turns retrieved (a split asked again on a new amount whose search missed the mix the last one found)."""
    earlier = (f"{previous[0] if previous else ''} {business}", *(previous or ("", ""))[1:])
    # a worked example that takes exactly the user's kinds of figures answers even when no quote was found
    rerun = replay.rerun(text, ranked[:6]) if not calc and not stated else None
    verdict = first((
        # two figures of one kind set against a ratio threshold the KB states
        lambda: userrule.ratio(text, ranked[:6]),
        # a per-period rule over the time passed, on a percentage said now or in the message before
        lambda: periodrule.decayed(text, (previous or ("",))[0], ranked[:6]),
    )) if not rerun and not stated else None
    para = verdict or para
    if para and not calc and not rerun and not verdict and (ask := splitrule.which_list(text, para, ranked, earlier)):
        return ask  # one split per case, and the user's case unsaid: which one, not a guess
    applied = first((
        # a multiplier the KB states, on the user's number
        lambda: rulecalc.apply(text, para, ranked) if para else None,
        # a split the KB states (or the one the user named by its numbers), on the user's budget — also when the reader
        # quoted nothing: a mix per kind of business is a table no sentence of the question's words matches
        lambda: splitrule.apply(text, para or "", ranked, earlier),
        lambda: splitrule.apply(text, "", recent, earlier) if recent else None,
    )) if not calc and not rerun and not verdict else None
    moved = first((
        # a cap on one step of change per period, on the amount the user has now
        lambda: capstep.applied(text, para),
        # a cap on one move ("no more than 20% at a time"), on the amount the user has now
        lambda: stepcap.lines(text, para),
        # a per-period rate, on a percentage measured some periods ago
        lambda: periodrule.per_period(text, para),
        # last, "N% of the budget", on the user's budget
        lambda: planmath.share_of_budget(text, para),
    )) if para and not applied and not rerun and not verdict else []
    applied = applied or ("Applied to your figure: " + "; ".join(moved) + "." if moved else None)
    if applied and para and "%" not in para and splitrule.of_case(applied):
        para = None  # the mix of the user's kind of business, found beside a quote stating no share: the mix answers
    para = f"{para} {applied}" if applied and para else applied or para
    if rerun:  # the KB's worked example, on the user's figures (before a share read off the example)
        para = replay.answer(para or "", *rerun)
    return para
