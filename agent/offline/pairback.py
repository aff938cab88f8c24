""""What's the difference between those two?" names the two terms the last answers named.

Why: a newcomer who was just given a cost per lead and then a customer acquisition cost asks how "those two"
differ — a definition question whose terms are pointed at, not typed. Read as typed it has no term, and the
search for "those two" finds anything. The two terms are the metrics the conversation's last answers led with:
each paragraph of the last answer (an answer giving two figures names both), then the answers before it, newest
first, until two differ. The message is then asked with them ("what's the difference between CPL and CAC?"),
which :mod:`agent.offline.meaningask` routes to their definitions.

A metric is read by its acronym as the domain's vocabulary or the KB's declared metrics spell it (whole word,
as written): an answer names the metric it gives ("the Typical education CPL (cost per lead) range is …").
"""
from __future__ import annotations

import re

from agent.offline import kbmetrics
from mpa.vocabulary import VOCABULARY

# "the difference between those two / them", "how are those two different", "how do they differ"
_POINTED = re.compile(r"\bdifference\s+between\s+(?:(?:those|these|the)\s+two|them|those|these|the\s+two\s+of\s+them)\b|"
                      r"\bhow\s+(?:are|is)\s+(?:those|these|the)\s+two\s+different\b|"
                      r"\bhow\s+do\s+(?:those\s+two|these\s+two|the\s+two|they|those|these)\s+differ\b|"
                      r"\b(?:those|these|the)\s+two\s+(?:are\s+)?(?:different|differ)\b|"
                      # a bare "what's the difference?" can only point at what was just given
                      r"^\W*(?:(?:ok(?:ay)?|so|and|but|hmm+|wait|sorry)\W+)*what(?:'s|’s|s|\s+is)\s+the\s+difference\s*[?.!]*\s*$",
                      re.I)


def _acronyms() -> list[str]:
    return sorted({k for k in VOCABULARY["metrics"] if k.isupper() or ":" in k} | set(kbmetrics.acronyms()),
                  key=len, reverse=True)


def _led_with(text: str, names: list[str]) -> list[str]:
    """The metric each paragraph of an answer names first, in order."""
    out: list[str] = []
    for para in re.split(r"\n\s*\n", text or ""):
        hits = [(m.start(), n) for n in names for m in re.finditer(r"(?<![\w:])" + re.escape(n) + r"(?![\w:])", para)]
        if hits:
            out.append(min(hits)[1])
    return out


def terms(answers: list[str]) -> list[str]:
    """The two metrics the last answers led with (module doc), or [] when they name fewer than two."""
    names = _acronyms()
    got: list[tuple[int, int, str]] = []  # (answer, paragraph, metric): said in that order
    last = answers[-3:]
    for i in range(len(last) - 1, -1, -1):
        for j, t in enumerate(_led_with(last[i], names)):
            if all(t != g[2] for g in got):
                got.append((i, j, t))
        if len(got) >= 2:
            return [t for *_, t in sorted(got[:2])]
    return []


def named(text: str, answers: list[str]) -> str:
    """``text`` asked with the two terms it points at, when it asks how "those two" differ; else ``text``."""
    if not _POINTED.search(text) or len(text.split()) > 20:
        return text
    pair = terms(answers)
    return f"what's the difference between {pair[0]} and {pair[1]}?" if pair else text


def terms_led(answer: str) -> list[str]:
    """The metric each paragraph of ``answer`` leads with, in order (what a pointer at "that figure" means)."""
    return _led_with(answer, _acronyms())
