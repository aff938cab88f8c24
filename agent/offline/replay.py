"""A worked example the knowledge base gives, re-run on the user's own numbers.

Why: a KB rule is often stated once in words and then shown on made-up figures ("on a 90-day,
$300,000 quarter the run-rate is $300,000 ÷ 90 = $3,333.33 a day …"). A user who brings their own
figures of the same kinds wants the same working on theirs, and the example already says what the
working is. So the example is read, not any data set's wording:

* its **equations** ("A ÷ B = C", "C × 1.2 = D") are found and checked (a line that does not add up
  is no working);
* its other numbers are sorted into the rule's **constants** (they also occur in the rule's own
  sentences before the example: "1.2 times", "15%"), **derived** figures (a product, quotient,
  difference or sum of figures met before, one of them itself worked out: "$40,000 over the 10
  days" is $4,000 × 10; a percentage one figure is of another) and **inputs** (everything else:
  "$300,000", "$60,000 unspent");
* each input is matched to one of the user's numbers of its kind (money, percentage) and scale, by the
  words around both ("unspent" meets "unspent", "quarter" meets "quarter": all inputs but one, and at
  least two), the pairing closest in scale winning — every input must find one, or nothing is replayed:
  a figure is never guessed;
* the equations and derivations are then evaluated again on the user's values, in the example's
  order, and shown line by line with the example's own words after each result.

Nothing is invented: the operations and constants are the KB's, the inputs the user's.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from itertools import permutations

from agent.offline import examplewords
from agent.offline.numbers import Num, digits, money, parse_numbers, plain
from agent.offline.passages import terms, units
from mpa.vocabulary import VOCABULARY, match_terms

_OP_GAP = re.compile(r"^\s*(×|\*|÷|\+|−|(?<=\s)x(?=\s)|(?<=\s)[-/](?=\s))\s*$")
_EQ_GAP = re.compile(r"^\s*[=≈]\s*(?:about\s+|roughly\s+)?$")
_EXAMPLE_CUE = re.compile(r"^\W*(?:for example|for instance|e\.g\.|example|worked example|say|suppose)\b", re.I)
_NEAR = 4      # words either side of a number that say what it is
_TOL = 0.006   # relative: the example's figures are rounded ("$3,333.33")
_OPS = {"×": "*", "*": "*", "x": "*", "÷": "/", "/": "/", "+": "+", "−": "-", "-": "-"}
_SHOW = {"*": "×", "/": "÷", "+": "+", "-": "−"}


@dataclass
class _Fig:
    value: float
    money: bool
    pct: bool
    kind: str = "input"                 # input / constant / result / derived
    how: tuple = ()                     # (operands' indexes, ops) for a result; (a, op, b) for a derived figure
    words: set[str] = field(default_factory=set)
    after: str = ""                     # the example's words right after it ("a day", "is released")
    before: str = ""                    # the words naming a result before its equation ("the factor is")
    again: str = ""                     # a later sentence saying the result again, its place marked "{}"
    bound: tuple[str, float] | None = None  # "(20% of the budget, above the 15% trigger)": (">", 15)


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= _TOL * max(abs(a), abs(b), 1e-9)


def _evaluate(vals: list[float], ops: list[str]) -> float | None:
    """Left to right with × and ÷ first."""
    terms_, signs = [vals[0]], []
    try:
        for v, op in zip(vals[1:], ops):
            if op in "*/":
                terms_[-1] = terms_[-1] * v if op == "*" else terms_[-1] / v
            else:
                terms_.append(v)
                signs.append(op)
    except ZeroDivisionError:
        return None
    total = terms_[0]
    for v, op in zip(terms_[1:], signs):
        total = total + v if op == "+" else total - v
    return total


def _equations(text: str, nums: list[Num]) -> list[tuple[list[int], list[str], int]]:
    """(operand indexes, ops, result index) of every "a op b … = c" that adds up."""
    out, i = [], 0
    while i < len(nums) - 1:
        chain, ops, j = [i], [], i
        while j + 1 < len(nums) and (m := _OP_GAP.match(text[nums[j].end:nums[j + 1].start])):
            ops.append(_OPS[m.group(1)])
            chain.append(j + 1)
            j += 1
        if ops and j + 1 < len(nums) and _EQ_GAP.match(text[nums[j].end:nums[j + 1].start]):
            vals = [nums[k].value / (100 if nums[k].pct else 1) for k in chain]
            got, want = _evaluate(vals, ops), nums[j + 1].value / (100 if nums[j + 1].pct else 1)
            if got is not None and _close(got, want):
                out.append((chain, ops, j + 1))
                i = j + 1
                continue
        i += 1
    return out


_FIGURE = re.compile(r"\$?\d[\d,.]*(?:\s?(?:k|m|bn|mm|grand|thousand|million|billion)\b)?%?|[$%,.]", re.I)


def _words_near(text: str, n: Num) -> set[str]:
    before = _FIGURE.sub(" ", text[:n.start]).split()[-_NEAR:]   # other figures ("$63k") are no words
    after = _FIGURE.sub(" ", text[n.end:]).split()[:_NEAR]
    near = " ".join(before + after)
    # a platform named by name ("meta shows 4.5x") is what an example calls "a platform reports 4.0x"
    return set(terms(near)) | ({"platform"} if match_terms(near, VOCABULARY["platforms"]) else set())


def _after(text: str, n: Num) -> str:
    """The example's words after a figure, up to the clause's end ("a day", "is released"); none
    when they hold a figure of their own."""
    m = re.match(r"\s*([^,.;:()\n]{0,60}?)(?=[,.;:()\n]|\s+(?:and|or|but)\b|$)", text[n.end:])
    words = (m.group(1) if m else "").split()
    return " ".join(words) if 0 < len(words) <= 6 and not re.search(r"\d", m.group(1)) else ""


_BOUND = re.compile(r"\b(above|over|more than|exceeding|below|under|less than)\s+(?:the\s+)?(\d+(?:\.\d+)?)", re.I)


def _bound(text: str, n: Num) -> tuple[str, float] | None:
    """A threshold the example says the figure clears ("20%, above the 15% trigger")."""
    m = _BOUND.search(re.split(r"[).;]", text[n.end:n.end + 80])[0])
    if not m:
        return None
    return (">" if m.group(1).lower() in ("above", "over", "more than", "exceeding") else "<"), float(m.group(2))


@dataclass
class _Example:
    cite: str
    rule: str                      # the rule's sentences before the example
    figs: list[_Fig]
    steps: list[int]               # the figures worked out, in the example's order
    rest: str = ""                 # the example's closing sentences that state no figure (examplewords.rest)


def _read(passage: dict) -> _Example | None:
    """The passage's worked example: its figures sorted (module doc), or None without one."""
    us = units(passage.get("text", ""))
    for k, u in enumerate(us):
        text = digits(u.text)
        nums = parse_numbers(text)
        if not _equations(text, nums):
            continue
        start = k - 1 if k and _EXAMPLE_CUE.match(us[k - 1].text) and us[k - 1].heading == u.heading else k
        if _EXAMPLE_CUE.match(u.text) or start < k:
            rule_units = [x.text for x in us[:start] if x.heading == u.heading]
        else:  # the example starts inside this unit, or the unit is rule and example in one
            rule_units = [x.text for x in us[:k] if x.heading == u.heading]
        body = " ".join(x.text for x in us[start:] if x.heading == u.heading)
        cue = re.search(r"\b(?:for example|for instance|e\.g\.)[,:]?\s", body, re.I)
        if cue and cue.start() > 0:  # "… rule sentence. For example, on a …": the rule is the text before
            rule_units.append(body[:cue.start()])
            body = body[cue.start():]
        ex = _sorted(passage["id"], rule := " ".join(rule_units).strip(), digits(body), u.heading)
        return _Example(ex.cite, rule, ex.figs, ex.steps, examplewords.rest(body)) if ex else None
    return None


