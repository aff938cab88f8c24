"""Applying a rule the knowledge base states as a multiplier to the user's own number.

"If search needs 10k a month minimum, what do I need to fund it at?" — the passage that answers
says "fund a channel at no less than 1.5 times its minimum viable spend". The offline agent
quotes it and then does what a planner would: 10,000 × 1.5 = 15,000, shown. The rule is general:
a multiplier written as "N times X" / "N× X" in the quoted sentences, applied to the user number
whose neighbouring words share a content word with X ("minimum" meets "minimum viable spend").
No number is invented: the multiplier is the KB's, the input the user's, the result computed.
"""
from __future__ import annotations

import re

from agent.offline.numbers import digits, money, parse_numbers, plain
from agent.offline.passages import PASSAGE_SENTENCE, sentences, terms

MULTIPLIER = re.compile(r"(?<![\w.])(?P<n>\d+(?:\.\d+)?)\s*(?:times\b|×|x\b)\s*(?P<what>(?:[A-Za-z][\w-]*\s*){1,6})",
                         re.I)
# a premise stating a quantity, then a question asking for one: "If X needs N, what …?"
ASKS_TO_APPLY = re.compile(r"^\W*(?:if|when|say|suppose|assuming)\b[^?]*\d[^?]*\b(?:what|how much|how big)\b", re.I)
# or a statement of the user's own figure, then the question: "our median lag is 9 days. how long must the test run?"
_STATED_THEN_ASKED = re.compile(r"^(?=[^?]*\b(?:our|my|we|we're|us|i|i'm)\b)[^?]*\d[^?]*(?:[.;:!,]|\s[-–—])\s*(?:so |then |and |at |by |for |in |to |on )?"
                                r"(?:what|how (?:much|long|big|many|high|low))\b", re.I)


def applies(question: str) -> bool:
    return bool(ASKS_TO_APPLY.search(question) or _STATED_THEN_ASKED.search(question))


def apply(question: str, quoted: str, passages: list[dict] | None = None) -> str | None:
    """One sentence applying the quoted multiplier to the user's number, or None. With ``passages``
    (the retrieved ones), a rule the quote lacks is looked for there too and quoted with its
    citation: the passage quoted may be the rule's worked example rather than the rule."""
    if not applies(question):
        return None
    text = digits(question)
    nums = [n for n in parse_numbers(text) if not n.pct]
    if not nums:
        return None
    if (hit := _applied(text, nums, quoted)) is not None:
        return _shown(text, *hit)
    for ps in (passages or [])[:6]:
        for sent in sentences(ps.get("text", "")):
            if (hit := _applied(text, nums, sent)) is not None:
                return f"Based on Knowledge Base [{ps['id']}]: {sent} {_shown(text, *hit)}"
    return None


def _applied(text: str, nums: list, quoted: str) -> tuple | None:
    """(the user's number, the factor) when the quoted text multiplies what that number is."""
    # "4.0x ROAS" states a ratio's value, not a rule to multiply by: only "N times X" / "N × X" is applied
    quoted = digits(quoted)  # "roughly two hundred times its expected cost"
    for m in (m for m in MULTIPLIER.finditer(quoted) if float(m.group("n")) > 0 and not re.match(r"[\d.]+x", m.group(0))):
        what = set(terms(m.group("what")))
        shared = []
        for n in nums:  # the words of the number's own clause (up to a sentence end or a dash)
            before = re.split(r"[.;!?]\s|\s[-–—]\s", text[:n.start])[-1]
            after = re.split(r"[.;!?](?:\s|$)|\s[-–—]\s", text[n.end:])[0]
            shared.append((len(what & set(terms(f"{before} {after}"))), -nums.index(n), n))
        best = max(shared, key=lambda x: x[:2], default=(0, 0, None))
        if best[0]:  # the figure whose clause says most of what the rule multiplies
            return best[2], m.group("n"), PASSAGE_SENTENCE.split(quoted[m.end():], 1)[0], what
    return None  # a factor of something else ("50 × expected CPA") is not applied to the user's budget


# the rest of the rule's sentence: "…, with 14 days as the floor; then … for one further median lag"
_FLOOR = re.compile(r"\bwith (?:a |an )?(?P<n>\d+(?:\.\d+)?)(?:[- ][a-z]+)? as (?:the|a) (?:floor|minimum)\b|"
                    r"\b(?:a|the) (?:floor|minimum) of (?P<m>\d+(?:\.\d+)?)\b", re.I)
_FURTHER = re.compile(r"\b(?:one|an?) (?:further|more|additional|extra)\s+(?P<what>(?:(?!(?:after|before|once|when|of|in|to|for|from|at)\b)[A-Za-z][\w-]*\s*){1,3})", re.I)


def _shown(text: str, n, factor: str, rest: str = "", what: set[str] = frozenset()) -> str:
    """The multiplier on the user's figure, then what the rest of the rule's sentence adds: a floor the
    result is raised to, and one further period of the same thing the rule multiplied."""
    fmt = money if n.money or _is_money(text, n) else plain
    v = n.value * float(factor)
    steps = [f"{fmt(n.value)} × {factor} = {fmt(v)}"]
    rest = digits(rest)
    if (fl := _FLOOR.search(rest)) and v < (floor := float(fl.group("n") or fl.group("m"))):
        steps.append(f"{fmt(v)} is below the rule's floor of {fmt(floor)}, so {fmt(floor)}")
        v = floor
    if (fu := _FURTHER.search(rest)) and what & set(terms(fu.group("what"))):
        steps.append(f"{fmt(v)} + {fmt(n.value)} = {fmt(v + n.value)} with one further {' '.join(fu.group('what').split())}")
    return f"Applied to your figure: {'; '.join(steps)}."


def _is_money(text: str, n) -> bool:
    """A bare "10k" is money when the words around it are about spending."""
    around = " ".join(text[max(0, n.start - 40):n.end + 40].split())
    return bool(re.search(r"\b(?:spend|spending|budget|fund|funded|funding|cost|costs|pay|dollars?|per month|a month)\b",
                          around, re.I))
