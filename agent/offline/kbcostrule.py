"""The knowledge base's own rule for the most to pay per result, read from its text: its inputs asked for in its
words, and worked on the user's figures.

Why: :func:`agent.offline.planmath.allowable` works one rule — a customer's value ÷ a target LTV:CAC ratio — and
asks for those two inputs. A knowledge base may set its ceiling another way and say so in one sentence:
"the allowable cost per lead is gross profit times close rate, times 0.5", "the break-even acquisition cost is
average first-year gross profit per customer; the target acquisition cost is usually set at 60-70% of break-even",
"the ceiling is the twelve-month contribution per customer; the planning target is 50-65% of that ceiling". On
such a KB, asking for an LTV:CAC ratio asks for a number its rule never uses. Here the rule is read from the KB the
tools serve (:mod:`~agent.offline.servedkb`) as English: a subject naming a ceiling on cost (allowable, break-even,
ceiling, maximum …), a copula ("is", "=", a definition's colon), and a formula — named inputs multiplied together
with any constant factor, or one value per customer — with an optional share of it ("N–M% of break-even / that
ceiling"). The inputs are the KB's own words; a rate input takes the user's percentage, the others their money.
A KB whose rule divides a value by a target ratio is left to the ratio formula (kb/'s), as is one stating none.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from agent.offline import ceilingask, ceilingneed, closerate, rangeend, servedkb
from agent.offline.numbers import digits, money, parse_numbers, plain
from agent.offline.passages import sentences
from rag.anyword import any_word

# a ceiling on cost named as a rule's subject ("the allowable cost per lead", "the break-even acquisition cost",
# "the ceiling", "Allowable cost per lead - The most a plan may pay for a lead:")
_CEILING = any_word("allowable", "break-?even", "ceiling", r"max(?:imum)?", r"most\b[^.;:]{0,30}\bpay")
_COPULA = re.compile(r"\s(?:is|equals|=)\s+(?:set (?:at|to|as) )?|:\s+|\s+-\s+", re.I)
_TIMES = re.compile(r"\s*,?\s*(?:then\s+)?(?:times|×|multiplied by)\s+|\s+x\s+(?=[a-z])")  # "margin x media share"
_ARTICLE = re.compile(r"^(?:the|a|an|your|their|its|our)\s+", re.I)
_TAIL = re.compile(r"\s+(?:for|to|so|which|that|because|before|when|and then)\b.*$|\s*\(.*$", re.I)
_VALUE = any_word("profit", "contribution", "margin", "value", "worth", "revenue", "ltv")
_RATE = any_word("rate", "share", r"percent(?:age)?")
_RATIO_RULE = re.compile(r"(?:÷|divided by|over)\s+(?:the\s+|a\s+|your\s+)?(?:target\s+)?[\w:]*\s*ratio\b", re.I)
# a share of the ceiling set as the target: "the target acquisition cost is usually set at 60-70% of break-even"
_SHARE = re.compile(r"(?P<subj>[A-Za-z][\w\s-]{0,40}?)\s+(?:is|sits)\s+(?:usually |typically |often |generally )?"
                    r"(?:set )?(?:at |to )?(?P<a>\d+(?:\.\d+)?)%?\s*(?:-|–|to)\s*(?P<b>\d+(?:\.\d+)?)%\s+of\s+"
                    r"(?:the |that |this |its )?(?P<of>[\w-]+)", re.I)
_FACTOR = re.compile(r"^(?:[a-z-]+ )?(?:(?:factor|multiplier) of )?\d+(?:\.\d+)?$", re.I)  # "0.5", "safety factor of 0.5"


@dataclass(frozen=True)
class Rule:
    """One cost-ceiling rule the KB states: its subject, inputs (its words), constant factor and target share."""
    sentence: str
    subject: str
    inputs: tuple[str, ...]
    factor: float = 1.0
    share: tuple[float, ...] = ()   # the target's ends, in percent of the ceiling ("60-70% of break-even")
    target: str = ""                # what the share is called ("target acquisition cost")
    rate_range: tuple[float, ...] = ()  # the ends the KB gives its rate input, beside the rule ("from 10 through 25 percent")

    def rate_input(self) -> str | None:
        return next((i for i in self.inputs if _RATE.search(i)), None)

    def value_input(self) -> str | None:
        return next((i for i in self.inputs if not _RATE.search(i)), None)


def _clean(term: str) -> str:
    return _ARTICLE.sub("", _TAIL.sub("", " ".join(term.split()).strip(" ,.;"))).strip()


def _number(term: str) -> float | None:
    m = re.search(r"(?<![\w.])(\d+(?:\.\d+)?)(?![\w%])", term)
    return float(m.group(1)) if m else None


def read_clause(clause: str, rest: str = "") -> Rule | None:
    """The rule one clause states (``rest``: the clauses after it, where a target share may follow), or None."""
    for m in reversed(list(_COPULA.finditer(clause))):  # the last copula after a ceiling: a definition's "X - the most …: …"
        subject, formula = clause[:m.start()], clause[m.end():]
        if not _CEILING.search(subject) or _RATIO_RULE.search(formula):
            continue
        parts = _TIMES.split(formula)
        inputs, factor = [], 1.0
        for part in parts:
            n = _number(part)
            if n is not None and len(parts) > 1 and _FACTOR.match(_clean(part)):
                factor *= n  # "times 0.5 for a safety margin", "times a safety factor of 0.5"
            elif (name := _clean(part)) and n is None and len(name.split()) <= 7:
                inputs.append(name)
            else:
                return None
        product = len(parts) > 1 and inputs
        single = len(inputs) == 1 and _VALUE.search(inputs[0]) and re.search(r"\bper [a-z]", inputs[0], re.I)
        if not (product or single):
            continue
        share = _SHARE.search(rest)
        ends = (float(share.group("a")), float(share.group("b"))) if share and share.group("of").lower()[:5] in \
            _clean(subject).lower() else ()
        return Rule(clause.strip(), _subject(subject), tuple(inputs), factor, ends,
                    _clean(share.group("subj")) if ends else "")
    return None


def _subject(subject: str) -> str:
    """The rule's subject in its words: "allowable cost per lead" (a definition's head before " - ")."""
    s = re.split(r"\s+-\s+|:\s+", subject)[0]
    s = re.sub(r"^.*?\b(?=(?:the |an? )?(?:allowable|break-?even|ceiling|max(?:imum)?)\b)", "", s, flags=re.I)
    return _clean(s).lower()


@lru_cache(maxsize=servedkb.PER_KB)
def _rules(folder: str | None) -> tuple[Rule, ...]:
    if folder is None:
        return ()
    found: list[Rule] = []
    ratio = False
    for doc in sorted(servedkb.documents(folder), key=lambda d: d.source):
        paras = re.split(r"\n\s*\n", doc.text)
        for k, para in enumerate(paras):
            if not _CEILING.search(para):  # (most paragraphs name no ceiling: not split into sentences)
                continue
            for sent in sentences(" ".join(para.split())) + _formula_lines(para):
                if _CEILING.search(sent) and _RATIO_RULE.search(sent) and re.search(r"\b(?:cac|cpa|cost)\b", sent, re.I):
                    ratio = True  # the value ÷ a target ratio: the ratio formula's rule
                clauses = sent.split(";")
                for i, clause in enumerate(clauses):
                    if r := read_clause(clause, ";".join(clauses[i + 1:])):
                        found.append(_with_range(r, paras[k:k + 2]))
    return () if ratio else tuple(found)


def _formula_lines(para: str) -> list[str]:
    """A formula set on a line of its own, no sentence end ("ceiling = margin on one result x media share", or after a
    label: "Sum: ceiling = …"): the sentence reader drops it as a fragment."""
    return [re.sub(r"^[a-z]+:\s+", "", ln.strip(), flags=re.I) for ln in para.splitlines()
            if "=" in ln and _CEILING.search(ln) and not ln.strip().endswith((".", ":")) and "," not in ln.partition("=")[2]
            and not re.match(r"\s*[-*•]", ln)]  # (a list item's formula goes on: "… = A times B, where the …")


# the ends of a share stated in words or figures: "from 10 through 25 percent", "10-25%", "between 10 and 25 percent"
_ENDS = re.compile(r"(?:from |between )?(?P<a>\d{1,2}(?:\.\d+)?)\s*%?\s*(?:through|to|and|-|–)\s*(?P<b>\d{1,2}(?:\.\d+)?)\s*"
                   r"(?:%|percent\b)", re.I)


def _with_range(r: Rule, near: list[str]) -> Rule:
    """``r`` with the ends the paragraphs beside it (its own and the next) give its rate input, in a sentence naming
    that input ("The media share … sits from 10 through 25 percent"); ``r`` itself when none is given."""
    name = (r.rate_input() or "").lower()
    for sent in [s for para in near for s in sentences(" ".join(para.split()))] if name else []:
        if name in sent.lower() and (m := _ENDS.search(sent[sent.lower().index(name):])):
            a, b = float(m.group("a")), float(m.group("b"))
            return replace(r, rate_range=(a, b)) if a < b else r
    return r


def rule() -> Rule | None:
    """The KB's cost-ceiling rule: the first stated with a target share, else the first (none: None)."""
    rules = _rules(servedkb.folder())
    return next((r for r in rules if r.share or r.rate_range), rules[0] if rules else None)