def _sorted(cite: str, rule: str, body: str, heading: str) -> _Example | None:
    nums = parse_numbers(body)
    eqs = _equations(body, nums)
    results = {r: (chain, ops) for chain, ops, r in eqs}
    in_eq = {k for chain, _, r in eqs for k in [*chain, r]}
    # the rule's own factors, thresholds and day counts; a dollar figure before the first equation is the example's
    # setup ("A channel has a $28,000 weekly budget …"), an input like the rest
    constants = {n.value for n in parse_numbers(digits(f"{heading} {rule}")) if not n.money} | {100.0, 1000.0}
    figs: list[_Fig] = []
    index: dict[tuple[float, bool], int] = {}   # (value, pct) → figure
    steps: list[int] = []
    at: dict[int, int] = {}                     # number position → figure
    for k, n in enumerate(nums):
        key = (round(n.value, 6), n.pct)
        known = next((i for (v, p), i in index.items() if p == n.pct and _close(v, n.value)), None)
        if known is not None and k not in results:
            at[k] = known
            if figs[known].kind == "result" and k not in in_eq and not figs[known].again:
                figs[known].again = examplewords.restating(body, n.start, n.end)
            figs[known].words |= _words_near(body, n) if k not in in_eq else set()
            continue
        f = _Fig(n.value, n.money, n.pct)
        if k in results:
            chain, ops = results[k]
            f.kind, f.how = "result", ([at[c] for c in chain], ops)
            f.before = examplewords.label(body, nums[chain[0]].start)
            if known is not None:  # worked out again: the earlier figure is this result
                at[k] = known
                continue
        elif n.value in constants or (not n.money and not n.pct and _FACTOR_NOUN.match(body[n.end:n.end + 40])):
            f.kind = "constant"
        elif (how := _derive(n, figs)) is not None:
            f.kind, f.how = "derived", how
        f.words = _words_near(body, n) if k not in in_eq else set()
        f.after = _after(body, n)
        b = _bound(body, n)
        f.bound = b if b and b[1] in constants else None
        figs.append(f)
        index[key] = at[k] = len(figs) - 1
        if f.kind in ("result", "derived"):
            steps.append(len(figs) - 1)
    if not steps or sum(f.kind == "input" for f in figs) < 2:
        return None
    return _Example(cite, rule, figs, steps)


