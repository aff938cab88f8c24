"""A terse "per day?", "so whats that per week", "the flight is 6 weeks, per week?" after a working: the results the
last working showed, restated per that period, both ends kept.

Why a module: :mod:`agent.offline.calcperiod` asks the last *question* again with the period in it, which only works
when that question was a "how many <things>" the arithmetic re-times by months. People ask for a result per day or per
week of a stretch they name ("the season runs about 20 weeks"), after answers of any kind of working (a budget needed,
a count of sign-ups from a chain of rates). English gives the meaning: a message that names nothing but a period (and
perhaps the stretch the earlier figure covered, or the unit it is "in") asks the figures just worked out, spread evenly
over that period. So the earlier answer's own working lines are taken as they stand, each final result divided (or
multiplied) by the period conversion, with the conversion said once (a month counted as 30 days, 52/12 ≈ 4.33 weeks).
The period the earlier figures were for is read from the conversation: a stretch said ("6 weeks"), else the period the
budget or target was said for ("8000 a month", "for the quarter", "in april"). Nothing read, nothing answered here.
"""
from __future__ import annotations

import ast
import operator
import re

from agent.offline.calendarwords import MONTHS
from agent.offline.campaignwords import CAMPAIGN

_ASK = re.compile(r"\b(?:per|a|each|every|by the|on a)\s+(day|week|month|year|quarter)\b|\b(daily|weekly|monthly|yearly|"
                  r"annually|quarterly)\b", re.I)
_ADJ = {"daily": "day", "weekly": "week", "monthly": "month", "yearly": "year", "annually": "year", "quarterly": "quarter"}
# the stretch the earlier figures cover: "the flight is 6 weeks", "season runs about 20 weeks", "over the 6 weeks"
_STRETCH = re.compile(r"\b(?:is|are|runs?|lasts?|over|across|for|of|spans?|takes?)\s+(?:the\s+)?(?:about|roughly|around|"
                      r"maybe|just|only)?\s*(\d{1,3})\s*(week|day|month)s?\b", re.I)
# … and the campaign or stretch they are said of ("for the flight", "over the season"): words a terse ask may add
_SPAN_NAME = re.compile(r"\b(?:the\s+)?(?:" + "|".join(CAMPAIGN + ("season", "run", "stretch")) + r")\b", re.I)
_MONTHS = "|".join(MONTHS)
_SAID = re.compile(rf"(?:\b(?:a|per|each|every|this|for the|the|in the|in a|next|for a|over the|/)\s*(month|quarter|year|week|"
                   rf"mo|qtr|yr)\b(?!\s+of\s+(?:th|them|it|our|us|all|every|each|people|leads))|\b(monthly|quarterly|yearly|annually|annual|weekly)\b|\b(?:for|in|during)\s+({_MONTHS})\b)",
                   re.I)
_TERSE = frozenset("so and what whats what's is that thats that's it then in how much many about roughly ok okay per a each "
                   "every the over basis terms of comes come to does work out break down broken would be look like "
                   "number numbers figure figures those these on by".split())
_LINE = re.compile(r"^- (?P<lhs>[^=≈\n]+?)\s*(?:=|≈)\s*(?P<res>\$?[\d,]+(?:\.\d+)?)(?P<rest>[^=≈\n]*)$", re.M)
_MONTHS_IN = {"month": 1.0, "quarter": 3.0, "year": 12.0}
_DAYS = {"week": 7, "month": 30, "quarter": 90, "year": 365}
_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv}


def asked(text: str) -> tuple[str, tuple[int, str] | None, str | None] | None:
    """(the period asked, the stretch said with it or None, the unit it is asked "in" or None) when the message names
    nothing but those, else None."""
    periods = {(m.group(1) or _ADJ[m.group(2).lower()]).lower() for m in _ASK.finditer(text)}
    if len(periods) != 1:
        return None
    rest = _ASK.sub(" ", text)
    stretch = _STRETCH.search(rest)
    rest = _STRETCH.sub(" ", rest)
    rest = _SPAN_NAME.sub(" ", rest)
    unit = re.search(r"\b(?:in|of)\s+([a-z]+s)\b", rest, re.I)
    rest = rest[:unit.start()] + rest[unit.end():] if unit else rest
    words = re.findall(r"[a-z']+|\d", rest.lower())
    if any(w not in _TERSE for w in words):
        return None
    return periods.pop(), ((int(stretch.group(1)), stretch.group(2).lower()) if stretch else None), \
        (unit.group(1).lower() if unit else None)


