"""``citation_support`` — every cited claim is supported by the chunk(s) it cites.

``citation_validity`` only asks whether a cited id was retrieved; a valid id cited for a claim
it does not support (an id from another file, a hedge with a citation stuck on) passed it. This
scorer reads the cited chunks' text (the record's ``retrieved`` passages, else the
``<passage id=…>`` blocks of the tool results) and checks each *claim unit*:

* a sentence that carries a citation is its own unit; a citation-only sentence ("Based on
  Knowledge Base [id].", "[id]") belongs to the sentence before it in the paragraph, and a
  citation-only paragraph to the paragraph before it. A citation with nothing before it is
  attached to no claim and fails. A citation that opens a quote with a colon ("Based on Knowledge
  Base [id]: …") also claims the paragraph's next sentences that cite nothing themselves (up to one
  a citation-only sentence claims; the answer's own shown working excepted): a figure changed there
  is claimed from [id], even when another retrieved chunk happens to hold it.
* a unit is supported when (1) every figure it claims (``scorers.claims.claim_figures``: value
  *and* unit, within the rounding the digits state) appears in the cited text, is a number the
  user gave, or is the result of correct arithmetic shown in the answer over numbers from the
  cited text or the user, or is a unit factor of that arithmetic (the 1,000 of "÷ CPM × 1,000", the
  100 of "× 100": definitions no chunk states, as in grounding); and (2) at least ``WORD_SUPPORT`` of its distinct stemmed content words
  occur in the cited text (with the cited chunks' file name and section header); and (3) it is
  not a word-for-word quote (≥ 6 words) of another retrieved chunk that no cited chunk contains
  (misattribution: real content, wrong source). A unit with no figure and fewer than three content words, a hedge
  ("it depends on your business") or an echo of the user's message supports nothing and fails,
  citation or not.

Score = supported units / cited units; not applicable when the answer cites no chunk id.
Deterministic; the per-unit verdicts are in the metadata.
"""
from __future__ import annotations

import re
from functools import lru_cache

from scorers.base import ProjectScorer, View, trim
from scorers.claims import (claim_figures, derived_results, figure_pairs, in_text, is_derived, is_echo, is_hedge,
                            operand_known, user_figure, word_tokens)
from scorers.support_context import stated_of_something_else
from scorers.text import cited_ids, content_words, is_unit_factor, paragraphs, sentences, strip_citations

# Calibrated on the offline baseline's 212 cited claims (all ≥ 0.56 with the chunk they cite, 90 % ≥ 0.79)
# against the same sentences with each citation swapped for another retrieved chunk of a
# different file (median 0.08; 3 % reach 0.5, and most of those carry figures the swapped chunk
# lacks). See tests/test_citation_support.py and the calibration rows.
WORD_SUPPORT = 0.5
_QUOTE_OPEN = re.compile(r"#\d+\]\s*:\s")  # a citation that opens a quote with a colon
MIN_WORDS = 3
# a citation closing a lead-in with a colon after it ("… (Based on Knowledge Base [id]):"): what follows is what
# it attributes ("Sources: [id]", the colon before the id, attributes the id itself and stays as it was)
_LEADS_IN = re.compile(r"#\d+\][\s)]*:\s*$")


@lru_cache(maxsize=4096)
def _words(text: str) -> frozenset:
    return frozenset(content_words(text))


def _citation_only(sentence: str) -> bool:
    clean = strip_citations(sentence)
    return len(set(content_words(clean))) < MIN_WORDS and not claim_figures(clean)


def claim_units(answer: str) -> list[tuple[list[str], str | None]]:
    """(cited ids, the claim text they are attached to — None when attached to nothing)."""
    units: list[tuple[list[str], str | None]] = []
    pars = paragraphs(answer)
    for pi, par in enumerate(pars):
        sents = sentences(par)
        for si, s in enumerate(sents):
            ids = cited_ids(s)
            if not ids:
                continue
            if not _citation_only(s):
                # "Based on Knowledge Base [id]: …" introduces a quote: the paragraph's next sentences that cite
                # nothing are part of it, so their figures are claimed from [id] too
                quote = [s] + (_quote_rest(sents[si + 1:]) if _QUOTE_OPEN.search(s) else [])
                units.append((ids, " ".join(quote)))
                continue
            after = _next_claim(sents[si + 1:] + [x for p in pars[pi + 1:pi + 2] for x in sentences(p)])
            if after is not None and _LEADS_IN.search(s):
                # "Here is the working (Based on Knowledge Base [id]):" announces what follows: the colon
                # points forward, so the citation claims the next sentence, not the one before
                units.append((ids, after))
                continue
            prev = next((sents[j] for j in range(si - 1, -1, -1) if not _citation_only(sents[j])), None)
            if prev is None and si == 0 and pi > 0:
                prev = pars[pi - 1]
            units.append((ids, prev))
    return units