# "applying the 2.5 undercount multiplier": a figure the example names as a factor is the rule's, not an input
_FACTOR_NOUN = re.compile(r"\s*(?:[a-z-]+\s+){0,2}(?:multiplier|factor|deflator|inflator)\b", re.I)


def _derive(n: Num, figs: list[_Fig]) -> tuple | None:
    """(a, op, b) when ``n`` is a figure met before combined with another — one of them worked
    out, or a percentage one figure is of another; None when none or several readings fit."""
    fits = []
    for a, b in permutations(range(len(figs)), 2):
        fa, fb = figs[a], figs[b]
        if fa.pct or fb.pct:
            continue
        if n.pct:
            if fb.value and _close(fa.value / fb.value * 100, n.value) and fa.money == fb.money:
                fits.append((a, "%", b))
            continue
        if "result" not in (fa.kind, fb.kind) and "derived" not in (fa.kind, fb.kind):
            continue  # two given figures combine by chance ("90 + 10 = 100"); a worked-out one does not
        for op in "*/-+":
            v = _evaluate([fa.value, fb.value], [op])
            ca, cb = fa.kind in ("result", "derived"), fb.kind in ("result", "derived")
            if v is not None and _close(v, n.value) and not (op in "*+" and (cb, b) > (ca, a)):  # one order each
                fits.append((a, op, b))
    return fits[0] if len(fits) == 1 else None


def _same_order(a: float, b: float) -> bool:
    """An example's made-up figure and the user's real one are of one order ("$300,000" and "$450k",
    "90 days" and "60 days"): a flight of 4 weeks is not matched with a budget of 9k."""
    return a > 0 and b > 0 and max(a, b) / min(a, b) <= 50


