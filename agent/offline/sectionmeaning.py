"""Sections compared by meaning with the question, for the reader's close calls and its misses.

Why a module apart from :mod:`~agent.offline.reader`: the reader ranks sections by the question's
words; this is the one other signal it uses, with its own calibrated thresholds (MiniLM cosine via
:mod:`~agent.offline.semantic`), and it keeps the reader under 400 lines. A section here is a list
of the reader's answer units (anything with ``rank``, ``heading``, ``path`` and ``text``).
"""
from __future__ import annotations

from typing import Callable, Protocol

from agent.offline import captionrows
from agent.offline.asking import marked
from agent.offline.semantic import similarities


class Unit(Protocol):
    """What a section is made of here: one of the reader's answer units."""
    rank: int
    heading: str
    path: str
    text: str


# sections within reach of the best word-overlap score, compared by meaning (at most CONTENDERS of them). Why 0.6: a
# paraphrase shares few words with the section that answers it, so that section often trails the word-winner by a
# quarter or more. Measured for transfer (h_reach30): developed on one half of the seen sets, checked on the other
# (holdout11/12, dev20–23) — 0.8 → 0.6: that half +1 turn, the first half unchanged, no turn lost anywhere; 0.5 and
# 0.6 with 8 contenders the same; 0.7 changed no verdict, 0.3 (8 contenders) lost a turn of the first half; the
# meaning weight 1.0 → 1.5 changed no verdict, 1.25 beside 0.6 lost a turn of the first half
CONTENDER, CONTENDERS = 0.6, 5
MEANING_WEIGHT = 1.0    # meaning similarity (0–1) × best word-overlap score: added to each section's score
# the least similarity in meaning (all-MiniLM-L6-v2 cosine, question vs a section's outline and text) at which a
# section the words missed answers anyway: on the seen sets, sections that answer scored 0.45–0.58 and the
# nearest section to a question the KB cannot answer (weather, tax rates, stocks, a prompt injection) at most 0.31
NEAREST = 0.42
# below this similarity a section the words matched is unrelated to a question off the plain domain (a stem
# collision); such standalone questions scored 0.24–0.53 when their section answered them, 0.16 when it did not
UNRELATED = 0.2
# the section the blend would quote is a collision when its similarity is below FAR while another clears NEAREST by GAP or more
FAR, GAP = 0.3, 0.15
# …unless the words prefer it by far: a section sharing less than this share of its word score is no rival (a rule stated
# in technical terms — "posterior interval", "prior" — is far in meaning from a plain question the words still match)
OUTWORDED = 0.5


def _meaning(question: str, sections: dict[tuple[int, str], list[Unit]], by: dict) -> dict[tuple[int, str], float]:
    """The similarity in meaning to the question (outline and body, encoded) of the sections whose
    word-overlap score is within reach of the best one (at least CONTENDER × the best, at most
    CONTENDERS of them: the others cannot win, and encoding costs ~20 ms a section) — empty when
    the encoder is not installed (:mod:`~agent.offline.semantic`)."""
    top = max(by.values(), default=0.0)
    keys = sorted((k for k in by if by[k] > 0 and by[k] >= CONTENDER * top), key=lambda k: -by[k])[:CONTENDERS]
    if len(keys) < 2:
        return {}
    sims = similarities(marked(question), [_section_text(sections[k]) for k in keys])
    return dict(zip(keys, sims)) if sims else {}


