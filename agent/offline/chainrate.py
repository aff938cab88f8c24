"""A funnel chained across turns: a rate applied tersely to a count an EARLIER answer worked out.

Why: people walk a funnel one turn at a time — "how many clicks is that" (worked: "$12,000 ÷ $1.30 ≈ 9,231
clicks at the top of the Typical range"), "what share usually buy" (a rate quoted from the KB), then "so orders
from the smaller click number, going by that", "and if 1 in 8 enrolls?", "and if about a quarter of those show
up?". The count is not in the message, and often not in the last answer either (a rate look-up came between),
so :mod:`~agent.offline.carrycount` / :mod:`~agent.offline.carryrate` (last answer only, percentages only) miss
it. Here the count is read back from the most recent answer whose working lines counted something (recomputed
from their operands), the end the user names ("the smaller number", "at the cheap end", "the bigger number") picks
its line, and the rate is the user's own (a percentage, "1 in 8", "a quarter") or, with none stated, the KB's rate
range quoted by a later answer, cited as it was cited there. What is read is English (pointing back, ends of a
range, fractions said in words) and the agent's own working and benchmark sentences; nothing is looked up.
"""
from __future__ import annotations

import re

from agent.offline import carryrate, phrasalup
from agent.offline.carrycount import _BECOME, become_what, worked
from agent.offline.fractionwords import fraction
from agent.offline.budgetmove import CHANGE_VERB
from agent.offline.numbers import plain, result
from rag.anyword import any_word

_HEAD = re.compile(r"^With the Typical .*\(Based on Knowledge Base \[[^\]]+\]\):$", re.M)
# "Based on Knowledge Base [benchmarks-ecommerce#2], the Typical ecommerce CVR (conversion rate) range is 1.8%–3.2%"
_QUOTED_RATE = re.compile(r"Based on Knowledge Base \[(?P<cite>[^\]]+)\], the Typical (?P<what>[^.]*?) range is "
                          r"(?P<lo>\d+(?:\.\d+)?)%\s*[–-]\s*(?P<hi>\d+(?:\.\d+)?)%")
_BACK = re.compile(r"\b(?:those|these|them)\b|\b(?:smaller|bigger|larger|lower|higher|fewer|cheap|cheaper|"
                   r"pricey|pricier|dear|expensive)\b[^.?!]{0,25}\b(?:number|count|figure|end|case|side|one)\b", re.I)
_WORDNUM = {"one": 1, "a": 1, "an": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "nine": 9, "ten": 10, "twenty": 20, "hundred": 100}
# "1 in 8", "one out of every ten": the whole said as a figure or as one of the words above (read back by _WORDNUM)
_IN = re.compile(r"\b(?P<a>\d+|one|a|two|three)\s+(?:in|out of|of)\s+(?:every\s+)?(?P<b>\d+|"
                 + "|".join(w for w, n in _WORDNUM.items() if n > 1) + r")\b", re.I)
_FRAC = re.compile(r"\b(?:about |around |roughly |maybe |say )?(?P<f>half|a third|a quarter|a fourth|a fifth|a tenth|"
                   r"two thirds|three quarters)\s+(?:of\b)", re.I)
_PCT = re.compile(r"(?<![\d.$])(?P<n>\d+(?:\.\d+)?)\s*(?:%|percent\b)", re.I)
_MONEY = re.compile(r"\$\s*\d|\d\s*(?:k|grand|bucks|dollars)\b", re.I)
_SMALL = any_word("smaller", "smallest", "fewer", "fewest", "lower", "lowest", "low", "less", "least", "pricey",
                  "pricier", "dear", "dearer", "expensive", "worst")
_BIG = any_word("bigger", "biggest", "larger", "largest", "more", "most", "higher", "highest", "high", "cheap",
                "cheaper", "cheapest", "best")
# the stage counted: "so orders …", "how many new accounts", "… trucks sold?"
_NOUN = re.compile(r"^\W*(?:(?:so|and|ok|okay|then|well|right)\W+)*(?:how many\s+)?(?:new\s+|paying\s+)?"
                   r"(?P<n>[a-z]{3,}s)\b", re.I)
_HOWMANY = re.compile(r"\bhow many (?:new |paying |more )?(?P<n>(?!of\b|would\b|will\b|is\b|do\b)[a-z]{3,}s)\b", re.I)
_VERB = re.compile(r"\b(?:of (?:those|these|them)|those|they)\s+(?:\w+ly\s+)?(?P<v>(?:end|ends|wind|winds) up [a-z]{3,}|(?!would|will|could|might|do|does|are|is|were)[a-z]{3,}(?:\s+(?:up|in|out|and\s+\w+(?:\s+up)?))?)",
                   re.I)
_GOING_BY = re.compile(r"\b(?:going by|based on|using|with|at|on) (?:that|those|this|these|the same)\b", re.I)
_NOT_STAGE = {"clicks", "impressions", "views", "thanks", "yes", "ends", "numbers", "its", "thats", "whats", "days",
              "weeks", "months", "years", "this", "those", "these", "does", "was", "is"}