def _uses(f: _Fig) -> tuple:
    return tuple(f.how[0]) if f.kind == "result" else (f.how[0], f.how[2])


def _fits(f: _Fig, n: Num) -> bool:
    """The user's number is of the example figure's kind (percentage, money) and scale."""
    return f.pct == n.pct and f.money <= n.money + (not n.pct and n.value >= 1000) and _same_order(f.value, n.value)


def _pruned(ex: _Example, question: str) -> _Example | None:
    """The example without the steps that need a figure of a kind or scale the user gave none of
    (a CPM nobody named: the downloads it buys are left out), and the steps built on those; None
    when nothing is left out or nothing is left."""
    mine = parse_numbers(digits(question))
    lacking = {i for i, f in enumerate(ex.figs) if f.kind == "input" and not any(_fits(f, n) for n in mine)}
    steps = []
    for s in ex.steps:
        if set(_uses(ex.figs[s])) & lacking:
            lacking.add(s)
        else:
            steps.append(s)
    if len(steps) in (0, len(ex.steps)):
        return None
    return _Example(ex.cite, ex.rule, ex.figs, steps, ex.rest)


def _match(ex: _Example, question: str) -> dict[int, Num] | None:
    """Each input of the example → the user's number saying the same thing, or None."""
    text = digits(question)
    mine = parse_numbers(text)
    words = {id(n): _words_near(text, n) for n in mine}
    needed = {i for s in ex.steps for i in _uses(ex.figs[s])}
    inputs = [i for i, f in enumerate(ex.figs) if f.kind == "input" and i in needed]  # a figure no step uses: not needed
    if len(inputs) < 2:
        return None
    fits = {(i, k) for i in inputs for k, n in enumerate(mine) if _fits(ex.figs[i], n)}
    said = {(i, k) for i, k in fits if ex.figs[i].words & words[id(mine[k])]}
    if len(inputs) > 6 or len(mine) > 8:
        return None
    best, got = None, None
    for ks in permutations(range(len(mine)), len(inputs)):  # one user number per input, of its kind and scale,
        pairs = list(zip(inputs, ks))                          # all but one saying what the example's says
        if all(pk in fits for pk in pairs) and sum(pk in said for pk in pairs) >= max(2, len(pairs) - 1):
            # the example's made-up figures are of the user's scale: the pairing closest in ratio, then most shared words
            key = (sum(abs(math.log(mine[k].value / ex.figs[i].value)) for i, k in zip(inputs, ks)),
                   -sum(len(ex.figs[i].words & words[id(mine[k])]) for i, k in zip(inputs, ks)))
            if best is None or key < best:
                best, got = key, {i: mine[k] for i, k in zip(inputs, ks)}
    return got


def _num(v: float) -> str:
    return plain(round(v, 2)).rstrip("0").rstrip(".") if "." in plain(round(v, 2)) else plain(round(v, 2))


def _show(f: _Fig, v: float) -> str:
    if f.pct:
        return f"{_num(v)}%"
    return money(round(v, 2)) if f.money else _num(v)


def _holds(f: _Fig, v: float, lines: list[str]) -> bool:
    """The example's threshold still holds on the user's figure; if not, say so (and stop there)."""
    if f.bound is None or (v > f.bound[1] if f.bound[0] == ">" else v < f.bound[1]):
        return True
    lines.append(f"{_num(v)}{'%' if f.pct else ''} is not {'above' if f.bound[0] == '>' else 'below'} the rule's "
                 f"{_num(f.bound[1])}{'%' if f.pct else ''}: the rule's condition is not met, so the rest of its "
                 "example does not apply")
    return False


