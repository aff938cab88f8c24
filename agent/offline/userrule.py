"""Rules the knowledge base states in words, applied to the figures the user brings.

Why: a KB rule is often a comparison or a share written in prose, with no worked example to
re-run (``replay``) and no "N times X" multiplier (``rulecalc``):

* **a ratio threshold** — "when the model's estimate differs from the experiment's by more than a
  factor of two", "keep the two within 1.5 times of each other". A user who brings two figures of
  one kind ("the model says 3x, the test read 1.2x") wants their ratio set against the rule's:
  larger ÷ smaller, and whether it clears the threshold;
* **a share of a value** — "the target cost is usually set at 60–70% of break-even". A user whose
  value is known wants the share taken of it, at each end of the stated range.

What is read is English (comparison words, "a factor of", "N times", "N% of"), the numbers the
user's; the passage cited is the one whose sentence states the rule, so the working it carries is
supported by what it cites. Nothing is invented: no rule found, nothing applied.
"""
from __future__ import annotations

import re

from agent.offline.numbers import Num, digits, money, parse_numbers, plain
from agent.offline.passages import terms, units
from mpa.vocabulary import VOCABULARY, match_terms

_CMP = r"(?P<cmp>more than|over|above|at least|within|less than|under|below|no more than)"
_FACTOR = re.compile(_CMP + r"\s+(?:a factor of\s+(?P<f>\d+(?:\.\d+)?)\b|(?P<n>\d+(?:\.\d+)?)\s*(?:times|×)(?!\s*\d))", re.I)
_TWICE = re.compile(_CMP + r"\s+(?P<w>twice|double)\b", re.I)
_MULTIPLE = re.compile(r"\s*(?:x|×)(?![\w])", re.I)  # "3x", "1.2×": a figure written as a multiple


def _words(text: str) -> set[str]:
    """Content words, with a platform named by name standing for "platform" ("meta" meets "a platform reports")."""
    return set(terms(text)) | ({"platform"} if match_terms(text, VOCABULARY["platforms"]) else set())


def _pair(question: str) -> tuple[Num, Num] | None:
    """The user's two figures of one kind (both multiples "3x", both money, or both plain counts)."""
    text = digits(question)
    nums = [n for n in parse_numbers(text) if not n.pct]
    kinds: dict[str, list[Num]] = {}
    for n in nums:
        kind = "multiple" if _MULTIPLE.match(text[n.end:n.end + 2]) else "money" if n.money else "plain"
        kinds.setdefault(kind, []).append(n)
    two = kinds.get("multiple") if len(kinds.get("multiple", [])) == 2 else kinds.get("money") \
        if len(nums) == 2 and len(kinds.get("money", [])) == 2 else None
    return (two[0], two[1]) if two and two[0].value > 0 and two[1].value > 0 else None


def _fig(n: Num, fmt) -> str:
    return fmt(n.value) if n.money else plain(round(n.value, 2)).rstrip("0").rstrip(".") if "." in plain(n.value) \
        else plain(n.value)


def _threshold(sentence: str) -> tuple[str, float] | None:
    s = digits(sentence)
    m = _FACTOR.search(s)
    if m:
        return m.group("cmp").lower(), float(m.group("f") or m.group("n"))
    m = _TWICE.search(s)
    return (m.group("cmp").lower(), 2.0) if m else None


def ratio(question: str, passages: list[dict]) -> str | None:
    """The rule stating a ratio threshold, quoted with the sentences after it, and the user's two
    figures set against it; None without two figures of one kind or without such a rule whose
    words (with its heading) meet the question's."""
    pair = _pair(question)
    if pair is None:
        return None
    asked = _words(question)
    for ps in passages:
        us = units(ps.get("text", ""))
        for k, u in enumerate(us):
            th = _threshold(u.text)
            if th is None or not asked & _words(f"{u.heading} {u.text}"):
                continue
            hi, lo = max(pair, key=lambda n: n.value), min(pair, key=lambda n: n.value)
            r = hi.value / lo.value
            cmp, limit = th
            above = r > limit
            fmt = money if hi.money else plain
            verdict = (f"more than the factor of {plain(limit)} the rule names" if above else
                       f"within the factor of {plain(limit)} the rule names")
            # "It fires when …" names its rule in the sentence before
            start = k - 1 if k and re.match(r"(?:it|this|that|they|these)\b", u.text, re.I) else k
            said = " ".join(x.text for x in us[start:k + 3] if x.heading == u.heading)
            return (f"Based on Knowledge Base [{ps['id']}]: {said}\n\nWorking:\n"
                    f"- {_fig(hi, fmt)} ÷ {_fig(lo, fmt)} = {plain(round(r, 2))}: {verdict} [{ps['id']}]")
    return None


SHARE = re.compile(r"(?<![\d.])(?P<a>\d+(?:\.\d+)?)%?\s*(?:-|–|to)\s*(?P<b>\d+(?:\.\d+)?)%\s+of\b"
                    r"|(?<![\d.])(?P<one>\d+(?:\.\d+)?)%\s+of\b", re.I)


def share_of(value: float, is_money: bool, passages: list[dict], about: str) -> tuple[str, list[str], str] | None:
    """(the cited passage's sentences, the working, the id) of the first sentence taking "N–M% of" something whose
    words meet ``about`` (what the user asks for), applied to ``value`` at each end of the range."""
    want = _words(about)
    for ps in passages:
        for u in units(ps.get("text", "")):
            for sent in re.split(r"(?<=[.;])\s+", u.text):
                m = SHARE.search(digits(sent))
                if not m or len(want & _words(sent)) < 2:
                    continue
                ends = [float(m.group("a")), float(m.group("b"))] if m.group("a") else [float(m.group("one"))]
                fmt = money if is_money else plain
                lines = [f"{fmt(value)} × {plain(e)}% = {fmt(round(value * e / 100, 2))}" for e in ends]
                return f"Based on Knowledge Base [{ps['id']}]: {u.text}", lines, ps["id"]
    return None