_OF = r"\s+of\s+(?:all\s+)?(?:those|these|them|the|our)\b"
_TIME = re.compile(r"^\s*(?:days?|weeks?|months?|years?|hours?|times?|tries|attempts)\b", re.I)


def _parts(said: str) -> tuple[int, int]:
    """A share said in words as its parts, read by :mod:`fractionwords` (the one table): "two thirds" → (2, 3)."""
    *count, word = said.lower().split()
    share = fraction(count[0] if count else None, word)
    return share.numerator, share.denominator


def _ratio(a: int, b: int) -> str:
    """"1 in 10" worked as said — "÷ 10", "× 2 ÷ 3" — so no percentage the user never said is shown."""
    return f"÷ {b}" if a == 1 else f"× {a} ÷ {b}"


def _user_rate(text: str) -> tuple[float, str, str] | None:
    """The share of a count the user states (percent, with how they said it), or None: "3% of those", "a quarter of
    them", "1 in 8" (never "1 in 3 weeks"); a money figure, or any other figure, makes it no chain."""
    if _MONEY.search(text):
        return None
    found = [(float(m.group("n")), m.group(0), f"× {plain(float(m.group('n')))}%") for m in _PCT.finditer(text)
             if re.match(_OF, text[m.end():], re.I)]
    for m in _IN.finditer(text):
        a, b = (_WORDNUM.get(x.lower(), None) if not x.isdigit() else int(x) for x in (m.group("a"), m.group("b")))
        if a and b and b > a and not _TIME.match(text[m.end():]):
            found.append((a / b * 100, m.group(0), _ratio(a, b)))
    found += [(a / b * 100, m.group("f"), _ratio(a, b)) for m in _FRAC.finditer(text)
              for a, b in [_parts(m.group("f"))]
              if re.match(r"\s*(?:all\s+)?(?:those|these|them|the|our)\b", text[m.end():], re.I)]
    others = len(re.findall(r"\d+(?:[.,]\d+)*", text)) - sum(len(re.findall(r"\d+(?:[.,]\d+)*", f[1])) for f in found)
    return found[0] if len(found) == 1 and not others else None


def _pick(text: str, found: list[tuple[float, str, str, str]]) -> list[tuple[float, str, str, str]]:
    """The line(s) of the end the user names: "the smaller number" / "the cheap end" / "at the top" — else all."""
    for word in ("top", "bottom"):
        if re.search(rf"\b{word}\b", text, re.I) and (hit := [f for f in found if word in f[3]]):
            return hit[:1]
    if len(found) > 1 and _SMALL.search(text):
        return [min(found, key=lambda f: f[0])]
    if len(found) > 1 and _BIG.search(text):
        return [max(found, key=lambda f: f[0])]
    return found


def _stage(text: str) -> str:
    """What the rate turns the count into: "orders", "new accounts", "trucks", else what those do ("book and show up")."""
    last = [x for x in re.split(r"(?<=[.?!])\s+", text.strip()) if x][-1]  # "… 1 in 10 leads. trucks sold?"
    for rx, where in ((_HOWMANY, text), (_NOUN, text), (_NOUN, last)):
        m = rx.search(where)
        if m and m.group("n").lower() not in _NOT_STAGE:
            return m.group("n").lower()
    if b := _BECOME.search(text):  # "turns into a signed job": what they become, counted
        w = become_what(b)
        return w if w.endswith("s") else w + "s"
    v = _VERB.search(text)
    return "that " + _plural(v.group("v").lower()) if v else "of them"  # "that end up enrolling"


def _plural(verb: str) -> str:
    """The verb as the counted many do it: "1 in 6 books" counts people that *book* ("ends up" → "end up")."""
    first, _, rest = verb.partition(" ")
    base = first[:-3] + "y" if first.endswith("ies") else first[:-2] if first.endswith(("sses", "shes", "ches", "xes", "oes")) \
        else first[:-1] if first.endswith("s") and not first.endswith("ss") else first
    return f"{base} {rest}".strip()


def _clicks_of_seen(text: str, answer: str) -> bool:
    """Clicks asked of impressions worked out (the funnel's identity: clicks = impressions × click-through rate)."""
    found = worked(answer)
    return bool(re.search(r"\bclicks\b", text, re.I) and not re.search(r"\d", text) and found
                and found[0][2].startswith("impression"))