# the ceiling named as a cost of the user's own: "what's our maximum cost per booked appointment?", "my break-even CAC"
_ASKED = re.compile(r"\b(?:max(?:imum)?|highest|ceiling|break-?even|allowable)\s+(?:acquisition\s+)?(?:cost|cac|cpa)\b", re.I)
_OWN = re.compile(r"\b(?:our|my|we|us|i)\b", re.I)
# "how much should we be willing to spend to acquire one customer?": the most one would pay, said as willingness
_WILLING = re.compile(r"\b(?:willing|prepared|able) to (?:pay|spend)\b[^.?!]{0,30}?\b(?:per [a-z]|for (?:a|an|one|each) |"
                      r"to (?:get|win|acquire|land|sign) (?:a|an|one|each)\b)", re.I)
_IN = re.compile(r"\b(\d+) (?:in|out of) (\d+)\b")  # "we close 1 in 4"


def _asks(text: str, per_unit) -> bool:
    """The most to pay per result asked (planmath's reading, or closerate's "for one …"), or the ceiling named."""
    return bool(per_unit(text) or ceilingask.asks(text) or _WILLING.search(text) or (_ASKED.search(text) and _OWN.search(text))
                or ceilingneed.asks(text))  # "what's the most I should be paying to get one new customer?"


