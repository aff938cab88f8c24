"""A rate applied to the count the last answer worked out: "and how many of those clicks would turn
into sales at a typical conversion rate?".

Why: the count ("those clicks") was computed one turn earlier — the previous answer's working says
"$6,000 ÷ $5.40 ≈ 1,111 clicks" — and the rate is the benchmark this turn looked up. Neither the
message nor the remembered slots hold the count, so it is read back from that working line (and
recomputed from its operands, not from its rounded result), then multiplied by the rate at each
figure the benchmark gives. What is read is English ("how many of those/these <things>", "turn
into/become <things>") and the agent's own working lines; the rate is the knowledge base's, cited.
"""
from __future__ import annotations

import re

from agent.offline.numbers import plain, result

# "how many of those clicks …", or no noun: "how many of those convert" (a verb is what they do, not what they are)
_THOSE = re.compile(r"\bhow many of (?:those|these|them|the|that)\b\s*(?P<unit>(?!(?:converts?|turns?|translates?|becomes?|ends?|"
                    r"result|buys?|signs?|books?|closes?|would|will|could|might|do|does|did|actually|really|then)\b)[a-z]+)?", re.I)
# … or the pointer said first, then the question: "out of those clicks, how many would buy?", "of these, how many sign up?"
_THOSE_FIRST = re.compile(r"\b(?:out )?of (?:all )?(?:those|these|them|that)\b(?:\s+(?P<unit>(?!how\b)[a-z]+))?\s*,?\s*how many\b", re.I)
_BECOME = re.compile(r"\b(?:turn|turns|convert|converts|translate|translates)\s+(?:in)?to\s+(?:a |an |new |paying )?"
                     r"(?P<what>[a-z]+(?: [a-z]+)?)|\b(?:become|becomes|end up as|result in)\s+(?:a |an |new |paying )?(?P<w2>[a-z]+(?: [a-z]+)?)",
                     re.I)
# a working line: a budget divided by a price ("$6,000 ÷ $5.40 ≈ 1,111 clicks"), or a count taken at a rate
# ("714,285.71 × 1% ≈ 7,143 clicks": a funnel's next stage), either one cited at its end or not
_WORKED = re.compile(r"^-\s*(?:\$?(?P<a>[\d,]+(?:\.\d+)?)\s*÷\s*\$?(?P<b>[\d,]+(?:\.\d+)?)(?P<k>\s*×\s*1,000)?|"
                     r"(?P<m>[\d,]+(?:\.\d+)?)\s*×\s*(?P<p>\d+(?:\.\d+)?)%)\s*[=≈]\s*"
                     r"[\d,.]+\s+(?P<unit>[a-z][a-z ]*?)(?P<tail>\s+at\b.*?)?(?:\s*\[[^\]\s]+\])?$", re.M)


def _pointed(text: str) -> re.Match | None:
    """The words pointing back at the count just worked out, with the unit they name (group "unit", may be None)."""
    return _THOSE.search(text) or _THOSE_FIRST.search(text)


# a count of the next stage asked at a rate, no count stated: "how many sales would that be at a normal conversion rate?",
# "and sign-ups at the usual conversion rate?" — after a working, the rate applies to what it counted
_NEXT_AT_RATE = re.compile(r"(?:\bhow many (?:new |more )?(?P<a>[a-z][a-z\-]+s)\b|^\W*(?:(?:and|so|then|ok|okay)\W+)*(?:the )?"
                           r"(?P<b>[a-z][a-z\-]+s) (?:at|with|using|going by|based on|on)\b)(?![^?.!]*\b(?:of|from) (?:\$?\d))"
                           r"[^?.!]*\b(?:rates?|cvr|ctr|conversion|convert\w*|share|percent(?:age)?|proportion)\b", re.I)  # a rate said as a share


def _next_stage(text: str, previous_answer: str) -> str | None:
    """The result asked at a rate of the count the last answer worked out ("sales"), or None."""
    m = _NEXT_AT_RATE.search(text)
    return (m.group("a") or m.group("b")).lower() if m and first_unit(previous_answer) and not re.search(
        r"\d", text) else None


def first_unit(answer: str) -> str:
    """The unit the first working line of ``answer`` counted ("clicks"), else "": what "how many of those convert" counts
    when the message names nothing (here, :mod:`proserate`)."""
    return next((w.group("unit") for w in _WORKED.finditer(answer or "")), "")


def become_what(m: re.Match) -> str:
    """What a :data:`_BECOME` match says the count turns into, a trailing small word trimmed: "jobs if" → "jobs" (here,
    :mod:`chainrate`, :mod:`proserate`)."""
    return re.sub(r"\s+(?:at|if|for|with|on|in|by|from|when|and|or|a|an|the|we|us|per)$", "", m.group("what") or m.group("w2"))


def _num(s: str) -> float:
    return float(s.replace(",", ""))


def worked(answer: str) -> list[tuple[float, str, str, str]]:
    """(the count, its working "$6,000 ÷ $5.40", the unit counted, what follows it: "at the top of …") of each working
    line of ``answer`` — the one reader of an earlier answer's counts (here, :mod:`carryrate`, :mod:`chainrate`)."""
    out = []
    for m in _WORKED.finditer(answer or ""):
        how = m.group(0)[1:].split("=")[0].split("≈")[0].strip()
        if m.group("m"):
            out.append((_num(m.group("m")) * float(m.group("p")) / 100, how, m.group("unit").strip(), m.group("tail") or ""))
        elif _num(m.group("b")):
            k = 1000 if m.group("k") else 1
            out.append((_num(m.group("a")) / _num(m.group("b")) * k, how, m.group("unit").strip(), m.group("tail") or ""))
    return out


