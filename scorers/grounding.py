"""``grounding`` — share of the answer's claim sentences that the evidence supports.

Offline and deterministic. Evidence = the passages retrieved so far plus the tool results the
model saw; the KB's benchmark tables (``mpa.tables``) are structured evidence.

* **Numeric claims** are checked by value, never by shared words. A number is supported when
  it (1) repeats a number the user gave (spelled-out ones too: "twenty thousand"), (2) is the
  result of correct arithmetic shown in the answer over supported operands (the unit factors 100
  and 1,000 of "× 1,000" per-thousand pricing are definitions, supported as operands), (3) — when the sentence names a vertical and a metric that the
  benchmark tables cover — *is* one of that row's figures (a range equal to the Typical or the
  Low–High cells, a single value equal to one cell; lying inside the band is not support — an
  invented "3.1x" between 0.4x and 4x is still invented), or (4) when no table row applies,
  appears in the retrieved text — a range *as a range* (the same two ends joined in one
  passage: two separate mentions of "$14" do not make "$14–$14"). A figure labelled with a
  table cell ("low: $12", "$20 at the Low end", "typical: $8–$14") must be that very cell of the
  row the sentence (or the conversation) names. "Equal" means within the rounding the claim's digits state
  ("909" for 909.09, "about 1.8 million" for 1,812,000) and with the *same* unit: "$", "%", a
  multiple ("x" = ":1"), a time unit, or none ("30–55 days" never matches "$30–$55", nor does a
  unit-less "30–55"). A vertical/metric pair the tables do not
  cover has no KB number, so a number asserted for it is unsupported (invented). If the sentence
  names only the metric (or only the vertical), the other comes from the conversation when it
  names exactly one.
* **Wrong shown arithmetic** ("a ÷ b = c" with c not the result, beyond display rounding)
  makes its sentence unsupported, whatever else it says.
* **Other sentences** are supported by lexical entailment: ≥ 60 % of their stemmed content words
  occur in one evidence passage (and, for sentences of ≥ 5 content words, ≥ 20 % of their
  content-word bigrams too).
* Not claims: questions, citation-only lines, abstention statements, conversational meta text
  ("I can help you plan…", "If you share your numbers…") with no number but the user's own, sentences explicitly
  labelled as the assistant's own estimate (counted in metadata), and short courtesy lines
  (< 3 content words).
* Echoes count as unsupported claims: a sentence that restates the user's message (≥ 70 % of its
  content words are the user's, no new figure) is supported by the question, not the evidence.
"""
from __future__ import annotations

from functools import lru_cache

from mpa.record import plain_copy
from mpa.vocabulary import VOCABULARY
from scorers.base import ProjectScorer, View, trim
from scorers.citations import ESTIMATE_LABEL
from scorers.claims import (Figure, cell_label, claim_figures, derived_results, figure_pairs, in_text,
                            is_derived, is_echo, operand_known, range_in_text, same_unit, user_figure,
                            value_matches)
from scorers.kbtables import benchmark_table, kb_dir, metrics_in, nearest_before, verticals_in
from scorers.support_context import stated_of_something_else
from scorers.text import abstains, content_words, equations, is_meta, is_unit_factor, sentences, strip_citations

WORD_COVERAGE = 0.6
BIGRAM_COVERAGE = 0.2


@lru_cache(maxsize=4096)
def _passage_words(text: str) -> tuple[frozenset, frozenset]:
    w = content_words(text)
    return frozenset(w), frozenset(zip(w, w[1:]))


def _row_check(row, f: Figure, pair: tuple[Figure, Figure] | None) -> bool:
    """A claimed figure is supported by a table row only when it *is* one of the row's figures
    (within its stated rounding) with the row's unit: a range must be the Typical or the
    Low–High pair, a single value one of the four cells. Lying inside the band is not support."""
    if row is None or not same_unit(f.unit, row.unit or ""):
        return False
    lo, hi, tlo, thi = row.low_value, row.high_value, row.typical_low, row.typical_high
    if pair is not None:
        a, b = pair
        return any(x is not None and y is not None and value_matches(a, x) and value_matches(b, y)
                   for x, y in ((tlo, thi), (lo, hi)))
    return any(c is not None and value_matches(f, c) for c in (lo, hi, tlo, thi))


def _cell_check(row, cell: str, f: Figure, pair: tuple[Figure, Figure] | None) -> bool:
    """A figure labelled with a cell ("low: $12", "$20 at the Low end") must *be* that cell."""
    if not same_unit(f.unit, row.unit or ""):
        return False
    if cell == "typical":
        if pair is not None:
            return None not in (row.typical_low, row.typical_high) and value_matches(pair[0], row.typical_low) \
                and value_matches(pair[1], row.typical_high)
        return any(c is not None and value_matches(f, c) for c in (row.typical_low, row.typical_high))
    c = row.low_value if cell == "low" else row.high_value
    return c is not None and value_matches(f, c)


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
        """Claim-by-claim verdicts; ``_unsupported`` holds every unsupported sentence. A fresh copy
        on every call (callers pop from it): the verdicts are memoised (:func:`_verdicts`), because
        the abstention and expected-answer scorers analyse the same answer grounding scores."""
        table = benchmark_table()
        context = " ".join([view.question, *view.user_texts])
        exp_b = view.expect.get("benchmarks") or []
        ctx_vertical = _single(verticals_in(context) + [b.get("vertical") for b in exp_b if b.get("vertical")])
        ctx_metric = _single(metrics_in(view.question) + [b.get("metric") for b in exp_b if b.get("metric")])
        args = (_Same(table), str(kb_dir()), ctx_vertical, ctx_metric, tuple(view.user_texts or [view.question]),
                tuple(e for e in view.evidence if e), view.response)
        try:
            hash(args)
        except TypeError:  # not text (a hand-written record): nothing to key a memo on
            return _analyse(*args)
        return plain_copy(_verdicts(*args))


