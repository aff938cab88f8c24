"""``grounding`` — share of the answer's claim sentences that the evidence supports.

Offline and deterministic. Evidence = the passages retrieved so far plus the tool results the
model saw; the KB's benchmark tables (``mpa.tables``) are structured evidence.

* **Numeric claims** are checked by value, never by shared words. A number is supported when
  it (1) repeats a number the user gave, (2) is the result of correct arithmetic shown in the
  answer over supported operands, (3) — when the sentence names a vertical and a metric that the
  benchmark tables cover — lies in that row's range (a single value within Low…High; a range
  equal to the Typical or Low–High cells or nested in Typical), or (4) when no table row applies,
  appears in the retrieved text with a compatible unit. A vertical/metric pair the tables do not
  cover has no KB number, so a number asserted for it is unsupported (invented). If the sentence
  names only the metric (or only the vertical), the other comes from the conversation when it
  names exactly one.
* **Other sentences** are supported by lexical entailment: ≥ 60 % of their stemmed content words
  occur in one evidence passage (and, for sentences of ≥ 5 content words, ≥ 20 % of their
  content-word bigrams too).
* Not claims: questions, citation-only lines, abstention statements, conversational meta text
  ("I can help you plan…", "If you share your numbers…") without numbers, sentences explicitly
  labelled as the assistant's own estimate (counted in metadata), and short courtesy lines
  (< 3 content words).
"""
from __future__ import annotations

from functools import lru_cache

from scorers.base import ProjectScorer, View, trim
from scorers.citations import ESTIMATE_LABEL
from scorers.kbtables import benchmark_table, nearest_before, verticals_in, metrics_in
from scorers.text import (Num, abstains, claim_numbers, close, content_words, equations, is_meta, numbers, ranges,
                          sentences, strip_citations, units_compatible)

WORD_COVERAGE = 0.6
BIGRAM_COVERAGE = 0.2


@lru_cache(maxsize=4096)
def _passage_numbers(text: str) -> tuple[tuple[float, str], ...]:
    return tuple((n.value, n.unit) for n in numbers(text))


@lru_cache(maxsize=4096)
def _passage_words(text: str) -> tuple[frozenset, frozenset]:
    w = content_words(text)
    return frozenset(w), frozenset(zip(w, w[1:]))


def _in_evidence(n: Num, evidence: list[str]) -> bool:
    for p in evidence:
        for v, u in _passage_numbers(p):
            if close(v, n.value, 0.005) and units_compatible(u, n.unit):
                return True
    return False


def _row_check(row, n: Num, pair: tuple[Num, Num] | None) -> bool:
    if row is None:
        return False
    if not units_compatible(n.unit, row.unit):
        return False
    lo, hi = row.low_value, row.high_value
    tlo, thi = row.typical_low, row.typical_high
    if pair is not None:
        a, b = pair[0].value, pair[1].value
        if tlo is not None and close(a, tlo) and close(b, thi):
            return True
        if lo is not None and hi is not None and close(a, lo) and close(b, hi):
            return True
        return tlo is not None and tlo * 0.99 <= a <= b <= thi * 1.01
    if lo is None or hi is None:
        return tlo is not None and tlo * 0.99 <= n.value <= thi * 1.01
    return lo * 0.99 <= n.value <= hi * 1.01


def _single(values: list[str]) -> str | None:
    return values[0] if len(set(values)) == 1 else None