def _value(expr: str) -> float | None:
    """The written working's value ("$12,000 ÷ $1.30 × 1.8%"), or None when it is not plain arithmetic."""
    e = re.sub(r"(\d[\d,]*(?:\.\d+)?)\s*%", r"(\1/100)", expr.replace("$", "").replace("−", "-"))
    e = e.replace("×", "*").replace("÷", "/").replace(",", "")
    try:
        tree = ast.parse(e, mode="eval")
    except SyntaxError:
        return None

    def ev(n):
        if isinstance(n, ast.Expression):
            return ev(n.body)
        if isinstance(n, ast.Constant) and isinstance(n.value, (int, float)):
            return float(n.value)
        if isinstance(n, ast.BinOp) and type(n.op) in _OPS:
            return _OPS[type(n.op)](ev(n.left), ev(n.right))
        raise ValueError(n)
    try:
        return ev(tree)
    except (ValueError, ZeroDivisionError):
        return None


def _lines(answer: str) -> list[re.Match]:
    """The working lines of an answer (of an earlier re-timing, its base figures only)."""
    answer = re.split(r"\nPer (?:day|week|month|quarter|year) \(", answer or "")[0]
    return [m for m in _LINE.finditer(answer) if _value(m.group("lhs")) is not None]


def _expanded(m: re.Match, every: list[re.Match]) -> str:
    """A line's working with an earlier line's rounded result written as that line's own working ("9,231 × 1.8%" →
    "$12,000 ÷ $1.30 × 1.8%"): the exact figure, and every input shown in one line."""
    lhs = m.group("lhs").strip()
    for n in reversed([n for n in every if n.start() < m.start()]):
        res = n.group("res").replace("$", "")
        hit = re.search(rf"(?<![\d.,])\$?{re.escape(res)}(?![\d])", lhs)
        if hit:
            inner = n.group("lhs").strip()
            inner = inner if hit.start() == 0 and "−" not in inner and "+" not in inner else f"({inner})"
            lhs = lhs[:hit.start()] + inner + lhs[hit.end():]
    return lhs


def finals(answer: str) -> list[re.Match]:
    """The working lines of an answer whose results no later line works on (the results it ends with)."""
    lines = _lines(answer)
    out = []
    for i, m in enumerate(lines):
        res = m.group("res").replace("$", "").replace(",", "")
        if not any(re.search(rf"(?<![\d.,]){re.escape(m.group('res').replace('$', ''))}(?![\d])", n.group("lhs").replace(
                "$", "")) for n in lines[i + 1:]) and res:
            out.append(m)
    return out


def _unit_of(m: re.Match) -> str:
    """The counted thing a result line names ("new customers at the top …" → "new customers")."""
    w = re.match(r"\s*((?:(?!(?:at|on|from|in|for|with|over|per|a|the|if)\b)[a-z][a-z\-]*\s*){1,3})", m.group("rest"))
    return w.group(1).strip() if w else ""


def _first(m: re.Match) -> float | None:
    n = re.match(r"\s*\$?([\d,]+(?:\.\d+)?)", m.group("lhs"))
    return float(n.group(1).replace(",", "")) if n else None


def source(said: list[str], unit: str | None, budget: float | None = None) -> int | None:
    """Which earlier answer's results are meant: the last answer when it shows working lines, or, for the unit
    named ("in guests"), any earlier one counting it; of those, one worked on the budget now in force ("back to the
    full 5k") before one worked on a budget since changed."""
    start = -1 if unit else max(-1, len(said) - 2)  # "per day?" re-times the answer just given, never an older one
    found = [k for k in range(len(said) - 1, start, -1) if (f := finals(said[k])) and (
        not unit or any(_unit_of(m).rstrip("s").endswith(unit.rstrip("s")) for m in f))]
    if not found:
        return None
    if unit and budget:
        return next((k for k in found if any(_first(m) == budget for m in finals(said[k]))), found[0])
    return found[0]


def earlier_period(users: list[str], k: int, stretch) -> tuple[str, int] | None:
    """The period the figures of answer ``k`` were for: the stretch said now, else the nearest said up to turn ``k``."""
    if stretch:
        return stretch[1], stretch[0]
    for text in reversed(users[:k + 1]):
        if s := _STRETCH.search(text):
            return s.group(2).lower(), int(s.group(1))
        if m := _SAID.search(text):
            w = (m.group(1) or m.group(2) or "").lower()
            if m.group(3):
                return "month", 1
            return ("year" if w.startswith(("y", "annual")) else "quarter" if w.startswith("q") else "week"
                    if w.startswith("week") else "month"), 1
    return None


