"""What one won customer costs from the price of a lead and the share of leads closed: "we close about 1 in 5 leads, so
at $140 a lead what does each new policyholder cost?", "3 out of every 10 callers book; at $60 a call what's a booking
costing us?", "we convert 25% of leads, $80 per lead — cost per client?".

Why: a close rate said as "N in M" / "N out of (every) M" was read as a count ("5 leads") and the budget for that
many leads was worked instead; the cost of one customer is the cost of one lead ÷ the share closed (the funnel the
KB's own CAC arithmetic walks: CPL ÷ lead-to-customer rate). Only English is read here — a close verb, the "N in M"
shape, a cost of one asked — and both inputs are the user's: nothing is looked up or invented.
"""
from __future__ import annotations

import re

from agent.offline.closerate import close_rate
from agent.offline.numbers import digits, money, plain, priced, result

_VERB = r"(?:close|closes|closed|closing|convert|converts|converted|converting|sign|signs|signed|win|wins|won|book|books|" \
        r"booked|turn|turns|turned|become|becomes|buy|buys|bought|enrol\w*|enroll\w*|join|joins)"
# "1 in 5", "3 out of every 10", "one in four" (digits() has turned number words into digits)
_IN_EVERY = re.compile(r"\b(?P<n>\d+)\s+(?:in|out of|of)\s+(?:every\s+)?(?P<m>\d+)\b", re.I)
# the cost of one won customer asked: "what does each new policyholder cost", "cost per client", "what's a booking costing"
_ONE_ASKED = re.compile(r"\b(?:what|how much)\b[^.?!]{0,40}\b(?:each|every|one|a|an|per)\s+(?:new\s+|won\s+|paying\s+)?"
                        r"(?P<noun>[a-z]+)\b[^.?!]{0,25}\b(?:cost|costs|costing|run|runs|come to|work out)\b|"
                        r"\bcost (?:per|of (?:a|an|each|one)|for (?:a|an|each|one)) (?:new\s+)?(?P<noun2>[a-z]+)\b|\b(?:cac|cpa)\b", re.I)


def spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` (already through :func:`digits`) says a close rate as "N in M" near a close verb or "close rate"."""
    out = []
    for m in _IN_EVERY.finditer(text):
        near = text[max(0, m.start() - 40):m.end() + 40]
        if int(m["m"]) and int(m["n"]) < int(m["m"]) and re.search(rf"\b{_VERB}\b|\bclose rate\b|\bconversion\b", near, re.I):
            out.append((m.start(), m.end()))
    return out


def rate(text: str) -> tuple[float, str, str] | None:
    """(the share closed as a fraction, how it was said, its working line or "") — "1 in 5" is 0.2 with "1 ÷ 5 = 0.2"."""
    t = digits(text)
    if got := spans(t):
        m = _IN_EVERY.match(t, got[0][0])
        v = int(m["n"]) / int(m["m"])
        eq, shown = result(v, False)
        return v, m.group(0), f"{m['n']} ÷ {m['m']} {eq} {shown} — your close rate ({m.group(0)})"
    pct = close_rate(t)
    return (pct / 100, f"{plain(pct)}%", "") if pct else None


def lines(text: str, unit_cost: float | None) -> list[str]:
    """The working of one won customer's cost from the cost of a lead and the close rate, or [] when either is missing
    or the message asks no cost of one."""
    asked, got = _ONE_ASKED.search(digits(text)), rate(text)
    if not unit_cost or not got or not asked or not got[0]:
        return []
    noun = (asked["noun"] or asked["noun2"] or "customer").lower()
    if noun in ("one", "of", "the", "it", "that", "cac", "cpa") or noun.startswith("lead"):
        noun = "customer"
    v, _, first = got
    eq, cost = priced(unit_cost / v)
    return ([f"- {first}"] if first else []) + [
        f"- {money(unit_cost)} ÷ {plain(round(v, 4))} {eq} {cost} — your CAC (each new {noun}: "
        "cost per lead ÷ the share of leads closed)"]


# the last answer's working of one won customer: "$140 ÷ 0.20 = $700 — your CAC (each new policyholder: …)"
_WORKED = re.compile(r"^- \$[\d,.]+ ÷ (?P<v>\d+(?:\.\d+)?) [=≈] \$[\d,.]+ — your CAC \(each new (?P<noun>[a-z]+):", re.M)
# the range this turn's answer quoted: "the Typical financial-services CPL (cost per lead) range is $45–$110"
_RANGE = re.compile(r"Based on Knowledge Base \[(?P<cite>[^\]]+)\], the Typical (?P<what>[^.\n]*?\b(?:CPL|cost per lead)\b[^.\n]*?) "
                    r"range is \$(?P<lo>\d[\d,]*(?:\.\d+)?)\s*[–-]\s*\$(?P<hi>\d[\d,]*(?:\.\d+)?)")
# … or as a plain-text KB's figures read out: "the Roofing Contractors CPL figures are: Google Ads 2025: $96-121 [costs#3]."
_FIGURES = re.compile(r"the (?P<what>[^.\n]*?\b(?:CPL|cost per lead)\b[^.\n]*?) figures are: (?:[^:;\n\[]*?: )?\$(?P<lo>\d[\d,]*(?:\.\d+)?)"
                      r"\s*[–-]\s*\$?(?P<hi>\d[\d,]*(?:\.\d+)?) \[(?P<cite>[^\]]+)\]\.?$", re.M)
_ENDS = {"high": re.compile(r"\b(?:top|high|upper|pricey|pricier|expensive|dear)\b", re.I),
         "low": re.compile(r"\b(?:bottom|low|lower|cheap|cheaper|cheapest)\b", re.I)}


def again(text: str, said: list[str], answer: str) -> str:
    """``answer`` with the last answer's cost of one won customer worked again at the point of the lead-price range it
    quotes that the message names ("and at the middle of the normal lead range?", "what about the cheap end"): the
    share closed is the user's, read from that working; the lead price is the KB's range, cited; else as it is."""
    from agent.offline import midrange
    last = _WORKED.search(said[-1] if said else "")
    quoted = _RANGE.search(answer or "") or _FIGURES.search(answer or "")  # one range only: a list of several is no pick
    if not last or not quoted or re.search(r"\d", text or "") or "your CAC" in (answer or ""):
        return answer
    lo, hi = (float(quoted.group(g).replace(",", "")) for g in ("lo", "hi"))
    points = (["mid"] if midrange.asked(text) else []) + [e for e in ("high", "low") if _ENDS[e].search(text)]
    if not points:
        return answer
    v, noun, lines = float(last.group("v")), last.group("noun"), []
    for point in points[:1] if points[0] == "mid" else points:
        price, note, _ = midrange.at(point, lo, hi, quoted.group("cite"))
        mid = f"({money(lo)} + {money(hi)}) ÷ 2 = {money(price)} a lead at the middle of the Typical range; " if point == "mid" else ""
        eq, cost = priced(price / v)  # one line per point: the lead price, then the customer
        lines.append(f"{mid}{money(price)} ÷ {plain(v)} {eq} {cost} — your CAC {note.split(':')[0]} (each new "
                     f"{noun}: cost per lead ÷ the share of leads closed)")
    return (f"With the Typical {quoted.group('what')} range of {money(lo)}–{money(hi)} (Based on Knowledge Base "
            f"[{quoted.group('cite')}]), at your close rate:\n" + "\n".join(f"- {ln}" for ln in lines) + f"\n\n{answer}")
