"""The user's short answer to the assistant's own clarifying question, read against that question.

Why: when a forecast lacks an input the agent asks for it ("what is your budget and what one booking costs you?",
:func:`agent.offline.compose.ask_for`), and people answer tersely: "about 300 a month, $15 each", "say 40 bucks",
"30k for the quarter", "LTV is roughly 900". Read as a message of its own, such a reply asks nothing and its figures
take whatever role their own few words suggest: "$250" after "what does one patient cost you?" was taken for a
budget, "300 a month" (no unit said) for no figure at all, and "$120 a sale" after "what is one worth to you?" for a
price — and the turn was searched as it stood, answering nothing. English gives the reply its meaning: it answers
the question just asked, so each figure fills the input that question named, and the turn is the ORIGINAL question
(the one that led to the asking) with those inputs stated — answered with its working and the KB's figures, as if
the user had said everything at once.

Binding (:func:`bind`) reads the question's inputs (each clause of "what is your A and B?") and the reply's figures:
a figure said per one thing ("each", "apiece", "a booking", "per lead") is what one costs or is worth; a bare count
is the count asked for; other money is the budget; what is left fills the inputs still open, in the order asked.
Money said as "another / extra / more / on top / additional" is added to the budget already known, and the sum is
shown; "make it / change it to" replaces it (a plain new budget). A reply to the asking for what one result is
worth, alone, is left to the statement reader (acknowledged and remembered): the questions that ask only for it (is
that a good deal, the most to pay for one, a break-even cost) need one more input or a rule no calculation here
applies, and quoting a passage in their place would answer less than the acknowledgement. The earlier turns are read the same way
(:func:`history`), so the slots carried on remember the bound figures, never "$1,000" as the whole budget.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline import budgetadd, compose, planinputs
from agent.offline.asking import asks_anything
from agent.offline.memory import Memory
from agent.offline.numbers import money, plain
from agent.offline.parse import parse

# the assistant's clarifying question: "… I need one number from you: what is your budget?" (compose.ask_for) and
# "… I need one number from you: what does one donor cost you (…)?" (unpriced.ask)
_ASKED = re.compile(r"\bI need (?:one (?:more )?number|two numbers) from you: what (?:is your (.+)|does (one .+?) cost you\b.*)\?\s*$",
                    re.I | re.S)
# a figure said per one thing: "$15 each", "40 bucks a signup", "$90 per booking", "at $45 a job"
_EACH_AFTER = re.compile(r"^\s*(?:dollars?|bucks|usd)?\s*(?:each|apiece|a\s+pop|per\s+(?:one|head)|(?:a|an|per|for\s+(?:a|an|one|each))\s+"
                         r"(?!month\b|week\b|year\b|quarter\b|day\b|season\b|thousand\b|mo\b|yr\b)[a-z]+)\b", re.I)
_EACH_BEFORE = re.compile(r"\b(?:each|one|a\s+single|every)\s+(?:[a-z]+(?:'s|’s)?\s+){0,2}(?:costs?|is|runs?|worth)\s+(?:us\s+)?"
                          r"(?:about|around|roughly|maybe|like|~)?\s*$|\b(?:CAC|CPA|CPL|cost\s+per\s+\w+)\s*(?:is|of|=|:|at|about|around|~)?\s*(?:about|around|roughly)?\s*$",
                          re.I)
_PERIOD = re.compile(r"\b(?:a|per|each|every|for\s+the|this|next|over\s+the)\s+(month|week|quarter|year|season|summer|spring|"
                     r"fall|autumn|winter)\b|/(mo|month|wk|week|yr|year|qtr|quarter)\b", re.I)
_PERIOD_WORD = {"mo": "month", "wk": "week", "yr": "year", "qtr": "quarter"}
# a ratio said as "1 in 5", "one out of four": a share (the close rate asked for)
_ONE_IN = re.compile(r"\b(\d+(?:\.\d+)?)\s+(?:in|out\s+of)\s+(?:every\s+)?(\d+(?:\.\d+)?)\b", re.I)
_AND = re.compile(r"\s+and\s+(?![^()]*\))")  # "A and B", not an "and" inside a parenthesis


def inputs(answer: str) -> list[str]:
    """The inputs the assistant's last answer asked for, each as worded there ("budget for this spring",
    "what one booked move costs you"); [] when the answer asked for no figure."""
    return list(_inputs((answer or "").strip()))


@lru_cache(maxsize=1024)  # of the answer alone, read again for every later turn of the conversation (~8 a turn)
def _inputs(answer: str) -> tuple[str, ...]:
    m = _ASKED.search(answer)
    if not m:
        return ()
    if m.group(2):
        return (f"what {m.group(2)} costs you",)
    return tuple(s.strip() for s in _AND.split(m.group(1)) if s.strip())


def kind(asked: str) -> str:
    """What one asked input is: "change" (to the budget), "budget", "count", "value" (what one is worth), "price"
    (what one costs), "rate" (a share), else "other"."""
    low = asked.lower()
    if re.search(r"\bchange in budget\b|\badd to the budget\b|\btake off the budget\b", low):
        return "change"
    if re.search(r"\b(?:rate|share|percentage|margin)\b", low) and not re.search(r"\b(?:ltv|lifetime value|worth)\b", low):
        return "rate"  # "contribution margin (as a percentage of revenue)", "close rate"
    if re.search(r"\b(?:lifetime value|ltv|worth|contribution|gross profit)\b", low):
        return "value"
    if re.search(r"\b(?:capacity|how many|number of|target)\b", low):
        return "count"
    if re.search(r"\b(?:cost|costs|cac|cpa|cpl|price)\b", low):
        return "price"
    return "budget" if re.search(r"\bbudget\b", low) else "other"


def _unit(asked: str, fallback: str = "result") -> str:
    """The one thing an input prices or counts ("what one booked move costs you" → "booked move")."""
    m = re.search(r"\bone ([a-z][a-z -]*?) (?:costs|may cost|is worth)\b", asked, re.I) or re.search(
        r"\bhow many ([a-z]+)", asked, re.I) or re.search(r"\bper ([a-z]+)", asked, re.I)
    word = m.group(1).strip() if m else fallback
    return "customer" if word in ("customers or leads", "result") and "customer" in asked else word


def terse(reply: str) -> bool:
    """Is the reply figures with little else: no question of its own, a few words, at least one number?"""
    return bool(re.search(r"\d", parse(reply).norm)) and not asks_anything(reply.replace("?", ".")) and len(reply.split()) <= 16


def bind(reply: str, asked: list[str], budget: float | None = None) -> dict[str, tuple[float, str]] | None:
    """Each asked input's figure from the reply: {kind: (value, the words said beside it)}; None when a figure
    fits nothing asked. ``budget``: the budget already known (an added amount is added to it)."""
    p = parse(reply)
    kinds = [kind(a) for a in asked]
    if "other" in kinds or not p.numbers:
        return None
    norm, got, left = p.norm, {}, []
    if "rate" in kinds and (m := _ONE_IN.search(norm)):  # "we close 1 in 5": 20%
        got["rate"] = (float(m.group(1)) / float(m.group(2)) * 100, m.group(0))
        nums = [n for n in p.numbers if not m.start() <= n.start < m.end()]
    else:
        nums = list(p.numbers)
    for n in nums:
        before, after = norm[:n.start], norm[n.end:]
        role = n.role or ""
        if n.pct:  # a percentage fills a share asked for, nothing else
            if "rate" not in kinds or "rate" in got:
                return None
            got["rate"] = (n.value, "")
        elif (budgetadd.MORE_BEFORE.search(before) or budgetadd.MORE_AFTER.search(after)) and (
                "change" in kinds or (budget is not None and "budget" in kinds)):
            got["change"] = (n.value, "")  # "another $1,000": what the budget grows by, and what it grows to
            if budget is not None:
                got["budget"] = (budget + n.value, f"{money(budget)} + {money(n.value)}")
        elif role.startswith("price") or _EACH_AFTER.search(after) or _EACH_BEFORE.search(before) or role == "LTV":
            slot = next((k for k in (("value",) if role == "LTV" else ("price", "value")) if k in kinds and k not in got), None)
            if slot is None:
                return None
            got[slot] = (n.value, "")
        elif not n.money and role != "budget" and "count" in kinds and "count" not in got:
            got["count"] = (n.value, "")
        elif n.money or role in ("", "budget"):
            left.append(n)
        else:  # "we also have 3 stores": a count of something else, no input asked
            return None
    for n in left:  # what the reply leaves unmarked fills what is still open, in the order asked
        slot = next((k for k in kinds if k not in got), None)
        if slot is None:
            return None
        got[slot] = (n.value, "")
    return got


def _period(text: str) -> str:
    m = _PERIOD.search(text)
    if not m:
        return ""
    word = m.group(1) or _PERIOD_WORD.get(m.group(2).lower(), m.group(2).lower())
    return f" a {word}" if word in ("month", "week", "year", "quarter", "day") else f" for the {word}"


def statements(reply: str, asked: list[str], got: dict[str, tuple[float, str]], remembered: bool = False) -> str:
    """The bound figures as plain sentences the parser reads in their roles. Money added to the budget is stated as
    the amount added when the question is answered now (what it buys), and as the new budget when ``remembered``
    (the budget carried on is the sum)."""
    out, period = [], _period(reply)
    for a in asked:
        k = kind(a)
        if k not in got:
            continue
        v, said = got[k]
        if "change" in got and k in ("budget", "change"):
            if remembered and "budget" in got:
                out.append(f"Our budget is now {money(got['budget'][0])}{period}.")
            else:
                out.append(f"We would add {money(got['change'][0])} to the budget.")
            got = {key: val for key, val in got.items() if key not in ("budget", "change")}
        elif k == "budget":
            out.append(f"Our budget is {money(v)}{period}.")
        elif k == "change":
            out.append(f"We would add {money(v)} to the budget.")
        elif k == "price":
            out.append(f"One {_unit(a)} costs us {money(v)}.")
        elif k == "count":
            out.append(f"We need {plain(v)} {_unit(a, 'customers')}{period}.")
        elif k == "value":
            out.append(f"Our customer lifetime value is {money(v)}." if re.search(r"lifetime|ltv", a, re.I) else
                       f"One {_unit(a, 'conversion')} is worth {money(v)} to us.")
        elif k == "rate":
            out.append(f"Our {a.split(' (')[0]} is {plain(round(v, 2))}%.")
    return " ".join(out)


def _chain(text: str, asked_before: list[str], said: list[str], budget: float | None, remembered: bool = False):
    """(the first asking's index, the statements of each reply, the kinds bound) for this reply and any earlier replies
    to the same asking; None when the last answer asked no figure or a reply is not a short answer to its asking."""
    if not said or not asked_before or len(said) != len(asked_before) or not inputs(said[-1]) or not terse(text):
        return None
    start = len(said) - 1
    while start > 0 and inputs(said[start - 1]) and (terse(asked_before[start]) or _business_instead(
            asked_before[start], said[:start])):  # asked back twice: the first asking's question
        start -= 1
    out, known, bound = [], budget, set()
    for reply, question in zip([*asked_before[start + 1:], text], said[start:]):
        wanted = inputs(question)
        if {kind(a) for a in wanted} == {"value"}:  # what one is worth, alone: no question it completes (module doc)
            return None
        if reply is not text and _business_instead(reply, [question]):  # the business, said in place of the figures
            out.append(reply.strip().rstrip(".!") + ".")
            continue
        got = bind(reply, wanted, known)
        if not got:
            return None
        out.append(statements(reply, wanted, got, remembered or reply is not text))
        known, bound = got.get("budget", (known, ""))[0], bound | set(got)
    return start, out, bound


def restated(text: str, asked_before: list[str], said: list[str], budget: float | None = None,
             remembered: bool = False) -> str | None:
    """The question that led to the assistant's last clarifying question, with this reply's figures (and those of
    any earlier replies to the same asking) stated in the inputs asked for; None when the last answer asked no
    figure or the reply is not a short answer to it. ``asked_before``: the earlier user messages; ``said``: the
    answers to them, in order; ``budget``: the budget known before this reply."""
    if (chain := _chain(text, asked_before, said, budget, remembered)) is None:
        return None
    start, out, _ = chain
    original = asked_before[start].strip()
    if "count" in {kind(a) for a in inputs(said[start])}:  # "keep our 4 chairs full": the 4 counts no result
        original = re.sub(r"\b\d[\d,]*\s+(?=[a-z])", "", original)
    sep = "" if original.endswith((".", "?", "!")) else "?"
    return f"{original}{sep} {' '.join(out)}"


def still_asked(text: str, asked_before: list[str], said: list[str], mem: Memory) -> str | None:
    """The asking again for the inputs no reply has given yet ("$20 each" after "what is your capacity and what one
    booking costs you?"), worded as the first asking was; or, when the budget asked for is now given for a forecast of
    the user's own results with no business named and no price said (nothing the KB could price one by), the price of
    one asked; None when the question can go on (``mem``: the conversation's slots before this reply)."""
    if (chain := _chain(text, asked_before, said, mem.facts.get("budget"))) is None:
        return _business_instead(text, said)
    start, _, bound = chain
    p = parse(restated(text, asked_before, said, mem.facts.get("budget")) or "")
    named = bool(p.vertical or p.industry_phrase or p.business_phrase or mem.vertical or mem.business)
    asked = inputs(said[start])
    left = [a for a in asked if kind(a) not in bound and not (kind(a) == "change" and "budget" in bound) and not (
        kind(a) == "price" and named and "count" not in bound)]  # a business named: the KB prices what a budget buys
    if [kind(a) for a in left] == ["price"]:
        return _price_of_one(_unit(left[0]), "To work that out")
    if left:
        return compose.ask_for(" and ".join(left))
    if "budget" not in bound or "price" in bound or mem.facts.get("price") is not None or not planinputs.own_forecast(
            asked_before[start]) or p.calc is None or p.calc.op != "div" or any((n.role or "").startswith("price") for n in p.numbers):
        return None
    if named:
        return None  # the KB's price of one for that business is looked up (and its absence said, with this question)
    many = p.unit or "results"
    return _price_of_one(planinputs.singular(many) or "result", f"To work out how many {many} your budget brings")


def _business_instead(text: str, said: list[str]) -> str | None:
    """The asking again, when the reply to it names the business and gives none of the figures asked ("we sell
    accounting software" after "what is your budget?"): the business is kept with the conversation's slots, and the
    forecast still needs the figures; None for any other reply."""
    wanted = inputs(said[-1]) if said else []
    if not wanted or re.search(r"\d", text) or asks_anything(text) or len(text.split()) > 16:
        return None
    p = parse(text)
    if p.numbers or p.metrics or not (p.vertical or p.industry_phrase or p.business_phrase):
        return None
    return compose.ask_for(" and ".join(wanted))


def _price_of_one(one: str, lead: str) -> str:
    return f"{lead}, I need one more number from you: what does one {one} cost you (from your own past campaigns, or a small test)?"


def history(earlier: list[tuple[str, list]], said: list[str], budget_before) -> list[tuple[str, list]]:
    """The earlier turns with each short reply to a clarifying question read as :func:`restated` reads it now, so
    the slots carried on hold the bound figures (``budget_before(i)``: the budget known before turn i)."""
    out = list(earlier)
    for i in range(1, len(earlier)):
        text, known = earlier[i][0], None
        if inputs(said[i - 1]) and (again := restated(text, [t for t, _ in earlier[:i]], said[:i], budget_before(out[:i]), True)):
            out[i] = (again, earlier[i][1])
        elif (known := budgetadd.added_to(text, lambda: budget_before(out[:i]))) is not None:  # "say another $1,000": the sum
            out[i] = (f"{text.rstrip().rstrip('.')}. Our budget is now {money(known)}.", earlier[i][1])
    return out