_SPEND = re.compile(r"\b(?:budget|spend|spent|spending|a (?:day|week|month|year)|per (?:day|week|month|year)|monthly)\b", re.I)


def _said_value(text: str) -> float | None:
    """What one customer is worth, as the message says it: "gross profit per system is 5000", else an amount of money
    that is no budget or spend ("$5,000 a month for ads" is what is spent, not what a customer brings)."""
    t = digits(text)
    if m := closerate._PROFIT_IS.search(t):
        return float(m.group(1).replace(",", ""))
    return next((n.value for n in parse_numbers(t) if n.money and not n.pct
                 and not _SPEND.search(t[max(0, n.start - 25):n.end + 20])), None)


def _worth_before(asked_before: str) -> float | None:
    """What a customer is worth as the message before said it — in words of worth ("our gross profit per job in
    dollars is 150", "a customer is worth $900"), not any amount it held."""
    return _said_value(asked_before) if _VALUE.search(asked_before or "") else None


def _said_rate(text: str, name: str = "") -> tuple[float, bool] | None:
    """The user's rate in percent, and whether said as a percentage (not "about half"): a close verb's share, else
    the one percentage said beside a word of the rule's rate (``name``: "close rate"), else "N in M"."""
    if (r := closerate.close_rate(text)) is not None:
        return r, not closerate._WORD_SHARE.search(digits(text))
    t = digits(text)
    pcts = [n for n in parse_numbers(t) if n.pct]
    words = [w for w in name.lower().split() if len(w) > 3]
    near = t[max(0, pcts[0].start - 30):pcts[0].end + 30] if len(pcts) == 1 else ""  # "45% of leads book"
    if near and (any(w in near.lower() for w in words) or re.search(rf"\b{closerate._CLOSE}\b", near, re.I)):
        return pcts[0].value, True
    m = _IN.search(digits(text))
    return (float(m.group(1)) / float(m.group(2)) * 100, True) if m and 0 < int(m.group(1)) <= int(m.group(2)) else None