def rerun(question: str, passages: list[dict]) -> tuple[str, str, list[str], str] | None:
    """(cited id, the rule's sentences, the working lines, the example's closing advice) of the first
    passage among ``passages`` whose worked example takes the user's numbers, or None."""
    if len(parse_numbers(digits(question))) < 2:
        return None
    for ps in passages:
        ex = _read(ps)
        got = _match(ex, question) if ex else None
        if not got and ex and (ex := _pruned(ex, question)):
            got = _match(ex, question)
        if not got:
            continue
        vals = {i: (got[i].value if i in got else f.value) for i, f in enumerate(ex.figs) if f.kind in ("input", "constant")}
        lines = []
        for s in ex.steps:
            f = ex.figs[s]
            if f.kind == "result":
                idx, ops = f.how
                if any(i not in vals for i in idx):
                    break
                raw = [vals[i] / (100 if ex.figs[i].pct else 1) for i in idx]
                v = _evaluate(raw, ops)
                if v is None:
                    break
                v = v * 100 if f.pct else v
                expr = " ".join(x for i, op in zip(idx, [*ops, ""]) for x in (_show(ex.figs[i], vals[i]), _SHOW.get(op, "")) if x)
            else:
                a, op, b = f.how
                if a not in vals or b not in vals:
                    break
                if op == "%":
                    v = vals[a] / vals[b] * 100 if vals[b] else None
                    if v is None:
                        break
                    lines.append(f"{_show(ex.figs[a], vals[a])} ÷ {_show(ex.figs[b], vals[b])} × 100 = "
                                 f"{_num(v)}, i.e. {_num(v)}%{' ' + f.after if f.after else ''}")
                    vals[s] = v
                    if not _holds(f, v, lines):
                        break
                    continue
                v = _evaluate([vals[a], vals[b]], [op])
                if v is None:
                    break
                expr = f"{_show(ex.figs[a], vals[a])} {_SHOW[op]} {_show(ex.figs[b], vals[b])}"
            if v < 0 <= f.value:  # "$28,000 − $31,000": the example's reading does not carry to these figures
                return None
            vals[s] = v
            lines.append(f"{f.before + ' ' if f.before and not f.after else ''}{expr} = {_show(f, v)}"
                         f"{' ' + f.after if f.after else ''}" + (f", so {examplewords.lowered(f.again).replace('{}', _show(f, v))}" if f.again else ""))
            if not _holds(f, v, lines):
                break
        if lines:
            return ex.cite, ex.rule or _factor_rule(ex, passages), lines, ex.rest
    return None


_RULE_VERB = re.compile(r"\bmultipl\w*|\btimes\b|×", re.I)


def _factor_rule(ex: _Example, passages: list[dict]) -> str:
    """An example with no rule of its own before it ("the same advertiser … applying the 2.5 undercount
    multiplier") leans on a rule stated elsewhere: the retrieved sentence telling to multiply by its
    factor, cited to its own passage ("" when none)."""
    used = {i for s in ex.steps for i in _uses(ex.figs[s])}
    factors = {ex.figs[i].value for i in used if ex.figs[i].kind == "constant"} - {100.0, 1000.0}
    for ps in passages:
        for u in units(ps.get("text", "")):
            if _RULE_VERB.search(u.text) and factors & {n.value for n in parse_numbers(digits(u.text))} \
                    and not _equations(digits(u.text), parse_numbers(digits(u.text))):
                return f"Based on Knowledge Base [{ps['id']}]: {u.text}"
    return ""


def answer(quoted: str, cite: str, rule: str, lines: list[str], after: str = "") -> str:
    """The rule (the quoted answer when it already cites the example's passage, else the rule's own
    sentences: a worked example that takes exactly the user's kinds of figures is the passage that
    answers) and the example's working on the user's figures."""
    if rule.startswith("Based on Knowledge Base ["):  # the factor's rule, stated in another passage
        head = rule
    else:
        head = quoted if f"[{cite}]" in quoted or not rule else f"Based on Knowledge Base [{cite}]: {rule}"
    tag = "" if f"[{cite}]" in head else f" [{cite}]"  # the working cites the example it re-runs
    more = f"\n\nThe rule goes on [{cite}]: {after}" if after and after not in head else ""
    return (f"{head}\n\nIts worked example, re-run on your figures:\n"
            + "\n".join(f"- {ln}{tag}" for ln in lines) + more)
