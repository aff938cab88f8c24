"""Citation scorers (DESIGN §6: "Based on Knowledge Base [chunk-id]").

* ``source_citation``   — share of the answer's factual numeric claims that carry a citation
  (in the same sentence, the same paragraph, or a citation-only paragraph right after it).
  Numbers the user supplied, numbers the answer derives with shown arithmetic, and numbers
  explicitly labelled as the assistant's own estimate are not KB claims and need no citation.
  When the expectation says ``must_cite``, an answer with no numeric claim still has to cite.
* ``citation_validity`` — share of cited chunk ids that were actually retrieved earlier in the
  same conversation (this turn included). The phrase without any id is an unverifiable citation.
"""
from __future__ import annotations

import re

from scorers.base import ProjectScorer, View, trim
from scorers.claims import UNIT_FACTORS
from scorers.numwords import spelled_to_digits
from scorers.text import (KB_PHRASE, claim_numbers, close, cited_ids, equations, numbers, paragraphs, sentences,
                          strip_citations)

ESTIMATE_LABEL = re.compile(r"\b(?:my (?:own )?estimate|my rough estimate|my guess|not from the knowledge[- ]base|"
                            r"not (?:a|an) (?:kb|knowledge[- ]base) (?:figure|number|value)|rule-of-thumb guess)\b", re.I)


def user_numbers(texts: list[str]) -> list[float]:
    """Every number the user gave, spelled-out amounts included ("thirty grand", "seventy bucks":
    :mod:`scorers.numwords`, the same reading :func:`scorers.claims.user_figure` uses)."""
    out = []
    for t in texts:
        for n in numbers(spelled_to_digits(t or "")):
            out.append(n.value)
    return out


def is_user_number(value: float, user_vals: list[float]) -> bool:
    return any(close(value, u, rel=0.005) for u in user_vals)


def derived_values(text: str) -> list[float]:
    """Results of correct arithmetic shown in ``text``, and the unit conversion factors (100, 1,000:
    :data:`scorers.claims.UNIT_FACTORS`) it uses as operands — "× 1,000" in CPM working is a
    definition, not a KB claim."""
    eqs = [e for e in equations(text) if e.correct]
    factors = [u for u in UNIT_FACTORS if any(abs(o - u) < 1e-9 for e in eqs for o in e.operands)]
    return [e.shown_result for e in eqs] + factors


def kb_claims(sentence: str, user_vals: list[float], derived: list[float]) -> list[str]:
    """The numeric mentions of ``sentence`` that assert something from the KB."""
    if ESTIMATE_LABEL.search(sentence):
        return []
    out = []
    for n in claim_numbers(sentence):
        if is_user_number(n.value, user_vals):
            continue
        if any(close(n.value, d, rel=0.005) or close(n.value / 100.0, d, rel=0.005) for d in derived):
            continue
        out.append(n.text)
    return out


def _citation_only(par: str) -> bool:
    if not cited_ids(par):
        return False
    rest = re.sub(r"[^A-Za-z]+", " ", strip_citations(par)).split()
    return len(rest) <= 3  # "Sources:", "Based on Knowledge Base [..]"


class SourceCitation(ProjectScorer):
    name = "source_citation"

    def score_view(self, view: View):
        if not view.response.strip():
            return None, {"reason": "empty answer"}
        if view.expect.get("must_abstain"):
            return None, {"reason": "abstention expected: nothing to cite"}
        users = user_numbers(view.user_texts or [view.question])
        derived = derived_values(view.response)
        pars = paragraphs(view.response)
        claims, uncited = 0, []
        for pi, par in enumerate(pars):
            par_cited = bool(cited_ids(par)) or (pi + 1 < len(pars) and _citation_only(pars[pi + 1]))
            for s in sentences(par):
                nums = kb_claims(s, users, derived)
                if not nums:
                    continue
                claims += 1
                if not (cited_ids(s) or par_cited):
                    uncited.append({"sentence": s[:200], "numbers": nums})
        any_cite = bool(cited_ids(view.response))
        must = bool(view.expect.get("must_cite"))
        if claims == 0:
            if must:
                return (1.0 if any_cite else 0.0), {"claims": 0, "must_cite": True, "cited": any_cite}
            return None, {"reason": "no numeric claim from the knowledge base"}
        score = (claims - len(uncited)) / claims
        if must and not any_cite:
            score = 0.0
        return score, {"claims": claims, "uncited": trim(uncited), "must_cite": must}


class CitationValidity(ProjectScorer):
    name = "citation_validity"

    def score_view(self, view: View):
        ids = cited_ids(view.response)
        phrase = bool(KB_PHRASE.search(view.response or ""))
        if not ids and not phrase:
            return None, {"reason": "no citation in the answer"}
        seen = set(view.seen_ids)
        invalid = [i for i in ids if i not in seen]
        bare = 1 if (phrase and not ids) else 0
        total = len(ids) + bare
        score = (len(ids) - len(invalid)) / total
        det = {"cited": trim(ids), "never_retrieved": trim(invalid), "retrieved_so_far": len(seen)}
        if bare:
            det["bare_phrase"] = "'Based on Knowledge Base' without any chunk id"
        return score, det


source_citation = SourceCitation()
citation_validity = CitationValidity()