class Grounding(ProjectScorer):
    name = "grounding"

    def score_view(self, view: View):
        if not view.response.strip():
            return None, {"reason": "empty answer"}
        det = self.analyse(view)
        full = det.pop("_unsupported")
        det["unsupported"] = trim(full)
        if det["claims"] == 0:
            return None, {"reason": "no claim sentence", **det}
        return det["supported"] / det["claims"], det

    def analyse(self, view: View) -> dict:
        """Claim-by-claim verdicts; ``_unsupported`` holds every unsupported sentence."""
        table = benchmark_table()
        context = " ".join([view.question, *view.user_texts])
        exp_b = view.expect.get("benchmarks") or []
        ctx_vertical = _single(verticals_in(context) + [b.get("vertical") for b in exp_b if b.get("vertical")])
        ctx_metric = _single(metrics_in(view.question) + [b.get("metric") for b in exp_b if b.get("metric")])
        users = [n.value for t in view.user_texts or [view.question] for n in numbers(t)]
        evidence = [e for e in view.evidence if e]

        def supported_number(n: Num, sent: str, pair) -> tuple[bool, str]:
            if any(close(n.value, u, 0.005) for u in users):
                return True, "user"
            v = nearest_before(sent, n.start, "verticals")
            m = nearest_before(sent, n.start, "metrics")
            if v and m:
                row = table.get((v, m))
                if row is None:
                    return False, f"no KB benchmark for {v} {m}"
                return (True, f"table {v} {m}") if _row_check(row, n, pair) else (False, f"outside {v} {m} range")
            if _in_evidence(n, evidence):
                return True, "retrieved text"
            v = v or ctx_vertical
            m = m or ctx_metric
            if v and m and (v, m) in table and _row_check(table[(v, m)], n, pair):
                return True, f"table {v} {m} (from context)"
            return False, "not in evidence"

        # arithmetic shown in the answer: results are supported when their operands are
        text = strip_citations(view.response)
        derived: list[float] = []
        eqs = [e for e in equations(text) if e.correct]
        for _ in range(2):  # one level of chaining
            for e in eqs:
                ok = all(any(close(o, u, 0.005) for u in users + derived) or _in_evidence(
                    Num(o, "", 0, 0, str(o), str(o)), evidence) or _in_evidence(Num(o * 100, "", 0, 0, "", ""), evidence)
                    for o in e.operands)
                if ok and e.shown_result not in derived:
                    derived.append(e.shown_result)

        claims, unsupported, estimates, supported_n = 0, [], 0, 0
        for s in sentences(view.response):
            clean = strip_citations(s)
            if s.rstrip().endswith("?") or s.lstrip().startswith("#"):
                continue
            if ESTIMATE_LABEL.search(s):
                estimates += 1
                continue
            nums = [n for n in claim_numbers(s) if not any(close(n.value, d, 0.005) or close(n.value / 100, d, 0.005)
                                                           for d in derived)]
            if (abstains(s) or is_meta(clean)) and not nums:
                continue
            words = content_words(clean)
            if not nums and len(set(words)) < 3:
                continue
            claims += 1
            if nums:
                # claim_numbers parses the same cleaned text: match range pairs by position
                rng = {(a.start, a.end): (a, b) for a, b in ranges(clean)}
                rng.update({(b.start, b.end): (a, b) for a, b in ranges(clean)})
                bad = []
                for n in nums:
                    ok, why = supported_number(n, clean, rng.get((n.start, n.end)))
                    if not ok:
                        bad.append(f"{n.text} ({why})")
                if bad:
                    unsupported.append({"sentence": s[:200], "unsupported_numbers": bad})
                else:
                    supported_n += 1
                continue
            ws = set(words)
            bigrams = set(zip(words, words[1:]))
            best = 0.0
            for p in evidence:
                pw, pb = _passage_words(p)
                cov = len(ws & pw) / len(ws)
                bcov = len(bigrams & pb) / len(bigrams) if bigrams else 1.0
                if len(ws) < 5:
                    bcov = 1.0
                if bcov >= BIGRAM_COVERAGE:
                    best = max(best, cov)
            if best >= WORD_COVERAGE:
                supported_n += 1
            else:
                unsupported.append({"sentence": s[:200], "best_word_coverage": round(best, 2)})
        det = {"claims": claims, "supported": supported_n, "_unsupported": unsupported,
               "evidence_passages": len(evidence)}
        if estimates:
            det["labelled_estimates_not_scored"] = estimates
        return det


grounding = Grounding()