def _next_claim(after: list[str]) -> str | None:
    return next((x for x in after if not _citation_only(x)), None)


def _quote_rest(rest: list[str]) -> list[str]:
    """The sentences after a colon-opened quote that still belong to it: up to the next sentence that
    cites (or that a citation-only sentence claims), and never the answer's own shown working ("=")."""
    out = []
    for i, x in enumerate(rest):
        if cited_ids(x) or (i + 1 < len(rest) and _citation_only(rest[i + 1])):
            break
        if "=" not in x:
            out.append(x)
    return out


class CitationSupport(ProjectScorer):
    name = "citation_support"

    def score_view(self, view: View):
        units = claim_units(view.response or "")
        if not units:
            return None, {"reason": "no chunk id cited"}
        users = list(view.user_texts or [view.question])
        verdicts, supported = [], 0
        for ids, text in units:
            ok, why = self.check(ids, text, view, users)
            supported += ok
            if not ok:
                verdicts.append({"cites": ids, "claim": (text or "")[:200], "why": why})
        det = {"cited_claims": len(units), "supported": supported, "unsupported": trim(verdicts),
               "word_support_threshold": WORD_SUPPORT}
        return supported / len(units), det

    @staticmethod
    def check(ids: list[str], text: str | None, view: View, users: list[str]) -> tuple[bool, str]:
        if text is None:
            return False, "citation attached to no claim"
        known = [view.passages[i] for i in dict.fromkeys(ids) if i in view.passages]
        if not known:
            return False, "cited chunk text not available (never retrieved in this conversation)"
        cited = "\n".join(known)
        # where the chunk sits (file and section header) is part of what it says: a table chunk
        # split from its header still belongs to "benchmarks-financial-services › Benchmark table"
        located = cited + "\n" + " ".join(
            f"{view.sources.get(i, '').rsplit('.', 1)[0].replace('-', ' ')} {' '.join(view.sections.get(i) or [])}" for i in ids)
        clean = strip_citations(text)
        if is_hedge(clean):
            return False, "a hedge: commits to nothing the chunk could support"
        if is_echo(clean, users):
            return False, "restates the user's message"
        words = set(content_words(clean))
        figs = claim_figures(clean)
        if not figs and len(words) < MIN_WORDS:
            return False, "no claim for the citation to support"
        derived = derived_results(view.response, lambda o: operand_known(o, users + [cited]), "\n".join(users))
        context = frozenset(content_words(strip_citations(view.response or "")))  # what the answer talks about
        ends = figure_pairs(clean)
        missing = [f"{f.text}{' [' + f.unit + ']' if f.unit else ''}" for f in figs
                   if not ((in_text(f, cited) and not stated_of_something_else(
                       f, cited, context, (f.start, f.end) not in ends, view.response or "", clean))
                           or user_figure(f, users) or is_derived(f, derived) or is_unit_factor(f.value, f.unit, clean))]
        if missing:
            return False, f"figures not in the cited chunk(s): {', '.join(missing[:6])}"
        if words:
            cov = len(words & _words(located)) / len(words)
            if cov < WORD_SUPPORT:
                return False, f"only {cov:.0%} of its content words are in the cited chunk(s)"
        source = quoted_from(clean, known, {i: t for i, t in view.passages.items() if i not in ids})
        if source:
            return False, f"quotes retrieved chunk {source} word for word but cites {', '.join(ids)}"
        return True, "supported"


QUOTE_MIN_TOKENS = 6


@lru_cache(maxsize=8192)
def _token_line(text: str) -> str:
    return " " + " ".join(word_tokens(text)) + " "


def quoted_from(claim: str, cited: list[str], others: dict[str, str]) -> str | None:
    """The id of another retrieved chunk that the claim (≥ 6 words) quotes word for word when no
    cited chunk contains it — a misattribution: the content is real, the citation points to the
    wrong passage. (The honest baseline's verbatim quotes are all in the chunk they cite.) A claim that joins
    sentences the chunk writes apart ("A franchise brand advertises to two different people. Never blend them …")
    is read sentence by sentence too: each is a quote of its own."""
    for part in [claim] + (sentences(claim) if len(sentences(claim)) > 1 else []):
        line = _token_line(part)
        if len(line.split()) < QUOTE_MIN_TOKENS or any(line in _token_line(t) for t in cited):
            continue
        if found := next((i for i, t in others.items() if line in _token_line(t)), None):
            return found
    return None


citation_support = CitationSupport()