def nearest(question: str, cands: list[Unit], illustration: Callable[[list[Unit]], bool] | None = None
            ) -> tuple[int, str] | None:
    """The section of ``cands`` nearest in meaning to the question, when the similarity clears
    NEAREST — for a question that shares no words with the section answering it ("does the next
    thousand dollars get what the first one got?" and "Diminishing returns"). Only ever asked after
    the names and codes the question asks about were found in the passages; None without an encoder.
    When the nearest is an ``illustration`` (a worked example), the rule it illustrates — a section of
    the same passage that is no illustration — answers instead if it clears NEAREST itself: an
    example is near a question because it restates the rule's topic with figures. Likewise a document's overview
    yields to the nearest section that is none, if it clears NEAREST: the overview names every topic it covers."""
    sections = _sections(cands)
    sims = _sims(question, sections)
    if not sims:
        return None
    best = max(sims, key=lambda k: (sims[k], -k[0]))
    if illustration and illustration(sections[best]):
        rules = [k for k in sims if k[0] == best[0] and not illustration(sections[k]) and sims[k] >= NEAREST]
        best = max(rules, key=lambda k: sims[k]) if rules else best
    if all(u.overview for u in sections[best]):  # a document's overview ("This guide covers … the 70/20/10 rule …") is
        told = [k for k in sims if not all(u.overview for u in sections[k]) and sims[k] >= NEAREST]  # near every question
        best = max(told, key=lambda k: (sims[k], -k[0])) if told else best  # on its topic: a section that tells it answers
    return best if sims[best] >= NEAREST else None


def unrelated(question: str, cands: list[Unit]) -> bool:
    """Is every section of ``cands`` unrelated in meaning to the question (below UNRELATED)? False
    without an encoder: the words alone then decide, as before."""
    near = _section_sims(question, cands)
    return bool(near) and near[1] < UNRELATED


def similarity(question: str, section: list[Unit]) -> float | None:
    """One section's similarity in meaning to the question (outline and body), None without an encoder."""
    sims = similarities(marked(question), [_section_text(section)])
    return sims[0] if sims else None


def _sections(cands: list[Unit]) -> dict[tuple[int, str], list[Unit]]:
    sections: dict[tuple[int, str], list[Unit]] = {}
    for c in cands:
        sections.setdefault((c.rank, c.heading), []).append(c)
    return sections


def _sims(question: str, sections: dict[tuple[int, str], list[Unit]]) -> dict[tuple[int, str], float]:
    """Each section's similarity in meaning to the question (empty without an encoder)."""
    keys = list(sections)
    sims = similarities(marked(question), [_section_text(sections[k]) for k in keys]) if keys else None
    return dict(zip(keys, sims)) if sims else {}


def _section_sims(question: str, cands: list[Unit]) -> tuple[tuple[int, str], float] | None:
    """(the section of ``cands`` nearest in meaning to the question, its similarity), or None."""
    sims = _sims(question, _sections(cands))
    if not sims:
        return None
    best = max(sims, key=lambda k: (sims[k], -k[0]))
    return best, sims[best]


def _section_text(us: list[Unit]) -> str:
    # a plain-text list joined to its caption (:mod:`~agent.offline.captionrows`) left out: figures by label are no
    # prose to compare meanings with, and the thresholds above were measured on sections read without them
    return f"{us[0].path}: " + " ".join(c.text for c in us if not captionrows.parts(c.text))


def blend(question: str, sections: dict, by: dict) -> dict:
    """Word-overlap section scores with the meaning similarity added at MEANING_WEIGHT of the best
    score: a corrector among the sections the words already found close to the best — and, when the
    section it would quote is far in meaning from the question (below FAR) while another section the
    words found clears NEAREST by a clear margin (GAP), that one: the shared words were a collision
    ("flights" of travellers in sections about flighting a budget)."""
    meaning = _meaning(question, sections, by)
    top = max(by.values(), default=0.0)
    out = {k: (s + MEANING_WEIGHT * top * meaning[k]) if k in meaning else s for k, s in by.items()}
    best = max(out, key=lambda k: (out[k], -k[0]), default=None)  # the section the blend would quote
    if best is None or top <= 0:
        return out
    # sections the words found, bar a document's overview ("This guide covers …"): near every question on its topic
    found = {k: us for k, us in sections.items() if by[k] > 0 and not all(getattr(u, "overview", False) for u in us)}
    sims = _sims(question, found) if meaning.get(best, 0.0) < FAR else {}
    if sims and sims.get(best, 1.0) < FAR:
        near = max(sims, key=lambda k: (sims[k], -k[0]))
        if sims[near] >= NEAREST and sims[near] - sims[best] >= GAP and by[near] >= OUTWORDED * by[best]:
            out[near] = max(out.values()) + 1.0
    return out