class _Same:
    """A key part equal only to the same object (the KB's table: recomputed means changed); it holds
    the object, so its id is not reused while the key lives."""

    __slots__ = ("obj",)

    def __init__(self, obj):
        self.obj = obj

    def __hash__(self) -> int:
        return id(self.obj)

    def __eq__(self, other) -> bool:
        return isinstance(other, _Same) and other.obj is self.obj


def _analyse(table_ref: _Same, path: str, ctx_vertical, ctx_metric, user_texts: tuple, evidence_texts: tuple,
             response: str) -> dict:
    """The verdicts on ``response``: a function of exactly these arguments (``path`` is the KB
    directory :func:`scorers.kbtables.nearest_before` reads its names from)."""
    table = table_ref.obj
    users = list(user_texts)
    evidence = list(evidence_texts)

    def supported_number(f: Figure, sent: str, pair, context: frozenset = frozenset()) -> tuple[bool, str]:
        if user_figure(f, users):
            return True, "user"
        if is_unit_factor(f.value, f.unit, sent):
            return True, "unit conversion factor of shown arithmetic"
        v = nearest_before(sent, f.start, "verticals")
        m = nearest_before(sent, f.start, "metrics")
        cell = cell_label(sent, f, pair)
        row = table.get((v or ctx_vertical, m or ctx_metric)) if (v or ctx_vertical) and (m or ctx_metric) else None
        if cell and row is not None:  # "low: $12" states the Low cell: it must be that cell
            ok = _cell_check(row, cell, f, pair)
            return ok, (f"the {cell} cell of {row.vertical} {row.metric}" if ok else
                        f"labelled {cell} but {row.vertical} {row.metric} {cell} is "
                        f"{ {'low': row.low, 'high': row.high}.get(cell, row.typical)}")
        if v and m and (m in VOCABULARY["metrics"] or table.get((v, m)) is not None):
            # (a metric the KB names in its own words is checked by its row when the claim's vertical finds one;
            # else, as before the scorers read such names, by the retrieved text)
            row = table.get((v, m))
            if row is None:
                return False, f"no KB benchmark for {v} {m}"
            if _row_check(row, f, pair):
                return True, f"table {v} {m}"
            return False, f"outside {v} {m} range: not one of its figures ({row.low}, {row.typical}, {row.high})"
        if any(in_text(f, p) for p in evidence):
            if not any(in_text(f, p) and not stated_of_something_else(f, p, context, pair is None, response, sent)
                       for p in evidence):
                return False, "stated in the evidence only of something else"
            if pair is None or any(range_in_text(pair, p) for p in evidence):
                return True, "retrieved text"
        if row is not None and _row_check(row, f, pair):
            return True, f"table {row.vertical} {row.metric} (from context)"
        if pair is not None and any(in_text(f, p) for p in evidence):
            return False, "its ends are in the evidence, but not as this range"
        return False, "not in evidence with this unit"

    # arithmetic shown in the answer: results are supported when their operands are
    derived = derived_results(response, lambda o: operand_known(o, users + evidence), "\n".join(users))

    claims, unsupported, estimates, supported_n = 0, [], 0, 0
    # what this turn talks about: a figure the evidence states only of something else is not supported
    said = frozenset(content_words(strip_citations(response)))
    for s in sentences(response):
        clean = strip_citations(s)
        if s.rstrip().endswith("?") or s.lstrip().startswith("#"):
            continue
        if ESTIMATE_LABEL.search(s):
            estimates += 1
            continue
        nums = [f for f in claim_figures(s) if not is_derived(f, derived)]
        if (abstains(s) or is_meta(clean)) and not [f for f in nums if not user_figure(f, users)]:
            continue  # about the exchange, restating at most the user's own figures
        words = content_words(clean)
        if not nums and len(set(words)) < 3:
            continue
        claims += 1
        if is_echo(clean, users, evidence):
            unsupported.append({"sentence": s[:200], "echo": "restates the user's message"})
            continue
        wrong = [e.text for e in equations(clean) if not e.correct]
        if wrong:  # "a ÷ b = c" with c wrong: the sentence asserts a false result
            unsupported.append({"sentence": s[:200], "wrong_arithmetic": wrong[:3]})
            continue
        if nums:
            pairs = figure_pairs(clean)
            context = said
            bad = []
            for f in nums:
                ok, why = supported_number(f, clean, pairs.get((f.start, f.end)), context)
                if not ok:
                    bad.append(f"{f.text}{' [' + f.unit + ']' if f.unit else ''} ({why})")
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


_verdicts = lru_cache(maxsize=256)(_analyse)  # keyed on every argument: callers get a copy (plain_copy)


grounding = Grounding()
