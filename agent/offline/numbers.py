"""Numbers as people say them: "$50k", "25 grand", "a quarter million", "fifty thousand",
"one hundred twenty thousand", "$1.2M", "forty-five thousand dollars", "five bucks", "40%".

Why a module of its own: every calculation the offline agent shows starts from the user's
numbers, and users rarely type "50000". Spelled-out numbers are rewritten to digits first
(:func:`digits`, keeping the rest of the sentence), so the role and operation rules read one
form. The rules are English number grammar (units, tens, scales, "a quarter/half million")
and the common money suffixes (k, M, bn, grand, bucks, dollars, USD) — nothing else.

This is the agent side's message parser, built on the tools' number token (mpa.tables: one
number reader on the system side); the scorers keep their own (issue 13: the two sides stay
independent so one parsing bug cannot hide itself).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from agent.offline import spokenprice
from mpa.tables import DIGITS, MAGNITUDE_WORD, number_value

_UNITS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen".split())}
_TENS = {w: 10 * (i + 2) for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}
_FRACTIONS = {"quarter": 0.25, "half": 0.5}
_WORD = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)?|\S")


def _word_value(w: str) -> int | None:
    w = w.lower()
    if w in _UNITS:
        return _UNITS[w]
    if w in _TENS:
        return _TENS[w]
    if "-" in w:
        a, b = w.split("-", 1)
        if a in _TENS and b in _UNITS and 0 < _UNITS[b] < 10:
            return _TENS[a] + _UNITS[b]
    return None


def _as_number(w: str) -> float | None:
    return float(w) if w.isdigit() else _word_value(w)


def _point(m: re.Match) -> str:
    a, b = _as_number(m.group(1)), _as_number(m.group(2))
    return f"{_spell(a)}.{_spell(b)}" if a is not None and b is not None and b < 10 else m.group(0)


def _spell(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


_CUT_SHARE = {"quarter": "25%", "third": "33.333333%", "fifth": "20%", "tenth": "10%"}


def _frac(m: re.Match) -> str:
    return _spell(_FRACTIONS[m.group(1).lower()] * _SCALES[m.group(2).lower()])


def _rule(pattern: str, repl, *needs: str) -> tuple[re.Pattern, object, tuple[str, ...]]:
    return re.compile(pattern, re.I), repl, needs


_SHARES = ("quarter", "third", "fifth", "tenth")
# (pattern, replacement, words one of which every match holds): read in order, each on the text the one before left
# number words going on after a scale ("… million two hundred thousand", "… million and fifty")
_MORE_WORDS = re.compile(r"\s+(?:and\s+)?(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+teen|"
                         r"[a-z]+ty)\b", re.I)
_SPOKEN = [
    # "1.5 mil", "half a mil", "2 mill": the spoken short form of million
    _rule(r"(?<=\d)(?:mil|mill|mils)\b", " million", "mil"),
    _rule(r"(?:(?<=\d )|(?<=\ba )|(?<=quarter )|(?<=half ))(?:mil|mill|mils)\b", "million", "mil"),
    _rule(r"\b([a-z]+(?:-[a-z]+)?|\d+) and a half (million|billion|thousand)\b", lambda m: _spell(
        (_as_number(m.group(1)) + 0.5) * _SCALES[m.group(2).lower()]) if _as_number(m.group(1)) is not None else m.group(0),
        " and a half "),
    # fractions and "a <scale>" ("a quarter million", "half a million", "a million")
    _rule(r"\b(?:an? |one )?(quarter|half)(?: of)?(?: an?)? (million|billion)\b", _frac, "illion"),
    # "shaved a quarter off", "cut it by a third", "lose a fifth of that": a fraction taken away is a percentage
    _rule(r"\b(?:a|one) (quarter|third|fifth|tenth)(?=\s+(?:off|less)\b)", lambda m: _CUT_SHARE[m.group(1).lower()],
          *_SHARES),
    _rule(r"\b((?:cut|cuts|trimm?\w*|slash\w*|shav\w*|took|take[sn]?|knock\w*|chop\w*|lose|loses|losing|lost|"
          r"reduc\w*)(?:\s+(?:it|that|this|us|me|the budget|our budget|by)){0,2}\s+)(?:a|one) (quarter|third|fifth|tenth)\b",
          lambda m: m.group(1) + _CUT_SHARE[m.group(2).lower()], *_SHARES),
    _rule(r"\b((?:rais\w*|increas\w*|rose|rise[sn]?|rising|grew|grow\w*|climb\w*|jump\w*|went up|go(?:es)? up|"
          r"bump\w*|boost\w*|fall\w*|fell|drop\w*|declin\w*|decreas\w*|slip\w*|sank|sink\w*|went down|go(?:es)? down|"
          r"come(?:s)? down|came down)(?:\s+(?:it|that|this|by)){0,2}\s+)(?:a|one) (quarter|fifth|tenth)\b",
          lambda m: m.group(1) + _CUT_SHARE[m.group(2).lower()], *_SHARES),  # "rose by a fifth": 20% up
    # "a million" → "1000000"; "one (or a) million two hundred thousand" is left whole to the word reader (one number)
    _rule(r"\b(a|one) (million|billion)\b", lambda m: f"one {m.group(2)}" if _MORE_WORDS.match(m.string, m.end())
          else _spell(_SCALES[m.group(2).lower()]), "illion"),
    _rule(r"\ba hundred (thousand|grand|k)\b", lambda m: "100000" if m.group(1).lower() == "thousand" else
          f"100 {m.group(1)}", "hundred"),
    # "one point two million" → "1.2 million"; "two and a half million" → "2500000"; "a hundred and twenty" → "one …"
    _rule(r"\b([a-z]+(?:-[a-z]+)?|\d+) point ([a-z]+|\d)\b(?= (?:million|billion|thousand|k|m)\b)", _point, " point "),
    _rule(r"\ba hundred(?= and [a-z])", "one hundred", "hundred"),
]


@lru_cache(maxsize=8192)
def digits(text: str) -> str:
    """``text`` with spelled-out numbers written as digits: "forty-five thousand" → "45000",
    "a quarter million" → "250000", "half a million" → "500000", "a million" → "1000000".
    "a thousand"/"per thousand" stay words: they name the CPM unit, not an amount.
    Each rule runs only on a text holding one of its words (an ASCII text, lower-cased: case-blind
    matching there is plain lower case), so most messages and KB sentences skip most of them."""
    text = spokenprice.read(text)  # "a dollar ten", "ninety five cents": a price in dollars and cents
    low = text.lower() if text.isascii() else None
    for pattern, repl, needs in _SPOKEN:
        if low is None or any(w in low for w in needs):
            text = pattern.sub(repl, text)
            low = text.lower() if text.isascii() else None
    out: list[str] = []
    pos = 0
    for m in re.finditer(r"\b[A-Za-z]+(?:-[A-Za-z]+)?(?:(?:\s+|\s+and\s+)[A-Za-z]+(?:-[A-Za-z]+)?)*", text):
        out.append(text[pos:m.start()])
        out.append(_rewrite_words(m.group(0)))
        pos = m.end()
    out.append(text[pos:])
    return "".join(out)


def _rewrite_words(chunk: str) -> str:
    """Rewrite maximal runs of number words inside a run of words."""
    toks = re.split(r"(\s+)", chunk)
    words = toks[0::2]
    res: list[str] = []
    i = 0
    while i < len(words):
        total, current, j, used = 0, 0, i, False
        while j < len(words):
            w = words[j].lower()
            v = _word_value(w)
            if v is not None:
                current += v
                used = True
            elif w in ("hundred",) and used:
                current *= 100
            elif w in ("thousand", "million", "billion") and used:
                total += current * _SCALES[w]
                current = 0
            elif w == "and" and used and j + 1 < len(words) and _word_value(words[j + 1]) is not None:
                pass
            else:
                break
            j += 1
        if used and not (j == i + 1 and words[i].lower() in ("one", "zero")):
            res.append(str(total + current))
            i = j
        else:
            res.append(words[i])
            i += 1
    return " ".join(res)


@dataclass
class Num:
    """A number the user stated: its value, where it sits in the (digit-normalised) text, and
    whether it is money or a percentage. ``role`` is filled in by the parser."""

    value: float
    start: int
    end: int
    money: bool
    pct: bool
    role: str | None = None


# the number token and its magnitudes are the tools' own (mpa.tables: one reader on the system side);
# a message adds what people type around it: a currency sign, "%", "dollars"
_NUMBER = re.compile(
    r"(?<![\w.])(?P<cur>\$|usd\s?)?\s?(?P<num>" + DIGITS + r")"
    r"(?:\s?(?P<mag>" + MAGNITUDE_WORD + r")\b)?"
    r"(?P<pct>\s?%|\s?percent\b)?(?P<usd>\s?(?:dollars?|bucks?|usd|USD)\b)?", re.I)


_AGE_AFTER = re.compile(r"\s*(?:(?:-|–|to|and)\s*\d{1,3}\s*)?(?:\+\s*)?(?:[\s-]*(?:years?|yrs?)[\s-]*olds?\b|"
                        r"(?:years?\s+)?(?:and|or)\s+older\b)", re.I)
_AGE_BEFORE = re.compile(r"\b(?:aged?|ages|older than|younger than|in (?:their|his|her|my|our) (?:early |mid |late )?|"
                         r"(?:child|children|kids?|bab(?:y|ies)|toddlers?|teens?|teenagers?|adults?|people|seniors) (?:under|over|"
                         r"below|above))\s+(?:between\s+)?(?:\d{1,3}\s*(?:-|–|to|and)\s*)?$", re.I)  # "a child under five"


def _is_age(text: str, start: int, end: int) -> bool:
    """A number that states an age ("18 to 24 year olds", "aged 13-19", "people 65 or older")."""
    return bool(_AGE_AFTER.match(text, end) or _AGE_BEFORE.search(text[max(0, start - 30):start]))


def parse_numbers(text: str) -> list[Num]:
    """Numbers stated as data in digit-normalised ``text`` (not step numbers, not parts of
    codes like MPA-10, not ratios' ":1"). Fresh objects each call (the parser fills in their roles),
    read once per text: the same messages and KB sentences are read by many rules on every turn."""
    return [Num(n.value, n.start, n.end, n.money, n.pct) for n in _numbers(text)]


def stated(text: str) -> tuple[Num, ...]:
    """:func:`parse_numbers` for a reader that only reads them (values, money, percent): the cached numbers
    themselves, not copies — never change them."""
    return _numbers(text)


@lru_cache(maxsize=8192)
def stated_values(text: str) -> frozenset[float]:
    """The values of the figures ``text`` states (:func:`digits` first) — asked of a question and of each sentence of
    every illustration the reader ranks, the same ones on every turn that finds them."""
    return frozenset(n.value for n in stated(digits(text)))


@lru_cache(maxsize=8192)
def _numbers(text: str) -> tuple[Num, ...]:
    nums = []
    for m in _NUMBER.finditer(text):
        before = text[max(0, m.start() - 8):m.start()]
        if re.search(r"\bsteps?\s*$", before, re.I) or re.search(r"[A-Za-z]-$", before) or \
                text[m.start("num") - 1:m.start("num")] == ":":  # "3:1" is a ratio; "budget: 30k" is an amount
            continue
        mag = (m.group("mag") or "").lower()
        if not (m.group("cur") or m.group("pct") or mag or m.group("usd")) and _is_age(text, m.start(), m.end()):
            continue  # "18 to 24 year olds", "aged 55+": who the people are, not a quantity to compute with
        v = number_value(m.group("num"), mag, money=bool(m.group("cur")))
        is_money = bool(m.group("cur") or m.group("usd") or mag == "grand")
        nums.append(Num(v, m.start(), m.end(), is_money, bool(m.group("pct"))))
    return tuple(nums)


# ------------------------------------------------------------------ showing numbers
def money(v: float) -> str:
    """"$1,200", "$3.40"; a price under ten cents keeps its third decimal ("$0.072": not "$0.07" for a view), and
    any figure keeps the decimals it needs to be within half a percent of itself (:func:`plain`)."""
    return f"${v:,.0f}" if float(v).is_integer() else f"${_close(v, 3)}" if abs(v) < 0.1 and round(v, 2) != round(v, 3) \
        else f"${_close(v)}"


def plain(v: float) -> str:
    """"1,200", "2.50"; a factor the cents would misstate keeps its decimals ("0.375", not "0.38": a working showing
    "9,000,000 × 0.38 = 3,375,000" is false arithmetic), to four places."""
    return f"{v:,.0f}" if float(v).is_integer() else _close(v)


def _close(v: float, least: int = 2) -> str:
    """``least`` decimals, or up to four when those would be more than half a percent off the value itself."""
    for k in range(least, 5):
        if abs(round(v, k) - v) <= 0.005 * abs(v):
            break
    return f"{v:,.{k}f}" if k == least else f"{v:,.{k}f}".rstrip("0")


def result(v: float, integer: bool) -> tuple[str, str]:
    """("=", "909") or ("≈", "909"): counts are rounded to whole units, a half up ($25,000 ÷ $3.20 = 7,812.5 ≈ 7,813:
    Python's round() takes a half to the even neighbour, which reads as an arithmetic slip)."""
    if integer:
        r = int(v + 0.5) if v >= 0 else -int(-v + 0.5)
        return ("=" if abs(v - r) < 1e-9 else "≈"), f"{r:,}"
    r2 = round(v, 2)
    if abs(v - r2) < 1e-9:
        return "=", (f"{r2:,.1f}" if float(r2).is_integer() else f"{r2:,.2f}")
    return "≈", f"{r2:,.2f}"


def priced(v: float) -> tuple[str, str]:
    """("=", "$300") or ("≈", "$306.67"): a money result shown to the cent, with the sign its rounding calls for."""
    return ("=" if abs(v - round(v, 2)) < 1e-9 else "≈"), money(round(v, 2))


def unit_cost(spent: float, won: float, target: str, thousand: bool) -> tuple[float, str]:
    """(the cost of one, its working line) for a spend over what it won ("$20,000 ÷ 400 = $50 — your CPL"); a price
    per thousand (CPM) is the spend over the count × 1,000."""
    v = spent / won * (1000 if thousand else 1)
    return v, (f"{money(spent)} ÷ {plain(won)}{' × 1,000' if thousand else ''} {'=' if abs(v - round(v, 2)) < 1e-9 else '≈'} "
               f"{money(round(v, 2))} — your {target or 'cost'}")