def counts(answer: str, unit: str) -> list[tuple[float, str]]:
    """(the count, its working "$6,000 ÷ $5.40") of each working line of ``answer`` that counts ``unit``."""
    return [(n, how) for n, how, said, _ in worked(answer)  # "tours booked": its noun
            if not unit or any(w.rstrip("s") == unit.split()[0].rstrip("s") for w in said.split())]


def _rate(bench: dict[str, dict], metrics: list[str]) -> tuple[dict, list[float]] | None:
    """The benchmark looked up this turn that is a percentage (a conversion or click-through rate)."""
    for key in [*metrics, *bench]:
        b = bench.get(key)
        if b and "%" in b.get("typical", "") and b.get("range"):
            return b, list(dict.fromkeys(b["range"]))
    return None


# how often each person sees the ad ("if each person sees it about 5 times", "at a frequency of 4") and the people asked
_WORD_N = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_FREQ = re.compile(r"\b(?:sees?|seeing|saw|seen|shown|served|views?)\b[^.?!]{0,30}?\b(\d+(?:\.\d+)?|two|three|four|five|six|"
                   r"seven|eight|nine|ten)\s*(?:times|x)\b|\bfrequency (?:of |is |at |around |about )*(\d+(?:\.\d+)?)\b", re.I)
_PEOPLE = re.compile(r"\bhow many\s+(?:different |unique |individual |separate |distinct |actual )?(?:people|persons|users|"
                     r"viewers|households|individuals)\b", re.I)


def reached(text: str, previous_answer: str) -> str | None:
    """"If each person sees the ad about 5 times, how many different people is that?" after impressions were worked
    out: reach = impressions ÷ frequency, on each count the last working ended in (media planning's identity; the
    frequency is the user's), or None."""
    f, people = _FREQ.search(text), _PEOPLE.search(text)
    if not f or not people:
        return None
    n = f.group(1) or f.group(2)
    freq = float(_WORD_N.get(n.lower(), n) if not n.replace(".", "").isdigit() else n)
    found = counts(previous_answer, "impressions")
    if not found or freq <= 1:
        return None
    lines = []
    for count, how in found:
        s, shown = result(count, False)
        lines.append(f"{how} {s} {shown} impressions")
        s2, n2 = result(count / freq, True)
        lines.append(f"{shown} ÷ {plain(freq)} {s2} {n2} people reached (each seeing the ad {plain(freq)} times)")
    head = (previous_answer or "").split("\n", 1)[0].strip()  # the cited prices the impressions were worked at
    head = head if head.startswith("With the Typical") and head.endswith(":") else "Applied to the impressions worked out before:"
    return head + "\n" + "\n".join(f"- {ln}" for ln in lines) + f"\n\nReach is impressions ÷ frequency (your {plain(freq)})."


def applied(text: str, previous_answer: str, bench: dict[str, dict], metrics: list[str],
            count: float | None = None, unit: str = "") -> str | None:
    if (r := reached(text, previous_answer)) is not None:
        return r
    """The working for "how many of those X would become Y" at the benchmark rate, or None; with a
    ``count`` the message states ("5,000 clicks a month: how many conversions?", or the ``unit`` asked by its name
    alone: "10,000 clicks → bookings?"), that count instead."""
    m = re.search(r"\bhow many (?:more |new )?(?P<what>[a-z]+)", text, re.I)
    what = m.group("what") if m else unit
    if count and what and not _pointed(text) and (got := _rate(bench, metrics)):
        b, rates = got
        lines = [f"{plain(count)} × {plain(r)}% {s} {n} {what}" for r in rates
                 for s, n in [result(count * r / 100, True)]]
        cite = b["facts"][0][2] if b.get("facts") else b["id"]
        return (f"With the Typical {b['label'].split(' — ')[0]} range of {b['typical']} (Based on Knowledge Base "
                f"[{cite}]), applied to your {plain(count)}:\n" + "\n".join(f"- {ln}" for ln in lines))
    m, nxt = _pointed(text), _next_stage(text, previous_answer)
    got = _rate(bench, metrics) if m or nxt else None
    if not got:
        return None
    # "how many of those convert": the count the last working ended in (its first line's unit), not every line's
    unit = (m.group("unit") if m else None) or first_unit(previous_answer)
    found = counts(previous_answer, unit)
    if not found:
        return None
    b, rates = got
    became = _BECOME.search(text)
    named = re.search(r"\bhow many (?!(?:of|would|will|could|might|should|do|does|did|are|is|can|more|then)\b)([a-z]{3,}s)\b", text, re.I)
    what = become_what(became) if became else named.group(1) if named else nxt or "conversions"  # "how many sales"
    lines = []
    for count, how in found:
        s, shown = result(count, False)
        shown = plain(round(count, 6)) if s == "=" else shown  # "2,000,000", not "2,000,000.0"
        lines.append(f"{how} {s} {shown} {unit or 'of them'}")
        for r in rates:
            s2, n = result(count * r / 100, True)
            lines.append(f"{shown} × {plain(r)}% {s2} {n} {what}")
    cite = b["facts"][0][2] if b.get("facts") else b["id"]
    what_rate = f"Typical {b['label'].split(' — ')[0]} range" if len(rates) > 1 else b["label"].split(" — ")[0]
    return (f"With the {what_rate} of {b['typical']} (Based on Knowledge Base [{cite}]), applied to the "
            f"{unit or 'count'} worked out before:\n" + "\n".join(f"- {ln}" for ln in lines))
