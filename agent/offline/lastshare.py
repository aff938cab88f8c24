"""The share of a budget the last answer quoted, turned into money once the user gives the budget: "keep 5%–10% of
the total budget uncommitted" then "the whole spring budget is $48k so what is that in actual dollars".

Why a module: the rules that apply a KB share to a budget read this turn's passages; here the share was quoted a turn
earlier and this turn's search (by the user's words, which name no rule) may find anything. The user's message gives
one amount and asks for "that" in money; the percentage (or both ends of a range) said of a budget, spend or total in
the last answer's quoted text is applied to it, cited where it was quoted.
"""
from __future__ import annotations

import re

from agent.offline import partshare
from agent.offline.numbers import digits, money, parse_numbers, plain

_ASKS = partshare.ASKS  # "what's that in actual dollars", "how much is that"
_SHARE = re.compile(r"(?P<a>\d+(?:\.\d+)?)%?\s*(?:–|-|to)\s*(?P<b>\d+(?:\.\d+)?)%|(?P<c>\d+(?:\.\d+)?)%")
_OF_BUDGET = re.compile(r"^[^.;]{0,12}\bof (?:the |your |a |its )?(?:total |whole |overall |monthly |annual |media |planned )?"
                        r"(?:budget|spend|plan|total)\b", re.I)
_CITED = re.compile(r"\[([\w.-]+#\d+)\]")
_WORK = re.compile(r"\n\s*(?:Working:|Here is the calculation:|From your figures:)")


def _quoted_share(answer: str) -> tuple[list[float], str, str, str] | None:
    """(the share's ends as fractions, the share as written, the chunk that said it, the sentence that says it) from
    the last answer's quoted text."""
    quoted = _WORK.split(answer)[0]
    for para in quoted.split("\n\n"):
        cite = _CITED.search(para)
        body = _CITED.sub("", para.split("]:", 1)[-1] if "]:" in para else para).strip()
        for sent in re.split(r"(?<=[.;])\s+", body):
            for m in _SHARE.finditer(sent):
                if _OF_BUDGET.match(sent[m.end():]):
                    ends = [float(m["a"]), float(m["b"])] if m["a"] else [float(m["c"])]
                    if all(0 < e < 100 for e in ends):
                        return [e / 100 for e in ends], m.group(0) + " " + " ".join(sent[m.end():].split()[:6]).rstrip(".,;"), \
                            cite.group(1) if cite else "", sent.strip()
    return None


def working(text: str, last_answer: str, earlier: list[str] = ()) -> str:
    """The quoted share of the user's amount, in money ("" when the message asks no such thing). The parts a split
    names may have been quoted before the last answer (``earlier`` answers, oldest first: the split asked again
    after other turns, "redo the search and social dollars")."""
    t = digits(text)
    if not _ASKS.search(t) or not last_answer:
        return ""
    nums = parse_numbers(t)
    sums = re.search(r"\b(?:budget|spend|spending|dollars|bucks|grand)\b|\d\s*k\b", t, re.I)  # "our budget is 120k"
    cash = [n for n in nums if not n.pct and (n.money or sums)]
    for quoted in [last_answer, *reversed(earlier[-6:])] if len(cash) == 1 and not any(n.pct for n in nums) else []:
        if parts := partshare.lines(t, cash[0].value, quoted):
            return "Working:\n" + "\n".join(parts)  # "… for search and for social": each part named, at its own share
    if len(cash) != 1 or any(n.pct for n in nums) or (got := _quoted_share(last_answer)) is None:
        return ""
    ends, said, cite, sentence = got
    amount = cash[0].value
    lead = f"Based on Knowledge Base [{cite}]: {sentence}" if cite else f"As quoted: {sentence}"  # the rule, cited once
    where = f" [{cite}]" if cite else ""  # each line cited with the rule's own words (a line never ends in a bare
    lines = [f"- {money(amount)} × {plain(round(e * 100, 2))}% = {money(round(amount * e, 2))}"  # figure: the next line's
             + (f" — {'low' if i == 0 else 'high'} end of {said}" if len(ends) == 2 else f" — {said}") + where  # bullet
             for i, e in enumerate(ends)]  # would read as a minus)
    return f"{lead}\n\nWorking:\n" + "\n".join(lines)


def amend(text: str, said: list[str], answer: str, outcomes: list = ()) -> str:
    """``answer`` with the quoted share of the user's amount first, unless the answer already works it; the parts'
    split read from the last answers, this one, else the passage searched for it (:func:`partshare.searched`)."""
    work = working(text, said[-1] if said else "", [partshare.searched(outcomes), *said[:-1], answer])  # (this turn's quote next)
    if not work:
        return answer
    first = re.search(r"= (\$[\d,.]+)", work.split("Working:")[-1])
    if first and first.group(1) in answer:
        return answer
    return f"{work}\n\n{answer}" if answer.strip() else work