def work(text: str, answers: list[str]) -> str | None:
    """The chained working for this message over the earlier ``answers`` (oldest first), or None."""
    if not answers or len(text) > 160:
        return None
    rate = _user_rate(text)
    named = rate and next((u for a in answers[-3:] for _, _, u, _ in worked(a)
                           if re.search(rf"\b{re.escape(u.split()[0])}\b", text, re.I)), None)  # "1 in 10 leads"
    if not _BACK.search(text) and not named and not (rate and _IN.search(rate[1]) and len(text) < 60):
        return None
    if rate and CHANGE_VERB.search(phrasalup.blank(text[max(0, text.find(rate[1]) - 30):text.find(rate[1]) + len(rate[1]) + 20])):
        return None  # "cut that by 10%" moves a budget: no share of a count
    src = next((i for i in range(len(answers) - 1, max(-1, len(answers) - 4), -1) if worked(answers[i])), None)
    if src is None:
        return None
    quoted, clicks = None, False
    if rate is None:
        clicks = _clicks_of_seen(text, answers[src])  # "how many clicks would the bigger number get": × the CTR quoted since
        if not clicks and (re.search(r"\d", text) or " " in (stage := _stage(text)) or stage == "of them" or not _GOING_BY.search(text)):
            return None  # no rate and nothing named to count: "what about the cheap end" is no chain
        later = [a for a in answers[src + 1:] if _QUOTED_RATE.search(a) and (not clicks or "click-through" in a)]
        if not later:  # the rate must be one quoted after the count was worked ("going by that")
            return None
        quoted = _QUOTED_RATE.search(later[-1])
    elif src == len(answers) - 1 and carryrate.work(text, answers[-1]):
        return None  # a share of the last working that carryrate reads: its move
    found = worked(answers[src])
    if named and not _BACK.search(text):  # the unit named, no end pointed at: every end worked out lately
        seen = {f[1] for f in found}
        found += [f for a in answers[max(0, src - 2):src] for f in worked(a) if f[2] == found[0][2] and f[1] not in seen
                  and not seen.add(f[1])]
        found.sort(key=lambda f: f[0])
    found = _pick(text, found)
    if not found:
        return None
    what = "clicks" if clicks else _stage(text)
    head = _HEAD.search(answers[src])
    lines = []
    rates = [(rate[0], rate[2])] if rate else [(float(quoted.group(g)), f"× {quoted.group(g)}%") for g in ("lo", "hi")]
    for count, how, unit, tail in found:
        s, shown = result(count, False)
        shown = plain(count) if s == "=" else shown  # "150", not "150.0"
        lines.append(f"{how} {s} {shown} {unit}{tail}")
        for r, said in rates:
            s2, n = result(count * r / 100, True)
            lines.append(f"{shown} {said} {s2} {n} {what}")
    opening = (head.group(0)[:-1].replace("With the", "Counted with the", 1) + ",") if head else "Counted before,"
    if quoted:
        rate_said = (f"at the Typical {quoted.group('what')} range of {quoted.group('lo')}%–{quoted.group('hi')}% "
                     f"(Based on Knowledge Base [{quoted.group('cite')}])")
    else:
        return f"{opening[:-1]}. At your rate of {rate[1].strip()}:\n" + "\n".join(f"- {ln}" for ln in lines)  # apart from the cite
    return f"{opening} {rate_said}:\n" + "\n".join(f"- {ln}" for ln in lines)


# the next stage's usual rate asked in words, no figure: "what's the normal rate", "the usual share that click"
_RATE_ASKED = re.compile(r"\b(?:usual|typical|normal|average|standard|going)\b[^.?!]{0,20}\b(?:rate|share|percent(?:age)?|ratio)\b|"
                         r"\b(?:rate|share|percent(?:age)?)\b[^.?!]{0,20}\b(?:usually|typically|normally)\b", re.I)
# the next stage asked of the count just worked, pointed at as "that": "how many clicks is that then"
_IS_THAT = re.compile(r"\bhow many [a-z]+ (?:is|would|will|does|do) (?:that|this)\b", re.I)
_SEEN = re.compile(r"^(?:impressions?|views?|imps?)$", re.I)


def lookup(text: str, last_answer: str, vertical: str | None) -> tuple[str, dict] | None:
    """"how many of those would sign up, what's the usual rate" right after a working: the rate that turns what it
    counted into the next stage, looked up for the conversation's business — the click-through rate for impressions,
    the conversion rate for clicks or visits (the funnel's own identities), on the platform the count was worked for
    ("… CPM on Meta range of …") — or None."""
    found = worked(last_answer)
    if not vertical or not found or re.search(r"\d", text) or not _RATE_ASKED.search(text) or not (
            _BACK.search(text) or _IS_THAT.search(text)):
        return None
    unit = found[0][2].split()[0]
    metric = "CTR" if _SEEN.match(unit) else "CVR" if re.match(r"^(?:clicks?|visits?|visitors?|sessions?)$", unit, re.I) else None
    on = re.search(r"^(?:With|Counted with) the Typical [^\n]*? on ([A-Z][\w&.' -]{1,30}?) range of", last_answer, re.M)
    return ("get_benchmark", {"vertical": vertical, "metric": metric, **({"platform": on.group(1)} if on else {})}) if metric else None
