"""Spelled-out numbers in what the *user* wrote, rewritten as digits for the scorers.

Why: users rarely type "50000" — they write "twenty thousand", "forty-five thousand", "a quarter
million", "one hundred twenty thousand", "five bucks", "25 grand". The scorers accept a figure
the user gave as supported; read only as digits, "$20,000 ÷ $14" on "twenty thousand of the
budget" looked invented and an honest calculation failed grounding.

The rules are English number grammar (units, tens, "hundred", scales, "a quarter/half
million") and the money suffixes "grand" and "bucks" — nothing about any dataset. The agent has
its own parser (``agent.offline.numbers``); the scorers keep theirs on purpose, so one parsing
bug cannot hide itself on both sides. "a thousand" / "per thousand" alone stay words: they name
a unit ("cost per thousand impressions"), not an amount.
"""
from __future__ import annotations

import re
from functools import lru_cache

_UNITS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen".split())}
_TENS = {w: 10 * (i + 2) for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
_FRACTIONS = {"quarter": 4, "third": 3, "fifth": 5, "tenth": 10}
_SCALES = {"thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}
# a word that continues a spelled-out number ("two", "twenty", "twenty-five", "hundred")
_NUMBER_WORD = r"(?:" + "|".join([*_UNITS, *_TENS, "hundred"]) + r")\b"
_RUN = re.compile(r"\b[A-Za-z]+(?:-[A-Za-z]+)?(?:\s+[A-Za-z]+(?:-[A-Za-z]+)?)*")


def _small(w: str) -> int | None:
    w = w.lower()
    if w in _UNITS:
        return _UNITS[w]
    if w in _TENS:
        return _TENS[w]
    a, _, b = w.partition("-")
    if a in _TENS and b in _UNITS and 0 < _UNITS[b] < 10:
        return _TENS[a] + _UNITS[b]
    return None


def _spell(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


def _words_run(run: str) -> str:
    """Maximal sequences of number words inside a run of words → digits."""
    words = run.split()
    out: list[str] = []
    i = 0
    while i < len(words):
        total = current = 0
        j, used = i, False
        while j < len(words):
            w = words[j].lower()
            v = _small(w)
            if v is not None:
                current += v
                used = True
            elif w == "hundred" and used:
                current *= 100
            elif w in _SCALES and used:
                total += current * _SCALES[w]
                current = 0
            elif w == "and" and used and j + 1 < len(words) and _small(words[j + 1]) is not None:
                pass
            else:
                break
            j += 1
        # a lone "one"/"zero" is a pronoun or an article far more often than a figure
        if used and not (j == i + 1 and words[i].lower() in ("one", "zero")):
            out.append(str(total + current))
            i = j
        else:
            out.append(words[i])
            i += 1
    return " ".join(out)


# a unit price said as dollars then cents ("a dollar ten", "two bucks and fifty cents") or as cents alone ("ninety five
# cents"): read before the run reader, which would add "a dollar ten" up as ten dollars
_SMALL_WORDS = r"(?:(?:" + "|".join(_TENS) + r")(?:[- ](?:one|two|three|four|five|six|seven|eight|nine)\b)?|(?:" + \
    "|".join(_UNITS) + r")\b|\d{1,2}\b)"
_DOLLARS_CENTS = re.compile(r"\b(a|one|two|three|four|five|six|seven|eight|nine|\d)\s+(?:dollars?|bucks?)\s+(?:and\s+)?("
                            + _SMALL_WORDS + r")(?:\s+cents?)?(?!\s*(?:thousand|million|billion|hundred|grand|k\b|times|"
                            r"percent|%))", re.I)
_CENTS = re.compile(r"(?<![\d.$])\b(" + _SMALL_WORDS + r")\s+cents?\b", re.I)


def _cents_of(words: str) -> int | None:
    total = 0
    for w in words.lower().replace("-", " ").split():
        v = int(w) if w.isdigit() else _small(w)
        if v is None:
            return None
        total += v
    return total if total < 100 else None


def _price(m: re.Match) -> str:
    d = m.group(1).lower()
    dollars = 1 if d in ("a", "one") else int(d) if d.isdigit() else _small(d)
    cents = _cents_of(m.group(2))
    return m.group(0) if dollars is None or cents is None else f"${dollars}.{cents:02d}"


@lru_cache(maxsize=2048)
def spelled_to_digits(text: str) -> str:
    """``text`` with spelled-out amounts as digits: "forty-five thousand" → "45000", "a quarter
    million" → "250000", "five bucks" → "5 dollars", "25 grand" → "25000", "a dollar ten" → "$1.10",
    "ninety five cents" → "$0.95", "a quarter of those" → "a quarter of (25%) those"."""
    text = text or ""
    if "mil" in text.lower():  # "1.5 mil", "half a mil", "2 mill": the spoken short form of million
        text = re.sub(r"(?:(?<=\d)|(?<=\d )|(?<=\ba )|(?<=quarter )|(?<=half ))mil(?:l|s)?\b", "million", text,
                      flags=re.I)
    text = re.sub(r"\b(?:an? |one )?(quarter|half)(?: of)?(?: an?)? (million|billion)\b",
                  lambda m: _spell({"quarter": 0.25, "half": 0.5}[m.group(1).lower()] * _SCALES[m.group(2).lower()]),
                  text, flags=re.I)
    # "a million" alone is an amount; followed by more number words ("one million two hundred thousand") it is the
    # head of one number, which the run reader below adds up — replaced here it would read as two amounts
    text = re.sub(rf"\ba (million|billion)(?= (?:and )?{_NUMBER_WORD})", r"one \1", text, flags=re.I)
    text = re.sub(rf"\b(?:a|one) (million|billion)\b(?! (?:and )?{_NUMBER_WORD})",
                  lambda m: _spell(_SCALES[m.group(1).lower()]), text, flags=re.I)
    text = re.sub(r"\ba hundred thousand\b", "100000", text, flags=re.I)
    # a share said as a fraction of a group ("if about a quarter of those book", "one fifth of the leads", "shaved a
    # quarter off") or as "1 in 5" / "3 out of 10": the answer's "× 25%" repeats the user's figure. Only "a/one
    # <fraction> of/off" — "this quarter", "the first half of the year" name periods, not shares — and "N in M" with
    # N < M ≤ 100 not followed by a time unit ("5 in 10 days" is a pace); the words stay, the share is added beside
    text = re.sub(r"\b(?:a|one)[ -](quarter|third|fifth|tenth)\s+of(?:f)?\b",
                  lambda m: f"{m.group(0)} ({_spell(round(100 / _FRACTIONS[m.group(1).lower()], 4))}%)", text,
                  flags=re.I)
    text = re.sub(r"\b(\d{1,2}) (?:in|out of) (\d{1,3})\b(?!\s*(?:%|days?|weeks?|months?|years?|hours?|minutes?))",
                  lambda m: m.group(0) + (f" ({_spell(round(100 * int(m.group(1)) / int(m.group(2)), 4))}%)"
                                          if 0 < int(m.group(1)) < int(m.group(2)) <= 100 else ""), text)
    if re.search(r"dollar|buck|cent", text, re.I):
        text = _CENTS.sub(lambda m: m.group(0) if _cents_of(m.group(1)) is None else f"$0.{_cents_of(m.group(1)):02d}",
                          _DOLLARS_CENTS.sub(_price, text))
    text = _RUN.sub(lambda m: _words_run(m.group(0)), text)
    text = re.sub(r"\b(\d+(?:\.\d+)?)\s*grand\b", lambda m: _spell(float(m.group(1)) * 1000), text, flags=re.I)
    return re.sub(r"\b(\d[\d,]*(?:\.\d+)?)\s*bucks?\b", r"\1 dollars", text, flags=re.I)