def _asked_inputs(answered: str, r: Rule) -> bool:
    """Did the last answer ask for this rule's inputs?"""
    return bool(answered) and "what is your" in answered and any(i in answered for i in r.inputs)


def work(text: str, asked_before: str, answered: str, ltv: float | None, per_unit) -> tuple[list[str], str] | None:
    """(working lines, or one "?inputs" line to ask for; the words to search the rule's passage by) when the KB
    states its own rule and the message asks the most to pay per result (or answers the rule's question), else None."""
    now = _asks(text, per_unit)
    said = now or _said_value(text) or _said_rate(text, "rate")  # (the KB is read only for a turn that may ask its rule)
    if not said or (r := rule()) is None:
        return None
    if not now and not _asks(asked_before, per_unit) and not _asked_inputs(answered, r):
        return None
    value = _said_value(text) or _worth_before(asked_before) or ltv
    rate = _said_rate(text, r.rate_input()) if r.rate_input() else None
    if rate is None and r.rate_input() and not now:
        rate = _said_rate(asked_before, r.rate_input())
    if rate is None and r.rate_input():  # "the low end of that close rate": the range the last answer quoted
        rate = rangeend.pointed_rate(text, answered)
    if rate is None and r.rate_range and value:  # the KB's own range for the rate: the end the user points at, or both
        end = _end(text)
        if end is None:
            return [ln for e in r.rate_range for ln in _lines(r, value, (e, True), text)], r.sentence
        rate = (r.rate_range[-1] if end == "high" else r.rate_range[0], True)
    need = [i for i, have in ((r.value_input(), value), (r.rate_input(), rate)) if i and not have]
    if need:
        return [f"?{' and '.join(need)}"], r.sentence
    return _lines(r, value, rate, text), r.sentence


# an end chosen as a course to take: "go high on the share", "aim low", "err on the high side", "lean higher"
_GO = re.compile(r"\b(?:go|aim|err|lean|stay|set it|keep it|pitch it)\s+(?:on the\s+)?(high|higher|low|lower)\b", re.I)


def _end(text: str) -> str | None:
    """The end of the KB's range the message points at ("high" / "low"), else None."""
    if m := _GO.search(text):
        return "high" if m.group(1).lower().startswith("high") else "low"
    from agent.offline.parse import parse
    end = parse(text).end
    return end if end in ("high", "low") else None


def _lines(r: Rule, value: float, rate: tuple[float, bool] | None, text: str) -> list[str]:
    what = next((m for m in re.finditer(r"\bper ((?:new |qualified |booked |sales )?[a-z]+)\b", text, re.I)
                 if not _VALUE.search(text[max(0, m.start() - 30):m.start()])), None) or re.search(  # not "profit per client"
        r"\bper ([a-z]+)\b", r.subject)
    per = f" per {what.group(1).lower()}" if what else ""
    if rate is not None:
        pct, as_pct = rate
        k = f" × {plain(r.factor)}" if r.factor != 1 else ""
        result = value * pct / 100 * r.factor
        said = f"{plain(round(pct, 2))}%" if as_pct else plain(round(pct / 100, 4))
        return [f"{money(value)} × {said}{k} = {money(round(result, 2))} — the most to pay{per} "
                f"({' × '.join(r.inputs)}{k and ' × the multiplier the rule states'})"]
    ceiling = value * r.factor
    lines = [f"{r.subject} = your {r.value_input()}" + (f" × {plain(r.factor)}" if r.factor != 1 else "")
             + f" = {money(round(ceiling, 2))}"]
    if r.share:
        ends = " to ".join(f"{money(ceiling)} × {plain(e)}% = {money(round(ceiling * e / 100, 2))}" for e in r.share)
        lines.append(f"{ends} — the {r.target}")
    return lines
