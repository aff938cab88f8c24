"""Claim-level helpers shared by the answer scorers: numbers with their units, matching a
claimed number against evidence within its stated rounding, and recognising answers that say
nothing (hedges, echoes of the question, passages pasted verbatim).

Why a second number layer beside ``scorers.text.numbers``: that parser only knows the symbols
``$ % x :1``, so "30–55 days" read as two unit-less small counts and passed every check. Here a
number also takes a unit from the word after it ("days", "dollars"), a range shares its unit
between both ends ("$30–55"), and two numbers only match when their units are the *same*
("30 days" never supports "$30", and a unit-less "30–55" does not state the KB's "$30–$55").
Everything is deterministic (regular expressions and the retrieval analyzer's stemmer).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from scorers.numwords import spelled_to_digits
from scorers.text import (MONEY_AFTER as _MONEY_AFTER, Num, content_words, equations, is_trivial_number, numbers, ranges, sentences,
                          strip_citations)

# -------------------------------------------------------------------- units
_TIME = {u: u for u in ("second", "minute", "hour", "day", "week", "month", "year", "quarter")}
_UNIT_WORD = re.compile(r"^\s?-?\s?(?P<w>seconds?|minutes?|hours?|days?|weeks?|months?|years?|quarters?|dollars?|bucks?|usd|"
                        r"zł|zl|pln|eur|kr|kč|lei|sek|nok|dkk|czk|huf|ron|percent|per cent|percentage points?|pp)\b", re.I)
_APPROX = re.compile(r"(?:\babout|\baround|\broughly|\bapproximately|\bnearly|\balmost|\bsome|\bca\.|~|≈|\bover|"
                     r"\bunder|\bjust (?:over|under))\s*$", re.I)


def unit_family(unit: str) -> str:
    """"x" and ":1" are the same quantity (a multiple); a span of time is its singular ("months", a KB row's unit,
    is the "month" a claim's "3-4 months" is read in); everything else is itself."""
    return "ratio" if unit in ("x", ":1") else "$" if unit.lower() in _MONEY_AFTER else unit[:-1] if unit.endswith("s") and unit[:-1] in _TIME else unit


@dataclass(frozen=True)
class Figure:
    """A number as claimed: value, unit family, and the rounding its written form states."""

    value: float
    unit: str  # "$", "%", "ratio", "day", "week", "month", "year", ... or "" (a plain count)
    start: int
    end: int
    text: str
    step: float  # the precision the digits state ("6.7 million" → 100,000; "$55" → 1)
    approx: bool  # "about 1.8 million", "~900": rounding to 2 significant figures is stated


def _step(n: Num) -> float:
    digits = n.raw.replace(",", "")
    decimals = len(digits.split(".", 1)[1]) if "." in digits else 0
    base = float(digits) if float(digits) else 1.0
    scale = n.value / base if base and n.unit != "%" else 1.0  # magnitude words ("million") and nothing else
    return (10.0 ** -decimals) * abs(scale or 1.0)


def figures(text: str, nums: list[Num] | None = None) -> list[Figure]:
    """Every number mention of ``text`` with a strict unit (see module doc); ``nums``: its
    :func:`scorers.text.numbers`, when the caller has them."""
    text = text or ""
    nums = numbers(text) if nums is None else nums
    units: list[str] = []
    for n in nums:
        u = unit_family(n.unit)
        m = _UNIT_WORD.match(text[n.end:n.end + 24])
        if m:
            w = m.group("w").lower()
            if w.startswith(("dollar", "buck", "usd")) or w in _MONEY_AFTER:
                u = u or "$"
            elif w.startswith(("percent", "per cent", "percentage", "pp")):
                u = "%"
            else:
                u = u or _TIME[w.rstrip("s")]
        units.append(u)
    for a, b in ranges(text, nums):  # "$30–55", "30–55 days": both ends share the unit
        ia, ib = nums.index(a), nums.index(b)
        if not units[ia] and units[ib]:
            units[ia] = units[ib]
        elif units[ia] and not units[ib]:
            units[ib] = units[ia]
    out = []
    for n, u in zip(nums, units):
        approx = bool(_APPROX.search(text[max(0, n.start - 16):n.start]))
        out.append(Figure(n.value, u, n.start, n.end, n.text, _step(n), approx))
    return out


def claim_figures(text: str) -> list[Figure]:
    """The figures of ``text`` that assert a fact (citations removed): unit-bearing numbers,
    large counts, ranges ("30–55") and time spans ("30–55 days") — not step numbers, ordinals, years or small
    plain counts ("3 channels"). A fresh list of (frozen) figures, memoised per text: the answer
    scorers read the same sentences (hedges, echoes, claims, citations)."""
    return list(_claim_figures(text))


@lru_cache(maxsize=8192)
def _claim_figures(text: str) -> tuple[Figure, ...]:
    clean = strip_citations(text)
    nums = numbers(clean)
    in_range = {(x.start, x.end) for pair in ranges(clean, nums) for x in pair}
    out = []
    for n, f in zip(nums, figures(clean, nums)):
        if is_trivial_number(n, clean):
            before = clean[max(0, n.start - 12):n.start]
            ranged = (n.start, n.end) in in_range and not re.search(r"\b(?:19|20)\d\d\b", n.raw)
            if _ORDINAL.search(before) or not (f.unit or ranged):
                continue  # "3 channels", "step 4", "day 3", "2026"; a range ("30–55") is a figure
        out.append(f)
    return tuple(out)


_ORDINAL = re.compile(r"\b(?:steps?|turn|round|phase|tier|week|day|month|q)\s*$", re.I)


def _round_sig(x: float, sig: int) -> float:
    if x == 0:
        return 0.0
    from math import floor, log10

    return round(x, sig - 1 - int(floor(log10(abs(x)))))


def value_matches(claim: Figure, value: float) -> bool:
    """Does ``claim`` state ``value`` — exactly, or within the rounding its written form states?
    "909" states 909.09; "6.7 million" states 6,712,000; "about 1.8 million" states 1,812,345;
    "$31" does not state $30 and "3.1x" does not state 3.0x."""
    tol = max(claim.step / 2.0, 0.005 * max(abs(claim.value), abs(value)), 1e-9)
    if abs(claim.value - value) <= tol + 1e-12:
        return True
    if claim.approx or abs(claim.value) >= 1000:  # "about 900", "6,700,000" (2 significant figures)
        return abs(_round_sig(value, 2) - claim.value) <= 0.005 * abs(claim.value) + 1e-9
    return False


def same_unit(claim_unit: str, evidence_unit: str) -> bool:
    return unit_family(claim_unit) == unit_family(evidence_unit)


@lru_cache(maxsize=8192)
def _evidence_figures(text: str) -> tuple[Figure, ...]:
    return tuple(figures(text))


def in_text(claim: Figure, text: str) -> bool:
    """``claim`` is stated in ``text`` with the same unit (within the claim's rounding)."""
    return any(same_unit(claim.unit, f.unit) and value_matches(claim, f.value) for f in _evidence_figures(text or ""))


@lru_cache(maxsize=8192)
def evidence_ranges(text: str) -> dict[tuple[int, int], tuple[Figure, Figure]]:
    """:func:`figure_pairs` of an evidence text, read once per text (grounding, citation support and
    :mod:`scorers.support_context` all ask)."""
    return figure_pairs(text)


@lru_cache(maxsize=8192)
def _evidence_pairs(text: str) -> tuple[tuple[Figure, Figure], ...]:
    return tuple(set(evidence_ranges(text).values()))


def range_in_text(pair: tuple[Figure, Figure], text: str) -> bool:
    """The claimed range is stated *as a range* in ``text`` (both ends, same unit, within the
    claim's rounding). Two separate mentions of its ends are not the range: "$14–$14" is not
    supported by a passage saying "$8–$14", nor "$60–$85" by "$35–$85 … $60"."""
    a, b = pair
    return any(same_unit(a.unit, x.unit) and same_unit(b.unit, y.unit) and value_matches(a, x.value)
               and value_matches(b, y.value) for x, y in _evidence_pairs(text or ""))


# a figure labelled with a benchmark cell: "low: $7", "High: $95", "typical: $12–$22", "the Low end of $18",
# "$20 at the Low end"
_CELL_BEFORE = re.compile(r"\b(?P<c>low|high|typical)(?:\s+end)?(?:\s*[:=]|\s+(?:is|of|at))\s*$", re.I)
_CELL_AFTER = re.compile(r"^\s*(?:at|on|as)\s+(?:the\s+)?(?P<c>low|high)\s+end\b", re.I)


def cell_label(text: str, f: Figure, pair: tuple[Figure, Figure] | None = None) -> str | None:
    """"low" / "high" / "typical" when the figure (or the range it ends) is labelled with a
    benchmark cell right before or after it, else None."""
    start = pair[0].start if pair else f.start
    end = pair[1].end if pair else f.end
    m = _CELL_BEFORE.search(text[max(0, start - 24):start])
    if m:
        return m.group("c").lower()
    m = _CELL_AFTER.search(text[end:end + 24])
    return m.group("c").lower() if m else None


def user_figure(claim: Figure, user_texts: list[str]) -> bool:
    """A number the user gave. Users (and arithmetic operands) write money loosely ("50000" for
    "$50,000"), so a unit-less number and a dollar amount match each other; any other unit
    must match exactly ("30 days" is not the user's "$30"). Spelled-out amounts count
    ("twenty thousand", "forty dollars": :mod:`scorers.numwords`)."""
    for t in user_texts:
        for f in _evidence_figures(spelled_to_digits(t or "")):
            if not value_matches(claim, f.value):
                continue
            if same_unit(claim.unit, f.unit) or {claim.unit, f.unit} <= {"", "$"}:
                return True
    return False


def derived_results(text: str, supported, asked: str = "") -> list[float]:
    """Results of correct arithmetic shown in ``text`` whose operands ``supported(value)`` accepts
    (two rounds, so one computation may feed the next), or are a calendar conversion between two periods
    that ``text`` or the user's ``asked`` name (:func:`period_factors`), or a multiple the user said in words
    (:func:`multiple_factors`)."""
    eqs = [e for e in equations(strip_citations(text)) if e.correct]
    if not eqs:
        return []
    calendar = period_factors(f"{text}\n{asked}") | multiple_factors(asked)
    out: list[float] = []
    for _ in range(2):
        for e in eqs:
            if e.shown_result in out:
                continue
            if all(o in calendar or supported(o) or any(abs(o - d) <= 0.005 * max(abs(o), abs(d)) for d in out)
                   for o in e.operands):
                out.append(e.shown_result)
    return out


# calendar conversions: a factor and the two periods it converts between
_PERIODS = {"week": r"weeks?|weekly", "month": r"months?|monthly|/\s?mo\b|a mo\b", "quarter": r"quarters?|quarterly",
            "year": r"years?|yearly|annual(?:ly)?|/\s?yr\b"}
_CALENDAR = ((12.0, "month", "year"), (3.0, "month", "quarter"), (4.0, "quarter", "year"), (52.0, "week", "year"))


def period_factors(text: str) -> frozenset[float]:
    """The calendar factors ``text`` makes definitions: "× 12" when it names months and a year, "× 3" months and a
    quarter, "× 4" quarters and a year, "× 52" weeks and a year. Like 100 and 1,000 (:data:`UNIT_FACTORS`) they are
    no KB fact — "$10,000 a month × 12 = $120,000 a year" is grounded in the user's $10,000 — but only where both
    periods are talked about: an unexplained "× 12" in a count of leads stays an operand nobody stated."""
    named = {p for p, pat in _PERIODS.items() if re.search(rf"\b(?:{pat})", text, re.I)}
    return frozenset(f for f, a, b in _CALENDAR if a in named and b in named)


# a multiple said in words: "double it" is × 2, "halve it" ÷ 2 (or × 0.5)
_MULTIPLES = ((re.compile(r"\b(?:double[ds]?|doubling|twice)\b", re.I), (2.0,)),
              (re.compile(r"\b(?:triple[ds]?|tripling|thrice)\b", re.I), (3.0,)),
              (re.compile(r"\b(?:halve[ds]?|halving|half)\b", re.I), (2.0, 0.5)))


def multiple_factors(asked: str) -> frozenset[float]:
    """The factors the user's own word for a multiple makes operands: "what if we double it?" grounds "× 2", "cut it
    in half" grounds "÷ 2" or "× 0.5". Only the user's words count — an answer that says "double" to explain its own
    "× 2" grounds nothing — and only these words: any other unstated factor stays an operand nobody gave."""
    return frozenset(f for pat, fs in _MULTIPLES if pat.search(asked or "") for f in fs)


def is_derived(claim: Figure, derived: list[float]) -> bool:
    return any(value_matches(claim, d) or value_matches(claim, d * 100.0) for d in derived)


# -------------------------------------------------------------------- answers that say nothing
HEDGE_RE = re.compile(
    r"\bit (?:all |really )?depends\b|\bdepends (?:on|heavily on) (?:your|the|many|a lot)\b|\bvar(?:y|ies) (?:a lot|widely|"
    r"greatly|by business|from business)\b|\bevery (?:business|brand|company|situation) is different\b|"
    r"\bno one[- ]size\b|\bhard to say\b|\bdifficult to say\b|\bthere(?:'s| is) no (?:single|simple|one) answer\b|"
    r"\bcan(?:'t|not) (?:really )?say (?:for sure|without)\b",
    re.I)


def is_hedge(sentence: str) -> bool:
    """A sentence that declines to commit ("It depends on your business.") and carries no figure."""
    clean = strip_citations(sentence)
    return bool(HEDGE_RE.search(clean)) and not claim_figures(clean)


ECHO_SHARE = 0.7
# the frame of a restatement ("you want to know…", "you're asking…", "your question is…"): not content
_ECHO_FRAME = "want wants wanted know asking asked ask wondering wonder like question curious understand"


@lru_cache(maxsize=1)
def _echo_frame() -> frozenset:
    return frozenset(content_words(_ECHO_FRAME))


def _copied(clean: str, user_texts: list[str]) -> bool:
    """The whole sentence (≥ 4 words) appears word for word in a user message."""
    toks = word_tokens(clean)
    if len(toks) < 4:
        return False
    said = " ".join(toks)
    return any(f" {said} " in f" {' '.join(word_tokens(t))} " for t in user_texts)


def is_echo(sentence: str, user_texts: list[str], evidence_texts: list[str] = ()) -> bool:
    """A sentence that restates the user's message: it is copied word for word from it (any
    length ≥ 4 words: "How many customers can my ad budget get me?"), or ≥ 70 % of its (≥ 3)
    stemmed content words — restatement frame words ("you want to know") aside — come from what
    the user wrote, and it adds no figure the user did not give. A sentence quoted word for word
    from an ``evidence_texts`` passage is the KB's, not a restatement: "Tests are how a media plan
    learns." shares its words with "which step is the test-and-learn one?" because it answers it."""
    clean = strip_citations(sentence)
    if _copied(clean, user_texts):
        return True
    words = set(content_words(clean)) - _echo_frame()
    if len(words) < 3:
        return False
    users = set(w for t in user_texts for w in content_words(t or ""))
    if len(words & users) / len(words) < ECHO_SHARE:
        return False
    return all(user_figure(f, user_texts) for f in claim_figures(clean)) and not _copied(clean, evidence_texts)


SHINGLE = 8
PASTED_SHARE = 0.8
PASTED_MIN_WORDS = 40


def word_tokens(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+(?:[.,][0-9]+)*", strip_citations(text or "").lower())


def _shingles(toks: list[str]) -> set[tuple[str, ...]]:
    return {tuple(toks[i:i + SHINGLE]) for i in range(max(0, len(toks) - SHINGLE + 1))}


def pasted_passage(answer: str, passages: dict[str, str]) -> str | None:
    """The id of a retrieved passage (≥ 40 words) that the answer dumps instead of answering:
    ≥ 80 % of its 8-word runs appear verbatim in the answer *and* the dump shows — the passage's
    raw markdown (a heading or table line) is copied, or two or more passages are reproduced
    whole. Quoting the paragraph that answers is extraction; pasting chunks (a benchmark table
    with every row, their headings) is not an answer."""
    ans = _shingles(word_tokens(answer))
    if not ans:
        return None
    lines = {ln.strip() for ln in (answer or "").splitlines() if ln.strip()}
    whole, structured = [], []
    for pid, text in passages.items():
        toks = word_tokens(text)
        if len(toks) < PASTED_MIN_WORDS:
            continue
        sh = _shingles(toks)
        if sh and len(sh & ans) / len(sh) >= PASTED_SHARE:
            whole.append(pid)
            raw = [ln.strip() for ln in text.splitlines() if ln.strip().startswith(("|", "#"))]
            if any(ln in lines for ln in raw):
                structured.append(pid)
    if structured:
        return structured[0]
    return whole[0] if len(whole) >= 2 else None


def substantive_sentences(answer: str, user_texts: list[str]) -> list[str]:
    """Sentences that could answer something: not questions, not hedges, not echoes of the user,
    with a figure or ≥ 3 content words once citations are removed."""
    out = []
    for s in sentences(answer):
        clean = strip_citations(s).strip()
        if not clean or clean.rstrip().endswith("?") or clean.startswith("#"):
            continue
        if is_hedge(clean) or is_echo(clean, user_texts):
            continue
        if claim_figures(clean) or len(set(content_words(clean))) >= 3:
            out.append(s)
    return out


def with_unit(f: Figure, unit: str) -> Figure:
    return replace(f, unit=unit)


def figure_pairs(text: str) -> dict[tuple[int, int], tuple[Figure, Figure]]:
    """Range pairs ("$30–$55") by the position of either end, as :class:`Figure` s."""
    nums = numbers(text)
    figs = {(f.start, f.end): f for f in figures(text, nums)}
    out = {}
    for a, b in ranges(text, nums):
        fa, fb = figs.get((a.start, a.end)), figs.get((b.start, b.end))
        if fa and fb:
            out[(a.start, a.end)] = out[(b.start, b.end)] = (fa, fb)
    return out


from scorers.text import UNIT_FACTORS  # noqa: E402  (defined beside the equation reader)


def operand_known(value: float, texts: list[str]) -> bool:
    """An arithmetic operand is known when some text states it (any unit: "÷ $55", "× 15%"; a
    user's "twenty thousand" included), it is the growth factor of a stated percentage ("× 1.40"
    for "+40%", "× 0.75" for "−25%"), or it is a unit conversion factor: 100 (percent) and 1,000
    (a price per thousand: "$20,000 ÷ $14 × 1,000 impressions") are definitions, not KB facts."""
    if any(abs(value - u) < 1e-9 for u in UNIT_FACTORS):
        return True
    for t in texts:
        for f in _evidence_figures(spelled_to_digits(t or "")):
            cands = [f.value] + ([1 + f.value / 100.0, 1 - f.value / 100.0, f.value / 100.0] if f.unit == "%" else [])
            for c in cands:
                for v in (value, value * 100.0):
                    if abs(c - v) <= 0.005 * max(abs(c), abs(v)) + 1e-9:
                        return True
    return False


def states_size_in(text: str, size: float) -> bool:
    """A count (no unit) stated in ``text`` that is ``size`` within its stated rounding."""
    return any(not f.unit and value_matches(f, float(size)) for f in figures(strip_citations(text)))
