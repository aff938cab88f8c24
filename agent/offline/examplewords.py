"""The words a worked example wraps around its arithmetic, kept when the example is re-run.

Why: an example's working is more than its equations. "… the factor is 1.5 ÷ 4.0 = 0.375." names
its result in the words *before* it; re-run on the user's figures, a bare "1.8 ÷ 4.5 = 0.4" says
nothing about what 0.4 is, so the label goes with it ("the factor is 1.8 ÷ 4.5 = 0.4"). And the
sentences *after* the example that state no figure of their own ("Factors drift …, so re-test at
least twice a year") are the rule's advice on using the result — true whatever the user's figures
are — so they are quoted after the working. Only English structure is read: a clause boundary, a
linking verb, a sentence without digits.
"""
from __future__ import annotations

import re

from agent.offline.passages import PASSAGE_SENTENCE

# a clause that names what follows it: "the factor is", "the break-even point comes to", "that gives"
_NAMES = re.compile(r"(?:^|[,;:(]\s*|\b(?:so|then|and)\s+)((?:the|its|your|our|this|that|each)\b[^,;:().\d]{0,50}?\s"
                    r"(?:is|are|was|becomes|equals|comes to|works out (?:to|at)))\s*$", re.I)


def label(body: str, start: int) -> str:
    """The words naming the result of an equation that starts at ``start`` ("the factor is"), or ""."""
    m = _NAMES.search(body[max(0, start - 80):start])
    return " ".join(m.group(1).split()) if m else ""


def rest(body: str) -> str:
    """The example's sentences after its last figure that state no figure: the rule's advice on
    using the result ("re-test at least twice a year"), or ""."""
    said = [s.strip() for s in PASSAGE_SENTENCE.split(body) if s.strip()]
    last = max((i for i, s in enumerate(said) if re.search(r"\d", s)), default=len(said))
    return " ".join(s for s in said[last + 1:] if not re.search(r"\d", s) and len(s.split()) >= 5)


def restating(body: str, start: int, end: int) -> str:
    """The sentence that says a worked-out figure again ("Weekly platform ROAS is multiplied by 0.375
    for planning") with the figure's place marked by "{}", when it states no other figure; else ""."""
    ends = [m.end() for m in PASSAGE_SENTENCE.finditer(body)]
    a = max((e for e in ends if e <= start), default=0)
    b = min((e for e in ends if e >= end), default=len(body))
    said = f"{body[a:start]}{{}}{body[end:b]}".strip()
    return said if not re.search(r"\d", said) and len(said.split()) >= 4 else ""


def lowered(sentence: str) -> str:
    """A sentence continuing another: its capital dropped unless the first word is a name ("ROAS")."""
    return sentence[:1].lower() + sentence[1:] if sentence[1:2].islower() else sentence
