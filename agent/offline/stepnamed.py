"""A question about something inside one step that names the step by number or ordinal ("what should I do in leg 5
of the route?", "how is the ceiling set in the second phase?").

Why a module: such a question shares its step's number with an overview that mentions every step ("nothing is booked
before Leg 5 is signed") and its topic words with other steps' sections (the ceiling is used again in the last step), so
the reader, left to the whole search, quotes the wrong section. Its answer comes from the named step's own passages: the
sentences there that match the question, else the step's own section from its start (the step is what was asked about).
"""
from __future__ import annotations

from agent.offline import stepask
from mpa.steps import guide_step


def step(text: str, steps: dict[int, str]) -> int | None:
    """The one step ``text`` names by number or ordinal, not relative to another step, else None."""
    said = stepask.spelled(text)
    if not (stepask._NUMBERED.search(said) or stepask._ORDINAL.search(said)):
        return None
    ref = stepask.asked_step(text, steps)
    return ref[0] if ref and ref[1] is None else None


def section(text: str, steps: dict[int, str], ranked: list[dict], max_sentences: int, outcomes: list) -> str | None:
    """The named step's own section, introduced by its name, when the reader found no sentence of it matching the
    question — None when no step is named or no passage is headed with it."""
    n = step(text, steps)
    return stepask.summary(n, steps, (n, None), ranked, max_sentences, outcomes) if n is not None else None


def of_step(n: int, ranked: list[dict]) -> list[dict]:
    """The passages about step ``n``, in their order: headed with it, or from its own guide document (every section of
    ``step-02-….md`` is step 2's, whatever its own heading) — a passage that merely mentions the step is left out."""
    return [p for p in ranked if stepask._headed(p, n) or guide_step(p.get("source", "")) == n]
