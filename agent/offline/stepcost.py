"""What one result further down the funnel costs, from the price of the step before it and the rate between the two,
both quoted earlier in the conversation: "so at the priciest tour and the worst conversion, what is one move-in
costing us?" after "cost per in-person tour … $640-780" and "tour-to-move-in rate … 24-29%".

Why: a KB often prices an early step (a tour, a quote, a demo request) and states the step-to-step rate (tour to
move-in, quote to bind), but prices no later result; the user walks the funnel turn by turn and then asks what the
later result costs. Its identity is general — cost per later result = cost per earlier step ÷ the rate from the one
to the other — and both figures are the KB's, already quoted and cited; looking up a "cost per move-in" the KB does
not state declined an answerable question. What is read is English and the agent's own benchmark sentences: a rate
named "<a>-to-<b> rate" (or "<a> to <b> rate"), a price "cost per … <a>", the later result <b> named in the message
with a word of cost, and the ends the user names ("priciest", "top" of the price; "worst", "lowest" of the rate).
With no end named, both ends are worked (cheapest price at the best rate, dearest at the worst).
"""
from __future__ import annotations

import re

from agent.offline import kbmetrics
from agent.offline.numbers import money, plain
from agent.offline.passages import terms
from rag.anyword import any_word

# the agent's benchmark sentences: "the <label> figures are: <where>: <value> [<id>]", "the Typical <label> range is <v>"
_FIG = re.compile(r"the (?P<label>[^.:\[\]]{3,120}?) (?:figures are: (?:[^:\[\]]{0,60}: )?|range is )(?P<value>[$]?\d[\d,.]*"
                  r"(?:\s*(?:[–-]|to)\s*[$]?\d[\d,.]*)?%?)\s*(?:\[(?P<cite>[^\]]+)\])?")
_RATE = re.compile(r"\b(?P<a>[a-z][a-z-]*?)(?:-| )to(?:-| )(?P<b>[a-z][a-z-]*?)(?: conversion)? rate\b", re.I)
_COST_PER = re.compile(r"\bcost per (?P<unit>(?:[a-z-]+ ){0,2}[a-z-]+)\s*$", re.I)
_COST_ASK = any_word("cost", "costs", "costing", "run", "running", "runs", "set (?:us|me) back", "price", "pay",
                     "paying")
_DEAR = any_word("priciest", "pricey", "pricier", "dearest", "(?:most |more )?expensive", "costliest", "highest", "top", "upper", "high",
                 "max(?:imum)?", "worst")
_CHEAP = any_word("cheapest", "cheap", "cheaper", "lowest", "bottom", "low", "min(?:imum)?", "best")
# the most one may pay is the user's worth of a result, not what it costs (agent.offline.ceilingask)
_CEILING = any_word("most", "max(?:imum)?", "afford", "ceiling", "cap", "willing", "allow(?:ed|able)?")
_RATE_WORD = re.compile(r"\b(?:conversion|convert|converting|rate|share|close|closing|percent|%)", re.I)
_WORST_RATE = any_word("worst", "lowest", "bottom", "low", "weakest", "poorest", "min(?:imum)?")
_BEST_RATE = any_word("best", "highest", "top", "high", "strongest", "max(?:imum)?")


def _nums(value: str) -> list[float]:
    return [float(x.replace(",", "")) for x in re.findall(r"\d[\d,]*(?:\.\d+)?", value)]


def _said(unit: str, text: str) -> bool:
    """The message names the unit, singular or plural, hyphen or space ("move-in", "move ins") — a one-word unit by
    any form of its word ("booking" said as "a booked event")."""
    pat = r"[-\s]?".join(map(re.escape, re.split(r"[-\s]+", unit.rstrip("s"))))
    if re.search(rf"(?<![a-z]){pat}s?(?![a-z])", text, re.I):
        return True
    stem = terms(unit)
    return len(stem) == 1 and " " not in unit and "-" not in unit and stem[0] in terms(text)


def _quoted(answers: list[str]) -> tuple[tuple | None, dict]:
    """The latest step rate quoted ((a, b, lo, hi, cite, name)) and the prices per unit quoted ({unit: (lo, hi, cite, name)})."""
    rate, prices = None, {}
    for a in answers:
        for m in _FIG.finditer(a):
            label, value, cite = m.group("label"), m.group("value"), m.group("cite") or ""
            nums = _nums(value)
            if not nums or not cite:
                continue
            lo, hi = nums[0], nums[-1]
            if value.endswith("%") and (r := _RATE.search(label)):
                rate = (r.group("a").lower(), r.group("b").lower(), lo, hi, cite, r.group(0).lower())
            elif "$" in value and (c := _COST_PER.search(label)):
                prices[c.group("unit").lower()] = (lo, hi, cite, c.group(0).lower())
    return rate, prices


def _ends(text: str) -> tuple[str | None, str | None]:
    """The end of the price and of the rate the message names ("dear"/"cheap", "worst"/"best"), clause by clause."""
    price_end = rate_end = None
    for part in re.split(r"\band\b|,|;", text):
        if _RATE_WORD.search(part):
            rate_end = "worst" if _WORST_RATE.search(part) else "best" if _BEST_RATE.search(part) else rate_end
        elif _DEAR.search(part) or _CHEAP.search(part):
            price_end = "dear" if _DEAR.search(part) else "cheap"
    return price_end, rate_end


def work(text: str, answers: list[str]) -> str | None:
    """The worked cost of one later result for this message over the earlier ``answers``, or None (module doc)."""
    if not answers or not _COST_ASK.search(text) or re.search(r"\d", text) or _CEILING.search(text):
        return None
    rate, prices = _quoted(answers[-4:])
    if rate is None or not _said(rate[1], text) or _said(rate[0], text.replace(rate[1], " ")) and not _ends(text)[0]:
        return None
    a, b, rlo, rhi, rcite, rname = rate
    if kbmetrics.priced(b):  # the KB prices the later result itself: its own row answers, not a derived figure
        return None
    price = next((v for u, v in prices.items() if a.rstrip("s") in {w.rstrip("s") for w in re.split(r"[\s]+", u)}), None)
    if price is None or not rlo or not rhi:
        return None
    plo, phi, pcite, pname = price
    price_end, rate_end = _ends(text)
    pairs = []
    if price_end or rate_end:
        p = phi if (price_end or ("dear" if rate_end == "worst" else "cheap")) == "dear" else plo
        r = rlo if (rate_end or ("worst" if price_end == "dear" else "best")) == "worst" else rhi
        pairs.append((p, r, f"at the {'top' if p == phi else 'bottom'} of the {pname} and the "
                            f"{'bottom' if r == rlo else 'top'} of the {rname}"))
    else:
        pairs += [(plo, rhi, f"at the bottom of the {pname} and the top of the {rname} (the cheapest case)"),
                  (phi, rlo, f"at the top of the {pname} and the bottom of the {rname} (the dearest case)")]
    lines = [f"{money(p)} ÷ {plain(round(r / 100, 4))} = {money(round(p / (r / 100), 2))} — one {b} {why}" for p, r, why in pairs]
    cost = money(plo) + (f"-{money(phi).lstrip('$')}" if phi != plo else "")
    share = plain(rlo) + (f"-{plain(rhi)}" if rhi != rlo else "") + "%"
    return (f"One {b} costs the {pname} divided by the {rname}: every {a} that does not become a {b} is paid for too. "
            f"With the {pname} of {cost} (Based on Knowledge Base [{pcite}]) and the {rname} of {share} (Based on "
            f"Knowledge Base [{rcite}]):\n" + "\n".join(f"- {ln}" for ln in lines))
