"""The rate of the user's own events out of what they sent or showed: "we emailed 22,000 and 30 marked it as spam, is
that too many", "mailed 40k, 212 people unsubscribed — is that bad?", "the page had 9,300 visitors and 160 signed up".

Why a module: a threshold the KB states as a percentage (a complaint line, an unsubscribe ceiling, a bounce limit)
is judged on a rate the user never says: they give the two counts. The rate is the smaller count over the larger
(× 100, in percent), named by what was counted; the percentages the last answer stated are where the user's line
is, so the rate is set beside each of them. Asked only when the message asks (a question, "over the line", "too
high", "is that ok"); a count of people reached or a budget is no base.
"""
from __future__ import annotations

import re

from agent.offline.numbers import digits, parse_numbers, plain

# the base: what was sent, delivered, shown or visited
_BASE = re.compile(r"\b(?:sent|send|delivered|mailed|emailed|texted|dropped|served|showed|shown|pushed)\s+(?:out\s+)?"
                   r"(?:about\s+|around\s+|roughly\s+|like\s+|maybe\s+|over\s+|just over\s+|nearly\s+)?$", re.I)
_BASE_NOUN = re.compile(r"(?:visitors|visits|sessions|recipients|emails|messages|texts|pieces|impressions)\b", re.I)
# the events: what some of them did
_EVENTS = re.compile(r"^\s*(?:(?:spam|new|email)\s+)?(complaints|unsubscribes|unsubs|bounces|opt[- ]outs|replies|"
                     r"clicks|signups|sign-ups|orders|returns|opens|reports)\b|"
                     r"^\s*(?:people|of them|folks|users|recipients)?\s*(complained|unsubscribed|bounced|opted out|replied|"
                     r"clicked|signed up|ordered|opened|reported)", re.I)
_ASKS = re.compile(r"\?|\b(?:over|under|above|below|past|within)\s+(?:the\s+)?(?:line|limit|threshold|cap|bar)\b|\btoo (?:high|many|much)\b|"
                   r"\b(?:is|are) (?:that|this|it|we) (?:ok|okay|bad|fine|good|safe|high|normal)\b|\bwhat(?:'s| is) (?:the|our|that) rate\b",
                   re.I)
_SINGULAR = {"complaints": "complaint", "unsubscribes": "unsubscribe", "unsubs": "unsubscribe", "bounces": "bounce",
             "replies": "reply", "clicks": "click", "signups": "sign-up", "sign-ups": "sign-up", "orders": "order",
             "returns": "return", "opens": "open", "reports": "report", "complained": "complaint",
             "unsubscribed": "unsubscribe", "bounced": "bounce", "opted out": "opt-out", "replied": "reply",
             "clicked": "click", "signed up": "sign-up", "ordered": "order", "opened": "open", "reported": "report"}


def rate(text: str) -> tuple[float, float, float, str] | None:
    """(events, base, rate in percent, what was counted) the message states, else None."""
    t = digits(text)
    if not _ASKS.search(t):
        return None
    nums = [n for n in parse_numbers(t) if not n.money and not n.pct]
    base = [n for n in nums if _BASE.search(t[max(0, n.start - 25):n.start]) or _BASE_NOUN.match(t[n.end:n.end + 15].strip())]
    events = [(n, m.group(1) or m.group(2)) for n in nums if (m := _EVENTS.match(t[n.end:n.end + 30]))]
    if len(base) != 1 or len(events) != 1 or events[0][0] is base[0] or not base[0].value:
        return None
    ev, word = events[0]
    if ev.value >= base[0].value:
        return None
    return ev.value, base[0].value, ev.value / base[0].value * 100, _SINGULAR.get(word.lower(), word.lower())


def _pct(v: float) -> str:
    return f"{v:.3f}".rstrip("0").rstrip(".") if v < 1 else f"{v:.2f}".rstrip("0").rstrip(".")


def _lines_for(what: str, quoted: str) -> tuple[list[float], str]:
    """The percentages the quoted text states in sentences naming what was counted (its working left out), and the
    passage they were quoted from; ([], "") when none."""
    stem = what.split("-")[0][:6].lower()
    quoted = re.split(r"\n\s*(?:Working:|Here is the calculation:|From your figures:)", quoted)[0]
    for para in quoted.split("\n\n"):
        said = [s for s in re.split(r"(?<=[.;:])\s+", para) if stem in s.lower()]
        got = sorted({float(x) for s in said for x in re.findall(r"(?<![\d.])(\d+(?:\.\d+)?)\s?%", s) if 0 < float(x) < 100})
        if got:
            cite = re.search(r"\[([\w.-]+#\d+)\]", para)
            return got, cite.group(1) if cite else ""
    return [], ""


def working(text: str, last_answer: str = "", answer: str = "") -> str:
    """The rate's working and where it sits beside the percentages this answer (else the last one) states for
    what was counted ("" when none asked)."""
    got = rate(text)
    if got is None:
        return ""
    ev, base, r, what = got
    line = f"- {plain(ev)} ÷ {plain(base)} × 100 ≈ {_pct(r)} — your {what} rate, in percent ({_pct(r)}%)"  # "× 100": no "%" on its result
    lines, cite = _lines_for(what, answer) or _lines_for(what, last_answer)
    beside = [f"{'above' if r > x else 'below' if r < x else 'at'} {_pct(x)}%" for x in lines[:4]]
    tail = f"\n\nThat is {', and '.join(beside)}, the {what} rates quoted{f' [{cite}]' if cite else ''}." if beside else ""
    return "Working:\n" + line + tail


def amend(text: str, said: list[str], answer: str) -> str:
    """``answer`` with the rate's working after it, unless the answer already states it."""
    work = working(text, said[-1] if said else "", answer)
    if not work or (m := re.search(r"\(([\d.]+)%\)", work)) and m.group(1) + "%" in answer:
        return answer
    return f"{answer}\n\n{work}" if answer.strip() else work
