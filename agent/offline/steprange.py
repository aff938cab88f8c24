"""A step the framework does not have ("what's step 11?" of a ten-step framework, "step 0").

Why a module: a step reference outside the declared order names no section, so a search for it
quotes whatever mentions some other step ("step 1" for "step 11"). The honest answer says how many
steps there are and lists them from the KB's own listing — the same search and reading as a
request for all the steps, introduced by what was not found. The number of steps is the one the
step-guidance tool declares, never written here.
"""
from __future__ import annotations

import re

from agent.offline import steplist, stepask

_NUMBERED = re.compile(r"\bstep\s*#?\s*(\d{1,3})\b", re.I)
_ORDINAL = re.compile(r"\b(" + "|".join(stepask._ORDINALS) + r"|thirteenth|fourteenth|fifteenth|twentieth|zeroth)"
                      r"\s+(?:one\s+|planning\s+)?step\b", re.I)
_MORE_ORDINALS = {"thirteenth": 13, "fourteenth": 14, "fifteenth": 15, "twentieth": 20, "zeroth": 0}


def beyond(text: str, steps: dict[int, str]) -> int | None:
    """The step number the message asks about when the framework has no such step, else None.
    Only a message naming no step the framework does have ("compare step 3 and step 12" is not)."""
    if not steps:
        return None
    text = stepask.spelled(text)
    asked = [int(n) for n in _NUMBERED.findall(text)]
    asked += [stepask._ORDINALS.get(w.lower(), _MORE_ORDINALS.get(w.lower(), 0)) for w in _ORDINAL.findall(text)]
    outside = [n for n in asked if n not in steps]
    return outside[0] if outside and len(outside) == len(asked) else None


def listing(text: str, steps: dict[int, str], passages: list[dict]) -> str | None:
    """The framework's steps in the KB's own words; for a step it does not have, said first that
    there is no such step and how many there are."""
    para = stepask.listing(steps, passages) or _from_list(steps, passages)
    n = beyond(text, steps)
    if para is not None and n is None and _COUNT_ASKED.search(text) and not _states_count(para, len(steps)):
        return f"The framework has {len(steps)} steps. {para}"
    if para is None or n is None:
        return para
    return f"There is no Step {n}: the framework has {len(steps)} steps. {para}"


# "how many steps are there?", "the number of stages": the count is the answer, not only the list
_COUNT_ASKED = re.compile(r"\bhow\s+many\b|\bnumber\s+of\s+(?:steps|stages|phases)\b|\bcount\s+(?:the\s+)?(?:steps|stages|phases)\b", re.I)
_NUMBER_WORDS = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen".split()


def _states_count(para: str, n: int) -> bool:
    """Does the listing already say how many steps there are ("ten planning decisions", "the 8 stages"),
    apart from numbering them ("Step 8:") and citing them ("[stages#8]")?"""
    rest = re.sub(r"\b(?:step|stage|phase)\s*#?\s*\d+|\[[^\]]*\]", " ", para, flags=re.I)
    word = _NUMBER_WORDS[n] if n < len(_NUMBER_WORDS) else str(n)
    return re.search(rf"\b(?:{n}|{word})\b", rest, re.I) is not None


def _from_list(steps: dict[int, str], passages: list[dict]) -> str | None:
    """The listing of a framework the KB writes as a numbered list (:mod:`~agent.offline.steplist`), when
    every step's item is in the passages."""
    items = {n: steplist.item(n, name, passages) for n, name in steps.items()}
    if not steps or not all(items.values()):
        return None
    return "The steps, in order: " + "; ".join(f"Step {n}: {steps[n]} [{items[n][0]}]" for n in sorted(steps)) + "."


def asks_listing(text: str, steps: dict[int, str], names: set[str] = frozenset()) -> bool:
    """Is the framework's whole sequence the answer: asked for, or a step it does not have asked about?"""
    return stepask.asks_all_steps(text, steps, names) or beyond(text, steps) is not None