def conversion(frm: tuple[str, int], to: str) -> tuple[list[tuple[str, float]], str] | None:
    """The steps from a figure for ``frm`` (period, how many of it) to one per ``to``, and the note saying how."""
    p, n = frm
    if n > 1:
        if p == to:
            return [("÷", n)], f"spread evenly over the {n} {p}s"
        if to == "day" and p in _DAYS:
            return [("÷", n * _DAYS[p])], f"spread evenly over the {n} {p}s, {n} × {_DAYS[p]} = {n * _DAYS[p]} days"
        return None
    if p == to:
        return None
    if p in _MONTHS_IN and to in _MONTHS_IN:
        r = _MONTHS_IN[to] / _MONTHS_IN[p]
        big = to if r > 1 else p
        return ([("×", r)] if r > 1 else [("÷", 1 / r)]), f"spread evenly, a {big} being {_MONTHS_IN[big]:g} months"
    if to == "day" and p in _DAYS:
        return [("÷", _DAYS[p])], f"spread evenly, a {p} counted as {_DAYS[p]} days"
    if to == "week":
        return {"month": ([("×", 12), ("÷", 52)], "spread evenly, a month counted as 52 ÷ 12 ≈ 4.33 weeks"),
                "quarter": ([("÷", 13)], "spread evenly, a quarter counted as 13 weeks"),
                "year": ([("÷", 52)], "spread evenly, a year counted as 52 weeks")}.get(p)
    if p == "week":
        return {"month": ([("×", 52), ("÷", 12)], "a month counted as 52 ÷ 12 ≈ 4.33 weeks"),
                "quarter": ([("×", 13)], "a quarter counted as 13 weeks"),
                "year": ([("×", 52)], "a year counted as 52 weeks")}.get(to)
    return None


def _fmt(v: float, money: bool) -> str:
    s = f"{v:,.0f}" if abs(v - round(v)) < 0.005 else f"{v:,.2f}"
    return f"${s}" if money else s


def plan(text: str, users: list[str], said: list[str], budget: float | None = None):
    """(source answer index, conversion steps, its note, the period asked) for a terse period ask, else None."""
    if not (a := asked(text)) or (k := source(said, a[2], budget)) is None:
        return None
    frm = earlier_period(users, k, a[1])
    conv = conversion(frm, a[0]) if frm else None
    return (k, conv[0], conv[1], a[0]) if conv else None


def reply(text: str, users: list[str], said: list[str], budget: float | None = None) -> str | None:
    """The answer: the earlier answer's cited lead-in, its results, and each result per the period asked."""
    if not (p := plan(text, users, said, budget)):
        return None
    k, steps, note, to = p
    src = said[k]
    head = next((ln for ln in src.splitlines() if "[" in ln and ln.rstrip().endswith(":")), "")
    cites = re.findall(r"\[[a-z0-9][\w.\-]*#\d+\]", src)
    if not head and not cites:
        return None
    shown, every = finals(src), _lines(src)
    out = [head or f"From the earlier working (Based on Knowledge Base {cites[0]}):", *[m.group(0) for m in every],
           f"Per {to} ({note}):"]
    for m in shown:
        lhs = _expanded(m, every)
        v = _value(lhs)
        for op, f in steps:
            v = v * f if op == "×" else v / f
        money = m.group("res").startswith("$")
        tail = m.group("rest").strip()
        unit = _unit_of(m)
        rest = tail[len(unit):].strip() if unit else tail
        chain = " ".join(f"{op} {f:g}" for op, f in steps)
        lhs = f"({lhs})" if "−" in lhs or "+" in lhs else lhs
        out.append(f"- {lhs} {chain} ≈ {_fmt(v, money)}{' ' + unit if unit else ''} a {to}{' ' + rest if rest else ''}")
    return "\n".join(out)


def lookup(text: str, raw: list, said: list[str], tools: set[str], budget: float | None = None):
    """The tool calls that fetch again the passages the earlier answer cited: that turn's own look-ups that found them
    (``raw``: (user text, outcomes) of the earlier turns), else a search of its lead-in."""
    if not (p := plan(text, [h[0] for h in raw], said, budget)):
        return None
    src = said[p[0]]
    again = [(o.name, dict(o.input)) for o in (raw[p[0]][1] if p[0] < len(raw) else []) if o.found and o.name in tools]
    if again:
        return again
    head = next((ln for ln in src.splitlines() if "[" in ln), src[:300])
    if "search_knowledge_base" in tools:
        return [("search_knowledge_base", {"query": re.sub(r"\[[^\]]*\]", " ", head)[:300], "top_k": 8})]
    return None


def respond(text: str, raw: list, said: list[str], outcomes: list, tools: list[dict] | None, n: int):
    """The policy's turn for a terse period ask: first the earlier answer's passage fetched again, then the answer."""
    from agent.messages import ModelResponse
    from agent.offline.recall import read
    from agent.offline import calcperiod
    if not asked(text) or calcperiod.restated(text, raw):  # months to months of a "how many": the question asked again
        return None
    budget = read(raw).facts.get("budget") if raw else None
    names = {t["name"] for t in tools or []}
    usage = {"input_tokens": 0, "output_tokens": 0}
    if not outcomes:
        calls = lookup(text, raw, said, names, budget)
        return ModelResponse(content=[{"type": "tool_use", "id": f"toolu_offline_{n:03d}_p{i}", "name": c, "input": inp}
                                      for i, (c, inp) in enumerate(calls)], stop_reason="tool_use",
                             model="offline-extractive-baseline", usage=usage) if calls else None
    body = reply(text, [h[0] for h in raw], said, budget)
    return ModelResponse(content=[{"type": "text", "text": body}], stop_reason="end_turn",
                         model="offline-extractive-baseline", usage=usage) if body else None
